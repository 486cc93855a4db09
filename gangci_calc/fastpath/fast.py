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
from typing import Any, NamedTuple

import msgspec
from msgspec import UNSET, Raw

from gangci_calc.core.errors import RuleError
from gangci_calc.core.rules import (
    NO_BETS,
    SCHEMES,
    SEATS,
    SEED_RULES,
    Bets,
    Hand,
    HouseRules,
    Kong,
    KongType,
    Seat,
    Stakes,
    TableRules,
    Win,
)
from gangci_calc.core.rules import Outcome as Won
from gangci_calc.core.rules.addons import ADDONS
from gangci_calc.core.rules.settle import Row, kong_rows, linear_form, rows
from gangci_calc.fastpath.houses import HOUSES, house_number, raw_house, rules_text
from gangci_calc.fastpath.paid import Paid, paid_forms, payments_text
from gangci_calc.fastpath.records import (
    FastBets,
    FastHand,
    FastKong,
    FastStakes,
    FastWin,
    bounds,
    decoder,
    record_type,
)
from gangci_calc.fastpath.said import checked_for, clean_json, names_of, raw_meta
from gangci_calc.io.export.batch_lines import NO_ECHO, Echo, Outcome, json_text

WIN = {win.value: win for win in Win}  # the core refuses what the seed's rules do not allow (点炮, 抢杠)
KONG = {kind.value: kind for kind in KongType}
COUNTED = {name: place for place, name in enumerate(ADDONS)}  # the counts the typed decode takes, by name
PER_SEAT = len(ADDONS)  # a count's index: seat × PER_SEAT + its add-on's place in the core's ADDONS
ZERO = 4 * PER_SEAT  # how many count indexes there are
_PIAO, _DI, _GANG = (ADDONS.index(name) for name in ("piao", "di", "gang"))  # the decode's fields, by name


class Form(NamedTuple):
    """A net as a linear form of the add-on counts, at one table's stakes, in halves per seat:
    ``const`` with no add-on set, plus ``count × deltas[index]`` for each count set (``None``: it counts nothing).
    The sum of the core's :func:`~gangci_calc.core.rules.settle.linear_form`; ``scaled``: every part of it grows with
    the stakes (else the stakes' ratio cannot stand for them, and the record goes to the loader)."""

    const: tuple[int, int, int, int]
    deltas: tuple[tuple[int, int, int, int] | None, ...]
    scaled: bool = True


HandAt = Callable[[Stakes], "tuple[Hand, list[Row] | None]"]  # a plan's hand at some stakes, and its shares' rows


class Plan:
    """One outcome (or one kong) at one 带政策 setting: the core's hand for it, and its :class:`Form` at each
    stakes' ratio, compiled by the core once."""

    __slots__ = ("dealer", "draw", "forms", "hand_at", "how", "keys", "paid")

    def __init__(self, hand_at: HandAt, dealer: int, how: Outcome, draw: bool, keys: int) -> None:
        self.hand_at = hand_at
        self.dealer = dealer  # the dealer's first count index (seat × PER_SEAT)
        self.how = how
        self.draw = draw  # 流局: the kongs are void (the seed's rules)
        self.keys = keys  # how many keys its JSON takes: the win's and the record's must (stakes, dealer, win)
        self.forms: dict[object, Form] = {}  # by the stakes' ratio
        self.paid: dict[object, tuple[Paid, ...]] = {}  # its payments (``--payments``), by the stakes' ratio

    def form(self, ratio: object, bases: tuple[int, int, int, int]) -> Form:
        """The core's linear form of this plan's hand at these bases, summed per seat."""
        hand, found = self.hand_at(Stakes(gang=bases[2], bomb=bases[0], ci=bases[1], dianpao=bases[3]))
        const = [0, 0, 0, 0]
        deltas: dict[int, list[int]] = {}
        scaled = True
        for share in linear_form(hand, found):
            payer, payee = share.row[0], share.row[1]
            const[payee] += share.const
            const[payer] -= share.const
            for term in share.terms:
                place = COUNTED.get(term.addon)
                if place is None:  # 跑: the typed decode takes no 跑 count (a record with one is the loader's)
                    continue
                scaled = scaled and term.scaled
                delta = deltas.setdefault(term.seat * PER_SEAT + place, [0, 0, 0, 0])
                delta[payee] += term.coefficient
                delta[payer] -= term.coefficient
        if len(self.forms) > 64:  # a table's stakes: a few; bounded all the same
            self.forms.clear()
        made = self.forms[ratio] = Form(
            (const[0], const[1], const[2], const[3]),
            tuple((d[0], d[1], d[2], d[3]) if (d := deltas.get(index)) else None for index in range(ZERO)),
            scaled,
        )
        return made


