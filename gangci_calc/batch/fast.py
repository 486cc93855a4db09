"""The fast path of ``gangci batch``: a typed decode (msgspec) and a straight-line settle, for plain records.

A record in the plain shape (canonical keys, seats as ``E S W N``, a scheme or a
stakes mapping, no house rules, tiles, ci or 米) is decoded straight into typed
structs and settled with a few multiplications. Anything the fast path is not
sure of (an alias, a key given twice, a value out of range, a rule the hand
breaks) it hands back to the loader's path (``batch/scoring.py``), which gives
the same result, or the error with its file:line:col. The fast path never calls
a record wrong.

The settlement is the core's, not a copy: for each (add-ons on?, dealer, win,
winner, from) the shares come from :func:`gangci_calc.rules.settle.rows` and
their add-on terms from :func:`~gangci_calc.rules.settle.count_terms`, worked out
once, when first met, from a :class:`~gangci_calc.rules.Hand` the core checked.
What is kept is that table of shares, not any record's result.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, NamedTuple

import msgspec
from msgspec import UNSET, Meta, Raw, Struct, UnsetType

from gangci_calc.errors import RuleError
from gangci_calc.io.export.batch_lines import NO_ECHO, Echo, Outcome, halves_text, json_text, players_text
from gangci_calc.io.load.fields import name_text
from gangci_calc.rules import SCHEMES, SEED_RULES, Hand, Kong, KongType, Seat, Stakes, TableRules, Win
from gangci_calc.rules import Outcome as Won
from gangci_calc.rules.payments import Part
from gangci_calc.rules.settle import Row, count_terms, kong_rows, rows


class Bounds(NamedTuple):
    """The bounds the typed decode checks, read from where the core and the boundary keep them (never copied:
    a test changes each there and sees the fast path follow)."""

    counts: int  # 飘/抵/杠 at most: rules/addons.py MAX_COUNT, as rules/hand.py checks it
    amount: int  # a stake at most: rules/stakes.py MAX_AMOUNT
    digits: int  # digits of a whole number at most: io/load/boundary.py MAX_DIGITS


def bounds() -> Bounds:
    from gangci_calc.io.load import boundary
    from gangci_calc.rules import addons, stakes

    return Bounds(addons.MAX_COUNT, stakes.MAX_AMOUNT, boundary.MAX_DIGITS)


class FastBets(Struct, forbid_unknown_fields=True, gc=False):
    """A seat's add-ons; :func:`record_type` bounds the counts."""

    piao: int | UnsetType = UNSET
    di: int | UnsetType = UNSET
    gang: int | UnsetType = UNSET


class FastWin(Struct, forbid_unknown_fields=True, rename={"source": "from"}, gc=False, frozen=True):
    type: str
    winner: str | UnsetType = UNSET
    source: str | UnsetType = UNSET
    bao: bool | UnsetType = UNSET


class FastKong(Struct, forbid_unknown_fields=True, rename={"source": "from"}, gc=False, frozen=True):
    by: str
    type: str
    source: str | UnsetType = UNSET


class FastStakes(Struct, forbid_unknown_fields=True, gc=False, frozen=True):
    """A stakes mapping; :func:`record_type` bounds the amounts."""

    gang: int
    bomb: int | UnsetType = UNSET
    ci: int | UnsetType = UNSET
    dianpao: int | UnsetType = UNSET


class FastHand(Struct, forbid_unknown_fields=True, gc=False):
    """A record in the plain shape; ``meta`` and the kept keys stay as they came (JSON text, or data)."""

    stakes: int | FastStakes
    dealer: str
    win: FastWin
    policy: bool | UnsetType = UNSET
    bets: dict[str, FastBets] | UnsetType = UNSET
    kongs: list[FastKong] | UnsetType = UNSET
    players: dict[str, str] | UnsetType = UNSET
    id: int | str | UnsetType = UNSET
    meta: Any = UNSET


@cache
def _decoder(keep: tuple[str, ...], limits: Bounds) -> msgspec.json.Decoder[FastHand]:
    return msgspec.json.Decoder(record_type(keep, raw=True, limits=limits))


