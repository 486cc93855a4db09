"""`gangci batch` against the bare parse of the same input, side by side in one run.

    python benchmarks/bench_batch.py [N] [--memory]

Generates N random valid hands, no two alike (fixed seed; see tests/handgen.py), writes
them as a YAML stream and as JSON Lines, and times, taking turns, best of 5 each:

- YAML:  list(yaml.load_all(f, Loader=yaml.CSafeLoader))  vs  the batch (scoring and writing included)
- JSONL: [json.loads(line) for line in f]                   vs  the batch

The batch keeps no memo of results. It works out the shares of each outcome the first time
it meets one (a table of the core's settlement, per process); the first run, which pays for
that, is shown apart as "first run".

With --memory it also runs `gangci batch` on 10k and 1M JSON Lines hands in a
child process and compares their peak memory (max RSS).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))  # the repository: tests/handgen.py
from timing import race

from gangci_calc.commands.batch import run_batch
from tests.handgen import distinct_hands


def write_inputs(folder: Path, n: int) -> tuple[Path, Path, int]:
    data = distinct_hands(n)
    yaml_path, jsonl_path = folder / "hands.yaml", folder / "hands.jsonl"
    with yaml_path.open("w", encoding="utf-8") as f:
        yaml.dump_all(
            data,
            f,
            Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper),
            allow_unicode=True,
            sort_keys=False,
            explicit_start=True,
        )
    with jsonl_path.open("w", encoding="utf-8") as f:
        for hand in data:
            f.write(json.dumps(hand, ensure_ascii=False) + "\n")
    distinct = len({json.dumps(h, sort_keys=True) for h in data})
    return yaml_path, jsonl_path, distinct


def batch(path: Path, jobs: int = 1) -> None:
    with open(os.devnull, "w", encoding="utf-8") as out:
        stats = run_batch([str(path)], out, jobs=jobs)
    assert stats.failed == 0 and stats.unreadable == 0, stats


def first_run(path: Path) -> float:
    """One run in a fresh interpreter: the tables of shares worked out as it goes (imports not counted)."""
    code = (
        "import os, sys, time; from gangci_calc.commands.batch import run_batch; t = time.perf_counter(); "
        "run_batch([sys.argv[1]], open(os.devnull, 'w')); print(time.perf_counter() - t)"
    )
    done = subprocess.run([sys.executable, "-c", code, str(path)], check=True, capture_output=True, text=True)
    return float(done.stdout)


# Linux carries a process's peak RSS across fork and exec, so the batch is started from
# a small fresh interpreter, not from this one (which holds the generated hands).
_MEASURE = """
import resource, subprocess, sys
subprocess.run([sys.executable, "-m", "gangci_calc", "batch", sys.argv[1]], check=True,
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""
_GENERATE = """
import json, sys
sys.path.insert(0, sys.argv[3])
from tests.handgen import random_hand
import random
rng = random.Random(int(sys.argv[2]))
with open(sys.argv[1], "w", encoding="utf-8") as f:
    for _ in range(int(sys.argv[2])):
        f.write(json.dumps(random_hand(rng)) + "\\n")
"""


def peak_rss_mb(path: Path) -> float:
    """Max RSS of a `gangci batch` process, in MB."""
    done = subprocess.run([sys.executable, "-c", _MEASURE, str(path)], check=True, capture_output=True, text=True)
    return int(done.stdout) / 1024


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 20_000
    with tempfile.TemporaryDirectory() as folder:
        yaml_path, jsonl_path, distinct = write_inputs(Path(folder), n)
        print(
            f"hands: {n} ({distinct} distinct), YAML {yaml_path.stat().st_size // 1024} KiB, "
            f"JSONL {jsonl_path.stat().st_size // 1024} KiB"
        )
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

        def parse_yaml() -> None:
            with yaml_path.open(encoding="utf-8") as f:
                list(yaml.load_all(f, Loader=loader))

        def parse_jsonl() -> None:
            with jsonl_path.open(encoding="utf-8") as f:
                [json.loads(line) for line in f]

        rows = [
            ("YAML ", yaml_path, parse_yaml, lambda: batch(yaml_path), lambda: batch(yaml_path, 2), 1.05),
            ("JSONL", jsonl_path, parse_jsonl, lambda: batch(jsonl_path), lambda: batch(jsonl_path, 2), 0.80),
        ]
        for name, path, parse, one, two, goal in rows:
            first = first_run(path)
            times = race(5, {"parse": parse, "one": one, "two": two})
            t_parse, t_one, t_two = times["parse"], times["one"], times["two"]
            print(
                f"{name} bare parse {t_parse:6.2f} s | batch {t_one:6.2f} s = {t_one / t_parse:4.2f}× "
                f"(first run {first / t_parse:4.2f}×) | --jobs 2 {t_two:6.2f} s = {t_two / t_parse:4.2f}×   "
                f"(goal ≤ {goal:.2f}×)  {n / t_one:,.0f} hands/s"
            )
        if "--memory" in sys.argv:
            peaks = []
            for size in (10_000, 1_000_000):
                path = Path(folder) / f"m{size}.jsonl"
                here = str(Path(__file__).resolve().parent.parent)  # the repository, for tests/handgen.py
                subprocess.run([sys.executable, "-c", _GENERATE, str(path), str(size), here], check=True)
                peaks.append(peak_rss_mb(path))
                print(f"peak memory, {size:>9,} hands: {peaks[-1]:6.1f} MB")
            print(f"1M / 10k peak memory ratio: {peaks[1] / peaks[0]:.2f}   (goal: within 20%)")


if __name__ == "__main__":
    main()
