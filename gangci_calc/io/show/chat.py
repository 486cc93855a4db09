"""Results for the group chat: ``--format text`` (plain lines that read well in any font) and ``markdown``.

No box drawing and no alignment by spaces: a chat app's proportional font
would break both. One line per player, each with their whole amount.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangci_calc.core.evening.ledger import FeeCollector
from gangci_calc.core.rules import SEATS, Seat
from gangci_calc.io.show.labels import amount_text, person_text, seat_label, seat_name, word
from gangci_calc.io.show.render import outcome_text, rules_line, stakes_text, table_stakes_text

if TYPE_CHECKING:
    from gangci_calc.core.evening.ledger import Person
    from gangci_calc.core.rules import Amount, Hand, Settlement
    from gangci_calc.io.ledger.ledger_tail import LedgerTail
    from gangci_calc.io.load.load import LoadedHand
    from gangci_calc.io.load.load_session import SettledSession


def _who(seat: Seat, lang: str, names: dict[Seat, str], dealer: Seat) -> str:
    label = seat_label(seat, lang, names)
    return word("is_dealer", lang).format(who=label) if seat is dealer else label


def _footer(loaded: LoadedHand, settlement: Settlement, lang: str, explain: bool) -> list[str]:
    lines = [stakes_text(loaded.hand, lang)]
    house = rules_line(loaded.hand.rules, lang)
    if house:
        lines.append(house)
    if settlement.tiles_checked:
        lines.append(word("tiles_checked", lang))
    if explain:
        from gangci_calc.io.show.explain import explain_lines

        lines += ["", *explain_lines(loaded.hand, settlement, lang, loaded.names)]
    return lines


def score_text(loaded: LoadedHand, settlement: Settlement, lang: str, explain: bool) -> str:
    """``gangci score --format text``: the outcome, a line per player, the table's stakes and rules."""
    hand = loaded.hand
    lines = [outcome_text(hand, lang, loaded.names)]
    for seat in hand.seats:
        amount = amount_text(settlement.net[seat], signed=True)
        lines.append(f"{_who(seat, lang, loaded.names, hand.dealer)}: {amount}")
    return "\n".join([*lines, *_footer(loaded, settlement, lang, explain)])


def score_markdown(loaded: LoadedHand, settlement: Settlement, lang: str, explain: bool) -> str:
    """``gangci score --format markdown``: the payout table as a Markdown table."""
    hand = loaded.hand
    win_part, kong_part = settlement.part_net(kong=False), settlement.part_net(kong=True)
    head = [word("seat", lang), word("win", lang), word("kongs", lang), word("net", lang)]
    rows = [f"**{outcome_text(hand, lang, loaded.names)}**", "", "| " + " | ".join(head) + " |", "|---|--:|--:|--:|"]
    for seat in hand.seats:
        cells = [_who(seat, lang, loaded.names, hand.dealer)]
        cells += [amount_text(part[seat], signed=True) for part in (win_part, kong_part, settlement.net)]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join([*rows, "", *_footer(loaded, settlement, lang, explain)])


def _settle_lines(settled: SettledSession, lang: str) -> list[str]:
    from gangci_calc.io.show.render_session import settle_lines

    return [word("settle", lang), *(settle_lines(settled, lang) or [word("nothing", lang)])]


def _standings(settled: SettledSession, lang: str) -> list[tuple[int, str, str]]:
    from gangci_calc.io.show.render_session import person_label, ranked_people

    return [
        (i, person_label(settled, who, lang), amount_text(total, signed=True))
        for i, (who, total) in enumerate(ranked_people(settled), 1)
    ]


def _hand_line(settled: SettledSession, index: int, lang: str) -> str:
    h = settled.hands[index]
    return hand_line(h.hand.number, h.hand.loaded.hand, h.hand.loaded.names, h.settlement.net, lang)


def hand_line(number: int, hand: Hand, names: dict[Seat, str], net: tuple[Amount, ...], lang: str) -> str:
    """``3. 直呲 西←北: 东 老王 -300, 西 张姐 +900, ...``: one hand on one line."""
    from gangci_calc.io.show.render_session import mi_text, short_outcome

    amounts = ", ".join(f"{seat_label(s, lang, names)} {amount_text(net[s], signed=True)}" for s in SEATS if net[s])
    dealer = word("dealer_short", lang).format(seat=seat_name(hand.dealer, lang))
    mi = mi_text(hand, lang)
    return (
        f"{number}. {dealer} {short_outcome(hand, lang)}"
        + (f": {amounts}" if amounts else "")
        + (f" · {mi}" if mi else "")
    )


