"""A platform's month in one process: the first pass over its hands, the same hands again, and the bare read.

    python benchmarks/bench_month.py [N] [--before TREE]

N of a platform's hands (``tests/handgen.py`` ``platform_hands``, 20,000 unless given: rooms of 8-16 hands
choosing their rules, every field present, player ids from a pool), exported by DuckDB to JSON Lines as a
warehouse would. In one process, CPU time (``time.process_time``) of ``Scorer.score_chunk`` over the file's
chunks: the first pass (each rule set met for the first time), then the same hands again, and the bare
``json.loads`` of each line, the objects kept (as ``bench_platform.py``'s bare read keeps them). The issue-51
goals: the month again within 1.1x of the first pass (no cliff at a first meeting), and the first pass a small
multiple of the bare read. ``--before TREE`` runs the same in a process whose ``PYTHONPATH`` is another source
tree (``git archive REV | tar -x -C TREE``), in turns with this one, three rounds, best of each.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def measure(n: int) -> dict[str, float]:
    """µs of CPU a hand: the first pass, again, and the bare ``json.loads``."""
    sys.path.append(str(ROOT))  # tests/handgen.py from this tree; gangci_calc from PYTHONPATH first
    from tests.handgen import PLATFORM_COLUMNS, duckdb_export, platform_hands

    with tempfile.TemporaryDirectory() as folder:
        jsonl, _ = duckdb_export(platform_hands(n), Path(folder), "platform", PLATFORM_COLUMNS)
        from gangci_calc.commands.batch.reading import read_chunks
        from gangci_calc.commands.batch.scoring import BatchOptions, Scorer

        chunks = list(read_chunks(str(jsonl)))
        lines = jsonl.read_text(encoding="utf-8").splitlines()

    def one_pass() -> float:
        scorer = Scorer(BatchOptions())
        start = time.process_time()
        for chunk in chunks:
            scorer.score_chunk(chunk)
        return time.process_time() - start

    first, again = one_pass(), one_pass()  # the first meeting, then the same hands again
    start = time.process_time()
    held = [json.loads(line) for line in lines]  # kept, as bench_platform.py's bare read keeps them
    bare = time.process_time() - start
    del held
    each = 1e6 / len(lines)
    return {"first pass": first * each, "again": again * each, "bare json.loads": bare * each}


def _in_tree(tree: str, n: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": tree}
    code = f"import json, sys; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); import bench_month; "
    code += f"print(json.dumps(bench_month.measure({n})))"
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd="/", capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout))


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv and argv[0].isdigit() else 20_000
    before = argv[argv.index("--before") + 1] if "--before" in argv else None
    trees = [("this tree", str(ROOT)), *([("before", before)] if before else [])]
    best: dict[tuple[str, str], float] = {}
    for _ in range(3 if before else 1):
        for label, tree in trees:
            for key, value in _in_tree(tree, n).items():
                best[(label, key)] = min(best.get((label, key), float("inf")), value)
    print(f"{n:,} of a platform's hands, DuckDB's JSON Lines, µs of CPU a hand (best of the rounds):")
    for label, _ in trees:
        first, again, bare = (best[(label, key)] for key in ("first pass", "again", "bare json.loads"))
        print(
            f"  {label:10} first pass {first:7.1f}   again {again:7.1f} ({first / again:4.2f}x)   "
            f"bare {bare:5.1f}   first / bare {first / bare:5.1f}x"
        )


if __name__ == "__main__":
    if "--help" in sys.argv or "-h" in sys.argv:
        print(__doc__)
    else:
        main(sys.argv[1:])
