"""The Python API: the same mappings, results, checks and words as the command line."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from gangci_calc import HandError, Result, score, score_many, settle_session
from gangci_calc.cli import app
from gangci_calc.words import text_of
from tests.conftest import EXAMPLES, ROOT

HANDS = sorted(
    p
    for p in EXAMPLES.rglob("*.yaml")
    if "session" not in p.name and p.name not in ("club-rules.yaml", "evening.yaml") and p.parent.name != "batch"
)


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.name)
def test_the_api_scores_a_hand_as_the_cli_does(runner, path: Path) -> None:
    record = yaml.safe_load(path.read_text(encoding="utf-8"))
    shown = runner.invoke(app, ["score", str(path), "-f", "json", "--lang", "en"])
    if shown.exit_code != 0:  # a refused hand or claim: the same words, without the file's position
        with pytest.raises(HandError) as caught:
            score(record, lang="en")
        error = caught.value
        assert text_of(error.message, "en") in shown.stderr, (shown.stderr, str(error))
        assert error.field in shown.stderr or error.field == "tiles"  # a false claim: the CLI names the file
        return
    result = score(record, lang="en")
    data = json.loads(shown.stdout)
    assert result.net == data["net"]
    assert [(p.payer, p.payee, p.amount, p.reason) for p in result.payments()] == [
        (p["payer"], p["payee"], p["amount"], p["for"]) for p in data["payments"]
    ]
    assert result.rules == data["rules"]


def test_score_many_keeps_order_and_yields_errors() -> None:
    records = [
        {"id": "a", "stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}},
        {"id": "b", "stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "X"}},
        "not a mapping",
        {"id": "c", "stakes": 2, "dealer": "N", "win": {"type": "draw"}, "meta": {"k": 1}},
    ]
    out = list(score_many(records, lang="en"))  # type: ignore[arg-type]
    assert [type(item).__name__ for item in out] == ["Result", "HandError", "HandError", "Result"]
    assert isinstance(out[0], Result) and out[0].id == "a" and out[0].net["S"] == 600
    assert isinstance(out[1], HandError) and out[1].field == "win.winner" and "'X' is not a seat" in str(out[1])
    assert isinstance(out[3], Result) and out[3].meta == {"k": 1} and out[3].net == dict.fromkeys("ESWN", 0)


def test_a_pandas_style_loop_over_records() -> None:
    records = [json.loads(line) for line in (EXAMPLES / "batch" / "platform.jsonl").read_text().splitlines()]
    nets = [r.net["W"] if isinstance(r, Result) else None for r in score_many(records)]
    assert nets == [19000, -2000, None, -6000]


def test_house_rules_and_the_records_own() -> None:
    hand = {"stakes": 2, "dealer": "E", "win": {"type": "zhici", "winner": "W", "from": "S", "bao": True}}
    with pytest.raises(HandError) as caught:
        score(hand, lang="en")
    assert caught.value.field == "win.bao"
    assert score(hand, rules={"baoci": True}).net == {"E": 0, "S": -19000, "W": 19000, "N": 0}
    with pytest.raises(HandError) as bad:
        score(hand, rules={"baoci": "maybe"}, lang="en")
    assert bad.value.field == "rules.baoci" and "'maybe' is not true or false" in str(bad.value)


@pytest.mark.parametrize(
    "path",
    [EXAMPLES / "session.yaml", EXAMPLES / "session-people.yaml", EXAMPLES / "house" / "session-xiami.yaml"],
    ids=lambda p: p.name,
)
def test_settle_session_as_the_cli_does(runner, path: Path) -> None:
    evening = settle_session(yaml.safe_load(path.read_text(encoding="utf-8")))
    data = json.loads(runner.invoke(app, ["session", str(path), "-f", "json"]).stdout)
    assert [h.net for h in evening.hands] == [h["net"] for h in data["hands"]]
    assert [h.dealer for h in evening.hands] == [h["dealer"] for h in data["hands"]]
    assert evening.totals == data["totals"]
    assert evening.people == {p["name"]: p["total"] for p in data["people"]}
    assert [(t.payer, t.payee, t.amount) for t in evening.transfers] == [
        (t["from"], t["to"], t["amount"]) for t in data["transfers"]
    ]


def test_a_bad_session_names_the_hand_and_field() -> None:
    bad = yaml.safe_load((EXAMPLES / "errors" / "evening.yaml").read_text(encoding="utf-8"))
    with pytest.raises(HandError) as caught:
        settle_session(bad, lang="en")
    assert caught.value.field == "hands[1].bets.S.di"
    assert str(caught.value).startswith("hands[1].bets.S.di: S is the dealer")


PYTHON_BLOCKS = [
    (page.relative_to(ROOT), block)
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for block in re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    if ">>>" in block
]


def test_the_docs_python_examples_run() -> None:
    """Every ``>>>`` example of the README and docs/*.md (docs/python.md shows the API)."""
    assert any(str(page) == "docs/python.md" for page, _ in PYTHON_BLOCKS), "docs/python.md shows the API"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for index, (page, block) in enumerate(PYTHON_BLOCKS):
        test = parser.get_doctest(block, {}, f"{page} python block {index + 1}", str(page), 0)
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_a_hand_error_carries_the_records_id() -> None:
    from gangci_calc.api import HandError, score_many

    bad = [{"id": "h-7", "stakes": 2, "dealer": "E", "win": {"type": "bomb"}}, {"编号": 9, "stakes": 2}]
    errors = list(score_many([*bad, {"stakes": 2}], lang="en"))
    assert all(isinstance(e, HandError) for e in errors)
    assert [e.id for e in errors] == ["h-7", 9, None]  # type: ignore[union-attr]


@pytest.mark.parametrize("rules", [None, {"庄家翻倍": "全部翻倍", "zhici_split": "even"}], ids=["seed", "rules"])
@pytest.mark.parametrize("many", [True, False], ids=["score_many", "score"])
def test_a_dict_and_another_mapping_give_one_result(many: bool, rules: dict[str, Any] | None) -> None:
    """A plain dict, in score_many and score alike, under ``rules=`` too, gives the Result of the same record as
    another Mapping, field by field, in its repr, as a dict and pickled, and its payments and explanation come
    when read. Canonical hands, a warehouse's and a platform's month (house rules, 跑, 米, 包次 by the tiles left,
    tables of three)."""
    import dataclasses
    import pickle
    from types import MappingProxyType

    from tests.handgen import distinct_hands, null_free, platform_hands, warehouse_hands

    records = distinct_hands(300)
    records += [
        {k: json.loads(v) if k in ("stakes", "rules") and isinstance(v, str) else v for k, v in null_free(r).items()}
        for r in warehouse_hands(200, seed=5)
    ]
    records += [r for r in map(null_free, platform_hands(300, seed=6)) if r.get("rules", {}).get("concealed_kong") != 3]
    got = (
        list(score_many(records, rules=rules, lang="en"))
        if many
        else [score(r, rules=rules, lang="en") for r in records]
    )
    for record, fast in zip(records, got, strict=True):
        slow = score(MappingProxyType(record), rules=rules, lang="en")  # the loader's
        assert fast == slow and slow == fast and repr(fast) == repr(slow)
        assert dataclasses.asdict(fast) == dataclasses.asdict(slow)
        assert pickle.loads(pickle.dumps(fast)) == slow
        assert dataclasses.replace(fast, hand=2) == dataclasses.replace(slow, hand=2)
        assert fast.explain() == slow.explain() and fast.payments() == slow.payments()


def test_score_many_leaves_the_words_until_they_are_read(monkeypatch) -> None:
    from gangci_calc import api

    calls = []
    monkeypatch.setattr(api, "score", lambda *args, **kwargs: calls.append(args) or None)
    out = list(api.score_many([{"stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}}]))
    assert out[0].net["S"] == 600 and calls == []  # settled without the loader, nothing worked out in words


@pytest.mark.parametrize(
    ("good", "bad"),
    [
        ({"hard_ci": None}, {"hard_ci": float("nan")}),
        ({"pao": {"unit": None}}, {"pao": {"unit": float("inf")}}),
        ({"zhici_split": "even"}, {"zhici_split": b"z\xf7\xa7"}),  # bytes: in JSON, their base64: "even"
    ],
    ids=["nan", "inf", "bytes"],
)
def test_rules_read_once_are_not_mistaken_for_another_value_with_the_same_json(good, bad) -> None:
    """``rules=`` is read once per distinct value, and a value is not its JSON: a NaN, bytes or an Enum that JSON
    writes as an accepted value is still refused, before and after that value was read."""
    import enum

    record = {"stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}}

    class Split(enum.Enum):
        EVEN = "even"

    for rules in (bad, {"zhici_split": Split.EVEN}):
        with pytest.raises(HandError):
            score(record, rules=rules, lang="en")
    score(record, rules=good, lang="en")
    for rules in (bad, {"zhici_split": Split.EVEN}):
        with pytest.raises(HandError):
            score(record, rules=rules, lang="en")
        with pytest.raises(HandError):
            settle_session({"stakes": 1, "dealer": "E", "hands": [{"win": {"type": "draw"}}]}, rules=rules)


def test_refused_rules_and_a_bad_record_say_what_the_loader_says_first() -> None:
    """A dict record and a MappingProxyType of it: the same error, with its id, whatever ``rules=`` are."""
    import datetime
    from types import MappingProxyType

    record = {"stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}, "id": "r1"}
    record["meta"] = {"t": datetime.datetime(2020, 1, 1)}
    for rules in ({"bogus": 1}, {"hard_ci": "maybe"}):
        errors = []
        for given in (record, MappingProxyType(record)):
            with pytest.raises(HandError) as raised:
                score(given, rules=rules, lang="en")
            errors.append((str(raised.value), raised.value.id))
        assert errors[0] == errors[1] and errors[0][1] == "r1", errors
        many = list(score_many([record], rules=rules, lang="en"))
        assert [(str(e), e.id) for e in many] == [errors[1]]  # type: ignore[union-attr]


def test_rules_with_a_lone_surrogate_are_a_hand_error_not_a_crash() -> None:
    """The rules= memo writes the rules as JSON: a text a JSON file cannot hold is the loader's to refuse."""
    record = {"stakes": 2, "dealer": "E", "win": {"type": "bomb", "winner": "S"}}
    for rules in ({"zhici_split": "\ud800"}, {"\ud800": 1}):
        with pytest.raises(HandError):
            score(record, rules=rules, lang="en")
        assert [type(result) for result in score_many([record, record], rules=rules, lang="en")] == [HandError] * 2
