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
