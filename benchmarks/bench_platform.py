"""Every path a platform takes, against the bare parse of the same input: whole processes, side by side in one run.

    python benchmarks/bench_platform.py [N] [--rounds R] [--memory] [--main PATH] [--cpu]

Two kinds of data, N hands each (fixed seeds; tests/handgen.py):

- canonical records: random valid hands, no two alike, no players, no nulls, stakes as a scheme's number; and the
  same records with four player ids each, from a pool of 3,000;
- a warehouse's export: a table of the hands as a platform keeps them (player ids from a pool of 3,000, an id, a
  date in ``meta``, mixed stakes typed JSON, house rules on about one hand in six typed JSON, nulls for every
  absent value), exported by DuckDB itself to JSON Lines (``COPY ... (FORMAT json)``) and Parquet.
- a platform's month (``platform_hands``): rooms of 8-16 hands, each at one of nine presets or rules of its own
  (thousands of distinct sets: 跑, tables of three, 米, 包次 by the tiles left, 次风翻倍, 庄家翻倍 ...), every field
  present as a server's table holds it (跑 0, the ci tile and the tiles left on every hand), player ids from a
  Zipf-like pool or never met twice; and the canonical records with four player ids never met twice.

Each input is timed against its bare read, whole processes taking turns, best of R rounds:

- bare JSON Lines:  python -c "[json.loads(l) for l in open(f)]"
- gangci batch f                   (plain JSON Lines)
- gangci batch f --payments
- gangci batch f -f csv
- gangci batch f --jobs 2
- gangci batch f --rules club.yaml  (a club's house rules on every hand: 庄家翻倍, 直呲 split evenly), and on Parquet
- bare Parquet:     python -c "pyarrow.parquet.read_table(f)"
- gangci batch f.parquet -o out.parquet
- the API:          score_many over the N records as plain dicts (the records loaded first, not timed),
                    per hand, against the plain batch's time per hand

- the DuckDB JSON Lines export: bare ``json.loads`` per line vs ``gangci batch``
- the DuckDB Parquet export: bare ``pyarrow.parquet.read_table`` vs ``gangci batch f.parquet -o out.parquet``
- the platform's month on Parquet, the bets a struct column and (``platform bets text``) a JSON column

With ``--main PATH`` (a checkout of main) the plain JSON Lines runs of main's code take turns with this one's.
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
GOALS = {"plain": 0.5, "payments": 0.8, "csv": 0.6}

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


def with_players(jsonl: Path, out: Path, pool: int = 3000) -> Path:
    """The canonical records again, each with four player ids from a pool (a platform's players come again)."""
    import random

    rng = random.Random(31)
    with jsonl.open(encoding="utf-8") as f, out.open("w", encoding="utf-8") as g:
        for line in f:
            record = json.loads(line)
            record["players"] = {
                seat: f"p{who:05d}" for seat, who in zip("ESWN", rng.sample(range(pool), 4), strict=True)
            }
            g.write(json.dumps(record) + "\n")
    return out


def with_new_players(jsonl: Path, out: Path) -> Path:
    """The canonical records again, each with four player ids never met before (ids anonymised per hand)."""
    with jsonl.open(encoding="utf-8") as f, out.open("w", encoding="utf-8") as g:
        for number, line in enumerate(f):
            record = json.loads(line)
            record["players"] = {seat: f"u{number:08d}{seat}" for seat in "ESWN"}
            g.write(json.dumps(record) + "\n")
    return out


def platform_inputs(folder: Path, n: int, ids: str = "pool", **columns: str) -> tuple[Path, Path]:
    """A platform's month (tests/handgen.py platform_hands: rooms of 8-16 hands, nine presets and rules of their
    own, 跑, tables of three, 米, 包次, 次风翻倍, every field present), exported by DuckDB to JSON Lines and Parquet;
    ``columns`` typed otherwise (``bets="JSON"``: the bets as JSON text, as a warehouse may type them)."""
    from tests.handgen import PLATFORM_COLUMNS, duckdb_export, platform_hands

    name = f"platform_{ids}" + "".join(f"_{key}_{kind}" for key, kind in columns.items())
    return duckdb_export(platform_hands(n, ids=ids), folder, name, {**PLATFORM_COLUMNS, **columns})


def warehouse_inputs(folder: Path, n: int) -> tuple[Path, Path]:
    """A warehouse's table of ``n`` hands, exported by DuckDB to JSON Lines and Parquet (tests/handgen.py)."""
    from tests.handgen import duckdb_export, warehouse_hands

    return duckdb_export(warehouse_hands(n), folder)


Command = list[str] | tuple[list[str], dict[str, str]]  # a command, or one with its environment


# this checkout's code, whatever is installed; compiled modules kept (an installed gangci has them: without them
# each run would compile the package again, about 0.2 s that the bare read does not pay)
OURS = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "PYTHONPATH": str(ROOT)}
AWAY = tempfile.gettempdir()
CPU = "--cpu" in sys.argv  # time each process's CPU (user + system) instead of the wall clock: on a shared machine


