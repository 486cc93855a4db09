"""Every path a platform takes, against the bare parse of the same input: whole processes, side by side in one run.

    python benchmarks/bench_platform.py [N] [--rounds R] [--memory]

Generates N random valid hands, no two alike (fixed seed; tests/handgen.py), writes them as JSON Lines and as
Parquet (pyarrow, the [arrow] extra), and times whole processes taking turns, best of R rounds:

- bare JSON Lines:  python -c "[json.loads(l) for l in open(f)]"
- gangci batch f                   (plain JSON Lines)
- gangci batch f --payments
- gangci batch f -f csv
- gangci batch f --jobs 2
- bare Parquet:     python -c "pyarrow.parquet.read_table(f)"
- gangci batch f.parquet -o out.parquet
- the API:          score_many over the N records as plain dicts (the records loaded first, not timed),
                    per hand, against the plain batch's time per hand

With --memory it also runs each path on 10k and 1M hands and compares their peak memory (max RSS).
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
sys.path.insert(0, str(ROOT))  # tests/handgen.py

PY = sys.executable
GANGCI = [PY, "-m", "gangci_calc", "batch"]
GOALS = {"plain": 0.5, "payments": 0.8, "csv": 0.6, "jobs2": 0.3}

_API = """
import json, sys, time
from gangci_calc.api import score_many
records = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
start = time.perf_counter()
for result in score_many(records):
    pass
print(time.perf_counter() - start)
"""


def write_inputs(folder: Path, n: int) -> tuple[Path, Path]:
    from tests.handgen import distinct_hands

    jsonl = folder / "hands.jsonl"
    with jsonl.open("w", encoding="utf-8") as f:
        for hand in distinct_hands(n):
            f.write(json.dumps(hand, ensure_ascii=False) + "\n")
    parquet = folder / "hands.parquet"
    write_parquet(jsonl, parquet)
    return jsonl, parquet


def write_parquet(jsonl: Path, parquet: Path) -> None:
    """The same hands as a Parquet file, nested columns as structs and lists (what DuckDB or polars write); a
    column has one type, so a scheme's number is written as the stakes it stands for (1: 杠底 100, 2: 1000)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = []
    with jsonl.open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if isinstance(row["stakes"], int):
                row["stakes"] = {"gang": 100 if row["stakes"] == 1 else 1000}
            rows.append(row)
    pq.write_table(pa.Table.from_pylist(rows), parquet)


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def api_seconds(path: Path) -> float:
    done = subprocess.run([PY, "-c", _API, str(path)], check=True, capture_output=True, text=True)
    return float(done.stdout)


def race(rounds: int, commands: dict[str, list[str]]) -> dict[str, float]:
    best = dict.fromkeys(commands, float("inf"))
    for _ in range(rounds):
        for name, command in commands.items():
            best[name] = min(best[name], timed(command))
    return best


def peak_mb(command: list[str]) -> float:
    code = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL,"
        " stderr=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    done = subprocess.run([PY, "-c", code, *command], check=True, capture_output=True, text=True)
    return int(done.stdout) / 1024


def memory(folder: Path) -> None:
    import random

    from tests.handgen import random_hand

    peaks: dict[str, list[float]] = {}
    for size in (10_000, 1_000_000):
        jsonl = folder / f"m{size}.jsonl"
        rng = random.Random(size)
        with jsonl.open("w", encoding="utf-8") as f:
            for _ in range(size):
                f.write(json.dumps(random_hand(rng)) + "\n")
        parquet = folder / f"m{size}.parquet"
        write_parquet(jsonl, parquet)
        paths = {
            "plain": [*GANGCI, str(jsonl)],
            "payments": [*GANGCI, str(jsonl), "--payments"],
            "csv": [*GANGCI, str(jsonl), "-f", "csv"],
            "jobs2": [*GANGCI, str(jsonl), "--jobs", "2"],
            "parquet": [*GANGCI, str(parquet), "-o", str(folder / "m.parquet")],
        }
        for name, command in paths.items():
            peaks.setdefault(name, []).append(peak_mb(command))
        jsonl.unlink()
        parquet.unlink()
    for name, (small, large) in peaks.items():
        print(f"peak memory {name:9} 10k {small:6.1f} MB   1M {large:6.1f} MB   ratio {large / small:4.2f}")


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 200_000
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 3
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        jsonl, parquet = write_inputs(folder, n)
        print(f"hands: {n}, JSON Lines {jsonl.stat().st_size >> 20} MiB, Parquet {parquet.stat().st_size >> 20} MiB")
        out = str(folder / "out.parquet")
        times = race(
            rounds,
            {
                "bare": [PY, "-c", "import json, sys; [json.loads(l) for l in open(sys.argv[1])]", str(jsonl)],
                "plain": [*GANGCI, str(jsonl)],
                "payments": [*GANGCI, str(jsonl), "--payments"],
                "csv": [*GANGCI, str(jsonl), "-f", "csv"],
                "jobs2": [*GANGCI, str(jsonl), "--jobs", "2"],
                "bare parquet": [
                    PY,
                    "-c",
                    "import pyarrow.parquet as pq, sys; pq.read_table(sys.argv[1])",
                    str(parquet),
                ],
                "parquet": [*GANGCI, str(parquet), "-o", out],
            },
        )
        for name, goal in GOALS.items():
            print(f"{name:9} {times[name]:6.2f} s = {times[name] / times['bare']:4.2f}× bare   (goal ≤ {goal}×)")
        ratio = times["parquet"] / times["bare parquet"]
        print(f"parquet   {times['parquet']:6.2f} s = {ratio:4.2f}× pyarrow.parquet.read_table   (goal ≤ 1.5×)")
        api = min(api_seconds(jsonl) for _ in range(rounds))
        cli = times["plain"]
        print(
            f"score_many {api / n * 1e6:5.1f} µs a hand vs the CLI's {cli / n * 1e6:5.1f} µs (whole process)"
            f" = {api / cli:4.2f}×   (goal ≤ 1.3×)"
        )
        if "--memory" in sys.argv:
            memory(folder)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
