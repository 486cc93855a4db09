"""``gangci history --chart``: the SVG read back against ``history -f json``.

Each person's dots are at the evenings they played and nowhere else, each at
their running total (fees included), joined where the evenings follow one
another and broken where one was missed; every name is whole.
"""

from __future__ import annotations

import itertools
import json
import shutil
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from gangci_calc.cli import app
from tests.conftest import EXAMPLES, ROOT, examples
from tests.raw import seats_of, sessions

NS = {"s": "http://www.w3.org/2000/svg"}


def read_chart(svg_text: str) -> dict[str, Any]:
    """The chart's own scale (the amounts along the side, the dates along the bottom) and each person's drawing."""
    svg = ET.fromstring(svg_text)
    side = {
        t.text: float(t.get("y", 0)) - 4
        for t in svg.findall("s:text", NS)
        if t.get("text-anchor") == "end" and not t.get("transform")
    }
    dates = {t.text: float(t.get("x", 0)) for t in svg.findall("s:text", NS) if t.get("transform")}
    people = {}
    for group in svg.findall("s:g", NS):
        dots = [(float(c.get("cx", 0)), float(c.get("cy", 0))) for c in group.findall("s:circle", NS)]
        runs = [
            [tuple(float(n) for n in point.split(",")) for point in (line.get("points") or "").split()]
            for line in group.findall("s:polyline", NS)
        ]
        label = group.find("s:text", NS)
        people[group.get("data-name")] = {"dots": dots, "runs": runs, "label": label.text if label is not None else ""}
    return {"side": side, "dates": dates, "people": people, "width": float(svg.get("width", 0))}


def amount_at(side: dict[str | None, float], y: float) -> Fraction:
    """The amount a height stands for, from the lowest and the highest amount written along the side."""
    marks = sorted((Fraction(text or "0"), at) for text, at in side.items())
    (low, y_low), (high, y_high) = marks[0], marks[-1]
    return high - (high - low) * Fraction(y - y_high) / Fraction(y_low - y_high)


def check_chart_against_json(svg_text: str, data: dict[str, Any]) -> None:
    chart = read_chart(svg_text)
    marks = sorted(Fraction(t or "0") for t in chart["side"])
    tolerance = (marks[-1] - marks[0]) / 300 + 1  # the points are written to a tenth of a pixel
    dates = [e["date"] for e in data["evenings"]]
    assert set(chart["people"]) == {p["name"] for p in data["people"]}
    for person in data["people"]:
        drawn = chart["people"][person["name"]]
        played = [i for i, e in enumerate(data["evenings"]) if person["name"] in e["people"]]
        assert [x for x, _ in drawn["dots"]] == [chart["dates"][dates[i]] for i in played], person["name"]
        running = Fraction(0)
        for (_, y), i in zip(drawn["dots"], played, strict=True):
            running += Fraction(str(data["evenings"][i]["people"][person["name"]]))
            assert abs(amount_at(chart["side"], y) - running) <= tolerance, (person["name"], dates[i])
        assert running == Fraction(str(person["total"])), person["name"]  # the standings' total: fees in it
        gaps = sum(1 for a, b in itertools.pairwise(played) if b != a + 1)
        assert len(drawn["runs"]) == gaps + 1, person["name"]
        assert drawn["label"].startswith(person["name"] + " "), person["name"]  # the whole name, never cut


def history(runner: CliRunner, folder: Path, chart: Path) -> tuple[str, dict[str, Any]]:
    result = runner.invoke(app, ["history", str(folder), "--chart", str(chart), "-f", "json"])
    assert result.exit_code == 0, result.output
    return chart.read_text(encoding="utf-8"), json.loads(result.stdout)


def test_a_late_joiner_starts_at_his_first_evening(runner: CliRunner, tmp_path: Path) -> None:
    svg, data = history(runner, EXAMPLES / "club", tmp_path / "club.svg")
    check_chart_against_json(svg, data)
    chart = read_chart(svg)
    zhao = chart["people"]["小赵"]  # first sat in on 11-17 (a substitution), never on 11-10
    assert zhao["dots"][0][0] == chart["dates"]["2026-11-17"]
    assert min(x for run in zhao["runs"] for x, _ in run) == chart["dates"]["2026-11-17"]


