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
    except (ValueError, RecursionError):
        return None
    from gangci_calc.io.load.schema import TOP

    found = [value for key, value in (top[0] if top else []) if TOP.lookup.get(key) == "id"]
    from gangci_calc.io.load.boundary import lone_surrogate

    if len(found) != 1 or lone_surrogate(found[0]) is not None:
        return None  # none, or an id no file can hold (a lone surrogate): the error line goes without it
    return record_id({"id": found[0]})
