"""Properties of settlement that hold for every hand."""

from __future__ import annotations

import dataclasses

from hypothesis import assume, given
from hypothesis import strategies as st

from gangci_calc.core.rules import SEATS, Bets, Hand, Kong, Outcome, Seat, Win, settle
from gangci_calc.core.rules.addons import ADDONS
from gangci_calc.words import messages as m
from tests.strategies import hands


def rotated(hand: Hand, steps: int) -> Hand:
    """The same hand with everybody moved ``steps`` seats on."""

    def move(seat: Seat | None) -> Seat | None:
        return None if seat is None else seat.shifted(steps)

    bets = [Bets()] * 4
    for seat in SEATS:
        bets[seat.shifted(steps)] = hand.bets[seat]
    outcome = hand.outcome
    mi = [0] * 4
    for seat in SEATS:
        mi[seat.shifted(steps)] = hand.mi[seat]
    return Hand(
        rules=hand.rules,
        dealer=hand.dealer.shifted(steps),
        outcome=Outcome(outcome.win, move(outcome.winner), move(outcome.source), outcome.bao),
        bets=tuple(bets),
        kongs=tuple(Kong(k.by.shifted(steps), k.type, move(k.source)) for k in hand.kongs),
        ci=hand.ci,
        mi=tuple(mi),
    )


@given(hands())
def test_payouts_sum_to_zero(hand: Hand) -> None:
    settlement = settle(hand)
    assert sum(settlement.net) == 0
    assert sum(settlement.part_net(kong=True)) == 0
    assert all(p.amount > 0 and p.payer is not p.payee for p in settlement.payments)


@given(hands(), st.integers(1, 3))
def test_moving_every_seat_moves_the_result(hand: Hand, steps: int) -> None:
    assume(not hand.house.three_players)  # a table of three does not turn through North
    net = settle(hand).net
    moved = settle(rotated(hand, steps)).net
    for seat in SEATS:
        assert moved[seat.shifted(steps)] == net[seat]


@given(hands(policy=True))
def test_raising_the_winners_piao_never_lowers_his_take(hand: Hand) -> None:
    winner = hand.outcome.winner
    assume(winner is not None and hand.bets[winner].piao < 3)
    assert winner is not None
    bets = list(hand.bets)
    bets[winner] = dataclasses.replace(bets[winner], piao=bets[winner].piao + 1)
    raised = dataclasses.replace(hand, bets=tuple(bets))
    assert settle(raised).net[winner] >= settle(hand).net[winner]
    if hand.outcome.win is not Win.DRAW:
        assert settle(raised).part_net(kong=False)[winner] > settle(hand).part_net(kong=False)[winner]


@given(hands(policy=True), st.sampled_from(ADDONS), st.sampled_from(SEATS))
def test_any_add_on_never_lowers_the_winners_win_part(hand: Hand, name: str, seat: Seat) -> None:
    winner = hand.outcome.winner
    assume(winner is not None and getattr(hand.bets[seat], name) < 3 and not (name == "di" and seat is hand.dealer))
    assume(seat in hand.seats)
    assert winner is not None
    bets = list(hand.bets)
    bets[seat] = dataclasses.replace(bets[seat], **{name: getattr(bets[seat], name) + 1})
    raised = dataclasses.replace(hand, bets=tuple(bets))
    assert settle(raised).part_net(kong=False)[winner] >= settle(hand).part_net(kong=False)[winner]


@given(hands(policy=False))
def test_add_ons_off_equals_on_with_all_counts_zero(hand: Hand) -> None:
    on = dataclasses.replace(hand, rules=dataclasses.replace(hand.rules, policy=True))
    assert settle(on).net == settle(hand).net


@given(hands())
def test_a_draw_pays_nothing_but_kongs_under_draw_kongs_paid(hand: Hand) -> None:
    from gangci_calc.core.rules import DrawKongs

    drawn = dataclasses.replace(hand, outcome=Outcome.draw())
    settlement = settle(drawn)
    assert settlement.part_net(kong=False) == (0, 0, 0, 0)
    if hand.house.draw_kongs is DrawKongs.VOID or not hand.kongs:
        assert settlement.net == (0, 0, 0, 0)
        assert settlement.payments == ()
    else:
        assert all(p.role.value == "kong" for p in settlement.payments) and settlement.payments


@given(hands())
def test_the_bulk_path_agrees_with_settle(hand: Hand) -> None:
    """`net()` (batch) and `settle()` (score, session) walk the same rows."""
    from gangci_calc.core.rules import net

    settlement = settle(hand)
    assert net(hand) == settlement.net
    assert (
        sum(p.amount for p in settlement.payments if p.payee is Seat.E)
        - sum(p.amount for p in settlement.payments if p.payer is Seat.E)
        == settlement.net[Seat.E]
    )


@given(hands(), st.booleans())
def test_a_hand_written_by_quick_entry_reads_back_the_same(hand: Hand, overridden: bool) -> None:
    import yaml

    from gangci_calc.io.ledger.ledger_write import hand_yaml
    from gangci_calc.io.load.fields import read_mapping
    from gangci_calc.io.load.load import Table, hand_from
    from gangci_calc.io.load.schema import Keys

    item = yaml.safe_load(hand_yaml(hand, dealer_overridden=overridden))[0]
    given = read_mapping(
        item, (), Keys.of({k: (k,) for k in ("dealer", "win", "bets", "kongs", "ci")}), m.WHAT_SESSION_HAND
    )
    read, _ = hand_from(given, Table(hand.rules, {}), hand.dealer, mi=hand.mi)
    assert read == hand
    assert ("dealer" in item) is overridden


@given(hands())
def test_a_settlements_payments_are_made_when_read_and_add_up_to_its_net(hand: Hand) -> None:
    """settle() sums the shares' forms for the net; the payments are made from the same forms on the first read,
    once, and pickle, compare and repr as made."""
    import importlib
    import pickle
    from fractions import Fraction

    settle_module = importlib.import_module("gangci_calc.core.rules.settle")

    made: list[object] = []
    real = settle_module.payments
    settle_module.payments = lambda of: made.append(of) or real(of)  # type: ignore[assignment]
    try:
        settled = settle(hand)
        assert made == []  # the net alone: no payment made
        payments = settled.payments
        assert settled.payments is payments and len(made) == 1
    finally:
        settle_module.payments = real
    halves = [0, 0, 0, 0]
    for payment in payments:
        if payment.payee is not None:
            halves[payment.payee] += payment.halves
            halves[payment.payer] -= payment.halves
    assert tuple(Fraction(h, 2) for h in halves) == settled.net
    again = pickle.loads(pickle.dumps(settle(hand)))
    assert again == settled and repr(again) == repr(settled) and hash(again) == hash(settled)


@given(st.text())
def test_json_text_writes_a_text_as_json_dumps_does(text: str) -> None:
    """io/export/batch_lines.py json_text writes a printable text without quotes or backslashes itself: the same
    as json.dumps, for any text and for every single character."""
    import json

    from gangci_calc.io.export.batch_lines import json_text

    assert json_text(text) == json.dumps(text, ensure_ascii=False)
    if not text:
        for code in (c for c in range(0x110000) if not 0xD800 <= c < 0xE000):
            assert json_text(chr(code)) == json.dumps(chr(code), ensure_ascii=False)
