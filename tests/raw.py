"""Hypothesis strategies for hand-file mappings (what users write), under random house rules."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

SEATS = "ESWN"
TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]

rules = st.fixed_dictionaries(
    {},
    optional={
        "zhici_split": st.sampled_from(["double", "even"]),
        "baoci": st.booleans(),
        "dealer_double": st.sampled_from(["none", "wins", "all"]),
        "hard_ci": st.booleans(),
        "honor_ci_double": st.booleans(),
        "xiami": st.sampled_from([0, 50, 500]),
        "concealed_kong": st.sampled_from([1, 2]),
        "draw_kongs": st.sampled_from(["void", "paid"]),
        "draw_dealer": st.sampled_from(["stays", "next"]),
        "dianpao": st.booleans(),
        "qianggang": st.booleans(),
    },
)
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


def others(seat: str) -> list[str]:
    return [s for s in SEATS if s != seat]


def wins(house: dict[str, Any]) -> list[str]:
    out = ["anci", "tianci", "zhici", "xuci", "draw"]
    if not house.get("hard_ci"):
        out += ["bomb", "heavenly"]
    out += [w for w in ("dianpao", "qianggang") if house.get(w)]
    return out


@st.composite
def hand_body(draw: st.DrawFn, house: dict[str, Any], dealer: str, policy: bool, *, mi: bool) -> dict[str, Any]:
    """win, bets, kongs, ci (and mi when ``mi``): valid under ``house`` with this dealer."""
    kind = draw(st.sampled_from(wins(house)))
    win: dict[str, Any] = {"type": kind}
    if kind != "draw":
        win["winner"] = dealer if kind == "heavenly" else draw(st.sampled_from(SEATS))
    if kind in ("zhici", "xuci", "dianpao", "qianggang"):
        win["from"] = draw(st.sampled_from(others(win["winner"])))
    if kind == "zhici" and house.get("baoci") and draw(st.booleans()):
        win["bao"] = True
    body: dict[str, Any] = {"win": win}
    if policy:
        bets = {}
        for seat in SEATS:
            counts = {"piao": draw(st.integers(0, 3)), "gang": draw(st.integers(0, 3))}
            if seat != dealer:
                counts["di"] = draw(st.integers(0, 3))
            bets[seat] = {k: v for k, v in counts.items() if v}
        body["bets"] = {s: c for s, c in bets.items() if c}
    kongs = []
    for _ in range(draw(st.integers(0, 3))):
        by = draw(st.sampled_from(SEATS))
        kind_of = draw(st.sampled_from(["concealed", "exposed", "added"]))
        # under 抢杠 the robbed kong is not listed; an earlier 续杠 of the robbed player may be
        kong = {"by": by, "type": kind_of}
        if kind_of != "concealed":
            kong["from"] = draw(st.sampled_from(others(by)))
        kongs.append(kong)
    if kongs:
        body["kongs"] = kongs
    if house.get("honor_ci_double") or draw(st.booleans()):
        body["ci"] = draw(st.sampled_from(TILES))
    if mi and house.get("xiami"):
        body["mi"] = {s: n for s in SEATS if (n := draw(st.integers(0, 2)))}
    return body


@st.composite
def hands(draw: st.DrawFn) -> dict[str, Any]:
    """A one-hand file."""
    house = draw(rules)
    dealer = draw(st.sampled_from(SEATS))
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
        session["players"] = dict(PEOPLE)
    dealer, now = "E", dict(house)
    hands = []
    for _ in range(draw(st.integers(1, 8))):
        item: dict[str, Any] = {}
        if draw(st.integers(0, 5)) == 0:
            change = draw(rules)
            item["rules"] = change
            now = {**now, **change}
        if draw(st.integers(0, 6)) == 0:
            item["stakes"] = draw(stakes)
        if draw(st.integers(0, 6)) == 0:
            policy = draw(st.booleans())
            item["policy"] = policy
        if draw(st.integers(0, 8)) == 0:
            dealer = draw(st.sampled_from(SEATS))
            item["dealer"] = dealer
        if draw(st.integers(0, 6)) == 0:
            item["fee"] = draw(fees)
        if draw(st.integers(0, 8)) == 0:  # 换人: 阿强 takes a seat from hand on
            item["players"] = {**PEOPLE, draw(st.sampled_from(SEATS)): "阿强"}
        item.update(draw(hand_body(now, dealer, policy, mi=False)))
        hands.append(item)
        winner = item["win"].get("winner")
        if winner is not None:
            dealer = winner
        elif now.get("draw_dealer") == "next":
            dealer = SEATS[(SEATS.index(dealer) + 1) % 4]
    session["hands"] = hands
    return session
