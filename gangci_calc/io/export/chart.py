"""``gangci history --chart FILE.svg``: each person's running total, evening by evening, as an SVG drawn here.

Plain SVG text, no library: a line per person with their name and final total
at its end, the zero line, and the evenings' dates along the bottom. The
colours repeat after ten people; the names keep the lines apart.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from gangci_calc.io.show.labels import amount_text, word

if TYPE_CHECKING:
    from gangci_calc.club import ClubRecord
    from gangci_calc.rules import Amount

WIDTH, HEIGHT = 720, 400
LEFT, RIGHT, TOP, BOTTOM = 64, 150, 40, 56  # margins: the amounts left, the names right, the dates below
# the names are Chinese: a CJK face where the viewer has one, whatever the system calls it
FONTS = "'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif"
COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f")


def chart_svg(record: ClubRecord, lang: str) -> str:
    """The SVG text of the chart (it starts at 0, before the first evening)."""
    count = len(record.evenings)
    values = [0, *(v for p in record.people for v in p.running)]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + plot_w * i / max(count, 1)

    def y(v: Amount) -> float:
        return TOP + plot_h * float(high - v) / float(high - low)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' font-family="{FONTS}" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{LEFT}" y="22" font-size="15" font-weight="bold">{escape(word("chart_title", lang))}</text>',
        f'<line x1="{LEFT}" y1="{y(0):.1f}" x2="{LEFT + plot_w}" y2="{y(0):.1f}" stroke="#999" '
        'stroke-dasharray="4 3"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="#333"/>',
    ]
    for value in sorted({low, 0, high}):
        parts.append(
            f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{escape(amount_text(value))}</text>'
        )
    for i, evening in enumerate(record.evenings, 1):
        label = escape(evening.date or str(i))
        parts.append(
            f'<text x="{x(i):.1f}" y="{TOP + plot_h + 18}" text-anchor="end" '
            f'transform="rotate(-35 {x(i):.1f} {TOP + plot_h + 18})">{label}</text>'
        )
    for n, person in enumerate(record.people):
        colour = COLOURS[n % len(COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate([0, *person.running]))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>')
        end = person.running[-1] if person.running else 0
        name = escape(f"{person.name} {amount_text(end, signed=True)}")
        parts.append(f'<text x="{x(count) + 6:.1f}" y="{y(end) + 4:.1f}" fill="{colour}">{name}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
