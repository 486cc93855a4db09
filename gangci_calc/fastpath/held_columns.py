"""What each row's hand holds that its table's rules read, by columns (the column-by-column path,
:mod:`.vectorised`): the ci tile (次风翻倍), 米 (下米), the tiles left, and 包次 as the tiles left and the kongs make
it, or as given by hand. Each distinct value is asked of the core once, by the JSON Lines path's own functions
(:func:`~.fast.held_verdict`, :func:`~.fast.bao_verdict`); a row the core refuses is slow (the loader says why).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pyarrow as pa
import pyarrow.compute as pc
from msgspec import UNSET

from gangci_calc.core.rules import NO_MI
from gangci_calc.fastpath.arrays import flags, ints, same_ints, scalar
from gangci_calc.fastpath.columns import LETTERS, Slow, combine, struct_of, text_of, whole_of
from gangci_calc.fastpath.fast import NOTHING_HELD, REFUSED_BAO, Held, bao_verdict, ci_tile, held_verdict
from gangci_calc.fastpath.records import FastKong, FastWin
from gangci_calc.words import messages as m

Table = tuple[int, "Held | None"]  # a row's table: its house rules' number, and what its hand holds that they read
NO_TABLE: Table = (0, None)  # the seed's rules, nothing held
_APART = "\x1f"  # between the parts of a key made of texts (no tile's, seat's or type's text holds it)


class Outcome(NamedTuple):
    """A row's outcome as the columns give it (each ``string``; ``bao`` ``bool`` or ``None``), and its kongs."""

    dealer: Any
    kind: Any
    winner: Any
    source: Any
    bao: Any | None
    kongs: Any | None


def held_tables(
    columns: dict[str, Any], house: Any, rows: int, slow: Slow, outcome: Outcome
) -> tuple[Any, list[Table]]:
    """Each row's table (an index into the list returned): its house rules (``house``: their numbers, or ``None``)
    and what its hand holds that they read."""
    numbers = house if house is not None else same_ints(rows, 0)
    if all(columns.get(name) is None for name in ("ci", "tiles_left", "mi")) and outcome.bao is None:
        coded = pc.dictionary_encode(numbers)  # nothing held: a table per rules
        return pc.cast(coded.indices, pa.int64()), [(number, None) for number in coded.dictionary.to_pylist()]
    number = pc.cast(numbers, pa.string())
    ci = text_of(columns.get("ci"), slow, "ci")
    ci = pc.fill_null(ci, scalar("")) if ci is not None else scalar("")  # a scalar stands for every row
    left = whole_of(columns.get("tiles_left"), slow, "tiles_left")
    left = pc.fill_null(pc.cast(left, pa.string()), scalar("")) if left is not None else scalar("")
    mi = struct_of(columns.get("mi"), LETTERS, slow, "mi") or {}
    pending = []
    for letter in LETTERS:
        counts = whole_of(mi.get(letter), slow, f"mi.{letter}")
        pending.append(pc.fill_null(pc.cast(counts, pa.string()), scalar("0")) if counts is not None else scalar("0"))
    # the core's checks of the ci tile, 米 and the tiles left read nothing else of a hand, nor each other: each is
    # asked apart (a platform's tiles left and ci tiles are many; their pairs with 米, many more)
    ci_at, ci_said = _asked(number, [ci], lambda n, parts: held_verdict(n, parts[0] or None, NO_MI, None))
    left_at, left_said = _asked(
        number, [left], lambda n, parts: held_verdict(n, None, NO_MI, int(parts[0]) if parts[0] else None)
    )
    mi_at, mi_said = _asked(number, pending, lambda n, parts: held_verdict(n, None, _mi(parts), None))
    # each row's (rules, and the three verdicts): rows whose rules read none of it share one table
    wide = (len(ci_said), len(left_said), len(mi_said))
    both = combine([(numbers, 1), (ci_at, wide[0]), (left_at, wide[1]), (mi_at, wide[2])])
    found = pc.dictionary_encode(both)
    held: list[Held | str] = []
    held_houses = []
    for code in found.dictionary.to_pylist():
        code, at_mi = divmod(code, wide[2])
        code, at_left = divmod(code, wide[1])
        house, at_ci = divmod(code, wide[0])
        held.append(_joined(ci_said[at_ci], mi_said[at_mi], left_said[at_left]))
        held_houses.append(house)
    at = pc.cast(found.indices, pa.int64())
    for why in {said for said in held if isinstance(said, str)}:
        slow.mark(pc.take(flags([said == why for said in held]), at), why)
    bao = _bao(at, held, outcome, numbers, (ci, left), slow)
    return _with_bao(held_houses, at, held, bao)


def _mi(parts: list[str]) -> tuple[int, int, int, int]:
    return int(parts[0]), int(parts[1]), int(parts[2]), int(parts[3])


def _asked(number: Any, parts: list[Any], ask: Asker) -> tuple[Any, list[Held | str]]:
    """Each row's (rules, ``parts``) asked of the core, once for each distinct one; each row's verdict as an index
    into the distinct verdicts (a tile the rules do not read is the same verdict as any other)."""
    found = pc.dictionary_encode(pc.binary_join_element_wise(number, *parts, scalar(_APART)))
    said: list[Held | str] = []
    places: dict[Held | str, int] = {}
    verdicts = []
    for text in found.dictionary.to_pylist():
        house, *given = text.split(_APART)
        verdict = ask(int(house), given) if len(given) == len(parts) else _UNSURE  # a text that holds _APART
        place = places.get(verdict)
        if place is None:
            place = places[verdict] = len(said)
            said.append(verdict)
        verdicts.append(place)
    return pc.take(ints(verdicts), found.indices), said


