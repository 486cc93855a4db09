"""The table's page (``gangci serve``): the contract of docs/serve.md, route by route,
through Starlette's TestClient (no socket)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from gangci_calc.commands.session.show import session_output
from gangci_calc.commands.web.app import Settings, build_app

TOKEN = "s3cret-token-for-tests"
ORIGIN = {"Origin": "http://127.0.0.1:8000"}
BEARER = {"Authorization": f"Bearer {TOKEN}"}


def client_for(ledger: Path, *, signed_in: bool = True) -> TestClient:
    settings = Settings(ledger, TOKEN, frozenset({"127.0.0.1"}), 8000, f"http://127.0.0.1:8000/?t={TOKEN}")
    client = TestClient(build_app(settings), base_url="http://127.0.0.1:8000")
    if signed_in:
        client.get(f"/?t={TOKEN}", follow_redirects=False)
    return client


def hands_in(ledger: Path) -> int:
    return len(json.loads(session_output(str(ledger), "json", "zh"))["hands"])


# --- who may do what ----------------------------------------------------------------------------------------------


def test_no_token_gets_401_and_nothing_of_the_evening(ledger: Path) -> None:
    with client_for(ledger, signed_in=False) as anonymous:
        page = anonymous.get("/")
        assert page.status_code == 401
        assert "老王" not in page.text and "主持人" in page.text
        api = anonymous.get("/api/evening")
        assert api.status_code == 401 and set(api.json()) == {"error", "field"}
        assert anonymous.get("/api/evening?lang=en").json()["error"].startswith("Open this page")


@pytest.mark.parametrize(
    ("how", "value"),
    [("query", "wrong"), ("bearer", "wrong"), ("query", ""), ("bearer", TOKEN + "x")],
)
def test_a_wrong_token_gets_403(ledger: Path, how: str, value: str) -> None:
    with client_for(ledger, signed_in=False) as anonymous:
        if how == "query":
            answer = anonymous.get(f"/api/evening?t={value}")
        else:
            answer = anonymous.get("/api/evening", headers={"Authorization": f"Bearer {value}"})
        assert answer.status_code == 403
        assert "老王" not in answer.text


def test_a_cookie_not_of_the_token_now_is_an_expired_link(ledger: Path) -> None:
    """Only this port's server sets its cookie: one that is not the token's now is of a token it (or the server
    before it) no longer honours, so the page is told to scan the new code."""
    with client_for(ledger, signed_in=False) as anonymous:
        anonymous.cookies.set("gangci_8000", "wrong")
        answer = anonymous.get("/api/evening?lang=en")
        assert answer.status_code == 401 and answer.json()["reason"] == "expired"
        assert "scan the new QR code" in answer.json()["error"] and "老王" not in answer.text
        assert "扫主持人屏幕上新的二维码" in anonymous.get("/").text


def test_the_token_in_a_page_url_becomes_a_strict_httponly_cookie(ledger: Path) -> None:
    with client_for(ledger, signed_in=False) as browser:
        answer = browser.get(f"/?lang=en&t={TOKEN}", follow_redirects=False)
        assert answer.status_code == 303
        assert answer.headers["location"] == "/?lang=en"  # the token is gone from the address bar
        cookie = answer.headers["set-cookie"]
        assert "gangci_8000=" in cookie and "HttpOnly" in cookie and "samesite=strict" in cookie.lower()
        assert TOKEN not in cookie  # an HMAC of the token: a cookie seen is not the link
        assert browser.get("/").status_code == 200


def test_bearer_and_api_query_token_work_without_a_cookie(ledger: Path) -> None:
    with client_for(ledger, signed_in=False) as script:
        assert script.get("/api/evening", headers=BEARER).status_code == 200
        assert script.get(f"/api/evening?t={TOKEN}").status_code == 200
        added = script.post("/api/hands", json={"win": {"type": "draw"}}, headers=BEARER)  # no Origin needed
        assert added.status_code == 201


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.2:8000", "[::2]:8000"])
def test_a_foreign_host_gets_400_even_with_the_token(ledger: Path, host: str) -> None:
    with client_for(ledger) as client:
        assert client.get("/api/evening", headers={"Host": host, **BEARER}).status_code == 400
        assert client.get("/", headers={"Host": host}).status_code == 400


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST"])
def test_loopback_names_are_served(ledger: Path, host: str) -> None:
    with client_for(ledger) as client:
        assert client.get("/api/evening", headers={"Host": host, **BEARER}).status_code == 200


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://127.0.0.1:9999"},
        {"Referer": "http://evil.example/"},
        {"Origin": "https://127.0.0.1:8000"},
    ],
)
def test_a_cookie_write_from_another_origin_gets_403(client: TestClient, ledger: Path, headers: dict[str, str]) -> None:
    before = ledger.read_bytes()
    for method, path in (("POST", "/api/hands"), ("PUT", "/api/hands/1"), ("POST", "/api/undo")):
        answer = client.request(method, path, json={"win": {"type": "draw"}}, headers=headers)
        assert answer.status_code == 403, (method, path)
    assert ledger.read_bytes() == before


def test_a_cookie_write_from_the_page_is_taken(client: TestClient) -> None:
    assert client.post("/api/hands", json={"win": {"type": "draw"}}, headers=ORIGIN).status_code == 201
    referer = {"Referer": "http://127.0.0.1:8000/?lang=en"}
    assert client.post("/api/hands", json={"win": {"type": "draw"}}, headers=referer).status_code == 201


@pytest.mark.parametrize(
    "path",
    [
        "/static/../../etc/passwd",
        "/static/..%2F..%2Fetc%2Fpasswd",
        "/static/app.js/../../tonight.yaml",
        "/tonight.yaml",
        "/static/%2e%2e/web/app.py",
        "/static/templates/page.html",
        "/../tonight.yaml",
    ],
)
def test_no_path_reaches_a_file_but_the_page_s_own(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert "hands:" not in answer.text and "import" not in answer.text


def test_the_page_loads_only_its_own_files(client: TestClient) -> None:
    page = client.get("/").text
    assert "http://" not in page.replace("http://127.0.0.1:8000/?t=", "").replace('xmlns="http://www.w3.org/', "")
    for name in ("app.js", "app.css"):
        assert client.get(f"/static/{name}").status_code == 200


def test_no_request_writes_any_file_but_the_ledger(client: TestClient, ledger: Path) -> None:
    before = sorted(p.name for p in ledger.parent.iterdir())
    client.post("/api/hands", json={"win": {"type": "bomb", "winner": "S"}}, headers=ORIGIN)
    client.put("/api/hands/1", json={"win": {"type": "bomb", "winner": "S"}}, headers=ORIGIN)
    client.post("/api/undo", headers=ORIGIN)
    assert sorted(p.name for p in ledger.parent.iterdir()) == before  # the lock file is gone again


# --- the JSON API -------------------------------------------------------------------------------------------------


def test_get_evening_is_the_session_json_plus_a_version(client: TestClient, ledger: Path) -> None:
    for lang in ("zh", "en"):
        answer = client.get(f"/api/evening?lang={lang}")
        assert answer.status_code == 200
        data = answer.json()
        version = data.pop("version")
        assert isinstance(version, int) and answer.headers["etag"] == f'"{version}"'
        assert data["next"]["number"] == len(data["hands"]) + 1
        assert data == json.loads(session_output(str(ledger), "json", lang))  # one document, next included


def test_the_version_changes_with_every_change_whoever_makes_it(client: TestClient, ledger: Path) -> None:
    first = client.get("/api/evening").json()["version"]
    added = client.post("/api/hands", json={"win": {"type": "draw"}}, headers=ORIGIN).json()
    second = client.get("/api/evening").json()["version"]
    assert first != second == added["version"]
    ledger.write_text(ledger.read_text(encoding="utf-8") + "  - win: {type: draw}\n", encoding="utf-8")  # by hand
    assert client.get("/api/evening").json()["version"] != second


def test_post_hand_appends_it_and_answers_its_net(client: TestClient, ledger: Path) -> None:
    count = hands_in(ledger)
    answer = client.post(
        "/api/hands", json={"win": {"type": "bomb", "winner": "S"}, "bets": {"S": {"piao": 1}}}, headers=ORIGIN
    )
    assert answer.status_code == 201
    body = answer.json()
    assert body["hand"] == count + 1
    assert body["net"] == json.loads(session_output(str(ledger), "json", "zh"))["hands"][-1]["net"]
    assert sum(body["net"].values()) == 0
    assert ledger.read_text(encoding="utf-8").endswith("  - win: {type: bomb, winner: S}\n    bets: {S: {piao: 1}}\n")


def test_chinese_keys_are_taken_as_in_a_file(client: TestClient, ledger: Path) -> None:
    answer = client.post("/api/hands", json={"胡牌": {"类型": "暗呲", "赢家": "南"}}, headers=ORIGIN)
    assert answer.status_code == 201, answer.text
    assert ledger.read_text(encoding="utf-8").endswith("  - win: {type: anci, winner: S}\n")


@pytest.mark.parametrize(
    ("hand", "field", "zh", "en"),
    [
        ({"win": {"type": "heavenly", "winner": "E"}}, "win.winner", "庄家", "dealer"),
        ({"win": {"type": "zhici", "winner": "E"}}, "win", "", ""),
        ({"win": {"type": "bomb", "winner": "X"}}, "win.winner", "座位", "seat"),
        ({"win": {"type": "bomb", "winner": "S"}, "bets": {"W": {"di": 1}}}, "bets.W.di", "庄", "dealer"),
        ({"win": {"type": "bomb", "winner": "S"}, "bets": {"S": {"piao": 1.0}}}, "bets.S.piao", "整数", "whole"),
        ({"win": {"type": "bomb", "winner": "S"}, "note": "x"}, "note", "不认识", "unknown"),
        ({"win": {"type": "draw"}, "kongs": [{"by": "E", "type": "exposed"}]}, "kongs[0]", "", ""),
        ([1, 2], "", "映射", "mapping"),
    ],
)
def test_a_bad_hand_gets_422_with_its_field_and_the_ledger_is_unchanged(
    client: TestClient, ledger: Path, hand: object, field: str, zh: str, en: str
) -> None:
    before = ledger.read_bytes()
    for lang, word in (("zh", zh), ("en", en)):
        answer = client.post(f"/api/hands?lang={lang}", json=hand, headers=ORIGIN)
        assert answer.status_code == 422, answer.text
        error = answer.json()
        assert error["field"].startswith(field) and word in error["error"]
    assert ledger.read_bytes() == before


def test_the_api_speaks_the_accept_language(client: TestClient) -> None:
    bad = {"win": {"type": "bomb", "winner": "X"}}
    english = client.post("/api/hands", json=bad, headers={**ORIGIN, "Accept-Language": "en-GB,en;q=0.9"})
    assert "seat" in english.json()["error"]
    chinese = client.post("/api/hands", json=bad, headers={**ORIGIN, "Accept-Language": "zh-CN"})
    assert "座位" in chinese.json()["error"]


def test_a_key_twice_and_bad_json_are_refused(client: TestClient, ledger: Path) -> None:
    before = ledger.read_bytes()
    twice = client.post(
        "/api/hands", content='{"win": {"type": "draw"}, "win": {"type": "bomb", "winner": "S"}}', headers=ORIGIN
    )
    assert twice.status_code == 422 and twice.json()["field"] == "win"
    assert client.post("/api/hands", content="{not json", headers=ORIGIN).status_code == 400
    assert client.post("/api/hands", content=b"\xff\xfe", headers=ORIGIN).status_code == 400
    assert ledger.read_bytes() == before


def test_put_replaces_hand_n_and_later_dealers_follow(client: TestClient, ledger: Path) -> None:
    before = json.loads(session_output(str(ledger), "json", "zh"))
    answer = client.put("/api/hands/1", json={"win": {"type": "bomb", "winner": "E"}}, headers=ORIGIN)
    assert answer.status_code == 200 and answer.json()["hand"] == 1
    after = json.loads(session_output(str(ledger), "json", "zh"))
    assert after["hands"][0]["win"]["winner"] == "E" and after["hands"][1]["dealer"] == "E"
    assert before["hands"][1]["dealer"] == "S"
    assert len(after["hands"]) == len(before["hands"])


def test_put_out_of_range_is_404_and_an_edit_breaking_a_later_hand_is_422(client: TestClient, ledger: Path) -> None:
    before = ledger.read_bytes()
    assert client.put("/api/hands/99", json={"win": {"type": "draw"}}, headers=ORIGIN).status_code == 404
    assert client.put("/api/hands/0", json={"win": {"type": "draw"}}, headers=ORIGIN).status_code == 404
    # hand 6 is 天胡 by N, the dealer after hand 5 (won by N): a new winner of hand 5 breaks it
    broken = client.put("/api/hands/5", json={"win": {"type": "bomb", "winner": "E"}}, headers=ORIGIN)
    assert broken.status_code == 422
    assert "hands[5]" in broken.json()["field"] or "6" in broken.json()["error"]
    assert ledger.read_bytes() == before


def test_a_stale_if_match_gets_412_and_a_fresh_one_passes(client: TestClient, ledger: Path) -> None:
    seen = client.get("/api/evening").json()["version"]
    client.post("/api/hands", json={"win": {"type": "draw"}}, headers=ORIGIN)  # another phone, meanwhile
    before = ledger.read_bytes()
    for method, path in (("PUT", "/api/hands/1"), ("POST", "/api/undo"), ("POST", "/api/hands")):
        stale = client.request(
            method, path, json={"win": {"type": "draw"}}, headers={**ORIGIN, "If-Match": f'"{seen}"'}
        )
        assert stale.status_code == 412, (method, path)
    assert ledger.read_bytes() == before
    fresh = client.get("/api/evening").json()["version"]
    assert client.post("/api/undo", headers={**ORIGIN, "If-Match": f'"{fresh}"'}).status_code == 200


def test_undo_removes_the_last_hand_and_409_on_an_empty_evening(client: TestClient, ledger: Path) -> None:
    count = hands_in(ledger)
    assert client.post("/api/undo", headers=ORIGIN).json() == {
        "removed": count,
        "version": client.get("/api/evening").json()["version"],
    }
    for _ in range(count - 1):
        assert client.post("/api/undo", headers=ORIGIN).status_code == 200
    empty = client.post("/api/undo", headers=ORIGIN)
    assert empty.status_code == 409 and "撤销" in empty.json()["error"]


def test_a_new_evening_on_a_missing_ledger_then_409(tmp_path: Path) -> None:
    ledger = tmp_path / "new.yaml"
    with client_for(ledger) as client:
        assert client.get("/api/evening").status_code == 404
        assert "new-evening" in client.get("/").text
        header = {
            "players": {"E": "老王", "S": "小李", "W": "张姐", "N": "阿强"},
            "dealer": "E",
            "stakes": 1,
            "policy": True,
            "rules": {"baoci": True},
        }
        bad = client.post("/api/evening", json={**header, "dealer": "X"}, headers=ORIGIN)
        assert bad.status_code == 422 and bad.json()["field"] == "dealer"
        assert not ledger.exists()
        assert client.post("/api/evening", json=header, headers=ORIGIN).status_code == 201
        assert client.post("/api/evening", json=header, headers=ORIGIN).status_code == 409
        assert (
            client.post(
                "/api/hands", json={"win": {"type": "zhici", "winner": "S", "from": "W", "bao": True}}, headers=ORIGIN
            ).status_code
            == 201
        )
        evening = client.get("/api/evening").json()
    # 包次: 张姐 pays all three shares of the 直呲 (2C + G, and ½C twice): 1200 + 100 + 600
    assert {"name": "小李", "total": 1900} in evening["people"] and {"name": "张姐", "total": -1900} in evening[
        "people"
    ]


def test_preview_settles_without_writing(client: TestClient, ledger: Path) -> None:
    before = ledger.read_bytes()
    answer = client.post(
        "/api/preview?lang=en", json={"win": {"type": "zhici", "winner": "S", "from": "E"}}, headers=ORIGIN
    )
    assert answer.status_code == 200
    body = answer.json()
    assert sum(body["net"].values()) == 0 and body["line"].startswith(f"{hands_in(ledger) + 1}.")
    assert any("direct ci" in line for line in body["explain"])
    assert ledger.read_bytes() == before


def test_get_hand_n_gives_the_form_its_fields_and_keeps_the_rest(client: TestClient, ledger: Path) -> None:
    client.post("/api/hands", json={"win": {"type": "draw"}, "id": "T-7", "meta": {"table": 3}}, headers=ORIGIN)
    count = hands_in(ledger)
    data = client.get(f"/api/hands/{count}").json()
    assert data["hand"] == {"win": {"type": "draw"}} and data["kept"] == {"id": "T-7", "meta": {"table": 3}}
    edited = client.put(
        f"/api/hands/{count}",
        json={**data["hand"], **data["kept"], "win": {"type": "bomb", "winner": "E"}},
        headers=ORIGIN,
    )
    assert edited.status_code == 200
    assert 'id: "T-7"' in ledger.read_text(encoding="utf-8")
    assert client.get("/api/hands/999").status_code == 404


def test_the_page_shows_bao_mi_and_dealers(tmp_path: Path) -> None:
    ledger = tmp_path / "house.yaml"
    ledger.write_text(
        "stakes: 1\npolicy: true\ndealer: E\nplayers: {E: 老王, S: 小李, W: 张姐, N: 阿强}\n"
        "rules: {baoci: true, xiami: 1000}\nhands:\n  - win: {type: zhici, winner: S, from: W, bao: true}\n"
        "  - win: {type: draw}\n",
        encoding="utf-8",
    )
    with client_for(ledger) as client:
        page = client.get("/").text
    rows = {
        number: re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", row))
        for number, row in re.findall(r'<article class="hand" data-hand="(\d+)">(.*?)</article>', page, re.S)
    }
    assert "[庄东] 直呲 南←西 包次" in rows["1"] and "南 小李 +1900 西 张姐 -1900" in rows["1"], rows
    assert "[庄南] 流局" in rows["2"] and "米: 南1" in rows["2"] and "米" not in rows["1"], rows
    chart = page[page.index('id="chart"') :]
    assert chart.index("<svg") < chart.index("</section>")  # the chart drawn in its card


def test_the_page_speaks_english_by_its_switch(client: TestClient) -> None:
    english = client.get("/?lang=en")
    assert "Standings" in english.text and "gangci_lang=en" in english.headers["set-cookie"]
    assert "Standings" in client.get("/").text  # the switch is kept
    assert "总排名" in client.get("/?lang=zh").text


def test_a_broken_ledger_is_shown_not_crashed(client: TestClient, ledger: Path) -> None:
    ledger.write_text("stakes: 1\ndealer: Q\nhands: []\n", encoding="utf-8")
    page = client.get("/")
    problem = re.search(r'<section class="card problem">(.*?)</section>', page.text, re.S)
    assert page.status_code == 200 and problem is not None and "2:9" in problem.group(1) and "Q" in problem.group(1)
    assert client.get("/api/evening").status_code == 422


def test_the_terminal_qr_code_fits_a_chinese_windows_console() -> None:
    from gangci_calc.commands.web.serve import terminal_qr

    url = f"http://192.168.1.5:8000/?t={TOKEN}"
    utf8, gbk = terminal_qr(url), terminal_qr(url, "gbk")
    assert "▀" in utf8 or "▄" in utf8
    gbk.encode("gbk")  # every character shows on a GBK console
    rows = gbk.splitlines()
    assert "▀" not in gbk and len(set(map(len, rows))) == 1  # a square of whole blocks
    assert len(rows) >= 2 * len(utf8.splitlines()) - 2  # one line per module row, not two rows a line


def test_the_evening_after_many_writes_is_still_the_cli_s(client: TestClient, ledger: Path) -> None:
    """The server keeps the evening as it grows (no re-reading after its own hands): still exactly the CLI's."""
    plays = [
        {"win": {"type": "bomb", "winner": "S"}, "bets": {"S": {"piao": 1}}},
        {"win": {"type": "zhici", "winner": "W", "from": "E"}, "kongs": [{"by": "N", "type": "concealed"}]},
        {"win": {"type": "draw"}, "players": {"E": "老王", "S": "小李", "W": "张姐", "N": "小赵"}},
        {"win": {"type": "anci", "winner": "N"}, "rules": {"xiami": 1000}},
        {"win": {"type": "draw"}},
        {"win": {"type": "xuci", "winner": "E", "from": "S"}, "fee": {"per_hand": 10}},
    ]
    for hand in plays:
        assert client.post("/api/hands", json=hand, headers=ORIGIN).status_code == 201
        data = client.get("/api/evening?lang=en").json()
        data.pop("version")
        assert data == json.loads(session_output(str(ledger), "json", "en"))
    client.post("/api/undo", headers=ORIGIN)
    client.put("/api/hands/2", json={"win": {"type": "draw"}}, headers=ORIGIN)
    data = client.get("/api/evening").json()
    data.pop("version")
    assert data == json.loads(session_output(str(ledger), "json", "zh"))
    assert "小赵" in client.get("/part").text


