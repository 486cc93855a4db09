"""Complete-hand test: gangci_calc against the `mahjong` library, side by side in one run.

    pip install -e '.[bench]' && python benchmarks/bench_complete.py [N]

Both get the same 34-count arrays: half complete hands (4 sets + a pair), half
random 14-tile draws. `mahjong` also accepts seven pairs and thirteen orphans
(Riichi hands, not Luoyang ones), so agreement is counted on the other hands.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from gangci_calc.core.tiles.analysis import _suit_shape, is_complete

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import best_of, race

try:
    from mahjong.agari import Agari
except ImportError:  # pragma: no cover
    sys.exit("needs the bench extra: pip install -e '.[bench]'")


def complete_hand(rng: random.Random) -> list[int]:
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.4:
                t = rng.randrange(34)
                for _ in range(3):
                    counts[t] += 1
            else:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for t in range(start, start + 3):
                    counts[t] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts


def hands(n: int, seed: int = 20261129) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    out = []
    for i in range(n):
        if i % 2:
            counts = [0] * 34
            for t in rng.sample(wall, 14):
                counts[t] += 1
            out.append(counts)
        else:
            out.append(complete_hand(rng))
    return out


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    data = hands(n)
    agari = Agari()
    ours = [is_complete(c) for c in data]
    theirs = [agari.is_agari(c) for c in data]
    riichi_only = sum(1 for a, b in zip(ours, theirs, strict=True) if b and not a)
    disagree = sum(1 for a, b in zip(ours, theirs, strict=True) if a and not b)
    assert disagree == 0, "a hand we call complete that mahjong does not"

    _suit_shape.cache_clear()
    cold = best_of(1, lambda: [is_complete(c) for c in data])
    times = race(
        5, {"ours": lambda: [is_complete(c) for c in data], "theirs": lambda: [agari.is_agari(c) for c in data]}
    )
    t_ours, t_theirs = times["ours"], times["theirs"]
    print(f"hands: {n} ({sum(ours)} complete; {riichi_only} seven-pairs/orphans only mahjong accepts)")
    print(
        f"gangci_calc is_complete   {t_ours * 1e6 / n:7.2f} µs/hand   (first pass, cache empty: {cold * 1e6 / n:.2f})"
    )
    print(f"mahjong Agari.is_agari    {t_theirs * 1e6 / n:7.2f} µs/hand")
    print(f"ratio ours / mahjong      {t_ours / t_theirs:7.2f}   (first pass {cold / t_theirs:.2f})")


if __name__ == "__main__":
    main()
