"""``settle()``: the settlement table of rules.md, applied to one :class:`Hand`.

Who pays the winner what, before add-ons (k × base, then the winning kong's 杠底):

===========  ====================  =======================================
win          payer                 win part
===========  ====================  =======================================
炸弹 / 天胡  each of the 3 others  1 × 炸弹底
暗呲 / 天呲  each of the 3 others  1 × 杠呲底 (+ 暗杠: 杠底 from each)
直呲         the discarder         2 × 杠呲底 (+ 明杠: 杠底 from him)
直呲         the other two         ½ × 杠呲底
续呲         the pung's feeder     1 × 杠呲底 (+ 续杠: 杠底 from him)
续呲         the other two         1 × 杠呲底
流局         nobody                kongs are void too
===========  ====================  =======================================
"""

from __future__ import annotations

from itertools import groupby

from gangci_calc.rules.hand import Hand
from gangci_calc.rules.kongs import KongType, kong_payers
from gangci_calc.rules.outcomes import Win
from gangci_calc.rules.payments import Amount, Charge, Part, Payment, Role, Settlement, from_halves
from gangci_calc.rules.seats import Seat

# The settlement table's k, counted in halves (½ → 1, 1 → 2, 2 → 4) so sums stay exact integers.
HALF, ONE, TWO = 1, 2, 4

# The kong each gangci win ends with; its 杠底 follows the ordinary kong rules.
WINNING_KONG: dict[Win, KongType] = {
    Win.ANCI: KongType.CONCEALED,
    Win.TIANCI: KongType.CONCEALED,
    Win.ZHICI: KongType.EXPOSED,
    Win.XUCI: KongType.ADDED,
}


def win_rows(win: Win, winner: Seat, source: Seat | None) -> list[tuple[Seat, Role, Part, int]]:
    """The settlement table: ``(payer, role, part, k in halves)`` for each payer.

    >>> [(p.name, r.value, k / 2) for p, r, _, k in win_rows(Win.ZHICI, Seat.W, Seat.S)]
    [('S', 'discarder', 2.0), ('N', 'loser', 0.5), ('E', 'loser', 0.5)]
    """
    if win is Win.DRAW:
        return []
    if win in (Win.BOMB, Win.HEAVENLY):
        return [(payer, Role.LOSER, Part.BOMB, ONE) for payer in winner.others()]
    if win in (Win.ANCI, Win.TIANCI):
        return [(payer, Role.LOSER, Part.CI, ONE) for payer in winner.others()]
    assert source is not None
    if win is Win.ZHICI:
        source_role, source_k, other_k = Role.DISCARDER, TWO, HALF
    else:  # Win.XUCI
        source_role, source_k, other_k = Role.FEEDER, ONE, ONE
    rows = [(source, source_role, Part.CI, source_k)]
    rows += [(payer, Role.LOSER, Part.CI, other_k) for payer in winner.others() if payer is not source]
    return rows


_GANG_TERMS = ("gang", "gang")
_PIAO_TERMS = ("piao", "piao")
_PIAO_DI_TERMS = ("piao", "piao", "di")


def counts(hand: Hand, part: Part, payee: Seat, payer: Seat) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The add-on counts in ``(1 + ...)`` for one charge, as (names, counts); empty when add-ons are off.

    This is the one place the add-on rule lives: 飘 and 抵 raise 炸弹底 / 杠呲底
    parts (抵 only between a player and the dealer), 杠 raises 杠底 parts; the
    payee's count comes first, then the payer's.
    """
    if not hand.policy:
        return (), ()
    receiver, giver = hand.bets[payee], hand.bets[payer]
    if part is Part.GANG:
        return _GANG_TERMS, (receiver.gang, giver.gang)
    if payee is hand.dealer:
        return _PIAO_DI_TERMS, (receiver.piao, giver.piao, giver.di)
    if payer is hand.dealer:
        return _PIAO_DI_TERMS, (receiver.piao, giver.piao, receiver.di)
    return _PIAO_TERMS, (receiver.piao, giver.piao)


# One charge: (payer, payee, part, k, kong paid for or None, role, reason)
Row = tuple[Seat, Seat, Part, int, "KongType | None", Role, "Win | KongType"]


def rows(hand: Hand) -> list[Row]:
    """Every charge of the hand, before amounts: the settlement table, then the kongs."""
    outcome = hand.outcome
    if outcome.win is Win.DRAW:  # 流局: nothing is paid, kongs are void (流局作废)
        return []
    winner = outcome.winner
    assert winner is not None
    out: list[Row] = []
    winning_kong = WINNING_KONG.get(outcome.win)
    paying_kong = kong_payers(winning_kong, winner, outcome.source) if winning_kong is not None else ()
    for payer, role, part, k in win_rows(outcome.win, winner, outcome.source):
        out.append((payer, winner, part, k, None, role, outcome.win))
        if payer in paying_kong:  # the winning kong's 杠底, paid once
            out.append((payer, winner, Part.GANG, ONE, winning_kong, role, outcome.win))
    for kong in hand.kongs:
        out.extend((payer, kong.by, Part.GANG, ONE, kong.type, Role.KONG, kong.type) for payer in kong.payers())
    return out


def _bases(hand: Hand) -> dict[Part, int]:
    """Which base amount each part is counted in."""
    stakes = hand.stakes
    return {Part.GANG: stakes.gang, Part.CI: stakes.ci, Part.BOMB: stakes.bomb}


def net_halves(hand: Hand) -> list[int]:
    """Net per seat in half units, without building payment objects (bulk scoring)."""
    halves = [0, 0, 0, 0]
    bases = _bases(hand)
    for payer, payee, part, k, _, _, _ in rows(hand):
        amount = bases[part] * k * (1 + sum(counts(hand, part, payee, payer)[1]))
        halves[payee] += amount
        halves[payer] -= amount
    return halves


def net(hand: Hand) -> tuple[Amount, Amount, Amount, Amount]:
    """Net per seat (summing to 0), the fast way: same rows as :func:`settle`."""
    e, s, w, n = (from_halves(h) for h in net_halves(hand))
    return (e, s, w, n)


def settle(hand: Hand) -> Settlement:
    """Settle one hand: every payment, and the net per seat (summing to 0).

    >>> from gangci_calc.rules import Outcome, SCHEMES
    >>> hand = Hand(SCHEMES[2], Seat.E, Outcome(Win.ZHICI, Seat.W, Seat.S))
    >>> settle(hand).net
    (-3000, -13000, 19000, -3000)
    """
    payments: list[Payment] = []
    halves = [0, 0, 0, 0]
    bases = _bases(hand)
    # a payment is one payer's consecutive rows to one payee for one reason (win part + winning kong)
    for (payer, payee, reason, role), group in groupby(rows(hand), key=lambda row: (row[0], row[1], row[6], row[5])):
        charges = []
        for _, _, part, k, kong, _, _ in group:
            names, values = counts(hand, part, payee, payer)
            amount = bases[part] * k * (1 + sum(values))
            charges.append(Charge(part, bases[part], k, tuple(zip(names, values, strict=True)), amount, kong))
            halves[payee] += amount
            halves[payer] -= amount
        payments.append(Payment(payer, payee, reason, role, tuple(charges)))
    e, s, w, n = (from_halves(h) for h in halves)
    return Settlement(tuple(payments), (e, s, w, n))
