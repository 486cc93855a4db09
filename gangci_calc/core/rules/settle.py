"""``settle()``: the settlement table, applied to one :class:`Hand` under its table's rules.

Who pays the winner what, before add-ons (k × base, then the winning kong's 杠底);
docs/rules.md has the whole rule book:

===========  ======================  =======================================
win          payer                   win part
===========  ======================  =======================================
炸弹 / 天胡  each of the 3 others    1 × 炸弹底
暗呲 / 天呲  each of the 3 others    1 × 杠呲底 (+ 暗杠: 杠底 from each; 天呲 not under 天呲只付呲底)
直呲         the discarder           2 × 杠呲底 (+ 明杠: 杠底 from him)
直呲         the other two           ½ × 杠呲底
续呲         the pung's feeder       1 × 杠呲底 (+ 续杠: 杠底 from him)
续呲         the other two           1 × 杠呲底
点炮 / 抢杠  the discarder / robbed  1 × 点炮底 (house rules 点炮胡 / 抢杠胡)
流局         nobody                  kongs are void too (unless 荒庄不荒杠)
===========  ======================  =======================================

House options change the table (直呲平摊: 1 / 1), who pays (包次: the
discarder pays the other two's shares), and the factor of a share
(庄家翻倍, 次风翻倍: × 2). :func:`share_halves` is the one place a share's amount is written; :func:`settle`
sums it per seat for every path (the CLI, batch, the API, the page), and the payments and ``--explain``'s
factors are made from the same shares only when they are read.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby
from typing import NamedTuple

from gangci_calc.core.rules.hand import Hand, reads_ci
from gangci_calc.core.rules.kongs import KongType, kong_payers
from gangci_calc.core.rules.outcomes import Win
from gangci_calc.core.rules.payments import Amount, Charge, Doubling, Part, Payment, Role, Settlement, from_halves
from gangci_calc.core.rules.seats import Seat
from gangci_calc.core.rules.table import SEED_RULES, DealerDouble, DrawKongs, ZhiciSplit

# The settlement table's k, counted in halves (½ → 1, 1 → 2, 2 → 4) so sums stay exact integers.
HALF, ONE, TWO = 1, 2, 4

# The kong each gangci win ends with; its 杠底 follows the ordinary kong rules.
WINNING_KONG: dict[Win, KongType] = {
    Win.ANCI: KongType.CONCEALED,
    Win.TIANCI: KongType.CONCEALED,
    Win.ZHICI: KongType.EXPOSED,
    Win.XUCI: KongType.ADDED,
}


class Row(NamedTuple):
    """One share of the hand, before its amount."""

    payer: Seat
    payee: Seat
    part: Part
    k: int  # in halves
    kong: KongType | None  # for 杠底 shares: the kind of kong paid for
    role: Role
    reason: Win | KongType
    share_of: Seat  # whose share it is: the payer, except under 包次 (and the seat of a 米)
    base: int  # the base amount of ``part``


_CI, _BOMB = Part.CI, Part.BOMB
_new = tuple.__new__  # builds a Row without NamedTuple's Python-level __new__: rows are made by the million


def win_rows(hand: Hand) -> list[tuple[Seat, Role, Part, int]]:
    """The settlement table for this hand's win: ``(payer, role, part, k in halves)`` for each payer.

    >>> from gangci_calc.core.rules import Outcome, SCHEMES, TableRules
    >>> hand = Hand(TableRules(SCHEMES[2]), Seat.E, Outcome(Win.ZHICI, Seat.W, Seat.S))
    >>> [(p.name, r.value, k / 2) for p, r, _, k in win_rows(hand)]
    [('S', 'discarder', 2.0), ('N', 'loser', 0.5), ('E', 'loser', 0.5)]
    """
    outcome = hand.outcome
    win, winner, source = outcome.win, outcome.winner, outcome.source
    if win is Win.DRAW:
        return []
    assert winner is not None
    if win in (Win.BOMB, Win.HEAVENLY):
        return [(payer, Role.LOSER, Part.BOMB, ONE) for payer in hand.others(winner)]
    if win in (Win.ANCI, Win.TIANCI):
        return [(payer, Role.LOSER, Part.CI, ONE) for payer in hand.others(winner)]
    assert source is not None
    if win is Win.DIANPAO:
        return [(source, Role.DISCARDER, Part.DIANPAO, ONE)]
    if win is Win.QIANGGANG:
        return [(source, Role.ROBBED, Part.DIANPAO, ONE)]
    if win is Win.ZHICI:
        even = hand.rules.house.zhici_split is ZhiciSplit.EVEN
        source_role, source_k, other_k = Role.DISCARDER, (ONE if even else TWO), (ONE if even else HALF)
    else:  # Win.XUCI
        source_role, source_k, other_k = Role.FEEDER, ONE, ONE
    rows = [(source, source_role, Part.CI, source_k)]
    rows += [(payer, Role.LOSER, Part.CI, other_k) for payer in hand.others(winner) if payer is not source]
    return rows


def count_terms(part: Part, payee: Seat, payer: Seat, dealer: Seat) -> tuple[tuple[str, Seat], ...]:
    """Whose add-on counts go into ``(1 + ...)`` for one share, as (add-on, seat), the payee's first.

    This is the one place the add-on rule lives: 飘 and 抵 raise 炸弹底 / 杠呲底
    (and 点炮底) parts, 抵 only between a player and the dealer; 杠 raises 杠底
    parts; 米 is never raised. (With add-ons off nothing is counted: :func:`share_halves`.)

    >>> count_terms(Part.CI, Seat.W, Seat.E, dealer=Seat.E)
    (('piao', <Seat.W: 2>), ('piao', <Seat.E: 0>), ('di', <Seat.W: 2>))
    """
    if part is Part.MI:
        return ()
    if part is Part.GANG:
        return (("gang", payee), ("gang", payer))
    if payee is dealer:
        return (("piao", payee), ("piao", payer), ("di", payer))
    if payer is dealer:
        return (("piao", payee), ("piao", payer), ("di", payee))
    return (("piao", payee), ("piao", payer))


def _dealer_doubles(hand: Hand, row: Row) -> bool:
    """庄家翻倍: a share between the dealer and another player (the G parts only under ``all``)."""
    house = hand.house
    return (
        house.dealer_double is not DealerDouble.NONE
        and (row.payee is hand.dealer or row.share_of is hand.dealer)
        and (row.part is not Part.GANG or house.dealer_double is DealerDouble.ALL)
    )


def _honour_doubles(hand: Hand, row: Row) -> bool:
    """次风翻倍, as the servers play it: the C parts of a ci win with an honour ci tile; the winning kong's G
    only for 天呲."""
    win = hand.outcome.win
    return (
        reads_ci(hand.house)
        and win.is_ci
        and hand.honour_ci
        and (row.part is Part.CI or (row.part is Part.GANG and win is Win.TIANCI and row.role is not Role.KONG))
    )


# each doubling a house rule makes, with what it doubles: a new one is one more entry (× 2 each, in this order)
DOUBLINGS: tuple[tuple[Doubling, Callable[[Hand, Row], bool]], ...] = (
    (Doubling.DEALER, _dealer_doubles),
    (Doubling.HONOUR_CI, _honour_doubles),
)


def doublings(hand: Hand, row: Row) -> tuple[Doubling, ...]:
    """The house rules that double this share (:data:`DOUBLINGS`); 米 is flat."""
    if row.part is Part.MI:
        return ()
    return tuple(doubling for doubling, doubles in DOUBLINGS if doubles(hand, row))


def share_halves(hand: Hand, row: Row, doubled: tuple[Doubling, ...]) -> int:
    """One share's amount in halves: ``base × k × 2^doublings × (1 + counts)``, and 跑 (:func:`pao_unit`).

    Under 包次 a share is counted as for the player it belongs to (``share_of``), whoever pays it.

    >>> from gangci_calc.core.rules import Bets, Outcome, SCHEMES, TableRules
    >>> hand = Hand(TableRules(SCHEMES[1], policy=True), Seat.E, Outcome(Win.BOMB, Seat.S),
    ...             bets=(Bets(), Bets(piao=2, di=1), Bets(), Bets()))
    >>> share_halves(hand, rows(hand)[-1], ())  # the dealer's share: 200 × (1 + S's 飘 2 and 抵 1), in halves
    1600
    """
    unit = row.base * row.k << len(doubled)  # base × k × 2^doublings
    amount = unit
    bets = hand.bets
    if hand.rules.policy:  # (1 + Σ counts): each count adds one unit
        for name, seat in count_terms(row.part, row.payee, row.share_of, hand.dealer):
            amount += unit * getattr(bets[seat], name)
    if hand.rules.house.pao is not None:
        amount += pao_unit(hand, row, doubled) * (bets[row.share_of].pao + bets[row.payee].pao)
    return amount


def pao_unit(hand: Hand, row: Row, doubled: tuple[Doubling, ...]) -> int:
    """跑 (带跑) on one share from X to W, in halves per count: the share adds ``(p(X) + p(W)) × this``, p a seat's
    count (the Java server's MJTable L17936-18041, MJHandlerGang_lygc L297-371); 0 where it takes no 跑.

    X is the share's nominal payer (``share_of``: under 包次 the discarder pays it, with X's 跑). A win's share
    takes 跑 after 庄家翻倍, so of its doublings only 次风翻倍 doubles it; a kong's share (under 杠跑 ``kong``)
    takes it before 庄家翻倍 ``all``, which doubles it; 暗杠倍数 does not (it is in k, not here). 天呲's one share of
    C + G takes it once, on its C part. 米 and the fee never carry 跑. The unit is the table's 杠底 unless given.

    >>> from gangci_calc.core.rules import Bets, Outcome, SCHEMES, TableRules
    >>> from gangci_calc.core.rules.table import HouseRules, Pao
    >>> rules = TableRules(SCHEMES[2], house=HouseRules(pao=Pao(unit=100)))
    >>> hand = Hand(rules, Seat.E, Outcome(Win.BOMB, Seat.S), bets=(Bets(pao=1), Bets(pao=2), Bets(), Bets(pao=3)))
    >>> pao_unit(hand, rows(hand)[0], ())
    200
    """
    pao = hand.rules.house.pao
    part = row.part
    if pao is None or part is Part.MI or part is Part.FEE:
        return 0
    if part is Part.GANG:  # a kong's share: only under 杠跑; 天呲's kong is in its one share, which has its 跑
        if not pao.kong or (row.role is not Role.KONG and hand.outcome.win is Win.TIANCI):
            return 0
        times = len(doubled)
    else:
        times = 1 if Doubling.HONOUR_CI in doubled else 0
    coefficient = 2 * (pao.unit or hand.rules.stakes.gang) << times  # in halves
    return coefficient


def rows(hand: Hand) -> list[Row]:
    """Every share of the hand, before amounts: the settlement table, the kongs, then 米."""
    outcome = hand.outcome
    house = hand.rules.house
    win = outcome.win
    out: list[Row] = []
    if win is Win.DRAW:  # 流局: nothing is paid, and kongs are void (流局作废) unless 荒庄不荒杠
        if house.draw_kongs is DrawKongs.PAID:
            out.extend(kong_rows(hand))
        return out
    winner = outcome.winner
    assert winner is not None
    stakes = hand.rules.stakes
    winning_kong = None if win is Win.TIANCI and house.tianci_ci_only else WINNING_KONG.get(win)  # 天呲只付呲底: no G
    paying_kong = kong_payers(winning_kong, winner, outcome.source, hand.seats) if winning_kong is not None else ()
    bao = hand.bao
    kong_k = _kong_k(hand, winning_kong)
    for payer, role, part, k in win_rows(hand):
        base = stakes.ci if part is _CI else stakes.bomb if part is _BOMB else stakes.point
        if bao and payer is not outcome.source:  # 包次: the discarder pays this share
            assert outcome.source is not None
            out.append(_new(Row, (outcome.source, winner, part, k, None, Role.BAO, win, payer, base)))
        else:
            out.append(_new(Row, (payer, winner, part, k, None, role, win, payer, base)))
        if payer in paying_kong:  # the winning kong's 杠底, paid once
            out.append(_new(Row, (payer, winner, Part.GANG, kong_k, winning_kong, role, win, payer, stakes.gang)))
    if hand.kongs:
        out.extend(kong_rows(hand))
    if house.xiami and win.is_ci:  # 下米: every seat holding 米 pays for it at the next ci win
        for seat in hand.seats:
            if hand.mi[seat] and seat is not winner:
                out.append(_new(Row, (seat, winner, Part.MI, 2 * hand.mi[seat], None, Role.MI, win, seat, house.xiami)))
    return out


def _kong_k(hand: Hand, kind: KongType | None) -> int:
    """k of a kong's 杠底, in halves: 1, or 暗杠倍数 for a concealed kong."""
    return 2 * hand.rules.house.concealed_kong if kind is KongType.CONCEALED else ONE


