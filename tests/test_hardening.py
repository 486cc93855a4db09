"""The second attack campaign (issue 17): each defect's reproduction, failing before its fix.

Process-level reproductions kill their child on a timeout (``run``); the long
trials are in the slow tier.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gangci_calc.cli import app
from tests.conftest import EXAMPLES

GANGCI = [sys.executable, "-m", "gangci_calc"]
BOMB = '{"stakes":1,"dealer":"E","win":{"type":"bomb","winner":"S"}}\n'


def run(args: list[str], timeout: float = 60, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """A gangci process, killed (never left behind) when it outlives ``timeout``."""
    return subprocess.run([*GANGCI, *args], capture_output=True, text=True, timeout=timeout, **kwargs)  # type: ignore[call-overload,no-any-return]


# ---------------------------------------------------------------- 1. an output that is an input


@pytest.mark.parametrize("how", ["totals-out", "stdin", "hard link"])
def test_an_output_that_is_an_input_is_refused(english: CliRunner, tmp_path: Path, how: str) -> None:
    records = tmp_path / "in.jsonl"
    records.write_text(BOMB * 3, encoding="utf-8")
    if how == "totals-out":
        done = run(["batch", str(records), "--totals-out", str(records), "--lang", "en"])
    elif how == "stdin":
        with records.open() as stdin:
            done = run(["batch", "-", "-o", str(records), "--lang", "en"], stdin=stdin)
    else:
        link = tmp_path / "link.jsonl"
        os.link(records, link)
        done = run(["batch", str(link), "-o", str(records), "--lang", "en"])
    assert done.returncode == 2 and "is one of the inputs" in done.stderr, done.stderr
    assert records.read_text(encoding="utf-8") == BOMB * 3


def test_stdin_from_dev_null_may_write_to_dev_null() -> None:
    with open(os.devnull) as stdin:
        assert run(["batch", "-", "-o", os.devnull], stdin=stdin).returncode == 0


# ---------------------------------------------------------------- 2. --edit keeps what it does not ask

EDITED = """stakes: 1
dealer: E
hands:
  # the first hand
  - id: hand-7            # the platform's id
    win: {type: bomb, winner: S}   # 小李 self-draws
    # a note inside the hand
    meta: {table: 3, "a # b": 1}
    ci: 4m
  - win: {type: draw}
"""


def test_edit_keeps_id_meta_and_comments(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ledger.yaml"
    path.write_text(EDITED, encoding="utf-8")
    result = runner.invoke(app, ["session", str(path), "--edit", "1"], input="\n炸\n北\n\n")
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert "winner: N" in text
    for kept in ("id: hand-7", 'meta: {table: 3, "a # b": 1}', "# the platform's id",
                 "# 小李 self-draws", "# a note inside the hand", "# the first hand"):  # fmt: skip
        assert text.count(kept) == 1, (kept, text)
    assert "# b" not in text.replace('"a # b"', "")