def timed(command: Command) -> float:
    """A whole process's wall time, or with ``--cpu`` its CPU time (a busy machine's other processes add to the
    wall clock, not to it; ``--jobs 2``'s is the two processes' together)."""
    import resource

    args, env = command if isinstance(command, tuple) else (command, OURS)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # run from a folder with no package in it: ``python -m`` puts the working directory first on the path
    done = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=AWAY)
    if done.returncode not in (0, 1):  # 1: some hands refused (a platform's planted mistakes), the rest written
        raise subprocess.CalledProcessError(done.returncode, args)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime if CPU else wall


def api_seconds(path: Path) -> float:
    done = subprocess.run([PY, "-c", _API, str(path)], check=True, capture_output=True, text=True, env=OURS, cwd=AWAY)
    return float(done.stdout)


def race(rounds: int, commands: dict[str, Command]) -> dict[str, float]:
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
        duck_jsonl, duck_parquet = warehouse_inputs(folder, size)
        paths["duckdb"] = [*GANGCI, str(duck_jsonl)]
        paths["duckdb parquet"] = [*GANGCI, str(duck_parquet), "-o", str(folder / "m.parquet")]
        for name, command in paths.items():
            peaks.setdefault(name, []).append(peak_mb(command))
        for path in (jsonl, parquet, duck_jsonl, duck_parquet):
            path.unlink()
    for name, (small, large) in peaks.items():
        print(f"peak memory {name:14} 10k {small:6.1f} MB   1M {large:6.1f} MB   ratio {large / small:4.2f}")


BARE_JSON = "import json, sys; [json.loads(l) for l in open(sys.argv[1], encoding='utf-8')]"
BARE_PARQUET = "import pyarrow.parquet as pq, sys; pq.read_table(sys.argv[1])"


