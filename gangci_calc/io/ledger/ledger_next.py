"""The header's ``next:`` (下一局) in place: a table change saved before its hand, every other byte kept.

``next:`` is one top-level key, written on one line in flow style just above
``hands:``; a hand-written one may span lines. Setting it replaces the old one's
lines; the hand that takes it over removes them.
"""

from __future__ import annotations

import yaml

from gangci_calc.io.load.boundary import Loader
from gangci_calc.io.load.schema import normalize_key


def _top_level(text: str, key: str) -> tuple[yaml.Node, yaml.Node] | None:
    root = yaml.compose(text, Loader=Loader)
    if not isinstance(root, yaml.MappingNode) or root.flow_style:
        return None
    return next(((k, v) for k, v in root.value if normalize_key(str(k.value)) == key), None)


def _lines_of(text: str, found: tuple[yaml.Node, yaml.Node]) -> tuple[int, int]:
    """From the start of the key's line to just past the value's last line."""
    key, value = found
    start = text.rfind("\n", 0, key.start_mark.index) + 1
    end_mark = value.end_mark
    end = end_mark.index if end_mark.column == 0 else text.find("\n", end_mark.index)
    end = len(text) if end < 0 else end + (0 if end_mark.column == 0 else 1)
    return start, end


def without_next(text: str) -> str:
    """The ledger with no ``next:`` (the hand being written takes its fields)."""
    found = _top_level(text, "next")
    if found is None:
        return text
    start, end = _lines_of(text, found)
    return text[:start] + text[end:]


def with_next(text: str, flow: str) -> str:
    """The ledger with ``next: FLOW`` in place of any ``next:`` it had, on its own line above ``hands:``.

    Raises ValueError where the header is not a block mapping with ``hands:`` on a line of its own.
    """
    text = without_next(text)
    found = _top_level(text, "hands")
    if found is None or found[0].start_mark.column != 0:
        raise ValueError("hands:")
    start = found[0].start_mark.index
    return f"{text[:start]}next: {flow}\n{text[start:]}"
