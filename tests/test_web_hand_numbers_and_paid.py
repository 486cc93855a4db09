"""The page's hand numbers (a form keeps its hand, the 409's back doors) and paid as a record, route by route
through Starlette's TestClient; each reproduction is one test."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.conftest import EXAMPLES
from tests.test_web import ORIGIN, client_for, hands_in

BOMB = {"win": {"type": "bomb", "winner": "S"}}


# --- 44.3 (a): a number that is not the next one is refused, never renumbered ------------------------------------


def test_a_number_beyond_the_next_is_refused_saying_which_comes_next(client: TestClient, ledger: Path) -> None:
    count = hands_in(ledger)
    before = ledger.read_bytes()
    answers = [client.post("/api/hands", json={**BOMB, "number": count + 7}, headers=ORIGIN) for _ in range(3)]
    for answer in answers:
        assert answer.status_code == 409, answer.text
        body = answer.json()
        assert body["next"] == count + 1 and body["hand"] == count + 7 and body["field"] == "number"
        assert f"第 {count + 1} 局" in body["error"] and "saved" not in body
    assert ledger.read_bytes() == before
    english = client.post("/api/hands?lang=en", json={**BOMB, "number": count + 7}, headers=ORIGIN).json()
    assert f"the next is hand {count + 1}" in english["error"]
    assert client.post("/api/hands", json={**BOMB, "number": count + 1}, headers=ORIGIN).status_code == 201


def test_a_number_past_a_hand_undone_is_refused(client: TestClient, ledger: Path) -> None:
    """A phone began hand N+1; another phone undid hand N meanwhile: the save is refused, not saved as hand N."""
    count = hands_in(ledger)
    assert client.post("/api/undo", headers=ORIGIN).status_code == 200
    answer = client.post("/api/hands", json={**BOMB, "number": count + 1}, headers=ORIGIN)
    assert answer.status_code == 409 and answer.json()["next"] == count
    assert hands_in(ledger) == count - 1


# --- 44.13: null is absent ------------------------------------------------------------------------------------------


def test_a_null_number_is_absent(client: TestClient, ledger: Path) -> None:
    count = hands_in(ledger)
    answer = client.post("/api/hands", json={**BOMB, "number": None}, headers=ORIGIN)
    assert answer.status_code == 201, answer.text
    assert answer.json()["hand"] == count + 1
    assert client.post("/api/preview", json={**BOMB, "number": None}, headers=ORIGIN).status_code == 200


# --- 44.4: undo keeps a table change --------------------------------------------------------------------------------


def test_undo_after_an_add_gives_back_the_file_with_its_table_change(client: TestClient, ledger: Path) -> None:
    """Reproduction: POST /api/table (stakes 2, 小赵 at N), an add, then undo: the next: line was gone."""
    seating = {**client.get("/api/evening").json()["next"]["players"], "N": "小赵"}
    assert client.post("/api/table", json={"stakes": 2, "players": seating}, headers=ORIGIN).status_code == 200
    before = ledger.read_bytes()
    assert client.post("/api/hands", json={"win": {"type": "bomb", "winner": "N"}}, headers=ORIGIN).status_code == 201
    assert b"\nnext:" not in ledger.read_bytes()  # the hand took the change over
    assert client.post("/api/undo", headers=ORIGIN).status_code == 200
    assert ledger.read_bytes() == before
    nxt = client.get("/api/evening").json()["next"]
    assert (
        nxt["players"]["N"] == "小赵"
        and nxt["stakes"]["gang"] == 1000
        and sorted(nxt["pending"])
        == [
            "players",
            "stakes",
        ]
    )


def test_cli_undo_after_an_add_gives_back_the_table_change(ledger: Path) -> None:
    from typer.testing import CliRunner

    from gangci_calc.cli import app

    runner = CliRunner()
    with client_for(ledger) as client:
        assert client.post("/api/table", json={"stakes": 2}, headers=ORIGIN).status_code == 200
    before = ledger.read_bytes()
    added = runner.invoke(app, ["session", str(ledger), "--add"], input="\n炸弹\n北\n-\n-\n")
    assert added.exit_code == 0, added.output
    assert runner.invoke(app, ["session", str(ledger), "--undo"]).exit_code == 0
    assert ledger.read_bytes() == before


def test_a_change_saved_after_the_hand_stays_over_the_one_put_back(client: TestClient, ledger: Path) -> None:
    assert client.post("/api/table", json={"stakes": 2}, headers=ORIGIN).status_code == 200
    assert client.post("/api/hands", json={"win": {"type": "draw"}}, headers=ORIGIN).status_code == 201
    assert client.post("/api/table", json={"policy": True}, headers=ORIGIN).status_code == 200
    assert client.post("/api/undo", headers=ORIGIN).status_code == 200
    nxt = client.get("/api/evening").json()["next"]
    assert nxt["stakes"]["gang"] == 1000 and nxt["policy"] is True


# --- 44.13: a JSON ledger takes a table change (and a payment) ------------------------------------------------------


def test_a_table_change_and_a_payment_on_a_json_ledger(tmp_path: Path) -> None:
    """Reproduction: POST /api/table on a ledger written as JSON failed with 加不进去：hands:."""
    import json

    import yaml

    path = tmp_path / "tonight.json"
    path.write_text(
        json.dumps(yaml.safe_load((EXAMPLES / "session.yaml").read_text(encoding="utf-8")), ensure_ascii=False),
        encoding="utf-8",
    )
    with client_for(path) as client:
        changed = client.post("/api/table", json={"stakes": 2}, headers=ORIGIN)
        assert changed.status_code == 200, changed.text
        assert client.get("/api/evening").json()["next"]["stakes"]["gang"] == 1000
        before = path.read_bytes()
        assert client.post("/api/hands", json={"win": {"type": "draw"}}, headers=ORIGIN).status_code == 201
        assert client.get("/api/evening").json()["hands"][-1]["stakes"]["gang"] == 1000
        first = client.get("/api/evening").json()["transfers"][0]
        body = {"file": str(path), "from": first["from"], "to": first["to"], "amount": str(first["amount"])}
        assert client.post("/api/paid", json=body, headers=ORIGIN).status_code == 201
        assert client.get("/api/evening").json()["paid"][0]["from"] == first["from"]
        assert client.post("/api/unpaid", json=body, headers=ORIGIN).status_code == 200
        assert client.post("/api/undo", headers=ORIGIN).status_code == 200
    assert json.loads(path.read_text(encoding="utf-8"))["stakes"] == json.loads(before)["stakes"]


# --- 42.6: the chart's totals and the standings agree on the fee ----------------------------------------------------


@pytest.mark.parametrize("name", ["session-fee.yaml", "session-fee-from-hand-10.yaml"])
def test_the_chart_ends_on_every_standing_fee_included(name: str, tmp_path: Path) -> None:
    """Reproduction: the chart's totals left out the fee that the standings include."""
    import yaml

    from gangci_calc.commands.service import settle_evening
    from gangci_calc.commands.web.view import running_lines
    from gangci_calc.io.load.load_session import load_session
    from gangci_calc.io.show.render_session import person_label

    path = tmp_path / name
    data = yaml.safe_load((EXAMPLES / "house" / name).read_text(encoding="utf-8"))
    data.setdefault("fee", {})["per_evening"] = 100  # the evening's fee too
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    settled = settle_evening(load_session(str(path)))
    assert settled.fees > 0
    ends = {label: running[-1] for label, running in running_lines(settled, "zh")}
    for who, total in settled.people:
        label = who if isinstance(who, str) else person_label(settled, who, "zh")
        assert ends[label] == total, label


