"""Hypothesis strategies for hand-file mappings (what users write), under random house rules."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from gangci_calc.core.rules import HouseRules
from gangci_calc.core.rules.options import entries
from tests.strategies import file_value, option_values

SEATS = "ESWN"
TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]

# every option of the entries (core/rules/table.py), a few values each: a new option is drawn with no edit here
rules = st.fixed_dictionaries(
    {},
    optional={
        entry.key: option_values(entry).map(lambda value, entry=entry: file_value(entry, value))
        for entry in entries(HouseRules)
    },
)
SUITED = [t for t in TILES if not t.endswith("z")]
fees = st.fixed_dictionaries(
    {},
    optional={
        "per_win": st.sampled_from([0, 20, 50]),
        "per_hand": st.sampled_from([0, 5, 10]),
        "per_evening": st.sampled_from([0, 100]),
        "to": st.sampled_from(["老王", "老板"]),  # a player at the table, or a house of its own name
    },
)
PEOPLE = {"E": "老王", "S": "小李", "W": "张姐", "N": "小赵"}
stakes = st.one_of(
    st.sampled_from([1, 2]),
    st.fixed_dictionaries(
        {"gang": st.integers(1, 3000)},
        optional={"bomb": st.integers(1, 3000), "ci": st.integers(1, 9001), "dianpao": st.integers(1, 3000)},
    ),
)


def seats_of(house: dict[str, Any]) -> str:
    return "ESW" if house.get("three_players") else SEATS


def others(seat: str, seats: str = SEATS) -> list[str]:
    return [s for s in seats if s != seat]


def wins(house: dict[str, Any]) -> list[str]:
    out = ["anci", "zhici", "xuci", "draw"]
    if house.get("pici", True):
        out.append("tianci")
    if not house.get("hard_ci"):
        out += ["bomb", "heavenly"]
    out += [w for w in ("dianpao", "qianggang") if house.get(w)]
    return out


@st.composite
def hand_body(draw: st.DrawFn, house: dict[str, Any], dealer: str, policy: bool, *, mi: bool) -> dict[str, Any]:
    """win, bets, kongs, ci (and mi when ``mi``): valid under ``house`` with this dealer."""
    seats = seats_of(house)
    kind = draw(st.sampled_from(wins(house)))
    win: dict[str, Any] = {"type": kind}
    if kind != "draw":
        win["winner"] = dealer if kind == "heavenly" else draw(st.sampled_from(seats))
    if kind in ("zhici", "xuci", "dianpao", "qianggang"):
        win["from"] = draw(st.sampled_from(others(win["winner"], seats)))
    if kind == "zhici" and house.get("baoci"):
        bao = draw(st.sampled_from([None, True, False]))  # false: said by hand, over the tiles left
        if bao is not None:
            win["bao"] = bao
    tiles_left = draw(st.one_of(st.none(), st.integers(0, 30)))
    body: dict[str, Any] = {"win": win}
    pao = isinstance(house.get("pao"), dict)  # 带跑: each seat's 跑, whatever 带政策 says
    if policy or pao:
        bets = {}
        for seat in seats:
            counts = {"piao": draw(st.integers(0, 3)), "gang": draw(st.integers(0, 3))} if policy else {}
            if policy and seat != dealer:
                counts["di"] = draw(st.integers(0, 3))
            if pao:
                counts["pao"] = draw(st.integers(0, 3))
            bets[seat] = {k: v for k, v in counts.items() if v}
        body["bets"] = {s: c for s, c in bets.items() if c}
    kongs = []
    for _ in range(draw(st.integers(0, 3))):
        by = draw(st.sampled_from(seats))
        kind_of = draw(st.sampled_from(["concealed", "exposed", "added"]))
        # under 抢杠 the robbed kong is not listed; an earlier 续杠 of the robbed player may be
        kong = {"by": by, "type": kind_of}
        if kind_of != "concealed":
            kong["from"] = draw(st.sampled_from(others(by, seats)))
        kongs.append(kong)
    if kongs:
        body["kongs"] = kongs
    if house.get("honor_ci_double") or draw(st.booleans()):
        body["ci"] = draw(st.sampled_from(TILES if house.get("honours", True) else SUITED))
    if mi and house.get("xiami"):
        body["mi"] = {s: n for s in seats if (n := draw(st.integers(0, 2)))}
    if tiles_left is not None:
        body["tiles_left"] = tiles_left
    return body


@st.composite
def hands(draw: st.DrawFn) -> dict[str, Any]:
    """A one-hand file."""
    house = draw(rules)
    dealer = draw(st.sampled_from(seats_of(house)))
    policy = draw(st.booleans())
    return {
        "stakes": draw(stakes),
        "policy": policy,
        "dealer": dealer,
        "rules": house,
        **draw(hand_body(house, dealer, policy, mi=True)),
    }


@st.composite
def sessions(draw: st.DrawFn) -> dict[str, Any]:
    """A session whose stakes, add-ons switch and rules may change from a hand on; dealers follow the rules."""
    house = draw(rules)
    policy = draw(st.booleans())
    session: dict[str, Any] = {"stakes": draw(stakes), "policy": policy, "dealer": "E", "rules": house}
    if draw(st.booleans()):
        session["fee"] = draw(fees)
    if draw(st.booleans()):
        session["players"] = {s: PEOPLE[s] for s in seats_of(house)}
    dealer, now = "E", dict(house)
    hands = []
    for _ in range(draw(st.integers(1, 8))):
        item: dict[str, Any] = {}
        if draw(st.integers(0, 5)) == 0:
            change = {k: v for k, v in draw(rules).items() if k != "three_players"}  # a table keeps its size
            item["rules"] = change
            now = {**now, **change}
        if draw(st.integers(0, 6)) == 0:
            item["stakes"] = draw(stakes)
        if draw(st.integers(0, 6)) == 0:
            policy = draw(st.booleans())
            item["policy"] = policy
        if draw(st.integers(0, 8)) == 0:
            dealer = draw(st.sampled_from(seats_of(now)))
            item["dealer"] = dealer
        if draw(st.integers(0, 6)) == 0:
            item["fee"] = draw(fees)
        if draw(st.integers(0, 8)) == 0:  # 换人: 阿强 takes a seat from hand on
            seated = {s: PEOPLE[s] for s in seats_of(now)}
            item["players"] = {**seated, draw(st.sampled_from(seats_of(now))): "阿强"}
        item.update(draw(hand_body(now, dealer, policy, mi=False)))
        hands.append(item)
        winner = item["win"].get("winner")
        if winner is not None:
            dealer = winner
        elif now.get("draw_dealer") == "next":
            seats = seats_of(now)
            dealer = seats[(seats.index(dealer) + 1) % len(seats)]
    session["hands"] = hands
    return session
