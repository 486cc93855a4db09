"""The page's 赛季 view (``gangci serve LEDGER --club DIR``) through Starlette's TestClient: the season as
``gangci history`` adds it up, tonight's evening in it, and a 已付 button's payment recorded in its ledger."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from starlette.testclient import TestClient
from typer.testing import CliRunner

from gangci_calc.cli import app
from gangci_calc.commands.web.app import Settings, build_app
from gangci_calc.words.season import SEASON
from tests.conftest import EXAMPLES

TOKEN = "s3cret-token-for-season"
ORIGIN = {"Origin": "http://127.0.0.1:8000"}


@pytest.fixture
def club(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    shutil.copytree(EXAMPLES / "club", folder)
    return folder


def client_for(ledger: Path, club: Path | None) -> TestClient:
    settings = Settings(ledger, TOKEN, frozenset({"127.0.0.1"}), 8000, "", club=club)
    client = TestClient(build_app(settings), base_url="http://127.0.0.1:8000")
    client.get(f"/?t={TOKEN}", follow_redirects=False)
    return client


@pytest.fixture
def tonight(tmp_path: Path) -> Path:
    """Tonight's ledger, outside the club's folder: 老王 and friends again, dated after the others."""
    data = yaml.safe_load((EXAMPLES / "session-people.yaml").read_text(encoding="utf-8"))
    path = tmp_path / "tonight.yaml"
    path.write_text(yaml.safe_dump({**data, "date": "2026-12-01"}, allow_unicode=True), encoding="utf-8")
    return path


@pytest.fixture
def client(tonight: Path, club: Path) -> Iterator[TestClient]:
    with client_for(tonight, club) as signed_in:
        yield signed_in


def history_of(*paths: Path) -> dict[str, object]:
    result = CliRunner().invoke(app, ["history", *map(str, paths), "-f", "json"])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_the_season_is_history_with_tonight_in_it(client: TestClient, tonight: Path, club: Path) -> None:
    got = client.get("/api/season").json()
    assert got == history_of(club, tonight)
    page = client.get("/season")
    assert page.status_code == 200 and page.headers["cache-control"] == "no-store"
    for person in got["people"]:
        assert person["name"] in page.text
    assert "还没付" in page.text and page.text.count("data-paid=") == len(got["open"])
    assert "<svg" in page.text and SEASON["season"].zh in client.get("/").text  # the link from tonight's page


def test_tonight_inside_the_folder_is_counted_once(club: Path) -> None:
    tonight = club / "session-2026-11-24.yaml"
    with client_for(tonight, club) as signed_in:
        assert signed_in.get("/api/season").json() == history_of(club)


def test_a_paid_button_records_its_transfer_and_the_season_changes(client: TestClient, club: Path) -> None:
    before = client.get("/api/season").json()
    first = before["open"][0]
    body = {"file": first["file"], "from": first["from"], "to": first["to"], "amount": str(first["amount"])}
    answer = client.post("/api/paid", json=body, headers=ORIGIN)
    assert answer.status_code == 201, answer.text
    after = client.get("/api/season").json()
    assert after["open"] == before["open"][1:]
    written = yaml.safe_load(Path(first["file"]).read_text(encoding="utf-8"))["paid"]
    assert [{k: v for k, v in p.items() if k != "at"} for p in written] == [
        {"from": first["from"], "to": first["to"], "amount": first["amount"]}
    ]
    again = client.post("/api/paid", json=body, headers=ORIGIN)  # a second tap: that transfer is no longer open
    assert again.status_code == 422 and first["from"] in again.json()["error"]


@pytest.mark.parametrize(
    ("change", "status", "field"),
    [
        ({"file": "/etc/passwd"}, 404, "file"),
        ({"amount": "12.25"}, 422, "amount"),
        ({"amount": 0}, 422, "amount"),
        ({"extra": 1}, 422, ""),
    ],
)
def test_a_payment_the_season_has_not_is_refused(
    client: TestClient, change: dict[str, object], status: int, field: str
) -> None:
    first = client.get("/api/season").json()["open"][0]
    body = {"file": first["file"], "from": first["from"], "to": first["to"], "amount": str(first["amount"]), **change}
    before = Path(first["file"]).read_bytes()
    answer = client.post("/api/paid", json=body, headers=ORIGIN)
    assert answer.status_code == status and answer.json()["field"] == field
    assert Path(first["file"]).read_bytes() == before


def test_a_payment_needs_the_page_s_origin(client: TestClient) -> None:
    first = client.get("/api/season").json()["open"][0]
    body = {"file": first["file"], "from": first["from"], "to": first["to"], "amount": str(first["amount"])}
    assert client.post("/api/paid", json=body).status_code == 403  # a cookie without the page's Origin


def test_a_broken_ledger_in_the_folder_is_said_not_thrown(client: TestClient, club: Path) -> None:
    (club / "broken.yaml").write_text("dealer: Q\nhands: []\n", encoding="utf-8")
    part = client.get("/season/part?lang=en")
    assert part.status_code == 200 and "broken.yaml" in part.text and "season-problem" in part.text
    assert client.get("/api/season").status_code == 422


def test_without_club_there_is_no_season_but_tonight_has_its_paid_buttons(tonight: Path, club: Path) -> None:
    with client_for(tonight, None) as signed_in:
        assert signed_in.get("/api/season").status_code == 404
        page = signed_in.get("/").text
        assert "season-link" not in page
        transfers = json.loads(signed_in.get("/api/evening").text)["transfers"]
        assert page.count("data-paid=") == len(transfers) > 0
        first = transfers[0]
        body = {"file": str(tonight), "from": first["from"], "to": first["to"], "amount": str(first["amount"])}
        assert signed_in.post("/api/paid", json=body, headers=ORIGIN).status_code == 201
        evening = json.loads(signed_in.get("/api/evening").text)
        assert evening["transfers"] == transfers[1:]  # what is still to pay: the paid one is not asked again
        assert [{k: v for k, v in p.items() if k != "at"} for p in evening["paid"]] == [first]
        page = signed_in.get("/").text
        assert page.count("data-paid=") == len(transfers) - 1 and page.count("data-unpaid=") == 1  # 撤回 instead
        other = {**body, "file": str(club / "session-2026-11-10.yaml")}  # no club: tonight's ledger only
        assert signed_in.post("/api/paid", json=other, headers=ORIGIN).status_code == 404


def test_serve_refuses_a_club_that_is_not_a_folder(tonight: Path, tmp_path: Path) -> None:
    result = CliRunner(env={"GANGCI_LANG": "en"}).invoke(
        app, ["serve", str(tonight), "--club", str(tmp_path / "nope"), "--no-qr"]
    )
    assert result.exit_code == 2 and "not a folder" in result.stderr


def test_every_season_word_speaks_both_languages_and_is_used() -> None:
    web = Path(__file__).parent.parent / "gangci_calc" / "commands" / "web"
    used = "".join(p.read_text(encoding="utf-8") for p in (web / "templates").glob("season*.html"))
    used += (web / "season.py").read_text(encoding="utf-8") + (web / "app.py").read_text(encoding="utf-8")
    used += (web / "view.py").read_text(encoding="utf-8")
    used += (web.parent.parent / "io" / "show" / "season.py").read_text(encoding="utf-8")
    for key, message in SEASON.items():
        assert message.zh and message.en and message.zh != message.en, key
        assert f"w.{key}" in used or f'"{key}"' in used, key
