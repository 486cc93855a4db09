"""Paid is a record (issue 42.2, 44.5, 44.6): a payment recorded in the ledger's ``paid:`` is taken off every
settle-up, whatever hands come after it, and can be taken back; the CLI's side, through ``gangci session``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from gangci_calc.cli import app
from tests.conftest import EXAMPLES


@pytest.fixture
def english() -> CliRunner:
    return CliRunner(env={"GANGCI_LANG": "en"})


def evening(runner: CliRunner, path: Path) -> dict[str, object]:
    done = runner.invoke(app, ["session", str(path), "-f", "json"])
    assert done.exit_code == 0, done.output
    data: dict[str, object] = json.loads(done.stdout)
    return data


def season_open(runner: CliRunner, path: Path) -> list[tuple[str, str, object]]:
    done = runner.invoke(app, ["history", str(path), "-f", "json"])
    assert done.exit_code == 0, done.output
    return [(t["from"], t["to"], t["amount"]) for t in json.loads(done.stdout)["open"]]


def transfers(data: dict[str, object]) -> list[tuple[str, str, object]]:
    return [(t["from"], t["to"], t["amount"]) for t in data["transfers"]]  # type: ignore[attr-defined]


ADD_BOMB_N = "\n炸弹\n北\n-\n"  # the --add prompts: dealer as due, 炸弹, won by 北, no add-ons


def test_a_payment_outlives_later_hands_and_every_settle_up_agrees(runner: CliRunner, tmp_path: Path) -> None:
    """Reproduction: 已付 on one transfer, then another hand: session listed the old transfers again (the paid
    line gone) while history said what was left. Now both are the settle-up less the payment."""
    path = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session-people.yaml", path)
    payer, payee, amount = transfers(evening(runner, path))[0]
    assert runner.invoke(app, ["session", str(path), f"{payer} {payee} {amount}", "--paid"]).exit_code == 0
    for _ in range(2):
        added = runner.invoke(app, ["session", str(path), "--add"], input=ADD_BOMB_N)
        assert added.exit_code == 0, added.output
    data = evening(runner, path)
    assert transfers(data) == season_open(runner, path)  # session and history: one settle-up
    paid = data["paid"]
    assert [(p["from"], p["to"], p["amount"]) for p in paid] == [(payer, payee, amount)]  # type: ignore[index]
    owed: dict[str, int] = {}
    for who, total in ((p["name"], p["total"]) for p in data["people"]):  # type: ignore[attr-defined]
        owed[who] = owed.get(who, 0) - total
    for source, target, sent in [*transfers(data), (payer, payee, amount)]:  # open plus paid settle every total
        owed[source] -= sent  # type: ignore[operator]
        owed[target] += sent  # type: ignore[operator]
    assert set(owed.values()) == {0}
    table = runner.invoke(app, ["session", str(path), "--lang", "en"]).stdout
    assert f"{payer} pays" in table and "· paid" in table
    back = runner.invoke(app, ["session", str(path), f"{payer} {payee} {amount}", "--unpaid"])
    assert back.exit_code == 0, back.output
    after = evening(runner, path)
    assert "paid" not in after and transfers(after) == season_open(runner, path)
    assert sum(t[2] for t in transfers(after)) > sum(t[2] for t in transfers(data))  # type: ignore[misc]


def test_unpaid_without_a_payment_recorded_is_refused(english: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session-people.yaml", path)
    before = path.read_bytes()
    done = english.invoke(app, ["session", str(path), "阿强 小赵 200", "--unpaid"])
    assert done.exit_code == 2 and "is not a payment recorded" in done.stderr
    assert english.invoke(app, ["session", str(path), "--unpaid"]).exit_code == 2
    assert path.read_bytes() == before


def test_an_undo_past_where_the_payee_sat_is_refused_before_writing(english: CliRunner, tmp_path: Path) -> None:
    """Reproduction (44.5): --paid "阿强 小赵 200", then --undo back past the hands where 小赵 sat: the undo wrote
    the file, then exited 2, and session, history and the club refused the ledger from then on."""
    path = tmp_path / "people.yaml"
    shutil.copy(EXAMPLES / "session-people.yaml", path)
    assert english.invoke(app, ["session", str(path), "阿强 小赵 200", "--paid"]).exit_code == 0
    for _ in range(4):  # hands 6 to 3
        assert english.invoke(app, ["session", str(path), "--undo"]).exit_code == 0
    before = path.read_bytes()
    refused = english.invoke(app, ["session", str(path), "--undo"])  # hand 2: 小赵's only other hand
    assert refused.exit_code == 2 and "小赵" in refused.stderr and "--unpaid" in refused.stderr
    assert path.read_bytes() == before
    assert english.invoke(app, ["session", str(path)]).exit_code == 0
    assert english.invoke(app, ["history", str(path)]).exit_code == 0
    assert english.invoke(app, ["session", str(path), "阿强 小赵 200", "--unpaid"]).exit_code == 0
    assert english.invoke(app, ["session", str(path), "--undo"]).exit_code == 0  # taken back first: it may go


AMBIGUOUS = """stakes: 1
dealer: E
players: {"E": "A", "S": "A B", "W": "C", "N": "B C"}
hands:
  - win: {type: bomb, winner: W}
  - win: {type: bomb, winner: N}
"""


def test_paid_words_that_read_two_ways_are_refused_naming_both(english: CliRunner, tmp_path: Path) -> None:
    """Reproduction (44.6): transfers "A → B C" and "A B → C": --paid "A B C 400" recorded the first."""
    path = tmp_path / "names.yaml"
    path.write_text(AMBIGUOUS, encoding="utf-8")
    assert set(transfers(evening(english, path))) == {("A", "B C", 400), ("A B", "C", 400)}
    refused = english.invoke(app, ["session", str(path), "A B C 400", "--paid"])
    assert refused.exit_code == 2, refused.output
    assert "A → B C 400" in refused.stderr and "A B → C 400" in refused.stderr and "--to" in refused.stderr
    assert "paid" not in yaml.safe_load(path.read_text(encoding="utf-8"))
    named = english.invoke(app, ["session", str(path), "A B", "--paid", "--to", "C", "--amount", "400"])
    assert named.exit_code == 0, named.output
    assert transfers(evening(english, path)) == [("A", "B C", 400)]
    back = english.invoke(app, ["session", str(path), "A B", "--unpaid", "--to", "C", "--amount", "400"])
    assert back.exit_code == 0, back.output
    assert set(transfers(evening(english, path))) == {("A", "B C", 400), ("A B", "C", 400)}


def test_to_needs_the_payer_and_the_amount(english: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "names.yaml"
    path.write_text(AMBIGUOUS, encoding="utf-8")
    for args in (["--paid", "--to", "C"], ["A B", "--paid", "--to", "C"], ["A B", "--to", "C", "--amount", "400"]):
        assert english.invoke(app, ["session", str(path), *args]).exit_code == 2, args
    wrong = english.invoke(app, ["session", str(path), "A B", "--paid", "--to", "C", "--amount", "4x"])
    assert wrong.exit_code == 2 and "4x" in wrong.stderr
