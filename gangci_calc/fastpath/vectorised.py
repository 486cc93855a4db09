"""The fast path over Arrow columns: a batch of plain records settled column by column (Parquet, ``score_batch``).

Each row's settlement is one of the fast path's plans (:mod:`.fast`: the core's shares for an add-on setting, a
dealer and a win, as a linear form of the add-on counts at a table's stakes). Here a row's plan is found from a
number made of its columns, each plan met in the batch is worked out once from the same tables, and the nets are
the forms' terms taken row by row and summed with Arrow's compute kernels: no Python per row.

A row the fast path would hand to the loader (a value it is not sure of, a column it does not read that is not
null, a kong or an outcome the core refuses) is marked *slow*. The caller scores the slow rows one by one through
the API, which gives the loader's result or its error; so no row is ever called wrong here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pyarrow as pa
import pyarrow.compute as pc
from msgspec import UNSET

from gangci_calc.fastpath.arrays import counting, flags, ints, same_flags, same_ints, scalar, texts
from gangci_calc.fastpath.columns import (
    LETTERS,
    Slow,
    bet_columns,
    code_of,
    combine,
    flag_of,
    seat_of,
    struct_of,
    text_of,
    whole_of,
)
from gangci_calc.fastpath.fast import (
    KONG,
    PER_SEAT,
    REFUSED,
    WIN,
    ZERO,
    FastPath,
    Form,
    Known,
    bets_refused,
    flat_table,
    forget_plans,
)
from gangci_calc.fastpath.held_columns import Outcome, Table, held_tables
from gangci_calc.fastpath.houses import HOUSES, forget_houses
from gangci_calc.fastpath.records import FastKong, FastWin, bounds
from gangci_calc.fastpath.said import KEPT, refused
from gangci_calc.fastpath.tables import TableStakes, houses
from gangci_calc.io.load.schema import TOP
from gangci_calc.words import messages as m

TYPES = tuple(WIN)  # the win types the fast path knows, by their code
KINDS = tuple(KONG)  # the kong types
READ = frozenset(
    {"stakes", "dealer", "win", "policy", "bets", "kongs", "players", "id", "rules", "ci", "mi", "tiles_left"}
)


class Settled(NamedTuple):
    """A batch settled column by column: the result columns (``net`` in half units per seat) for every row, and
    which rows are slow (their values here mean nothing: the caller scores them one by one)."""

    slow: Any  # pa.BooleanArray, no nulls
    halves: list[Any]  # int64 per seat, E S W N
    outcome: Any
    winner: Any
    source: Any
    dealer: Any
    players: Any  # struct of E S W N names, null where the row names none
    ident: Any  # the id as text
    why: Slow  # what sent each slow row off the path (``--verbose``)


def settle_batch(batch: pa.RecordBatch, fast: FastPath, carried: tuple[str, ...] = ()) -> Settled:
    """Every row of ``batch`` settled by the fast path's plans, or marked slow. ``carried``: columns passed through
    untouched (``--keep``), never a reason for a row to be slow; so is ``meta``."""
    rows = batch.num_rows
    slow = Slow(rows)
    for name in batch.schema.names:
        if name not in READ and name not in carried and TOP.lookup.get(name) != "meta":
            slow.given(batch.column(name), name)
    columns = {name: batch.column(name) for name in batch.schema.names if name in READ}
    outcome = _outcome(columns, rows, slow)
    dealer_at = seat_of(outcome.dealer, slow, "dealer", required=True)
    kind_at = code_of(outcome.kind, TYPES, slow, "win.type", required=True)
    winner_at, source_at = seat_of(outcome.winner, slow, "win.winner"), seat_of(outcome.source, slow, "win.from")
    policy = flag_of(columns.get("policy"), slow, "policy")
    on = pc.cast(pc.fill_null(policy, scalar(False)), pa.int64()) if policy is not None else same_ints(rows, 0)

    house = houses(columns.get("rules"), rows, fast, slow)
    held, tables = held_tables(columns, house, rows, slow, outcome)
    stakes = TableStakes(
        columns.get("stakes"),
        rows,
        fast,
        slow,
        held,
        lambda met: _RATIOS.numbered([_table(t, tables) for t in met]),
        lambda index: flat_table(*tables[index]),  # forms with a flat amount (跑底, 米): at the stakes themselves
    )
    bets = bet_columns(columns.get("bets"), slow)
    if bets.north is not None and house is not None:  # nobody sits at N at a table of three: the loader says so
        slow.mark(pc.and_(bets.north, _at_three(house)), f"bets: {m.WHY_AT_THREE.en}")
    _check_bets(bets.counts, dealer_at, on, house, slow)
    code = combine(
        [(stakes.ratio, 1), (on, 2), (dealer_at, 5), (kind_at, len(TYPES) + 1), (winner_at, 5), (source_at, 5)]
    )
    plans = _OUTCOMES.tables(code, fast)
    at = plans.at(code)
    slow.mark(pc.take(plans.refused, at), f"win: {m.WHY_REFUSED_OR_BAO.en}")
    slow.mark(_unscaled(plans, at, stakes.scale), "stakes")
    halves = [pc.take(plans.const[seat], at) for seat in range(4)]
    _add_terms(halves, plans.deltas, bets.counts, at)
    kongs = columns.get("kongs")
    if kongs is not None:
        _add_kongs(halves, kongs, (on, dealer_at), stakes, bets.counts, pc.take(plans.draw, at), fast, slow)
    halves = [pc.multiply(net, stakes.scale) for net in halves]
    players = _players(columns.get("players"), rows, slow, house)
    ident = _ident(columns.get("id"), rows, slow)
    return Settled(slow.mask, halves, outcome.kind, outcome.winner, outcome.source, outcome.dealer, players, ident,
                   slow)  # fmt: skip


def _outcome(columns: dict[str, Any], rows: int, slow: Slow) -> Outcome:
    """The dealer, the win's columns and the kongs, as texts (null where not given)."""
    nulls = pa.nulls(rows, pa.string())
    dealer = text_of(columns.get("dealer"), slow, "dealer") or nulls
    win = struct_of(columns.get("win"), ("type", "winner", "from", "bao"), slow, "win", required=True)
    if win is None:
        slow.mark(same_flags(rows, True), "win")
        win = {}
    kind = text_of(win.get("type"), slow, "win.type") or nulls
    winner = text_of(win.get("winner"), slow, "win.winner") or nulls
    source = text_of(win.get("from"), slow, "win.from") or nulls
    bao = flag_of(win.get("bao"), slow, "win.bao")
    if bao is not None and bao.null_count == rows:  # none given: nothing to read (a warehouse's struct field)
        bao = None
    return Outcome(dealer, kind, winner, source, bao, columns.get("kongs"))


