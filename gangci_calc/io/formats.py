"""The formats each command renders, and the function that renders each: the one registry.

A renderer is named ``"module:function"`` and imported only when used, so the
CLI lists a command's ``--format`` choices from these tables without loading
Rich. Adding a format to ``score`` and ``session`` touches two files: the
module of its two renderers (``io/export.py`` for machines, ``io/chat.py``
for the group chat, ``io/render*.py`` for the terminal), and a line for each
here (docs/maintaining.md).

Signatures: ``SCORE`` renderers take ``(loaded, settlement, lang, explain)``;
``SESSION`` ones ``(settled_session, lang)``; ``CHECK`` ones
``(verdict, claim, lang, winner)``; ``WAITS`` ones ``(claim, waits, wins, lang)``;
``BATCH`` entries are classes of line builders (``frame``, ``scored``, ``failed``), made with ``(keep, payments)``.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from gangci_calc.io.batch_lines import Echo, Frame, Outcome

SCORE = {
    "table": "gangci_calc.io.render:score_table",
    "json": "gangci_calc.io.export:score_json",
    "csv": "gangci_calc.io.export:score_csv",
    "text": "gangci_calc.io.chat:score_text",
    "markdown": "gangci_calc.io.chat:score_markdown",
}
SESSION = {
    "table": "gangci_calc.io.render_session:session_table",
    "json": "gangci_calc.io.export:session_json",
    "csv": "gangci_calc.io.export:session_csv",
    "text": "gangci_calc.io.chat:session_text",
    "markdown": "gangci_calc.io.chat:session_markdown",
}
CHECK = {
    "table": "gangci_calc.io.render_tiles:check_panel",
    "json": "gangci_calc.io.export:check_json",
}
WAITS = {
    "table": "gangci_calc.io.render_tiles:waits_view",
    "json": "gangci_calc.io.export:waits_json",
}
BATCH = {  # line builders: the batch scorer (batch/scoring.py) writes a line per hand with them
    "jsonl": "gangci_calc.io.batch_lines:BatchJsonl",
    "csv": "gangci_calc.io.batch_lines:BatchCsv",
}


def renderer(table: dict[str, str], fmt: str) -> Callable[..., Any]:
    """The function that renders ``fmt`` for the command whose table this is."""
    module, name = table[fmt].split(":")
    function: Callable[..., Any] = getattr(import_module(module), name)
    return function


class BatchLines(Protocol):
    """What a ``BATCH`` entry provides: the output's header and the builders of its lines."""

    header: str

    def quoting(self, source: str) -> tuple[str, str]: ...

    def frame(self, how: Outcome) -> Frame: ...

    def plain(self, frame: Frame, e: int, s: int, w: int, n: int, head: str, line: int, tail: str) -> str: ...

    def scored(self, echo: Echo, frame: Frame, net: tuple[str, str, str, str], payments: str, where: str) -> str: ...

    def failed(self, echo: Echo, message: str, where: str) -> str: ...


def batch_lines(fmt: str, keep: tuple[str, ...] = (), payments: bool = False) -> BatchLines:
    """The line builders of one batch format (``keep``: the ``--keep`` keys; ``payments``: ``--payments``)."""
    lines: BatchLines = renderer(BATCH, fmt)(keep, payments)
    return lines
