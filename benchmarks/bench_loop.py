"""The JSON Lines scoring loop alone, in one process: microseconds a record, no start-up, no writing.

    python benchmarks/bench_loop.py FILE.jsonl [FILE.jsonl ...] [--payments] [--before TREE] [--rounds R]

Each file is cut into 4,096-line chunks, as ``gangci batch`` reads it, and scored by
``Scorer.score_chunk`` (``gangci_calc/commands/batch/scoring.py``) with a fresh scorer per
pass, best of five passes. ``--before TREE`` scores the same files with another
source tree (``git archive REV | tar -x -C TREE``) in turns with this one, R
rounds (3 unless given), and prints both trees' best side by side: whole-process
figures on a shared machine vary by several percent from run to run, and a
change of a few percent to the loop shows only this way. The files are what a
platform has: ``benchmarks/bench_platform.py`` writes them (``write_inputs``,
``with_players``, ``warehouse_inputs``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STEP = 4096  # lines a chunk, as commands/batch/reading.py cuts a file near


def loop(files: list[str], payments: bool) -> None:
    """Print each file's best time a record (this process's gangci_calc, wherever PYTHONPATH puts it)."""
    from gangci_calc.commands.batch.reading import Chunk
    from gangci_calc.commands.batch.scoring import BatchOptions, Scorer

    for name in files:
        lines = Path(name).read_text(encoding="utf-8").split("\n")
        count = len(lines) - (lines[-1] == "")
        chunks = ["\n".join(lines[i : i + STEP]) + "\n" for i in range(0, count, STEP)]
        best = float("inf")
        for _ in range(5):
            scorer = Scorer(BatchOptions("jsonl", payments=payments))
            start = time.perf_counter()
            for number, text in enumerate(chunks):
                scorer.score_chunk(Chunk("json", name, 1 + number * STEP, text))
            best = min(best, time.perf_counter() - start)
        print(f"{best / count * 1e6:.2f}\t{name}")


def main() -> None:
    args = sys.argv[1:]
    payments = "--payments" in args
    before = args[args.index("--before") + 1] if "--before" in args else None
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 3
    taken = {before, str(rounds) if "--rounds" in args else None}
    files = [a for a in args if not a.startswith("--") and a not in taken]
    if not files:
        sys.exit(__doc__)
    if before is None:
        loop(files, payments)
        return
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    best: dict[tuple[str, str], float] = {}
    for _ in range(rounds):
        for tree in (before, str(ROOT)):
            command = [sys.executable, __file__, *files, *(["--payments"] if payments else [])]
            done = subprocess.run(command, check=True, capture_output=True, text=True, env={**env, "PYTHONPATH": tree})
            for line in done.stdout.splitlines():
                micro, name = line.split("\t")
                best[(tree, name)] = min(best.get((tree, name), float("inf")), float(micro))
    print(f"µs a record, best of {rounds} rounds of 5 passes{' (--payments)' if payments else ''}:")
    for name in files:
        old, new = best[(before, name)], best[(str(ROOT), name)]
        print(f"  {name}: before {old:.2f}, this tree {new:.2f} = {new / old:.2f}×")


if __name__ == "__main__":
    main()
