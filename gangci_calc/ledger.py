"""An evening's arithmetic: every hand settled in order, running totals, and the settle-up. Pure.

>>> from gangci_calc.rules import SCHEMES, Hand, Outcome, Seat, TableRules, Win
>>> table = TableRules(SCHEMES[2])
>>> bomb = Hand(table, Seat.E, Outcome(Win.BOMB, Seat.S))
>>> anci = Hand(table, Seat.S, Outcome(Win.ANCI, Seat.S))
>>> settle_hands([bomb, anci]).totals
(-9000, 27000, -9000, -9000)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gangci_calc.rules import Amount, Hand, Settlement, settle
from gangci_calc.transfers import Transfer, fewest_transfers

Net = tuple[Amount, Amount, Amount, Amount]


@dataclass(frozen=True)
class SettledHand:
    """One hand of the evening, settled, with the totals per seat after it."""

    settlement: Settlement
    running: Net


@dataclass(frozen=True)
class SessionResult:
    """Every hand settled, the totals per seat, and the fewest payments that settle them."""

    hands: tuple[SettledHand, ...]
    totals: Net
    transfers: tuple[Transfer, ...]


def settle_hands(hands: Iterable[Hand]) -> SessionResult:
    """Settle the hands of one evening in order."""
    running: Net = (0, 0, 0, 0)
    settled = []
    for hand in hands:
        settlement = settle(hand)
        e, s, w, n = (a + b for a, b in zip(running, settlement.net, strict=True))
        running = (e, s, w, n)
        settled.append(SettledHand(settlement, running))
    return SessionResult(tuple(settled), running, tuple(fewest_transfers(running)))
