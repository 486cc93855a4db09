"""A session's table fee as ``gangci batch`` writes it: each person's total from the ledger (fees paid and collected
included), and the evening's fee on the last hand's ``--payments``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gangci_calc.core.rules import Hand, Settlement
from gangci_calc.io.load.load import LoadedHand


def payments_text(hand: Hand, settlement: Settlement, extra: list[dict[str, Any]]) -> str:
    """Each payment of the hand, as the one serializer writes it (``io/export/export.py`` ``payment_object``),
    then ``extra`` (the evening's fee, on a session's last hand)."""
    from gangci_calc.io.export.export import exact_json, payment_object, payments_json

    if not extra:
        return payments_json(hand, settlement)
    return exact_json([*(payment_object(p, hand, charges=False) for p in settlement.payments), *extra])


@dataclass(frozen=True)
class EveningFee:
    """A ledger with a table fee, as batch writes it: each person's total (half units) and the evening's fee."""

    people: dict[str, int]
    payments: list[dict[str, Any]]  # the per-evening fee, as payment objects: on the last hand's --payments

    @classmethod
    def of(cls, hands: list[LoadedHand]) -> EveningFee:
        from gangci_calc.core.evening.ledger import evening_fee, person_name, settle_hands
        from gangci_calc.io.show.labels import json_amount

        seatings = [loaded.names for loaded in hands]
        result = settle_hands([loaded.hand for loaded in hands], seatings)
        people = {person_name(who): int(total * 2) for who, total in result.people}  # a seat nobody named: its letter
        players = {name for seating in seatings for name in seating.values()}
        last = hands[-1]
        seat_of = {name: seat.name for seat, name in last.names.items()}
        payments = [
            {
                "payer": seat_of.get(person_name(payer), person_name(payer)),
                "payee": person_name(payee),
                "amount": json_amount(amount),
                "for": "per_evening",
                "role": "fee",
            }
            for payer, payee, amount in evening_fee([who for who, _ in result.people], players, last.hand.rules.fee)
        ]
        return cls(people, payments)
