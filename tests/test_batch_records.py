"""Platform records in bulk: ids and meta echoed, kept keys, payments, totals, sessions, and the fast path."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from gangci_calc.cli import app
from gangci_calc.commands.batch.reading import Chunk
from gangci_calc.commands.batch.scoring import BatchOptions, Scorer
from tests import raw
from tests.conftest import EXAMPLES

PLATFORM = EXAMPLES / "batch" / "platform.jsonl"


def lines(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.split("\n") if line.strip()]  # not splitlines: \x85 is text


def test_ids_and_meta_are_echoed_in_input_order_scored_or_failed(english, tmp_path: Path) -> None:
    stream = tmp_path / "stream.yaml"
    stream.write_text(
        "id: y-1\nmeta: {shift: late}\nstakes: 1\ndealer: E\nwin: {type: bomb, winner: S}\n---\n"
        "id: 2\nstakes: 1\ndealer: E\nwin: {type: heavenly, winner: S}\n",  # 天胡 by a non-dealer: an error
        encoding="utf-8",
    )
    out = lines(english.invoke(app, ["batch", str(PLATFORM), str(stream)]).stdout)
    assert [item.get("id") for item in out] == ["g-1001", "g-1002", "g-1003", 1004, "y-1", 2]
    assert [("error" in item) for item in out] == [False, False, True, False, False, True]
    assert out[0]["meta"] == {"table": 7, "at": "2026-11-28T20:14:00"} and out[2]["meta"]["table"] == 7
    assert out[4]["meta"] == {"shift": "late"} and "meta" not in out[5]
    assert out[0]["outcome"] == "zhici" and out[0]["winner"] == "W" and out[0]["from"] == "S"
    assert out[0]["dealer"] == "E" and out[0]["rules"] == {}
    assert "self-drawn" in out[2]["error"] and out[2]["source"].endswith("platform.jsonl:3")


def test_an_id_that_is_not_text_or_a_number_is_an_error(english, tmp_path: Path) -> None:
    stream = tmp_path / "bad.jsonl"
    stream.write_text('{"id": [1], "stakes": 1, "dealer": "E", "win": {"type": "draw"}}\n', encoding="utf-8")
    (item,) = lines(english.invoke(app, ["batch", str(stream)]).stdout)
    assert "id" not in item and "id: a list is not an id" in item["error"]


def test_keep_passes_other_keys_through_and_any_other_key_stays_an_error(english, tmp_path: Path) -> None:
    stream = tmp_path / "kept.jsonl"
    stream.write_text(
        '{"shard": {"n": 3}, "stakes": 1, "dealer": "E", "win": {"type": "draw"}}\n'
        '{"shard": 4, "other": 1, "stakes": 1, "dealer": "E", "win": {"type": "draw"}}\n',
        encoding="utf-8",
    )
    kept = lines(english.invoke(app, ["batch", str(stream), "--keep", "shard"]).stdout)
    assert kept[0]["shard"] == {"n": 3} and kept[0]["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert kept[1]["shard"] == 4 and "unknown key 'other'" in kept[1]["error"]
    plain = lines(english.invoke(app, ["batch", str(stream)]).stdout)
    assert "unknown key 'shard'" in plain[0]["error"]
    clash = english.invoke(app, ["batch", str(stream), "--keep", "win"])
    assert clash.exit_code == 2 and clash.stderr.startswith("--keep: 'win' is a key of the hand")


def test_csv_has_the_id_meta_and_kept_columns(runner, tmp_path: Path) -> None:
    import csv
    import io

    result = runner.invoke(app, ["batch", str(PLATFORM), "-f", "csv", "--keep", "shard"])
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == [
        "source", "id", "hand", "outcome", "winner", "from", "dealer", "E", "S", "W", "N", "rules", "meta", "players",
        "shard", "error",
    ]  # fmt: skip
    assert [row["id"] for row in rows] == ["g-1001", "g-1002", "g-1003", "1004"]
    assert json.loads(rows[0]["meta"])["table"] == 7 and rows[2]["error"] and not rows[0]["error"]
    assert json.loads(rows[0]["players"]) == {"E": "ana", "S": "bo", "W": "cy", "N": "dee"}


def test_payments_add_up_to_each_net(runner) -> None:
    out = lines(runner.invoke(app, ["batch", str(EXAMPLES / "batch"), "--payments"]).stdout)
    scored = [item for item in out if "net" in item]
    assert len(scored) > 10
    for item in scored:
        net = dict.fromkeys("ESWN", Fraction(0))
        for payment in item["payments"]:
            assert set(payment) == {"payer", "payee", "amount", "for", "role"} and payment["amount"] > 0
            net[payment["payer"]] -= Fraction(str(payment["amount"]))
            net[payment["payee"]] += Fraction(str(payment["amount"]))
        assert net == {seat: Fraction(str(amount)) for seat, amount in item["net"].items()}


def test_totals_sum_exactly(runner, tmp_path: Path) -> None:
    inputs = [str(EXAMPLES / "batch"), str(EXAMPLES / "house" / "baoci.yaml")]
    out = lines(runner.invoke(app, ["batch", *inputs]).stdout)
    totals_file = tmp_path / "totals.json"
    result = runner.invoke(app, ["batch", *inputs, "--totals-out", str(totals_file)])
    assert result.exit_code == 1  # one record of the examples is wrong on purpose
    totals = json.loads(totals_file.read_text(encoding="utf-8"))
    expected = {seat: sum(Fraction(str(item["net"][seat])) for item in out if "net" in item) for seat in "ESWN"}
    assert {seat: Fraction(str(value)) for seat, value in totals["totals"].items()} == expected
    assert totals["hands"] == len(out) and totals["failed"] == sum("error" in item for item in out)
    runner.invoke(app, ["batch", str(PLATFORM), "--totals-out", str(totals_file)])
    people = json.loads(totals_file.read_text(encoding="utf-8"))["people"]
    assert people == {"ana": 16000, "bo": -15000, "cy": 11000, "dee": -5000, "eve": -7000}
    assert sum(people.values()) == 0
    shown = runner.invoke(app, ["batch", str(PLATFORM), "--totals", "--lang", "en"]).stderr
    assert "totals by seat: E +16000, S -22000, W +11000, N -5000" in shown
    ranked = [line.split("│")[1:3] for line in shown.splitlines() if line.startswith("│")]
    assert [(place.strip(), name.strip()) for place, name in ranked] == [
        ("1", "ana"),
        ("2", "cy"),
        ("3", "dee"),
        ("4", "eve"),
        ("5", "bo"),
    ]  # a table, ranked (tests/test_one_verdict.py: its amounts, and a platform's many players)


@pytest.mark.parametrize(
    "path",
    [EXAMPLES / "session.yaml", EXAMPLES / "session-people.yaml", EXAMPLES / "house" / "session-xiami.yaml"],
    ids=lambda p: p.name,
)
def test_a_session_in_batch_gives_the_nets_of_gangci_session(runner, path: Path) -> None:
    settled = json.loads(runner.invoke(app, ["session", str(path), "-f", "json"]).stdout)
    out = lines(runner.invoke(app, ["batch", str(path)]).stdout)
    assert [item["hand"] for item in out] == [hand["number"] for hand in settled["hands"]]
    assert [item["net"] for item in out] == [hand["net"] for hand in settled["hands"]]
    assert [item["dealer"] for item in out] == [hand["dealer"] for hand in settled["hands"]]
    assert [item["source"] for item in out] == [f"{path}:{hand['line']}" for hand in settled["hands"]]


def test_a_bad_session_in_batch_lists_every_bad_hand(english) -> None:
    out = lines(english.invoke(app, ["batch", str(EXAMPLES / "errors" / "evening.yaml")]).stdout)
    assert [item["source"].rsplit(":", 1)[1] for item in out] == ["8", "9"]
    assert all("error" in item for item in out)


# ---------------------------------------------------------------- plain records (tests/test_score_batch.py's too)

PLAIN = {}  # the seed's rules


@st.composite
def plain_records(draw: st.DrawFn) -> dict[str, Any]:
    dealer = draw(st.sampled_from(raw.SEATS))
    policy = draw(st.booleans())
    record: dict[str, Any] = {"stakes": draw(raw.stakes), "dealer": dealer}
    if draw(st.booleans()) or policy:
        record["policy"] = policy
    body = draw(raw.hand_body(PLAIN, dealer, policy, mi=False))
    body.pop("ci", None)
    record.update(body)
    if draw(st.booleans()):
        record["id"] = draw(st.one_of(st.text(max_size=8), st.integers(-(10**17), 10**17)))
    if draw(st.booleans()):
        record["meta"] = draw(st.dictionaries(st.text(max_size=4), st.integers() | st.text(max_size=4), max_size=3))
    if draw(st.booleans()):
        names = draw(st.lists(st.sampled_from(["ana", "bo", "cy", "dee", "eve", " x", "bo:"]), min_size=4, max_size=4))
        record["players"] = dict(zip(raw.SEATS, names, strict=True))
    return record


# ---------------------------------------------------------------- batch takes its bounds from the core

BOUNDS = [  # (where the bound is kept, its name, a tighter value, a record at the old bound)
    ("gangci_calc.core.rules.addons", "MAX_COUNT", 2, {"policy": True, "bets": {"S": {"piao": 3}}}),
    ("gangci_calc.core.rules.stakes", "MAX_AMOUNT", 10**6 - 1, {"stakes": {"gang": 10**6}}),
    ("gangci_calc.io.load.boundary", "LARGEST_ECHOED", 10**6, {"id": 1234567}),
    ("gangci_calc.io.load.fields", "MAX_NAME", 3, {"players": {"S": "abcd"}}),
]


@pytest.mark.parametrize(("module", "name", "tighter", "extra"), BOUNDS, ids=[b[1] for b in BOUNDS])
def test_batch_follows_each_bound_of_the_core(
    monkeypatch: pytest.MonkeyPatch, module: str, name: str, tighter: int, extra: dict[str, Any]
) -> None:
    """A mutation check: tighten one bound where the core keeps it, and batch refuses what ``score`` refuses. A
    path with a copy of the bound would score the record and fail this test."""
    import importlib

    record = {"stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}, **extra}
    chunk = Chunk("json", "r", 1, json.dumps(record) + "\n")

    from gangci_calc.api import HandError, score

    def both() -> tuple[dict[str, Any], str]:
        line = lines(Scorer(BatchOptions(lang="en")).score_chunk(chunk).text)[0]
        try:
            score(record, lang="en")
        except HandError as error:
            return line, str(error)
        return line, ""

    line, refused = both()
    assert "net" in line and not refused  # at the core's own bound the record is fine
    monkeypatch.setattr(importlib.import_module(module), name, tighter)
    line, refused = both()
    assert "error" in line and refused


def test_keep_refuses_a_dotted_key_into_the_hand(english, tmp_path) -> None:
    path = tmp_path / "h.jsonl"
    path.write_text('{"stakes": 2, "dealer": "E", "win": {"type": "draw"}, "meta": {"table": 5}}\n', encoding="utf-8")
    result = english.invoke(app, ["batch", str(path), "--keep", "meta.table"])
    assert result.exit_code == 2 and "--keep takes a record's top-level keys; meta is echoed whole" in result.stderr


def test_every_scored_line_names_its_players_as_the_api_does(runner) -> None:
    """`players` on the line, as `score_many` gives them."""
    from gangci_calc.api import Result, score_many

    records = [json.loads(line) for line in PLATFORM.read_text(encoding="utf-8").splitlines()]
    out = lines(runner.invoke(app, ["batch", str(PLATFORM)]).stdout)
    for line, want in zip(out, score_many(records), strict=True):
        if isinstance(want, Result):
            assert line["players"] == want.players


def test_payments_name_whose_share_a_bao_or_mi_payment_is(runner) -> None:
    bao = lines(runner.invoke(app, ["batch", str(EXAMPLES / "house" / "baoci.yaml"), "--payments"]).stdout)[0]
    assert [p.get("share_of") for p in bao["payments"]] == [None, ["E", "N"]]  # the discarder pays both others'
    mi = lines(runner.invoke(app, ["batch", str(EXAMPLES / "house" / "xiami.yaml"), "--payments"]).stdout)[0]
    assert {"payer": "E", "payee": "W", "amount": 1000, "for": "anci", "role": "mi", "share_of": ["E"]} in mi[
        "payments"
    ]


def test_a_failed_line_names_the_players_its_record_names(english) -> None:
    bad = {"stakes": 2, "dealer": "E", "players": {"E": "老王", "S": "小李"}, "win": {"type": "bomb", "winner": "X"}}
    names_wrong = {**bad, "players": {"E": "东"}}
    text = "\n".join(json.dumps(r, ensure_ascii=False) for r in (bad, names_wrong)) + "\n"
    lines = [json.loads(line) for line in english.invoke(app, ["batch", "-"], input=text).stdout.splitlines()]
    assert "error" in lines[0] and lines[0]["players"] == {"E": "老王", "S": "小李"}
    assert "error" in lines[1] and "players" not in lines[1]  # names the loader refuses are not echoed
