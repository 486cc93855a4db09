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
    return without_key(text, "next")


def without_key(text: str, key: str) -> str:
    """The ledger with no top-level ``key``: its lines (a block header), or its pair and one comma (a ledger written
    as one flow mapping: JSON)."""
    root = yaml.compose(text, Loader=Loader)
    if isinstance(root, yaml.MappingNode) and root.flow_style:
        return _flow_without(text, root, key)
    found = _top_level(text, key)
    if found is None:
        return text
    start, end = _lines_of(text, found)
    return text[:start] + text[end:]


def _flow_without(text: str, root: yaml.MappingNode, key: str) -> str:
    pairs = root.value
    for index, (k, v) in enumerate(pairs):
        if normalize_key(str(k.value)) != key:
            continue
        start, end = k.start_mark.index, v.end_mark.index
        if index + 1 < len(pairs):  # up to the next key: its comma and the space after it go too
            end = pairs[index + 1][0].start_mark.index
        elif index > 0:  # the last pair: the comma before it goes
            start = pairs[index - 1][1].end_mark.index
        return text[:start] + text[end:]
    return text


def with_next(text: str, flow: str) -> str:
    """The ledger with ``next: FLOW`` in place of any ``next:`` it had, on its own line above ``hands:`` (in a ledger
    written as one flow mapping, JSON: the pair ``"next": FLOW,`` just before ``"hands"``).

    Raises ValueError where the header has no ``hands:`` to put it before (on a line of its own, in a block header).
    """
    return with_key_before_hands(text, "next", flow)


def with_key_before_hands(text: str, key: str, flow: str) -> str:
    """``with_next``'s work for any top-level ``key`` (``next``, ``paid``)."""
    text = without_key(text, key)
    root = yaml.compose(text, Loader=Loader)
    if isinstance(root, yaml.MappingNode) and root.flow_style:
        hands = next((k for k, _ in root.value if normalize_key(str(k.value)) == "hands"), None)
        if hands is None:
            raise ValueError("hands:")
        at = hands.start_mark.index
        return f'{text[:at]}"{key}": {flow}, {text[at:]}'
    found = _top_level(text, "hands")
    if found is None or found[0].start_mark.column != 0:
        raise ValueError("hands:")
    start = found[0].start_mark.index
    return f"{text[:start]}{key}: {flow}\n{text[start:]}"
