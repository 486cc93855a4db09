"""Random valid hands (a fixed seed), for tests and benchmarks: what a club's recorder exports.

Tables mostly play 方案1 or 方案2; about half play with add-ons, and then most
players bet nothing on a given hand; most hands have no kong or one.
"""

from __future__ import annotations

import random
from typing import Any

SEATS = "ESWN"
WINS = (
    ["bomb"] * 40 + ["draw"] * 15 + ["anci"] * 12 + ["zhici"] * 14 + ["xuci"] * 10 + ["tianci"] * 5 + ["heavenly"] * 4
)
KONG_COUNTS = [0] * 55 + [1] * 30 + [2] * 12 + [3] * 3


def random_hand(rng: random.Random) -> dict[str, Any]:
    dealer = rng.choice(SEATS)
    policy = rng.random() < 0.5
    hand: dict[str, Any] = {"stakes": rng.choice([1, 1, 1, 2, 2, {"gang": 500}]), "policy": policy, "dealer": dealer}
    if policy:
        bets = {}
        for seat in SEATS:
            if rng.random() < 0.35:
                counts = {
                    "piao": rng.choice([0, 0, 1, 1, 2, 3]),
                    "di": 0 if seat == dealer else rng.choice([0, 0, 0, 1, 2, 3]),
                    "gang": rng.choice([0, 0, 0, 1, 2, 3]),
                }
                counts = {k: v for k, v in counts.items() if v}
                if counts:
                    bets[seat] = counts
        if bets:
            hand["bets"] = bets
    win = rng.choice(WINS)
    if win == "draw":
        hand["win"] = {"type": "draw"}
    else:
        winner = dealer if win == "heavenly" else rng.choice(SEATS)
        hand["win"] = {"type": win, "winner": winner}
        if win in ("zhici", "xuci"):
            hand["win"]["from"] = rng.choice([s for s in SEATS if s != winner])
    kongs = []
    for _ in range(rng.choice(KONG_COUNTS)):
        by = rng.choice(SEATS)
        kind = rng.choice(["concealed", "exposed", "added"])
        kong = {"by": by, "type": kind}
        if kind != "concealed":
            kong["from"] = rng.choice([s for s in SEATS if s != by])
        kongs.append(kong)
    if kongs:
        hand["kongs"] = kongs
    return hand


def hands(n: int, seed: int = 20261129) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


def distinct_hands(n: int, seed: int = 20261129) -> list[dict[str, Any]]:
    """``n`` hands no two of which are alike (a recorded export repeats little): nothing to remember."""
    import json

    rng = random.Random(seed)
    seen: set[str] = set()
    out: list[dict[str, Any]] = []
    while len(out) < n:
        hand = random_hand(rng)
        key = json.dumps(hand, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(hand)
    return out
