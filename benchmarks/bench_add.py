"""`gangci session --add` on a long ledger: one hand added to 20,000, against `gangci score` of one hand.

    python benchmarks/bench_add.py [HANDS] [ROUNDS]

Goal: under 1 s. The ledger is made here (every outcome, kongs, add-ons and
names), its tail is made by a first `--add` (timed too: it reads the ledger
whole, once), and then each round adds one more hand (a 流局) beside one
`gangci score`, the two taking turns. The figure is the best of the rounds.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HANDS = [
    "  - {win: {type: zhici, winner: W, from: S}, bets: {W: {piao: 1}}, kongs: [{by: N, type: concealed}]}\n",
    "  - {win: {type: bomb, winner: S}}\n",
    "  - {win: {type: anci, winner: S}, kongs: [{by: E, type: exposed, from: W}]}\n",
    "  - {win: {type: draw}}\n",
]


def timed(command: list[str], answers: str = "") -> float:
    start = time.perf_counter()
    subprocess.run(command, input=answers, text=True, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    gangci = shutil.which("gangci") or sys.exit("install gangci first: pip install .")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["GANGCI_CACHE_DIR"] = str(Path(folder) / "cache")
        ledger = Path(folder) / "season.yaml"
        header = "stakes: 1\npolicy: true\ndealer: E\nplayers: {E: 老王, S: 小李, W: 张姐, N: 阿强}\nhands:\n"
        ledger.write_text(header + "".join(HANDS[i % len(HANDS)] for i in range(count)), encoding="utf-8")
        add = [gangci, "session", str(ledger), "--add"]
        draw = "\n流局\n-\n-\n"
        first = timed(add, draw)
        score = [gangci, "score", str(ROOT / "examples" / "zhici.yaml")]
        best_add = best_score = float("inf")
        for _ in range(rounds):
            best_add = min(best_add, timed(add, draw))
            best_score = min(best_score, timed(score))
    print(f"ledger: {count:,} hands; rounds: {rounds}, taking turns")
    print(f"first --add (reads the ledger whole, keeps its tail): {first:.2f} s")
    print(f"--add from the tail:                                  {best_add:.2f} s  (goal: under 1 s)")
    print(f"gangci score of one hand, for scale:                  {best_score:.2f} s  ({best_add / best_score:.2f}x)")


if __name__ == "__main__":
    main()