@cache
def record_type(keep: tuple[str, ...], raw: bool, limits: Bounds) -> type[FastHand]:
    """The struct for these ``--keep`` keys and bounds: ``meta`` and each kept key as raw JSON text (``raw``) or
    data; counts, amounts and a numeric id bounded as the loader bounds them."""
    count: Any = Annotated[int, Meta(ge=0, le=limits.counts)]
    amount: Any = Annotated[int, Meta(gt=0, le=limits.amount)]
    whole: Any = Annotated[int, Meta(gt=-(10**limits.digits), lt=10**limits.digits)]
    bets: Any = msgspec.defstruct(
        "Bets", [(name, count | UnsetType, UNSET) for name in ("piao", "di", "gang")], bases=(FastBets,),
        forbid_unknown_fields=True, gc=False,
    )  # fmt: skip
    stakes: Any = msgspec.defstruct(
        "Stakes", [("gang", amount), *((name, amount | UnsetType, UNSET) for name in ("bomb", "ci", "dianpao"))],
        bases=(FastStakes,), forbid_unknown_fields=True, gc=False, frozen=True,
    )  # fmt: skip
    kind: Any = Raw if raw else Any
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = [
        ("stakes", int | stakes),
        ("bets", dict[str, bets] | UnsetType, UNSET),
        ("id", whole | str | UnsetType, UNSET),
        ("meta", kind | UnsetType, UNSET),
    ]
    fields += [(f"kept{index}", kind | UnsetType, UNSET) for index in range(len(keep))]
    rename = {f"kept{index}": key for index, key in enumerate(keep)}
    made: Any = msgspec.defstruct(
        "Record", fields, bases=(FastHand,), forbid_unknown_fields=True, rename=rename or None, gc=False
    )
    return made  # type: ignore[no-any-return]


WIN = {win.value: win for win in Win}  # the core refuses what the seed's rules do not allow (点炮, 抢杠)
KONG = {kind.value: kind for kind in KongType}
BET = {"piao": 0, "di": 1, "gang": 2}
ZERO = 12  # the index of an always-zero count, for shares with fewer terms

# one share: (payer, payee, part: 0 bomb / 1 ci / 2 gang / 3 point, k in halves, three indexes into the counts)
Share = tuple[int, int, int, int, int, int, int]
# the payment a share belongs to, as payments are grouped (rules/settle.py settle): payer, payee, for, role
Label = tuple[str, str, str, str]


class PaidLayout:
    """A plan's payments at one stakes, for ``--payments``: the JSON text with a slot per amount, the amounts
    without add-ons, and for each add-on count the payments it raises (amount = const + Σ count × coefficient)."""

    __slots__ = ("consts", "deltas", "first", "fixed", "last", "raises", "template")

    def __init__(self, groups: list[list[Any]]) -> None:
        texts = []
        for (payer, payee, reason, role), _, _ in groups:
            texts.append(f'{{{{"payer": "{payer}", "payee": "{payee}", "amount": {{}}, "for": "{reason}", '
                         f'"role": "{role}"}}}}')  # fmt: skip
        self.template = ", ".join(texts)
        self.consts = [group[1] for group in groups]
        deltas: dict[int, list[tuple[int, int]]] = {}
        for number, (_, _, coefficients) in enumerate(groups):
            for index, coefficient in coefficients.items():
                deltas.setdefault(index, []).append((number, coefficient))
        # by count index (a list, not a mapping: filled() is on the hot path): (payment number, coefficient) ...
        self.deltas = [tuple(deltas[index]) if index in deltas else None for index in range(ZERO + 1)]
        self.raises = bool(deltas)  # does any count raise these payments?
        self.fixed = self.template.format(*(halves_text(a) for a in self.consts))
        self.first: Label | None = groups[0][0] if groups else None
        self.last: Label | None = groups[-1][0] if groups else None

    def filled(self, counts: list[tuple[int, int]]) -> str:
        """The text with each amount raised by the add-on ``counts`` set: (count index, count)."""
        amounts = None
        deltas = self.deltas
        for index, count in counts:
            raised = deltas[index]
            if raised is not None:
                if amounts is None:
                    amounts = self.consts.copy()
                for number, coefficient in raised:
                    amounts[number] += count * coefficient
        if amounts is None:  # none of the counts set raises these payments
            return self.fixed
        return self.template.format(*[a >> 1 if not a & 1 else halves_text(a) for a in amounts])


_PART = {Part.BOMB: 0, Part.CI: 1, Part.GANG: 2, Part.DIANPAO: 3}


