"""The formats each command renders, and the renderer of each: the one registry.

Each entry is a :class:`Format`: a small function that imports its renderer when used (so the CLI lists a
command's ``--format`` choices without loading Rich), typed by the command's renderer :class:`~typing.Protocol`
so mypy and an IDE follow it, and whether the format shows ``--explain``. Adding a format to ``score`` and
``session`` touches two files: the module of its renderers (``io/export/export.py`` for machines,
``io/show/chat.py`` for the group chat, ``io/show/render*.py`` for the terminal) and an entry for each here
(docs/maintaining.md). The CLI's choices, its help and the tests' lists of formats come from these tables.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from gangci_calc.core.evening.club import ClubRecord
    from gangci_calc.core.rules import Seat, Settlement
    from gangci_calc.core.tiles.claims import NextTileWin, TileClaim, Verdict
    from gangci_calc.core.tiles.notation import Tile
    from gangci_calc.io.export.batch_lines import Echo, Frame, LineOutcome
    from gangci_calc.io.load.load import LoadedHand
    from gangci_calc.io.load.load_session import SettledSession

R = TypeVar("R")


@dataclass(frozen=True)
class Format(Generic[R]):
    """One format of one command: its renderer, imported when asked for, and whether it shows ``--explain``."""

    load: Callable[[], R]
    explain: bool = False

    def renderer(self) -> R:
        return self.load()


class ScoreRenderer(Protocol):
    def __call__(self, loaded: LoadedHand, settlement: Settlement, lang: str, explain: bool, /) -> str: ...


class SessionRenderer(Protocol):
    def __call__(self, settled: SettledSession, lang: str, /) -> str: ...


class CheckRenderer(Protocol):
    def __call__(
        self, verdict: Verdict, claim: TileClaim, lang: str, winner: Seat | None, names: dict[Seat, str], /
    ) -> str: ...


class WaitsRenderer(Protocol):
    def __call__(self, claim: TileClaim, waits: list[Tile], wins: list[NextTileWin], lang: str, /) -> str: ...


class HistoryRenderer(Protocol):
    def __call__(self, record: ClubRecord, lang: str, /) -> str: ...


class BatchLinesMaker(Protocol):
    def __call__(self, keep: tuple[str, ...], payments: bool, /) -> BatchLines: ...


def _score_table() -> ScoreRenderer:
    from gangci_calc.io.show.render import score_table

    return score_table


def _score_json() -> ScoreRenderer:
    from gangci_calc.io.export.export import score_json

    return score_json


def _score_csv() -> ScoreRenderer:
    from gangci_calc.io.export.export import score_csv

    return score_csv


def _score_tsv() -> ScoreRenderer:
    from gangci_calc.io.export.export import score_tsv

    return score_tsv


def _score_text() -> ScoreRenderer:
    from gangci_calc.io.show.chat import score_text

    return score_text


def _score_markdown() -> ScoreRenderer:
    from gangci_calc.io.show.chat import score_markdown

    return score_markdown


def _session_table() -> SessionRenderer:
    from gangci_calc.io.show.render_session import session_table

    return session_table


def _session_json() -> SessionRenderer:
    from gangci_calc.io.export.export import session_json

    return session_json


def _session_csv() -> SessionRenderer:
    from gangci_calc.io.export.export import session_csv

    return session_csv


def _session_tsv() -> SessionRenderer:
    from gangci_calc.io.export.export import session_tsv

    return session_tsv


def _session_text() -> SessionRenderer:
    from gangci_calc.io.show.chat import session_text

    return session_text


def _session_markdown() -> SessionRenderer:
    from gangci_calc.io.show.chat import session_markdown

    return session_markdown


def _check_panel() -> CheckRenderer:
    from gangci_calc.io.show.render_tiles import check_panel

    return check_panel


def _check_json() -> CheckRenderer:
    from gangci_calc.io.export.export import check_json

    return check_json


def _waits_view() -> WaitsRenderer:
    from gangci_calc.io.show.render_tiles import waits_view

    return waits_view


def _waits_json() -> WaitsRenderer:
    from gangci_calc.io.export.export import waits_json

    return waits_json


def _batch_jsonl() -> BatchLinesMaker:
    from gangci_calc.io.export.batch_lines import BatchJsonl

    return BatchJsonl


def _batch_csv() -> BatchLinesMaker:
    from gangci_calc.io.export.batch_lines import BatchCsv

    return BatchCsv


SCORE: dict[str, Format[ScoreRenderer]] = {
    "table": Format(_score_table, explain=True),
    "json": Format(_score_json, explain=True),
    "csv": Format(_score_csv),
    "tsv": Format(_score_tsv),
    "text": Format(_score_text, explain=True),
    "markdown": Format(_score_markdown, explain=True),
}
SESSION: dict[str, Format[SessionRenderer]] = {  # explain: --explain adds every hand's formulas after it
    "table": Format(_session_table, explain=True),
    "json": Format(_session_json),
    "csv": Format(_session_csv),
    "tsv": Format(_session_tsv),
    "text": Format(_session_text, explain=True),
    "markdown": Format(_session_markdown, explain=True),
}


def _history_table() -> HistoryRenderer:
    from gangci_calc.io.show.history import history_table

    return history_table


def _history_json() -> HistoryRenderer:
    from gangci_calc.io.export.history import history_json

    return history_json


def _history_csv() -> HistoryRenderer:
    from gangci_calc.io.export.history import history_csv

    return history_csv


def _history_text() -> HistoryRenderer:
    from gangci_calc.io.show.history import history_text

    return history_text


def _history_markdown() -> HistoryRenderer:
    from gangci_calc.io.show.history import history_markdown

    return history_markdown


HISTORY: dict[str, Format[HistoryRenderer]] = {
    "table": Format(_history_table),
    "json": Format(_history_json),
    "csv": Format(_history_csv),
    "text": Format(_history_text),
    "markdown": Format(_history_markdown),
}
CHECK: dict[str, Format[CheckRenderer]] = {"table": Format(_check_panel), "json": Format(_check_json)}
WAITS: dict[str, Format[WaitsRenderer]] = {"table": Format(_waits_view), "json": Format(_waits_json)}
BATCH: dict[
    str, Format[BatchLinesMaker]
] = {  # line builders: commands/batch/scoring.py writes a line per hand with them
    "jsonl": Format(_batch_jsonl),
    "csv": Format(_batch_csv),
}


class BatchLines(Protocol):
    """What a ``BATCH`` entry provides: the output's header and the builders of its lines."""

    header: str

    def quoting(self, source: str) -> tuple[str, str]: ...

    def frame(self, how: LineOutcome) -> Frame: ...

    def scored(self, echo: Echo, frame: Frame, net: tuple[str, str, str, str], payments: str, where: str) -> str: ...

    def failed(self, echo: Echo, message: str, where: str) -> str: ...


def batch_lines(fmt: str, keep: tuple[str, ...] = (), payments: bool = False, amounts: str = "exact") -> BatchLines:
    """The line builders of one batch format (``keep``: the ``--keep`` keys; ``payments``: ``--payments``;
    ``amounts``: ``exact``, whole amounts as integers, or ``decimal``, every one with one decimal place)."""
    lines = BATCH[fmt].renderer()(keep, payments)
    if amounts == "decimal":
        from gangci_calc.io.export.batch_lines import OneDecimal

        return OneDecimal(lines)
    return lines
