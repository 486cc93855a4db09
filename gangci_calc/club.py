"""The club's record: many evenings added up per person. Pure: settled evenings in, a record out.

People are matched by name across evenings. A seat nobody named is a
stranger to the record: it shows in its own evening only. The house that
collects a table fee is not a person either: what it took is ``fees``.

>>> from gangci_calc.rules import SCHEMES, Hand, Outcome, Seat, TableRules, Win
>>> bomb = Hand(TableRules(SCHEMES[1]), Seat.E, Outcome(Win.BOMB, Seat.S))
>>> names = {Seat.E: "老王", Seat.S: "小李", Seat.W: "张姐", Seat.N: "阿强"}
>>> evening = EveningPlayed.of("a.yaml", "2026-11-24", [bomb], [names])
>>> [(p.name, p.total, p.wins) for p in club_record([evening, evening]).people][:2]
[('小李', 1200, {'bomb': 2}), ('张姐', -400, {})]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gangci_calc.ledger import House, Net, Person, person_name, settle_hands
from gangci_calc.rules import Amount, Hand, Seat, Win

Seating = dict[Seat, str]


@dataclass(frozen=True)
class EveningPlayed:
    """One ledger's evening, settled: its file, its date (``None`` where it gives none), each hand with its
    seating and net, each person's total (fees included) and the fees taken."""

    file: str
    date: str | None
    hands: Sequence[tuple[Hand, Seating, Net]]
    people: Sequence[tuple[Person, Amount]]
    fees: int = 0

    @classmethod
    def of(cls, file: str, date: str | None, hands: Sequence[Hand], seatings: Sequence[Seating]) -> EveningPlayed:
        """An evening settled here (``gangci history`` passes the settle service's own result instead)."""
        result = settle_hands(hands, seatings)
        nets = [h.settlement.net for h in result.hands]
        played = [(hand, dict(seating), net) for hand, seating, net in zip(hands, seatings, nets, strict=True)]
        return cls(file, date, played, result.people, result.fees)


@dataclass(frozen=True)
class EveningTotals:
    """One evening in the record: each person's total that night (strangers and the house included)."""

    file: str
    date: str | None
    hands: int
    people: dict[str, Amount]


@dataclass
class PersonRecord:
    """One person over the record: evenings and hands played, total, wins by type, 点炮 paid, best and worst hand."""

    name: str
    evenings: int = 0
    hands: int = 0
    total: Amount = 0
    wins: dict[str, int] = field(default_factory=dict)
    discards: int = 0  # the times they were the discarder (from) of a 直呲 or a 点炮
    best: Amount | None = None  # their largest single-hand net
    worst: Amount | None = None  # their smallest
    running: list[Amount] = field(default_factory=list)  # their total after each evening of the record


@dataclass(frozen=True)
class ClubRecord:
    """Every evening, every named person (best total first), and the fees the house took."""

    evenings: tuple[EveningTotals, ...]
    people: tuple[PersonRecord, ...]
    fees: int


_DISCARDED = (Win.ZHICI, Win.DIANPAO)


def club_record(evenings: Sequence[EveningPlayed]) -> ClubRecord:
    """Add the evenings up, in the order given (oldest first)."""
    people: dict[str, PersonRecord] = {}
    totals: list[EveningTotals] = []
    fees = 0
    for index, evening in enumerate(evenings):
        fees += evening.fees
        totals.append(EveningTotals(evening.file, evening.date, len(evening.hands), _evening_people(evening.people)))
        for hand, seating, net in evening.hands:
            for seat, name in seating.items():
                _count_hand(people.setdefault(name, PersonRecord(name)), hand, seat, net[seat])
        for who, total in evening.people:
            if isinstance(who, str):
                record = people.setdefault(who, PersonRecord(who))
                record.total += total
                record.evenings += 1
        for record in people.values():  # a running total for each evening, played or not
            record.running.extend([record.total] * (index + 1 - len(record.running)))
    ranked = sorted(people.values(), key=lambda p: (-p.total, p.name))
    return ClubRecord(tuple(totals), tuple(ranked), fees)


def _evening_people(people: Sequence[tuple[object, Amount]]) -> dict[str, Amount]:
    out: dict[str, Amount] = {}
    for who, total in people:
        assert isinstance(who, (str, Seat, House))
        out[person_name(who)] = total
    return out


def _count_hand(record: PersonRecord, hand: Hand, seat: Seat, net: Amount) -> None:
    outcome = hand.outcome
    record.hands += 1
    if outcome.winner is seat:
        record.wins[outcome.win.value] = record.wins.get(outcome.win.value, 0) + 1
    if outcome.source is seat and outcome.win in _DISCARDED:
        record.discards += 1
    record.best = net if record.best is None or net > record.best else record.best
    record.worst = net if record.worst is None or net < record.worst else record.worst
