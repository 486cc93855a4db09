"""``gangci history``: the club's record over many ledgers, checked against each evening's own session JSON."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from gangci_calc.cli import app
from gangci_calc.io.export.formats import HISTORY
from tests.conftest import EXAMPLES, examples
from tests.raw import PEOPLE, seats_of, sessions

named_sessions = sessions().map(
    lambda s: {**s, "players": {seat: name for seat, name in PEOPLE.items() if seat in seats_of(s["rules"])}}
)


def expected_from_sessions(outputs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each named person's total, hands, wins by type and 点炮, from the evenings' `session -f json`."""
    people: dict[str, dict[str, Any]] = {}
    for data in outputs:
        for person in data["people"]:
            if person.get("house") or person["name"] in "ESWN":
                continue
            entry = people.setdefault(person["name"], _blank())
            entry["total"] += Fraction(str(person["total"]))
        for hand in data["hands"]:
            seating = hand["players"]
            for seat, name in seating.items():
                entry = people.setdefault(name, _blank())
                entry["hands"] += 1
                entry["nets"] += Fraction(str(hand["net"][seat]))
            win = hand["win"]
            if win["winner"] in seating:
                people[seating[win["winner"]]]["wins"][win["type"]] += 1
            if win["from"] in seating and win["type"] in ("zhici", "dianpao"):
                people[seating[win["from"]]]["d"] += 1
            if win["from"] in seating and win["type"] == "xuci":
                people[seating[win["from"]]]["fed"] += 1
            if hand.get("fee", {}).get("to") in people:  # a player who collects the fee: not only a payer of it
                people[hand["fee"]["to"]]["collects"] = True
    return people


def _blank() -> dict[str, Any]:
    return {"total": Fraction(0), "hands": 0, "wins": Counter(), "d": 0, "fed": 0, "nets": Fraction(0)}


