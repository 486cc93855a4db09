"""The fast path of ``gangci batch``: a typed decode (msgspec) and a straight-line settle, for plain records.

A record in the plain shape (canonical keys, seats as ``E S W N``, a scheme or a
stakes mapping, house rules as a JSON object for four players, no tiles, ci, 米,
fee or tiles left) is decoded straight into typed structs and settled with a few
additions. Anything the fast path is not
sure of (an alias, a key given twice, a value out of range, a rule the hand
breaks) it hands back to the loader's path (``commands/batch/scoring.py``), which gives
the same result, or the error with its file:line:col. The fast path never calls
a record wrong.

The settlement is the core's, not a copy: for each (house rules, add-ons on?, dealer,
win, winner, from) met, the shares are the core's
:func:`~gangci_calc.core.rules.settle.linear_form` of a
:class:`~gangci_calc.core.rules.Hand` the core checked, worked out once, when first
met, each table's house rules read once by the loader (:mod:`gangci_calc.fastpath.houses`).
What is kept is that table of shares, not any record's result.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from math import gcd
from typing import Any, NamedTuple, NoReturn

import msgspec
from msgspec import UNSET, Raw, UnsetType

from gangci_calc.core.errors import RuleError
from gangci_calc.core.rules import (
    NO_BETS,
    NO_MI,
    SCHEMES,
    SEATS,
    SEED_RULES,
    Bets,
    Hand,
    HouseRules,
    Kong,
    KongType,
    Part,
    Role,
    Seat,
    Stakes,
    TableRules,
    Win,
)
from gangci_calc.core.rules import Outcome as Won
from gangci_calc.core.rules import hand as core_checks
from gangci_calc.core.rules.addons import BET_NAMES
from gangci_calc.core.rules.settle import Row, kong_rows, linear_form, rows
from gangci_calc.fastpath.houses import HOUSES, house_number, pinned, raw_house, rules_text, when_let_go
from gangci_calc.fastpath.memo import Generations
from gangci_calc.fastpath.paid import Paid, paid_forms, plans_payments_text
from gangci_calc.fastpath.records import (
    FastBets,
    FastHand,
    FastKong,
    FastMi,
    FastStakes,
    FastWin,
    bounds,
    decoder,
    record_type,
)
from gangci_calc.fastpath.said import checked_for, clean_json, meta_taken, names_of, raw_meta
from gangci_calc.io.export.batch_lines import NO_ECHO, Echo, LineOutcome, json_text
from gangci_calc.io.load.boundary import null_free_json, without_nulls
from gangci_calc.words import messages as m

WIN = {win.value: win for win in Win}  # the core refuses what the seed's rules do not allow (点炮, 抢杠)
KONG = {kind.value: kind for kind in KongType}
COUNTED = {name: place for place, name in enumerate(BET_NAMES)}  # the counts the typed decode takes, by name
PER_SEAT = len(BET_NAMES)  # a count's index: seat × PER_SEAT + its bet's place in the core's BET_NAMES
ZERO = 4 * PER_SEAT  # how many count indexes there are
_PIAO, _DI, _GANG, _PAO = (BET_NAMES.index(name) for name in ("piao", "di", "gang", "pao"))  # the decode's fields


class Form(NamedTuple):
    """A net as a linear form of the add-on counts, at one table's stakes, in halves per seat:
    ``const`` with no add-on set, plus ``count × deltas[index]`` for each count set (``None``: it counts nothing).
    The sum of the core's :func:`~gangci_calc.core.rules.settle.linear_form`; ``scaled``: every part of it grows with
    the stakes (else the stakes' ratio cannot stand for them, and the record goes to the loader)."""

    const: tuple[int, int, int, int]
    deltas: tuple[tuple[int, int, int, int] | None, ...]
    scaled: bool = True


_FLAT_PARTS = frozenset(part for part in Part if not part.scaled)  # the core's word on which parts are flat
HandAt = Callable[[Stakes], "tuple[Hand, list[Row] | None]"]  # a plan's hand at some stakes, and its shares' rows


class Plan:
    """One outcome (or one kong) at one 带政策 setting: the core's hand for it, and its :class:`Form` at each
    stakes' ratio, compiled by the core once."""

    __slots__ = ("dealer", "draw", "forms", "hand_at", "how", "keys", "mi", "paid", "verdicts")

    def __init__(self, hand_at: HandAt, dealer: int, how: LineOutcome, draw: bool, keys: int) -> None:
        self.hand_at = hand_at
        self.dealer = dealer  # the dealer's first count index (seat × PER_SEAT)
        self.how = how
        self.draw = draw  # 流局: the kongs are void (the seed's rules)
        self.keys = keys  # how many keys its JSON takes: the win's and the record's must (stakes, dealer, win)
        self.forms: dict[object, Form] = {}  # by the stakes' ratio
        self.paid: dict[object, tuple[Paid, ...]] = {}  # its payments (``--payments``), by the stakes' ratio
        self.mi = False  # its hand holds 米 (下米)
        # the core's word on each bet count at its table (:func:`bets_refused`), shared by the table's plans
        self.verdicts: dict[tuple[int, int], bool] = {}

    def form(self, ratio: object, bases: tuple[int, int, int, int]) -> Form:
        """The core's linear form of this plan's hand at these bases, summed per seat."""
        hand, found = self.hand_at(Stakes(gang=bases[2], bomb=bases[0], ci=bases[1], dianpao=bases[3]))
        const = [0, 0, 0, 0]
        deltas: list[list[int] | None] = [None] * ZERO
        scaled = True
        for share in linear_form(hand, found):
            row = share.row
            payer, payee, amount = int(row.payer), int(row.payee), share.const
            const[payee] += amount
            const[payer] -= amount
            if scaled and row.part in _FLAT_PARTS:  # 米: a flat amount, not the stakes' ratio
                scaled = False
            for term in share.terms:
                if not term.scaled:
                    scaled = False
                index = int(term.seat) * PER_SEAT + COUNTED[term.addon]
                delta = deltas[index]
                if delta is None:
                    delta = deltas[index] = [0, 0, 0, 0]
                delta[payee] += term.coefficient
                delta[payer] -= term.coefficient
        if len(self.forms) > 64:  # a table's stakes: a few; bounded all the same
            self.forms.clear()
        made = self.forms[ratio] = Form(
            (const[0], const[1], const[2], const[3]),
            tuple((d[0], d[1], d[2], d[3]) if d else None for d in deltas),
            scaled,
        )
        return made


def _refused(stakes: Stakes) -> tuple[Hand, list[Row] | None]:
    raise LookupError("a refused plan has no form: its records go to the loader")


REFUSED = Plan(_refused, -1, LineOutcome("", "", "", "", ""), False, 0)  # the core refuses it: the loader says why


class Known(NamedTuple):
    """A table's stakes as the fast path uses them: the forms to use (by ``ratio``) and what to scale them by.

    Stakes are taken as their ratio (the bases over their greatest common divisor) times ``scale``: a share's
    scaled parts are linear in its base, so stakes in the same proportions share the ratio's forms.
    """

    ratio: tuple[int, int, int, int]  # the bases the forms are made with (bomb, ci, gang, point)
    scale: int
    keys: int  # the keys the stakes take in JSON (0 for ``stakes: 1``)

    @property
    def bases(self) -> tuple[int, int, int, int]:
        return self.ratio

    @property
    def whole(self) -> Known:
        """The same stakes as their own ratio (scale 1), for a form with a flat amount in it (跑底)."""
        r, scale = self.ratio, self.scale
        return Known((r[0] * scale, r[1] * scale, r[2] * scale, r[3] * scale), 1, self.keys)


def known(stakes: Stakes, keys: int) -> Known:
    """Stakes as their ratio and scale."""
    bases = (stakes.bomb, stakes.ci, stakes.gang, stakes.point)
    scale = gcd(*bases)
    return Known((bases[0] // scale, bases[1] // scale, bases[2] // scale, bases[3] // scale), scale, keys)


Net = tuple[int, int, int, int]  # per seat, E S W N, in halves


def _add_bets(
    bets: dict[str, FastBets | None], form: Form, net: Net, counted: list[tuple[int, int]]
) -> tuple[Net, int] | None:
    """The bets' terms of ``form`` added to ``net``, each count set noted in ``counted`` as (index, count) (for the
    kongs' 杠, for ``--payments`` and for the core's check of the bets, :func:`bets_refused`), and the keys the bets
    take; ``None`` for a seat that is not one of ``E S W N`` (the loader's). Written out count by count: it is the
    hot loop's (a loop over the four counts measured 1.07-1.14x the time of the whole scoring loop,
    ``benchmarks/bench_loop.py --before``, 2026-12-04)."""
    e, s, w, n = net
    keys = 1 + len(bets)
    deltas = form.deltas
    for letter, counts in bets.items():
        at = _COUNT_AT.get(letter)
        if at is None:
            return _slow(f"bets: {m.WHY_SEAT.en}")
        if counts is None:  # a seat given as null: not given
            continue
        piao, di, gang, pao = counts.piao, counts.di, counts.gang, counts.pao  # None: not given, and no count
        if piao is not UNSET:
            keys += 1
            if piao:
                counted.append((at[1], piao))
                if (delta := deltas[at[1]]) is not None:
                    e, s, w, n = e + piao * delta[0], s + piao * delta[1], w + piao * delta[2], n + piao * delta[3]
        if di is not UNSET:
            keys += 1
            if di:
                counted.append((at[2], di))
                if (delta := deltas[at[2]]) is not None:
                    e, s, w, n = e + di * delta[0], s + di * delta[1], w + di * delta[2], n + di * delta[3]
        if gang is not UNSET:
            keys += 1
            if gang:
                counted.append((at[3], gang))
                if (delta := deltas[at[3]]) is not None:
                    e, s, w, n = e + gang * delta[0], s + gang * delta[1], w + gang * delta[2], n + gang * delta[3]
        if pao is not UNSET:
            keys += 1
            if pao:
                counted.append((at[4], pao))
                if (delta := deltas[at[4]]) is not None:
                    e, s, w, n = e + pao * delta[0], s + pao * delta[1], w + pao * delta[2], n + pao * delta[3]
    return (e, s, w, n), keys


def bets_refused(counted: list[tuple[int, int]], dealer: int, policy: bool, house: int) -> bool:
    """Does the core refuse any of these counts (index, count) with this dealer (his first count index), 带政策
    setting and house rules? Its own checks (``core/rules/hand.py`` ``check_hand``), each count in a hand of its own,
    asked once per distinct (count, dealer, 带政策, rules): the core checks each count apart from the others."""
    verdicts = _verdicts(dealer, policy, house)
    for count in counted:
        refused = verdicts.get(count)
        if refused is None:
            refused = verdicts[count] = _core_refuses([count], dealer, policy, house)
        if refused:
            return True
    return False


def _verdicts(dealer: int, policy: bool, house: int) -> dict[tuple[int, int], bool]:
    """The core's word on each bet count at a table (dealer, 带政策, rules), as far as it has been asked."""
    table = (dealer, policy, house)
    verdicts = _BETS_CHECKED.young.get(table)
    if verdicts is None:
        verdicts = _BETS_CHECKED.get(table)
        if verdicts is None:
            verdicts = _BETS_CHECKED.put(table, {})
    return verdicts


def _core_refuses(counted: list[tuple[int, int]], dealer: int, policy: bool, house: int) -> bool:
    seats: list[dict[str, int]] = [{}, {}, {}, {}]
    for index, count in counted:
        seat, place = divmod(index, PER_SEAT)
        seats[seat][BET_NAMES[place]] = count
    e, s, w, n = (Bets(**given) if given else NO_BETS for given in seats)
    rules = HOUSES.get(house)
    if rules is None:  # let go (:mod:`.houses`): the loader's
        return True
    try:  # the core's checks of a hand, these bets in a hand of their own (the outcome's plan has its own)
        Hand(TableRules(SCHEMES[1], policy, rules.house), Seat(dealer // PER_SEAT), Won.draw(), bets=(e, s, w, n))
    except RuleError:
        return True
    return False


# (dealer, 带政策, rules) -> (count index, count) -> does the core refuse it?
_BETS_CHECKED: Generations[tuple[int, bool, int], dict[tuple[int, int], bool]] = Generations(1 << 12)
_WHY = [""]  # what sent the last record the fast path did not settle to the loader (``--verbose`` counts them)


class _AtStakes(Exception):
    """A kong's form holds a flat amount (跑底) at stakes taken as their ratio: the record's forms must be taken at
    the stakes themselves (:attr:`Known.whole`)."""


def _slow(why: str) -> NoReturn | None:  # noqa: RUF020 (mypy: "None", not "no value", at the call sites)
    """``None`` (the loader's), noting why."""
    _WHY[0] = why
    return None


def _names_north(bets: dict[str, FastBets | None]) -> bool:
    """Bets that give North something (zeros too: the loader refuses them at a table of three); N as null, or as a
    warehouse's struct of nulls, gives nothing."""
    north = bets.get("N")
    return north is not None and any(
        value is not None and value is not UNSET for value in (north.piao, north.di, north.gang, north.pao)
    )


# what a record settles to: its outcome's plan, the net per seat in halves (E S W N), what it echoes, its names, and
# its payments as JSON text (``--payments``; else "")
Fast = tuple[Plan, int, int, int, int, Echo, dict[int, str], str]


class FastPath:
    """Decode, check and settle plain records; ``None`` means "let the loader do it" (it never means wrong)."""

    def __init__(self, keep: tuple[str, ...] = (), base: HouseRules = SEED_RULES) -> None:
        """``base``: the rules of every table (``--rules``), which a record's own ``rules`` change key by key."""
        self.keep = keep
        self.base = pinned(base)  # their number in HOUSES (0: the seed's)
        self.no_rules = (self.base, 0)  # a record without rules: at the base's, no keys
        self.unsaid = _UNSAID if not keep else ()  # with --keep, every record may have something to echo
        limits = bounds()
        self.digits = limits.digits
        checked_for(limits.names)
        self.decoder = decoder(keep, limits)
        self.data_type = record_type(keep, raw=False, limits=limits)
        # the tables are the core's settlement, worked out as outcomes are met: one set per process
        self.plans, self.kongs, self.stakes = _PLANS, _KONGS, _STAKES

    def score_data(self, data: dict[str, Any]) -> Fast | None:
        """A YAML record, already parsed by the boundary's loader (which refuses a key given twice), or ``None``."""
        record = self.typed(data)
        return self.settle(record, -1) if record is not None else None

    def typed(self, data: dict[str, Any]) -> FastHand | None:
        """Parsed data as the typed record :meth:`settle` takes; ``None`` where it is not in the plain shape."""
        try:
            return msgspec.convert(data, self.data_type, strict=True)
        except (msgspec.ValidationError, RecursionError):
            return None

    def why_slow(self, row: str, paying: bool = False) -> str:
        """What sends a JSON line the fast path does not settle to the loader (``--verbose``): the field its typed
        decode does not take, or the step that handed it on."""
        if "\\u" in row:
            return m.WHY_ESCAPE.en
        try:
            record = self.decoder.decode(row)
        except msgspec.ValidationError as error:
            return _field_of(str(error))
        except (msgspec.DecodeError, RecursionError):
            return m.WHY_NOT_JSON.en
        return self._why_settled(record, row.count(":"), paying)

    def why_slow_data(self, data: object, paying: bool = False) -> str:
        """:meth:`why_slow` of a record parsed already (a YAML document)."""
        if not isinstance(data, dict):
            return m.WHY_UNTAKEN.en
        try:
            record = msgspec.convert(data, self.data_type, strict=True)
        except msgspec.ValidationError as error:
            return _field_of(str(error))
        except RecursionError:
            return m.WHY_UNTAKEN.en
        return self._why_settled(record, -1, paying)

    def _why_settled(self, record: FastHand, colons: int, paying: bool) -> str:
        """The step of :meth:`settle` that handed a typed record on, as it noted it."""
        _WHY[0] = m.WHY_UNTAKEN.en
        self.settle(record, colons, paying)
        return _WHY[0]

    def settle(self, record: FastHand, colons: int, paying: bool = False) -> Fast | None:
        """The record settled, or ``None``. ``colons``: a JSON record's count of ``:`` (-1: not JSON); ``paying``:
        with its payments (:func:`_payments`).

        A JSON line is decoded by :attr:`decoder` (the batch loop calls the two itself: it is the hot one). Every
        key of a JSON object comes with one ``:``: a record whose keys, counted as they are read here, are fewer
        than its colons had a key given twice (the decoder keeps the last, the loader refuses it) or a colon in a
        text; either goes to the loader.
        """
        policy = record.policy is True
        table = self._table(record, policy)
        if table is None:
            return None
        plan, known, form, house, keys = table
        net: Net = form.const
        keys += plan.keys + known.keys + (record.policy is not UNSET)
        bets, kongs = record.bets, record.kongs
        if (
            bets is None
            or kongs is None
            or (record.tiles, record.ci, record.mi, record.fee, record.tiles_left) != _UNSET5
        ):
            keys += _nulls(record)  # each a key of the line, not given
        keys += (bets == {}) + (kongs == [])  # given empty (DuckDB's "kongs": []): a key of the line, nothing in it
        counted: list[tuple[int, int]] = []  # (index, count) of each add-on set: a kong's 杠底 counts the 杠
        kongs_met: list[Plan] | None = [] if paying else None  # the kongs' plans, for their payments
        if bets or kongs:  # given, and not null or empty
            try:
                added = self._add_counts(record, plan, form, known, policy, house, counted, kongs_met)
            except _AtStakes:  # a kong's flat 跑底 where the outcome's form has none: every form at the stakes
                known = known.whole
                form = plan.forms.get(known.ratio) or plan.form(known.ratio, known.bases)
                counted.clear()
                kongs_met = [] if paying else None
                added = self._add_counts(record, plan, form, known, policy, house, counted, kongs_met)
            if added is None:
                return None
            net, more = added
            keys += more
        echo, names = NO_ECHO, _NO_NAMES
        if (record.players, record.id, record.meta) != self.unsaid:
            said = self._said(record, colons >= 0)
            if said is None:
                return None
            echo, names, more = said
            keys += more
            if 3 in names and HOUSES[house].house.three_players:  # a name at N where nobody sits: the loader says so
                return _slow(f"players: {m.WHY_AT_THREE.en}")
        if colons not in (keys, -1):  # -1: not JSON, no colons to count
            return _slow(m.WHY_KEY_TWICE.en)
        e, s, w, n = net
        scale = known.scale
        paid = _payments(plan, known, counted, kongs_met) if kongs_met is not None else ""
        return plan, e * scale, s * scale, w * scale, n * scale, echo, names, paid

    def _table(self, record: FastHand, policy: bool) -> tuple[Plan, Known, Form, int, int] | None:
        """The record's plan, its stakes as the fast path knows them, the plan's form at them, the number of its house
        rules and the keys they take; ``None``: the loader's."""
        house, keys = self.house_of(record.rules) if record.rules is not UNSET else self.no_rules  # -1: refused
        held = None  # what the hand holds that the table's rules read (its ci tile, 米, 包次 by the tiles left)
        if (record.ci, record.mi, record.tiles_left) != _UNHELD:
            found = self._held(record, house)
            if found is None:
                return None
            held, more = found
            keys += more
        plan = self.plans.get((house, policy, record.dealer, record.win, held))
        if plan is None:
            plan = self.plan_for(policy, record.dealer, record.win, house, held)
        if plan is REFUSED:
            return _slow("rules" if house < 0 else _refused_why(record))
        known = self.stakes.get(record.stakes)  # 1, 2, or a (frozen, hashable) stakes mapping
        if known is None:
            known = self.stakes_for(record.stakes)
            if known is None:
                return _slow("stakes")
        if known.scale != 1 and (house or held) and flat_table(house, held):  # a flat amount (跑底, 米) in its
            known = known.whole  # forms: taken at the stakes themselves, not their ratio
        form = plan.forms.get(known.ratio) or plan.form(known.ratio, known.bases)
        if not form.scaled and known.scale != 1:  # flat where the table's probe said not: the same, found late
            known = known.whole
            form = plan.forms.get(known.ratio) or plan.form(known.ratio, known.bases)
        return plan, known, form, house, keys

    def _held(self, record: FastHand, house: int) -> tuple[Held | None, int] | None:
        """What the hand holds (its ci tile, 米 and tiles left): checked by the core once per distinct set at these
        rules (:func:`_held_verdict`); what of it the rules read (``None``: nothing), and the keys they take (their
        nulls are counted with the others'). ``None``: the loader's."""
        ci, mi, left = record.ci, record.mi, record.tiles_left
        keys = 0
        if type(ci) is str:
            keys += 1
        else:
            ci = None
        counts = NO_MI
        if type(mi) is not UnsetType and mi is not None:
            given = (mi.E, mi.S, mi.W, mi.N)
            keys += 1 + sum(count is not UNSET for count in given)
            counts = tuple(count if type(count) is int else 0 for count in given)  # type: ignore[assignment]
        if type(left) is int:
            keys += 1
        else:
            left = None
        verdict = held_verdict(house, ci, counts, left)
        if isinstance(verdict, str):
            return _slow(verdict)
        if left is not None and verdict.bao:  # 包次 by the tiles left: the core says, from the outcome and kongs
            bao = self._bao(record, house, verdict, left, _CI_TILES.get(ci) if ci is not None else None)
            if bao is None:
                return _slow(f"win or kongs: {m.WHY_REFUSED.en}")
            verdict = bao
        return (verdict if verdict != NOTHING_HELD else None), keys

    def _bao(self, record: FastHand, house: int, held: Held, left: int, tile: int | None) -> Held | None:
        """``held`` with 包次 as the core's hand says it is for these tiles left, outcome and kongs (``None``: it
        refuses them); asked once per distinct set."""
        kongs = tuple(record.kongs) if record.kongs else ()
        found = bao_verdict(house, record.dealer, record.win, kongs, left, tile)
        return None if found is REFUSED_BAO else held._replace(bao=found.bao)

    def _add_counts(
        self, record: FastHand, plan: Plan, form: Form, known: Known, policy: bool, house: int,
        counted: list[tuple[int, int]], kongs_met: list[Plan] | None,
    ) -> tuple[Net, int] | None:  # fmt: skip
        """The add-ons' terms and the kongs' shares added to the form's constant, and the keys they take; ``None``:
        the loader's. Each count set is noted in ``counted``, each kong's plan in ``kongs_met`` (when given)."""
        net, keys = form.const, 0
        if record.bets:
            if _names_north(record.bets) and HOUSES[house].house.three_players:  # a seat nobody sits at
                return _slow(f"bets: {m.WHY_AT_THREE.en}")
            added = _add_bets(record.bets, form, net, counted)
            if added is None:
                return None
            if counted:
                verdicts = plan.verdicts  # the core's word on each count, asked once (:func:`bets_refused`)
                for count in counted:
                    refused = verdicts.get(count)
                    if refused is None:
                        refused = bets_refused([count], plan.dealer, policy, house)
                    if refused:
                        return _slow(f"bets: {m.WHY_REFUSED.en}")
            net, keys = added
        if record.kongs:
            made = self._add_kongs(
                record.kongs, policy, record.dealer, plan.draw, known, counted, net, house, kongs_met
            )
            if made is None:
                return None
            net, more = made
            keys += more
        return net, keys

    def _add_kongs(
        self, kongs: list[FastKong], policy: bool, dealer: str, draw: bool, known: Known,
        counted: list[tuple[int, int]], net: Net, house: int = 0, kongs_met: list[Plan] | None = None,
    ) -> tuple[Net, int] | None:  # fmt: skip
        """The kongs' shares added to ``net`` (none on a 流局 that voids them), and the keys they take; each kong's
        plan noted in ``kongs_met`` (when given)."""
        keys = 1
        e, s, w, n = net
        for kong in kongs:
            made = self.kongs.get((house, policy, dealer, kong)) or self.kong_for(policy, dealer, kong, house)
            if made is REFUSED:
                return _slow(_kong_why(kong))
            keys += made.keys
            if draw:
                continue
            if kongs_met is not None:
                kongs_met.append(made)
            kform = made.forms.get(known.ratio) or made.form(known.ratio, known.bases)
            if not kform.scaled and known.scale != 1:
                raise _AtStakes
            ke, ks, kw, kn = kform.const
            e, s, w, n = e + ke, s + ks, w + kw, n + kn
            for index, gang in counted:  # a kong's form counts only the 杠 (its other deltas are None)
                if (delta := kform.deltas[index]) is not None:
                    e, s, w, n = e + gang * delta[0], s + gang * delta[1], w + gang * delta[2], n + gang * delta[3]
        return (e, s, w, n), keys

    def _said(self, record: FastHand, raw: bool) -> tuple[Echo, dict[int, str], int] | None:
        """What the record echoes, its names, and the keys they take; ``None``: the loader's to say."""
        names, text = _NO_NAMES, ""
        keys = 0
        players = record.players
        if players is not UNSET:
            keys += 1
            if players is not None:
                named = names_of(players)
                if named is None:
                    return _slow("players")
                names, text, given = named
                keys += given
        if self.keep or record.id is not UNSET or record.meta is not UNSET:
            said = self._echo(record, raw, text)
            if said is None:
                return _slow("id, meta or a kept key")
            echo, extra = said
            return echo, names, keys + extra
        return (_made_echo(("", "", (), 0, text)) if text else NO_ECHO), names, keys

    def plan_for(
        self, policy: bool, dealer_letter: str, win: FastWin, house: int = 0, held: Held | None = None
    ) -> Plan:
        """The plan of an outcome met for the first time at a table's house rules (by their number, :meth:`house_of`;
        0: the seed's): the core's hand for it (``REFUSED`` where the core refuses it, or the fast path does not
        take it)."""
        if house < 0:  # rules the loader is to say about
            self.plans[(house, policy, dealer_letter, win, held)] = REFUSED
            return REFUSED
        rules = HOUSES.get(house)
        if rules is None:  # let go while a batch of columns was being read: its rows are the loader's
            return REFUSED
        dealer = _SEAT_INDEX.get(dealer_letter, -PER_SEAT) // PER_SEAT
        kind = WIN.get(win.type)
        winner = _SEAT_INDEX.get(win.winner, -PER_SEAT) // PER_SEAT if isinstance(win.winner, str) else 4
        source = _SEAT_INDEX.get(win.source, -PER_SEAT) // PER_SEAT if isinstance(win.source, str) else 4
        plan = REFUSED
        if dealer >= 0 and kind is not None and winner >= 0 and source >= 0:
            bao = win.bao if type(win.bao) is bool else held.bao if held is not None else None
            outcome = Won(kind, Seat(winner) if winner < 4 else None, Seat(source) if source < 4 else None, bao)
            hand_at = _outcome_hand(policy, Seat(dealer), outcome, rules.house, held or NOTHING_HELD)
            if hand_at is not None:
                how = LineOutcome(kind.value, SEATS[winner].name if winner < 4 else "",
                              SEATS[source].name if source < 4 else "", dealer_letter, rules.text)  # fmt: skip
                keys = 4 + (win.winner is not UNSET) + (win.source is not UNSET) + (win.bao is not UNSET)
                draw = kind is Win.DRAW and _draw_voids_kongs(rules.house)
                plan = Plan(hand_at, dealer * PER_SEAT, how, draw, keys)
                plan.mi = held is not None and held.mi != NO_MI
                plan.verdicts = _verdicts(dealer * PER_SEAT, policy, house)
        self.plans[(house, policy, dealer_letter, win, held)] = plan
        return plan

    def house_of(self, value: Any) -> tuple[int, int]:
        """A record's ``rules`` (JSON text, or data): their number in :data:`HOUSES` (0: none, or null; -1: the
        loader is to say, or the fast path does not take them) and the keys they take in a JSON line. Each
        distinct text is read once, by the loader's own ``read_house``."""
        if type(value) is Raw:  # a JSON line's: looked up by its bytes
            return raw_house(bytes(value), self.digits, self.base)
        text = rules_text(value)
        return house_number(text, self.digits, self.base)

    def kong_for(self, policy: bool, dealer_letter: str, kong: FastKong, house: int = 0) -> Plan:
        """The plan of a kong met for the first time at these house rules, this 带政策 setting and dealer."""
        dealer = _SEAT_INDEX.get(dealer_letter, -PER_SEAT) // PER_SEAT
        by = _SEAT_INDEX.get(kong.by, -PER_SEAT) // PER_SEAT
        source = _SEAT_INDEX.get(kong.source, -PER_SEAT) // PER_SEAT if isinstance(kong.source, str) else 4
        made = REFUSED
        rules = HOUSES.get(house)
        if rules is None:  # let go while a batch of columns was being read: its rows are the loader's
            return REFUSED
        if dealer >= 0 and by >= 0 and source >= 0 and kong.type in KONG:
            core = Kong(Seat(by), KONG[kong.type], Seat(source) if source < 4 else None)
            hand_at = _kong_hand(policy, Seat(dealer), core, rules.house)
            if hand_at is not None:
                made = Plan(hand_at, -1, REFUSED.how, False, 2 + (kong.source is not UNSET))
        self.kongs[(house, policy, dealer_letter, kong)] = made
        return made

    def stakes_for(self, value: object) -> Known | None:
        """What a stakes mapping comes to (``None``: not one); kept, as a few tables' stakes come again."""
        if not isinstance(value, FastStakes):
            return None
        if len(self.stakes) > 4096:  # bounded all the same
            for key in [key for key in self.stakes if not isinstance(key, int)]:
                del self.stakes[key]
        keys = 1 + (value.bomb is not UNSET) + (value.ci is not UNSET) + (value.dianpao is not UNSET)
        made = self.stakes[value] = known(_stakes(value), keys)
        return made

    def _echo(self, record: FastHand, raw: bool, players: str) -> tuple[Echo, int] | None:
        """The record's id, meta and kept keys, as JSON text (a JSON record's own text, untouched), with the
        ``players`` text, and the keys (with the colons inside meta and the kept values) they add to a JSON line."""
        record_id = ""
        keys = 0
        given = record.id
        if given is not UNSET:
            keys += 1
            if given is not None:
                record_id = msgspec.json.encode(given).decode()
                keys += record_id.count(":")
        meta = ""
        value = record.meta
        if value is not UNSET:
            keys += 1
            if raw and value is not None:
                said = raw_meta(bytes(value), self.digits)
                if said is None:
                    return None
                meta, colons = said
                keys += colons
            elif value is not None:
                meta = json_text(without_nulls(value))
                if not meta.startswith("{") or not meta_taken(value):  # else the loader says what is wrong
                    return None
        if not self.keep:
            return _made_echo((record_id, meta, (), 0, players)), keys
        kept: list[tuple[str, str]] = []
        for index, name in enumerate(self.keep):
            value = getattr(record, f"kept{index}")
            if value is UNSET:
                continue
            if raw:
                text = bytes(value).decode()
                if not clean_json(text, self.digits):
                    return None
                keys += 1 + text.count(":")
                text = null_free_json(text)
            else:
                text = json_text(without_nulls(value))
            if text != "null":  # null: not given, as a Parquet row's null
                kept.append((name, text))
        return _made_echo((record_id, meta, tuple(kept), 0, players)), keys


_UNSET5 = (UNSET,) * 5  # tiles, ci, mi, fee, tiles_left: not given
_UNHELD = (UNSET, UNSET, UNSET)  # ci, mi, tiles_left: not given
_CI_TILES: dict[str, int] = {}  # a ci tile's text -> the tile (-1: the loader refuses it)
_HELD: Generations[tuple[object, ...], Held | str] = Generations(1 << 14)  # (rules, ci, 米, tiles left) -> verdict
_HELD_PART: Generations[tuple[object, ...], bool] = Generations(1 << 14)  # (rules, (ci, 米, tiles left)) -> refused?
_BAO: Generations[tuple[object, ...], Held] = Generations(1 << 14)  # (rules, dealer, win, kongs, left, ci) -> 包次
_UNSAID = (UNSET, UNSET, UNSET)  # no players, id or meta: nothing to echo

# (house rules, add-ons on?, dealer, win) and (house rules, add-ons on?, dealer, kong): per set of rules at most
# 2 × 4 × 4 × 5 × 9 × 2 and 2 × 4 × 3 × 4 × 5; the sets' are let go with them (:mod:`.houses`)
_PLANS: dict[tuple[object, ...], Plan] = {}
_KONGS: dict[tuple[object, ...], Plan] = {}


def _let_go(numbers: set[int]) -> None:
    """The plans of rules let go (:mod:`.houses`) go with them."""
    for plans in (_PLANS, _KONGS):
        for key in [key for key in plans if key[0] in numbers]:
            del plans[key]


when_let_go(_let_go)


def forget_plans() -> None:
    """Every plan and check verdict held, dropped (:func:`~.vectorised.forget_compiled`)."""
    for held in (_PLANS, _KONGS, _BETS_CHECKED, _HELD, _HELD_PART, _BAO, _CI_TILES, _FLAT):
        held.clear()
    _draw_voids_kongs.cache_clear()


_STAKES: dict[object, Known] = {number: known(scheme, 0) for number, scheme in SCHEMES.items()}  # and tables met
_SEAT_INDEX = {seat.name: seat * PER_SEAT for seat in SEATS}  # a seat letter -> where its counts start
# a seat letter -> where its counts start, and its 飘, 抵 and 杠 count indexes (the hot loop's, looked up once)
_COUNT_AT = {letter: (at, at + _PIAO, at + _DI, at + _GANG, at + _PAO) for letter, at in _SEAT_INDEX.items()}
_NO_NAMES: dict[int, str] = {}
_made_echo = Echo._make  # half the time of Echo(...), whose generated __new__ is a Python call of its own


def _payments(plan: Plan, known: Known, counted: list[tuple[int, int]], kongs: list[Plan]) -> str:
    """``--payments`` of a record settled by its ``plan`` and ``kongs`` at ``known`` stakes, with these counts: its
    plans' payments (``fastpath/paid.py``), each amount the sum of the core's linear forms at the record's counts, each
    text written by ``payment_object``."""
    outcome = paid_forms(plan, known.ratio, PER_SEAT, COUNTED)
    cut = len(outcome)
    if kongs and plan.mi:  # the core writes 米 after the kongs: the plan's 米 payments (its last) go after them
        cut = next((at for at, paid in enumerate(outcome) if paid.key[3] is Role.MI), cut)
    parts = [outcome[:cut]]
    for kong in kongs:
        parts.append(paid_forms(kong, known.ratio, PER_SEAT, COUNTED))
    parts.append(outcome[cut:])
    return plans_payments_text(parts, dict(counted), known.scale)


def _stakes(value: FastStakes) -> Stakes:
    usual = Stakes.from_gang(value.gang)
    return Stakes(
        value.gang,
        value.bomb if isinstance(value.bomb, int) else usual.bomb,
        value.ci if isinstance(value.ci, int) else usual.ci,
        value.dianpao if isinstance(value.dianpao, int) else None,
    )


def _outcome_hand(policy: bool, dealer: Seat, outcome: Won, house: HouseRules, held: Held) -> HandAt | None:
    """The outcome's hand at any stakes (with what it holds that the rules read); ``None`` where the core refuses
    it."""
    ci, mi = held.ci, held.mi
    try:
        checked = Hand(TableRules(SCHEMES[1], policy, house), dealer, outcome, ci=ci, mi=mi)
    except RuleError:
        return None
    return lambda stakes: (checked.at_stakes(stakes), None)


def _ci_tile(text: str) -> int:
    """A ci tile's text as the loader reads it (``read_ci``), or -1 where it refuses it; remembered."""
    from gangci_calc.io.load.fields import read_ci

    try:
        tile = read_ci(text, ("ci",))
    except RuleError:
        tile = -1
    if len(_CI_TILES) >= 1 << 12:  # a tile has a few spellings; bounded all the same
        _CI_TILES.clear()
    _CI_TILES[text] = tile
    return tile


class Held(NamedTuple):
    """What a hand holds that its table's rules read, as a plan is keyed by it: the ci tile (次风翻倍), 米 (下米),
    and 包次 as the tiles left make it (``bao``: at first, whether the rules read the tiles left at all)."""

    ci: int | None
    mi: tuple[int, int, int, int]
    bao: bool | None


NOTHING_HELD = Held(None, NO_MI, None)


def flat_table(house: int, held: Held | None) -> bool:
    """Do a table's forms hold a flat amount (跑底, 米), so that they are taken at its stakes, not their ratio? 米
    held says so; for the rules, a probe outcome's form says (the core marks each flat term and part)."""
    if held is not None and held.mi != NO_MI:
        return True
    found = _FLAT.get(house)
    if found is None:
        probe = FastPath().plan_for(True, "E", FastWin("bomb", "E"), house)
        found = probe is not REFUSED and not probe.form((1, 1, 1, 1), (1, 1, 1, 1)).scaled
        if len(_FLAT) >= 1 << 12:
            _FLAT.clear()
        _FLAT[house] = found
    return found


_FLAT: dict[int, bool] = {}  # a set of rules' number -> do its forms hold a flat amount?


def held_verdict(house: int, ci: str | None, mi: tuple[int, int, int, int], left: int | None) -> Held | str:
    """What a hand holding this ci tile (its text), 米 and tiles left holds that these rules read
    (:func:`_held_verdict`), or why it is the loader's; asked once per distinct set."""
    key = (house, ci, mi, left)
    verdict = _HELD.young.get(key)
    if verdict is None:
        verdict = _HELD.get(key)
        if verdict is None:
            tile = None
            if ci is not None:
                tile = _CI_TILES.get(ci)
                if tile is None:
                    tile = _ci_tile(ci)
            verdict = _HELD.put(key, f"ci: {m.WHY_UNTAKEN.en}" if tile == -1 else _held_verdict(house, tile, mi, left))
    return verdict


def _held_verdict(house: int, tile: int | None, mi: tuple[int, int, int, int], left: int | None) -> Held | str:
    """The core's word on what a hand holds at these rules, asked in a hand of their own (its checks of the ci
    tile, 米 and tiles left read nothing else of a hand): what of it the rules read, or why the record is the
    loader's."""
    rules = HOUSES.get(house)
    if rules is None:
        return "rules"
    for held in ((tile, NO_MI, None), (None, mi, None), (None, NO_MI, left)):  # none of the checks reads two
        refused = _HELD_PART.young.get((house, held))
        if refused is None:
            refused = _HELD_PART.get((house, held))
            if refused is None:
                refused = _HELD_PART.put((house, held), _held_refused(rules.house, *held))
        if refused:
            return f"ci, mi or tiles_left: {m.WHY_REFUSED.en}"
    ci = core_checks.ci_as_settled(rules.house, tile)  # one tile for all that settle alike: fewer plans
    return Held(ci, mi, True if left is not None and core_checks.reads_tiles_left(rules.house) else None)


def _held_refused(house: HouseRules, tile: int | None, mi: tuple[int, int, int, int], left: int | None) -> bool:
    try:
        Hand(TableRules(SCHEMES[1], False, house), Seat.E, Won.draw(), ci=tile, mi=mi, tiles_left=left)
    except RuleError:
        return True
    return False


REFUSED_BAO = Held(None, NO_MI, None)  # the core refuses the outcome or kongs: the loader says why


def bao_verdict(
    house: int, dealer: str, win: FastWin, kongs: tuple[FastKong, ...], left: int, tile: int | None
) -> Held:
    """:func:`_bao_of`, asked once per distinct set (the JSON Lines and the column paths share it)."""
    key = (house, dealer, win, kongs, left, tile)
    found = _BAO.young.get(key)
    if found is None:
        found = _BAO.get(key)
        if found is None:
            found = _BAO.put(key, _bao_of(house, dealer, win, kongs, left, tile))
    return found


def ci_tile(text: str) -> int:
    """A ci tile's text as the loader reads it, or -1 where it refuses it (remembered)."""
    tile = _CI_TILES.get(text)
    return tile if tile is not None else _ci_tile(text)


def _bao_of(house: int, dealer: str, win: FastWin, kongs: tuple[FastKong, ...], left: int, ci: int | None) -> Held:
    """Is the outcome 包次 by these tiles left and kongs? The core's hand says (:attr:`Hand.bao`)."""
    rules = HOUSES.get(house)
    kind = WIN.get(win.type)
    try:
        if rules is None or kind is None or dealer not in _SEAT_INDEX:
            return REFUSED_BAO
        given = win.bao if type(win.bao) is bool else None
        outcome = Won(kind, _seat(win.winner), _seat(win.source), given)
        made = tuple(Kong(Seat[k.by], KONG[k.type], _seat(k.source)) for k in kongs)
        table = TableRules(SCHEMES[1], False, rules.house)
        hand = Hand(table, Seat[dealer], outcome, kongs=made, ci=ci, tiles_left=left)
    except (RuleError, KeyError):
        return REFUSED_BAO
    return Held(None, NO_MI, hand.bao if hand.by_tiles_left else None)


def _kong_hand(policy: bool, dealer: Seat, kong: Kong, house: HouseRules = SEED_RULES) -> HandAt | None:
    """One kong's hand (a 流局 with it) at any stakes, and the kong's own rows; ``None`` where the core refuses it."""

    try:
        checked = Hand(TableRules(SCHEMES[1], policy, house), dealer, Won.draw(), kongs=(kong,))
    except RuleError:
        return None

    def hand_at(stakes: Stakes) -> tuple[Hand, list[Row] | None]:
        hand = checked.at_stakes(stakes)
        return hand, kong_rows(hand)

    return hand_at


@cache
def _draw_voids_kongs(house: HouseRules = SEED_RULES) -> bool:
    """Does a 流局 void the hand's kongs at this table? The core's rows say (流局作废, unless 荒庄不荒杠)."""
    rules = TableRules(SCHEMES[1], True, house)
    return not rows(Hand(rules, Seat.E, Won.draw(), kongs=(Kong(Seat.E, KongType.CONCEALED),)))


def core_hand(record: FastHand) -> Hand:
    """A record :meth:`FastPath.settle` took, as the core's hand."""
    from gangci_calc.io.load.fields import read_ci

    stakes = SCHEMES[record.stakes] if isinstance(record.stakes, int) else _stakes(record.stakes)
    win = record.win
    outcome = Won(WIN[win.type], _seat(win.winner), _seat(win.source))
    bets = [NO_BETS] * 4
    for letter, counts in (record.bets if isinstance(record.bets, dict) else {}).items():
        if counts is None:
            continue
        given = {name: getattr(counts, name) for name in BET_NAMES}
        bets[Seat[letter]] = Bets(**{name: count for name, count in given.items() if _given(count)})
    given_kongs = record.kongs if isinstance(record.kongs, list) else ()
    kongs = tuple(Kong(Seat[k.by], KONG[k.type], _seat(k.source)) for k in given_kongs)
    house = SEED_RULES
    if record.rules is not UNSET:
        text = rules_text(record.rules)
        house = HOUSES[house_number(text, bounds().digits)[0]].house
    rules = TableRules(stakes, record.policy is True, house)
    ci = read_ci(record.ci, ("ci",)) if isinstance(record.ci, str) else None
    mi = record.mi
    pending = (mi.E, mi.S, mi.W, mi.N) if isinstance(mi, FastMi) else ()
    mi_counts = tuple(count if isinstance(count, int) else 0 for count in pending) or NO_MI
    left = record.tiles_left if isinstance(record.tiles_left, int) else None
    seat_bets = (bets[0], bets[1], bets[2], bets[3])
    return Hand(rules, Seat[record.dealer], outcome, seat_bets, kongs, ci, mi_counts, left)  # type: ignore[arg-type]


def _seat(letter: object) -> Seat | None:
    return Seat[letter] if isinstance(letter, str) else None


def _given(value: object) -> bool:
    """Is an optional value given? Null is absent."""
    return value is not UNSET and value is not None


def _nulls(record: FastHand) -> int:
    """How many of the keys the fast path takes only as null a record gives (each a key of its line)."""
    return (
        (record.bets is None) + (record.kongs is None) + (record.tiles is None) + (record.ci is None)
        + (record.mi is None) + (record.fee is None) + (record.tiles_left is None)
    )  # fmt: skip


def _field_of(error: str) -> str:
    """A typed decode's error as the field it is about (a seat as ``*``, an index as ``[]``) and why it was not
    taken: ``bets.*.pao: a value the fast path does not take``; a key it does not know (an alias: ``起底``, ``东``)
    is said as one."""
    import re

    found = re.search(r"unknown field `([^`]*)`(?: - at `\$([^`]*)`)?", error)  # at the top: no "at"
    path = f"{found[2] or ''}.{found[1]}" if found else (re.search(r"at `\$([^`]*)`", error) or ["", ""])[1]
    path = re.sub(r"\[\d+\]", "[]", path.replace("[...]", ".*")).lstrip(".")  # [...]: a mapping's key
    path = re.sub(r"^(bets|players|mi)\.[ESWN]\b", r"\1.*", path)
    if found:
        return f"{path}: {m.WHY_ALIAS.en}"
    return f"{path}: {m.WHY_UNTAKEN.en}" if path else m.WHY_UNTAKEN.en


def _kong_why(kong: FastKong) -> str:
    """Why a kong has no plan (``--verbose``): an alias (the loader reads it), else the core refused it."""
    alias = _alias_why((("kongs.by", kong.by), ("kongs.from", kong.source)), ("kongs.type", kong.type), KONG)
    return alias or f"kongs: {m.WHY_REFUSED.en}"


def _refused_why(record: FastHand) -> str:
    """Why a record's outcome has no plan (``--verbose``): an alias (the loader reads it), else the core."""
    win = record.win
    seats = (("dealer", record.dealer), ("win.winner", win.winner), ("win.from", win.source))
    return _alias_why(seats, ("win.type", win.type), WIN) or f"win: {m.WHY_REFUSED_OR_BAO.en}"


def _alias_why(seats: tuple[tuple[str, object], ...], kind: tuple[str, object], kinds: dict[str, Any]) -> str | None:
    """A seat not spelt E S W N, or a kind not spelt as the file's own word, as ``--verbose`` says it; ``None``."""
    for field, letter in seats:
        if isinstance(letter, str) and letter not in _SEAT_INDEX:
            return f"{field}: {m.WHY_SEAT.en}"
    field, word = kind
    return None if word in kinds else f"{field}: {m.WHY_WORD.en}"
