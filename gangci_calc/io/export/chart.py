"""``gangci history --chart FILE.svg``: each person's running total, evening by evening, as an SVG drawn here.

Plain SVG text, no library: a line per person with their whole name and final
total at the right, a dot (with its value as a tooltip) at each evening they
played, a gap where they missed one, the zero line, and the evenings' dates
along the bottom. The colours repeat after ten people; the names keep the
lines apart, and the picture widens rather than cut a long one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from html import escape
from typing import TYPE_CHECKING
from unicodedata import east_asian_width

from gangci_calc.io.show.labels import amount_text, word

if TYPE_CHECKING:
    from gangci_calc.core.evening.club import ClubRecord
    from gangci_calc.core.rules import Amount

# the names are Chinese: a CJK face where the viewer has one, whatever the system calls it
FONTS = "'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif"
COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f")


@dataclass(frozen=True)
class Frame:
    """A chart's size and margins: the amounts left, the names right, the steps' labels below."""

    width: int = 720
    height: int = 400
    left: int = 64
    right: int = 150
    top: int = 40
    bottom: int = 56
    font: int = 12


PAGE = Frame(width=360, height=230, left=44, right=92, top=12, bottom=22, font=11)  # the table's page, 360 px wide
SEASON_PAGE = Frame(width=360, height=260, left=44, right=92, top=12, bottom=56, font=11)  # its 赛季 view: dates


def chart_svg(record: ClubRecord, lang: str, frame: Frame | None = None) -> str:
    """The SVG text of the history chart: each line starts at its person's first evening, a gap where they missed
    one; the totals are the standings' (fees included). ``frame``: another size, without the title (the page)."""
    steps = [evening.date or str(i) for i, evening in enumerate(record.evenings, 1)]
    lines = [(person.name, list(person.running)) for person in record.people]
    title = word("chart_title", lang) if frame is None else ""
    return lines_svg(title, steps, lines, frame or Frame(), slanted=True, origin=False)


def lines_svg(
    title: str,
    steps: Sequence[str],
    lines: Sequence[tuple[str, Sequence[Amount | None]]],
    frame: Frame,
    *,
    slanted: bool,
    origin: bool = True,
) -> str:
    """One line per person over ``steps``, a point at each step they have a value for (``None``: a gap), their
    whole name and last value at the right; ``origin``: a line that has a value at the first step starts from 0
    before it; ``slanted``: the steps' labels turned, for long ones (dates). The picture widens for long names."""
    low, high = span(lines)
    ends = [next((v for v in reversed(running) if v is not None), 0) for _, running in lines]
    labels = [f"{name} {amount_text(end, signed=True)}" for (name, _), end in zip(lines, ends, strict=True)]
    wider = max(0, round(max(map(text_width, labels), default=0) * frame.font) + 12 - frame.right)
    f = replace(frame, width=frame.width + wider, right=frame.right + wider)  # the plot keeps its size
    # without a 0 before the first step, the steps sit in the middle of their slots
    plot = Plot(f, len(steps), low, high, shift=0 if origin else 0.5)
    parts = [*_axes(plot, title), *_step_labels(plot, steps, slanted)]
    baselines = apart([plot.y(end) + 4 for end in ends], f.font * 1.5, f.top + f.font, f.height - 4)
    for n, (name, running) in enumerate(lines):
        colour = COLOURS[n % len(COLOURS)]
        parts.append(f'<g data-name="{escape(name)}" fill="{colour}" stroke="{colour}">')
        parts += _line_parts(name, running, steps, plot.x, plot.y, origin=origin)
        at = plot.x(plot.count + plot.shift) + 6
        parts.append(f'<text x="{at:.1f}" y="{baselines[n]:.1f}" stroke="none">{escape(labels[n])}</text>')
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def span(lines: Sequence[tuple[str, Sequence[Amount | None]]]) -> tuple[Amount, Amount]:
    """The lowest and highest amount drawn, 0 among them (a flat chart: 1 either side)."""
    values = [0, *(v for _, running in lines for v in running if v is not None)]
    low, high = min(values), max(values)
    return (low - 1, high + 1) if low == high else (low, high)


@dataclass(frozen=True)
class Plot:
    """Where a step and an amount are drawn in the frame ``f``."""

    f: Frame
    count: int  # the steps
    low: Amount
    high: Amount
    shift: float

    @property
    def width(self) -> int:
        return self.f.width - self.f.left - self.f.right

    @property
    def height(self) -> int:
        return self.f.height - self.f.top - self.f.bottom

    def x(self, i: float) -> float:
        return self.f.left + self.width * (i - self.shift) / max(self.count, 1)

    def y(self, v: Amount) -> float:
        return self.f.top + self.height * float(self.high - v) / float(self.high - self.low)