def _refused(stakes: Stakes) -> tuple[Hand, list[Row] | None]:
    raise LookupError("a refused plan has no form: its records go to the loader")


REFUSED = Plan(_refused, -1, Outcome("", "", "", "", ""), False, 0)  # the core refuses it: the loader says why


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


def known(stakes: Stakes, keys: int) -> Known:
    """Stakes as their ratio and scale."""
    bases = (stakes.bomb, stakes.ci, stakes.gang, stakes.point)
    scale = gcd(*bases)
    return Known((bases[0] // scale, bases[1] // scale, bases[2] // scale, bases[3] // scale), scale, keys)


Net = tuple[int, int, int, int]  # per seat, E S W N, in halves


def _add_bets(
    bets: dict[str, FastBets | None], form: Form, dealer: int, policy: bool, net: Net, counted: list[tuple[int, int]]
) -> tuple[Net, int] | None:
    """The add-on terms of ``form`` added to ``net``, each count set noted in ``counted`` as (index, count) for the
    kongs' 杠 and for ``--payments``, and the keys
    the bets take; ``None`` where the loader must say what is wrong (抵 on the dealer, add-ons with 带政策 off).
    Written out count by count: it is the hot loop's."""
    e, s, w, n = net
    keys = 1 + len(bets)
    deltas = form.deltas
    added = False
    for letter, counts in bets.items():
        at = _COUNT_AT.get(letter)
        if at is None:
            return None
        if counts is None:  # a seat given as null: not given
            continue
        seat, piao_at, di_at, gang_at = at
        piao, di, gang = counts.piao, counts.di, counts.gang  # a null count is None: not given, and no count
        if piao is not UNSET:
            keys += 1
            if piao:
                added = True
                counted.append((piao_at, piao))
                if (delta := deltas[piao_at]) is not None:
                    e, s, w, n = e + piao * delta[0], s + piao * delta[1], w + piao * delta[2], n + piao * delta[3]
        if di is not UNSET:
            keys += 1
            if di:
                if seat == dealer:  # 抵 on the dealer: the core refuses it, with its reason
                    return None
                added = True
                counted.append((di_at, di))
                if (delta := deltas[di_at]) is not None:
                    e, s, w, n = e + di * delta[0], s + di * delta[1], w + di * delta[2], n + di * delta[3]
        if gang is not UNSET:
            keys += 1
            if gang:
                added = True
                counted.append((gang_at, gang))
                if (delta := deltas[gang_at]) is not None:
                    e, s, w, n = e + gang * delta[0], s + gang * delta[1], w + gang * delta[2], n + gang * delta[3]
    if added and not policy:  # add-ons set with add-ons off
        return None
    return (e, s, w, n), keys


# what a record settles to: its outcome's plan, the net per seat in halves (E S W N), what it echoes, its names, and
# its payments as JSON text (``--payments``; else "")
Fast = tuple[Plan, int, int, int, int, Echo, dict[int, str], str]


class FastPath:
    """Decode, check and settle plain records; ``None`` means "let the loader do it" (it never means wrong)."""

    def __init__(self, keep: tuple[str, ...] = ()) -> None:
        self.keep = keep
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

    def settle(self, record: FastHand, colons: int, paying: bool = False) -> Fast | None:
        """The record settled, or ``None``. ``colons``: a JSON record's count of ``:`` (-1: not JSON); ``paying``:
        with its payments (:func:`_payments`).

        A JSON line is decoded by :attr:`decoder` (the batch loop calls the two itself: it is the hot one). Every
        key of a JSON object comes with one ``:``: a record whose keys, counted as they are read here, are fewer
        than its colons had a key given twice (the decoder keeps the last, the loader refuses it) or a colon in a
        text; either goes to the loader.
        """
        policy = record.policy is True
        house, keys = self.house_of(record.rules) if record.rules is not UNSET else _SEED_TABLE  # -1: refused
        plan = self.plans.get((house, policy, record.dealer, record.win))
        if plan is None:
            plan = self.plan_for(policy, record.dealer, record.win, house)
        if plan is REFUSED:
            return None
        known = self.stakes.get(record.stakes)  # 1, 2, or a (frozen, hashable) stakes mapping
        if known is None:
            known = self.stakes_for(record.stakes)
            if known is None:
                return None
        form = plan.forms.get(known.ratio) or plan.form(known.ratio, known.bases)
        if not form.scaled and known.scale != 1:  # a flat amount in it: the loader settles at the stakes given
            return None
        net: Net = form.const
        keys += plan.keys + known.keys + (record.policy is not UNSET)
        bets, kongs = record.bets, record.kongs
        if (
            bets is None
            or kongs is None
            or (record.tiles, record.ci, record.mi, record.fee, record.tiles_left) != _UNSET5
        ):
            keys += _nulls(record)  # each a key of the line, not given
        counted: list[tuple[int, int]] = []  # (index, count) of each add-on set: a kong's 杠底 counts the 杠
        kongs_met: list[Plan] | None = [] if paying else None  # the kongs' plans, for their payments
        if bets or kongs:  # given, and not null (an empty one is a key short: the loader takes it)
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
        if colons not in (keys, -1):  # -1: not JSON, no colons to count
            return None
        e, s, w, n = net
        scale = known.scale
        paid = _payments(plan, known, counted, kongs_met) if kongs_met is not None else ""
        return plan, e * scale, s * scale, w * scale, n * scale, echo, names, paid

    def _add_counts(
        self, record: FastHand, plan: Plan, form: Form, known: Known, policy: bool, house: int,
        counted: list[tuple[int, int]], kongs_met: list[Plan] | None,
    ) -> tuple[Net, int] | None:  # fmt: skip
        """The add-ons' terms and the kongs' shares added to the form's constant, and the keys they take; ``None``:
        the loader's. Each count set is noted in ``counted``, each kong's plan in ``kongs_met`` (when given)."""
        net, keys = form.const, 0
        if record.bets:
            added = _add_bets(record.bets, form, plan.dealer, policy, net, counted)
            if added is None:
                return None
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
                return None
            keys += made.keys
            if draw:
                continue
            if kongs_met is not None:
                kongs_met.append(made)
            kform = made.forms.get(known.ratio) or made.form(known.ratio, known.bases)
            if not kform.scaled and known.scale != 1:
                return None
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
                    return None
                names, text, given = named
                keys += given
        if self.keep or record.id is not UNSET or record.meta is not UNSET:
            said = self._echo(record, raw, text)
            if said is None:
                return None
            echo, extra = said
            return echo, names, keys + extra
        return (_made_echo(("", "", (), 0, text)) if text else NO_ECHO), names, keys

    def plan_for(self, policy: bool, dealer_letter: str, win: FastWin, house: int = 0) -> Plan:
        """The plan of an outcome met for the first time at a table's house rules (by their number, :meth:`house_of`;
        0: the seed's): the core's hand for it (``REFUSED`` where the core refuses it, or the fast path does not
        take it)."""
        if house < 0:  # rules the loader is to say about
            self.plans[(house, policy, dealer_letter, win)] = REFUSED
            return REFUSED
        rules = HOUSES[house]
        dealer = _SEAT_INDEX.get(dealer_letter, -PER_SEAT) // PER_SEAT
        kind = WIN.get(win.type)
        winner = _SEAT_INDEX.get(win.winner, -PER_SEAT) // PER_SEAT if isinstance(win.winner, str) else 4
        source = _SEAT_INDEX.get(win.source, -PER_SEAT) // PER_SEAT if isinstance(win.source, str) else 4
        plan = REFUSED
        if dealer >= 0 and kind is not None and winner >= 0 and source >= 0 and win.bao is not True:
            outcome = Won(kind, Seat(winner) if winner < 4 else None, Seat(source) if source < 4 else None)
            hand_at = _outcome_hand(policy, Seat(dealer), outcome, rules.house)
            if hand_at is not None:
                how = Outcome(kind.value, SEATS[winner].name if winner < 4 else "",
                              SEATS[source].name if source < 4 else "", dealer_letter, rules.text)  # fmt: skip
                keys = 4 + (win.winner is not UNSET) + (win.source is not UNSET) + (win.bao is not UNSET)
                draw = kind is Win.DRAW and _draw_voids_kongs(rules.house)
                plan = Plan(hand_at, dealer * PER_SEAT, how, draw, keys)
        self.plans[(house, policy, dealer_letter, win)] = plan
        return plan

    def house_of(self, value: Any) -> tuple[int, int]:
        """A record's ``rules`` (JSON text, or data): their number in :data:`HOUSES` (0: none, or null; -1: the
        loader is to say, or the fast path does not take them) and the keys they take in a JSON line. Each
        distinct text is read once, by the loader's own ``read_house``."""
        if type(value) is Raw:  # a JSON line's: looked up by its bytes
            return raw_house(bytes(value), self.digits)
        text = rules_text(value)
        return house_number(text, self.digits)

    def kong_for(self, policy: bool, dealer_letter: str, kong: FastKong, house: int = 0) -> Plan:
        """The plan of a kong met for the first time at these house rules, this 带政策 setting and dealer."""
        dealer = _SEAT_INDEX.get(dealer_letter, -PER_SEAT) // PER_SEAT
        by = _SEAT_INDEX.get(kong.by, -PER_SEAT) // PER_SEAT
        source = _SEAT_INDEX.get(kong.source, -PER_SEAT) // PER_SEAT if isinstance(kong.source, str) else 4
        made = REFUSED
        if dealer >= 0 and by >= 0 and source >= 0 and kong.type in KONG:
            core = Kong(Seat(by), KONG[kong.type], Seat(source) if source < 4 else None)
            hand_at = _kong_hand(policy, Seat(dealer), core, HOUSES[house].house)
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
                meta = json_text(value)
                if not meta.startswith("{"):  # meta is a mapping, or the loader says what is wrong
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
            else:
                text = json_text(value)
            kept.append((name, text))
        return _made_echo((record_id, meta, tuple(kept), 0, players)), keys


_SEED_TABLE = (0, 0)  # no rules: the seed's house (number 0), no keys
_UNSET5 = (UNSET,) * 5  # tiles, ci, mi, fee, tiles_left: not given (they are taken only as null)
_UNSAID = (UNSET, UNSET, UNSET)  # no players, id or meta: nothing to echo

_PLANS: dict[tuple[object, ...], Plan] = {}  # (add-ons on?, dealer, win): at most 2 × 4 × 4 × 5 × 9 × 2
_KONGS: dict[tuple[object, ...], Plan] = {}  # (add-ons on?, dealer, kong): at most 2 × 4 × 3 × 4 × 5
_STAKES: dict[object, Known] = {number: known(scheme, 0) for number, scheme in SCHEMES.items()}  # and tables met
_SEAT_INDEX = {seat.name: seat * PER_SEAT for seat in SEATS}  # a seat letter -> where its counts start
# a seat letter -> where its counts start, and its 飘, 抵 and 杠 count indexes (the hot loop's, looked up once)
_COUNT_AT = {letter: (at, at + _PIAO, at + _DI, at + _GANG) for letter, at in _SEAT_INDEX.items()}
_NO_NAMES: dict[int, str] = {}
_made_echo = Echo._make  # half the time of Echo(...), whose generated __new__ is a Python call of its own


def _payments(plan: Plan, known: Known, counted: list[tuple[int, int]], kongs: list[Plan]) -> str:
    """``--payments`` of a record settled by its ``plan`` and ``kongs`` at ``known`` stakes, with these counts: its
    plans' payments (``fastpath/paid.py``), each amount the sum of the core's linear forms at the record's counts, each
    text written by ``payment_object``."""
    parts = [paid_forms(plan, known.ratio, PER_SEAT, COUNTED)]
    for kong in kongs:
        parts.append(paid_forms(kong, known.ratio, PER_SEAT, COUNTED))
    return payments_text(parts, dict(counted), known.scale)


def _stakes(value: FastStakes) -> Stakes:
    usual = Stakes.from_gang(value.gang)
    return Stakes(
        value.gang,
        value.bomb if isinstance(value.bomb, int) else usual.bomb,
        value.ci if isinstance(value.ci, int) else usual.ci,
        value.dianpao if isinstance(value.dianpao, int) else None,
    )


def _outcome_hand(policy: bool, dealer: Seat, outcome: Won, house: HouseRules = SEED_RULES) -> HandAt | None:
    """The outcome's hand at any stakes; ``None`` where the core refuses it."""
    try:
        Hand(TableRules(SCHEMES[1], policy, house), dealer, outcome)
    except RuleError:
        return None
    return lambda stakes: (Hand(TableRules(stakes, policy, house), dealer, outcome), None)


def _kong_hand(policy: bool, dealer: Seat, kong: Kong, house: HouseRules = SEED_RULES) -> HandAt | None:
    """One kong's hand (a 流局 with it) at any stakes, and the kong's own rows; ``None`` where the core refuses it."""

    def hand_at(stakes: Stakes) -> tuple[Hand, list[Row] | None]:
        hand = Hand(TableRules(stakes, policy, house), dealer, Won.draw(), kongs=(kong,))
        return hand, kong_rows(hand)

    try:
        hand_at(SCHEMES[1])
    except RuleError:
        return None
    return hand_at


@cache
def _draw_voids_kongs(house: HouseRules = SEED_RULES) -> bool:
    """Does a 流局 void the hand's kongs at this table? The core's rows say (流局作废, unless 荒庄不荒杠)."""
    rules = TableRules(SCHEMES[1], True, house)
    return not rows(Hand(rules, Seat.E, Won.draw(), kongs=(Kong(Seat.E, KongType.CONCEALED),)))


def core_hand(record: FastHand) -> Hand:
    """A record :meth:`FastPath.settle` took, as the core's hand."""
    stakes = SCHEMES[record.stakes] if isinstance(record.stakes, int) else _stakes(record.stakes)
    win = record.win
    outcome = Won(WIN[win.type], _seat(win.winner), _seat(win.source))
    bets = [NO_BETS] * 4
    for letter, counts in (record.bets if isinstance(record.bets, dict) else {}).items():
        if counts is None:
            continue
        given = {name: getattr(counts, name) for name in ADDONS}
        bets[Seat[letter]] = Bets(**{name: count for name, count in given.items() if _given(count)})
    given_kongs = record.kongs if isinstance(record.kongs, list) else ()
    kongs = tuple(Kong(Seat[k.by], KONG[k.type], _seat(k.source)) for k in given_kongs)
    house = SEED_RULES
    if record.rules is not UNSET:
        text = rules_text(record.rules)
        house = HOUSES[house_number(text, bounds().digits)[0]].house
    rules = TableRules(stakes, record.policy is True, house)
    return Hand(rules, Seat[record.dealer], outcome, bets=(bets[0], bets[1], bets[2], bets[3]), kongs=kongs)


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
