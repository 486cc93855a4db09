"""An evening's arithmetic: every hand settled in order, running totals, and the settle-up. Pure.

>>> from gangci_calc.core.rules import SCHEMES, Hand, Outcome, Seat, TableRules, Win
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

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gangci_calc.core.rules import SEATS, Amount, Hand, Seat, Settlement, settle
from gangci_calc.core.rules.fee import Fee

if TYPE_CHECKING:
    from gangci_calc.core.evening.transfers import Transfer

HOUSE_NAME = "台费"  # what machine outputs call the house that collects the table fee


@dataclass(frozen=True)
class FeeCollector:
    """Who collects the table fee when it is not a player at the table (台费): a payee of its own."""

    name: str = HOUSE_NAME


Net = tuple[Amount, Amount, Amount, Amount]
Person = Seat | str | FeeCollector  # a player's name, the seat itself where nobody is named, or the house
Seating = Mapping[Seat, str]


@dataclass(frozen=True)
class SettledHand:
    """One hand of the evening, settled, with the totals per seat after it."""

    settlement: Settlement
    running: Net
    seats: tuple[Seat, ...] = SEATS  # the seats in play (E S W at a table of three)


@dataclass(frozen=True)
class SessionResult:
    """Every hand settled, the totals per seat, and the fewest payments that settle them."""

    hands: tuple[SettledHand, ...]
    totals: Net
    transfers: tuple[Transfer[Seat], ...]
    people: tuple[tuple[Person, Amount], ...] = ()  # each person's total, fees paid included; the house last
    settle_up: tuple[Transfer[Person], ...] = ()  # the fewest payments between people
    fees: int = 0  # the table fee collected over the evening (per hand and per evening)
    fees_paid: tuple[tuple[Person, Amount], ...] = ()  # what each person paid in 台费 (who paid nothing: absent)


def settle_hands(
    hands: Iterable[Hand], seatings: Sequence[Seating] | None = None, known: Sequence[Settlement] = ()
) -> SessionResult:
    """Settle the hands of one evening in order; ``seatings``: who sat where at each hand (default: nobody named);
    ``known``: the settlements of the first hands, already made (a ledger that only grew)."""
    from gangci_calc.core.evening.transfers import fewest_payments, fewest_transfers  # the settle-up: not for one hand

    running: Net = (0, 0, 0, 0)
    settled = []
    hands_seen = []
    for index, hand in enumerate(hands):
        hands_seen.append(hand)
        settlement = known[index] if index < len(known) else settle(hand)
        e, s, w, n = (a + b for a, b in zip(running, settlement.net, strict=True))
        running = (e, s, w, n)
        settled.append(SettledHand(settlement, running, hand.seats))
    seatings = seatings if seatings is not None else [{}] * len(settled)
    table_fees = [hand.rules.fee for hand in hands_seen]
    people, fees = people_totals(settled, seatings, table_fees)
    paid = tuple(fees_paid(settled, seatings, table_fees).items())
    return SessionResult(
        tuple(settled), running, tuple(fewest_transfers(running)), people, tuple(fewest_payments(people)), fees, paid
    )


def person_name(who: Person) -> str:
    """A person as the outputs name them: their name, the seat's letter where nobody is named, or the house's."""
    return who if isinstance(who, str) else who.name


def collector(fee: Fee, players: Set[str]) -> Person:
    """Who the fee is paid to: the player ``fee.to`` names (one of ``players``), else the house (named ``fee.to``)."""
    if fee.to and fee.to in players:
        return fee.to
    return FeeCollector(fee.to or HOUSE_NAME)


def evening_fee(people: Sequence[Person], players: Set[str], fee: Fee) -> list[tuple[Person, Person, int]]:
    """The fee of the evening (``per_evening``) as payments: (payer, payee, amount), one from each person who
    played but the collector (``fee`` is the last hand's; ``players``: every name at the table that evening)."""
    if not fee.per_evening:
        return []
    payee = collector(fee, players)
    return [(who, payee, fee.per_evening) for who in _evening_payers(people, payee)]


def people_totals(
    hands: Sequence[SettledHand], seatings: Sequence[Seating], fees: Sequence[Fee]
) -> tuple[tuple[tuple[Person, Amount], ...], int]:
    """Each person's total across the seats they sat in, fees paid included, and the fees collected.

    A person who sat a hand out has nothing for it. With nobody named, the
    people are the four seats. The fee's collector is credited with what each
    hand's fee took, then with ``per_evening`` from each person who played
    (the fee of the last hand); a house that collects comes last.
    """
    totals: dict[Person, Amount] = {} if hands else dict.fromkeys(SEATS, 0)
    players = {name for seating in seatings for name in seating.values()}  # once, not per hand
    collected = 0
    for settled, seating, fee in zip(hands, seatings, fees, strict=True):
        net = settled.settlement.net
        for seat in settled.seats:
            person: Person = seating.get(seat, seat)
            totals[person] = totals.get(person, 0) + net[seat]
        taken = settled.settlement.fee_total
        if taken:
            payee = collector(fee, players)
            totals[payee] = totals.get(payee, 0) + taken
            collected += taken
    for who, paid in fees_paid(hands, seatings, fees).items():
        totals[who] -= paid
    if fees and fees[-1].per_evening:
        payee = collector(fees[-1], players)
        shared = fees[-1].per_evening * len(_evening_payers(totals, payee))
        totals[payee] = totals.get(payee, 0) + shared
        collected += shared
    houses = [who for who in totals if isinstance(who, FeeCollector)]
    ordered = [(who, total) for who, total in totals.items() if not isinstance(who, FeeCollector)]
    return (*ordered, *((house, totals[house]) for house in houses)), collected


def _evening_payers(people: Iterable[Person], payee: Person) -> list[Person]:
    """Who pays the per-evening fee: every person who played, but the collector (and never the house)."""
    return [who for who in people if not isinstance(who, FeeCollector) and who != payee]


def fees_paid(hands: Sequence[SettledHand], seatings: Sequence[Seating], fees: Sequence[Fee]) -> dict[Person, Amount]:
    """What each person paid in 台费 over the evening: each hand's fee from the seats they sat in, then
    ``per_evening`` (the fee of the last hand) from each who played but the collector. Nobody who paid nothing."""
    paid: dict[Person, Amount] = {}
    played: dict[Person, None] = {}
    for settled, seating in zip(hands, seatings, strict=True):
        for seat in settled.seats:
            person: Person = seating.get(seat, seat)
            played.setdefault(person, None)
            if settled.settlement.fees[seat]:
                paid[person] = paid.get(person, 0) + settled.settlement.fees[seat]
    if fees and fees[-1].per_evening:
        players = {name for seating in seatings for name in seating.values()}
        for who in _evening_payers(played, collector(fees[-1], players)):
            paid[who] = paid.get(who, 0) + fees[-1].per_evening
    return paid
