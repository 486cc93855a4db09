"""Settle-up: the fewest payments that settle a table's totals.

The minimum is (players owed or owing) − (the most groups the players can be
split into whose totals each sum to zero): each zero-sum group of k players
settles with k − 1 payments and no fewer. For a table of four the split is
found exactly by trying every subset.

>>> [(t.payer.name, t.payee.name, t.amount) for t in fewest_transfers((300, -100, -200, 0))]
[('S', 'E', 100), ('W', 'E', 200)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from gangci_calc.rules import Amount, Seat


@dataclass(frozen=True)
class Transfer:
    payer: Seat
    payee: Seat
    amount: Amount


def _most_zero_groups(balances: tuple[Amount, ...]) -> list[list[int]]:
    """Split the indices into the most groups with zero sums (exact, by subsets)."""
    n = len(balances)
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


def fewest_transfers(totals: tuple[Amount, ...]) -> list[Transfer]:
    """Payments that settle ``totals`` (indexed by seat, summing to 0), as few as possible."""
    if sum(totals) != 0:
        raise ValueError("totals must sum to zero")
    owing = [i for i, amount in enumerate(totals) if amount != 0]
    groups = _most_zero_groups(tuple(totals[i] for i in owing))
    transfers: list[Transfer] = []
    for group in groups:
        members = [Seat(owing[i]) for i in group]
        debtors = [seat for seat in members if totals[seat] < 0]
        creditors = [seat for seat in members if totals[seat] > 0]
        left: dict[Seat, Amount] = {seat: -totals[seat] if totals[seat] < 0 else totals[seat] for seat in members}
        while debtors and creditors:  # within a zero-sum group this makes k - 1 payments
            debtor, creditor = debtors[0], creditors[0]
            amount = left[debtor] if left[debtor] <= left[creditor] else left[creditor]
            transfers.append(Transfer(debtor, creditor, amount))
            left[debtor] -= amount
            left[creditor] -= amount
            if left[debtor] == 0:
                debtors.pop(0)
            if left[creditor] == 0:
                creditors.pop(0)
    return sorted(transfers, key=lambda t: (t.payer, t.payee))
