"""The one place that writes to the terminal: results to stdout, everything else to stderr.

Rich consoles for tables and panels, and two plain writers for text that is
already rendered (``write_out``) or is one message (``write_err``).
"""

from __future__ import annotations

import sys
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console


@cache
def out() -> Console:
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False, markup=False, emoji=False)


@cache
def err() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True, markup=False, emoji=False)


def capture(*renderables: object) -> str:
    """Render to a string first, so a failure never leaves half a table on screen."""
    console = out()
    with console.capture() as captured:
        for renderable in renderables:
            console.print(renderable)
    return captured.get()


def write_out(text: str) -> None:
    """A command's result on stdout, ending in exactly one newline."""
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def write_err(text: str) -> None:
    """A message (one line, or several) on stderr: errors, prompts' remarks, summaries."""
    sys.stderr.write(text.rstrip("\n") + "\n")
    sys.stderr.flush()
