"""An evening's arithmetic: every hand settled in order, running totals, and the settle-up. Pure.

>>> from gangci_calc.rules import SCHEMES, Hand, Outcome, Seat, TableRules, Win
>>> table = TableRules(SCHEMES[2])
>>> bomb = Hand(table, Seat.E, Outcome(Win.BOMB, Seat.S))
>>> anci = Hand(table, Seat.S, Outcome(Win.ANCI, Seat.S))
>>> settle_hands([bomb, anci]).totals
(-9000, 27000, -9000, -9000)

People are counted across seats: 小李 sat 南 for the bomb, then 西 for the 暗呲.

>>> result = settle_hands([bomb, anci], [{Seat.S: "小李"}, {Seat.W: "小李"}])
>>> [(getattr(who, "name", who), total) for who, total in result.people]
[('E', -9000), ('小李', -1000), ('W', -2000), ('N', -9000), ('S', 21000)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from gangci_calc.rules import SEATS, Amount, Hand, Seat, Settlement, settle
from gangci_calc.transfers import Transfer, fewest_payments, fewest_transfers

Net = tuple[Amount, Amount, Amount, Amount]
Person = Seat | str  # a player's name, or the seat itself where nobody is named
Seating = Mapping[Seat, str]


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
    transfers: tuple[Transfer[Seat], ...]
    people: tuple[tuple[Person, Amount], ...] = ()  # each person's total, in order of first seat
    settle_up: tuple[Transfer[Person], ...] = ()  # the fewest payments between people


def settle_hands(hands: Iterable[Hand], seatings: Sequence[Seating] | None = None) -> SessionResult:
    """Settle the hands of one evening in order; ``seatings``: who sat where at each hand (default: nobody named)."""
    running: Net = (0, 0, 0, 0)
    settled = []
    for hand in hands:
        settlement = settle(hand)
        e, s, w, n = (a + b for a, b in zip(running, settlement.net, strict=True))
        running = (e, s, w, n)
        settled.append(SettledHand(settlement, running))
    nets = [h.settlement.net for h in settled]
    people = people_totals(nets, seatings if seatings is not None else [{}] * len(nets))
    return SessionResult(
        tuple(settled), running, tuple(fewest_transfers(running)), people, tuple(fewest_payments(people))
    )


def person_name(who: Person) -> str:
    """A person as the outputs name them: their name, or the seat's letter where nobody is named."""
    return who if isinstance(who, str) else who.name


def people_totals(nets: Sequence[Net], seatings: Sequence[Seating]) -> tuple[tuple[Person, Amount], ...]:
    """Each person's total across the seats they sat in; a person who sat a hand out has nothing for it.

    With nobody named, the people are the four seats and their totals the seats' totals.
    """
    totals: dict[Person, Amount] = {} if nets else dict.fromkeys(SEATS, 0)
    for net, seating in zip(nets, seatings, strict=True):
        for seat in SEATS:
            person: Person = seating.get(seat, seat)
            totals[person] = totals.get(person, 0) + net[seat]
    return tuple(totals.items())
