"""People, not seats: totals across seats, sitting out, and the fewest payments between people."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from gangci_calc.cli import app
from gangci_calc.core.evening.ledger import settle_hands
from gangci_calc.core.evening.transfers import fewest_payments
from gangci_calc.core.rules import SEATS, Seat
from gangci_calc.io.load.load_session import load_session
from tests.conftest import EXAMPLES, examples
from tests.test_session import brute_force_fewest

PEOPLE = EXAMPLES / "session-people.yaml"


def test_substitution_and_swap_give_each_person_their_total(runner) -> None:
    data = json.loads(runner.invoke(app, ["session", str(PEOPLE), "-f", "json"]).stdout)
    # by hand from the hands' nets: 老王 E,E,E then S; 小李 S,S,S then E; 阿强 sits out hands 2-3
    nets = [h["net"] for h in data["hands"]]
    seatings = [h["players"] for h in data["hands"]]
    expected: dict[str, int] = {}
    for net, seating in zip(nets, seatings, strict=True):
        for seat, name in seating.items():
            expected[name] = expected.get(name, 0) + net[seat]
    assert expected == {"老王": -3100, "小李": 1300, "张姐": 800, "阿强": -200, "小赵": 1200}
    assert {p["name"]: p["total"] for p in data["people"]} == expected
    assert data["totals"] == {"E": -500, "S": -1300, "W": 800, "N": 1000}  # per seat, as before
    # nobody's balance pairs off with another's, so five people need four payments
    assert data["transfers"] == [
        {"from": "老王", "to": "小李", "amount": 1300},
        {"from": "老王", "to": "张姐", "amount": 800},
        {"from": "老王", "to": "小赵", "amount": 1000},
        {"from": "阿强", "to": "小赵", "amount": 200},
    ]


def test_standings_and_settle_up_name_people(runner) -> None:
    shown = runner.invoke(app, ["session", str(PEOPLE), "-f", "text"]).stdout
    assert "1. 小李: +1300" in shown and "5. 老王: -3100" in shown  # moved seats: the name alone
    assert "2. 北 小赵: +1200" in shown  # kept one seat: the seat beside the name
    assert "老王 付给 小李 1300" in shown


def test_a_name_sits_in_one_seat_at_a_time(runner, tmp_path) -> None:
    bad = tmp_path / "twice.yaml"
    bad.write_text("stakes: 1\ndealer: E\nplayers: {E: 老王, S: 老王}\nhands: []\n", encoding="utf-8")
    result = runner.invoke(app, ["session", str(bad)])
    assert result.exit_code == 2
    assert "twice.yaml:3" in result.stderr and "玩家 南" in result.stderr and "老王" in result.stderr


def test_without_names_people_are_seats() -> None:
    session = load_session(EXAMPLES / "house" / "session-xiami.yaml")
    result = settle_hands([h.loaded.hand for h in session.hands], [h.loaded.names for h in session.hands])
    assert not any(h.loaded.names for h in session.hands)
    assert result.people == tuple(zip(SEATS, result.totals, strict=True))
    assert [(t.payer, t.payee, t.amount) for t in result.settle_up] == [
        (t.payer, t.payee, t.amount) for t in result.transfers
    ]


NAMES = ["老王", "小李", "张姐", "阿强", "小赵", "老周"]


@st.composite
def evenings(draw: st.DrawFn) -> tuple[list[tuple[int, int, int, int]], list[dict[Seat, str]]]:
    """Random zero-sum nets and random seatings from a pool of six (some seats unnamed)."""
    count = draw(st.integers(1, 8))
    nets, seatings = [], []
    for _ in range(count):
        a, b, c = (draw(st.integers(-20, 20)) * 100 for _ in range(3))
        nets.append((a, b, c, -(a + b + c)))
        people = draw(st.permutations(NAMES))
        named = draw(st.lists(st.booleans(), min_size=4, max_size=4))
        seatings.append({seat: people[seat] for seat in SEATS if named[seat]})
    return nets, seatings


@settings(max_examples=examples(150))
@given(evenings())
def test_people_totals_sum_and_settle(evening) -> None:
    from gangci_calc.core.evening.ledger import SettledHand, people_totals
    from gangci_calc.core.rules import Settlement
    from gangci_calc.core.rules.fee import NO_FEE

    nets, seatings = evening
    hands = [SettledHand(Settlement((), net), net) for net in nets]
    people, collected = people_totals(hands, seatings, [NO_FEE] * len(nets))
    assert collected == 0
    expected: dict[object, int] = {}
    for net, seating in zip(nets, seatings, strict=True):
        for seat in SEATS:
            who = seating.get(seat, seat)
            expected[who] = expected.get(who, 0) + net[seat]
    assert dict(people) == expected and sum(expected.values()) == 0
    transfers = fewest_payments(people)
    left = dict(people)
    for t in transfers:
        assert t.amount > 0
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    assert all(v == 0 for v in left.values())
    balances = tuple(v for v in expected.values())
    if len([v for v in balances if v]) <= 6:
        assert len(transfers) == brute_force_fewest(balances)