def kong_rows(hand: Hand) -> list[Row]:
    """The shares of the kongs made in the hand: 杠底 from each who pays it (no add-ons yet)."""
    gang = hand.rules.stakes.gang
    return [
        _new(Row, (payer, kong.by, Part.GANG, _kong_k(hand, kong.type), kong.type, Role.KONG, kong.type, payer, gang))
        for kong in hand.kongs
        for payer in kong.payers(hand.seats)
    ]


def _doubled(hand: Hand) -> Callable[[Row], tuple[Doubling, ...]]:
    """The doublings of a share at this hand's table: none at the seed's rules, without asking each predicate."""
    if hand.rules.house is SEED_RULES:
        return _none
    return lambda row: doublings(hand, row)


def _none(row: Row) -> tuple[Doubling, ...]:
    return ()


def net_halves(hand: Hand) -> list[int]:
    """Net per seat in half units: every share of :func:`rows`, its amount by :func:`share_halves`."""
    halves = [0, 0, 0, 0]
    doubled = _doubled(hand)
    for row in rows(hand):
        amount = share_halves(hand, row, doubled(row))
        halves[row.payee] += amount
        halves[row.payer] -= amount
    return halves


def net(hand: Hand) -> tuple[Amount, Amount, Amount, Amount]:
    """Net per seat (summing to 0): the net of :func:`settle`, without its payments."""
    e, s, w, n = (from_halves(h) for h in net_halves(hand))
    return (e, s, w, n)


