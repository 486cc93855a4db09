"""The work behind ``gangci history``: every ledger read and settled (the settle service), then added up.

An evening's date is its header's ``date:``; a ledger without one goes by the
day its file was last changed, for ``--since`` / ``--until`` and the order of
the evenings (oldest first).
"""

from __future__ import annotations

import datetime
from pathlib import Path

from gangci_calc.commands.service import settle_evening
from gangci_calc.core.errors import InputError, file_text
from gangci_calc.core.evening.club import ClubRecord, EveningPlayed, club_record
from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.io.export.formats import HISTORY
from gangci_calc.io.load.fields import option_date
from gangci_calc.io.load.load_session import load_session
from gangci_calc.words import messages as m
from gangci_calc.words import say

LEDGER_SUFFIXES = (".yaml", ".yml")


def ledger_paths(paths: list[str]) -> list[Path]:
    """The files given, and the ``.yaml`` ledgers under each folder given, in a stable order: each file once by
    its identity (device and inode), however many names reach it (a symlink, a hard link, a folder and itself)."""
    found: dict[tuple[int, int], Path] = {}
    for given in paths:
        path = Path(given)
        if path.is_dir():
            for file in sorted(p for p in path.rglob("*") if p.suffix in LEDGER_SUFFIXES and p.is_file()):
                _once(found, file)
        elif path.exists():
            _once(found, path)
        else:
            raise InputError(given, say(m.NO_SUCH_FILE))
    return list(found.values())


def _once(found: dict[tuple[int, int], Path], path: Path) -> None:
    info = path.stat()
    found.setdefault((info.st_dev, info.st_ino), path)


def read_window(text: str | None, option: str) -> str | None:
    """``--since`` / ``--until`` as an ISO date, or a located error."""
    return option_date(text, option)


def club_of(paths: list[str], since: str | None, until: str | None, base: HouseRules = SEED_RULES) -> ClubRecord:
    """The club's record over the ledgers at ``paths``, evenings outside the window left out."""
    return _club(ledger_paths(paths), since, until, base)


def _club(ledgers: list[Path], since: str | None, until: str | None, base: HouseRules) -> ClubRecord:
    evenings = []
    for path in ledgers:
        session = load_session(path, base)
        date = session.date or datetime.date.fromtimestamp(path.stat().st_mtime).isoformat()
        if (since and date < since) or (until and date > until):
            continue
        settled = settle_evening(session)
        hands = [(h.hand.loaded.hand, dict(h.hand.loaded.names), h.settlement.net) for h in settled.hands]
        fees_paid, settle_up = settled.named_fees_paid, settled.named_settle_up
        evenings.append(
            EveningPlayed(
                file_text(str(path)), date, hands, settled.people, settled.fees, fees_paid, settle_up, session.paid
            )
        )
    evenings.sort(key=lambda e: (e.date or "", e.file))
    return club_record(evenings)


def history_output(
    paths: list[str],
    fmt: str,
    lang: str,
    *,
    since: str | None = None,
    until: str | None = None,
    chart: str | None = None,
    base: HouseRules = SEED_RULES,
    rules_file: str | None = None,
    picture: str | None = None,
) -> str:
    """The record in ``fmt``; with ``chart``, the running totals drawn into that SVG file too (never over a
    ledger read, or the ``--rules`` file)."""
    window = read_window(since, "--since"), read_window(until, "--until")
    ledgers = ledger_paths(paths)
    for flag, out in (("--chart", chart), ("--picture", picture)):
        if out is not None:
            from gangci_calc.io.ledger.not_an_input import refuse_input_as_output

            refuse_input_as_output(flag, out, [*map(str, ledgers), *([rules_file] if rules_file else [])])
    record = _club(ledgers, *window, base)
    if picture is not None:
        from gangci_calc.commands.session.show import write_png
        from gangci_calc.io.export.picture import png_bytes, season_picture

        write_png(picture, png_bytes(season_picture(record, lang), "--picture"))
    if chart is not None:
        from gangci_calc.io.export.chart import chart_svg
        from gangci_calc.io.ledger.atomic import atomic_file

        with atomic_file(chart) as handle:
            handle.write(chart_svg(record, lang))
    return HISTORY[fmt].renderer()(record, lang)
