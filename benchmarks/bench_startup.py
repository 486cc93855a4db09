"""Start-up: one `gangci score` (table output) against `python -c "import typer, rich.table, yaml"`.

    python benchmarks/bench_startup.py [RUNS] [--before TREE]

A table host waits for this after every hand. The commands run alternately in
the same interpreter environment; the figures are the ratios of the medians and
of the best runs, by the clock and by CPU time (user + system, which a busy
machine disturbs less). ``--before TREE`` also times the score of another
source tree (``git archive main | tar -x -C TREE``) in the same turns, as
``python -m gangci_calc`` with ``PYTHONPATH=TREE`` (a tree's own entry point),
beside this tree's score started the same way. The runs keep their compiled modules (``PYTHONDONTWRITEBYTECODE``
is left out of their environment): an installed gangci has them, and without them
each run would compile the package again.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(seconds by the clock, seconds of CPU) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd="/", env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs="?", type=int, default=30)
    parser.add_argument("--before", help="another source tree whose score is timed in the same turns")
    args = parser.parse_args()
    gangci = shutil.which("gangci") or sys.exit("install gangci first: pip install .")
    hand = str(ROOT / "examples" / "zhici.yaml")
    commands = {
        "python -c 'import typer, rich.table, yaml'": ([sys.executable, "-c", "import typer, rich.table, yaml"], ENV),
        "gangci score examples/zhici.yaml": ([gangci, "score", hand], ENV),
    }
    if args.before:
        tree = {**ENV, "PYTHONPATH": str(Path(args.before).resolve())}
        module = [sys.executable, "-m", "gangci_calc", "score", hand]
        commands["python -m gangci_calc score, this tree"] = (module, {**ENV, "PYTHONPATH": str(ROOT)})
        commands["python -m gangci_calc score, --before's tree"] = (module, tree)
    for command, env in commands.values():  # warm the disk cache and .pyc files
        timed(command, env)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, (command, env) in commands.items():
            times[name].append(timed(command, env))
    print(f"runs: {args.runs} each, alternating; ratios to the bare imports (goal ≤ 1.30)")
    print(f"{'':44} {'clock: median':>14} {'best':>7}  {'cpu: median':>12} {'best':>7}")
    base = times[next(iter(times))]
    for name, runs in times.items():
        ratios = [_ratio(runs, base, i, pick) for i in (0, 1) for pick in (statistics.median, min)]
        print(f"{name:44} {ratios[0]:>14.2f} {ratios[1]:>7.2f}  {ratios[2]:>12.2f} {ratios[3]:>7.2f}")
    print(f"{'bare imports, ms':44} {_ms(base, 0, statistics.median):>14} {_ms(base, 0, min):>7}", end="")
    print(f"  {_ms(base, 1, statistics.median):>12} {_ms(base, 1, min):>7}")


Pick = Callable[[list[float]], float]  # the median, or the best (min)


def _ratio(runs: list[tuple[float, float]], base: list[tuple[float, float]], i: int, pick: Pick) -> float:
    return pick([r[i] for r in runs]) / pick([b[i] for b in base])


def _ms(runs: list[tuple[float, float]], i: int, pick: Pick) -> str:
    return f"{pick([r[i] for r in runs]) * 1000:.1f}"


if __name__ == "__main__":
    main()