def settle(hand: Hand) -> Settlement:
    """Settle one hand: every payment (made when first read), and the net per seat (summing to 0).

    >>> from gangci_calc.core.rules import Outcome, SCHEMES, TableRules
    >>> hand = Hand(TableRules(SCHEMES[2]), Seat.E, Outcome(Win.ZHICI, Seat.W, Seat.S))
    >>> settle(hand).net
    (-3000, -13000, 19000, -3000)
    """
    e, s, w, n = (from_halves(h) for h in net_halves(hand))
    paid = [0, 0, 0, 0]
    if hand.rules.fee.on:
        for payment in fee_payments(hand):
            paid[payment.payer] += payment.halves >> 1
    return Settlement((payments, hand), (e, s, w, n), (paid[0], paid[1], paid[2], paid[3]))


def payment_key(row: Row) -> tuple[Seat, Seat, Win | KongType, Role]:
    """What makes consecutive shares one payment: their payer, payee, reason and role."""
    return row.payer, row.payee, row.reason, row.role


def charge(hand: Hand, row: Row, doubled: tuple[Doubling, ...]) -> Charge:
    """One share as a charge of a payment: its amount (:func:`share_halves`) and the factors ``--explain`` shows."""
    bets = hand.bets
    counted: tuple[tuple[str, int], ...] = ()
    if hand.rules.policy:
        counted = tuple(
            (name, getattr(bets[seat], name))
            for name, seat in count_terms(row.part, row.payee, row.share_of, hand.dealer)
        )
    unit = pao_unit(hand, row, doubled) if hand.rules.house.pao is not None else 0
    pao_counts = ((row.share_of, bets[row.share_of].pao), (row.payee, bets[row.payee].pao)) if unit else ()
    on_behalf = row.share_of if row.role in (Role.BAO, Role.MI) else None
    return Charge(
        row.part, row.base, row.k, counted, share_halves(hand, row, doubled), row.kong, doubled, on_behalf,
        pao=unit * sum(count for _, count in pao_counts) >> 1, pao_counts=pao_counts,
    )  # fmt: skip


