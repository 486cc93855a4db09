"""The Arrow side of the bulk paths: the result's schemas (Parquet out, Spark's DDL), and a row read as a hand
record (nulls as absent, JSON text as what it holds), for the core to settle as any other. The ``[arrow]`` extra
(pyarrow): imported only by ``gangci_calc.arrow`` and ``gangci batch``'s Parquet paths.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import msgspec
import pyarrow as pa
import pyarrow.compute as pc

from gangci_calc.core.rules import SEATS
from gangci_calc.fastpath.arrays import scalar, validity
from gangci_calc.io.load.boundary import CellRefused
from gangci_calc.io.load.fields import STRUCTURED, json_text_held
from gangci_calc.io.load.schema import TOP

MONEY = pa.decimal128(38, 1)
PLAYERS = pa.struct([(seat.name, pa.string()) for seat in SEATS])
RESULT_SCHEMA = pa.schema(
    [
        pa.field("id", pa.string()),  # the record's own id (``id`` / ``编号``) as text; null where it has none
        *(pa.field(f"net_{seat.name}", MONEY) for seat in SEATS),  # what each seat won (+) or paid (-)
        pa.field("outcome", pa.string()),  # the win type: bomb, heavenly, anci, tianci, zhici, xuci, draw ...
        pa.field("winner", pa.string()),  # E S W N, or null (流局)
        pa.field("from", pa.string()),  # the seat that discarded or fed, where the win names one
        pa.field("dealer", pa.string()),
        pa.field("players", PLAYERS),  # the names at the seats, where the record gives them
        pa.field("error", pa.string()),  # why the hand was refused (``field: reason``); null for a scored hand
    ]
)

PAYMENT = pa.struct(  # one of ``--payments``, with the keys of the JSON's (``io/export/export.py`` payment_object)
    [
        ("payer", pa.string()),
        ("payee", pa.string()),  # a seat, or the fee's collector
        ("amount", MONEY),
        ("for", pa.string()),  # the win or the kong paid for
        ("role", pa.string()),
        ("share_of", pa.list_(pa.field("element", pa.string()))),  # 包次 / 米: whose shares it pays; else null
    ]
)


def batch_schema(keep: Iterable[str] = (), payments: bool = False) -> pa.Schema:
    """What ``gangci batch -o FILE.parquet`` writes: :data:`RESULT_SCHEMA`'s columns, then ``hand``, ``rules``,
    ``meta`` and ``source`` (as the JSON Lines have them), a text column per ``--keep`` key, and ``payments``.

    >>> batch_schema(["region"], payments=True).names[-7:]
    ['error', 'hand', 'rules', 'meta', 'source', 'region', 'payments']
    """
    fields = [
        *RESULT_SCHEMA,
        pa.field("hand", pa.int32()),  # the hand's number in a session record; null for a lone hand
        pa.field("rules", pa.string()),  # the house rules in force that are not the seed's, as JSON text
        pa.field("meta", pa.string()),  # the record's meta, as JSON text
        pa.field("source", pa.string(), nullable=False),  # file:row (file:line), as the errors name it
        *(pa.field(key, pa.string()) for key in keep),  # a text as itself, any other value as its JSON text
    ]
    if payments:
        fields.append(pa.field("payments", pa.list_(pa.field("element", PAYMENT))))  # Parquet's name for an item
    return pa.schema(fields)


def batch_schema_text(keep: Iterable[str] = (), payments: bool = False) -> str:
    """:func:`batch_schema` one column a line, as pyarrow writes its types (``gangci schema result --arrow``).

    >>> batch_schema_text().splitlines()[:2]
    ['id: string', 'net_E: decimal128(38, 1)']
    """
    return "".join(
        f"{field.name}: {field.type}{'' if field.nullable else ' not null'}\n" for field in batch_schema(keep, payments)
    )


def spark_schema() -> str:
    """:data:`RESULT_SCHEMA` as Spark's DDL, for ``DataFrame.mapInArrow(..., spark_schema())``.

    >>> spark_schema()[:60]
    'id STRING, net_E DECIMAL(38,1), net_S DECIMAL(38,1), net_W D'
    """
    kinds = {pa.string(): "STRING", MONEY: f"DECIMAL({MONEY.precision},{MONEY.scale})"}
    parts = []
    for field in RESULT_SCHEMA:
        kind = kinds.get(field.type)
        if kind is None:  # the players
            kind = "STRUCT<" + ", ".join(f"{seat.name}: STRING" for seat in SEATS) + ">"
        name = f"`{field.name}`" if field.name == "from" else field.name  # a word of SQL's own
        parts.append(f"{name} {kind}")
    return ", ".join(parts)


def record_of(row: Mapping[str, Any], *, meta: bool = False, raw: bool = False) -> Any:
    """A row as a hand record: nulls taken out (:func:`absent`), and a text in a column that holds a mapping or
    a list (``stakes``, ``win``, ``bets`` ...) read as the JSON it holds, by the loader's own rule
    (:func:`~gangci_calc.io.load.fields.json_text_held`): DuckDB's JSON type arrives as text.
    ``meta`` is kept only with ``meta`` (a result row has no place for it). A text the boundary refuses (a key
    given twice, too deep, a lone surrogate) raises :class:`CellRefused` (its ``field`` set), or with ``raw``
    stays as its JSON (``msgspec.Raw``) for the JSON Lines reader to refuse where it stands."""
    record = {key: value for key, value in absent(row).items() if meta or TOP.lookup.get(key) != "meta"}
    for key, value in record.items():
        known = TOP.lookup.get(key)
        if known not in STRUCTURED or not isinstance(value, (str, bytes)):
            continue
        try:
            record[key] = json_text_held(known, value)
        except CellRefused as refused:
            if not raw:
                refused.field = key
                raise
            record[key] = msgspec.Raw(value if isinstance(value, bytes) else value.encode())
    return record


def as_exported(batch: pa.RecordBatch) -> pa.RecordBatch:
    """``batch`` with every date, time and timestamp (in a struct or a list too) as the text DuckDB's JSON
    export gives it (``2026-11-25 20:31:26``, ``20:31:26.5``, ``2026-11-25 12:31:26+00``), and every decimal of
    at most 15 digits as the double it writes (``1.5``, ``100.0``: exact): a table exported to JSON Lines and to
    Parquet echoes the same ``meta`` and kept values. The hand's own columns stay as they are (an id of
    ``DECIMAL(10, 0)`` is the loader's to read). Without such a column, ``batch`` itself."""
    echoed = [TOP.lookup.get(field.name) in (None, "meta") for field in batch.schema]  # meta, kept, unknown
    if not any(echo and _holds_time(field.type) for echo, field in zip(echoed, batch.schema, strict=True)):
        return batch
    columns = [_time_text(column) if echo else column for echo, column in zip(echoed, batch.columns, strict=True)]
    fields = [field.with_type(column.type) for field, column in zip(batch.schema, columns, strict=True)]
    return pa.RecordBatch.from_arrays(columns, schema=pa.schema(fields, batch.schema.metadata))


