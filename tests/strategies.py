"""Hypothesis strategies: random valid hands, under random house rules."""

from __future__ import annotations

from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from gangci_calc.core.errors import RuleError
from gangci_calc.core.rules import (
    SEATS,
    SEED_RULES,
    Bets,
    Hand,
    HouseRules,
    Kong,
    KongType,
    Outcome,
    Seat,
    Stakes,
    TableRules,
    Win,
)
from gangci_calc.core.rules.options import Option, entries
from gangci_calc.core.rules.seats import in_play

seats = st.sampled_from(SEATS)
stakes = st.builds(
    Stakes,
    st.integers(1, 5000),
    st.integers(1, 5000),
    st.integers(1, 5000),
    st.one_of(st.none(), st.integers(1, 5000)),
)


def option_values(entry: Option) -> st.SearchStrategy[Any]:
    """An option's values, read from its entry (a new option is drawn with no edit here): a flag's two, a
    choice's members, a few whole numbers of its range (the default, the ends, one between), a group's parts."""
    if entry.kind == "flag":
        return st.booleans()
    if entry.kind == "choice":
        return st.sampled_from(list(entry.value_spellings()))  # the members
    if entry.kind == "group":  # off, or on with its parts drawn
        assert entry.group is not None
        parts = {part.key: option_values(part) for part in entries(entry.group)}
        return st.one_of(st.none(), st.builds(entry.group, **parts))
    if entry.kind == "amount" and entry.amounts is not None:
        span = entry.amounts
        return st.sampled_from(sorted({entry.default, span.start, span[min(1, len(span) - 1)], min(span[-1], 500)}))
    return st.just(entry.default)


def file_value(entry: Option, value: Any) -> Any:
    """An option's value as a file writes it: a choice's English spelling, a group as its keys."""
    if entry.kind == "choice":
        return value.value
    if entry.kind == "group":
        assert entry.group is not None
        if value is None:
            return False  # off
        return {part.key: file_value(part, getattr(value, part.key)) for part in entries(entry.group)}
    return value


house_rules = st.builds(HouseRules, **{entry.key: option_values(entry) for entry in entries(HouseRules)})


def allowed_wins(house: HouseRules) -> list[Win]:
    wins: list[Win] = [w for w in Win if w not in (Win.DIANPAO, Win.QIANGGANG)]
    if house.hard_ci:
        wins = [w for w in wins if w not in (Win.BOMB, Win.HEAVENLY)]
    if house.dianpao:
        wins.append(Win.DIANPAO)
    if house.qianggang:
        wins.append(Win.QIANGGANG)
    return wins


@st.composite
def outcomes(draw: st.DrawFn, dealer: Seat, house: HouseRules = SEED_RULES) -> Outcome:
    playing = in_play(house.three_players)
    win = draw(st.sampled_from(allowed_wins(house)))
    if win is Win.DRAW:
        return Outcome.draw()
    winner = dealer if win is Win.HEAVENLY else draw(st.sampled_from(playing))
    source = draw(st.sampled_from([s for s in playing if s is not winner])) if win.needs_source else None
    bao = draw(st.sampled_from([None, True, False])) if win is Win.ZHICI and house.baoci else None  # unsaid, or said
    return Outcome(win, winner, source, bao)


@st.composite
def kongs(draw: st.DrawFn, playing: tuple[Seat, ...] = SEATS) -> Kong:
    by = draw(st.sampled_from(playing))
    kind = draw(st.sampled_from(list(KongType)))
    source = draw(st.sampled_from([s for s in playing if s is not by])) if kind.needs_source else None
    return Kong(by, kind, source)


@st.composite
def hands(draw: st.DrawFn, policy: bool | None = None, house: HouseRules | None = None) -> Hand:
    """A valid hand; ``house`` random unless given (``SEED_RULES`` for the seed's table). What a table's options
    forbid that is not drawn around here (a ci tile it does not hold, say) is not a hand: ``assume`` passes it."""
    house = draw(house_rules) if house is None else house
    playing = in_play(house.three_players)
    dealer = draw(st.sampled_from(playing))
    policy = draw(st.booleans()) if policy is None else policy
    bets = []
    for seat in SEATS:
        pao = draw(st.integers(0, 3)) if house.pao is not None and seat in playing else 0  # 跑: whatever 带政策 says
        if policy and seat in playing:
            di = 0 if seat is dealer else draw(st.integers(0, 3))
            bets.append(Bets(draw(st.integers(0, 3)), di, draw(st.integers(0, 3)), pao))
        else:
            bets.append(Bets(pao=pao))
    outcome = draw(outcomes(dealer, house))
    kong_list = draw(st.lists(kongs(playing), max_size=4))
    # under 抢杠 the robbed kong is not listed; an earlier 续杠 of the robbed player may be
    ci = draw(st.integers(0, 33)) if house.honor_ci_double or draw(st.booleans()) else None
    mi = tuple(draw(st.integers(0, 3)) if seat in playing else 0 for seat in SEATS) if house.xiami else (0, 0, 0, 0)
    try:
        return Hand(
            rules=TableRules(draw(stakes), policy, house),
            dealer=dealer,
            outcome=outcome,
            bets=tuple(bets),  # type: ignore[arg-type]
            kongs=tuple(kong_list),
            ci=ci,
            mi=mi,  # type: ignore[arg-type]
        )
    except RuleError:
        assume(False)
        raise