def _axes(plot: Plot, title: str) -> list[str]:
    """The picture's opening, its title, the zero line and the amounts' axis with its labels."""
    f, y = plot.f, plot.y
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{f.width}" height="{f.height}" '
        f'viewBox="0 0 {f.width} {f.height}" font-family="{FONTS}" font-size="{f.font}">',
        f'<rect width="{f.width}" height="{f.height}" fill="white"/>',
        f'<line x1="{f.left}" y1="{y(0):.1f}" x2="{f.left + plot.width}" y2="{y(0):.1f}" stroke="#999" '
        'stroke-dasharray="4 3"/>',
        f'<line x1="{f.left}" y1="{f.top}" x2="{f.left}" y2="{f.top + plot.height}" stroke="#333"/>',
    ]
    if title:
        parts.insert(2, f'<text x="{f.left}" y="22" font-size="15" font-weight="bold">{escape(title)}</text>')
    for value in sorted({plot.low, 0, plot.high}):
        parts.append(
            f'<text x="{f.left - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{escape(amount_text(value))}</text>'
        )
    return parts


def _step_labels(plot: Plot, steps: Sequence[str], slanted: bool) -> list[str]:
    """The steps' labels along the bottom: at most a dozen, the last always."""
    every = max(1, plot.count // 12)
    if not slanted:  # side by side: as many as fit apart (a 320 px phone shows the page's chart at 0.9)
        room = (max(map(text_width, steps), default=1) + 0.8) * plot.f.font
        every = max(1, -(-plot.count // max(1, min(12, int(plot.width / room)))))
    below = plot.f.top + plot.height
    anchor = "end" if slanted else "middle"
    parts = []
    for i, label in enumerate(steps, 1):
        if i != plot.count and (i % every or (not slanted and plot.count - i <= every / 2)):
            continue  # the last always, and none crowding it
        at = f"{plot.x(i):.1f}"
        turn = f' transform="rotate(-35 {at} {below + 18})"' if slanted else ""
        parts.append(f'<text x="{at}" y="{below + 16}" text-anchor="{anchor}"{turn}>{escape(label)}</text>')
    return parts


def _line_parts(
    name: str,
    running: Sequence[Amount | None],
    steps: Sequence[str],
    x: Callable[[float], float],
    y: Callable[[Amount], float],
    *,
    origin: bool,
) -> list[str]:
    """One person's stretches of line, and a dot at each step they have a value for (its value as a tooltip)."""
    parts = []
    for run in runs(running, origin=origin):
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in run)
        parts.append(f'<polyline points="{points}" fill="none" stroke-width="2"/>')
    for i, v in enumerate(running, 1):
        if v is not None:
            tip = escape(f"{name} {steps[i - 1]} {amount_text(v, signed=True)}")
            parts.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="2.5"><title>{tip}</title></circle>')
    return parts


def runs(running: Sequence[Amount | None], *, origin: bool) -> list[list[tuple[int, Amount]]]:
    """The unbroken stretches of a line, as (step, value); ``origin``: one from the first step starts at 0 (step 0).

    >>> runs([None, 5, 7, None, 9], origin=True)
    [[(2, 5), (3, 7)], [(5, 9)]]
    >>> runs([5, None], origin=True)
    [[(0, 0), (1, 5)]]
    """
    found: list[list[tuple[int, Amount]]] = []
    before: Amount | None = 0 if origin else None
    for i, v in enumerate(running, 1):
        if v is not None:
            if before is None:
                found.append([])
            elif i == 1:
                found.append([(0, 0)])
            found[-1].append((i, v))
        before = v
    return found


def text_width(text: str) -> float:
    """A label's width in ems, near enough: a wide (CJK) character one em, anything else about 0.6."""
    return sum(1.0 if east_asian_width(c) in "WF" else 0.6 for c in text)


def apart(wanted: list[float], gap: float, low: float, high: float) -> list[float]:
    """The labels' baselines as near ``wanted`` as they can be, each ``gap`` from the next, within the picture:
    labels that would overlap form a group, centred where its members want to be on average.

    >>> apart([100.0, 100.0, 101.0], 10, 0, 400)
    [90.3, 100.3, 110.3]
    """
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    groups: list[list[float]] = []  # [first baseline, members, sum of their wishes]
    for i in order:
        groups.append([wanted[i], 1, wanted[i]])
        while len(groups) > 1 and groups[-2][0] + groups[-2][1] * gap > groups[-1][0]:
            last = groups.pop()
            merged = groups[-1]
            merged[1] += last[1]
            merged[2] += last[2]
            merged[0] = merged[2] / merged[1] - (merged[1] - 1) * gap / 2
    placed = [group[0] + k * gap for group in groups for k in range(int(group[1]))]
    if placed:
        placed = [p + max(0.0, low - placed[0]) for p in placed]
        placed = [p + min(0.0, high - placed[-1]) for p in placed]
    result = [0.0] * len(wanted)
    for rank, i in enumerate(order):
        result[i] = round(placed[rank], 1)
    return result