def test_get_evening_is_the_session_json_next_included(client: TestClient, ledger: Path) -> None:
    import json

    from gangci_calc.commands.session.show import session_output

    served = client.get("/api/evening").json()
    served.pop("version")
    assert served == json.loads(session_output(str(ledger), "json", "zh")) and "next" in served


def test_the_ledger_is_downloaded_byte_for_byte_under_its_own_name(client: TestClient, ledger: Path) -> None:
    answer = client.get("/api/ledger")
    assert answer.status_code == 200 and answer.content == ledger.read_bytes()
    assert (
        answer.headers["content-disposition"] == "attachment; filename=\"tonight.yaml\"; filename*=UTF-8''tonight.yaml"
    )
    assert "下载账本" in client.get("/").text


def test_the_ledger_of_a_chinese_name_is_downloaded_under_it(tmp_path: Path) -> None:
    path = tmp_path / "周六.yaml"
    shutil.copy(EXAMPLES / "session.yaml", path)
    with client_for(path) as client:
        answer = client.get("/api/ledger")
        assert (
            answer.status_code == 200
            and "filename*=UTF-8''%E5%91%A8%E5%85%AD.yaml" in answer.headers["content-disposition"]
        )


def test_no_ledger_yet_is_404_to_download(tmp_path: Path) -> None:
    with client_for(tmp_path / "new.yaml") as client:
        assert client.get("/api/ledger").status_code == 404
