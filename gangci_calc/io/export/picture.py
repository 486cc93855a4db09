"""The evening (or the season) as a picture for the group chat: laid out here, drawn to PNG by :func:`png_bytes`.

:func:`evening_picture` and :func:`season_picture` are pure: they turn a settled
evening (a club record) into a :class:`Picture`, a list of texts and lines at
their places, in the language asked for. One renderer, :func:`png_bytes`, draws
it with Pillow (the ``[picture]`` extra, imported only there) and a CJK font of
the system's (Debian: fonts-noto-cjk or fonts-wqy-microhei). Every character of
every text is checked against the font before drawing: a missing glyph is an
error naming it, never a tofu box. ``gangci session --picture``, ``gangci
history --picture`` and the page's 分享图片 (``GET /api/picture.png``) all draw
through here, so the terminal and the phones share one drawing.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gangci_calc.core.errors import InputError
from gangci_calc.io.export.chart import COLOURS, Frame, Plot, apart, runs, span, text_width
from gangci_calc.io.show.labels import amount_text, word
from gangci_calc.words import say
from gangci_calc.words.club import PICTURE
from gangci_calc.words.page import PAGE

if TYPE_CHECKING:
    from gangci_calc.core.evening.club import ClubRecord
    from gangci_calc.core.rules import Amount
    from gangci_calc.io.load.load_session import SettledSession

WIDTH = 720  # twice a phone's 360 CSS px: sharp on its screen, small as a file
MARGIN = 32
INK, GREY, UP, DOWN = "#222222", "#777777", "#1a7f37", "#c62828"  # the page's colours (app.css .up / .down)
PAPER = "#f4f1ea"
# Where Debian (and most Linux) keep a CJK face; the first found is used. GANGCI_FONT names another file.
FONT_FILES = (
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc"),
)
SC_FACE = "Noto Sans CJK SC"  # in Noto's collection: the simplified Chinese face (the collection's order varies)


@dataclass(frozen=True)
class Text:
    """A text at ``(x, y)`` (its top; ``anchor`` as Pillow's: ``la`` left, ``ra`` right, ``ma`` middle)."""

    x: float
    y: float
    text: str
    size: int
    colour: str = INK
    anchor: str = "la"
    bold: bool = False


@dataclass(frozen=True)
class Line:
    """A line through ``points``; ``dots``: a dot at each point."""

    points: tuple[tuple[float, float], ...]
    colour: str
    width: int = 3
    dots: bool = False


@dataclass(frozen=True)
class Picture:
    """What is drawn, where; and, as data, the totals and settle-up lines it shows (the tests read them)."""

    width: int
    height: int
    items: tuple[Text | Line, ...]
    totals: tuple[tuple[str, str], ...] = ()
    settle: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=())

    def texts(self) -> list[str]:
        return [item.text for item in self.items if isinstance(item, Text)]


# --- the layout ---------------------------------------------------------------------------------------------------


def evening_picture(settled: SettledSession, lang: str, table: str = "") -> Picture:
    """The evening: its date and table, each person's total (largest first), the settle-up with 已付 marked, the
    chart of the running totals, the house rules in a line."""
    from gangci_calc.io.show.chat import session_header
    from gangci_calc.io.show.render_session import person_label, ranked_people, running_lines, settle_lines

    header = session_header(settled, lang)
    date = settled.session.date or ""
    title = " · ".join(part for part in (PICTURE["title"].text(lang), date, table) if part)
    totals = [(person_label(settled, who, lang), total) for who, total in ranked_people(settled)]
    paid = word("paid", lang)
    settle = [(line, line.endswith(f"· {paid}")) for line in settle_lines(settled, lang)]
    settle = settle or [(PAGE["nothing_to_settle"].text(lang), True)]
    steps = [str(h.hand.number) for h in settled.hands]
    notes = header[1:] if date else header
    return _layout(title, totals, settle, steps, running_lines(settled, lang), notes, lang)


def season_picture(record: ClubRecord, lang: str) -> Picture:
    """The season (``gangci history``): each person's total over its evenings, the transfers still open, the
    chart evening by evening."""
    from gangci_calc.io.show.season import open_line

    dates = [evening.date or str(i) for i, evening in enumerate(record.evenings, 1)]
    span = f"{dates[0]} – {dates[-1]}" if len(dates) > 1 else "".join(dates)
    title = " · ".join(part for part in (PICTURE["season"].text(lang), span) if part)
    totals = [(person.name, person.total) for person in record.people]
    settle = [(open_line(t, lang), False) for t in record.open] or [(word("all_paid", lang), True)]
    lines = [(person.name, list(person.running)) for person in record.people]
    evenings = PICTURE["evenings"].text(lang).format(count=len(record.evenings))
    return _layout(title, totals, settle, [d[5:] if len(d) == 10 else d for d in dates], lines, [evenings], lang)