def standings_lines(settled: SettledSession, lang: str) -> list[str]:
    """The standings as lines: ``总排名``, then ``1. 小李: +1300`` ..."""
    return [word("standings", lang), *(f"{p}. {who}: {amount}" for p, who, amount in _standings(settled, lang))]


def session_header(settled: SettledSession, lang: str) -> list[str]:
    """The chat text's first lines: the table's stakes and 带政策, its house rules and fee (each change from a
    hand on after them), so a reader can check every doubling from the chat alone."""
    from gangci_calc.io.show.render_session import rule_lines

    date = [settled.session.date] if settled.session.date else []
    return [*date, table_stakes_text(settled.session.table.rules, lang), *rule_lines(settled, lang)]


def session_text(settled: SettledSession, lang: str) -> str:
    """``gangci session --format text``: the table, a line per hand, the standings, and who pays whom."""
    from gangci_calc.io.show.render_session import next_lines

    lines = [*session_header(settled, lang), ""]
    lines += [_hand_line(settled, i, lang) for i in range(len(settled.hands))]
    lines += [*next_lines(settled.session, lang), "", *standings_lines(settled, lang)]
    return "\n".join([*lines, "", *_settle_lines(settled, lang)])


def session_markdown(settled: SettledSession, lang: str) -> str:
    """``gangci session --format markdown``: the hands as a list, the standings as a table, the transfers."""
    lines = [*session_header(settled, lang), "", f"**{word('hand', lang)}**", ""]
    lines += [f"- {_hand_line(settled, i, lang)}" for i in range(len(settled.hands))]
    lines += ["", f"**{word('standings', lang)}**", "", f"| # | {word('player', lang)} | {word('net', lang)} |"]
    lines += ["|--:|---|--:|", *(f"| {p} | {who} | {amount} |" for p, who, amount in _standings(settled, lang))]
    settle = _settle_lines(settled, lang)
    return "\n".join([*lines, "", f"**{settle[0]}**", "", *(f"- {line}" for line in settle[1:])])


def long_ledger_text(tail: LedgerTail, path: str, lang: str) -> str:
    """After ``--add`` on a long ledger: the new hand, the standings and the settle-up, not every hand."""
    from gangci_calc.core.evening.transfers import fewest_payments
    from gangci_calc.core.rules import settle
    from gangci_calc.core.rules.payments import from_halves

    def label(person: Person) -> str:
        if isinstance(person, Seat):
            return seat_label(person, lang, None)
        if isinstance(person, FeeCollector):
            return person_text(person, lang)
        seats = next(total.seats for total in tail.people if total.person == person)
        return seat_label(seats[0], lang, {seats[0]: person}) if len(seats) == 1 else person

    lines = [word("long_ledger", lang).format(count=tail.count, file=path)]
    if tail.last is not None:
        lines.append(hand_line(tail.count, tail.last, tail.table.names, settle(tail.last).net, lang))
    people = [(total.person, from_halves(total.halves)) for total in tail.people]
    ranked = sorted(people, key=lambda item: -item[1])
    lines += ["", word("standings", lang)]
    lines += [f"{i}. {label(who)}: {amount_text(amount, signed=True)}" for i, (who, amount) in enumerate(ranked, 1)]
    payments = [
        f"{label(t.payer)} {word('pays', lang)} {label(t.payee)} {amount_text(t.amount)}"
        for t in fewest_payments(people)
    ]
    return "\n".join([*lines, "", word("settle", lang), *(payments or [word("nothing", lang)])])


def wrapped(line: str, width: int, indent: str = "   ") -> str:
    """``line`` in lines of at most ``width`` cells, broken only between its parts (after ``: ``, ``, `` or
    before `` · ``), never inside an amount or a name; a part longer than a line stands alone.

    >>> print(wrapped("3. [庄南] 直呲 西←北: 东 老王 -600, 南 小李 -600, 西 张姐 +3700", 30))
    3. [庄南] 直呲 西←北:
       东 老王 -600, 南 小李 -600,
       西 张姐 +3700
    """
    import re

    from rich.cells import cell_len

    head, *notes = line.split(" · ")  # the 米 notes stay whole
    outcome, colon, amounts = head.partition(": ")
    parts = [outcome + colon, *re.split(r"(?<=, )", amounts), *(" · " + note for note in notes)]
    lines: list[str] = []
    current = ""
    for part in parts:
        if current and cell_len((current + part).rstrip()) > width:
            lines.append(current.rstrip())
            current = indent + part.lstrip()
        else:
            current += part
    lines.append(current.rstrip())
    return "\n".join(lines)
