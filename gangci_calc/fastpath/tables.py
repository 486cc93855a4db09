"""A row's table as the column-by-column path reads it: its stakes (a scheme's number, a struct, or JSON text
or bytes as a warehouse types them) and its house rules (JSON text), each distinct value read once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec
import pyarrow as pa
import pyarrow.compute as pc
from msgspec import UNSET

from gangci_calc.core.rules import SCHEMES
from gangci_calc.fastpath.arrays import flags, ints, same_flags, same_ints, scalar, texts
from gangci_calc.fastpath.columns import Slow, is_text, struct_of, whole_of
from gangci_calc.fastpath.houses import HOUSES
from gangci_calc.fastpath.records import FastStakes, bounds, stakes_decoder

if TYPE_CHECKING:
    from gangci_calc.fastpath.fast import FastPath, Known

_PAIR = 1 << 40  # a (stakes, house rules) pair's code: the stakes' index × _PAIR + the rules' number
LARGEST = 10**12  # a stake above this is scored one by one: the sums stay far inside int64 (the core has no cap)
_NO = ""  # a null text, where a key must be made of texts


class TableStakes:
    """The stakes of each row as the fast path knows them (:class:`~.fast.Known`): the forms' ratio, by its number
    (``numbered``: :data:`~.vectorised._RATIOS`), and the scale (杠底, in the usual proportions)."""

    def __init__(
        self,
        column: Any,
        rows: int,
        fast: FastPath,
        slow: Slow,
        house: Any,
        numbered: Callable[[list[Any]], list[int]],
        whole: Callable[[int], bool] = lambda number: False,
    ) -> None:
        """``whole``: is a row's table (by its ``house`` number) one whose forms are taken at the stakes themselves
        (house rules: a flat amount, 跑底 or 米, may be in them), not at their ratio?"""
        if column is not None and isinstance(column.type, pa.BaseExtensionType):  # DuckDB's JSON, as pyarrow reads it
            column = column.storage
        if column is not None and pa.types.is_integer(column.type):  # a scheme's number
            keys, values = self._schemes(column, fast, slow)
        elif column is not None and is_text(column.type):  # JSON text: a number or a mapping (a warehouse's)
            keys, values = self._json(column, slow)
        else:
            keys, values = self._mappings(column, rows, fast, slow)
        found = pc.dictionary_encode(keys)
        knowns = [fast.stakes.get(value) or fast.stakes_for(value) if value is not None else None for value in
                  (values(key) for key in found.dictionary.to_pylist())]  # fmt: skip
        # each row's (stakes, house rules): the pairs met, each numbered once (the house's plans at the stakes' ratio)
        index = pc.multiply(pc.cast(found.indices, pa.int64()), scalar(_PAIR))
        pairs = pc.dictionary_encode(pc.add(index, house) if house is not None else index)
        met = [divmod(pair, _PAIR) for pair in pairs.dictionary.to_pylist()]
        tables = [(_at(knowns[index], whole(number)), number) if knowns[index] else None for index, number in met]
        ratio = numbered(tables)
        scale = [table[0].scale if table is not None else 0 for table in tables]
        slow.mark(pc.take(flags([table is None for table in tables]), pairs.indices), "stakes")
        self.ratio = pc.take(ints(ratio), pairs.indices)
        self.scale = pc.take(ints(scale), pairs.indices)

    @staticmethod
    def _schemes(column: Any, fast: FastPath, slow: Slow) -> tuple[Any, Callable[[Any], object]]:
        values = whole_of(column, slow, "stakes")
        if values is None:
            values = pa.nulls(len(column), pa.int64())
        slow.mark(pc.is_null(values), "stakes")
        known = {key for key in fast.stakes if isinstance(key, int)}
        return pc.fill_null(values, scalar(0)), lambda key: key if key in known else None

    @staticmethod
    def _json(column: Any, slow: Slow) -> tuple[Any, Callable[[Any], object]]:
        """Stakes as JSON text or bytes (DuckDB's JSON type, polars' binary): each distinct text read once."""
        slow.mark(pc.is_null(column), "stakes")  # missing: the loader says so
        if not pa.types.is_binary(column.type):
            column = pc.cast(column, pa.binary())
        return pc.fill_null(column, scalar(b"")), _stakes_text

    @staticmethod
    def _mappings(column: Any, rows: int, fast: FastPath, slow: Slow) -> tuple[Any, Callable[[Any], object]]:
        parts = struct_of(column, ("gang", "bomb", "ci", "dianpao"), slow, "stakes", required=True)
        if parts is None:
            slow.mark(same_flags(rows, True), "stakes")
            return texts([_NO] * rows), lambda key: None
        amounts = []
        for name in ("gang", "bomb", "ci", "dianpao"):
            values = whole_of(parts.get(name), slow, f"stakes.{name}")
            if values is None:
                values = pa.nulls(rows, pa.int64())
            slow.mark(
                pc.or_(pc.less_equal(values, scalar(0)), pc.greater(values, scalar(min(LARGEST, bounds().amount)))),
                f"stakes.{name}",
            )
            amounts.append(pc.cast(values, pa.string()))
        slow.mark(pc.is_null(amounts[0]), "stakes.gang")  # 杠底 is the one it must give
        key = pc.binary_join_element_wise(*(pc.fill_null(a, scalar(_NO)) for a in amounts), scalar(","))
        return pc.fill_null(key, scalar(_NO)), _stakes_of


def _at(known: Known, whole: bool) -> Known:
    return known.whole if whole else known


def houses(column: Any, rows: int, fast: FastPath, slow: Slow) -> Any:
    """Each row's house rules, by their number in :data:`~.fast.HOUSES` (0: none, or null), from JSON text or bytes
    (DuckDB's JSON type), each distinct text read once by the loader (:meth:`~.fast.FastPath.house_of`); rules it
    does not take, or of another kind (a struct), make their rows slow."""
    base = fast.base  # a row without rules (or null ones) is at the batch's base rules: 0, the seed's
    if column is None:
        return same_ints(rows, base) if base else None
    if isinstance(column.type, pa.BaseExtensionType):
        column = column.storage
    if not is_text(column.type):
        slow.given(column, "rules")
        return same_ints(rows, base) if base else None
    found = pc.dictionary_encode(pc.cast(column, pa.binary()) if not pa.types.is_binary(column.type) else column)
    given = found.dictionary.to_pylist()
    numbers = [_house_number(fast, text) for text in given]
    # a set of rules let go while the batch's texts were numbered (its generation ended as later ones came):
    # numbered again, once (a batch of more sets than two generations hold leaves the rest to the loader)
    for at, number in enumerate(numbers):
        if number > 0 and number not in HOUSES:
            numbers[at] = _house_number(fast, given[at])
    numbers = [number if number <= 0 or number in HOUSES else -1 for number in numbers]
    at = pc.take(ints(numbers), found.indices)
    slow.mark(pc.less(at, scalar(0)), "rules")
    return pc.max_element_wise(pc.fill_null(at, scalar(base)), scalar(0))


def _house_number(fast: FastPath, text: bytes) -> int:
    try:
        return fast.house_of(msgspec.Raw(text))[0]
    except UnicodeDecodeError:
        return -1


def _stakes_text(key: bytes) -> int | FastStakes | None:
    """Stakes from their JSON text, where the fast path reads them as the loader would (a key twice, an escape or
    a value it bounds otherwise: ``None``, and its rows are slow)."""
    if not key or b"\\" in key:
        return None
    try:
        value = stakes_decoder(bounds()).decode(key)
    except (msgspec.DecodeError, RecursionError):
        return None
    if isinstance(value, bool) or (isinstance(value, int) and value not in SCHEMES):
        return None
    if isinstance(value, FastStakes):  # each key once: as many colons as keys
        keys = 1 + (value.bomb is not UNSET) + (value.ci is not UNSET) + (value.dianpao is not UNSET)
        amounts = (value.gang, value.bomb, value.ci, value.dianpao)
        if key.count(b":") != keys or any(isinstance(a, int) and a > LARGEST for a in amounts):
            return None
    return value


def _stakes_of(key: str) -> FastStakes | None:
    """A stakes mapping from its key (``gang,bomb,ci,dianpao``, a missing one empty)."""
    if not key:
        return None
    amounts = [int(part) if part else None for part in key.split(",")]
    if amounts[0] is None or any(a is not None and not 0 < a <= min(LARGEST, bounds().amount) for a in amounts):
        return None  # its rows are slow: the loader says what is wrong
    gang, bomb, ci, point = (UNSET if a is None else a for a in amounts)
    return FastStakes(gang, bomb, ci, point)  # type: ignore[arg-type]