def _layout(
    title: str,
    totals: Sequence[tuple[str, Amount]],
    settle: Sequence[tuple[str, bool]],
    steps: Sequence[str],
    lines: Sequence[tuple[str, Sequence[Amount | None]]],
    notes: Sequence[str],
    lang: str,
) -> Picture:
    items: list[Text | Line] = []
    y = float(MARGIN)
    items.append(_fitted(MARGIN, y, title, 36, bold=True))
    y += 56
    items.append(Text(MARGIN, y, word("standings", lang), 26, GREY, bold=True))
    y += 42
    for name, total in totals:
        colour = UP if total > 0 else DOWN if total < 0 else INK
        items.append(_fitted(MARGIN, y, name, 32, limit=WIDTH - 2 * MARGIN - 200))
        items.append(Text(WIDTH - MARGIN, y, amount_text(total, signed=True), 32, colour, "ra", bold=True))
        y += 48
    y += 16
    items.append(Text(MARGIN, y, word("settle", lang), 26, GREY, bold=True))
    y += 42
    for line, done in settle:
        items.append(_fitted(MARGIN, y, line, 28, GREY if done else INK))
        y += 42
    if steps:
        y += 16
        chart = _chart(y, steps, lines)
        items += chart
        y += CHART_HEIGHT
    y += 16
    for note in notes:
        for part in _wrapped(note, 22):
            items.append(Text(MARGIN, y, part, 22, GREY))
            y += 32
    height = round(y + MARGIN)
    shown = tuple((name, amount_text(total, signed=True)) for name, total in totals)
    return Picture(WIDTH, height, tuple(items), shown, tuple(line for line, _ in settle), tuple(notes))


def _fitted(x: float, y: float, text: str, size: int, colour: str = INK, *, bold: bool = False, limit: int = 0) -> Text:
    """A text on one line, smaller where it would not fit the picture (never cut)."""
    room = limit or WIDTH - x - MARGIN
    wide = text_width(text) * size
    return Text(x, y, text, max(14, int(size * min(1.0, room / wide))) if wide else size, colour, bold=bold)


def _wrapped(text: str, size: int) -> list[str]:
    """A long line (the house rules) broken where it would leave the picture, at a space where it can."""
    room = (WIDTH - 2 * MARGIN) / size
    out: list[str] = []
    line = ""
    for piece in text.split(" "):
        trial = f"{line} {piece}" if line else piece
        if text_width(trial) <= room or not line:
            line = trial
        else:
            out.append(line)
            line = piece
        while text_width(line) > room:  # one piece longer than the line: cut by width
            cut = next(i for i in range(1, len(line) + 1) if text_width(line[:i]) > room) - 1
            out.append(line[: max(cut, 1)])
            line = line[max(cut, 1) :]
    return [*out, line] if line else out


CHART_HEIGHT = 400
_FRAME = Frame(width=WIDTH - MARGIN, height=CHART_HEIGHT, left=MARGIN + 64, right=200, top=16, bottom=40, font=22)


