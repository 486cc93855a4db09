"""Rich views of the tile layer: referee verdicts, waits, and the dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangci_calc.core.rules import Seat, Win
from gangci_calc.core.tiles.analysis import Group
from gangci_calc.core.tiles.dice import DiceResult
from gangci_calc.core.tiles.notation import Tile, tile_name, to_text, to_zh
from gangci_calc.io.show.labels import seat_label, seat_name, win_label, word

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from gangci_calc.core.tiles.claims import NextTileWin, TileClaim, Verdict


def _group_tiles(group: Group) -> list[Tile]:
    kind, t = group
    return {"pung": [t] * 3, "chow": [t, t + 1, t + 2], "pair": [t] * 2}[kind]


def arrangement_text(verdict: Verdict, claim: TileClaim, lang: str) -> Text:
    """``[1111m 杠] 222m 333m 44p 56s7s◆`` — the kong boxed, the ci tile marked ◆."""
    from rich.text import Text

    text = Text()
    if verdict.kong is not None:
        kong = tile_name(verdict.kong, lang)
        text.append(f"[{kong}×4 {'杠' if lang == 'zh' else 'kong'}]", style="bold magenta")
        text.append("  ")
    unmarked = verdict.kong is not None  # a gangci win took the ci tile into one of its sets
    for group in sorted(verdict.arrangement, key=lambda g: g[0] == "pair"):  # sets first, the pair last
        for t in _group_tiles(group):
            if unmarked and t == claim.ci:
                unmarked = False
                text.append(tile_name(t, lang) + "◆", style="bold yellow")
            else:
                text.append(tile_name(t, lang))
        text.append("  ")
    for t in claim.pungs:
        if t != claim.win_tile or verdict.win is not Win.XUCI:
            text.append(word("pung_of", lang).format(tile=tile_name(t, lang)) + "  ")
    for t in (*claim.kongs, *claim.concealed_kongs):
        text.append(word("kong_of", lang).format(tile=tile_name(t, lang)) + "  ")
    return text


def check_panel(verdict: Verdict, claim: TileClaim, lang: str, winner: Seat | None, names: dict[Seat, str]) -> str:
    """``gangci check``'s ``table`` format: the verdict in a panel (the winner's name beside his seat)."""
    from gangci_calc.io.show.console import capture

    return capture(verdict_panel(verdict, claim, lang, winner, names))


def verdict_panel(
    verdict: Verdict, claim: TileClaim, lang: str, winner: Seat | None = None, names: dict[Seat, str] | None = None
) -> RenderableType:
    from rich.panel import Panel
    from rich.text import Text

    claimed = win_label(verdict.win, lang)
    who = f"{seat_label(winner, lang, names)} " if winner is not None else ""
    if verdict.holds:
        body = Text()
        if verdict.arrangement:
            body.append_text(arrangement_text(verdict, claim, lang))
            body.append("\n")
        body.append(verdict.reason.text(lang))
        if verdict.kong is not None:
            body.append("\n" + word("ci_tile_is", lang).format(tile=tile_name(claim.ci, lang)))
        title = f"{who}{claimed} {word('holds', lang)}"
        return Panel(body, title=title, border_style="green", expand=False)
    body = Text(verdict.reason.text(lang))
    if verdict.alternatives:
        wins = " / ".join(win_label(w, lang) for w in verdict.alternatives)
        body.append("\n" + word("tiles_make", lang).format(wins=wins), style="bold")
    title = f"{who}{claimed} {word('does_not_hold', lang)}"
    return Panel(body, title=title, border_style="red", expand=False)


def waits_view(claim: TileClaim, hand_waits: list[Tile], wins: list[NextTileWin], lang: str) -> str:
    """The waits, the ci tile marked ◆, and which next tile makes which win."""
    shown = to_zh if lang == "zh" else to_text

    def name(t: Tile) -> str:
        return tile_name(t, lang)

    def said(key: str, **values: object) -> str:
        return word(key, lang).format(**values)

    hand = said("waits_hand", tiles=shown(claim.hand))
    melds = {"waits_pungs": claim.pungs, "waits_kongs": claim.kongs, "waits_concealed_kongs": claim.concealed_kongs}
    hand += "".join(said(key, tiles=shown(tiles)) for key, tiles in melds.items() if tiles)
    marked = " ".join(name(t) + ("◆" if t == claim.ci else "") for t in hand_waits)
    ready = claim.ci in hand_waits
    lines = [
        hand,
        said("waits_ci", tile=name(claim.ci)),
        said("waits_on", tiles=marked or word("not_ready", lang)),
        said("ready_on_ci", answer=word("yes" if ready else "no", lang)),
        "",
    ]
    if not wins:
        lines.append(word("no_next_tile", lang))
    for item in wins:
        verdict, t = item.verdict, name(item.tile)
        robbed = verdict.win is Win.QIANGGANG
        how = said("next_drawn" if item.drawn else "next_robbed" if robbed else "next_discarded", tile=t)
        what = said("next_win", zh=win_label(verdict.win, "zh"), en=win_label(verdict.win, "en"))
        if verdict.kong is not None:
            what += said("next_kong", tile=name(verdict.kong))
        lines.append(f"{how} → {what}")
    return "\n".join(lines)


def dice_view(result: DiceResult, lang: str) -> str:
    """The dealing rule in words, and the owner's wall stack by stack."""
    owner = seat_label(result.wall_owner, lang)
    dealer = seat_label(result.dealer, lang)
    counted = ", ".join(f"{seat_label(s, lang)} {i + 1}" for i, s in enumerate(result.count_path()))
    a, b = result.dice
    lines = [
        word("dice_throw", lang).format(dealer=dealer, a=a, b=b, total=result.total),
        word("dice_count", lang).format(counted=counted, owner=owner),
        word("dice_skip", lang).format(owner=owner, skipped=result.skipped, start=result.start_stack),
        word("dice_ci", lang).format(stack=result.ci_stack),
    ]
    legend = word("dice_legend", lang)
    wall_title = word("dice_wall", lang).format(owner=owner)
    cells = []
    for stack in range(1, result.stacks + 1):
        mark = "◆" if stack == result.ci_stack else "▶" if stack == result.start_stack else "·"
        mark = mark if stack <= result.start_stack else "▮"
        cells.append(mark)
    numbers = "".join(f"{n:<3}" for n in range(1, result.stacks + 1))
    wall = "  ".join(cells)
    lines += ["", wall_title, "  " + wall, "  " + numbers.rstrip(), "  " + legend, ""]
    lines += _table_drawing(result, lang)
    return "\n".join(lines)


def _table_drawing(result: DiceResult, lang: str) -> list[str]:
    """The seats around the table (E bottom, S right, W top, N left, empty at three), the wall marked."""

    def name(seat: Seat) -> str:
        if seat not in result.seats:  # 三人场: nobody sits there
            return ""
        label = seat_name(seat, lang)
        marks = ("★" if seat is result.dealer else "") + ("◆" if seat is result.wall_owner else "")
        return label + marks

    top, right, bottom, left = (name(s) for s in (Seat.W, Seat.S, Seat.E, Seat.N))
    inner = 16
    return [
        " " * 9 + top,
        " " * 4 + "┌" + "─" * inner + "┐",
        f"{left:>3} │" + " " * inner + f"│ {right}",
        " " * 4 + "└" + "─" * inner + "┘",
        " " * 9 + bottom,
        word("dice_table", lang),
    ]
