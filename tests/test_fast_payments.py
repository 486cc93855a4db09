"""``--payments`` on the fast path (``fastpath/paid.py``): the same text as the core's own settlement writes."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest

from gangci_calc.core.rules import NO_BETS
from gangci_calc.core.rules.settle import settle
from gangci_calc.fastpath.fast import FastPath, core_hand
from gangci_calc.fastpath.records import FastHand
from gangci_calc.io.export.export import payments_json
from tests.handgen import distinct_hands, null_free, platform_hands, warehouse_hands

RECORDS = [
    *distinct_hands(1500, seed=31),
    *(null_free(row) for row in warehouse_hands(1500, seed=32)),
]


def paid(fast: FastPath, typed: FastHand) -> str:
    settled = fast.settle(typed, -1, paying=True)
    assert settled is not None
    return settled[-1]


@pytest.mark.parametrize("chunk", range(3))
def test_fast_payments_are_the_cores_payments(chunk: int) -> None:
    fast = FastPath()
    taken = 0
    kongs = house = bets = 0
    for data in RECORDS[chunk::3]:
        data = {k: (json.loads(v) if k in ("stakes", "rules") and isinstance(v, str) else v) for k, v in data.items()}
        typed = fast.typed(data)
        if typed is None or fast.settle(typed, -1) is None:
            continue  # the loader's record: its payments are the core's already
        taken += 1
        hand = core_hand(typed)
        kongs += bool(hand.kongs)
        house += "rules" in data
        bets += any(b != NO_BETS for b in hand.bets)
        assert paid(fast, typed) == payments_json(hand, settle(hand)), data
    assert taken > 700 and kongs > 100 and house > 30 and bets > 100  # the paths the forms take were all met
    # plans_payments_text joins a plan's payment to the one before only at a plan's first: within one, the core grouped
    plans = [*fast.plans.values(), *fast.kongs.values()]
    for payments in (payments for plan in plans for payments in plan.paid.values()):
        assert all(one.key != two.key for one, two in pairwise(payments))
    assert sum(len(plan.paid) for plan in plans) > 50


def test_fast_payments_follow_the_stakes_scale() -> None:
    fast = FastPath()
    base = {"policy": True, "dealer": "S", "win": {"type": "zhici", "winner": "W", "from": "E"}}
    base["bets"] = {"E": {"piao": 2, "gang": 1}, "W": {"di": 3}}
    base["kongs"] = [{"by": "E", "type": "concealed"}, {"by": "E", "type": "exposed", "from": "S"}]
    texts = []
    for gang in (100, 300, 700):
        data = {**base, "stakes": {"gang": gang}}
        typed = fast.typed(data)
        assert typed is not None and fast.settle(typed, -1) is not None
        hand = core_hand(typed)
        texts.append(paid(fast, typed))
        assert texts[-1] == payments_json(hand, settle(hand))
    assert len(set(texts)) == 3


def test_fast_payments_of_a_platforms_month_are_the_cores() -> None:
    """米 with kongs (the core writes 米 after the kongs), 跑 on kongs at stakes in the usual proportions, tables of
    three: every hand of a platform's month is paid on the fast path as the core pays it."""
    fast = FastPath()
    taken = mi_and_kongs = 0
    for data in (null_free(row) for row in platform_hands(3000, seed=33)):
        typed = fast.typed(data)
        assert typed is not None
        if fast.settle(typed, -1, paying=True) is None:
            assert "concealed_kong" in data.get("rules", {}), data  # the planted mistake (暗杠倍数 3) alone
            continue
        taken += 1
        hand = core_hand(typed)
        mi_and_kongs += bool(hand.kongs) and any(hand.mi)
        assert paid(fast, typed) == payments_json(hand, settle(hand)), data
    assert taken > 2900 and mi_and_kongs > 50
