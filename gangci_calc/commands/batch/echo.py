"""What a batch record carries through to its line (its id, meta and kept keys), how big it may be, and where
an error in it points: the record-level helpers of :mod:`.scoring`."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from gangci_calc.commands.batch.reading import RECORD_LIMIT, Record
from gangci_calc.core.digits import ascii_whole
from gangci_calc.core.errors import InputError, RuleError
from gangci_calc.io.export.batch_lines import NO_ECHO, Echo, json_text, players_text
from gangci_calc.io.load.boundary import null_free_json, without_nulls
from gangci_calc.io.load.load import located
from gangci_calc.words import messages as m
from gangci_calc.words import say

if TYPE_CHECKING:
    from gangci_calc.io.load.load import LoadedHand

QUARTER = RECORD_LIMIT // 4  # a text this long or shorter is within the limit, whatever its characters


def too_large(text: str) -> bool:
    """Is a record longer than `gangci score` takes of a file (in UTF-8 bytes)?"""
    return len(text) > QUARTER and len(text.encode("utf-8", "surrogatepass")) > RECORD_LIMIT


_LEADING_ID = re.compile(r'\s*\{\s*"(?:id|编号)"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,19})\s*[,}]')


def leading_id(text: str) -> str:
    """The JSON text of the id a JSON record gives as its first key (as a warehouse's export does), read from its
    start alone: the id of a record too large to read; "" where it gives none there.

    >>> leading_id('{"id": "g-7", "meta": {"note": "xxxx'), leading_id('{"stakes": 1, "id": 7}')
    ('"g-7"', '')
    """
    import json

    found = _LEADING_ID.match(text[:1024])
    if found is None:
        return ""
    try:
        ident = json.loads(found.group(1))
    except ValueError:
        return ""
    from gangci_calc.io.load.fields import read_id

    try:
        return json_text(read_id(ident, ("id",)))
    except RuleError:
        return ""


def echo_of(data: Any, keep: tuple[str, ...], raw: Echo | None) -> tuple[Echo, Any]:
    """What a record carries through (its id and meta as given, where usable, and the kept keys), and the
    record without the kept keys."""
    if not isinstance(data, dict):
        return Echo(), data
    kept = {key: data[key] for key in keep if key in data}
    if kept:
        data = {key: value for key, value in data.items() if key not in kept}
    if raw is not None:
        return raw, data
    return _parsed_echo(data, kept), data


def _parsed_echo(data: dict[str, Any], kept: dict[str, Any]) -> Echo:
    """The echo of a record read as data (not as JSON text): its id and meta where usable, the kept keys."""
    record_id = data.get("id")
    id_text = json_text(record_id) if isinstance(record_id, (str, int)) and not isinstance(record_id, bool) else ""
    meta = data.get("meta")
    meta_text = json_text(without_nulls(meta)) if isinstance(meta, dict) else ""
    texts = ((key, json_text(without_nulls(value))) for key, value in kept.items())
    return Echo(id_text, meta_text, tuple((key, text) for key, text in texts if text != "null"))  # a NaN too


def raw_echo(text: str, keep: tuple[str, ...]) -> Echo | None:
    """A JSON record's id, meta and kept keys as the very text it gave them in (``None``: not a JSON object)."""
    if not keep and '"id"' not in text and '"meta"' not in text and "\\" not in text:
        return NO_ECHO if text.lstrip().startswith("{") else None  # nothing to echo (a key escaped: read it)
    import msgspec

    try:
        raw = msgspec.json.decode(text, type=dict[str, msgspec.Raw])
    except (msgspec.DecodeError, RecursionError):
        return None
    record_id = raw.get("id")
    id_text = bytes(record_id).decode() if record_id is not None else ""
    if id_text and not (id_text.startswith('"') or ascii_whole(id_text.removeprefix("-")) is not None):
        id_text = ""  # not text or a whole number: the loader says so
    meta = raw.get("meta")
    meta_text = null_free_json(bytes(meta).decode()) if meta is not None and bytes(meta).startswith(b"{") else ""
    if meta is not None and bytes(meta).startswith(b'"{'):  # meta as the JSON text it holds (polars' JSON Lines)
        meta_text = null_free_json(msgspec.json.decode(bytes(meta)))
    kept = tuple((key, null_free_json(bytes(raw[key]).decode())) for key in keep if key in raw)
    return Echo(id_text, meta_text, tuple((key, text) for key, text in kept if text != "null"))


def located_in(error: RuleError, record: Record) -> InputError:
    """``error`` at its place in the record's input: line and column; in a Parquet file, the row (the JSON line made
    of the row is ours: a column in it would point at nothing the user has). An unknown top-level key says that
    ``--keep`` keeps it."""
    from gangci_calc.commands.batch.reading import is_parquet
    from gangci_calc.words import Said

    if is_parquet(record.source):
        found = located(error, record.source, None)
        found.line = record.line
    else:
        found = located(error, record.source, record.text, line_offset=record.line - 1)
    said = error.message
    if len(error.path) == 1 and isinstance(said, Said) and said.message is m.UNKNOWN_KEY:
        found.message = say(m.KEEP_KEEPS, said=said, key=error.path[0])
    return found


def named_in(data: Any) -> str:
    """The players a failed record names, where its ``players`` reads as the loader reads it (else none): a
    platform joins a failed line back to its people as it does a scored one."""
    from gangci_calc.io.load.fields import read_names
    from gangci_calc.io.load.schema import TOP

    if not isinstance(data, dict):
        return ""
    given = next((value for key, value in data.items() if TOP.lookup.get(key) == "players"), None)
    try:
        return players_text(read_names(given, ("players",)))
    except RuleError:
        return ""


def own_echo(loaded: LoadedHand) -> dict[str, Any]:
    """A session hand's own id and meta, replacing the session's."""
    own: dict[str, Any] = {}
    if loaded.id is not None:
        own["id"] = json_text(loaded.id)
    if loaded.meta is not None:
        own["meta"] = json_text(without_nulls(loaded.meta))
    return own
