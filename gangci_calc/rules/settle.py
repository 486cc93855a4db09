"""``settle()``: the settlement table, applied to one :class:`Hand` under its table's rules.

Who pays the winner what, before add-ons (k × base, then the winning kong's 杠底);
docs/rules.md has the whole rule book:

===========  ======================  =======================================
win          payer                   win part
===========  ======================  =======================================
炸弹 / 天胡  each of the 3 others    1 × 炸弹底
暗呲 / 天呲  each of the 3 others    1 × 杠呲底 (+ 暗杠: 杠底 from each)
直呲         the discarder           2 × 杠呲底 (+ 明杠: 杠底 from him)
直呲         the other two           ½ × 杠呲底
续呲         the pung's feeder       1 × 杠呲底 (+ 续杠: 杠底 from him)
续呲         the other two           1 × 杠呲底
点炮 / 抢杠  the discarder / robbed  1 × 点炮底 (house rules 点炮胡 / 抢杠胡)
流局         nobody                  kongs are void too (unless 荒庄不荒杠)
===========  ======================  =======================================

House options change the table (直呲平摊: 1 / 1), who pays (包次: the
discarder pays the other two's shares), and the factor of a share
(庄家翻倍, 次风翻倍: × 2); :func:`share` is the one place a share becomes an amount.
"""

from __future__ import annotations

from itertools import groupby
from typing import NamedTuple

from gangci_calc.rules.hand import Hand
from gangci_calc.rules.kongs import KongType, kong_payers
from gangci_calc.rules.outcomes import Win
from gangci_calc.rules.payments import Amount, Charge, Doubling, Part, Payment, Role, Settlement, from_halves
from gangci_calc.rules.seats import Seat
from gangci_calc.rules.table import SEED_RULES, DealerDouble, DrawKongs, ZhiciSplit

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

    >>> from gangci_calc.rules import Outcome, SCHEMES, TableRules
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
    parts; 米 is never raised. (With add-ons off nothing is counted: :func:`counts`.)

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


def counts(hand: Hand, part: Part, payee: Seat, payer: Seat) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The add-on counts in ``(1 + ...)`` for one share, as (names, counts); empty when add-ons are off."""
    if not hand.rules.policy:
        return (), ()
    terms = count_terms(part, payee, payer, hand.dealer)
    bets = hand.bets
    return tuple(name for name, _ in terms), tuple(getattr(bets[seat], name) for name, seat in terms)


_DEALER = (Doubling.DEALER,)
_HONOR = (Doubling.HONOR_CI,)
_BOTH = (Doubling.DEALER, Doubling.HONOR_CI)


def doublings(hand: Hand, row: Row) -> tuple[Doubling, ...]:
    """The house rules that double this share: 庄家翻倍 and 次风翻倍."""
    house = hand.house
    part = row.part
    if part is Part.MI:  # 米 is flat
        return ()
    dealer = (
        house.dealer_double is not DealerDouble.NONE
        and (row.payee is hand.dealer or row.share_of is hand.dealer)
        and (part is not Part.GANG or house.dealer_double is DealerDouble.ALL)
    )
    win = hand.outcome.win
    honour = (  # 次风翻倍, as the servers play it: the C parts; the winning kong's G only for 天呲
        house.honor_ci_double
        and win.is_ci
        and hand.honour_ci
        and (part is Part.CI or (part is Part.GANG and win is Win.TIANCI and row.role is not Role.KONG))
    )
    if dealer:
        return _BOTH if honour else _DEALER
    return _HONOR if honour else ()


def share(hand: Hand, row: Row) -> tuple[tuple[str, ...], tuple[int, ...], tuple[Doubling, ...], int]:
    """One share's add-on counts, doublings and amount in halves: ``base × k × (1 + counts) × 2^doublings``.

    The one function that turns a share into an amount; :func:`settle` and
    :func:`net_halves` both use it. Under 包次 a share is counted as for the
    player it belongs to (``share_of``), whoever pays it.
    """
    names, values = counts(hand, row[2], row[1], row[7])
    amount = row[8] * row[3] * (1 + sum(values))  # base × k × (1 + counts)
    if hand.rules.house is SEED_RULES:
        return names, values, (), amount
    doubled = doublings(hand, row)
    return names, values, doubled, (amount << len(doubled)) + 2 * pao_of(hand, row[2])


def pao_of(hand: Hand, part: Part) -> int:
    """带跑: the flat amount on one share of ``part`` (the win's parts, or 杠底); never on 米 or the fee."""
    pao = hand.rules.house.pao
    if not pao or part is Part.MI or part is Part.FEE:
        return 0
    return pao.kong if part is Part.GANG else pao.win


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
    winning_kong = WINNING_KONG.get(win)
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


def net_halves(hand: Hand) -> list[int]:
    """Net per seat in half units, without building payment objects (bulk scoring)."""
    halves = [0, 0, 0, 0]
    for row in rows(hand):
        amount = share(hand, row)[3]
        halves[row[1]] += amount  # payee
        halves[row[0]] -= amount  # payer
    return halves


def net(hand: Hand) -> tuple[Amount, Amount, Amount, Amount]:
    """Net per seat (summing to 0), the fast way: same rows and shares as :func:`settle`."""
    e, s, w, n = (from_halves(h) for h in net_halves(hand))
    return (e, s, w, n)


def _payment_key(row: Row) -> tuple[Seat, Seat, Win | KongType, Role]:
    return row.payer, row.payee, row.reason, row.role


def settle(hand: Hand) -> Settlement:
    """Settle one hand: every payment, and the net per seat (summing to 0).

    >>> from gangci_calc.rules import Outcome, SCHEMES, TableRules
    >>> hand = Hand(TableRules(SCHEMES[2]), Seat.E, Outcome(Win.ZHICI, Seat.W, Seat.S))
    >>> settle(hand).net
    (-3000, -13000, 19000, -3000)
    """
    payments: list[Payment] = []
    halves = [0, 0, 0, 0]
    # a payment is one payer's consecutive rows to one payee for one reason (win part + winning kong)
    for (payer, payee, reason, role), group in groupby(rows(hand), key=_payment_key):
        charges = []
        for row in group:
            names, values, doubled, amount = share(hand, row)
            on_behalf = row.share_of if row.role in (Role.BAO, Role.MI) else None
            counted = tuple(zip(names, values, strict=True))
            pao = pao_of(hand, row.part)
            charges.append(Charge(row.part, row.base, row.k, counted, amount, row.kong, doubled, on_behalf, pao=pao))
            halves[payee] += amount
            halves[payer] -= amount
        payments.append(Payment(payer, payee, reason, role, tuple(charges)))
    fees = fee_payments(hand)
    payments.extend(fees)
    e, s, w, n = (from_halves(h) for h in halves)
    paid = [0, 0, 0, 0]
    for payment in fees:
        paid[payment.payer] += payment.halves >> 1
    return Settlement(tuple(payments), (e, s, w, n), (paid[0], paid[1], paid[2], paid[3]))


def fee_payments(hand: Hand) -> list[Payment]:
    """台费: the winner's ``per_win`` (not on a 流局), then every seat's ``per_hand``; flat, to the collector.

    >>> from gangci_calc.rules import Outcome, SCHEMES, TableRules
    >>> from gangci_calc.rules.fee import Fee
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
