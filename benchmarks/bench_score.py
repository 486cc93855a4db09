"""``gangci_calc.score(mapping)``, one hand at a time: CPU microseconds a call, no start-up.

    python benchmarks/bench_score.py [--hands N] [--before TREE] [--rounds R]

Two sets of records: canonical hands at the seed's rules (``tests/handgen.py`` ``distinct_hands``) and a
platform's hands with their rooms' house rules (``platform_hands``, nulls taken out, tables of four), each
scored with ``lang="en"`` and without it (the config file's language). CPU time (``time.process_time``) of the
first pass (the process meets each record's rules for the first time) and the best of three passes; then the
seed's records as another ``Mapping``, and ``settle_session`` of ``examples/session.yaml``, a hand. One engine:
a first pass and the next cost alike, a dict and another Mapping alike (issue 51's goals: at most 12 µs with
house rules and 6 µs at the seed's, both passes). ``--before TREE`` runs the same in a process
whose ``PYTHONPATH`` is another source tree (``git archive REV | tar -x -C TREE``), in turns with this one, R
rounds (3 unless given), and prints both side by side.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _null_free(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _null_free(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_null_free(item) for item in value]
    return value


def measure(count: int) -> dict[str, float]:
    """µs of CPU a ``score()`` call, best of three passes, for each set of records and language."""
    sys.path.append(str(ROOT))  # tests/handgen.py: the records from this tree; gangci_calc from PYTHONPATH first
    from types import MappingProxyType

    import yaml

    from gangci_calc.api import HandError, score, settle_session
    from tests.handgen import distinct_hands, platform_hands

    seed = distinct_hands(count)
    rooms = [_null_free(h) for h in platform_hands(count * 2) if h["rules"]]
    house = [h for h in rooms if not h["rules"].get("three_players")][:count]
    found = {}
    for name, records in (("seed rules", seed), ("house rules", house)):
        for lang in ("en", None):
            passes = []
            for _ in range(3):
                start = time.process_time()
                for record in records:
                    with contextlib.suppress(HandError):
                        score(record, lang=lang)
                passes.append(time.process_time() - start)
            if lang == "en":  # the process's first meeting of these records
                found[f"{name}, first pass"] = passes[0] / len(records) * 1e6
            found[f"{name}, lang={lang}"] = min(passes) / len(records) * 1e6
    found["seed rules, a Mapping (loader)"] = _best(lambda: [score(MappingProxyType(r), lang="en") for r in seed], seed)
    session = yaml.safe_load((ROOT / "examples" / "session.yaml").read_text(encoding="utf-8"))
    hands = session["hands"] * 100
    found["settle_session, a hand"] = _best(lambda: [settle_session(session, lang="en") for _ in range(100)], hands)
    return found


def _best(run: Any, records: list[Any]) -> float:
    """µs of CPU a record, best of three passes of ``run`` (a first one not counted)."""
    run()
    passes = []
    for _ in range(3):
        start = time.process_time()
        run()
        passes.append(time.process_time() - start)
    return min(passes) / len(records) * 1e6


def _in_tree(tree: str | None, count: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": tree} if tree else dict(os.environ)
    code = f"import json, sys; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); import bench_score; "
    code += f"print(json.dumps(bench_score.measure({count})))"
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd="/", capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout))


def main(argv: list[str]) -> None:
    count = int(argv[argv.index("--hands") + 1]) if "--hands" in argv else 2000
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 3
    before = argv[argv.index("--before") + 1] if "--before" in argv else None
    here = str(ROOT)
    best: dict[tuple[str, str], float] = {}
    for _ in range(rounds if before else 1):
        for label, tree in (("this tree", here), *((("before", before),) if before else ())):
            for key, value in _in_tree(tree, count).items():
                best[(label, key)] = min(best.get((label, key), float("inf")), value)
    for key in dict.fromkeys(k for _, k in best):
        shown = f"{best[('this tree', key)]:6.1f} µs"
        if before:
            shown += f"   before {best[('before', key)]:6.1f} µs"
        print(f"{key:32} {shown}")


if __name__ == "__main__":
    main(sys.argv[1:])
