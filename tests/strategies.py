"""Hypothesis strategies: random valid hands, under random house rules."""

from __future__ import annotations

from hypothesis import strategies as st

from gangci_calc.rules import (
    SEATS,
    SEED_RULES,
    Bets,
    DealerDouble,
    DrawDealer,
    DrawKongs,
    Hand,
    HouseRules,
    Kong,
    KongType,
    Outcome,
    Seat,
    Stakes,
    TableRules,
    Win,
    ZhiciSplit,
)

seats = st.sampled_from(SEATS)
stakes = st.builds(
    Stakes,
    st.integers(1, 5000),
    st.integers(1, 5000),
    st.integers(1, 5000),
    st.one_of(st.none(), st.integers(1, 5000)),
)
house_rules = st.builds(
    HouseRules,
    zhici_split=st.sampled_from(list(ZhiciSplit)),
    baoci=st.booleans(),
    dealer_double=st.sampled_from(list(DealerDouble)),
    hard_ci=st.booleans(),
    honor_ci_double=st.booleans(),
    xiami=st.sampled_from([0, 0, 50, 500, 777]),
    concealed_kong=st.sampled_from([1, 2]),
    draw_kongs=st.sampled_from(list(DrawKongs)),
    draw_dealer=st.sampled_from(list(DrawDealer)),
    dianpao=st.booleans(),
    qianggang=st.booleans(),
)


def allowed_wins(house: HouseRules) -> list[Win]:
    wins = [w for w in Win if w not in (Win.DIANPAO, Win.QIANGGANG)]
    if house.hard_ci:
        wins = [w for w in wins if w not in (Win.BOMB, Win.HEAVENLY)]
    if house.dianpao:
        wins.append(Win.DIANPAO)
    if house.qianggang:
        wins.append(Win.QIANGGANG)
    return wins


@st.composite
def outcomes(draw: st.DrawFn, dealer: Seat, house: HouseRules = SEED_RULES) -> Outcome:
    win = draw(st.sampled_from(allowed_wins(house)))
    if win is Win.DRAW:
        return Outcome.draw()
    winner = dealer if win is Win.HEAVENLY else draw(seats)
    source = draw(st.sampled_from(winner.others())) if win.needs_source else None
    bao = draw(st.sampled_from([None, True, False])) if win is Win.ZHICI and house.baoci else None  # unsaid, or said
    return Outcome(win, winner, source, bao)


@st.composite
def kongs(draw: st.DrawFn) -> Kong:
    by = draw(seats)
    kind = draw(st.sampled_from(list(KongType)))
    source = draw(st.sampled_from(by.others())) if kind.needs_source else None
    return Kong(by, kind, source)


@st.composite
def hands(draw: st.DrawFn, policy: bool | None = None, house: HouseRules | None = None) -> Hand:
    """A valid hand; ``house`` random unless given (``SEED_RULES`` for the seed's table)."""
    dealer = draw(seats)
    policy = draw(st.booleans()) if policy is None else policy
    house = draw(house_rules) if house is None else house
    bets = []
    for seat in SEATS:
        if policy:
            di = 0 if seat is dealer else draw(st.integers(0, 3))
            bets.append(Bets(draw(st.integers(0, 3)), di, draw(st.integers(0, 3))))
        else:
            bets.append(Bets())
    outcome = draw(outcomes(dealer, house))
    kong_list = draw(st.lists(kongs(), max_size=4))
    # under 抢杠 the robbed kong is not listed; an earlier 续杠 of the robbed player may be
    ci = draw(st.integers(0, 33)) if house.honor_ci_double or draw(st.booleans()) else None
    mi = tuple(draw(st.integers(0, 3)) for _ in SEATS) if house.xiami else (0, 0, 0, 0)
    return Hand(
        rules=TableRules(draw(stakes), policy, house),
        dealer=dealer,
        outcome=outcome,
        bets=tuple(bets),  # type: ignore[arg-type]
        kongs=tuple(kong_list),
        ci=ci,
        mi=mi,  # type: ignore[arg-type]
    )
