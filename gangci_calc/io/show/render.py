"""Rich tables for people: one hand's payout table (``gangci score``'s ``table`` format)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangci_calc.core.rules import Amount, Bets, Hand, HouseRules, Seat, Settlement, TableRules
from gangci_calc.core.rules.addons import BET_NAMES
from gangci_calc.io.show.labels import amount_text, fee_text, house_text, seat_label, seat_name, win_label, word

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from gangci_calc.io.load.load import LoadedHand


def money(amount: Amount) -> Text:
    """Signed amount, green for a gain, red for a loss."""
    from rich.text import Text

    style = "green" if amount > 0 else "red" if amount < 0 else "dim"
    return Text(amount_text(amount, signed=True), style=style)


def bets_text(bets: Bets, lang: str) -> str:
    """``飘1 抵2`` / ``piao 1, di 2``; empty when nothing is set."""
    counts = [(word(name, lang), getattr(bets, name)) for name in BET_NAMES if getattr(bets, name)]
    return word("list_sep", lang).join(word("count_of", lang).format(name=name, count=count) for name, count in counts)


def house_line(house: HouseRules, lang: str) -> str:
    """``规矩: 包次 · 直呲分摊 平摊`` for every house rule not the seed's; empty at a seed-rules table."""
    text = house_text(house, lang)
    return f"{word('house', lang)}: {text}" if text else ""


def rules_line(rules: TableRules, lang: str) -> str:
    """The house rules and the table fee, where the table has either: ``规矩: 包次 · 台费: 每胡 50``."""
    return " · ".join(part for part in (house_line(rules.house, lang), fee_text(rules.fee, lang)) if part)


def stakes_text(hand: Hand, lang: str) -> str:
    """The stakes and 带政策, under the payout table (the house rules follow it: :func:`house_line`)."""
    return table_stakes_text(hand.rules, lang)


def table_stakes_text(rules: TableRules, lang: str) -> str:
    """A table's stakes and 带政策: ``杠底1000 炸弹底2000 杠呲底6000 · 带政策``."""
    s = rules.stakes
    policy = word("policy_on" if rules.policy else "policy_off", lang)
    text = word("stakes_line", lang).format(gang=s.gang, bomb=s.bomb, ci=s.ci)
    if s.dianpao:
        text += word("stakes_dianpao", lang).format(dianpao=s.dianpao)
    return f"{text} · {policy}"


def outcome_text(hand: Hand, lang: str, names: dict[Seat, str] | None = None) -> str:
    """``直呲: 西 张姐 胡, 南 小李 点炮`` / ``direct ci: W wins, S discarded``."""
    outcome = hand.outcome
    text = win_label(outcome.win, lang)
    if outcome.winner is None:
        return text
    text += f": {seat_label(outcome.winner, lang, names)} {word('wins', lang)}"
    if outcome.source is not None:
        role = word(f"source_{outcome.win.value}", lang)
        text += f", {seat_label(outcome.source, lang, names)} {role}"
        if outcome.bao:
            text += word("bao_mark", lang)
    return text


def payout_table(hand: Hand, settlement: Settlement, lang: str, names: dict[Seat, str] | None = None) -> Table:
    from rich.table import Table

    table = Table(
        title=outcome_text(hand, lang, names),
        caption=stakes_text(hand, lang),
        show_footer=True,
        title_style="bold",
    )
    win_part, kong_part = settlement.part_net(kong=False), settlement.part_net(kong=True)
    table.add_column(word("seat", lang), footer=word("total", lang))
    if names:  # a column of blanks says nothing
        table.add_column(word("player", lang))
    table.add_column(word("dealer", lang), justify="center")
    if hand.policy:
        table.add_column(word("bets", lang))
    table.add_column(word("win", lang), justify="right", footer=money(sum(win_part)))
    table.add_column(word("kongs", lang), justify="right", footer=money(sum(kong_part)))
    table.add_column(word("net", lang), justify="right", footer=money(sum(settlement.net)))
    fee = hand.rules.fee.on
    if fee:  # what each paid the table fee, beside the net between players
        table.add_column(word("fee", lang), justify="right", footer=money(-settlement.fee_total))
    for seat in hand.seats:
        row: list[RenderableType] = [seat_name(seat, lang)]
        if names:
            row.append(names.get(seat, ""))
        row.append("★" if seat is hand.dealer else "")
        if hand.policy:
            row.append(bets_text(hand.bets[seat], lang) or word("none", lang))
        row += [money(win_part[seat]), money(kong_part[seat]), money(settlement.net[seat])]
        if fee:
            row.append(money(-settlement.fees[seat]))
        table.add_row(*row)
    return table


def fitted(renderable: RenderableType) -> RenderableType | None:
    """The renderable laid out once at its natural width, ready to print, when that fits the screen without
    shrinking a column (and cutting an amount); ``None`` when it does not. (One layout: measuring first and
    then printing would lay a table out twice.)"""
    from rich.segment import Segment, Segments

    from gangci_calc.io.show.console import out

    console = out()
    lines = console.render_lines(renderable, console.options.update(width=1000, max_width=1000), pad=False)
    if any(Segment.get_line_length(line) > console.width for line in lines):
        return None
    return Segments([segment for line in lines for segment in (*line, Segment.line())])


def stacked_payouts(hand: Hand, settlement: Settlement, lang: str, names: dict[Seat, str] | None = None) -> Text:
    """The payout table for a narrow screen: a block per player, every amount whole."""
    from rich.text import Text

    win_part, kong_part = settlement.part_net(kong=False), settlement.part_net(kong=True)
    text = Text(outcome_text(hand, lang, names) + "\n", style="bold")
    for seat in hand.seats:
        text.append(seat_label(seat, lang, names) + (" ★" if seat is hand.dealer else ""))
        if hand.policy and bets_text(hand.bets[seat], lang):
            text.append(f"  {bets_text(hand.bets[seat], lang)}")
        text.append(f"\n  {word('net', lang)} ")
        text.append_text(money(settlement.net[seat]))
        text.append(f" · {word('win', lang)} {amount_text(win_part[seat], signed=True)}")
        text.append(f" · {word('kongs', lang)} {amount_text(kong_part[seat], signed=True)}")
        if settlement.fees[seat]:
            text.append(f"\n  {word('fee', lang)} {amount_text(-settlement.fees[seat], signed=True)}")
        text.append("\n")
    text.append(stakes_text(hand, lang), style="dim")
    return text


def score_table(loaded: LoadedHand, settlement: Settlement, lang: str, explain: bool) -> str:
    """The payout table (stacked on a narrow screen), the house rules in force, and with ``explain`` the formulas."""
    from gangci_calc.io.show.console import capture

    table = fitted(payout_table(loaded.hand, settlement, lang, loaded.names))
    if table is None:
        table = stacked_payouts(loaded.hand, settlement, lang, loaded.names)
    renderables: list[object] = [table]
    house = rules_line(loaded.hand.rules, lang)
    if house:  # a table's own rules and fee are never silent
        renderables.append(house)
    if settlement.tiles_checked:
        renderables.append(word("tiles_checked", lang))
    if explain:
        from gangci_calc.io.show.explain import explain_lines

        renderables.append("\n".join(explain_lines(loaded.hand, settlement, lang, loaded.names)))
    return capture(*renderables)
