"""From one hand to the next at a table: who deals, and the 米 each seat holds (下米)."""

from __future__ import annotations

from gangci_calc.core.rules.hand import NO_MI, Outcome
from gangci_calc.core.rules.outcomes import Win
from gangci_calc.core.rules.seats import Seat, in_play, next_in_play
from gangci_calc.core.rules.table import DrawDealer, HouseRules


def next_dealer(house: HouseRules, dealer: Seat, outcome: Outcome) -> Seat:
    """The winner deals next; after a 流局 the dealer stays, or passes on under 下庄 (draw_dealer: next).

    >>> from gangci_calc.core.rules import SEED_RULES, HouseRules, DrawDealer
    >>> next_dealer(SEED_RULES, Seat.E, Outcome.draw())
    <Seat.E: 0>
    >>> next_dealer(HouseRules(draw_dealer=DrawDealer.NEXT), Seat.E, Outcome.draw())
    <Seat.S: 1>
    """
    if outcome.winner is not None:
        return outcome.winner
    if house.draw_dealer is DrawDealer.NEXT:
        return next_in_play(dealer, in_play(house.three_players))
    return dealer


def next_mi(house: HouseRules, mi: tuple[int, int, int, int], dealer: Seat, win: Win) -> tuple[int, int, int, int]:
    """The 米 held after a hand: a 流局 puts one on its dealer's seat, a ci win clears them all.

    Without 下米 (xiami: 0) nobody holds any.

    >>> from gangci_calc.core.rules import HouseRules
    >>> next_mi(HouseRules(xiami=500), (1, 0, 0, 0), Seat.E, Win.DRAW)
    (2, 0, 0, 0)
    """
    if not house.xiami or win.is_ci:
        return NO_MI
    if win is Win.DRAW:
        counts = list(mi)
        counts[dealer] += 1
        return (counts[0], counts[1], counts[2], counts[3])
    return mi
