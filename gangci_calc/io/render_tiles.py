"""Rich views of the tile layer: referee verdicts, waits, and the dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangci_calc.io.labels import seat_label, seat_name, win_label
from gangci_calc.rules import Seat, Win
from gangci_calc.tiles.analysis import Group
from gangci_calc.tiles.dice import STACKS_PER_WALL, DiceResult
from gangci_calc.tiles.notation import Tile, tile_name, to_text, to_zh

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from gangci_calc.tiles.claims import NextTileWin, TileClaim, Verdict


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
            text.append(f"碰{tile_name(t, lang)}  " if lang == "zh" else f"pung {tile_name(t, lang)}  ")
    for t in (*claim.kongs, *claim.concealed_kongs):
        text.append(f"杠{tile_name(t, lang)}  " if lang == "zh" else f"kong {tile_name(t, lang)}  ")
    return text


def check_panel(verdict: Verdict, claim: TileClaim, lang: str, winner: Seat | None) -> str:
    """``gangci check``'s ``table`` format: the verdict in a panel."""
    from gangci_calc.io.console import capture

    return capture(verdict_panel(verdict, claim, lang, winner))


def verdict_panel(verdict: Verdict, claim: TileClaim, lang: str, winner: Seat | None = None) -> RenderableType:
    from rich.panel import Panel
    from rich.text import Text

    claimed = win_label(verdict.win, lang)
    who = f"{seat_label(winner, lang)} " if winner is not None else ""
    if verdict.holds:
        body = Text()
        if verdict.arrangement:
            body.append_text(arrangement_text(verdict, claim, lang))
            body.append("\n")
        body.append(verdict.reason)
        if verdict.kong is not None:
            body.append(f"\n◆ = {'杠底牌' if lang == 'zh' else 'the ci tile'} {tile_name(claim.ci, lang)}")
        title = f"{who}{claimed} ✓ {'成立' if lang == 'zh' else 'holds'}"
        return Panel(body, title=title, border_style="green", expand=False)
    body = Text(verdict.reason)
    if verdict.alternatives:
        names = " / ".join(win_label(w, lang) for w in verdict.alternatives)
        body.append(f"\n{'这副牌可以是' if lang == 'zh' else 'these tiles make'}: {names}", style="bold")
    title = f"{who}{claimed} ✗ {'不成立' if lang == 'zh' else 'does not hold'}"
    return Panel(body, title=title, border_style="red", expand=False)


def waits_view(claim: TileClaim, hand_waits: list[Tile], wins: list[NextTileWin], lang: str) -> str:
    """The waits, the ci tile marked ◆, and which next tile makes which win."""
    zh = lang == "zh"
    shown = to_zh if zh else to_text

    def name(t: Tile) -> str:
        return tile_name(t, lang)

    hand = ("手牌 " if zh else "hand ") + shown(claim.hand)
    if claim.pungs:
        hand += f"  {'碰' if zh else 'pungs'} {shown(claim.pungs)}"
    marked = " ".join(name(t) + ("◆" if t == claim.ci else "") for t in hand_waits)
    ready = claim.ci in hand_waits
    lines = [
        hand,
        ("杠底牌 " if zh else "ci tile ") + name(claim.ci),
        ("听: " if zh else "waits: ") + (marked or ("不听" if zh else "not ready")),
        ("听杠底牌: " if zh else "ready on the ci tile: ")
        + (("是" if ready else "否") if zh else ("yes" if ready else "no")),
        "",
    ]
    if not wins:
        lines.append("没有牌能胡" if zh else "no next tile wins")
    for item in wins:
        verdict, t = item.verdict, name(item.tile)
        robbed = verdict.win is Win.QIANGGANG
        if zh:
            how = f"摸到 {t}" if item.drawn else f"别家加杠 {t}" if robbed else f"别家打出 {t}"
            what = win_label(verdict.win, "zh") + (f"，杠 {name(verdict.kong)}" if verdict.kong is not None else "")
        else:
            how = f"draw {t}" if item.drawn else f"someone adds {t} to a pung" if robbed else f"someone discards {t}"
            what = f"{win_label(verdict.win, 'zh')} {win_label(verdict.win, 'en')}" + (
                f", kong of {name(verdict.kong)}" if verdict.kong is not None else ""
            )
        lines.append(f"{how} → {what}")
    return "\n".join(lines)


def dice_view(result: DiceResult, lang: str) -> str:
    """The dealing rule in words, and the owner's wall stack by stack."""
    owner = seat_label(result.wall_owner, lang)
    dealer = seat_label(result.dealer, lang)
    counted = ", ".join(f"{seat_label(s, lang)} {i + 1}" for i, s in enumerate(result.count_path()))
    a, b = result.dice
    if lang == "zh":
        lines = [
            f"{dealer}坐庄，掷出 {a} 和 {b}，和为 {result.total}。",
            f"从庄家顺时针数（庄家为1）：{counted} → {owner}。",
            f"从{owner}面前右手边过 {result.skipped} 敦，第 {result.start_stack} 敦起拿牌；",
            f"右手第 {result.ci_stack} 敦上面一张翻开，作为杠底牌（呲牌）。",
        ]
        legend = "◆ 杠底牌   ▶ 起拿   · 跳过"
        wall_title = f"{owner}的牌墙（从右手边数）"
    else:
        lines = [
            f"{dealer} deals and throws {a} and {b}: {result.total}.",
            f"Counting clockwise from the dealer as 1: {counted} → {owner}.",
            f"From {owner}'s right-hand end skip {result.skipped} stacks; dealing starts at stack "
            f"{result.start_stack};",
            f"the top tile of stack {result.ci_stack} is flipped as the ci tile (杠底牌).",
        ]
        legend = "◆ ci tile   ▶ deal starts   · skipped"
        wall_title = f"{owner}'s wall, counted from its right-hand end"
    cells = []
    for stack in range(1, STACKS_PER_WALL + 1):
        mark = "◆" if stack == result.ci_stack else "▶" if stack == result.start_stack else "·"
        mark = mark if stack <= result.start_stack else "▮"
        cells.append(mark)
    numbers = "".join(f"{n:<3}" for n in range(1, STACKS_PER_WALL + 1))
    wall = "  ".join(cells)
    lines += ["", wall_title, "  " + wall, "  " + numbers.rstrip(), "  " + legend, ""]
    lines += _table_drawing(result, lang)
    return "\n".join(lines)


def _table_drawing(result: DiceResult, lang: str) -> list[str]:
    """The four seats around the table (E bottom, S right, W top, N left), the wall marked."""

    def name(seat: Seat) -> str:
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
        ("★ 庄家  ◆ 翻杠底牌的牌墙" if lang == "zh" else "★ dealer  ◆ wall of the ci tile"),
    ]
