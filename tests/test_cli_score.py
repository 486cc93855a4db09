"""`gangci score` through Typer's CliRunner: every format, --explain, --lang."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest

from gangci_calc import __version__
from gangci_calc.cli import app
from tests.conftest import EXAMPLES

# example file -> net E S W N (the numbers in each file's comment)
EXAMPLE_NETS = {
    "anci.yaml": {"E": -7000, "S": -7000, "W": 21000, "N": -7000},
    "zhici.yaml": {"E": -3000, "S": -13000, "W": 19000, "N": -3000},
    "xuci.yaml": {"E": 19000, "S": -6000, "W": -6000, "N": -7000},
    "bomb.yaml": {"E": -400, "S": 1200, "W": -400, "N": -400},
    "bomb-piao3.yaml": {"E": -800, "S": -800, "W": -800, "N": 2400},
    "anci-gang-bet.yaml": {"E": 2400, "S": -800, "W": -800, "N": -800},
    "heavenly.yaml": {"E": -2000, "S": -2000, "W": 6000, "N": -2000},
    "tianci.yaml": {"E": -3500, "S": -3500, "W": -3500, "N": 10500},
    "draw.yaml": {"E": 0, "S": 0, "W": 0, "N": 0},
    # worked by hand in the file's comments: see tests below
    "full-table.yaml": {"E": -800, "S": -1600, "W": 2600, "N": -200},
}


@pytest.mark.parametrize("name", sorted(EXAMPLE_NETS))
def test_examples_json_net(runner, name: str) -> None:
    result = runner.invoke(app, ["score", str(EXAMPLES / name), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["net"] == EXAMPLE_NETS[name]
    assert list(data["net"]) == ["E", "S", "W", "N"]
    payments = sum(p["amount"] for p in data["payments"])
    received = sum(v for v in data["net"].values() if v > 0)
    assert payments >= received


def test_json_contract_payment_for_zhici(runner) -> None:
    data = json.loads(runner.invoke(app, ["score", str(EXAMPLES / "zhici.yaml"), "-f", "json"]).stdout)
    assert {"payer": "S", "payee": "W", "amount": 13000}.items() <= data["payments"][0].items()
    assert data["win"] == {"type": "zhici", "winner": "W", "from": "S"}


def test_half_units_are_exact_in_json(runner, write) -> None:
    path = write("stakes: {gang: 1, bomb: 2, ci: 1}\ndealer: E\nwin: {type: zhici, winner: W, from: S}\n")
    data = json.loads(runner.invoke(app, ["score", path, "-f", "json"]).stdout)
    assert data["net"] == {"E": -0.5, "S": -3, "W": 4, "N": -0.5}


def test_table_in_chinese_and_english(runner) -> None:
    zh = runner.invoke(app, ["score", str(EXAMPLES / "full-table.yaml")])
    assert zh.exit_code == 0
    for piece in ("直呲", "张姐", "点炮", "净额", "合计", "+2600", "-1600", "飘3 抵1 杠2", "带政策"):
        assert piece in zh.stdout
    en = runner.invoke(app, ["score", str(EXAMPLES / "full-table.yaml"), "--lang", "en"])
    for piece in ("direct ci", "Net", "Total", "piao 3, di 1, gang 2", "add-ons on"):
        assert piece in en.stdout


def test_csv_rows(runner) -> None:
    result = runner.invoke(app, ["score", str(EXAMPLES / "full-table.yaml"), "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["seat"] for r in rows] == ["E", "S", "W", "N"]
    assert [int(r["net"]) for r in rows] == [-800, -1600, 2600, -200]
    assert [int(r["win"]) + int(r["kongs"]) for r in rows] == [-800, -1600, 2600, -200]
    assert rows[0]["dealer"] == "1" and rows[0]["name"] == "老王"


def test_explain_shows_every_formula(runner) -> None:
    result = runner.invoke(app, ["score", str(EXAMPLES / "full-table.yaml"), "--explain"])
    out = result.stdout
    assert "南 小李 → 西 张姐  直呲 点炮: 杠呲底 600 × 2 × (1 + 飘0 + 飘0) = 1200" in out
    assert "南 小李 → 西 张姐  直呲 明杠: 杠底 100 × (1 + 杠1 + 杠0) = 200" in out
    assert "北 阿强 → 西 张姐  直呲: 杠呲底 600 × 0.5 × (1 + 飘0 + 飘3) = 1200" in out
    assert "东 老王 → 北 阿强  暗杠: 杠底 100 × (1 + 杠2 + 杠0) = 300" in out
    assert "西 张姐 → 南 小李  续杠: 杠底 100 × (1 + 杠0 + 杠1) = 200" in out


def test_explain_english_without_add_ons(runner) -> None:
    result = runner.invoke(app, ["score", str(EXAMPLES / "zhici.yaml"), "--explain", "--lang", "en"])
    assert "S 小李 → W 张姐  direct ci discarder: ci base 6000 × 2 = 12000" in result.stdout
    assert "S 小李 → W 张姐  total 13000" in result.stdout


def test_version(runner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.strip() == f"gangci {__version__}"


@pytest.mark.process
def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gangci_calc", "score", str(EXAMPLES / "anci.yaml"), "-f", "json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(done.stdout)["net"]["W"] == 21000


def test_chinese_keys_and_values(runner, write) -> None:
    path = write("起底: 2\n带政策: false\n庄家: 东\n玩家: {东: 甲}\n胡牌: {type: 直次, winner: 西, from: 南}\n杠: []\n")
    data = json.loads(runner.invoke(app, ["score", path, "-f", "json"]).stdout)
    assert data["net"] == {"E": -3000, "S": -13000, "W": 19000, "N": -3000}
    assert data["players"] == {"E": "甲"}


def test_east_is_a_seat_like_any_other(english, write) -> None:
    """East is seat 0; it must never read as 'no seat'."""
    path = write("stakes: 2\ndealer: S\nwin: {type: zhici, winner: E, from: E}\n")
    assert "win.from: E is the winner" in english.invoke(app, ["score", path]).stderr
    path = write("stakes: 2\ndealer: S\nwin: {type: xuci, winner: E, from: S}\n")
    data = json.loads(english.invoke(app, ["score", path, "-f", "json"]).stdout)
    assert data["win"] == {"type": "xuci", "winner": "E", "from": "S"}


def test_explain_a_draw(runner) -> None:
    result = runner.invoke(app, ["score", str(EXAMPLES / "draw.yaml"), "--explain"])
    assert "流局：无人付钱，杠作废" in result.stdout
    result = runner.invoke(app, ["score", str(EXAMPLES / "draw.yaml"), "--explain", "--lang", "en"])
    assert "draw: nobody pays, kongs are void" in result.stdout


def test_explain_goes_into_json_and_is_refused_for_csv(english) -> None:
    args = ["score", str(EXAMPLES / "zhici.yaml"), "-f", "json", "--explain"]
    data = json.loads(english.invoke(app, [*args, "--lang", "zh"]).stdout)  # --lang beats GANGCI_LANG
    assert "南 小李 → 西 张姐  直呲 点炮: 杠呲底 6000 × 2 = 12000" in data["explain"]
    data = json.loads(english.invoke(app, args).stdout)
    assert "S 小李 → W 张姐  direct ci discarder: ci base 6000 × 2 = 12000" in data["explain"]
    plain = json.loads(english.invoke(app, ["score", str(EXAMPLES / "zhici.yaml"), "-f", "json"]).stdout)
    assert "explain" not in plain
    from gangci_calc.io.export.formats import SCORE

    for fmt in (fmt for fmt, form in SCORE.items() if not form.explain):  # the registry says which cannot
        refused = english.invoke(app, ["score", str(EXAMPLES / "zhici.yaml"), "-f", fmt, "--explain"])
        assert refused.exit_code == 2 and refused.stdout == ""
        assert refused.stderr.startswith(
            f"--explain: {fmt} has no room for formulas: use --format table, json, text, markdown"
        )
    for fmt in (fmt for fmt, form in SCORE.items() if form.explain):
        shown = english.invoke(app, ["score", str(EXAMPLES / "zhici.yaml"), "-f", fmt, "--explain"])
        assert shown.exit_code == 0 and "6000 × 2 = 12000" in shown.stdout, fmt


@pytest.mark.parametrize("command", ["score", "session", "check", "waits", "batch"])
def test_each_command_offers_exactly_its_formats(runner, command: str) -> None:
    from gangci_calc.io.export import formats

    table = {"score": formats.SCORE, "session": formats.SESSION, "check": formats.CHECK, "waits": formats.WAITS}
    choices = "|".join(table.get(command, formats.BATCH))
    assert f"<{choices}>" in runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"}).stdout


def test_tsv_is_the_csv_with_tabs(runner) -> None:
    for command, example in (("score", "full-table.yaml"), ("session", "session-people.yaml")):
        csv_out = runner.invoke(app, [command, str(EXAMPLES / example), "-f", "csv"]).stdout
        tsv_out = runner.invoke(app, [command, str(EXAMPLES / example), "-f", "tsv"]).stdout
        assert "\t" in tsv_out and tsv_out.replace("\t", ",") == csv_out


def test_check_refuses_csv(runner) -> None:
    result = runner.invoke(app, ["check", str(EXAMPLES / "check-anci.yaml"), "--format", "csv"])
    assert result.exit_code == 2 and result.stdout == ""
    assert "'csv' is not one of 'table', 'json'" in result.stderr


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_chat_formats_have_every_amount_whole_and_no_box(runner, fmt: str) -> None:
    out = runner.invoke(app, ["score", str(EXAMPLES / "full-table.yaml"), "-f", fmt, "--explain"]).stdout
    data = json.loads(runner.invoke(app, ["score", str(EXAMPLES / "full-table.yaml"), "-f", "json"]).stdout)
    for amount in data["net"].values():
        assert (f"+{amount}" if amount > 0 else str(amount)) in out
    assert not set("┏━┃│└") & set(out)
    assert "杠呲底" in out and "=" in out  # the --explain formulas come along
    session = runner.invoke(app, ["session", str(EXAMPLES / "session.yaml"), "-f", fmt]).stdout
    assert "南 小李 付给 东 老王 1400" in session and not set("┏━┃│└") & set(session)


HAND_EXAMPLES = sorted(
    p
    for p in EXAMPLES.rglob("*.yaml")
    if "session" not in p.name and p.name != "club-rules.yaml" and p.parent.name not in ("batch", "errors")
)


def signed(amount: float) -> str:
    text = str(amount).removesuffix(".0")
    return f"+{text}" if amount > 0 else text


@pytest.mark.parametrize("width", [40, 45, 80])
def test_every_amount_is_whole_at_any_width(runner, width: int) -> None:
    """A phone-width screen gets a stacked layout, never an amount cut to `-8…`."""
    from gangci_calc.io.show.console import out

    sessions = [
        EXAMPLES / "session.yaml",
        EXAMPLES / "house" / "session-changes.yaml",
        EXAMPLES / "house" / "session-fee.yaml",
    ]
    for path in [*HAND_EXAMPLES, *sessions]:
        args = ["session", str(path)] if path in sessions else ["score", str(path), "--no-check"]
        data = json.loads(runner.invoke(app, [*args, "-f", "json"]).stdout)
        if path in sessions:  # every hand's amounts, and each person's total
            nets = [h["net"] for h in data["hands"]] + [{p["name"]: p["total"] for p in data["people"]}]
        else:
            nets = [data["net"]]
        out.cache_clear()
        shown = runner.invoke(app, args, env={"COLUMNS": str(width)}).stdout
        out.cache_clear()
        assert "…" not in shown, (path.name, width)
        for net in nets:
            for amount in net.values():
                assert amount == 0 or signed(amount) in shown, (path.name, width, amount)
