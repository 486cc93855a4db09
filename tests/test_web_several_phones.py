"""The page with several phones (the hand's number, next, POST /api/table, changed, no bare 500, the door), route by
route through Starlette's TestClient; each red-team reproduction is one test."""

from __future__ import annotations

import json
from pathlib import Path

from starlette.testclient import TestClient

from gangci_calc.commands.session.show import session_output
from tests.test_web import BEARER, ORIGIN, TOKEN, client_for, hands_in

BOMB = {"win": {"type": "bomb", "winner": "S"}}


def test_a_second_save_of_the_same_hand_is_409_with_the_hand_saved(client: TestClient, ledger: Path) -> None:
    count = hands_in(ledger)
    first = client.post("/api/hands", json={**BOMB, "number": count + 1}, headers=ORIGIN)
    assert first.status_code == 201 and first.json()["hand"] == count + 1
    again = client.post("/api/hands", json={**BOMB, "number": count + 1}, headers=ORIGIN)
    assert again.status_code == 409
    body = again.json()
    assert body["hand"] == count + 1 and body["field"] == "number" and body["error"]
    assert body["saved"]["hand"]["win"] == {"type": "bomb", "winner": "S"} and body["saved"]["net"]["S"] > 0
    assert hands_in(ledger) == count + 1  # nothing written
    assert client.post("/api/hands", json=BOMB, headers=ORIGIN).status_code == 201  # a script: appended


def test_a_number_that_is_not_one_is_422(client: TestClient) -> None:
    for bad in ("3", 0, True, 2.5):
        answer = client.post("/api/hands", json={**BOMB, "number": bad}, headers=ORIGIN)
        assert answer.status_code == 422 and answer.json()["field"] == "number"


def test_next_says_the_next_hand_and_a_table_change_is_saved_for_it(client: TestClient, ledger: Path) -> None:
    evening = client.get("/api/evening").json()
    nxt = evening["next"]
    assert nxt["number"] == len(evening["hands"]) + 1 and nxt["dealer"] in "ESWN" and nxt["pending"] == []
    seating = {**nxt["players"], "N": "小赵"}
    changed = client.post("/api/table", json={"players": seating, "fee": {"per_hand": 10}}, headers=ORIGIN)
    assert changed.status_code == 200, changed.text
    assert changed.json()["next"]["players"]["N"] == "小赵" and changed.json()["next"]["fee"] == {"per_hand": 10}
    seen = client.get("/api/evening").json()
    assert seen["next"]["players"]["N"] == "小赵" and seen["next"]["pending"] == ["fee", "players"]
    assert len(seen["hands"]) == len(evening["hands"])  # no hand yet
    assert "next:" in ledger.read_text(encoding="utf-8")  # in the ledger, for the CLI too
    saved = client.post("/api/hands", json={"win": {"type": "draw"}, "number": nxt["number"]}, headers=ORIGIN)
    assert saved.status_code == 201
    cli = json.loads(session_output(str(ledger), "json", "zh"))
    assert cli["hands"][-1]["players"]["N"] == "小赵" and cli["hands"][-1]["fee"] == {"per_hand": 10}
    assert "\nnext:" not in ledger.read_text(encoding="utf-8")  # the hand took it over
    assert client.get("/api/evening").json()["next"]["pending"] == []


def test_a_bad_table_change_is_422_and_writes_nothing(client: TestClient, ledger: Path) -> None:
    text = ledger.read_text(encoding="utf-8")
    answer = client.post("/api/table", json={"stakes": "lots"}, headers=ORIGIN)
    assert answer.status_code == 422 and answer.json()["field"].startswith("stakes")
    assert client.post("/api/table", json={"seats": 1}, headers=ORIGIN).status_code == 422
    assert ledger.read_text(encoding="utf-8") == text


def test_the_cli_add_takes_a_change_saved_before_its_hand(client: TestClient, ledger: Path) -> None:
    from gangci_calc.commands.session import changes

    seating = {**client.get("/api/evening").json()["next"]["players"], "E": "老周"}
    assert client.post("/api/table", json={"players": seating}, headers=ORIGIN).status_code == 200
    with changes.locked(ledger):
        changes.append(str(ledger), changes.SEED_RULES, lambda tail: ("  - win: {type: draw}\n", "{win: {type: draw}}"))
    assert json.loads(session_output(str(ledger), "json", "zh"))["hands"][-1]["players"]["E"] == "老周"


def test_a_preview_with_a_number_is_that_hand_s(client: TestClient, ledger: Path) -> None:
    evening = client.get("/api/evening").json()
    for hand in evening["hands"][:4]:
        preview = client.post("/api/preview", json={**BOMB, "number": hand["number"]}, headers=ORIGIN).json()
        assert preview["hand"] == hand["number"] and preview["dealer"] == hand["dealer"]
    assert client.post("/api/preview", json=BOMB, headers=ORIGIN).json()["hand"] == len(evening["hands"]) + 1


def test_an_edit_names_the_later_hands_it_moved(client: TestClient, ledger: Path) -> None:
    hand = client.get("/api/hands/2").json()
    assert hand["at"]["dealer"] in "ESWN" and hand["line"].startswith("2.")
    answer = client.put("/api/hands/2", json={"win": {"type": "bomb", "winner": "N"}}, headers=ORIGIN)
    assert answer.status_code == 200
    changed = answer.json()["changed"]
    assert changed and all(n > 2 for n in changed)
    same = client.put("/api/hands/2", json={"win": {"type": "bomb", "winner": "N"}}, headers=ORIGIN)
    assert same.json()["changed"] == []