def _unscaled(plans: Tables, at: Any, scale: Any) -> Any:
    """The rows whose form holds a flat amount (跑底, 米) at stakes taken as their ratio (a scale other than 1):
    the ratio cannot stand for them (a table whose forms hold one is taken at its stakes, :func:`~.fast.flat_table`;
    this is the odd one the probe did not show)."""
    return pc.and_(pc.take(plans.flat, at), pc.not_equal(scale, scalar(1)))


class _Ratios:
    """The tables met in this process, each with a number (a code's most significant part): the stakes' ratio
    (:attr:`Known.ratio`: the usual proportions, or a table's own) and the house rules with what the hands hold
    that they read. A platform's rooms choose their rules: thousands of tables, each numbered as it is met. Past
    :data:`MOST_TABLES` tables every table and form is let go (before a batch is numbered, never in the middle of
    one) and numbered again as met: a bound that evicts, never a cap."""

    def __init__(self) -> None:
        self.numbers: dict[object, int] = {}
        self.ratios: list[object] = []
        self.bases: list[tuple[int, int, int, int]] = []
        self.houses: list[Table] = []  # (house rules' number, what the hands hold that they read)

    def numbered(self, tables: list[tuple[Known, Table] | None]) -> list[int]:
        """Each table's number (0 for ``None``)."""
        fresh = {(t[0].ratio, t[1]) for t in tables if t is not None and (t[0].ratio, t[1]) not in self.numbers}
        if fresh and len(self.ratios) + len(fresh) > MOST_TABLES:  # the forms are keyed by the numbers: they go too
            self.__init__()  # type: ignore[misc]
            _OUTCOMES.clear()
            _KONG_FORMS.clear()
        found = []
        for table in tables:
            if table is None:
                found.append(0)
                continue
            known, house = table
            key = (known.ratio, house)
            number = self.numbers.get(key)
            if number is None:
                number = self.numbers[key] = len(self.ratios)
                self.ratios.append(known.ratio)
                self.bases.append(known.bases)
                self.houses.append(house)
            found.append(number)
        return found

    def form(self, plan: Any, number: int) -> Form:
        """``plan``'s form at a numbered ratio."""
        ratio = self.ratios[number]
        return plan.forms.get(ratio) or plan.form(ratio, self.bases[number])  # type: ignore[no-any-return]