def main() -> None:
    argv = sys.argv[1:]
    main_path = argv[argv.index("--main") + 1] if "--main" in argv else None
    args = [a for a in argv if not a.startswith("--") and a != main_path and not (a.isdigit() and "--rounds" in argv
            and argv.index(a) == argv.index("--rounds") + 1)]  # fmt: skip
    n = int(args[0]) if args else 200_000
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 3
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        jsonl, parquet = write_inputs(folder, n)
        ids = with_players(jsonl, folder / "ids.jsonl")
        duck_jsonl, duck_parquet = warehouse_inputs(folder, n)
        new_ids = with_new_players(jsonl, folder / "new_ids.jsonl")
        room_jsonl, room_parquet = platform_inputs(folder, n)
        never_jsonl, _ = platform_inputs(folder, n, "never")
        _, text_bets = platform_inputs(folder, n, bets="JSON")
        made = (jsonl, parquet, ids, new_ids, duck_jsonl, duck_parquet, room_jsonl, room_parquet, never_jsonl)
        made += (text_bets,)
        mib = {path.name: path.stat().st_size >> 20 for path in made}
        print(f"hands: {n}; MiB: {mib}")
        out = str(folder / "out.parquet")
        club = folder / "club.yaml"
        club.write_text("rules: {dealer_double: all, zhici_split: even}\n", encoding="utf-8")
        commands: dict[str, Command] = {
            "bare": [PY, "-c", BARE_JSON, str(jsonl)],
            "plain": [*GANGCI, str(jsonl)],
            "payments": [*GANGCI, str(jsonl), "--payments"],
            "csv": [*GANGCI, str(jsonl), "-f", "csv"],
            "jobs2": [*GANGCI, str(jsonl), "--jobs", "2"],
            "rules": [*GANGCI, str(jsonl), "--rules", str(club)],
            "rules parquet": [*GANGCI, str(parquet), "--rules", str(club), "-o", out],
            "bare parquet": [PY, "-c", BARE_PARQUET, str(parquet)],
            "parquet": [*GANGCI, str(parquet), "-o", out],
            "bare ids": [PY, "-c", BARE_JSON, str(ids)],
            "ids": [*GANGCI, str(ids)],
            "bare duckdb": [PY, "-c", BARE_JSON, str(duck_jsonl)],
            "duckdb": [*GANGCI, str(duck_jsonl)],
            "bare duckdb parquet": [PY, "-c", BARE_PARQUET, str(duck_parquet)],
            "duckdb parquet": [*GANGCI, str(duck_parquet), "-o", out],
            "bare new ids": [PY, "-c", BARE_JSON, str(new_ids)],
            "new ids": [*GANGCI, str(new_ids)],
            "bare platform": [PY, "-c", BARE_JSON, str(room_jsonl)],
            "platform": [*GANGCI, str(room_jsonl)],
            "bare platform parquet": [PY, "-c", BARE_PARQUET, str(room_parquet)],
            "platform parquet": [*GANGCI, str(room_parquet), "-o", out],
            "bare platform bets text": [PY, "-c", BARE_PARQUET, str(text_bets)],
            "platform bets text": [*GANGCI, str(text_bets), "-o", out],
            "bare platform never": [PY, "-c", BARE_JSON, str(never_jsonl)],
            "platform never": [*GANGCI, str(never_jsonl)],
        }
        if main_path is not None:  # the same runs of main's code, taking turns with this one's
            theirs = {**OURS, "PYTHONPATH": main_path}
            commands["plain (main)"] = ([*GANGCI, str(jsonl)], theirs)
            commands["rules (main)"] = ([*GANGCI, str(jsonl), "--rules", str(club)], theirs)
            commands["ids (main)"] = ([*GANGCI, str(ids)], theirs)
            commands["duckdb (main)"] = ([*GANGCI, str(duck_jsonl)], theirs)
            commands["platform (main)"] = ([*GANGCI, str(room_jsonl)], theirs)
        times = race(rounds, commands)
        print(f"{'CPU' if CPU else 'wall'} time, best of {rounds}; canonical records:")
        for key, goal in GOALS.items():
            print(f"  {key:9} {times[key]:6.2f} s = {times[key] / times['bare']:4.2f}× bare   (goal ≤ {goal}×)")
        jobs = times["jobs2"]
        speed = times["plain"] / jobs
        print(f"  jobs2     {jobs:6.2f} s = {jobs / times['bare']:4.2f}× bare, {speed:4.2f}× one job's speed")
        ratio = times["parquet"] / times["bare parquet"]
        print(f"  parquet   {times['parquet']:6.2f} s = {ratio:4.2f}× pyarrow.parquet.read_table   (goal ≤ 1.5×)")
        ratio = times["rules"] / times["bare"]
        print(
            f"  --rules   {times['rules']:6.2f} s = {ratio:4.2f}× bare, {times['rules'] / times['plain']:4.2f}× plain"
        )
        ratio = times["rules parquet"] / times["bare parquet"]
        print(f"  --rules, Parquet in and out {times['rules parquet']:6.2f} s = {ratio:4.2f}× read_table")
        ratio = times["ids"] / times["bare ids"]
        print(f"  with four player ids {times['ids']:6.2f} s = {ratio:4.2f}× bare   (goal ≤ 0.5×)")
        print("DuckDB's export of a warehouse table:")
        ratio = times["duckdb"] / times["bare duckdb"]
        print(f"  JSON Lines {times['duckdb']:6.2f} s = {ratio:4.2f}× bare json.loads per line   (goal ≤ 0.6×)")
        ratio = times["duckdb parquet"] / times["bare duckdb parquet"]
        print(f"  Parquet in and out {times['duckdb parquet']:6.2f} s = {ratio:4.2f}× read_table   (goal ≤ 1.5×)")
        print("A platform's month (rooms of 8-16 hands choosing their rules, every field present; DuckDB's export):")
        for key, bare, goal in (
            ("new ids", "bare new ids", "0.5"),
            ("platform", "bare platform", "0.6"),
            ("platform never", "bare platform never", "0.6"),
            ("platform parquet", "bare platform parquet", "1.5"),
            ("platform bets text", "bare platform bets text", "1.5"),  # Parquet, the bets a JSON column
        ):
            ratio = times[key] / times[bare]
            print(f"  {key:18} {times[key]:6.2f} s = {ratio:4.2f}× its bare read   (goal ≤ {goal}×)")
        repeated = (times["ids"] / times["bare ids"]) / (times["new ids"] / times["bare new ids"])
        print(f"  ids from a pool against ids never met: {1 / repeated:4.2f}× the time (goal ≤ 1.5×)")
        for key in ("plain", "rules", "ids", "duckdb", "platform"):
            if f"{key} (main)" in times:
                theirs = times[f"{key} (main)"]
                print(
                    f"  {key:7} this code {times[key]:6.2f} s, main {theirs:6.2f} s = {times[key] / theirs:4.2f}× main"
                )
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
