"""A session for people: the hands with running totals, the standings, and who pays whom."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangci_calc.core.evening.ledger import FeeCollector, collector
from gangci_calc.core.evening.sequence import next_mi
from gangci_calc.core.rules import SEATS, Amount, Hand, Seat
from gangci_calc.io.show.labels import amount_text, person_text, seat_label, seat_name, win_label, word
from gangci_calc.io.show.render import fitted, money, rules_line

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from gangci_calc.core.evening.ledger import Person
    from gangci_calc.core.evening.transfers import Transfer
    from gangci_calc.io.load.load_session import SessionFile, SettledSession


def rule_lines(result: SettledSession, lang: str) -> list[str]:
    """The house rules in force, and from which hand on where they change during the evening."""
    changes: list[tuple[int, str]] = []
    for h in result.hands:
        line = rules_line(h.hand.loaded.hand.rules, lang)
        if not changes or changes[-1][1] != line:
            changes.append((h.hand.number, line))
    if not changes:
        changes = [(1, rules_line(result.session.table.rules, lang))]
    if len(changes) == 1:
        return [changes[0][1]] if changes[0][1] else []
    since = word("since_hand", lang)
    seed = word("seed_rules", lang)
    return [since.format(n=number) + (line or seed) for number, line in changes]


def next_lines(session: SessionFile, lang: str) -> list[str]:
    """A change saved for the next hand (``next:``), before that hand is entered: the table it makes."""
    from gangci_calc.io.show.render import rules_line, table_stakes_text

    if session.upcoming is None:
        return []
    table = session.upcoming.table
    seats = " ".join(seat_label(seat, lang, table.names) for seat in table.names)
    parts = [part for part in (seats, table_stakes_text(table.rules, lang), rules_line(table.rules, lang)) if part]
    return [word("next_change", lang).format(n=len(session.hands) + 1) + " · ".join(parts)]


def seat_header(result: SettledSession, seat: Seat, lang: str) -> str:
    """``北 阿强/小赵``: the seat and everyone who sat in it."""
    sat = [h.hand.loaded.names.get(seat) for h in result.hands] or [result.session.table.names.get(seat)]
    people = [name for name in dict.fromkeys(sat) if name]
    return f"{seat_name(seat, lang)} {'/'.join(people)}" if people else seat_label(seat, lang)


def person_label(result: SettledSession, person: Person, lang: str) -> str:
    """A person in the standings: ``东 老王`` for one who kept a seat, ``老王`` for one who moved."""
    if isinstance(person, Seat):
        return seat_label(person, lang, result.session.table.names if not result.hands else None)
    if isinstance(person, FeeCollector):
        return person_text(person, lang)
    seats = result.seats_of(person)
    return seat_label(seats[0], lang, {seats[0]: person}) if len(seats) == 1 else person


def ranked_people(result: SettledSession) -> list[tuple[Person, Amount]]:
    """The people, best total first (a tie keeps seating order)."""
    return sorted(result.people, key=lambda item: -item[1])


def settle_lines(result: SettledSession, lang: str) -> list[str]:
    """``西 张姐 付给 东 老王 300``: what is still to pay (the settle-up less the payments recorded), then each payment
    recorded, ``· 已付`` after it."""
    return [*(transfer_line(result, t, lang) for t in result.open_transfers()), *paid_lines(result, lang)]


def paid_lines(result: SettledSession, lang: str) -> list[str]:
    """``小李 付给 台费 160 · 已付``: each payment the ledger's ``paid:`` records."""
    return [f"{transfer_line(result, t, lang)} · {word('paid', lang)}" for t, _ in result.payments()]


def transfer_line(result: SettledSession, t: Transfer[Person], lang: str) -> str:
    return f"{person_label(result, t.payer, lang)} {word('pays', lang)} {person_label(result, t.payee, lang)} " + (
        amount_text(t.amount)
    )


def short_outcome(hand: Hand, lang: str) -> str:
    """``直呲 西←北`` / ``direct ci W←N``: who won, and who paid the 2C or fed the pung."""
    outcome = hand.outcome
    text = win_label(outcome.win, lang)

    def seat(s: Seat) -> str:
        return seat_name(s, lang)

    if outcome.winner is not None:
        text += f" {seat(outcome.winner)}"
    if outcome.source is not None:
        text += f"←{seat(outcome.source)}"
    if outcome.bao:  # 包次: the discarder paid every share, a hand people argue about
        text += word("bao_mark", lang)
    return text


def mi_text(hand: Hand, lang: str) -> str:
    """The 米 paid in the hand (``付米: 东 1000``) and held after it (``米: 西2``); empty when there is none."""
    outcome, house = hand.outcome, hand.house
    parts = []
    if house.xiami and outcome.win.is_ci:
        paid = [
            f"{seat_name(s, lang)} {house.xiami * hand.mi[s]}" for s in SEATS if hand.mi[s] and s is not outcome.winner
        ]
        if paid:
            parts.append(f"{word('mi_paid', lang)}: {' '.join(paid)}")
    after = next_mi(house, hand.mi, hand.dealer, outcome.win)
    held = [f"{seat_name(seat, lang)}{after[seat]}" for seat in SEATS if after[seat]]
    if held:
        parts.append(f"{word('mi_held', lang)}: {' '.join(held)}")
    return " · ".join(parts)