def _chart(top: float, steps: Sequence[str], lines: Sequence[tuple[str, Sequence[Amount | None]]]) -> list[Text | Line]:
    """Each person's running total over ``steps`` (a gap where they sat out), their name and last value at the
    right, the zero line dashed, a dozen step numbers at most along the bottom."""
    low, high = span(lines)
    ends = [next((v for v in reversed(running) if v is not None), 0) for _, running in lines]
    labels = [f"{name} {amount_text(end, signed=True)}" for (name, _), end in zip(lines, ends, strict=True)]
    widest = max((text_width(label) for label in labels), default=0) * _FRAME.font
    right = int(min(max(_FRAME.right, widest + 16), (WIDTH - MARGIN) / 2))
    frame = Frame(_FRAME.width, _FRAME.height, _FRAME.left, right, _FRAME.top, _FRAME.bottom, _FRAME.font)
    plot = Plot(frame, len(steps), low, high, shift=0)

    def at(i: float, v: Amount) -> tuple[float, float]:
        return round(plot.x(i), 1), round(top + plot.y(v), 1)

    left, bottom = frame.left, top + frame.height - frame.bottom
    items: list[Text | Line] = [
        Line((at(0, 0), at(len(steps), 0)), "#999999", 2),
        Line(((left, top + frame.top), (left, bottom)), "#333333", 2),
    ]
    for value in sorted({low, 0, high}):
        items.append(Text(left - 8, at(0, value)[1] - 12, amount_text(value), 20, GREY, "ra"))
    every = max(1, -(-len(steps) // 8))  # eight labels at most: 20 px figures never run together at 720
    for i, label in enumerate(steps, 1):
        if i == len(steps) or (i % every == 0 and len(steps) - i >= every / 2):  # the last never crowded
            items.append(Text(at(i, 0)[0], bottom + 8, label, 20, GREY, "ma"))
    room = right - 16
    baselines = apart([at(0, end)[1] for end in ends], frame.font * 1.4, top + frame.top, bottom)
    for n, (_, running) in enumerate(lines):
        colour = COLOURS[n % len(COLOURS)]
        for run in runs(running, origin=True):
            items.append(Line(tuple(at(i, v) for i, v in run), colour, 3, dots=len(steps) <= 40))
        size = max(12, int(min(frame.font, room / max(text_width(labels[n]), 1))))
        items.append(Text(plot.x(len(steps)) + 10, baselines[n] - size / 2 - 2, labels[n], size, colour))
    return items


# --- the drawing ------------------------------------------------------------------------------------------------


def png_bytes(picture: Picture, where: str = "--picture") -> bytes:
    """The picture as PNG bytes (a few colours: well under 300 KB); ``where``: what an error names."""
    _pil(where)
    from PIL import Image, ImageDraw

    regular, bold = font_files(where)
    fonts: dict[tuple[int, bool], Any] = {}

    def font(size: int, heavy: bool) -> Any:
        if (size, heavy) not in fonts:
            fonts[size, heavy] = font_face(bold if heavy else regular, size)
        return fonts[size, heavy]

    texts = [item for item in picture.items if isinstance(item, Text)]
    missing = sorted(  # each face asked once for every character it is to draw
        {
            c
            for heavy in (False, True)
            for c in missing_glyphs(font(24, heavy), "".join(t.text for t in texts if t.bold == heavy))
        }
    )
    if missing:
        raise InputError(where, say(PICTURE["glyphs"], chars="".join(missing), font=Path(regular).name))
    canvas = Image.new("RGB", (picture.width, picture.height), PAPER)
    draw = ImageDraw.Draw(canvas)
    for item in picture.items:
        if isinstance(item, Line):
            draw.line(list(item.points), fill=item.colour, width=item.width, joint="curve")
            if item.dots:
                for x, y in item.points:
                    r = item.width + 1
                    draw.ellipse((x - r, y - r, x + r, y + r), fill=item.colour)
        else:
            draw.text(
                (item.x, item.y), item.text, fill=item.colour, font=font(item.size, item.bold), anchor=item.anchor
            )
    out = io.BytesIO()
    canvas.quantize(64, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
    return out.getvalue()


def _pil(where: str) -> Any:
    try:
        from PIL import Image
    except ImportError:
        raise InputError(where, say(PICTURE["needs_pillow"])) from None
    return Image


def font_files(where: str = "--picture") -> tuple[str, str]:
    """The CJK font files drawn with (regular, bold): ``GANGCI_FONT`` if set, else the first of :data:`FONT_FILES`
    on this machine; none: an error naming the Debian packages that give one."""
    given = os.environ.get("GANGCI_FONT")
    if given:
        if not Path(given).is_file():
            raise InputError(where, say(PICTURE["no_cjk_font"]))
        return given, given
    for regular, bold in FONT_FILES:
        if Path(regular).is_file():
            return regular, bold if Path(bold).is_file() else regular
    raise InputError(where, say(PICTURE["no_cjk_font"]))


@cache
def font_face(path: str, size: int) -> Any:
    """The face of ``path`` at ``size``: in a collection, its simplified Chinese face where it has one."""
    from PIL import ImageFont

    for index in range(8):
        try:
            face = ImageFont.truetype(path, size, index=index, layout_engine=ImageFont.Layout.BASIC)
        except OSError:
            break
        if face.getname()[0] == SC_FACE or not path.endswith(".ttc") or "Noto" not in path:
            return face
    return ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.BASIC)


def missing_glyphs(face: Any, text: str) -> set[str]:
    """The characters of ``text`` the font has no glyph for: each drawn alone and compared with what the font
    draws for a character no font has (U+10FFFF: its .notdef box). Spaces draw nothing and are not asked."""
    notdef = _mask(face, "\U0010ffff")
    return {c for c in set(text) if not c.isspace() and _mask(face, c) == notdef}


def _mask(face: Any, char: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(char)
    return mask.size, bytes(mask)
