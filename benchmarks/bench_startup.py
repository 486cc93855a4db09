"""Start-up: one `gangci score` (table output) against `python -c "import typer, rich.table, yaml"`.

    python benchmarks/bench_startup.py [RUNS]

A table host waits for this after every hand. Both commands run alternately in
the same interpreter environment; the figures are the ratios of the medians and
of the best runs. The runs keep their compiled modules (``PYTHONDONTWRITEBYTECODE``
is left out of their environment): an installed gangci has them, and without them
each run would compile the package again.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd="/", env=ENV)
    return time.perf_counter() - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    gangci = shutil.which("gangci") or sys.exit("install gangci first: pip install .")
    hand = str(ROOT / "examples" / "zhici.yaml")
    base_cmd = [sys.executable, "-c", "import typer, rich.table, yaml"]
    score_cmd = [gangci, "score", hand]
    for command in (base_cmd, score_cmd):  # warm the disk cache and .pyc files
        timed(command)
    base, score = [], []
    for _ in range(runs):
        base.append(timed(base_cmd))
        score.append(timed(score_cmd))
    b, s = statistics.median(base), statistics.median(score)
    print(f"runs: {runs} each, alternating")
    print(f"python -c 'import typer, rich.table, yaml'  median {b * 1000:6.1f} ms  best {min(base) * 1000:6.1f} ms")
    print(f"gangci score examples/zhici.yaml            median {s * 1000:6.1f} ms  best {min(score) * 1000:6.1f} ms")
    best = min(score) / min(base)
    print(f"ratio score / bare imports                  {s / b:6.2f}       best {best:6.2f}      (goal ≤ 1.30)")


if __name__ == "__main__":
    main()
