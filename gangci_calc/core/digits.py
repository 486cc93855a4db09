"""Numbers written as text, read one way everywhere: ASCII digits only.

``str.isdigit()`` is true of ``²`` and ``①``, which ``int()`` refuses, and ``int()``
itself takes ``٣`` (an Arabic-Indic three) and ``1_000``; a ledger, a prompt or a
request that says ``²`` is refused as not a number, never a crash or a guess.
"""

from __future__ import annotations

import re

__all__ = ["MOST_DIGITS", "ascii_whole"]

MOST_DIGITS = 4300  # Python's own bound on int() of text; a number this long is refused, never a ValueError
_WHOLE = re.compile(r"[0-9]+")


def ascii_whole(text: str) -> int | None:
    """``text`` (nothing around it) as a whole number of ASCII digits ``0``–``9``, else None."""
    if len(text) > MOST_DIGITS or _WHOLE.fullmatch(text) is None:
        return None
    return int(text)