def stacked_hands(result: SettledSession, lang: str) -> Text:
    """The hands for a narrow screen: a block per hand, a line per seat with this hand's amount and the total."""
    from rich.text import Text

    text = Text(word("hands", lang) + "\n", style="bold")
    running: dict[Person, Amount] = {}  # per person: a line names a person, who may have changed seats
    for h in result.hands:
        hand = h.hand.loaded.hand
        mark = "*" if h.hand.dealer_overridden else ""
        text.append(f"{h.hand.number} {word('dealer', lang)}{seat_name(hand.dealer, lang)}{mark} ", style="bold")
        text.append(short_outcome(hand, lang) + "\n", style="bold")
        mi = mi_text(hand, lang)
        if mi:
            text.append(f"  {mi}\n", style="dim")
        for seat in hand.seats:
            person: Person = h.hand.loaded.names.get(seat, seat)
            running[person] = running.get(person, 0) + h.settlement.net[seat]
            text.append(f"  {seat_label(seat, lang, h.hand.loaded.names)} ")
            text.append_text(money(h.settlement.net[seat]))
            text.append(f" / {amount_text(running[person])}\n", style="dim")
    text.append(word("each_line", lang), style="dim")
    return text


def session_table(settled: SettledSession, lang: str) -> str:
    """``gangci session``'s ``table`` format."""
    from gangci_calc.io.show.console import capture

    return capture(*session_view(settled, lang))


def session_view(result: SettledSession, lang: str) -> list[RenderableType]:
    """The hands with running totals, the standings, and who pays whom."""
    from rich.table import Table
    from rich.text import Text

    hands = Table(title=word("hands", lang), title_style="bold", show_footer=True)
    hands.add_column("#", justify="right", footer=word("total", lang))
    hands.add_column(word("dealer", lang))
    hands.add_column(word("win", lang))
    for seat in result.seats:
        hands.add_column(seat_header(result, seat, lang), justify="right", footer=money(result.totals[seat]))
    for h in result.hands:
        hand = h.hand.loaded.hand
        dealer = Text(seat_name(hand.dealer, lang))
        if h.hand.dealer_overridden:
            dealer.append("*", style="bold yellow")
        cells = []
        for seat in result.seats:
            cell = money(h.settlement.net[seat]) if h.settlement.net[seat] else Text("·", style="dim")
            cell.append(f"\n{amount_text(h.running[seat])}", style="dim")
            cells.append(cell)
        number = str(h.hand.number) + ("†" if h.hand.table_changed else "")
        outcome = Text(short_outcome(hand, lang))
        mi = mi_text(hand, lang)
        if mi:  # the 米 held after this hand
            outcome.append(f"\n{mi}", style="dim")
        hands.add_row(number, dealer, outcome, *cells)
    hands.caption = word("each_cell", lang)
    if any(h.hand.table_changed for h in result.hands):
        hands.caption += word("table_changes", lang)
    ledger = fitted(hands) or stacked_hands(result, lang)
    rules = rule_lines(result, lang)

    standings = Table(title=word("standings", lang), title_style="bold")
    standings.add_column("")
    standings.add_column(word("player", lang))
    standings.add_column(word("net", lang), justify="right")
    for place, (person, total) in enumerate(ranked_people(result), 1):
        standings.add_row(str(place), person_label(result, person, lang), money(total))

    settle = Text(word("settle", lang) + "\n", style="bold")
    settle.append("\n".join(settle_lines(result, lang)) or word("nothing", lang))
    return [ledger, *rules, standings, settle]


def running_lines(settled: SettledSession, lang: str) -> list[tuple[str, list[Amount | None]]]:
    """Each person's running total after every hand, from the first hand they sat in (the house: its first fee),
    the table fee counted as the standings count it: each hand's from the seats that paid it, to its collector, and
    the evening's fee at the last hand, so every line ends on its person's standing."""
    people: dict[Person, list[Amount | None]] = {who: [] for who, _ in settled.people}
    totals: dict[Person, Amount] = dict.fromkeys(people, 0)
    started: set[Person] = set()
    players = {name for h in settled.hands for name in h.hand.loaded.names.values()}
    for h in settled.hands:
        names = h.hand.loaded.names
        for seat in h.hand.loaded.hand.seats:
            who: Person = names.get(seat, seat)
            if who in totals:
                totals[who] += h.settlement.net[seat] - h.settlement.fees[seat]
                started.add(who)
        if h.settlement.fee_total:
            payee = collector(h.hand.loaded.hand.rules.fee, players)
            totals[payee] = totals.get(payee, 0) + h.settlement.fee_total
        for who, running in people.items():
            running.append(totals[who] if who in started or isinstance(who, FeeCollector) else None)
    for who, total in settled.people:  # the evening's fee (per_evening) is taken at the settle-up
        if people[who] and people[who][-1] is not None:
            people[who][-1] = total
    return [
        (who if isinstance(who, str) else person_label(settled, who, lang), running) for who, running in people.items()
    ]
