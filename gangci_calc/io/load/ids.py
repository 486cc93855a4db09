"""A record's own id, under any of its spellings (``id``, ``编号``), as the API and ``score_batch`` report it."""

from __future__ import annotations

from collections.abc import Mapping


def record_id(record: object) -> str | int | None:
    """A record's own id under any of its spellings, when it is a string or a whole number.

    >>> record_id({"编号": 7}), record_id({"id": True}), record_id("not a mapping")
    (7, None, None)
    """
    from gangci_calc.io.load.schema import TOP

    if not isinstance(record, Mapping):
        return None
    found = next((v for k, v in record.items() if TOP.lookup.get(k) == "id"), None)
    return found if isinstance(found, (str, int)) and not isinstance(found, bool) else None


def unread_id(text: str) -> str | int | None:
    """The id of a JSON record the loader refused to read (a key given twice), where its top level gives it once.

    >>> unread_id('{"id": "g-7", "stakes": 1, "stakes": 2}'), unread_id('{"id": 1, "id": 2}')
    ('g-7', None)
    """
    import json

    top: list[list[tuple[str, object]]] = []

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        top[:] = [items]  # the top level's object is the last one made
        return {}

    try:
        json.loads(text, object_pairs_hook=pairs)
    except RecursionError:  # nested too deep somewhere: its top level, read without a recursion
        shallow = _top_level(text)
        if shallow is None:
            return None
        top[:] = [shallow]
    except ValueError:
        return None
    from gangci_calc.io.load.schema import TOP

    found = [value for key, value in (top[0] if top else []) if TOP.lookup.get(key) == "id"]
    from gangci_calc.io.load.boundary import lone_surrogate

    if len(found) != 1 or lone_surrogate(found[0]) is not None:
        return None  # none, or an id no file can hold (a lone surrogate): the error line goes without it
    return record_id({"id": found[0]})


def _top_level(text: str) -> list[tuple[str, object]] | None:
    """The (key, value) pairs of a JSON object's top level, each mapping or list among the values passed over by
    counting its brackets (``None`` in its place), so a value nested past any depth is no recursion; ``None``
    where the text is no JSON object.

    >>> _top_level('{"id": "g-7", "rules": [[[]]], "n": 1}')
    [('id', 'g-7'), ('rules', None), ('n', 1)]
    """
    import json
    import re
    from json.decoder import scanstring  # type: ignore[attr-defined]  # the stdlib's, not in its stubs

    space = re.compile(r"[ \t\n\r]*")
    scalar = json.JSONDecoder().raw_decode
    found: list[tuple[str, object]] = []
    try:
        at = space.match(text, 0).end()  # type: ignore[union-attr]
        if text[at] != "{":
            return None
        at = space.match(text, at + 1).end()  # type: ignore[union-attr]
        while text[at] != "}":
            if text[at] != '"':
                return None
            key, at = scanstring(text, at + 1)
            at = space.match(text, at).end()  # type: ignore[union-attr]
            if text[at] != ":":
                return None
            at = space.match(text, at + 1).end()  # type: ignore[union-attr]
            value: object = None
            if text[at] in "[{":
                at = _past_brackets(text, at)
            else:
                value, at = scalar(text, at)
            found.append((key, value))
            at = space.match(text, at).end()  # type: ignore[union-attr]
            if text[at] == ",":
                at = space.match(text, at + 1).end()  # type: ignore[union-attr]
            elif text[at] != "}":
                return None
    except (ValueError, IndexError):
        return None
    return found


def _past_brackets(text: str, at: int) -> int:
    """Where the mapping or list that starts at ``at`` ends (strings within it skipped)."""
    depth = 0
    in_string = escaped = False
    for here in range(at, len(text)):
        char = text[here]
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
            if not depth:
                return here + 1
    raise ValueError("unclosed")
