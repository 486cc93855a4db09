"""Arrow columns as the column-by-column path reads them, and the rows it cannot take (``Slow``).

A column of a kind the path does not read makes the rows that give it slow: the caller scores them one by one.
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from gangci_calc.core.rules import SEATS
from gangci_calc.fastpath.arrays import same_flags, scalar, texts

LETTERS = tuple(seat.name for seat in SEATS)  # E S W N, in the core's order


class Slow:
    """The slow rows, marked as the columns are read."""

    def __init__(self, rows: int) -> None:
        self.mask = same_flags(rows, False)

    def mark(self, where: Any) -> None:
        """Mark the rows where ``where`` is true (a null is not true)."""
        self.mask = pc.or_(self.mask, pc.fill_null(where, scalar(False)))

    def given(self, column: Any) -> None:
        """Mark every row where ``column`` is given (not null): a value this path does not read."""
        self.mark(pc.is_valid(column))


def text_of(column: Any, slow: Slow) -> Any:
    """A text column as ``string``; ``None`` (its given rows slow) where it holds something else."""
    if column is None:
        return None
    kind = column.type
    if pa.types.is_string(kind):
        return column
    if pa.types.is_large_string(kind) or pa.types.is_string_view(kind):
        return pc.cast(column, pa.string())
    slow.given(column)
    return None


def whole_of(column: Any, slow: Slow) -> Any:
    """A column of whole numbers as ``int64``; ``None`` (its given rows slow) where it holds something else."""
    if column is None:
        return None
    if pa.types.is_integer(column.type) and column.type != pa.uint64():
        return pc.cast(column, pa.int64())
    slow.given(column)
    return None


def flag_of(column: Any, slow: Slow) -> Any:
    if column is None or pa.types.is_boolean(column.type):
        return column
    slow.given(column)
    return None


def struct_of(column: Any, fields: tuple[str, ...], slow: Slow, *, required: bool = False) -> dict[str, Any] | None:
    """A struct column's known fields (each null where the struct is); a field it has not heard of makes its rows
    slow, and so does a missing struct where it is ``required``. ``None`` where the column is missing or not a
    struct (its given rows slow)."""
    if column is None:
        return None
    if not pa.types.is_struct(column.type):
        slow.given(column)
        return None
    found = {}
    for field in column.type:
        values = pc.struct_field(column, field.name)
        if field.name in fields:
            found[field.name] = values
        else:
            slow.given(values)
    if required:  # missing: the loader says what is wanted
        slow.mark(pc.is_null(column))
    return found


def seat_of(letters: Any, slow: Slow, *, required: bool = False) -> Any:
    """Each seat letter's number (E S W N: 0-3); a missing one is 4, or slow where ``required``."""
    return code_of(letters, LETTERS, slow, required=required)


def code_of(values: Any, names: tuple[str, ...], slow: Slow, *, required: bool) -> Any:
    """Each value's place in ``names`` (as ``int64``); a value not there is slow, and a missing one is
    ``len(names)``, or slow where ``required``."""
    at = pc.index_in(values, value_set=texts(names))
    slow.mark(pc.and_(pc.is_valid(values), pc.is_null(at)))
    if required:
        slow.mark(pc.is_null(values))
    return pc.fill_null(pc.cast(at, pa.int64()), scalar(len(names)))


def combine(parts: list[tuple[Any, int]]) -> Any:
    """Codes, each below its bound, as one number per row (mixed radix)."""
    code = None
    for values, bound in parts:
        code = values if code is None else pc.add(pc.multiply(code, scalar(bound)), values)
    return code