MOST_TABLES = 1 << 14  # tables numbered at once (a code is its table's number × a width of a few thousand)
MOST_FORMS = 1 << 16  # forms kept at once, of outcomes and of kongs each (25 int64 arrays: about 13 MB each)


class Tables(NamedTuple):
    """The forms of the codes met so far, as Arrow arrays: a code's row is its place in ``codes``."""

    codes: Any  # int64 by row: the code whose form it is
    refused: Any  # bool by row: the core refuses it (the loader says why)
    flat: Any  # bool by row: its form holds a flat amount (right only at stakes taken as themselves)
    draw: Any  # bool by row: a 流局 that voids the kongs
    const: list[Any]  # int64 by row, per seat: the form's constant, in halves
    deltas: list[list[Any] | None]  # per count index, per seat: int64 by row (None: no form met counts it)

    def at(self, codes: Any) -> Any:
        """Each code's row (every code of a batch is in the tables: :meth:`_Forms.tables`)."""
        return pc.index_in(codes, value_set=self.codes)


class _Forms:
    """The forms of every code met in this process (a code: table number × ``width`` + what the plan is keyed
    by), worked out once each from the fast path's plans, and kept as :class:`Tables`: a code met later adds its
    row to the arrays already built (Arrow concatenates them), so a batch costs only what it meets first."""

    def __init__(self, width: int, plan_of: Callable[[FastPath, int, Table], Any]) -> None:
        self.width = width
        self.plan_of = plan_of  # a code's plan, without its table
        self.clear()

    def clear(self) -> None:
        self.place: dict[int, int] = {}  # by code: its row
        self.forms: list[Form] = []  # by row
        self.codes: list[int] = []
        self.refused: list[bool] = []
        self.flat: list[bool] = []
        self.draw: list[bool] = []
        self.made: Tables | None = None

    def tables(self, codes: Any, fast: FastPath) -> Tables:
        """The tables, with every code of ``codes`` in them."""
        met = pc.unique(codes).to_pylist()
        new = [code for code in met if code not in self.place]
        if not new and self.made is not None:
            return self.made
        if len(self.forms) + len(new) > MOST_FORMS:  # let go, and this batch's forms made again (their plans kept)
            self.clear()
            new = met
        built = len(self.forms)
        known = len(_RATIOS.ratios)
        for code in new:
            if code // self.width < known:
                self._add(code, fast)
        self.made = self._grown(built)
        # a code whose table is not numbered stands for rows whose stakes are unknown (slow rows): its row is this
        # batch's only, never kept, or a later table numbered so would find no form there
        passing = [code for code in new if code // self.width >= known]
        return self.made if not passing else _passing(self.made, passing)

    def _add(self, code: int, fast: FastPath) -> None:
        self.place[code] = len(self.forms)
        number, rest = divmod(code, self.width)
        plan = self.plan_of(fast, rest, _RATIOS.houses[number])
        known = plan is not REFUSED
        form = _RATIOS.form(plan, number) if known else _NOTHING
        self.codes.append(code)
        self.refused.append(not known)
        self.flat.append(not form.scaled)  # a flat amount (跑底, 米): right at stakes taken as themselves only
        self.draw.append(plan.draw)
        self.forms.append(form)

    def _grown(self, built: int) -> Tables:
        """The tables with the rows from ``built`` on added to those made before."""
        old, fresh = self.made, self.forms[built:]
        const = [_joined(old and old.const[seat], ints([form.const[seat] for form in fresh])) for seat in range(4)]
        deltas: list[list[Any] | None] = []
        for index in range(ZERO):
            had = old.deltas[index] if old is not None else None
            given = [form.deltas[index] or _NO_DELTA for form in fresh]
            if had is None and all(delta is _NO_DELTA for delta in given):
                deltas.append(None)  # no form met counts it
                continue
            before = had or [same_ints(built, 0)] * 4
            deltas.append([_joined(before[seat], ints([delta[seat] for delta in given])) for seat in range(4)])
        return Tables(
            _joined(old and old.codes, ints(self.codes[built:])),
            _joined(old and old.refused, flags(self.refused[built:])),
            _joined(old and old.flat, flags(self.flat[built:])),
            _joined(old and old.draw, flags(self.draw[built:])),
            const,
            deltas,
        )


def _passing(made: Tables, codes: list[int]) -> Tables:
    """``made`` with a refused row for each of ``codes`` (this batch's only)."""
    width = len(codes)
    zeros = same_ints(width, 0)
    return Tables(
        pa.concat_arrays([made.codes, ints(codes)]),
        pa.concat_arrays([made.refused, same_flags(width, True)]),
        pa.concat_arrays([made.flat, same_flags(width, False)]),
        pa.concat_arrays([made.draw, same_flags(width, False)]),
        [pa.concat_arrays([const, zeros]) for const in made.const],
        [None if d is None else [pa.concat_arrays([seat, zeros]) for seat in d] for d in made.deltas],
    )


def _joined(before: Any | None, after: Any) -> Any:
    """``after`` appended to ``before`` (``None``: nothing before it)."""
    return after if before is None else pa.concat_arrays([before, after])


_NO_DELTA = (0, 0, 0, 0)


def _outcome_plan(fast: FastPath, code: int, table: Table) -> Any:
    """The fast path's plan for an outcome's code (add-ons on?, dealer, win type, winner, from) at a table."""
    code, source = divmod(code, 5)
    code, winner = divmod(code, 5)
    code, kind = divmod(code, len(TYPES) + 1)
    policy, dealer = divmod(code, 5)
    if dealer >= 4 or kind >= len(TYPES):
        return REFUSED
    win = FastWin(
        TYPES[kind], LETTERS[winner] if winner < 4 else UNSET, LETTERS[source] if source < 4 else UNSET, UNSET
    )
    key = (bool(policy), LETTERS[dealer], win)
    house, held = table
    return fast.plans.get((house, *key, held)) or fast.plan_for(*key, house, held)


def _kong_plan(fast: FastPath, code: int, table: Table) -> Any:
    """The fast path's plan for a kong's code (add-ons on?, dealer, by, type, from) at a table's house rules."""
    code, source = divmod(code, 5)
    code, kind = divmod(code, len(KINDS) + 1)
    code, by = divmod(code, 5)
    policy, dealer = divmod(code, 5)
    if dealer >= 4 or by >= 4 or kind >= len(KINDS):
        return REFUSED
    kong = FastKong(LETTERS[by], KINDS[kind], LETTERS[source] if source < 4 else UNSET)
    key = (bool(policy), LETTERS[dealer], kong)
    house = table[0]
    return fast.kongs.get((house, *key)) or fast.kong_for(*key, house)


_RATIOS = _Ratios()
_OUTCOMES = _Forms(2 * 5 * (len(TYPES) + 1) * 5 * 5, _outcome_plan)
_KONG_FORMS = _Forms(2 * 5 * 5 * (len(KINDS) + 1) * 5, _kong_plan)


def forget_compiled() -> None:
    """Every plan, form, table, house number and check verdict the fast paths hold, dropped at once (a test that
    changes the core in memory starts from nothing; nothing else needs to)."""
    forget_houses()
    forget_plans()
    KEPT.clear()
    _RATIOS.__init__()  # type: ignore[misc]
    _OUTCOMES.clear()
    _KONG_FORMS.clear()


_NOTHING = Form((0, 0, 0, 0), (None,) * ZERO)


def _table(met: Any, tables: list[Table]) -> tuple[Known, Table] | None:
    """A (stakes, row's table index) pair as :meth:`_Ratios.numbered` takes it: the stakes and (house rules, held)."""
    return None if met is None else (met[0], tables[met[1]])


def _at_three(house: Any) -> Any:
    """Which rows' house rules (their numbers) are a table of three."""
    threes = [number for number, met in HOUSES.items() if met.house.three_players]
    return pc.is_in(house, value_set=ints(threes))  # pyarrow.array() would import pandas


def _check_bets(counts: list[Any | None], dealer: Any, on: Any, house: Any, slow: Slow) -> None:
    """Rows whose bets the core refuses (its own check, :func:`~.fast.bets_refused`, of each count apart, asked
    once per distinct count, dealer, 带政策 and house rules) are slow."""
    given = [(index, values) for index, values in enumerate(counts) if values is not None]
    if not given:
        return
    radix = bounds().counts + 1
    numbers = pc.dictionary_encode(house if house is not None else same_ints(len(on), 0))
    met = numbers.dictionary.to_pylist()
    table = pc.add(
        pc.multiply(combine([(pc.min_element_wise(dealer, scalar(4)), 1), (on, 2)]), scalar(len(met))),
        pc.cast(numbers.indices, pa.int64()),
    )  # dealer, 带政策, rules: one number
    for index, values in given:
        clipped = pc.min_element_wise(pc.max_element_wise(values, scalar(0)), scalar(radix - 1))  # else slow already
        key = pc.add(pc.multiply(table, scalar(radix)), clipped)
        distinct = pc.unique(key)
        refused = []
        for code in distinct.to_pylist():
            code, count = divmod(code, radix)
            code, at = divmod(code, len(met))
            seat, policy = divmod(code, 2)
            refused.append(
                seat < 4 and count > 0 and bets_refused([(index, count)], seat * PER_SEAT, bool(policy), met[at])
            )
        if any(refused):
            slow.mark(pc.take(flags(refused), pc.index_in(key, value_set=distinct)), f"bets: {m.WHY_REFUSED.en}")


def _add_terms(halves: list[Any], deltas: list[list[Any] | None], counts: list[Any | None], at: Any) -> None:
    """``halves`` raised by each count set times its plan's delta, seat by seat."""
    for index, tables in enumerate(deltas):
        values = counts[index]
        if tables is None or values is None:
            continue
        for seat in range(4):
            halves[seat] = pc.add(halves[seat], pc.multiply(values, pc.take(tables[seat], at)))


def _add_kongs(
    halves: list[Any], column: Any, table: tuple[Any, Any], stakes: TableStakes, counts: list[Any | None], draw: Any,
    fast: FastPath, slow: Slow,
) -> None:  # fmt: skip
    """Each row's kongs added to ``halves`` (none on a 流局 that voids them); a row with a kong the fast path does
    not take is slow."""
    kind = column.type
    if not (pa.types.is_list(kind) or pa.types.is_large_list(kind)) or not pa.types.is_struct(kind.value_type):
        slow.given(column, "kongs")
        return
    flat = pc.list_flatten(column)
    if not len(flat):
        return
    parents = pc.cast(pc.list_parent_indices(column), pa.int64())
    bad = Slow(len(flat))
    fields = struct_of(flat, ("by", "type", "from"), bad, "kongs", required=True) or {}
    nulls = pa.nulls(len(flat), pa.string())
    by = seat_of(text_of(fields.get("by"), bad, "kongs.by") or nulls, bad, "kongs.by", required=True)
    kind_at = code_of(text_of(fields.get("type"), bad, "kongs.type") or nulls, KINDS, bad, "kongs.type", required=True)
    source = seat_of(text_of(fields.get("from"), bad, "kongs.from") or nulls, bad, "kongs.from")
    on, dealer = (pc.take(column, parents) for column in table)
    code = combine(
        [(pc.take(stakes.ratio, parents), 1), (on, 2), (dealer, 5), (by, 5), (kind_at, len(KINDS) + 1), (source, 5)]
    )
    made = _KONG_FORMS.tables(code, fast)
    at = made.at(code)
    bad.mark(pc.take(made.refused, at), f"kongs: {m.WHY_REFUSED.en}")
    bad.mark(_unscaled(made, at, pc.take(stakes.scale, parents)), "stakes")
    numbers = counting(len(column))
    for why, where in bad.marks:  # each kong's reason, as its row's
        slow.mark(pc.is_in(numbers, value_set=pc.filter(parents, where)), why)
    added = [pc.take(made.const[seat], at) for seat in range(4)]
    _add_terms(added, made.deltas, [None if values is None else pc.take(values, parents) for values in counts], at)
    voided = pc.take(draw, parents)
    zero = scalar(0)
    # a null (a kong this path does not take: its row is slow, scored again) must not reach the running sums
    paid = [pc.fill_null(pc.if_else(voided, zero, added[seat]), zero) for seat in range(4)]
    # each row's kongs summed as the difference of running sums at its list's ends (``flat`` holds the rows' kongs
    # in order): no group_by, whose Acero engine imports pyarrow.dataset and with it pandas (0.16 s)
    lengths = pc.fill_null(pc.cast(pc.list_value_length(column), pa.int64()), zero)  # a Python 0 imports pandas
    ends = pc.cumulative_sum(lengths)  # where each row's kongs end in ``flat``, and the next row's begin
    starts = pc.subtract(ends, lengths)
    for seat in range(4):
        running = pa.concat_arrays([same_ints(1, 0), pc.cumulative_sum(paid[seat])])  # running[i]: the first i
        halves[seat] = pc.add(halves[seat], pc.subtract(pc.take(running, ends), pc.take(running, starts)))


def _players(column: Any, rows: int, slow: Slow, house: Any) -> Any:
    """The names at the seats (a struct, null where a row names none); a name the loader would change or refuse,
    one name at two seats, or a name at N at a table of three (``house``: each row's rules' number) makes its row
    slow."""
    names = [pa.nulls(rows, pa.string())] * 4
    fields = struct_of(column, LETTERS, slow, "players") or {}
    for seat, letter in enumerate(LETTERS):
        values = fields.get(letter)
        if values is not None and pa.types.is_integer(values.type):  # a warehouse's BIGINT ids: names as their digits
            values = _digits(values, slow, f"players.{letter}")
        values = text_of(values, slow, f"players.{letter}")
        if values is not None:
            names[seat] = values
    given = pc.unique(pa.chunked_array(names, pa.string())).to_pylist()  # a platform's few thousand, once each
    unkept = refused(given)
    if unkept:
        for values in names:
            slow.mark(pc.is_in(values, value_set=texts(unkept)), "players")
    for first in range(4):
        for second in range(first + 1, 4):
            slow.mark(pc.equal(names[first], names[second]), f"players: {m.WHY_NAME_TWICE.en}")
    if house is not None:  # nobody sits at N at a table of three: the loader says so
        slow.mark(pc.and_(pc.is_valid(names[3]), _at_three(house)), f"players: {m.WHY_AT_THREE.en}")
    named = pc.or_(
        pc.or_(pc.is_valid(names[0]), pc.is_valid(names[1])), pc.or_(pc.is_valid(names[2]), pc.is_valid(names[3]))
    )
    return pa.StructArray.from_arrays(names, names=list(LETTERS), mask=pc.invert(named))


def _ident(column: Any, rows: int, slow: Slow) -> Any:
    """The record's id as text; a whole number beyond the loader's bound on an id (a BIGINT's), or an id of
    another kind, is slow."""
    if column is None:
        return pa.nulls(rows, pa.string())
    if pa.types.is_integer(column.type):
        values = whole_of(column, slow, "id")
        if values is None:  # uint64: its given rows are slow
            return pa.nulls(rows, pa.string())
        largest = bounds().ids
        if largest < (1 << 63) - 1:  # a tighter bound than int64's own
            beyond = pc.or_(pc.greater(values, scalar(largest)), pc.less(values, scalar(-largest - 1)))
            slow.mark(beyond, f"id: {m.WHY_BOUND.en}")
        return pc.cast(values, pa.string())
    return text_of(column, slow, "id") or pa.nulls(rows, pa.string())


def _digits(column: Any, slow: Slow, name: str) -> Any:
    """Whole numbers as their digits, as the loader takes them for a text (a name); one beyond the loader's
    digits (or a uint64) is slow."""
    values = whole_of(column, slow, name)
    if values is None:  # uint64: its given rows are slow
        return pa.nulls(len(column), pa.string())
    digits = bounds().digits
    if digits < 19:
        largest = 10**digits
        beyond = pc.or_(pc.greater_equal(values, scalar(largest)), pc.less_equal(values, scalar(-largest)))
        slow.mark(beyond, f"{name}: {m.WHY_DIGITS.en}")
    return pc.cast(values, pa.string())
