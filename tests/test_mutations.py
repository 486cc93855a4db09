"""A rule changed in ``core/rules/`` alone is followed by every path: the core compiles a hand once, the rest read it.

Each case copies the package to a temporary folder, changes one rule there (the add-on factor, 杠呲底's
ratio, a scheme's amount) and checks, in that copy, that ``score_many``, ``score_batch`` and ``gangci batch``
(with and without ``--payments``, and under ``python -O``) give what ``api.score`` gives, and that ``api.score``
itself gave something else before the change (so the mutation is real).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.handgen import distinct_hands

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.process

# (file under gangci_calc/core/rules, the text there, what it becomes)
MUTATIONS = {
    "add-on factor (1 + 2Σ)": ("settle.py", "amount += unit * getattr(", "amount += 2 * unit * getattr("),
    "杠呲底 5G": ("stakes.py", "ci=6 * gang", "ci=5 * gang"),
    "方案1 炸弹底 300": ("stakes.py", "1: Stakes(gang=100, bomb=200, ci=600)", "1: Stakes(gang=100, bomb=300, ci=600)"),
}

# run inside the mutated copy: every path's nets and payments beside api.score's
CHECK = """
import json, sys
import pyarrow as pa
from gangci_calc.api import score, score_many
from gangci_calc.arrow import score_batch

records = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
scored = [score(record) for record in records]
batched = {}
for mapping in (False, True):  # a column has one type: the schemes' numbers, then the stakes mappings
    rows = [i for i, record in enumerate(records) if isinstance(record["stakes"], dict) is mapping]
    batch = pa.RecordBatch.from_struct_array(pa.array([records[i] for i in rows]))  # every row's keys
    batched.update(zip(rows, score_batch(batch).to_pylist()))
print(json.dumps({
    "score": [{k: int(2 * v) for k, v in r.net.items()} for r in scored],
    "payments": [[[p.payer, p.payee, int(2 * p.amount), p.reason, p.role] for p in r.payments()] for r in scored],
    "score_many": [{k: int(2 * v) for k, v in r.net.items()} for r in score_many(records)],
    "score_batch": [
        {k: int(2 * row[f"net_{k}"]) for k in "ESWN"}
        for row in (batched[i] for i in range(len(records)))
    ],
}))
"""


def _nets(text: str) -> list[dict[str, int]]:
    """Each line's net, in half units (a JSON amount is whole or a half: exact as a float)."""
    return [{k: int(2 * v) for k, v in json.loads(line)["net"].items()} for line in text.splitlines()]


def _run(tree: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "GANGCI_LANG": "en", "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hands") / "hands.jsonl"
    path.write_text("".join(json.dumps(hand) + "\n" for hand in distinct_hands(300)), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def before(records: Path) -> dict[str, list[object]]:
    return json.loads(_run(ROOT, "-c", CHECK, str(records)))  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_a_rule_changed_in_the_core_is_followed_by_every_path(
    name: str, records: Path, before: dict[str, list[object]], tmp_path: Path
) -> None:
    file, old, new = MUTATIONS[name]
    shutil.copytree(ROOT / "gangci_calc", tmp_path / "gangci_calc", ignore=shutil.ignore_patterns("__pycache__"))
    target = tmp_path / "gangci_calc" / "core" / "rules" / file
    text = target.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"the rule to change is no longer written {old!r} in core/rules/{file}"
    target.write_text(text.replace(old, new), encoding="utf-8")

    got = json.loads(_run(tmp_path, "-c", CHECK, str(records)))
    assert got["score"] != before["score"], "the mutation changed nothing: pick another"
    assert got["score_many"] == got["score"]
    assert got["score_batch"] == got["score"]
    for flags in ([], ["-O"]):
        plain = _run(tmp_path, *flags, "-m", "gangci_calc", "batch", str(records))
        assert _nets(plain) == got["score"], flags
        paid = _run(tmp_path, *flags, "-m", "gangci_calc", "batch", str(records), "--payments")
        assert _nets(paid) == got["score"], flags
        payments = [
            [[p["payer"], p["payee"], int(2 * p["amount"]), p["for"], p["role"]] for p in json.loads(line)["payments"]]
            for line in paid.splitlines()
        ]
        assert payments == got["payments"], flags
