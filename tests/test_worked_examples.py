"""Every number of docs/rules.md "Worked examples" (the seed's), table-driven."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gangci_calc.core.rules import (
    NO_BETS,
    SCHEMES,
    Bets,
    Hand,
    Kong,
    KongType,
    Outcome,
    Part,
    Seat,
    Stakes,
    TableRules,
    Win,
    settle,
)

E, S, W, N = Seat.E, Seat.S, Seat.W, Seat.N


def bets_for(**by_seat: Bets) -> tuple[Bets, Bets, Bets, Bets]:
    return tuple(by_seat.get(seat.name, NO_BETS) for seat in Seat)  # type: ignore[return-value]


# (name, hand, expected net E S W N)
CASES = [
    # scheme 2, no add-ons (the seed)
    ("暗呲 6000+1000 each", Hand(TableRules(SCHEMES[2]), E, Outcome(Win.ANCI, W)), (-7000, -7000, 21000, -7000)),
    ("天呲 as 暗呲", Hand(TableRules(SCHEMES[2]), E, Outcome(Win.TIANCI, N)), (-7000, -7000, -7000, 21000)),
    ("直呲 13000 / 3000", Hand(TableRules(SCHEMES[2]), E, Outcome(Win.ZHICI, W, S)), (-3000, -13000, 19000, -3000)),
    ("续呲 7000 / 6000", Hand(TableRules(SCHEMES[2]), E, Outcome(Win.XUCI, W, S)), (-6000, -7000, 19000, -6000)),
    ("炸弹 2000 each", Hand(TableRules(SCHEMES[2]), E, Outcome(Win.BOMB, S)), (-2000, 6000, -2000, -2000)),
    ("天胡 as 炸弹", Hand(TableRules(SCHEMES[2]), E, Outcome(Win.HEAVENLY, E)), (6000, -2000, -2000, -2000)),
    (
        "流局 pays nothing",
        Hand(TableRules(SCHEMES[2]), E, Outcome.draw(), kongs=(Kong(E, KongType.CONCEALED),)),
        (0, 0, 0, 0),
    ),
    # scheme 1, add-ons on (the seed)
    (
        "炸弹, winner 飘一个: 400 each",
        Hand(TableRules(SCHEMES[1], True), E, Outcome(Win.BOMB, S), bets_for(S=Bets(piao=1))),
        (-400, 1200, -400, -400),
    ),
    (
        "炸弹, winner 飘三个: 800 each",
        Hand(TableRules(SCHEMES[1], True), E, Outcome(Win.BOMB, S), bets_for(S=Bets(piao=3))),
        (-800, 2400, -800, -800),
    ),
    (
        "暗呲, winner 下一个杠: 600 + 200 each",
        Hand(TableRules(SCHEMES[1], True), E, Outcome(Win.ANCI, W), bets_for(W=Bets(gang=1))),
        (-800, -800, 2400, -800),
    ),
    (
        "暗呲, winner 飘一个: 杠呲底 600 -> 1200 (seed)",
        Hand(TableRules(SCHEMES[1], True), E, Outcome(Win.ANCI, W), bets_for(W=Bets(piao=1))),
        (-1300, -1300, 3900, -1300),
    ),
    (
        "暗呲, winner 飘三个: 杠呲底 600 -> 2400 (seed)",
        Hand(TableRules(SCHEMES[1], True), E, Outcome(Win.ANCI, W), bets_for(W=Bets(piao=3))),
        (-2500, -2500, 7500, -2500),
    ),
    (
        "暗呲, winner 下三个杠: 杠底 100 -> 400 (seed)",
        Hand(TableRules(SCHEMES[1], True), E, Outcome(Win.ANCI, W), bets_for(W=Bets(gang=3))),
        (-1000, -1000, 3000, -1000),
    ),
    (
        "下三个杠 also when konged on: a 暗杠 by another costs him 400 (seed)",
        Hand(
            TableRules(SCHEMES[1], True),
            E,
            Outcome(Win.BOMB, S),
            bets_for(W=Bets(gang=3)),
            (Kong(N, KongType.CONCEALED),),
        ),
        (-300, 600 - 100, -200 - 400, -200 + 100 + 100 + 400),
    ),
    # custom stakes: only G given -> B 2G, C 6G
    (
        "custom G 500 暗呲",
        Hand(TableRules(Stakes.from_gang(500)), S, Outcome(Win.ANCI, N)),
        (-3500, -3500, -3500, 10500),
    ),
    # a half unit: ½ × 杠呲底 with an odd 杠呲底
    (
        "直呲 with 杠呲底 1: the others pay ½",
        Hand(TableRules(Stakes(1, 2, 1)), E, Outcome(Win.ZHICI, W, S)),
        (Fraction(-1, 2), -3, 4, Fraction(-1, 2)),
    ),
]


@pytest.mark.parametrize(("name", "hand", "net"), CASES, ids=[c[0] for c in CASES])
def test_worked_example(name: str, hand: Hand, net: tuple) -> None:
    settlement = settle(hand)
    assert settlement.net == net
    assert sum(settlement.net) == 0


def test_zhici_discarder_pays_13000_in_one_payment() -> None:
    settlement = settle(Hand(TableRules(SCHEMES[2]), E, Outcome(Win.ZHICI, W, S)))
    (from_discarder,) = [p for p in settlement.payments if p.payer is S]
    assert from_discarder.amount == 13000
    assert [(c.part, c.amount) for c in from_discarder.charges] == [(Part.CI, 12000), (Part.GANG, 1000)]


def test_seed_piao_raises_bomb_and_ci_base_but_not_gang() -> None:
    """飘一个: 200 -> 400 and 600 -> 1200; the 杠底 stays 100 (seed: 注)."""
    hand = Hand(TableRules(SCHEMES[1], True), E, Outcome(Win.ANCI, W), bets_for(W=Bets(piao=1)))
    charges = {c.part: c.amount for p in settle(hand).payments for c in p.charges}
    assert charges == {Part.CI: 1200, Part.GANG: 100}


def test_di_counts_only_against_the_dealer() -> None:
    """抵: only between that player and the dealer (seed B)."""
    hand = Hand(TableRules(SCHEMES[1], True), E, Outcome(Win.BOMB, S), bets_for(S=Bets(di=2)))
    paid = {p.payer: p.amount for p in settle(hand).payments}
    assert paid == {E: 600, W: 200, N: 200}


def test_di_wins_for_the_dealer_when_he_wins_again() -> None:
    hand = Hand(TableRules(SCHEMES[1], True), E, Outcome(Win.BOMB, E), bets_for(S=Bets(di=3)))
    paid = {p.payer: p.amount for p in settle(hand).payments}
    assert paid == {S: 800, W: 200, N: 200}


def test_kong_payers() -> None:
    hand = Hand(
        TableRules(SCHEMES[2]),
        E,
        Outcome(Win.BOMB, S),
        kongs=(Kong(E, KongType.EXPOSED, W), Kong(N, KongType.ADDED, S), Kong(W, KongType.CONCEALED)),
    )
    kong_net = settle(hand).part_net(kong=True)
    # W pays E (明杠), S pays N (续杠), E S N pay W (暗杠)
    assert kong_net == (1000 - 1000, -1000 - 1000, -1000 + 3000, 1000 - 1000)