def test_get_evening_validates_against_the_evening_schema(client: TestClient) -> None:
    import jsonschema

    from gangci_calc.io.export.json_schema import schema

    client.post("/api/hands", json={"win": {"type": "zhici", "winner": "S", "from": "E"}}, headers=ORIGIN)
    body = client.get("/api/evening").json()
    assert list(jsonschema.Draft202012Validator(schema("evening")).iter_errors(body)) == []


def test_a_table_of_three_with_the_tiles_left(tmp_path: Path) -> None:
    """三人场 and 包次 from the tiles left through the page: three seats in the form, tiles_left written and read."""
    ledger = tmp_path / "three.yaml"
    ledger.write_text("stakes: 2\ndealer: E\nrules: {three_players: true, baoci: true}\nhands:\n", encoding="utf-8")
    with client_for(ledger) as client:
        page = client.get("/").text
        assert 'id="tiles-left"' in page
        hand = {"win": {"type": "zhici", "winner": "W", "from": "S"}, "tiles_left": 6}
        answer = client.post("/api/hands", json=hand, headers=ORIGIN)
        assert answer.status_code == 201, answer.text
        assert answer.json()["net"] == {"E": 0, "S": -16000, "W": 16000, "N": 0}  # 包次: 6 ≤ the mark 10
        north = client.post("/api/hands", json={"win": {"type": "bomb", "winner": "N"}}, headers=ORIGIN)
        assert north.status_code == 422 and north.json()["field"] == "win.winner"
        assert client.get("/api/hands/1").json()["kept"] == {"tiles_left": 6}
    assert "tiles_left: 6" in ledger.read_text(encoding="utf-8")