def payments(hand: Hand) -> tuple[Payment, ...]:
    """A settled hand's payments (made when first asked for), from the same shares as its net: the shares grouped
    (a payment is one payer's consecutive shares to one payee for one reason: win part + winning kong), then 台费."""
    doubled = _doubled(hand)
    made = [
        Payment(payer, payee, reason, role, tuple(charge(hand, row, doubled(row)) for row in group))
        for (payer, payee, reason, role), group in groupby(rows(hand), key=payment_key)
    ]
    made.extend(fee_payments(hand))
    return tuple(made)


def fee_payments(hand: Hand) -> list[Payment]:
    """台费: the winner's ``per_win`` (not on a 流局), then every seat's ``per_hand``; flat, to the collector.

    >>> from gangci_calc.core.rules import Outcome, SCHEMES, TableRules
    >>> from gangci_calc.core.rules.fee import Fee
    >>> hand = Hand(TableRules(SCHEMES[1], fee=Fee(per_win=50, per_hand=10)), Seat.E, Outcome(Win.BOMB, Seat.S))
    >>> [(p.payer.name, p.amount) for p in fee_payments(hand)]
    [('S', 50), ('E', 10), ('S', 10), ('W', 10), ('N', 10)]
    """
    fee = hand.rules.fee
    if not fee.on:
        return []
    win, winner = hand.outcome.win, hand.outcome.winner
    owed = [(winner, "per_win", fee.per_win)] if fee.per_win and winner is not None else []
    owed += [(seat, "per_hand", fee.per_hand) for seat in hand.seats] if fee.per_hand else []
    return [
        Payment(payer, None, win, Role.FEE, (Charge(Part.FEE, amount, ONE, (), 2 * amount, fee=key),))
        for payer, key, amount in owed
        if payer is not None
    ]
