"""A session for people: the hands with running totals, the standings, and who pays whom."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangci_calc.io.labels import amount_text, seat_label, seat_name, win_label, word
from gangci_calc.io.render import fits, house_line, money
from gangci_calc.rules import SEATS, Hand, Seat

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from gangci_calc.io.load_session import SettledSession


def rule_lines(result: SettledSession, lang: str) -> list[str]:
    """The house rules in force, and from which hand on where they change during the evening."""
    changes: list[tuple[int, str]] = []
    for h in result.hands:
        line = house_line(h.hand.loaded.hand.house, lang)
        if not changes or changes[-1][1] != line:
            changes.append((h.hand.number, line))
    if not changes:
        changes = [(1, house_line(result.session.table.rules.house, lang))]
    if len(changes) == 1:
        return [changes[0][1]] if changes[0][1] else []
    since = "第 {n} 局起 " if lang == "zh" else "from hand {n}: "
    seed = word("seed_rules", lang)
    return [since.format(n=number) + (line or seed) for number, line in changes]


def seat_header(result: SettledSession, seat: Seat, lang: str) -> str:
    """``北 阿强/小赵``: the seat and everyone who sat in it."""
    sat = [h.hand.loaded.names.get(seat) for h in result.hands] or [result.session.table.names.get(seat)]
    people = [name for name in dict.fromkeys(sat) if name]
    return f"{seat_name(seat, lang)} {'/'.join(people)}" if people else seat_label(seat, lang)


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
    return text


def stacked_hands(result: SettledSession, lang: str) -> Text:
    """The hands for a narrow screen: a block per hand, a line per seat with this hand's amount and the total."""
    from rich.text import Text

    text = Text(("牌局" if lang == "zh" else "Hands") + "\n", style="bold")
    for h in result.hands:
        hand = h.hand.loaded.hand
        mark = "*" if h.hand.dealer_overridden else ""
        text.append(f"{h.hand.number} {word('dealer', lang)}{seat_name(hand.dealer, lang)}{mark} ", style="bold")
        text.append(short_outcome(hand, lang) + "\n", style="bold")
        for seat in SEATS:
            text.append(f"  {seat_label(seat, lang, h.hand.loaded.names)} ")
            text.append_text(money(h.settlement.net[seat]))
            text.append(f" / {amount_text(h.running[seat])}\n", style="dim")
    text.append("每格: 本局 / 累计" if lang == "zh" else "each line: this hand / running total", style="dim")
    return text


def session_table(settled: SettledSession, lang: str) -> str:
    """``gangci session``'s ``table`` format."""
    from gangci_calc.io.console import capture

    return capture(*session_view(settled, lang))


def session_view(result: SettledSession, lang: str) -> list[RenderableType]:
    """The hands with running totals, the standings, and who pays whom."""
    from rich.table import Table
    from rich.text import Text

    names = result.session.table.names
    zh = lang == "zh"
    hands = Table(title=("牌局" if zh else "Hands"), title_style="bold", show_footer=True)
    hands.add_column("#", justify="right", footer=word("total", lang))
    hands.add_column(word("dealer", lang))
    hands.add_column(word("win", lang))
    for seat in SEATS:
        hands.add_column(seat_header(result, seat, lang), justify="right", footer=money(result.totals[seat]))
    for h in result.hands:
        hand = h.hand.loaded.hand
        dealer = Text(seat_name(hand.dealer, lang))
        if h.hand.dealer_overridden:
            dealer.append("*", style="bold yellow")
        cells = []
        for seat in SEATS:
            cell = money(h.settlement.net[seat]) if h.settlement.net[seat] else Text("·", style="dim")
            cell.append(f"\n{amount_text(h.running[seat])}", style="dim")
            cells.append(cell)
        number = str(h.hand.number) + ("†" if h.hand.table_changed else "")
        hands.add_row(number, dealer, short_outcome(hand, lang), *cells)
    hands.caption = (
        "每格: 本局 / 累计 · * 庄家由牌桌指定" if zh else "each cell: this hand / running total · * dealer set by hand"
    )
    if any(h.hand.table_changed for h in result.hands):
        hands.caption += " · † 本局起改了起底/规矩/玩家" if zh else " · † stakes, rules or players change here"
    ledger: RenderableType = hands if fits(hands) else stacked_hands(result, lang)
    rules = rule_lines(result, lang)

    standings = Table(title=word("standings", lang), title_style="bold")
    standings.add_column("")
    standings.add_column(word("player", lang))
    standings.add_column(word("net", lang), justify="right")
    ranked = sorted(SEATS, key=lambda s: -result.totals[s])
    for place, seat in enumerate(ranked, 1):
        standings.add_row(str(place), seat_label(seat, lang, names), money(result.totals[seat]))

    settle = Text(word("settle", lang) + "\n", style="bold")
    if not result.transfers:
        settle.append(word("nothing", lang))
    for t in result.transfers:
        line = (
            f"{seat_label(t.payer, lang, names)} {word('pays', lang)} {seat_label(t.payee, lang, names)} "
            f"{amount_text(t.amount)}\n"
        )
        settle.append(line)
    return [ledger, *rules, standings, settle]
