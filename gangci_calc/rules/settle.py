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

from fractions import Fraction

from gangci_calc.rules.hand import Hand
from gangci_calc.rules.kongs import Kong, KongType
from gangci_calc.rules.outcomes import Win
from gangci_calc.rules.payments import Charge, Part, Payment, Role, Settlement, from_halves
from gangci_calc.rules.seats import Seat

ONE = Fraction(1)
TWO = Fraction(2)
HALF = Fraction(1, 2)
_HALVES = {ONE: 2, TWO: 4, HALF: 1}  # coefficient in half units: integer sums stay exact

# The kong each gangci win ends with; its 杠底 follows the ordinary kong rules.
WINNING_KONG: dict[Win, KongType] = {
    Win.ANCI: KongType.CONCEALED,
    Win.TIANCI: KongType.CONCEALED,
    Win.ZHICI: KongType.EXPOSED,
    Win.XUCI: KongType.ADDED,
}


def win_rows(win: Win, winner: Seat, source: Seat | None) -> list[tuple[Seat, Role, Part, Fraction]]:
    """The settlement table: ``(payer, role, part, coefficient)`` for each payer.

    >>> [(p.name, r.value, k) for p, r, _, k in win_rows(Win.ZHICI, Seat.W, Seat.S)]
    [('S', 'discarder', Fraction(2, 1)), ('N', 'loser', Fraction(1, 2)), ('E', 'loser', Fraction(1, 2))]
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


def _counts(hand: Hand, part: Part, payee: Seat, payer: Seat) -> tuple[tuple[str, int], ...]:
    """The add-on counts in ``(1 + ...)`` for one payment; () when add-ons are off."""
    if not hand.policy:
        return ()
    receiver, giver = hand.bets[payee], hand.bets[payer]
    if part is Part.GANG:
        return (("gang", receiver.gang), ("gang", giver.gang))
    counts = (("piao", receiver.piao), ("piao", giver.piao))
    if payee is hand.dealer:
        return (*counts, ("di", giver.di))
    if payer is hand.dealer:
        return (*counts, ("di", receiver.di))
    return counts


def _charge(hand: Hand, part: Part, k: Fraction, payee: Seat, payer: Seat, kong: KongType | None = None) -> Charge:
    base = {Part.BOMB: hand.stakes.bomb, Part.CI: hand.stakes.ci, Part.GANG: hand.stakes.gang}[part]
    counts = _counts(hand, part, payee, payer)
    multiplier = 1 + sum(c for _, c in counts)
    return Charge(part, base, k, counts, base * _HALVES[k] * multiplier, kong)


def _kong_payments(hand: Hand, kong: Kong) -> list[Payment]:
    return [
        Payment(payer, kong.by, kong.type, Role.KONG, (_charge(hand, Part.GANG, ONE, kong.by, payer, kong.type),))
        for payer in kong.payers()
    ]


def settle(hand: Hand) -> Settlement:
    """Settle one hand: every payment, and the net per seat (summing to 0).

    >>> from gangci_calc.rules import Outcome, SCHEMES
    >>> hand = Hand(SCHEMES[2], Seat.E, Outcome(Win.ZHICI, Seat.W, Seat.S))
    >>> settle(hand).net
    (-3000, -13000, 19000, -3000)
    """
    outcome = hand.outcome
    payments: list[Payment] = []
    if outcome.win is not Win.DRAW:  # 流局: nothing is paid, kongs are void (流局作废)
        winner = outcome.winner
        assert winner is not None
        winning_kong = WINNING_KONG.get(outcome.win)
        kong_payers = Kong(winner, winning_kong, outcome.source).payers() if winning_kong is not None else ()
        for payer, role, part, k in win_rows(outcome.win, winner, outcome.source):
            charges = [_charge(hand, part, k, winner, payer)]
            if payer in kong_payers:  # the winning kong's 杠底, paid once
                charges.append(_charge(hand, Part.GANG, ONE, winner, payer, winning_kong))
            payments.append(Payment(payer, winner, outcome.win, role, tuple(charges)))
        for kong in hand.kongs:
            payments.extend(_kong_payments(hand, kong))
    halves = [0, 0, 0, 0]
    for payment in payments:
        amount = payment.halves
        halves[payment.payee] += amount
        halves[payment.payer] -= amount
    e, s, w, n = (from_halves(h) for h in halves)
    return Settlement(tuple(payments), (e, s, w, n))
