"""What is still owed after the payments recorded (已付). Pure: an evening's settle-up and its payments in.

An evening's settle-up says who pays whom; the ledger's ``paid:`` says which
of those payments were made. What is left open is the settle-up less the
payments that match one of its transfers. A payment that matches none (the
evening was edited after it was paid) is money that moved all the same: the
balances left are then settled afresh, in the fewest payments.

``owed`` is what each person still has to pay (negative: what is still owed to
him); over the people it sums to 0, and it is 0 for all once every transfer is paid.

>>> settle_up = [Transfer("小李", "张姐", 3700), Transfer("老王", "张姐", 500)]
>>> left = dues_of(settle_up, [Transfer("小李", "张姐", 3700)])
>>> [(t.payer, t.payee, t.amount) for t in left.open], left.owed
([('老王', '张姐', 500)], {'小李': 0, '张姐': -500, '老王': 500})
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from gangci_calc.core.evening.transfers import Transfer, fewest_payments
from gangci_calc.core.rules import Amount

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Dues(Generic[K]):
    """The transfers still open, and what each person still owes (negative: is owed)."""

    open: tuple[Transfer[K], ...]
    owed: dict[K, Amount]


def dues_of(settle_up: Sequence[Transfer[K]], paid: Sequence[Transfer[K]]) -> Dues[K]:
    """The open transfers and each person's ``owed`` after ``paid`` (each a payment made) against ``settle_up``."""
    owed: dict[K, Amount] = {}
    for transfer, sign in [*((t, 1) for t in settle_up), *((t, -1) for t in paid)]:
        owed[transfer.payer] = owed.get(transfer.payer, 0) + sign * transfer.amount
        owed[transfer.payee] = owed.get(transfer.payee, 0) - sign * transfer.amount
    left = list(settle_up)
    for payment in paid:
        if payment not in left:  # not one of the settle-up's: what is left is settled afresh
            balances = [(who, -amount) for who, amount in owed.items()]
            return Dues(tuple(fewest_payments(balances)), owed)
        left.remove(payment)
    return Dues(tuple(left), owed)
