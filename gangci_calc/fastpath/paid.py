"""``--payments`` on the fast path: each amount summed from the core's linear forms, each text the serializer's.

For each plan (an outcome, or one kong) at a stakes' ratio, the core's
:func:`~gangci_calc.core.rules.settle.linear_form`
gives every share's constant and add-on terms, and the core's settlement of that hand groups the shares into
payments. Each payment's JSON is written once by ``io/export/export.py`` ``payment_object`` with a marker for its
amount; a record's payments are then those texts with the amounts its counts give. A payment is one payer's
consecutive shares to one payee for one reason, across the outcome's and the kongs' shares, as the core groups them.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import groupby
from typing import NamedTuple, Protocol

from gangci_calc.core.rules import Hand, Payment, Stakes
from gangci_calc.core.rules.settle import Linear, Row, linear_form, payment_key, settle
from gangci_calc.io.export.export import exact_json, payment_object
from gangci_calc.io.show.labels import json_amount


class Plan(Protocol):
    """What this module reads of ``fastpath/fast.py``'s plan: its hand at some stakes, and where its payments are
    kept."""

    paid: dict[object, tuple[Paid, ...]]

    def hand_at(self, stakes: Stakes, /) -> tuple[Hand, list[Row] | None]: ...


_MARK = 918273645546372819  # an amount no share has: where the amount goes in a payment's text


class Paid(NamedTuple):
    """One payment of a plan, as a linear form of the record's counts (halves at the ratio's stakes)."""

    key: tuple[object, ...]  # payer, payee, reason, role: consecutive payments with one key are one
    const: int
    terms: tuple[tuple[int, int], ...]  # (count index, halves per count)
    head: str  # the payment's JSON text before its amount
    tail: str  # and after it


def paid_forms(
    plan: Plan, ratio: tuple[int, int, int, int], per_seat: int, counted: dict[str, int]
) -> tuple[Paid, ...]:
    """The plan's payments at these stakes' ratio (bomb, ci, gang, point), compiled by the core once (kept on the
    plan); a count's index is seat × ``per_seat`` + its place in ``counted``, as the fast path's (a term of a
    count it does not take, 跑, counts nothing: a record with such a count is the loader's)."""
    made = plan.paid.get(ratio)
    if made is not None:
        return made
    bases = ratio
    hand, found = plan.hand_at(Stakes(gang=bases[2], bomb=bases[0], ci=bases[1], dianpao=bases[3]))
    forms = linear_form(hand, found)
    out: list[Paid] = []
    at = 0
    for payment, size in _payments(hand, forms, found is None):
        const, terms = 0, dict[int, int]()
        for form in forms[at : at + size]:
            const += form.const
            for term in form.terms:
                place = counted.get(term.addon)
                if place is None:
                    continue
                index = term.seat * per_seat + place
                terms[index] = terms.get(index, 0) + term.coefficient
        at += size
        data = payment_object(payment, hand, charges=False)
        data["amount"] = _MARK
        head, tail = exact_json(data).split(str(_MARK))
        key = (payment.payer, payment.payee, payment.reason, payment.role)
        out.append(Paid(key, const, tuple(terms.items()), head, tail))
    if len(plan.paid) > 64:  # a table's stakes: a few; bounded all the same
        plan.paid.clear()
    made = plan.paid[ratio] = tuple(out)
    return made


def _payments(hand: Hand, forms: tuple[Linear, ...], outcome: bool) -> list[tuple[Payment, int]]:
    """The payments of a plan's hand, each with how many of ``forms`` it holds.

    An outcome's are the core's settlement's. A kong plan's hand is a 流局 with the kong, which the table's rules
    may void, so its shares (the kong's rows) are grouped here by the core's own payment_key; a kong pays on no one's
    behalf, so its payment needs no charges."""
    if outcome:
        return [(payment, len(payment.charges)) for payment in settle(hand).payments]
    return [
        (Payment(payer, payee, reason, role, ()), sum(1 for _ in group))
        for (payer, payee, reason, role), group in groupby(forms, key=payment_key)
    ]


def plans_payments_text(parts: list[tuple[Paid, ...]], counts: dict[int, int], scale: int) -> str:
    """The record's payments as JSON text: its plans' payments in order, consecutive ones of one key summed. Within
    a plan no two consecutive payments have one key (the core grouped them): only a plan's first may join the last
    one before it."""
    amounts: list[int] = []
    texts: list[Paid] = []
    last: tuple[object, ...] = ()
    for paid in parts:
        for payment in paid:
            halves = payment.const
            if counts:
                for index, coefficient in payment.terms:
                    if index in counts:
                        halves += coefficient * counts[index]
            if last and payment is paid[0] and last == payment.key:
                amounts[-1] += halves
            else:
                amounts.append(halves)
                texts.append(payment)
        last = paid[-1].key if paid else last
    if scale != 1:
        amounts = [h * scale for h in amounts]
    out = [
        f"{p.head}{str(h >> 1) if not h & 1 else exact_json(json_amount(Fraction(h, 2)))}{p.tail}"
        for p, h in zip(texts, amounts, strict=True)
    ]
    return "[" + ", ".join(out) + "]"
