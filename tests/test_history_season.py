"""The season: ``session --paid`` (已付) and what ``history`` says is still owed, each person's fees, the season's
table (each evening's amounts, 流局, win rate, 续呲 fed, different stakes), and ``--date``."""

from __future__ import annotations

import csv
import io
import json
import shutil
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from gangci_calc.cli import app
from gangci_calc.core.evening.dues import dues_of
from gangci_calc.core.evening.transfers import Transfer, fewest_payments
from gangci_calc.io.export.formats import HISTORY
from tests.conftest import EXAMPLES, examples

NIGHTS = ("2026-11-10", "2026-11-17", "2026-11-24")


@pytest.fixture(autouse=True)
def fresh_console() -> Any:
    """The console is made once per process, at the width of its first use: these tests choose widths."""
    from gangci_calc.io.show.console import out

    out.cache_clear()
    yield
    out.cache_clear()


@pytest.fixture
def club(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    shutil.copytree(EXAMPLES / "club", folder)
    return folder


def ledger(club: Path, night: str) -> str:
    return str(club / f"session-{night}.yaml")


def season(runner: CliRunner, club: Path) -> dict[str, Any]:
    result = runner.invoke(app, ["history", str(club), "-f", "json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def owed(data: dict[str, Any]) -> dict[str, Fraction]:
    return {p["name"]: Fraction(str(p["owed"])) for p in data["people"]}


def open_of(data: dict[str, Any]) -> list[tuple[str | None, str, str, Fraction]]:
    return [(t["date"], t["from"], t["to"], Fraction(str(t["amount"]))) for t in data["open"]]


def pay(runner: CliRunner, path: str, *transfer: str) -> None:
    result = runner.invoke(app, ["session", path, "--paid", *transfer, "-f", "json"])
    assert result.exit_code == 0, result.output
    assert all(t.get("paid") for t in json.loads(result.stdout)["transfers"] if not transfer)


def test_paying_an_evening_clears_its_owed_and_keeps_the_others(runner: CliRunner, club: Path) -> None:
    before = season(runner, club)
    night = {name: Fraction(str(total)) for name, total in before["evenings"][1]["people"].items()}
    assert owed(before) == {p["name"]: -Fraction(str(p["total"])) for p in before["people"]}  # nothing paid yet
    pay(runner, ledger(club, NIGHTS[1]))
    after = season(runner, club)
    for name, was in owed(before).items():
        assert owed(after)[name] == was + night.get(name, 0), name  # that evening's part is 0, the rest stays
    assert open_of(after) == [t for t in open_of(before) if t[0] != NIGHTS[1]]
    assert sum(owed(after).values()) == sum(t[3] for t in open_of(after) if t[2] == "台费")  # the house: no person


def test_paying_one_transfer_takes_exactly_that_one(runner: CliRunner, club: Path) -> None:
    before = season(runner, club)
    pay(runner, ledger(club, NIGHTS[1]), "老王 小李 1300")
    after = season(runner, club)
    assert open_of(after) == [t for t in open_of(before) if t != (NIGHTS[1], "老王", "小李", 1300)]
    changed = {name: owed(after)[name] - owed(before)[name] for name in owed(before)}
    assert changed == {"老王": -1300, "小李": 1300, **dict.fromkeys(("阿强", "张姐", "小赵"), 0)}
    text = yaml.safe_load(Path(ledger(club, NIGHTS[1])).read_text(encoding="utf-8"))
    (recorded,) = text["paid"]  # the form docs/file-format.md gives, with when it was recorded
    assert {key: recorded[key] for key in ("from", "to", "amount")} == {"from": "老王", "to": "小李", "amount": 1300}
    assert set(recorded) == {"from", "to", "amount", "at"} and str(recorded["at"]).startswith("20")


def test_after_everything_is_paid_nobody_owes(runner: CliRunner, club: Path) -> None:
    for night in NIGHTS:
        pay(runner, ledger(club, night))
    after = season(runner, club)
    assert set(owed(after).values()) == {0} and after["open"] == []
    again = runner.invoke(app, ["session", ledger(club, NIGHTS[0]), "--paid"])
    assert again.exit_code == 0 and "都付清了" in again.stderr  # nothing more to record, and nothing written


def test_a_payment_the_evening_no_longer_has_is_money_moved_all_the_same(runner: CliRunner, club: Path) -> None:
    """An evening edited after it was paid: the open transfers are what is left, settled afresh."""
    path = Path(ledger(club, NIGHTS[1]))
    path.write_text(
        path.read_text(encoding="utf-8").replace("hands:", "paid: [{from: 老王, to: 小李, amount: 1000}]\nhands:", 1),
        encoding="utf-8",
    )
    data = season(runner, club)
    night = {name: Fraction(str(total)) for name, total in data["evenings"][1]["people"].items()}
    assert owed(data)["老王"] == -2100 + (3100 - 1000) + 550  # won 2100 on 11-10, lost 3100 and 550 since
    left = [t for t in open_of(data) if t[0] == NIGHTS[1]]
    assert sum(t[3] for t in left) == sum(v for v in night.values() if v > 0) - 1000


@pytest.mark.parametrize(
    ("paid", "field", "says"),
    [
        ("[{from: 老张, to: 小李, amount: 1300}]", "paid[0].from", "老张"),
        ("[{from: 老王, to: 小李, amount: 0}]", "paid[0].amount", "not a payment amount"),
        ("[{from: 老王, to: 小李, amount: 1300.5}]", "paid[0].amount", "not a payment amount"),
        ("[{from: 老王, to: 小李}]", "paid[0]", "amount"),
        ("{from: 老王, to: 小李, amount: 1300}", "paid", "list of payments"),
        ("[{from: 老王, to: 小李, amount: 1300, note: x}]", "paid[0].note", "unknown key"),
    ],
)
def test_a_bad_paid_is_an_input_error(english: CliRunner, club: Path, paid: str, field: str, says: str) -> None:
    path = Path(ledger(club, NIGHTS[1]))
    path.write_text(path.read_text(encoding="utf-8").replace("hands:", f"paid: {paid}\nhands:", 1), encoding="utf-8")
    line = next(n for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if row.startswith("paid"))
    for command in (["session", str(path)], ["history", str(club)]):
        result = english.invoke(app, command)
        assert result.exit_code == 2 and "Traceback" not in result.output, command
        assert f"{path}:{line}" in result.stderr and says in result.stderr and field in result.stderr, result.stderr


def test_paid_refuses_what_is_not_an_open_transfer(english: CliRunner, club: Path) -> None:
    path = ledger(club, NIGHTS[1])
    kept = Path(path).read_bytes()
    for transfer in ("老王 小李 1299", "小李 老王 1300", "老王 小李"):
        result = english.invoke(app, ["session", path, "--paid", transfer])
        assert result.exit_code == 2 and "--paid" in result.stderr and "老王 小李 1300" in result.stderr, transfer
    alone = english.invoke(app, ["session", path, "老王 小李 1300"])
    assert alone.exit_code == 2 and "--paid" in alone.stderr
    both = english.invoke(app, ["session", path, "--paid", "--undo"])
    assert both.exit_code == 2
    assert Path(path).read_bytes() == kept


def test_a_ledger_written_as_one_mapping_takes_its_payments(english: CliRunner, tmp_path: Path) -> None:
    data = yaml.safe_load((EXAMPLES / "club" / "session-2026-11-10.yaml").read_text(encoding="utf-8"))
    path = tmp_path / "flow.yaml"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")  # JSON: one flow mapping
    result = english.invoke(app, ["session", str(path), "--paid"])
    assert result.exit_code == 0, result.output
    settled = json.loads(english.invoke(app, ["session", str(path), "-f", "json"]).stdout)
    assert settled["transfers"] == [] and settled["paid"]  # every transfer recorded, in the JSON's own "paid"
    assert json.loads(path.read_text(encoding="utf-8"))["paid"]  # still JSON


def test_names_with_spaces_are_matched_whole(runner: CliRunner, tmp_path: Path) -> None:
    evening = yaml.safe_load((EXAMPLES / "club" / "session-2026-11-10.yaml").read_text(encoding="utf-8"))
    evening["players"] = {"E": "Big Tom", "S": "Little Tom", "W": "Tom", "N": "阿强"}
    path = tmp_path / "a.yaml"
    path.write_text(yaml.safe_dump(evening, allow_unicode=True), encoding="utf-8")
    transfers = json.loads(runner.invoke(app, ["session", str(path), "-f", "json"]).stdout)["transfers"]
    first = transfers[0]
    pay(runner, str(path), f"{first['from']} {first['to']} {first['amount']}")
    left = json.loads(runner.invoke(app, ["history", str(path), "-f", "json"]).stdout)["open"]
    assert [(t["from"], t["to"]) for t in left] == [(t["from"], t["to"]) for t in transfers[1:]]


def table_rows(text: str, names: set[str]) -> dict[str, list[str]]:
    """The first table's row of each person (the money): its cells."""
    rows: dict[str, list[str]] = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip("│").split("│")]
        if cells and cells[0] in names and cells[0] not in rows:
            rows[cells[0]] = cells
    return rows


def test_json_csv_and_table_agree_on_fees_and_owed(runner: CliRunner, club: Path) -> None:
    pay(runner, ledger(club, NIGHTS[0]), "小李 老王 1400")
    data = season(runner, club)
    names = {p["name"] for p in data["people"]}
    rows = list(csv.DictReader(io.StringIO(runner.invoke(app, ["history", str(club), "-f", "csv"]).stdout)))
    from gangci_calc.io.show.console import out

    out.cache_clear()
    shown = runner.invoke(app, ["history", str(club)], env={"COLUMNS": "160"}).stdout
    table = table_rows(shown, names)
    head = [cell.strip() for cell in next(r for r in shown.splitlines() if "玩家" in r).strip("┃").split("┃")]
    assert sum(Fraction(str(p["fees"])) for p in data["people"]) == data["fees"] == 380
    for person, row in zip(data["people"], rows, strict=True):
        name = person["name"]
        assert row["name"] == name
        assert Fraction(row["fees"]) == Fraction(str(person["fees"])) == Fraction(table[name][head.index("台费")])
        assert Fraction(row["owed"]) == Fraction(str(person["owed"])) == Fraction(table[name][head.index("还欠")])
        for evening in data["evenings"]:  # the season's table: each evening's amount, empty where absent
            night = evening["people"].get(name)
            assert row[evening["date"]] == ("" if night is None else str(night)), (name, evening["date"])
    assert {p["name"]: Fraction(str(p["fees"])) for p in data["people"]} == {
        "阿强": 0,
        "张姐": 130,
        "小赵": 110,
        "小李": 130,
        "老王": 10,  # 11-24 from hand 3 on: 10 a seat each hand, and 老王 collects it (from himself too)
    }


@pytest.mark.parametrize("fmt", ["table", "text", "markdown"])
def test_every_format_for_people_shows_owed_open_and_the_notes(runner: CliRunner, club: Path, fmt: str) -> None:
    pay(runner, ledger(club, NIGHTS[2]))
    faster = yaml.safe_load(Path(ledger(club, NIGHTS[1])).read_text(encoding="utf-8"))
    faster["stakes"] = 2
    Path(ledger(club, NIGHTS[1])).write_text(yaml.safe_dump(faster, allow_unicode=True), encoding="utf-8")
    data = season(runner, club)
    assert data["stakes_differ"] and [len(e["stakes"]) for e in data["evenings"]] == [1, 1, 1]
    from gangci_calc.io.show.console import out

    out.cache_clear()
    shown = runner.invoke(app, ["history", str(club), "-f", fmt], env={"COLUMNS": "160"}).stdout
    assert "还没付" in shown and "起底不同" in shown and f"流局 {data['draws']} 局" in shown
    for t in data["open"]:
        assert f"{t['date']} · {t['from']} 付给 {t['to']} {t['amount']}" in shown
    assert NIGHTS[2] + " · " not in shown.split("还没付")[1]  # that evening is paid
    for person in data["people"]:
        assert str(person["owed"]) in shown and f"{round(person['win_rate'] * 100)}%" in shown


def test_the_season_at_phone_width_is_blocks_with_every_amount(runner: CliRunner) -> None:
    shown = runner.invoke(app, ["history", str(EXAMPLES / "club")], env={"COLUMNS": "45"}).stdout
    assert "…" not in shown and max(map(len, shown.splitlines())) <= 45
    data = season(runner, EXAMPLES / "club")
    evenings = shown.split("场次\n", 1)[1]
    for evening in data["evenings"]:
        block = evenings.split(evening["date"], 1)[1].split("\n20", 1)[0]
        for name, total in evening["people"].items():
            if name != "台费":
                assert f"   {name} {total:+}" in block, (evening["date"], name)
    from gangci_calc.io.show.console import out

    out.cache_clear()
    english = runner.invoke(app, ["history", str(EXAMPLES / "club"), "--lang", "en"], env={"COLUMNS": "45"}).stdout
    assert "Still to pay" in english and "Owes" in english and "Win rate" in english


def test_every_history_format_has_fees_and_owed_in_english_too(runner: CliRunner) -> None:
    for fmt in HISTORY:
        shown = runner.invoke(app, ["history", str(EXAMPLES / "club"), "-f", fmt, "--lang", "en"]).stdout
        assert ("owed" in shown.lower() or "owes" in shown.lower()) and "fees" in shown.lower(), fmt


def test_new_takes_a_date_and_session_shows_one(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "last-week.yaml"
    result = runner.invoke(
        app, ["session", str(path), "--new", "--date", "2026-11-03"], input="1\ny\n-\n老王\n小李\n张姐\n阿强\n东\n"
    )
    assert result.exit_code == 0, result.output
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["date"].isoformat() == "2026-11-03"
    undated = tmp_path / "undated.yaml"
    undated.write_text((EXAMPLES / "session.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert "date" not in yaml.safe_load(undated.read_text(encoding="utf-8"))
    shown = json.loads(runner.invoke(app, ["session", str(undated), "--date", "2026-11-03", "-f", "json"]).stdout)
    assert shown["date"] == "2026-11-03"
    assert runner.invoke(app, ["session", str(undated), "-f", "text", "--date", "2026-11-03"]).stdout.startswith(
        "2026-11-03"
    )


def test_a_date_that_is_no_date_or_not_the_ledgers_is_refused(english: CliRunner, tmp_path: Path) -> None:
    bad = english.invoke(app, ["session", str(tmp_path / "x.yaml"), "--new", "--date", "11/03"])
    assert bad.exit_code == 2 and "--date" in bad.stderr and not (tmp_path / "x.yaml").exists()
    dated = english.invoke(app, ["session", ledger(EXAMPLES / "club", NIGHTS[0]), "--date", "2026-11-03"])
    assert dated.exit_code == 2 and "2026-11-10" in dated.stderr


balances = st.lists(st.integers(-5000, 5000), min_size=2, max_size=7).map(lambda xs: [*xs, -sum(xs)])


@settings(max_examples=examples(60))
@given(balances, st.data())
def test_owed_is_what_the_open_transfers_leave(amounts: list[int], data: st.DataObject) -> None:
    """Paid transfers of the settle-up leave exactly the others open; a payment that is not one of them is money
    moved all the same; either way each person's owed is their open transfers, and all paid is all 0."""
    people = [f"p{i}" for i in range(len(amounts))]
    settle_up = fewest_payments(list(zip(people, amounts, strict=True)))
    assume(settle_up)
    chosen = data.draw(st.lists(st.sampled_from(range(len(settle_up))), unique=True))
    stray = data.draw(st.lists(st.tuples(st.sampled_from(people), st.sampled_from(people), st.integers(1, 900))))
    paid = [settle_up[i] for i in chosen] + [Transfer(a, b, n) for a, b, n in stray if a != b]
    dues = dues_of(settle_up, paid)
    for who in people:
        pays = sum(t.amount for t in dues.open if t.payer == who) - sum(t.amount for t in dues.open if t.payee == who)
        assert dues.owed.get(who, 0) == pays, who
    assert sum(dues.owed.values()) == 0
    if len(paid) == len(chosen):  # only the settle-up's own: exactly the others are open
        assert list(dues.open) == [t for i, t in enumerate(settle_up) if i not in chosen]
    everything = dues_of(settle_up, [*paid, *dues.open])
    assert everything.open == () and set(everything.owed.values()) <= {0}
