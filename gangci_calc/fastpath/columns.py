"""Arrow columns as the column-by-column path reads them, and the rows it cannot take (``Slow``); the bets among
them (:func:`bet_columns`): a struct of seats of counts, as DuckDB and polars write the records' mapping, or JSON
text (a warehouse's VARCHAR or JSON column), each distinct text read once. Zeros and nulls are absent: a count of
0, a null count and a null seat give nothing.

A column of a kind the path does not read makes the rows that give it slow: the caller scores them one by one.
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

import msgspec
import pyarrow as pa
import pyarrow.compute as pc
from msgspec import UNSET

from gangci_calc.core.rules import SEATS
from gangci_calc.core.rules.addons import BET_NAMES
from gangci_calc.fastpath.arrays import flags, ints, same_flags, scalar, texts
from gangci_calc.fastpath.fast import PER_SEAT, ZERO
from gangci_calc.fastpath.records import FastBets, bounds
from gangci_calc.words import Message
from gangci_calc.words import messages as m

LETTERS = tuple(seat.name for seat in SEATS)  # E S W N, in the core's order


class Slow:
    """The slow rows, marked as the columns are read, each mark with what sent its rows there (``--verbose``
    counts them by the first)."""

    def __init__(self, rows: int) -> None:
        self.mask = same_flags(rows, False)
        self.marks: list[tuple[str, Any]] = []

    def mark(self, where: Any, why: str) -> None:
        """Mark the rows where ``where`` is true (a null is not true), for ``why`` (a field, as the JSON Lines
        path names it)."""
        where = pc.fill_null(where, scalar(False))
        self.marks.append((why, where))
        self.mask = pc.or_(self.mask, where)

    def given(self, column: Any, why: str) -> None:
        """Mark every row where ``column`` is given (not null): a value this path does not read."""
        self.mark(pc.is_valid(column), f"{why}: {m.WHY_UNREAD_COLUMN.en}")

    def why(self, rows: Any) -> dict[str, int]:
        """How many of ``rows`` (row numbers) each reason sent off the path first."""
        counts: dict[str, int] = {}
        seen = same_flags(len(self.mask), False)
        for why, where in self.marks:
            fresh = pc.and_not(where, seen)
            if not pc.any(fresh).as_py():
                continue
            seen = pc.or_(seen, fresh)
            count = pc.sum(pc.take(fresh, rows)).as_py() or 0
            if count:
                counts[why] = counts.get(why, 0) + count
        return counts


def text_of(column: Any, slow: Slow, name: str) -> Any:
    """A text column as ``string``; ``None`` (its given rows slow) where it holds something else."""
    if column is None:
        return None
    kind = column.type
    if pa.types.is_string(kind):
        return column
    if pa.types.is_large_string(kind) or pa.types.is_string_view(kind):
        return pc.cast(column, pa.string())
    slow.given(column, name)
    return None


def whole_of(column: Any, slow: Slow, name: str) -> Any:
    """A column of whole numbers as ``int64``; ``None`` (its given rows slow) where it holds something else."""
    if column is None:
        return None
    if pa.types.is_integer(column.type) and column.type != pa.uint64():
        return pc.cast(column, pa.int64())
    slow.given(column, name)
    return None


def flag_of(column: Any, slow: Slow, name: str) -> Any:
    if column is None or pa.types.is_boolean(column.type):
        return column
    slow.given(column, name)
    return None


def struct_of(
    column: Any, fields: tuple[str, ...], slow: Slow, name: str, *, required: bool = False
) -> dict[str, Any] | None:
    """A struct column's known fields (each null where the struct is); a field it has not heard of makes its rows
    slow, and so does a missing struct where it is ``required``. ``None`` where the column is missing or not a
    struct (its given rows slow)."""
    if column is None:
        return None
    if not pa.types.is_struct(column.type):
        slow.given(column, name)
        return None
    found = {}
    for field in column.type:
        values = pc.struct_field(column, field.name)
        if field.name in fields:
            found[field.name] = values
        else:
            slow.given(values, f"{name}.{field.name}")
    if required:  # missing: the loader says what is wanted
        slow.mark(pc.is_null(column), f"{name}: {m.WHY_MISSING.en}")
    return found


def seat_of(letters: Any, slow: Slow, name: str, *, required: bool = False) -> Any:
    """Each seat letter's number (E S W N: 0-3); a missing one is 4, or slow where ``required``."""
    return code_of(letters, LETTERS, slow, name, required=required, why=m.WHY_SEAT)


def code_of(
    values: Any, names: tuple[str, ...], slow: Slow, name: str, *, required: bool, why: Message = m.WHY_WORD
) -> Any:
    """Each value's place in ``names`` (as ``int64``); a value not there is slow (``why``: an alias, which the
    loader reads), and a missing one is ``len(names)``, or slow where ``required``."""
    at = pc.index_in(values, value_set=texts(names))
    slow.mark(pc.and_(pc.is_valid(values), pc.is_null(at)), f"{name}: {why.en}")
    if required:
        slow.mark(pc.is_null(values), f"{name}: {m.WHY_MISSING.en}")
    return pc.fill_null(pc.cast(at, pa.int64()), scalar(len(names)))


