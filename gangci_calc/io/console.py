"""The one place that owns the Rich consoles (stdout for results, stderr for the rest)."""

from __future__ import annotations

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
