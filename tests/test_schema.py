"""`gangci schema`: the examples validate, and breaking the contract does not (a real validator)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from gangci_calc.cli import app
from tests.conftest import EXAMPLES


def schema(runner, kind: str) -> dict[str, Any]:
    result = runner.invoke(app, ["schema", kind])
    assert result.exit_code == 0
    found: dict[str, Any] = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(found)
    return found


def kinds(errors: list[Any]) -> set[str]:
    """Every check that failed, nested ones (inside anyOf) included."""
    found: set[str] = set()
    for error in errors:
        found.add(error.validator)
        found |= kinds(list(error.context or []))
    return found


def load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


SESSIONS = sorted(p for p in EXAMPLES.rglob("*.yaml") if "session" in p.name or p.name == "evening.yaml")
HANDS = sorted(
    p
    for p in EXAMPLES.rglob("*.yaml")
    if p not in SESSIONS and p.parent.name != "batch" and p.name != "club-rules.yaml"
)


@pytest.mark.parametrize("path", HANDS, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_every_example_hand_validates(runner, path: Path) -> None:
    validator = jsonschema.Draft202012Validator(schema(runner, "hand"))
    errors = list(validator.iter_errors(load(path)))
    if path.name == "gang-count.yaml":  # 下杠 4: broken on purpose, and the schema says so
        assert errors and "maximum" in kinds(errors)
    else:
        assert errors == [], [e.message for e in errors]


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_every_example_session_validates(runner, path: Path) -> None:
    validator = jsonschema.Draft202012Validator(schema(runner, "session"))
    assert [e.message for e in validator.iter_errors(load(path))] == []


def test_the_batch_examples_and_their_results_validate(runner) -> None:
    hand = jsonschema.Draft202012Validator(schema(runner, "hand"))
    for path in sorted((EXAMPLES / "batch").iterdir()):
        records = (
            [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
            if path.suffix == ".jsonl"
            else [doc for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")) if doc is not None]
        )
        for record in records:
            assert list(hand.iter_errors(record)) == [], (path.name, record)
    result = jsonschema.Draft202012Validator(schema(runner, "result"))
    out = runner.invoke(app, ["batch", str(EXAMPLES / "batch"), "--payments"]).stdout
    lines = [json.loads(line) for line in out.split("\n") if line]
    assert len(lines) > 10 and any("error" in line for line in lines)
    for line in lines:
        assert list(result.iter_errors(line)) == [], line


@pytest.mark.parametrize(
    ("change", "validator"),
    [
        (lambda hand: hand["bets"]["N"].update(gang=4), "maximum"),
        (lambda hand: hand.update(colour="red"), "additionalProperties"),
        (lambda hand: hand["win"].update(type="chow"), "enum"),
        (lambda hand: hand.update(dealer="X"), "enum"),
        (lambda hand: hand.pop("win"), "required"),
    ],
    ids=["a count of 4", "an unknown key", "no such win", "no such seat", "no win"],
)
def test_an_example_changed_to_break_the_contract_is_rejected(runner, change, validator: str) -> None:
    hand = load(EXAMPLES / "full-table.yaml")
    hand.setdefault("bets", {}).setdefault("N", {})
    change(hand)
    errors = list(jsonschema.Draft202012Validator(schema(runner, "hand")).iter_errors(hand))
    assert errors and validator in kinds(errors)


def test_chinese_aliases_and_house_rules_are_in_the_schema(runner) -> None:
    hand = {"起底": 2, "庄家": "东", "胡牌": {"类型": "直呲", "赢家": "西", "来自": "南"}, "规矩": {"包次": "是"}}
    assert list(jsonschema.Draft202012Validator(schema(runner, "hand")).iter_errors(hand)) == []


SCORED = [p for p in HANDS if p.parent.name != "errors"]  # the broken examples have no result
EVENINGS = [p for p in SESSIONS if p.parent.name != "errors"]


@pytest.mark.parametrize("path", SCORED, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_every_score_json_validates_against_the_score_schema(runner, path: Path) -> None:
    result = runner.invoke(app, ["score", str(path), "-f", "json", "--no-check"])
    assert result.exit_code in (0, 1), result.output
    validator = jsonschema.Draft202012Validator(schema(runner, "score"))
    assert [e.message for e in validator.iter_errors(json.loads(result.stdout))] == []


@pytest.mark.parametrize("path", EVENINGS, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_every_session_json_validates_against_the_evening_schema(runner, path: Path) -> None:
    result = runner.invoke(app, ["session", str(path), "-f", "json"])
    assert result.exit_code == 0, result.output
    validator = jsonschema.Draft202012Validator(schema(runner, "evening"))
    assert [e.message for e in validator.iter_errors(json.loads(result.stdout))] == []
