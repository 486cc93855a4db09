"""Shared by the benchmark scripts."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(repeats: int, fn: Callable[[], object]) -> float:
    """The fastest of ``repeats`` runs, in seconds: the least disturbed by the machine."""
    return race(repeats, {"": fn})[""]


def race(rounds: int, contenders: dict[str, Callable[[], object]]) -> dict[str, float]:
    """Each contender's fastest run, the contenders taking turns round after round.

    Taking turns spreads a slow spell of a shared machine over all of them, so
    the ratios between them hold better than in back-to-back series.
    """
    best = {name: float("inf") for name in contenders}
    for _ in range(rounds):
        for name, fn in contenders.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - start)
    return best
