"""A doubling is added by following docs/maintaining.md ("A doubling: three files of the package") and nothing else.

The fast tier checks the doublings there are: each member of ``Doubling`` is named by its option's key (the
labels and JSON read the option's words through it) and has its one entry in ``DOUBLINGS``. The process tier
follows the recipe in a copy of the package: a 炸弹翻倍 (``bomb_double``: a bomb's B shares × 2) made by editing
exactly the files the recipe names, then a hand scored through every path in that copy.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from gangci_calc.core.rules import Doubling, HouseRules
from gangci_calc.core.rules.settle import DOUBLINGS
from tests.conftest import ROOT

KEYS = {f.name for f in fields(HouseRules)}


@pytest.mark.parametrize("doubling", list(Doubling), ids=lambda d: d.name)
def test_a_doubling_is_named_by_its_option_s_key(doubling: Doubling) -> None:
    assert doubling.value in KEYS, f"Doubling.{doubling.name} = {doubling.value!r} is no option of HouseRules"


def test_every_doubling_has_one_entry_in_doublings() -> None:
    applied = [doubling for doubling, _ in DOUBLINGS]
    assert sorted(applied, key=str) == sorted(Doubling, key=str) and len(set(applied)) == len(applied)


# ------------------------------------------------------------------ the recipe, followed in a copy of the package

ENTRY = """    bomb_double: bool = option(  # 炸弹翻倍: a bomb's B shares × 2 (a sketch: tests/test_doubling_recipe.py)
        False,
        Option(
            names=("炸弹翻倍",),
            effect=M("炸弹的每笔炸弹底 × 2。", "each B share of a bomb × 2."),
            where="`core/rules/settle.py` `doublings`",
        ),
    )
"""

PREDICATE = '''def _bomb_doubles(hand: Hand, row: Row) -> bool:
    """炸弹翻倍: the B shares of a bomb."""
    return hand.house.bomb_double and hand.outcome.win is Win.BOMB and row.part is Part.BOMB


'''


def _entry(text: str) -> str:
    """Step 1: the entry, as the last field of ``HouseRules``."""
    body = text.index("class HouseRules")
    end = re.compile(r"^\S", re.M).search(text, text.index("\n", body) + 1)
    at = end.start() if end else len(text)
    return text[:at].rstrip("\n") + "\n" + ENTRY + "\n\n" + text[at:]


def _member(text: str) -> str:
    """Step 2: the member of ``Doubling``, its value the option's key."""
    found = re.search(r'class Doubling\(Enum\):\n    """[^\n]*"""\n\n', text)
    assert found, "class Doubling's opening is not where the recipe's sketch looks for it"
    return text[: found.end()] + '    BOMB = "bomb_double"  # 炸弹翻倍\n' + text[found.end() :]


def _predicate(text: str) -> str:
    """Step 3: the predicate, and its entry at the end of ``DOUBLINGS``."""
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("DOUBLINGS:"))
    while lines[at - 1].startswith("#"):
        at -= 1
    text = "\n".join([*lines[:at], PREDICATE.rstrip("\n") + "\n\n", *lines[at:]])
    start = text.index("DOUBLINGS:")
    close = text.index("\n)\n", start)
    return text[:close] + "\n    (Doubling.BOMB, _bomb_doubles)," + text[close:]


EDITS = {"core/rules/table.py": _entry, "core/rules/payments.py": _member, "core/rules/settle.py": _predicate}


def _recipe_files() -> set[str]:
    """The package files docs/maintaining.md's doubling recipe names."""
    text = (ROOT / "docs" / "maintaining.md").read_text(encoding="utf-8")
    section = text.split("### A doubling", 1)[1].split("\n#", 1)[0]
    steps = re.findall(r"^\d\. `([\w/]+\.py)`", section, re.M)
    return set(steps)


def test_the_sketch_edits_exactly_the_files_the_recipe_names() -> None:
    assert _recipe_files() == set(EDITS)


BOMB = {"stakes": 2, "dealer": "E", "win": {"type": "bomb", "winner": "S"}, "kongs": [{"by": "N", "type": "concealed"}]}
RULES = {"炸弹翻倍": "是"}  # the loader's Chinese spelling, made from the entry

