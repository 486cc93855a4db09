"""Hypothesis strategies: random valid hands."""

from __future__ import annotations

from hypothesis import strategies as st

from gangci_calc.rules import SEATS, Bets, Hand, Kong, KongType, Outcome, Seat, Stakes, Win

seats = st.sampled_from(SEATS)
stakes = st.builds(Stakes, st.integers(1, 5000), st.integers(1, 5000), st.integers(1, 5000))


@st.composite
def outcomes(draw, dealer: Seat) -> Outcome:
    win = draw(st.sampled_from(list(Win)))
    if win is Win.DRAW:
        return Outcome.draw()
    winner = dealer if win is Win.HEAVENLY else draw(seats)
    source = draw(st.sampled_from(winner.others())) if win.needs_source else None
    return Outcome(win, winner, source)


@st.composite
def kongs(draw) -> Kong:
    by = draw(seats)
    kind = draw(st.sampled_from(list(KongType)))
    source = draw(st.sampled_from(by.others())) if kind.needs_source else None
    return Kong(by, kind, source)


@st.composite
def hands(draw, policy: bool | None = None) -> Hand:
    dealer = draw(seats)
    policy = draw(st.booleans()) if policy is None else policy
    bets = []
    for seat in SEATS:
        if policy:
            di = 0 if seat is dealer else draw(st.integers(0, 3))
            bets.append(Bets(draw(st.integers(0, 3)), di, draw(st.integers(0, 3))))
        else:
            bets.append(Bets())
    return Hand(
        stakes=draw(stakes),
        dealer=dealer,
        outcome=draw(outcomes(dealer)),
        policy=policy,
        bets=tuple(bets),
        kongs=tuple(draw(st.lists(kongs(), max_size=4))),
    )
