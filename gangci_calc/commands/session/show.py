"""The work behind ``gangci session``: load the ledger, then check, settle (:mod:`gangci_calc.commands.service`)
and render it."""

from __future__ import annotations

from dataclasses import replace

from gangci_calc.commands.service import settle_evening
from gangci_calc.core.errors import InputError
from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.io.export.formats import SESSION
from gangci_calc.io.load.load_session import SettledSession, load_session
from gangci_calc.words import messages as m
from gangci_calc.words import say


def session_output(
    path: str,
    fmt: str,
    lang: str,
    base: HouseRules = SEED_RULES,
    *,
    explain: bool = False,
    date: str | None = None,
    picture: str | None = None,
) -> str:
    """A whole session file, settled and rendered; a ledger is settled whole or not at all.

    With ``explain``, every hand's ``--explain`` lines follow, in order (formats for people only). ``date``: the
    evening's date for a ledger that gives none (one that gives another is refused).
    """
    form = SESSION[fmt]
    if explain and not form.explain:
        shown = ", ".join(name for name, f in SESSION.items() if f.explain)
        raise InputError("--explain", say(m.EXPLAIN_NOT_IN_FORMAT, fmt=fmt, formats=shown))
    session = load_session(path, base)
    if date is not None and session.date not in (None, date):
        raise InputError("--date", say(m.DATE_DISAGREES, given=date, file=path, date=session.date))
    settled = settle_evening(replace(session, date=session.date or date))
    if picture is not None:
        draw_evening(settled, path, picture, lang)
    text = form.renderer()(settled, lang)
    return text + "\n" + explained(settled, lang) if explain else text


def draw_evening(settled: SettledSession, path: str, out: str, lang: str) -> None:
    """``--picture OUT.png``: the evening drawn (never over the ledger read)."""
    from pathlib import Path

    from gangci_calc.io.export.picture import evening_picture, png_bytes
    from gangci_calc.io.ledger.not_an_input import refuse_input_as_output

    refuse_input_as_output("--picture", out, [path])
    write_png(out, png_bytes(evening_picture(settled, lang, Path(path).stem)))


def write_png(target: str, data: bytes) -> None:
    """``data`` into the file ``target``, whole or not at all (made first, so an error writes nothing)."""
    from typing import TextIO, cast

    from gangci_calc.io.ledger.atomic import atomic_file

    with atomic_file(target) as handle:
        cast("TextIO", handle).buffer.write(data)


def explained(settled: SettledSession, lang: str) -> str:
    """Every hand's formulas under its line: what ``gangci score --explain`` shows, hand by hand."""
    from gangci_calc.io.show.chat import hand_line
    from gangci_calc.io.show.explain import explain_lines

    lines: list[str] = []
    for h in settled.hands:
        loaded = h.hand.loaded
        lines += ["", hand_line(h.hand.number, loaded.hand, loaded.names, h.settlement.net, lang)]
        lines += [f"  {line}" for line in explain_lines(loaded.hand, h.settlement, lang, loaded.names)]
    return "\n".join(lines).lstrip("\n") + "\n"