def _holds_time(kind: pa.DataType) -> bool:
    """A date, a time, a timestamp or a decimal, or a struct or list holding one."""
    if pa.types.is_temporal(kind) and not pa.types.is_duration(kind) and not pa.types.is_interval(kind):
        return True
    if pa.types.is_decimal(kind):
        return bool(kind.precision <= _EXACT_DOUBLE)
    if pa.types.is_struct(kind):
        return any(_holds_time(field.type) for field in kind)
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        return _holds_time(kind.value_type)
    return False


_EXACT_DOUBLE = 15  # a decimal of at most 15 digits is a double exactly, which JSON writes as those digits


def _time_text(array: Any) -> Any:
    """One column as :func:`as_exported` writes it."""
    kind = array.type
    if not _holds_time(kind):
        return array
    if pa.types.is_struct(kind):
        parts = [_time_text(part) for part in array.flatten()]
        fields = [field.with_type(part.type) for field, part in zip(kind, parts, strict=True)]
        return pa.StructArray.from_arrays(parts, fields=fields, mask=pc.is_null(array))
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        made = pa.LargeListArray if pa.types.is_large_list(kind) else pa.ListArray
        return made.from_arrays(array.offsets, _time_text(array.values), mask=pc.is_null(array))
    if pa.types.is_decimal(kind):
        return pc.cast(array, pa.float64())
    if pa.types.is_date(kind):
        return pc.cast(array, pa.string())
    if pa.types.is_time(kind):
        return _whole_seconds(pc.cast(array, pa.string()))
    text = _whole_seconds(pc.strftime(array, format="%Y-%m-%d %H:%M:%S"))
    if kind.tz is None:
        return text
    offset = pc.replace_substring_regex(pc.strftime(array, format="%z"), pattern=r"^([+-]\d\d)00$", replacement=r"\1")
    offset = pc.replace_substring_regex(offset, pattern=r"^([+-]\d\d)(\d\d)$", replacement=r"\1:\2")
    return pc.binary_join_element_wise(text, offset, scalar(""))  # +00, +05:30: as DuckDB writes an offset


def _whole_seconds(text: Any) -> Any:
    """A time's fraction of a second without its trailing zeros (``26.120000`` → ``26.12``, ``26.000`` → ``26``)."""
    trimmed = pc.replace_substring_regex(text, pattern=r"(\.\d*?)0+$", replacement=r"\1")
    return pc.replace_substring_regex(trimmed, pattern=r"\.$", replacement="")


def absent(value: Any) -> Any:
    """A value with every null taken out of its mappings: a null means "not given" (a warehouse's export)."""
    kind = type(value)
    if kind is dict or (kind is not list and isinstance(value, Mapping)):
        return {
            key: item if type(item) not in _NESTED else absent(item) for key, item in value.items() if item is not None
        }
    if kind is list:
        return [item if type(item) not in _NESTED else absent(item) for item in value]
    return value


_NESTED = (dict, list)  # what Arrow's rows hold values in (other mappings are rarer, and checked)


def column_twice(schema: Any, where: str = "") -> str | None:
    """The first column (or struct field: ``bets.S``) named twice in ``schema``, or ``None``: reading it would
    keep one of the two silently, as a key given twice in YAML or JSON would."""
    seen: set[str] = set()
    for field in schema:
        name = f"{where}{field.name}"
        if field.name in seen:
            return name
        seen.add(field.name)
        kind = field.type
        while pa.types.is_list(kind) or pa.types.is_large_list(kind):
            kind = kind.value_type
        inner = column_twice(list(kind), f"{name}.") if pa.types.is_struct(kind) else None
        if inner is not None:
            return inner
    return None


def money_of_halves(halves: Iterable[int | None]) -> pa.Array:
    """Half units of any size (Python's ints: a loader's hand may pass int64) as :data:`MONEY`, from its buffer of
    128-bit little-endian integers, the unscaled ``5h``."""
    values = list(halves)
    packed = b"".join((0 if h is None else 5 * h).to_bytes(16, "little", signed=True) for h in values)
    return pa.Array.from_buffers(MONEY, len(values), [validity(values), pa.py_buffer(packed)])