class Form(NamedTuple):
    """A net as a linear form of the add-on counts, at one table's stakes, in halves per seat:
    ``const`` with no add-on set, plus ``count × deltas[index]`` for each count set (``None``: it counts nothing)."""

    const: tuple[int, int, int, int]
    deltas: tuple[tuple[int, int, int, int] | None, ...]


class Plan:
    """One outcome (or one kong) at one 带政策 setting: its shares, once, and their :class:`Form` at each stakes."""

    __slots__ = ("dealer", "draw", "forms", "how", "keys", "labels", "paid", "shares")

    def __init__(
        self,
        shares: tuple[Share, ...],
        dealer: int,
        how: Outcome,
        draw: bool,
        keys: int,
        labels: tuple[Label, ...] = (),
    ) -> None:
        self.shares = shares
        self.labels = labels  # each share's payment: (payer, payee, for, role), for --payments
        self.dealer = dealer  # the dealer's count index (seat × 3)
        self.how = how
        self.draw = draw  # 流局: the kongs are void (the seed's rules)
        self.keys = keys  # how many keys its JSON takes: the win's and the record's must (stakes, dealer, win)
        self.forms: dict[object, Form] = {}  # by the stakes' ratio (the usual, or a table's own)
        self.paid: dict[object, PaidLayout] = {}  # --payments: by the stakes' Known.amounts

    def payment_layout(self, known: Known) -> PaidLayout:
        """The payments of these shares at these stakes, laid out once for ``--payments`` (:class:`PaidLayout`)."""
        groups: list[list[Any]] = []  # [label, amount without add-ons, {count index: coefficient}]
        bases, scale = known.bases, known.scale
        for label, (_, _, part, k, i, j, m) in zip(self.labels, self.shares, strict=True):
            unit = bases[part] * k * scale
            if not groups or groups[-1][0] != label:  # a payer's consecutive shares to one payee: one payment
                groups.append([label, 0, {}])
            group = groups[-1]
            group[1] += unit
            for index in (i, j, m):
                if index != ZERO:
                    group[2][index] = group[2].get(index, 0) + unit
        if len(self.paid) > 64:
            self.paid.clear()
        made = self.paid[known.amounts] = PaidLayout(groups)
        return made

    def form(self, stakes: object, base: tuple[int, int, int, int]) -> Form:
        """The shares summed into a linear form of the counts, exactly as share() adds them up, at these bases."""
        const = [0, 0, 0, 0]
        deltas: dict[int, list[int]] = {}
        for payer, payee, part, k, i, j, m in self.shares:
            unit = base[part] * k  # in halves
            const[payee] += unit
            const[payer] -= unit
            for index in (i, j, m):
                if index != ZERO:
                    delta = deltas.setdefault(index, [0, 0, 0, 0])
                    delta[payee] += unit
                    delta[payer] -= unit
        if len(self.forms) > 64:  # a table's stakes: a few; bounded all the same
            self.forms.clear()
        made = self.forms[stakes] = Form(
            (const[0], const[1], const[2], const[3]),
            tuple((d[0], d[1], d[2], d[3]) if (d := deltas.get(index)) else None for index in range(ZERO)),
        )
        return made


REFUSED = Plan((), -1, Outcome("", "", "", "", ""), False, 0)  # the core refuses it: the loader says why


class Known(NamedTuple):
    """A table's stakes as the fast path uses them: the forms to use (by ``ratio``) and what to scale them by.

    Stakes in the usual proportions (炸弹底 2G, 杠呲底 6G, 点炮底 = 炸弹底: 方案1, 方案2, ``{gang: G}``) share
    the forms of the unit stakes (G = 1), scaled by G: a share is linear in its base.
    """

    ratio: object  # STANDARD, or the stakes mapping itself
    bases: tuple[int, int, int, int]  # the bases the forms are made with
    scale: int
    keys: int  # the keys the stakes take in JSON (0 for ``stakes: 1``)

    @property
    def amounts(self) -> object:
        """What the amounts depend on, as a quick key (``--payments`` lays out each plan once per amounts): 杠底
        for stakes in the usual proportions, else the bases."""
        return self.scale if self.ratio is STANDARD else self.bases


STANDARD = "standard"
UNIT = (2, 6, 1, 2)  # bomb, ci, gang, point at G = 1: what Stakes.from_gang(1) comes to (checked below)

