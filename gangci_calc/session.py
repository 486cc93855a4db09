"""A whole evening: every hand settled, running totals, and the settle-up."""

from __future__ import annotations

from dataclasses import dataclass

from gangci_calc.io.load_session import SessionFile, SessionHand
from gangci_calc.rules import Amount, Settlement, settle
from gangci_calc.transfers import Transfer, fewest_transfers


@dataclass(frozen=True)
class SettledHand:
    hand: SessionHand
    settlement: Settlement
    running: tuple[Amount, ...]  # totals per seat after this hand


@dataclass(frozen=True)
class SessionResult:
    session: SessionFile
    hands: tuple[SettledHand, ...]
    totals: tuple[Amount, Amount, Amount, Amount]
    transfers: tuple[Transfer, ...]


def settle_session(session: SessionFile) -> SessionResult:
    running: list[Amount] = [0, 0, 0, 0]
    settled = []
    for item in session.hands:
        settlement = settle(item.loaded.hand)
        running = [a + b for a, b in zip(running, settlement.net, strict=True)]
        settled.append(SettledHand(item, settlement, tuple(running)))
    totals = (running[0], running[1], running[2], running[3])
    return SessionResult(session, tuple(settled), totals, tuple(fewest_transfers(totals)))