Asker = Callable[[int, list[str]], "Held | str"]
_UNSURE = "ci: a value the fast path does not take"


def _joined(ci: Held | str, mi: Held | str, left: Held | str) -> Held | str:
    """The three verdicts as one (the first refusal, in the core's order of checks)."""
    for said in (ci, mi, left):
        if isinstance(said, str):
            return said
    assert not isinstance(ci, str) and not isinstance(mi, str) and not isinstance(left, str)
    return Held(ci.ci, mi.mi, left.bao)


_KEEP, _NO, _YES = 0, 1, 2  # a row's 包次: not said (none, or the tiles left make none), false, true
_REFUSED = -1  # the core refuses the outcome or the kongs: the row is slow


def _bao(at: Any, held: list[Held | str], outcome: Outcome, numbers: Any, given: tuple[Any, Any], slow: Slow) -> Any:
    """Each row's 包次 (:data:`_KEEP`, :data:`_NO`, :data:`_YES`): as given by hand (``win.bao``), else where its
    rules read the tiles left, as the core's hand says from them, its outcome and its kongs (``given``: each row's
    ci tile and tiles left, as texts)."""
    reads = pc.take(flags([not isinstance(said, str) and said.bao is True for said in held]), at)
    code = same_ints(len(at), _KEEP)
    if outcome.bao is not None:
        code = pc.fill_null(pc.add(pc.cast(outcome.bao, pa.int64()), scalar(_NO)), code)
        reads = pc.and_(reads, pc.is_null(outcome.bao))
    if not pc.any(reads).as_py():
        return code
    parts = [pc.cast(numbers, pa.string()), outcome.dealer, outcome.kind, outcome.winner, outcome.source, *given]
    parts.append(_kong_texts(outcome.kongs, len(at)))
    filled = [part if isinstance(part, pa.Scalar) else pc.fill_null(part, scalar("")) for part in parts]
    key = pc.binary_join_element_wise(*filled, scalar(_APART))
    found = pc.dictionary_encode(pc.if_else(reads, key, scalar("")))  # a row that does not read them: ""
    made = ints([_asked_bao(text) if text else _KEEP for text in found.dictionary.to_pylist()])
    said = pc.take(made, found.indices)
    slow.mark(pc.equal(said, scalar(_REFUSED)), f"win or kongs: {m.WHY_REFUSED.en}")
    return pc.if_else(reads, pc.max_element_wise(said, scalar(_KEEP)), code)  # a refused row is slow: any table


def _asked_bao(text: str) -> int:
    """The core's 包次 for a (rules, dealer, win, ci tile, tiles left, kongs) key."""
    parts = text.split(_APART)
    given = [kong.split(",") for kong in parts[-1].split(";") if kong]
    if len(parts) != 8 or any(len(kong) != 3 for kong in given):  # a text holding a separator: the loader's
        return _REFUSED
    house, dealer, kind, winner, source, ci, left, _ = parts
    win = FastWin(kind, winner or UNSET, source or UNSET, UNSET)
    made = tuple(FastKong(by, what, source or UNSET) for by, what, source in given)
    tile = ci_tile(ci) if ci else None
    found = bao_verdict(int(house), dealer, win, made, int(left), tile)
    if found is REFUSED_BAO:
        return _REFUSED
    return _KEEP if found.bao is None else _YES if found.bao else _NO


def _kong_texts(column: Any, rows: int) -> Any:
    """Each row's kongs as one text (``by,type,from`` a kong, ``;`` between them), ``""`` for none (a column of
    another kind: its rows are slow, :func:`~.vectorised._add_kongs`)."""
    kind = column.type if column is not None else pa.null()
    if not (pa.types.is_list(kind) or pa.types.is_large_list(kind)) or not pa.types.is_struct(kind.value_type):
        return pa.nulls(rows, pa.string())
    flat = pc.list_flatten(column)
    parts = []
    for name in ("by", "type", "from"):
        if flat.type.get_field_index(name) < 0:  # a field no kong gives (a struct without "from")
            parts.append(scalar(""))
            continue
        values = text_of(pc.struct_field(flat, name), Slow(len(flat)), name)  # large_string, string_view: as text
        if values is None:  # not text: those rows are slow (the kongs' own reading says so)
            return pa.nulls(rows, pa.string())
        parts.append(pc.fill_null(values, scalar("")))
    if all(isinstance(part, pa.Scalar) for part in parts):  # no kong names who made it: every such row is slow
        return pa.nulls(rows, pa.string())
    each = pc.binary_join_element_wise(*parts, scalar(","))
    lengths = pc.fill_null(pc.cast(pc.list_value_length(column), pa.int64()), scalar(0))  # pa.array imports pandas
    offsets = pc.cast(pa.concat_arrays([same_ints(1, 0), pc.cumulative_sum(lengths)]), pa.int32())
    return pc.binary_join(pa.ListArray.from_arrays(offsets, each), scalar(";"))


def _with_bao(houses: list[int], at: Any, held: list[Held | str], bao: Any) -> tuple[Any, list[Table]]:
    """Each row's table with its 包次, as an index into the list of the distinct ones (``houses``: the rules'
    number of each distinct held)."""
    found = pc.dictionary_encode(pc.add(pc.multiply(pc.cast(at, pa.int64()), scalar(3)), bao))
    tables: list[Table] = []
    for code in found.dictionary.to_pylist():
        index, bao_code = divmod(code, 3)
        said = held[index]
        if isinstance(said, str):
            tables.append(NO_TABLE)  # its rows are slow
            continue
        said = said._replace(bao=None if bao_code == _KEEP else bao_code == _YES)
        tables.append((houses[index], None if said == NOTHING_HELD else said))
    return pc.cast(found.indices, pa.int64()), tables