Net = tuple[int, int, int, int]  # per seat, E S W N, in halves


def _add_bets(
    bets: dict[str, FastBets], form: Form, dealer: int, policy: bool, net: Net, counted: list[tuple[int, int]]
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
        seat = _SEAT_INDEX.get(letter)
        if seat is None:
            return None
        piao, di, gang = counts.piao, counts.di, counts.gang
        if piao is not UNSET:
            keys += 1
            if piao:
                added = True
                counted.append((seat, piao))
                if (delta := deltas[seat]) is not None:
                    e, s, w, n = e + piao * delta[0], s + piao * delta[1], w + piao * delta[2], n + piao * delta[3]
        if di is not UNSET:
            keys += 1
            if di:
                if seat == dealer:  # 抵 on the dealer: the core refuses it, with its reason
                    return None
                added = True
                counted.append((seat + 1, di))
                if (delta := deltas[seat + 1]) is not None:
                    e, s, w, n = e + di * delta[0], s + di * delta[1], w + di * delta[2], n + di * delta[3]
        if gang is not UNSET:
            keys += 1
            if gang:
                added = True
                counted.append((seat + 2, gang))
                if (delta := deltas[seat + 2]) is not None:
                    e, s, w, n = e + gang * delta[0], s + gang * delta[1], w + gang * delta[2], n + gang * delta[3]
    if added and not policy:  # add-ons set with add-ons off
        return None
    return (e, s, w, n), keys


# what a record settles to: its outcome's plan, the net per seat in halves (E S W N), what it echoes, its names
Fast = tuple[Plan, int, int, int, int, Echo, dict[int, str]]


class FastPath:
    """Decode, check and settle plain records; ``None`` means "let the loader do it" (it never means wrong)."""

    def __init__(self, keep: tuple[str, ...] = ()) -> None:
        self.keep = keep
        limits = bounds()
        self.decoder = _decoder(keep, limits)
        self.data_type = record_type(keep, raw=False, limits=limits)
        # the tables are the core's settlement, worked out as outcomes are met: one set per process
        self.plans, self.kongs, self.stakes = _PLANS, _KONGS, _STAKES
        # the add-on counts, the plan and the stakes of the record settle() last took, for payments()
        self.counted: list[tuple[int, int]] = []
        self.plan, self.known = REFUSED, _STAKES[1]

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

    def settle(self, record: FastHand, colons: int) -> Fast | None:
        """The record settled, or ``None``. ``colons``: a JSON record's count of ``:`` (-1: not JSON).

        A JSON line is decoded by :attr:`decoder` (the batch loop calls the two itself: it is the hot one). Every
        key of a JSON object comes with one ``:``: a record whose keys, counted as they are read here, are fewer
        than its colons had a key given twice (the decoder keeps the last, the loader refuses it) or a colon in a
        text; either goes to the loader.
        """
        policy = record.policy is True
        plan = self.plans.get((policy, record.dealer, record.win))
        if plan is None:
            plan = self._plan(policy, record.dealer, record.win)
        if plan is REFUSED:
            return None
        known = self.stakes.get(record.stakes)  # 1, 2, or a (frozen, hashable) stakes mapping
        if known is None:
            known = self._stakes(record.stakes)
            if known is None:
                return None
        form = plan.forms.get(known.ratio) or plan.form(known.ratio, known.bases)
        net: Net = form.const
        keys = plan.keys + known.keys + (record.policy is not UNSET)
        counted: list[tuple[int, int]] = []  # (index, count) of each add-on set: a kong's 杠底 counts the 杠
        self.counted, self.plan, self.known = counted, plan, known
        if record.bets is not UNSET:
            added = _add_bets(record.bets, form, plan.dealer, policy, net, counted)
            if added is None:
                return None
            net, more = added
            keys += more
        if record.kongs is not UNSET:
            kongs = self._add_kongs(record.kongs, policy, plan.draw, known, counted, net)
            if kongs is None:
                return None
            net, more = kongs
            keys += more
        echo, names = NO_ECHO, _NO_NAMES
        if record.players is not UNSET or record.id is not UNSET or record.meta is not UNSET or self.keep:
            said = self._said(record, colons >= 0)
            if said is None:
                return None
            echo, names, more = said
            keys += more
        if colons >= 0 and colons != keys:
            return None
        e, s, w, n = net
        scale = known.scale
        if scale != 1:
            return plan, e * scale, s * scale, w * scale, n * scale, echo, names
        return plan, e, s, w, n, echo, names

    def payments(self, record: FastHand) -> str:
        """``--payments`` of the record :meth:`settle` last settled: its payments as JSON text, grouped and ordered
        as the core's :func:`~gangci_calc.rules.settle.settle` makes them (a payer's consecutive shares to one
        payee for one reason are one payment), each share ``base × k × (1 + counts)``. Each outcome's and kong's
        payments are laid out once per stakes (:class:`PaidLayout`); a record only adds its counts."""
        plan, known, counts = self.plan, self.known, self.counted  # what settle() found, for this record
        amounts = known.amounts
        layout = plan.paid.get(amounts) or plan.payment_layout(known)
        if record.kongs is UNSET or plan.draw or not record.kongs:
            return f"[{layout.filled(counts) if counts else layout.fixed}]"
        parts = [layout.filled(counts) if counts else layout.fixed] if layout.first is not None else []
        last = layout.last
        kongs = self.kongs
        policy = record.policy is True
        for kong in record.kongs:
            made = kongs[(policy, kong)]
            layout = made.paid.get(amounts) or made.payment_layout(known)
            if layout.first == last:  # two kongs alike, one after the other: settle() makes them one payment
                return self._merged_payments(plan, record, known, counts)
            parts.append(layout.filled(counts) if counts and layout.raises else layout.fixed)
            last = layout.last
        return "[" + ", ".join(parts) + "]"

    def _merged_payments(self, plan: Plan, record: FastHand, known: Known, counts: list[tuple[int, int]]) -> str:
        """:meth:`payments` where neighbouring payments merge: every share laid out together (rare)."""
        policy = record.policy is True
        labels, shares = list(plan.labels), list(plan.shares)
        for kong in record.kongs if record.kongs is not UNSET else ():
            made = self.kongs[(policy, kong)]
            labels += made.labels
            shares += made.shares
        whole = Plan(tuple(shares), -1, REFUSED.how, False, 0, tuple(labels))
        layout = whole.payment_layout(known)
        return "[" + (layout.filled(counts) if counts else layout.fixed) + "]"

    def _add_kongs(
        self, kongs: list[FastKong], policy: bool, draw: bool, known: Known, counted: list[tuple[int, int]], net: Net
    ) -> tuple[Net, int] | None:
        """The kongs' shares added to ``net`` (none on a 流局 that voids them), and the keys they take."""
        keys = 1
        e, s, w, n = net
        for kong in kongs:
            made = self.kongs.get((policy, kong)) or self._kong(policy, kong)
            if made is REFUSED:
                return None
            keys += made.keys
            if draw:
                continue
            kform = made.forms.get(known.ratio) or made.form(known.ratio, known.bases)
            ke, ks, kw, kn = kform.const
            e, s, w, n = e + ke, s + ks, w + kw, n + kn
            for index, gang in counted:  # a kong's form counts only the 杠 (its other deltas are None)
                if (delta := kform.deltas[index]) is not None:
                    e, s, w, n = e + gang * delta[0], s + gang * delta[1], w + gang * delta[2], n + gang * delta[3]
        return (e, s, w, n), keys

    def _said(self, record: FastHand, raw: bool) -> tuple[Echo, dict[int, str], int] | None:
        """What the record echoes, its names, and the keys they take; ``None``: the loader's to say."""
        names = _NO_NAMES
        keys = 0
        if record.players is not UNSET:
            named = _names(record.players)
            if named is None:
                return None
            keys += 1 + len(named)
            names = named
        echo = NO_ECHO
        if self.keep or record.id is not UNSET or record.meta is not UNSET:
            said = self._echo(record, raw)
            if said is None:
                return None
            echo, extra = said
            keys += extra
        if names:
            echo = echo._replace(players=players_text(names))
        return echo, names, keys

    def _plan(self, policy: bool, dealer_letter: str, win: FastWin) -> Plan:
        """Work out (once) the shares of an outcome met for the first time, from the core: with add-ons and
        without (the same rows; only the terms differ)."""
        dealer = _SEAT_INDEX.get(dealer_letter, -3) // 3
        kind = WIN.get(win.type)
        winner = _SEAT_INDEX.get(win.winner, -3) // 3 if win.winner is not UNSET else 4
        source = _SEAT_INDEX.get(win.source, -3) // 3 if win.source is not UNSET else 4
        plans = (REFUSED, REFUSED)
        if dealer >= 0 and kind is not None and winner >= 0 and source >= 0 and win.bao is not True:
            shares = _outcome_shares(Seat(dealer), kind, winner, source)
            letters = "ESWN"
            how = Outcome(kind.value, letters[winner] if winner < 4 else "", letters[source] if source < 4 else "",
                          dealer_letter, "{}")  # fmt: skip
            keys = 4 + (win.winner is not UNSET) + (win.source is not UNSET) + (win.bao is not UNSET)
            if shares is not None:
                off, on, labels = shares
                draw = kind is Win.DRAW and _draw_voids_kongs()
                plans = (
                    Plan(off, dealer * 3, how, draw, keys, labels),
                    Plan(on, dealer * 3, how, draw, keys, labels),
                )
        self.plans[(False, dealer_letter, win)], self.plans[(True, dealer_letter, win)] = plans
        return plans[policy]

    def _kong(self, policy: bool, kong: FastKong) -> Plan:
        by = _SEAT_INDEX.get(kong.by, -3) // 3
        source = _SEAT_INDEX.get(kong.source, -3) // 3 if kong.source is not UNSET else 4
        made = (REFUSED, REFUSED)
        if by >= 0 and source >= 0 and kong.type in KONG:
            shares = _kong_shares(KONG[kong.type], by, source)
            if shares is not None:
                keys = 2 + (kong.source is not UNSET)
                off, on, labels = shares
                made = (
                    Plan(off, -1, REFUSED.how, False, keys, labels),
                    Plan(on, -1, REFUSED.how, False, keys, labels),
                )
        self.kongs[(False, kong)], self.kongs[(True, kong)] = made
        return made[policy]

    def _stakes(self, value: object) -> Known | None:
        """What a stakes mapping comes to (``None``: not one); kept, as a few tables' stakes come again."""
        if not isinstance(value, FastStakes):
            return None
        if len(self.stakes) > 4096:  # bounded all the same
            for key in [key for key in self.stakes if key not in (1, 2)]:
                del self.stakes[key]
        keys = 1 + (value.bomb is not UNSET) + (value.ci is not UNSET) + (value.dianpao is not UNSET)
        bases = _bases(_stakes(value))
        gang = bases[2]
        if bases == _bases(Stakes.from_gang(gang)):  # the usual proportions (the core's): the unit's forms, × 杠底
            known = self.stakes[value] = Known(STANDARD, UNIT, gang, keys)
        else:
            known = self.stakes[value] = Known(value, bases, 1, keys)
        return known

    def _echo(self, record: FastHand, raw: bool) -> tuple[Echo, int] | None:
        """The record's id, meta and kept keys, as JSON text (a JSON record's own text, untouched), and the keys
        (with the colons inside meta and the kept values) they add to a JSON line."""
        record_id = ""
        keys = 0
        if record.id is not UNSET:
            record_id = msgspec.json.encode(record.id).decode()
            keys += 1 + record_id.count(":")
        meta = ""
        kept: list[tuple[str, str]] = []
        values = [("meta", record.meta), *((key, getattr(record, f"kept{i}")) for i, key in enumerate(self.keep))]
        for index, (name, value) in enumerate(values):
            if value is UNSET:
                continue
            if raw:
                text = bytes(value).decode()
                if not _clean_json(text):  # a key twice, 19 digits, too deep: the loader says so
                    return None
                keys += 1 + text.count(":")
            else:
                text = json_text(value)
            if index == 0:
                if not text.startswith("{"):  # meta is a mapping, or the loader says what is wrong
                    return None
                meta = text
            else:
                kept.append((name, text))
        return Echo(record_id, meta, tuple(kept)), keys


_PLANS: dict[tuple[object, ...], Plan] = {}  # (add-ons on?, dealer, win): at most 2 × 4 × 4 × 5 × 9 × 2
_KONGS: dict[tuple[object, ...], Plan] = {}  # (add-ons on?, kong): at most 2 × 3 × 4 × 5
_STAKES: dict[object, Known] = {}  # the schemes, from the core's SCHEMES (filled below), and tables met
_SEAT_INDEX = {"E": 0, "S": 3, "W": 6, "N": 9}  # a seat letter -> where its counts start
_NO_NAMES: dict[int, str] = {}


def _bases(stakes: Stakes) -> tuple[int, int, int, int]:
    """The base of each part, in :data:`_PART` order."""
    return (stakes.bomb, stakes.ci, stakes.gang, stakes.point)


def _stakes(value: FastStakes) -> Stakes:
    usual = Stakes.from_gang(value.gang)
    return Stakes(
        value.gang,
        usual.bomb if value.bomb is UNSET else value.bomb,
        usual.ci if value.ci is UNSET else value.ci,
        None if value.dianpao is UNSET else value.dianpao,
    )


_RULES = TableRules(SCHEMES[1], True, SEED_RULES)  # k and the add-on terms do not depend on the stakes

assert _bases(Stakes.from_gang(1)) == UNIT, "the usual proportions changed: UNIT follows Stakes.from_gang(1)"
for _number, _scheme in SCHEMES.items():  # 方案1, 方案2: a scheme in the usual proportions shares the unit's forms
    _usual = _bases(_scheme) == _bases(Stakes.from_gang(_scheme.gang))
    _STAKES[_number] = Known(STANDARD, UNIT, _scheme.gang, 0) if _usual else Known(_scheme, _bases(_scheme), 1, 0)


@cache
def _draw_voids_kongs() -> bool:
    """Does a 流局 void the hand's kongs at the seed's table? The core's rows say (流局作废, unless 荒庄不荒杠)."""
    return not rows(Hand(_RULES, Seat.E, Won.draw(), kongs=(Kong(Seat.E, KongType.CONCEALED),)))


Shares = tuple[tuple[Share, ...], tuple[Share, ...], tuple[Label, ...]]  # without add-ons, with, and their payments


def _outcome_shares(dealer: Seat, win: Win, winner: int, source: int) -> Shares | None:
    """The shares of this outcome, from the core's rows; ``None`` where the core refuses it."""
    outcome = Won(win, Seat(winner) if winner < 4 else None, Seat(source) if source < 4 else None)
    try:
        hand = Hand(_RULES, dealer, outcome)
    except RuleError:
        return None
    return _both(rows(hand), dealer)


def _kong_shares(kind: KongType, by: int, source: int) -> Shares | None:
    """The shares of one kong (the dealer does not change them: 杠 counts are not 抵)."""
    kong = Kong(Seat(by), kind, Seat(source) if source < 4 else None)
    try:
        hand = Hand(_RULES, Seat.E, Won.draw(), kongs=(kong,))
    except RuleError:
        return None
    return _both(kong_rows(hand), Seat.E)


def _both(found: list[Row], dealer: Seat) -> Shares:
    off = tuple(_share(row.payer, row.payee, row.part, row.k, row.share_of, dealer, False) for row in found)
    on = tuple(_share(row.payer, row.payee, row.part, row.k, row.share_of, dealer, True) for row in found)
    labels = tuple((row.payer.name, row.payee.name, row.reason.value, row.role.value) for row in found)
    return off, on, labels


def _share(payer: Seat, payee: Seat, part: Part, k: int, share_of: Seat, dealer: Seat, policy: bool) -> Share:
    terms = count_terms(part, payee, share_of, dealer) if policy else ()
    index = [seat * 3 + BET[name] for name, seat in terms] + [ZERO] * (3 - len(terms))
    return (payer, payee, _PART[part], k, index[0], index[1], index[2])


def _names(players: dict[str, str]) -> dict[int, str] | None:
    """Seat -> name, where every name is one the loader keeps as it is (its own check) and sits once; else ``None``."""
    names: dict[int, str] = {}
    for letter, name in players.items():
        seat = _SEAT_INDEX.get(letter, -3) // 3
        if seat < 0:
            return None
        try:
            kept = name_text(name, ())
        except RuleError:
            return None
        if kept != name:
            return None
        names[seat] = name
    return names if len(set(names.values())) == len(names) else None


def _clean_json(text: str) -> bool:
    """Raw JSON the loader would take too: no key twice, numbers of at most 18 digits, not too deep."""
    from gangci_calc.errors import InputError
    from gangci_calc.io.load.boundary import parse_json

    try:
        parse_json('{"": ' + text + "}", "", 0)  # as it sits in the record: one level down
    except InputError:
        return False
    return True
