"""The club's record: many evenings added up per person. Pure: settled evenings in, a record out.

People are matched by name across evenings. A seat nobody named is a
stranger to the record: it shows in its own evening only. The house that
collects a table fee is not a person either: what it took is ``fees``, and
what it is owed is nobody's ``owed``, even where it bears the name of a
person of another evening (``fee.to`` naming one who sat that evening out).

>>> from gangci_calc.core.rules import SCHEMES, Hand, Outcome, Seat, TableRules, Win
>>> bomb = Hand(TableRules(SCHEMES[1]), Seat.E, Outcome(Win.BOMB, Seat.S))
>>> names = {Seat.E: "老王", Seat.S: "小李", Seat.W: "张姐", Seat.N: "阿强"}
>>> evening = EveningPlayed.of("a.yaml", "2026-11-24", [bomb], [names])
>>> [(p.name, p.total, p.wins) for p in club_record([evening, evening]).people][:2]
[('小李', 1200, {'bomb': 2}), ('张姐', -400, {})]

A person's ``running`` has a total for each evening of the record they played,
and ``None`` for each they missed (or had not yet joined): the chart starts a
line at its first evening and leaves a gap for a missed one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from gangci_calc.core.evening.dues import dues_of
from gangci_calc.core.evening.ledger import FeeCollector, Net, Person, person_name, settle_hands
from gangci_calc.core.evening.transfers import Transfer
from gangci_calc.core.rules import Amount, Hand, Seat, Stakes, Win

Seating = dict[Seat, str]


@dataclass(frozen=True)
class EveningPlayed:
    """One ledger's evening, settled: its file, its date (``None`` where it gives none), each hand with its
    seating and net, each person's total (fees included) and the fees taken; what each person paid in fees,
    the settle-up and the payments of it recorded (by name)."""

    file: str
    date: str | None
    hands: Sequence[tuple[Hand, Seating, Net]]
    people: Sequence[tuple[Person, Amount]]
    fees: int = 0
    fees_paid: Mapping[str, Amount] = field(default_factory=dict)
    settle_up: Sequence[Transfer[str]] = ()
    paid: Sequence[Transfer[str]] = ()

    @classmethod
    def of(
        cls,
        file: str,
        date: str | None,
        hands: Sequence[Hand],
        seatings: Sequence[Seating],
        paid: Sequence[Transfer[str]] = (),
    ) -> EveningPlayed:
        """An evening settled here (``gangci history`` passes the settle service's own result instead)."""
        result = settle_hands(hands, seatings)
        nets = [h.settlement.net for h in result.hands]
        played = [(hand, dict(seating), net) for hand, seating, net in zip(hands, seatings, nets, strict=True)]
        fees_paid = {person_name(who): amount for who, amount in result.fees_paid}
        settle_up = [Transfer(person_name(t.payer), person_name(t.payee), t.amount) for t in result.settle_up]
        return cls(file, date, played, result.people, result.fees, fees_paid, settle_up, paid)


@dataclass(frozen=True)
class OpenTransfer:
    """A transfer of an evening's settle-up not yet recorded as paid."""

    file: str
    date: str | None
    transfer: Transfer[str]


@dataclass(frozen=True)
class EveningTotals:
    """One evening in the record: each person's total that night (strangers and the house included), its 流局,
    and the stakes its hands were played at (in order of first use)."""

    file: str
    date: str | None
    hands: int
    people: dict[str, Amount]
    draws: int = 0
    stakes: tuple[Stakes, ...] = ()


@dataclass
class PersonRecord:
    """One person over the record: evenings and hands played, total, wins by type, 点炮 and 续呲 fed, best and
    worst hand, fees paid, and what is still owed."""

    name: str
    evenings: int = 0
    hands: int = 0
    total: Amount = 0
    wins: dict[str, int] = field(default_factory=dict)
    discards: int = 0  # the times they were the discarder (from) of a 直呲 or a 点炮
    fed: int = 0  # the times they fed (from) a 续呲: the pung they gave grew into the winner's kong
    best: Amount | None = None  # their largest single-hand net
    worst: Amount | None = None  # their smallest
    fees: Amount = 0  # what they paid in 台费 (in their total already)
    owed: Amount = 0  # what they still have to pay, over every evening (negative: what is owed to them)
    running: list[Amount | None] = field(default_factory=list)  # their total after each evening; None: not played

    @property
    def won(self) -> int:
        """Hands won, of every type."""
        return sum(self.wins.values())

    @property
    def win_rate(self) -> Fraction | None:
        """Hands won over hands played (``None`` before any hand)."""
        return Fraction(self.won, self.hands) if self.hands else None


@dataclass(frozen=True)
class ClubRecord:
    """Every evening, every named person (best total first), the fees the house took, the transfers still open."""

    evenings: tuple[EveningTotals, ...]
    people: tuple[PersonRecord, ...]
    fees: int
    open: tuple[OpenTransfer, ...] = ()

    @property
    def draws(self) -> int:
        """The 流局 of the record."""
        return sum(evening.draws for evening in self.evenings)

    @property
    def stakes(self) -> tuple[Stakes, ...]:
        """Every stakes the record's hands were played at, in order of first use: more than one, a note."""
        return tuple(dict.fromkeys(stakes for evening in self.evenings for stakes in evening.stakes))


_DISCARDED = (Win.ZHICI, Win.DIANPAO)


def club_record(evenings: Sequence[EveningPlayed]) -> ClubRecord:
    """Add the evenings up, in the order given (oldest first)."""
    people: dict[str, PersonRecord] = {}
    totals: list[EveningTotals] = []
    still_open: list[OpenTransfer] = []
    fees = 0
    for index, evening in enumerate(evenings):
        fees += evening.fees
        totals.append(_evening_totals(evening))
        for hand, seating, net in evening.hands:
            for seat, name in seating.items():
                _count_hand(people.setdefault(name, PersonRecord(name)), hand, seat, net[seat])
        for who, total in evening.people:
            if isinstance(who, str):
                record = people.setdefault(who, PersonRecord(who))
                record.total += total
                record.evenings += 1
                record.fees += evening.fees_paid.get(who, 0)
                record.running.extend([None] * (index - len(record.running)))
                record.running.append(record.total)
        dues = dues_of(evening.settle_up, evening.paid)
        named = {who for who, _ in evening.people if isinstance(who, str)}  # not a house, even one named as a person
        for who, owed in dues.owed.items():
            if who in named:
                people[who].owed += owed
        still_open += [OpenTransfer(evening.file, evening.date, transfer) for transfer in dues.open]
    for record in people.values():  # the evenings after their last: missed
        record.running.extend([None] * (len(evenings) - len(record.running)))
    ranked = sorted(people.values(), key=lambda p: (-p.total, p.name))
    return ClubRecord(tuple(totals), tuple(ranked), fees, tuple(still_open))


def _evening_totals(evening: EveningPlayed) -> EveningTotals:
    draws = sum(1 for hand, _, _ in evening.hands if hand.outcome.win is Win.DRAW)
    stakes = tuple(dict.fromkeys(hand.rules.stakes for hand, _, _ in evening.hands))
    return EveningTotals(evening.file, evening.date, len(evening.hands), _evening_people(evening.people), draws, stakes)


def _evening_people(people: Sequence[tuple[object, Amount]]) -> dict[str, Amount]:
    out: dict[str, Amount] = {}
    for who, total in people:
        assert isinstance(who, (str, Seat, FeeCollector))
        out[person_name(who)] = total
    return out


def _count_hand(record: PersonRecord, hand: Hand, seat: Seat, net: Amount) -> None:
    outcome = hand.outcome
    record.hands += 1
    if outcome.winner is seat:
        record.wins[outcome.win.value] = record.wins.get(outcome.win.value, 0) + 1
    if outcome.source is seat and outcome.win in _DISCARDED:
        record.discards += 1
    if outcome.source is seat and outcome.win is Win.XUCI:
        record.fed += 1
    record.best = net if record.best is None or net > record.best else record.best
    record.worst = net if record.worst is None or net < record.worst else record.worst
