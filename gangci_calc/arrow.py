"""Arrow in, Arrow out: score a batch of recorded hands where a platform keeps them (Spark, DuckDB, polars).

``pip install '.[arrow]'`` (pyarrow); nothing else in gangci imports this module.

:func:`score_batch` takes a ``pyarrow.RecordBatch`` (or ``Table``) whose rows are hand
records as ``gangci batch`` reads them: nested fields as structs and lists, as DuckDB or
polars write them from the JSON records, a null meaning "not given". It returns one row
per hand, in order, with :data:`RESULT_SCHEMA`. A hand the rules refuse gets its reason in
``error`` and nulls elsewhere; the batch never fails for a bad row.

Money is ``decimal128(38, 1)``: whole units with one decimal place, because a share can be
half a unit (直呲's ½C) and every engine sums decimals exactly and shows them as money,
with no convention (such as half units) to remember. 38 digits hold any hand the loader
takes (a stake may have 18 digits).

>>> import pyarrow as pa
>>> hands = pa.RecordBatch.from_pylist([
...     {"id": "g-1", "stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}},
...     {"id": "g-2", "stakes": 1, "dealer": "E", "win": {"type": "heavenly", "winner": "S"}},
... ])
>>> scored = score_batch(hands, lang="en").to_pylist()
>>> scored[0]["net_S"], scored[0]["error"], scored[1]["error"][:40]
(Decimal('600.0'), None, "win.winner: 天胡 (heavenly) is the dealer'")
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pyarrow as pa

from gangci_calc.core.rules import SEATS
from gangci_calc.fastpath.arrays import flags, texts
from gangci_calc.fastpath.arrow_tables import (
    PLAYERS,
    RESULT_SCHEMA,
    as_exported,
    batch_schema,
    batch_schema_text,
    column_twice,
    money_of_halves,
    record_of,
    spark_schema,
)

__all__ = ["RESULT_SCHEMA", "batch_schema", "batch_schema_text", "score_batch", "spark_schema"]


def score_batch(
    batch: pa.RecordBatch | pa.Table,
    *,
    rules: Mapping[str, Any] | None = None,
    check: bool = True,
    lang: str | None = None,
    keep: Iterable[str] = (),
) -> pa.RecordBatch:
    """Score every row of ``batch`` (a hand record each); one result row per hand, :data:`RESULT_SCHEMA`, then
    each ``keep`` column.

    ``rules``: the house rules of every table (as ``gangci batch --rules``); ``check``: check a record's
    ``tiles:`` against its claim; ``lang``: the language of the errors (``zh``, ``en``); ``keep``: columns that
    are no part of a hand (a platform's ``room_id``, a partition's ``date``), passed through untouched, with
    their own types, after the result's columns (as ``gangci batch --keep``; a kept column the batch lacks is
    nulls).

    Each row is read as a record and settled as :func:`gangci_calc.api.score` settles it: one engine.
    A column named twice, and a column no hand has that ``keep`` does not name, raise
    :class:`~gangci_calc.core.errors.HandError` (a ``ValueError``) before any row is scored.

    >>> hands = pa.RecordBatch.from_pylist([{"stakes": 1, "dealer": "E", "win": {"type": "draw"}, "room": 7}])
    >>> try:
    ...     score_batch(hands, lang="en")
    ... except ValueError as refused:
    ...     print(str(refused)[:50])
    room: the column 'room' is not a key of a hand; ke
    >>> score_batch(hands, keep=["room"]).to_pylist()[0]["room"]
    7
    """
    kept = _kept_columns(batch.schema, keep, lang)
    hands = batch.drop_columns([key for key in kept if key in batch.schema.names]) if kept else batch
    scored = scored_rows(hands, rules=rules, check=check, lang=lang)
    for key in kept:
        if key not in batch.schema.names:
            scored = scored.append_column(key, pa.nulls(batch.num_rows, pa.string()))
            continue
        column = batch.column(key)
        values = column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column
        scored = scored.append_column(batch.schema.field(key), values)
    return scored


def _kept_columns(schema: pa.Schema, keep: Iterable[str], lang: str | None) -> tuple[str, ...]:
    """``keep``'s columns, each once; a column named twice, a kept key that the hand or its result has, or a
    column no hand has that is not kept: a :class:`HandError`, said once for the batch."""
    from gangci_calc.core.errors import HandError, InputError
    from gangci_calc.io.load.schema import kept_keys, unknown_column
    from gangci_calc.words import messages as m
    from gangci_calc.words import say

    _refuse_a_column_twice(schema, lang)
    if isinstance(keep, str):
        keep = [keep]
    try:
        kept = kept_keys(list(keep))
    except InputError as error:
        raise HandError("keep", error.reason or error.message, lang) from None
    column = unknown_column([field.name for field in schema if not pa.types.is_null(field.type)], kept)
    if column is not None:
        raise HandError(column, say(m.UNKNOWN_COLUMN, key=column, keep=f"keep={[column]!r}"), lang)
    return kept


def scored_rows(
    batch: pa.RecordBatch | pa.Table,
    *,
    rules: Mapping[str, Any] | None = None,
    check: bool = True,
    lang: str | None = None,
) -> pa.RecordBatch:
    """:func:`score_batch` without the kept columns: each row read as a record and scored as :func:`score` does."""
    _refuse_a_column_twice(batch.schema, lang)
    if isinstance(batch, pa.Table):
        done = [scored_rows(part, rules=rules, check=check, lang=lang) for part in batch.to_batches()]
        if not done:
            return pa.RecordBatch.from_pylist([], schema=RESULT_SCHEMA)
        if len(done) == 1:
            return done[0]
        return pa.Table.from_batches(done, RESULT_SCHEMA).combine_chunks().to_batches()[0]
    rows = as_exported(batch).to_pylist()  # meta's times as the JSON's: the loader reads meta too
    return results_batch(score_rows(rows, rules=rules, check=check, lang=lang), len(rows))


def _refuse_a_column_twice(schema: pa.Schema, lang: str | None) -> None:
    from gangci_calc.core.errors import HandError
    from gangci_calc.words import messages as m
    from gangci_calc.words import say

    twice = column_twice(schema)
    if twice is not None:
        raise HandError(twice, say(m.COLUMN_TWICE, key=twice), lang)


def score_rows(
    rows: Iterable[Any],
    *,
    rules: Mapping[str, Any] | None = None,
    check: bool = True,
    lang: str | None = None,
) -> list[tuple[Any, ...]]:
    """Each row as a result tuple: (id, halves E S W N, outcome, winner, from, dealer, players, error)."""
    from gangci_calc.api import score
    from gangci_calc.core.errors import HandError
    from gangci_calc.io.load.boundary import CellRefused
    from gangci_calc.io.load.ids import record_id

    found: list[tuple[Any, ...]] = []
    for row in rows:
        try:
            record = record_of(row, meta=True) if isinstance(row, Mapping) else row
        except CellRefused as refused:  # a JSON text's key twice, too deep ...: as a JSON Lines record's is
            error = HandError(refused.field, refused.said, lang)
            ident = record_id(row)
            found.append((None if ident is None else str(ident), *(None,) * 9, str(error)))
            continue
        ident = record_id(record)
        text_id = None if ident is None else str(ident)
        try:
            result = score(record, rules=rules, check=check, lang=lang)
        except HandError as error:
            found.append((text_id, None, None, None, None, None, None, None, None, None, str(error)))
            continue
        halves = [int(result.net[seat.name] * 2) for seat in SEATS]
        found.append(
            (
                text_id,
                *halves,
                result.outcome,
                result.winner,
                result.source,
                result.dealer,
                result.players or None,
                None,
            )
        )
    return found


def results_batch(found: list[tuple[Any, ...]], count: int) -> pa.RecordBatch:
    """The result tuples as a batch of :data:`RESULT_SCHEMA`."""
    columns = list(zip(*found, strict=True)) if found else [()] * 11
    arrays = [texts(columns[0])]
    arrays += [money_of_halves(columns[i]) for i in range(1, 5)]
    arrays += [texts(columns[i]) for i in range(5, 9)]
    names = [texts([None if named is None else named.get(seat.name) for named in columns[9]]) for seat in SEATS]
    missing = flags([named is None for named in columns[9]])
    arrays += [pa.StructArray.from_arrays(names, fields=list(PLAYERS), mask=missing), texts(columns[10])]
    return pa.RecordBatch.from_arrays(arrays, schema=RESULT_SCHEMA)
