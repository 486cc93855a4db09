"""Where a platform's month goes on the JSON Lines fast path: the first meeting of each shape against the same
hands again, and the first pass split into what the core compiles.

    python benchmarks/bench_compile.py [N]

N of a platform's hands (``tests/handgen.py`` ``platform_hands``, 20,000 unless given: rooms of 8-16 hands
choosing their rules, every field present, player ids from a pool), exported by DuckDB to JSON Lines as a
warehouse would. In one process, CPU time (``time.process_time``) of ``Scorer.score_chunk`` over the file's
chunks: the first pass (each rule set, outcome, kong, ci tile, 米, tiles left and bet count met for the first
time), then a second pass over the same hands (all of it kept), and the bare ``json.loads`` of each line, the
objects kept (as ``bench_platform.py``'s bare read keeps them). Then, everything compiled let go, a third pass
with each compile step timed on its own (the core's forms, outcome and kong plans, the checks of the bets, of the
ci tile / 米 / tiles left and of 包次, the reading of a rules text): calls, µs each, share of that pass.
"""

from __future__ import annotations

import collections
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

STEPS = {  # what the first pass compiles: (module, name) -> label
    ("fast", "Plan.form"): "the core's forms",
    ("fast", "FastPath.plan_for"): "outcome plans",
    ("fast", "FastPath.kong_for"): "kong plans",
    ("fast", "_core_refuses"): "bets checks",
    ("fast", "held_verdict"): "ci / 米 / tiles left",
    ("fast", "bao_verdict"): "包次 verdicts",
    ("houses", "read_rules_text"): "rules texts read",
}


def _timed(calls: collections.Counter[str], spent: collections.defaultdict[str, float]) -> None:
    """Wrap each step so that its calls and CPU are counted (a step inside another counts for the outer one)."""
    from gangci_calc.fastpath import fast, houses

    modules = {"fast": fast, "houses": houses}
    depth = [0]

    def wrap(owner: Any, name: str, label: str) -> None:
        original: Callable[..., Any] = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            if depth[0]:
                return original(*args, **kwargs)
            depth[0] += 1
            start = time.process_time()
            try:
                return original(*args, **kwargs)
            finally:
                spent[label] += time.process_time() - start
                calls[label] += 1
                depth[0] -= 1

        setattr(owner, name, timed)

    for (module, path), label in STEPS.items():
        owner: Any = modules[module]
        *parents, name = path.split(".")
        for parent in parents:
            owner = getattr(owner, parent)
        wrap(owner, name, label)
    setattr(fast, "house_number", houses.house_number)  # noqa: B010 (the wrapped reader, where fast.py calls it)


def main(n: int) -> None:
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

    passes = [one_pass(), one_pass()]  # the first meeting, then the same hands again
    from gangci_calc.fastpath.vectorised import forget_compiled

    forget_compiled()  # from nothing again, each compile step timed this time
    calls: collections.Counter[str] = collections.Counter()
    spent: collections.defaultdict[str, float] = collections.defaultdict(float)
    _timed(calls, spent)
    timed_pass = one_pass()
    start = time.process_time()
    held = [json.loads(line) for line in lines]  # kept, as bench_platform.py's bare read keeps them
    bare = time.process_time() - start
    del held
    first, again = (seconds / len(lines) * 1e6 for seconds in passes)
    print(f"{len(lines):,} of a platform's hands, DuckDB's JSON Lines, CPU a hand:")
    print(f"  first pass {first:6.1f} µs   again {again:6.1f} µs   bare json.loads {bare / len(lines) * 1e6:6.1f} µs")
    print("the first pass's compile steps:")
    for label in STEPS.values():
        if calls[label]:
            each = spent[label] / calls[label] * 1e6
            share = spent[label] / timed_pass * 100
            print(f"  {label:22} {calls[label]:7,} calls {each:7.1f} µs each {share:5.1f}% of the first pass")


if __name__ == "__main__":
    if "--help" in sys.argv or "-h" in sys.argv:
        print(__doc__)
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