# run in the copy: the hand through score (with and without the rule), score_many and score_batch
CHECK = """
import json, sys
import pyarrow as pa
from gangci_calc.api import score, score_many
from gangci_calc.arrow import score_batch

hand, rules = json.loads(sys.argv[1]), json.loads(sys.argv[2])
doubled = {**hand, "rules": rules}
one = score(doubled)
batch = score_batch(pa.RecordBatch.from_pylist([{**hand, "rules": json.dumps({"bomb_double": True})}]))
print(json.dumps({
    "seed": score(hand).net,
    "score": one.net,
    "score_many": next(iter(score_many([doubled]))).net,
    "score_batch": {k: int(batch.column(f"net_{k}")[0].as_py()) for k in "ESWN"},
    "explain": one.explain(),
}))
"""


def _run(tree: Path, *args: str, stdin: str = "") -> str:
    done = subprocess.run(
        [sys.executable, *args],
        cwd=tree,
        input=stdin,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "GANGCI_LANG": "en", "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.process
def test_a_doubling_added_by_the_recipe_reaches_every_path(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "gangci_calc", tmp_path / "gangci_calc", ignore=shutil.ignore_patterns("__pycache__"))
    for name, edit in EDITS.items():
        path = tmp_path / "gangci_calc" / name
        before = path.read_text(encoding="utf-8")
        path.write_text(edit(before), encoding="utf-8")
        assert path.read_text(encoding="utf-8") != before, name

    got = json.loads(_run(tmp_path, "-c", CHECK, json.dumps(BOMB), json.dumps(RULES)))
    assert got["seed"] == {"E": -3000, "S": 5000, "W": -3000, "N": 1000}  # B 2000 each to S; N's 暗杠 G 1000 each
    assert got["score"] == {"E": -5000, "S": 11000, "W": -5000, "N": -1000}  # the B shares doubled, the kong not
    assert got["score_many"] == got["score"] == got["score_batch"]
    assert any("× 2 bomb_double" in line for line in got["explain"]), got["explain"]

    hand = tmp_path / "bomb.yaml"
    hand.write_text(json.dumps({**BOMB, "rules": RULES}, ensure_ascii=False), encoding="utf-8")
    as_json = json.loads(_run(tmp_path, "-m", "gangci_calc", "score", str(hand), "-f", "json"))
    assert as_json["net"] == got["score"] and as_json["rules"] == {"bomb_double": True}
    assert {"bomb_double"} == {d for p in as_json["payments"] for c in p["charges"] for d in c.get("doubled", [])}
    chinese = _run(tmp_path, "-m", "gangci_calc", "score", str(hand), "--explain", "--lang", "zh")
    assert "× 2 炸弹翻倍" in chinese and "规矩: 炸弹翻倍" in chinese

    lines = tmp_path / "hands.jsonl"  # gangci batch, as every path, settles through the core
    lines.write_text(json.dumps({**BOMB, "rules": {"bomb_double": True}}) + "\n", encoding="utf-8")
    for extra in ([], ["--payments"]):
        done = subprocess.run(
            [sys.executable, "-m", "gangci_calc", "batch", str(lines), *extra],
            cwd=tmp_path,
            env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin", "GANGCI_LANG": "en"},
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        assert json.loads(done.stdout)["net"] == got["score"], extra

    assert "bomb_double" in _run(tmp_path, "-m", "gangci_calc", "rules", "--lang", "en")
    schema = json.loads(_run(tmp_path, "-m", "gangci_calc", "schema", "hand"))
    assert "炸弹翻倍" in json.dumps(schema, ensure_ascii=False)
    answer = "from gangci_calc.io.load.answers import parse_house; print(parse_house('包次 炸弹翻倍'))"  # --new's line
    assert _run(tmp_path, "-c", answer).strip() == "{'baoci': True, 'bomb_double': True}"
    panel = (  # the page's 改规矩 panel
        "from gangci_calc.commands.web.view import options_context; from gangci_calc.core.rules import HouseRules;"
        " print(options_context(HouseRules(), 'zh'))"
    )
    assert "炸弹翻倍" in _run(tmp_path, "-c", panel)