def test_a_body_too_large_is_413_from_its_content_length(client: TestClient) -> None:
    answer = client.post(
        "/api/hands", content=b"{}", headers={**ORIGIN, "Content-Length": str(400 << 20), "Content-Type": "x"}
    )
    assert answer.status_code == 413


def test_bodies_json_cannot_take_are_400_not_500(client: TestClient) -> None:
    for body in ('{"win": ' + "9" * 5000 + "}", "[" * 100_000 + "]" * 100_000):
        answer = client.post("/api/hands", content=body.encode(), headers=ORIGIN)
        assert answer.status_code in (400, 413) and set(answer.json()) >= {"error", "field"}, body[:20]


def test_an_unreadable_ledger_is_a_json_error_and_a_problem_card(tmp_path: Path) -> None:
    gbk = tmp_path / "gbk.yaml"
    gbk.write_bytes("stakes: 1\ndealer: E\nplayers: {E: 老王}\nhands:\n".encode("gbk"))
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    for path in (gbk, folder):
        with client_for(path) as client:
            api = client.get("/api/evening")
            assert api.status_code == 422 and set(api.json()) >= {"error", "field"}
            page = client.get("/")
            assert page.status_code == 200 and "problem" in page.text and "Traceback" not in page.text


def test_the_redirect_stays_on_this_server(ledger: Path) -> None:
    with client_for(ledger, signed_in=False) as browser:
        for path in ("//evil.example/", "/\\evil.example/", "///evil.example/x"):
            answer = browser.get(f"http://127.0.0.1:8000{path}?t={TOKEN}", follow_redirects=False)
            location = answer.headers["location"]
            assert location.startswith("/") and not location.startswith("//") and "\\" not in location[:2]


def test_a_hostile_name_does_not_change_the_document(client: TestClient) -> None:
    names = {"E": "<!--<script>", "S": "</script>", "W": "]]>", "N": "a&b"}
    assert (
        client.post("/api/hands", json={"win": {"type": "draw"}, "players": names}, headers=ORIGIN).status_code == 201
    )
    page = client.get("/").text
    script = page.split('id="ctx">', 1)[1].split("</script>", 1)[0]
    assert "<" not in script and json.loads(script)["seats"][0]["name"] == "<!--<script>"
    assert "<!--<script>" not in page


def test_sec_fetch_site_first_then_origin(client: TestClient) -> None:
    cross = client.post("/api/undo", headers={"Sec-Fetch-Site": "cross-site", **ORIGIN})
    assert cross.status_code == 403
    assert client.post("/api/undo", headers={"Sec-Fetch-Site": "same-origin"}).status_code == 200


def test_bearer_with_a_cookie_needs_the_origin(client: TestClient) -> None:
    assert client.post("/api/undo", headers={**BEARER, "Origin": "http://evil.example"}).status_code == 403


def test_bearer_alone_needs_no_origin(ledger: Path) -> None:
    with client_for(ledger, signed_in=False) as script:
        assert script.post("/api/undo", headers=BEARER).status_code == 200


def test_a_hand_without_its_win_type_is_said_in_the_page_s_language(client: TestClient) -> None:
    zh = client.post("/api/hands", json={"win": {}, "number": 99}, headers=ORIGIN).json()["error"]
    assert "bomb" not in zh and "heavenly" not in zh and "炸弹" in zh
    en = client.post("/api/hands?lang=en", json={"win": {}}, headers=ORIGIN).json()["error"]
    assert "bomb" in en


def test_a_table_change_before_any_evening_is_404(tmp_path: Path) -> None:
    with client_for(tmp_path / "new.yaml") as client:
        answer = client.post("/api/table", json={"stakes": 2}, headers=ORIGIN)
        assert answer.status_code == 404 and not (tmp_path / "new.yaml").exists()


def test_an_evening_is_kept_by_its_version_and_an_undo_finds_it_again(ledger: Path) -> None:
    from gangci_calc.commands.session import changes
    from gangci_calc.commands.web.ledger_state import LedgerState

    state = LedgerState(ledger)
    first = state.current()
    assert state.current() is first  # the same bytes: the evening kept, not settled anew
    with changes.locked(ledger):
        changes.add_data(str(ledger), BOMB)
    grown = state.current()
    assert grown.version != first.version and len(grown.session.hands) == len(first.session.hands) + 1
    with changes.locked(ledger):
        changes.remove_last(str(ledger))
    assert state.current() is first  # the same bytes again: the same evening, not settled anew
    ledger.write_text(ledger.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # an editor's save
    assert state.current().version not in (first.version, grown.version)


def test_the_hand_rows_made_once_follow_every_change(client: TestClient, ledger: Path) -> None:
    """The page's rows of hands are made again only for hands that changed: after each change the part served is
    the part made with no row kept (an edit that moves later dealers and amounts included)."""
    from gangci_calc.commands.web import page

    def made_anew() -> str:
        page._rows.clear()
        return page.evening_part(client.app.state.served.state.current(), "zh")  # type: ignore[attr-defined]

    count = hands_in(ledger)
    changes = [
        lambda: client.post("/api/hands", json={**BOMB, "number": count + 1}, headers=ORIGIN),
        lambda: client.put("/api/hands/2", json={"win": {"type": "bomb", "winner": "N"}}, headers=ORIGIN),
        lambda: client.post("/api/table", json={"players": {"N": "小赵"}}, headers=ORIGIN),
        lambda: client.post("/api/hands", json={"win": {"type": "draw"}, "number": count + 2}, headers=ORIGIN),
        lambda: client.post("/api/undo", headers=ORIGIN),
    ]
    client.get("/part?lang=zh")
    for change in changes:
        assert change().status_code in (200, 201)
        served = client.get("/part?lang=zh").text
        assert served == made_anew()
        assert served.count('<article class="hand"') == hands_in(ledger)
