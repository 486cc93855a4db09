"""`gangci history` over a club's year: 52 weekly ledgers of 40 hands, against one `gangci session` of one of them.

    python benchmarks/bench_history.py [ROUNDS]

Goal (issue #19): under 2 s for the year. The ledgers are made here (every outcome, kongs, add-ons, a
substitution in some weeks), then both commands take turns; the figures are the best of the rounds.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HANDS = [
    "  - {win: {type: zhici, winner: W, from: S}, bets: {W: {piao: 1}}, kongs: [{by: N, type: concealed}]}\n",
    "  - {win: {type: bomb, winner: S}}\n",
    "  - {win: {type: anci, winner: S}, kongs: [{by: E, type: exposed, from: W}]}\n",
    "  - {win: {type: draw}}\n",
    "  - {win: {type: xuci, winner: E, from: N}}\n",
]
PEOPLE = ["老王", "小李", "张姐", "阿强", "小赵", "老周"]


def ledger(week: int, chance: random.Random) -> str:
    names = chance.sample(PEOPLE, 4)
    lines = [
        "stakes: 1\npolicy: true\ndealer: E\n",
        f"date: 2026-{1 + week // 5:02d}-{1 + week % 5 * 5:02d}\n",
        "players: {" + ", ".join(f"{s}: {n}" for s, n in zip("ESWN", names, strict=True)) + "}\nhands:\n",
    ]
    lines += [chance.choice(HANDS) for _ in range(40)]
    return "".join(lines)


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    gangci = shutil.which("gangci") or sys.exit("install gangci first: pip install .")
    folder = Path(tempfile.mkdtemp()) / "club"
    folder.mkdir()
    chance = random.Random(52)
    for week in range(52):
        (folder / f"week-{week + 1:02d}.yaml").write_text(ledger(week, chance), encoding="utf-8")
    year = [gangci, "history", str(folder)]
    one = [gangci, "session", str(folder / "week-01.yaml")]
    best = {"year": float("inf"), "one": float("inf")}
    for _ in range(rounds):
        best["year"] = min(best["year"], timed(year))
        best["one"] = min(best["one"], timed(one))
    print(f"gangci history, 52 ledgers x 40 hands: {best['year']:.2f} s (goal under 2 s)")
    print(f"gangci session, one ledger of 40 hands: {best['one']:.2f} s")
    print(f"ratio year / one evening: {best['year'] / best['one']:.1f}")
    shutil.rmtree(folder.parent)


if __name__ == "__main__":
    main()
