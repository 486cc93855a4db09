"""Settle-up: the fewest payments that settle a table's totals.

The minimum is (people owed or owing) − (the most groups the people can be
split into whose totals each sum to zero): each zero-sum group of k people
settles with k − 1 payments and no fewer. The split is found exactly by
trying every subset, for up to ``EXACT_LIMIT`` people with a balance; an
evening with more than that (rare) is settled greedily, largest first.

>>> [(t.payer.name, t.payee.name, t.amount) for t in fewest_transfers((300, -100, -200, 0))]
[('S', 'E', 100), ('W', 'E', 200)]
>>> [(t.payer, t.payee, t.amount) for t in fewest_payments([("老王", 50), ("小李", -50), ("张姐", 0)])]
[('小李', '老王', 50)]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Generic, TypeVar

from gangci_calc.core.rules import Amount, Seat

K = TypeVar("K", bound=Hashable)

EXACT_LIMIT = 12  # 3^12 subset steps at most: well under a second


@dataclass(frozen=True)
class Transfer(Generic[K]):
    """``payer`` pays ``payee`` ``amount``: seats for a table, people for an evening."""

    payer: K
    payee: K
    amount: Amount


def _most_zero_groups(balances: tuple[Amount, ...]) -> list[list[int]]:
    """Split the indices into the most groups with zero sums (exact, by subsets)."""
    n = len(balances)
    if n > EXACT_LIMIT:
        return [list(range(n))]
    full = (1 << n) - 1
    sums = [sum(balances[i] for i in range(n) if mask >> i & 1) for mask in range(full + 1)]

    @cache
    def best(mask: int) -> tuple[int, tuple[int, ...]]:
        if mask == 0:
            return 0, ()
        low = mask & -mask  # the group of the lowest member: try every zero-sum one
        result: tuple[int, tuple[int, ...]] = (-1, ())
        sub = mask
        while sub:
            if sub & low and sums[sub] == 0:
                count, groups = best(mask ^ sub)
                if count + 1 > result[0]:
                    result = (count + 1, (sub, *groups))
            sub = (sub - 1) & mask
        return result

    _, masks = best(full)
    return [[i for i in range(n) if mask >> i & 1] for mask in masks]


def fewest_payments(balances: Sequence[tuple[K, Amount]]) -> list[Transfer[K]]:
    """Payments that settle ``balances`` (who, total; summing to 0), as few as possible, in ``balances`` order."""
    if sum(amount for _, amount in balances) != 0:
        raise ValueError("totals must sum to zero")
    order = {who: i for i, (who, _) in enumerate(balances)}
    owing = [(who, amount) for who, amount in balances if amount != 0]
    transfers: list[Transfer[K]] = []
    for group in _most_zero_groups(tuple(amount for _, amount in owing)):
        members = [owing[i] for i in group]
        transfers += _settle_group(members, order if len(group) <= EXACT_LIMIT else None)
    return sorted(transfers, key=lambda t: (order[t.payer], order[t.payee]))


def _settle_group(members: list[tuple[K, Amount]], order: dict[K, int] | None) -> list[Transfer[K]]:
    """A zero-sum group settled in k - 1 payments: debtors pay creditors in turn (in table ``order`` where given;
    within an exact group the order does not change the count), else largest first."""
    members = sorted(members, key=lambda m: m[1] if m[1] < 0 else -m[1])
    debtors = [who for who, amount in members if amount < 0]
    creditors = [who for who, amount in members if amount > 0]
    left: dict[K, Amount] = {who: -amount if amount < 0 else amount for who, amount in members}
    if order is not None:
        debtors.sort(key=order.__getitem__)
        creditors.sort(key=order.__getitem__)
    transfers: list[Transfer[K]] = []
    while debtors and creditors:
        debtor, creditor = debtors[0], creditors[0]
        amount = min(left[debtor], left[creditor])
        transfers.append(Transfer(debtor, creditor, amount))
        left[debtor] -= amount
        left[creditor] -= amount
        if left[debtor] == 0:
            debtors.pop(0)
        if left[creditor] == 0:
            creditors.pop(0)
    return transfers


def fewest_transfers(totals: tuple[Amount, ...]) -> list[Transfer[Seat]]:
    """Payments that settle ``totals`` (indexed by seat, summing to 0), as few as possible."""
    return fewest_payments([(Seat(i), amount) for i, amount in enumerate(totals)])