def combine(parts: list[tuple[Any, int]]) -> Any:
    """Codes, each below its bound, as one number per row (mixed radix)."""
    code = None
    for values, bound in parts:
        code = values if code is None else pc.add(pc.multiply(code, scalar(bound)), values)
    return code


def is_text(kind: Any) -> bool:
    """Is a column of this type text or bytes (JSON text, as a warehouse types it)?"""
    return any(is_kind(kind) for is_kind in (pa.types.is_string, pa.types.is_large_string, pa.types.is_string_view,
               pa.types.is_binary, pa.types.is_large_binary, pa.types.is_binary_view))  # fmt: skip


class BetColumns(NamedTuple):
    """The counts by the fast path's count index (seat × PER_SEAT + the bet's place), 0 where not given (``None``:
    no row gives it); and which rows' bets give North something (a zero too: the loader refuses it at a table of
    three), ``None`` where none can."""

    counts: list[Any | None]
    north: Any | None


def bet_columns(column: Any, slow: Slow) -> BetColumns:
    """The bets of each row; a count out of the typed decode's range, or a text the fast path is not sure of
    (a key twice, an alias, an escape), makes its row slow (the loader says why)."""
    if column is not None and isinstance(column.type, pa.BaseExtensionType):  # DuckDB's JSON, as pyarrow reads it
        column = column.storage
    if column is not None and is_text(column.type):
        return _texts(column, slow)
    return _structs(column, slow)


def _structs(column: Any, slow: Slow) -> BetColumns:
    counts: list[Any | None] = [None] * ZERO
    seats = struct_of(column, LETTERS, slow, "bets")
    if not seats:
        return BetColumns(counts, None)
    largest = bounds().counts
    for seat, letter in enumerate(LETTERS):
        bets = struct_of(seats.get(letter), BET_NAMES, slow, f"bets.{letter}")
        for number, name in enumerate(BET_NAMES):
            values = whole_of((bets or {}).get(name), slow, f"bets.{letter}.{name}")
            if values is None:
                continue
            out = pc.or_(pc.less(values, scalar(0)), pc.greater(values, scalar(largest)))
            slow.mark(out, f"bets.{letter}.{name}: {m.WHY_OUT_OF_RANGE.en}")
            counts[seat * PER_SEAT + number] = pc.fill_null(values, scalar(0))
    north = seats.get("N")
    if north is None:
        return BetColumns(counts, None)
    given = pc.is_valid(north)
    if pa.types.is_struct(north.type) and north.type.num_fields:  # a struct of nulls gives nothing
        given = functools.reduce(pc.or_, [pc.is_valid(pc.struct_field(north, field.name)) for field in north.type])
    return BetColumns(counts, given)


def _texts(column: Any, slow: Slow) -> BetColumns:
    """Bets as JSON text: each distinct text decoded once (:func:`_read`)."""
    if not pa.types.is_binary(column.type):
        column = pc.cast(column, pa.binary())
    found = pc.dictionary_encode(column)
    read = [_read(text) for text in found.dictionary.to_pylist()]
    at = found.indices
    slow.mark(pc.take(flags([made is None for made in read]), at), "bets")
    counts: list[Any | None] = [None] * ZERO
    for index in range(ZERO):
        values = [made[0][index] if made is not None else 0 for made in read]
        if any(values):
            counts[index] = pc.fill_null(pc.take(ints(values), at), scalar(0))  # a null text: no bets
    north = pc.fill_null(pc.take(flags([made is not None and made[1] for made in read]), at), scalar(False))
    return BetColumns(counts, north)


_SEATS = {letter: seat * PER_SEAT for seat, letter in enumerate(LETTERS)}


def _read(text: bytes) -> tuple[list[int], bool] | None:
    """A bets text's counts by count index, and whether it gives North something; ``None`` where the fast path
    reads it otherwise than the loader might (a key twice, an escape, a seat or a bet by another name, a count out
    of range): the loader says."""
    if b"\\" in text:
        return None
    try:
        bets = _decoder().decode(text)
    except (msgspec.DecodeError, RecursionError):
        return None
    counts = [0] * ZERO
    if bets is None:
        return counts, False
    keys, north, largest = len(bets), False, bounds().counts
    for letter, given in bets.items():
        at = _SEATS.get(letter)
        if at is None:
            return None
        if given is None:
            continue
        for number, name in enumerate(BET_NAMES):
            count = getattr(given, name)
            if count is UNSET:
                continue
            keys += 1
            if count is None:
                continue
            if not 0 <= count <= largest:
                return None
            north = north or at == _SEATS["N"]
            counts[at + number] = count
    return (counts, north) if text.count(b":") == keys else None  # each key once: as many colons as keys


@functools.cache
def _decoder() -> msgspec.json.Decoder[dict[str, FastBets | None] | None]:
    return msgspec.json.Decoder(dict[str, FastBets | None] | None)