@settings(max_examples=examples(8))  # each example writes and reads four evenings through the CLI
@given(st.lists(named_sessions, min_size=3, max_size=3))
def test_history_adds_up_the_evenings(tmp_path_factory: pytest.TempPathFactory, evenings: list[dict[str, Any]]) -> None:
    runner = CliRunner()
    folder = tmp_path_factory.mktemp("club")
    outputs = []
    for number, evening in enumerate(evenings, 1):
        path = folder / f"week{number}.yaml"
        path.write_text(yaml.safe_dump({**evening, "date": f"2026-11-0{number}"}, allow_unicode=True), "utf-8")
        outputs.append(json.loads(runner.invoke(app, ["session", str(path), "-f", "json"]).stdout))
    result = runner.invoke(app, ["history", str(folder), "-f", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    expected = expected_from_sessions(outputs)
    got = {p["name"]: p for p in data["people"]}
    assert set(got) == set(expected)
    for name, want in expected.items():
        person = got[name]
        assert Fraction(str(person["total"])) == want["total"], name
        assert person["hands"] == want["hands"] and person["wins"] == dict(want["wins"]), name
        assert person["discards"] == want["d"] and person["fed"] == want["fed"], name
        if not want.get("collects"):
            assert Fraction(str(person["fees"])) == want["nets"] - want["total"], name  # the hands' nets less fees
        assert Fraction(str(person["owed"])) == -want["total"], name  # nothing recorded as paid
        assert person["won"] == sum(want["wins"].values())
        assert person["win_rate"] == round(person["won"] / person["hands"], 4), name
    assert [e["date"] for e in data["evenings"]] == ["2026-11-01", "2026-11-02", "2026-11-03"]
    assert data["fees"] == sum(o.get("fees", 0) for o in outputs)
    assert [e["draws"] for e in data["evenings"]] == [
        sum(1 for h in o["hands"] if h["win"]["type"] == "draw") for o in outputs
    ]
    assert len(data["open"]) == sum(len(o["transfers"]) for o in outputs)


def test_history_window_formats_and_chart(runner, tmp_path: Path) -> None:
    for name, date in (("session.yaml", "2026-11-10"), ("session-people.yaml", "2026-11-17")):
        data = yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))
        (tmp_path / name).write_text(yaml.safe_dump({**data, "date": date}, allow_unicode=True), encoding="utf-8")
    since = json.loads(runner.invoke(app, ["history", str(tmp_path), "-f", "json", "--since", "2026-11-15"]).stdout)
    assert [e["date"] for e in since["evenings"]] == ["2026-11-17"]
    until = json.loads(runner.invoke(app, ["history", str(tmp_path), "-f", "json", "--until", "2026-11-15"]).stdout)
    assert [e["date"] for e in until["evenings"]] == ["2026-11-10"]
    for fmt in HISTORY:
        shown = runner.invoke(app, ["history", str(tmp_path), "-f", fmt])
        assert shown.exit_code == 0 and "小李" in shown.stdout, fmt
    chart = tmp_path / "club.svg"
    assert runner.invoke(app, ["history", str(tmp_path), "--chart", str(chart)]).exit_code == 0
    svg = ET.fromstring(chart.read_text(encoding="utf-8"))
    ns = {"s": "http://www.w3.org/2000/svg"}
    lines = svg.findall("s:g", ns)  # a group per person: their line's stretches, dots and label
    texts = [t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert len(lines) == len(json.loads(runner.invoke(app, ["history", str(tmp_path), "-f", "json"]).stdout)["people"])
    assert any(t.startswith("小李 ") for t in texts) and "2026-11-17" in texts


def test_history_refuses_a_bad_window_and_a_missing_path(english, tmp_path: Path) -> None:
    bad = english.invoke(app, ["history", str(EXAMPLES / "session.yaml"), "--since", "11/15"])
    assert bad.exit_code == 2 and "--since" in bad.stderr and "2026-12-01" in bad.stderr
    missing = english.invoke(app, ["history", str(tmp_path / "nope.yaml")])
    assert missing.exit_code == 2 and "no such file" in missing.stderr


@pytest.mark.parametrize("width", [40, 45, 120])
def test_history_keeps_every_amount_whole_at_any_width(runner, width: int) -> None:
    from gangci_calc.io.show.console import out

    out.cache_clear()
    shown = runner.invoke(app, ["history", str(EXAMPLES / "club")], env={"COLUMNS": str(width)}).stdout
    out.cache_clear()
    assert "…" not in shown and "+1300" in shown and "-1550" in shown and "台费合计 380" in shown


def test_a_fee_collected_by_a_name_that_played_no_hand_that_evening_is_the_houses(runner, tmp_path: Path) -> None:
    """``fee.to`` names 老王, who sat out the evening: the fee goes to a house named 老王 (the spec: credited to
    the person only when he is at the table). His record on another evening must not take the house's 400 as
    owed to him: owed stays minus his total, and the 400 is the record's fees."""
    four = {"E": "老王", "S": "小李", "W": "张姐", "N": "阿强"}
    played = {"stakes": 1, "dealer": "E", "date": "2026-11-01", "players": four}
    sat_out = {
        "stakes": 1,
        "dealer": "E",
        "date": "2026-11-08",
        "fee": {"per_evening": 100, "to": "老王"},
        "players": {**four, "E": "小赵"},
    }
    for name, header in (("week1.yaml", played), ("week2.yaml", sat_out)):
        ledger = {**header, "hands": [{"win": {"type": "bomb", "winner": "S"}}]}
        (tmp_path / name).write_text(yaml.safe_dump(ledger, allow_unicode=True), encoding="utf-8")
    evening = json.loads(runner.invoke(app, ["session", str(tmp_path / "week2.yaml"), "-f", "json"]).stdout)
    assert {"name": "老王", "house": True, "total": 400} in evening["people"]
    data = json.loads(runner.invoke(app, ["history", str(tmp_path), "-f", "json"]).stdout)
    wang = next(p for p in data["people"] if p["name"] == "老王")
    assert (wang["total"], wang["owed"], wang["evenings"]) == (-200, 200, 1)
    assert data["fees"] == 400 and sum(t["amount"] for t in data["open"] if t["to"] == "老王") == 400