def test_a_missed_evening_is_a_gap(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "club"
    shutil.copytree(EXAMPLES / "club", folder)
    again = yaml.safe_load((folder / "session-2026-11-10.yaml").read_text(encoding="utf-8"))
    again["date"] = "2026-12-01"  # 阿强 is back after missing 11-24
    (folder / "session-2026-12-01.yaml").write_text(yaml.safe_dump(again, allow_unicode=True), encoding="utf-8")
    svg, data = history(runner, folder, tmp_path / "club.svg")
    check_chart_against_json(svg, data)
    assert len(read_chart(svg)["people"]["阿强"]["runs"]) == 2


def test_names_that_share_a_word_stay_whole(runner: CliRunner, tmp_path: Path) -> None:
    """Issue 32, item 13: "Big Tom" and "Little Tom" were both "Tom"; a long name widens the picture."""
    evening = yaml.safe_load((EXAMPLES / "club" / "session-2026-11-10.yaml").read_text(encoding="utf-8"))
    long_name = "Tom the Very Long-Named Treasurer"
    evening["players"] = {"E": "Big Tom", "S": "Little Tom", "W": long_name, "N": "阿强"}
    (tmp_path / "a.yaml").write_text(yaml.safe_dump(evening, allow_unicode=True), encoding="utf-8")
    svg, data = history(runner, tmp_path, tmp_path / "club.svg")
    check_chart_against_json(svg, data)
    labels = [p["label"] for p in read_chart(svg)["people"].values()]
    assert any(label.startswith("Big Tom ") for label in labels)
    assert any(label.startswith("Little Tom ") for label in labels)
    assert read_chart(svg)["width"] > 720  # room for the long name at the right


def test_the_repo_chart_is_made_by_the_code(runner: CliRunner, tmp_path: Path) -> None:
    """docs/club-chart.svg is what ``gangci history examples/club --chart`` draws today."""
    made = tmp_path / "club.svg"
    assert runner.invoke(app, ["history", str(EXAMPLES / "club"), "--chart", str(made)]).exit_code == 0
    kept = (ROOT / "docs" / "club-chart.svg").read_text(encoding="utf-8")
    assert kept == made.read_text(encoding="utf-8"), "run: gangci history examples/club --chart docs/club-chart.svg"


def test_the_page_chart_keeps_whole_names_and_starts_a_substitute_late(tmp_path: Path) -> None:
    """The table's page draws the evening hand by hand with the same code: names whole, a line from the first
    hand its person sat in."""
    from gangci_calc.commands.service import settle_evening
    from gangci_calc.commands.web.view import chart
    from gangci_calc.io.load.load_session import load_session

    evening = yaml.safe_load((EXAMPLES / "club" / "session-2026-11-17.yaml").read_text(encoding="utf-8"))
    evening["players"] = {"E": "Big Tom", "S": "Little Tom", "W": "张姐", "N": "阿强"}
    path = tmp_path / "a.yaml"
    path.write_text(yaml.safe_dump(evening, allow_unicode=True), encoding="utf-8")
    settled = settle_evening(load_session(path))
    svg = ET.fromstring(chart(settled, "zh"))
    groups = {g.get("data-name"): g for g in svg.findall("s:g", NS)}
    assert {"Big Tom", "Little Tom"} <= set(groups)
    first = next(h.hand.number for h in settled.hands if "小赵" in h.hand.loaded.names.values())
    dots = groups["小赵"].findall("s:circle", NS)
    assert len(dots) == len(settled.hands) - first + 1  # none before the hand he sat down at


POOL = ["老王", "小李", "张姐", "小赵", "Big Tom", "Little Tom"]  # two share a word; 阿强 comes by substitution


@settings(max_examples=examples(15))  # each example writes three evenings and reads them back through the CLI
@given(st.lists(st.tuples(sessions(), st.permutations(POOL)), min_size=3, max_size=3))
def test_any_season_s_chart_reads_back_as_its_json(
    tmp_path_factory: pytest.TempPathFactory, evenings: list[tuple[dict[str, Any], list[str]]]
) -> None:
    """Random evenings, each with four (or three) of six people: some join late, some miss one, some leave."""
    runner = CliRunner()
    folder = tmp_path_factory.mktemp("season")
    for number, (evening, names) in enumerate(evenings, 1):
        players = dict(zip(seats_of(evening["rules"]), names, strict=False))
        data = _fee_to_the_house({**evening, "players": players, "date": f"2026-11-0{number}"})
        (folder / f"week{number}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    svg, data = history(runner, folder, folder / "season.svg")
    check_chart_against_json(svg, data)


def _fee_to_the_house(evening: dict[str, Any]) -> dict[str, Any]:
    """The fee collected by a house of its own name: a ``to`` naming one of the club who does not sit that evening
    is a house of that name, not him (docs/file-format.md), which the record would read as two of one name."""

    def moved(part: dict[str, Any]) -> dict[str, Any]:
        fee = part.get("fee")
        return {**part, "fee": {**fee, "to": "茶馆"}} if isinstance(fee, dict) and "to" in fee else part

    return {**moved(evening), "hands": [moved(hand) for hand in evening.get("hands") or []]}
