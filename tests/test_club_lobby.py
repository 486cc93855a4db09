"""``gangci serve DIR``: the club night at one address. The lobby names tonight's tables (older evenings read
only) and opens a new one; each table is the one-ledger app at ``/t/NAME/`` with its own ledger, lock and event
stream. Three tables played at once, by several phones each (threads over real sockets), each ledger right."""

from __future__ import annotations

import datetime
import json
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import uvicorn
import yaml

from gangci_calc.commands.session.show import session_output
from gangci_calc.commands.web.club.lobby import Club, club_app, rewritten
from gangci_calc.commands.web.serve import bind
from tests.conftest import EXAMPLES

TOKEN = "club-token-0123456789"
TONIGHT = "stakes: 1\npolicy: false\ndealer: E\nplayers: {{E: {a}, S: {b}, W: {c}, N: {d}}}\nhands:\n"


@contextmanager
def club_running(folder: Path) -> Iterator[str]:
    bound = bind(["127.0.0.1"], 0)
    port = bound.sockets[0].getsockname()[1]
    club = Club(folder, TOKEN, frozenset({"127.0.0.1"}), port, f"http://127.0.0.1:{port}/?t={TOKEN}")
    server = uvicorn.Server(uvicorn.Config(club_app(club), log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, kwargs={"sockets": bound.sockets}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def phone(base: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30)


def a_night(folder: Path) -> None:
    people = [("老王", "小李", "张姐", "阿强"), ("甲", "乙", "丙", "丁"), ("赵", "钱", "孙", "李")]
    for n, (a, b, c, d) in enumerate(people, 1):
        (folder / f"table{n}.yaml").write_text(TONIGHT.format(a=a, b=b, c=c, d=d), encoding="utf-8")
    shutil.copy(EXAMPLES / "club" / "session-2026-11-10.yaml", folder / "old-night.yaml")


def test_the_lobby_names_tonights_tables_and_the_older_evenings(tmp_path: Path) -> None:
    a_night(tmp_path)
    with club_running(tmp_path) as base, phone(base) as client:
        assert client.get("/").status_code == 200
        lobby = client.get("/").text
        for n in (1, 2, 3):
            assert f'href="/t/table{n}/"' in lobby
        older = lobby.split('id="older"', 1)[1]
        assert "old-night" in older and "2026-11-10" in older and "table1" not in older
        assert lobby.count("<svg") == 1  # one QR for the club
        assert httpx.get(f"{base}/").status_code == 401  # the token, as for a table
        assert httpx.get(f"{base}/t/table1/api/evening").status_code == 401
        # a table's page: its own evening, its links and its script's URLs under its path
        page = client.get("/t/table2/").text
        assert "甲" in page and "老王" not in page
        assert "<h1>杠次记账 · table2</h1>" in page and '<a id="lobby-link" href="/">' in page
        assert 'href="/t/table2/static/app.css"' in page and 'data-root="/t/table2"' in page
        assert client.get("/t/table2/static/app.js").status_code == 200
        manifest = client.get("/t/table2/club/manifest.webmanifest").json()
        assert manifest["start_url"] == manifest["scope"] == "/t/table2/" and "table2" in manifest["name"]
        assert all(client.get(icon["src"]).status_code == 200 for icon in manifest["icons"])
        assert client.get("/t/table2/season").status_code == 200  # the club's season beside it
        assert client.get("/t/nowhere/").status_code == 404
        # an older evening reads, and is never written
        assert client.get("/t/old-night/api/evening").status_code == 200
        before = (tmp_path / "old-night.yaml").read_bytes()
        refused = client.post("/t/old-night/api/undo")
        assert refused.status_code == 403 and "只能看" in refused.json()["error"]
        assert (tmp_path / "old-night.yaml").read_bytes() == before


def test_a_table_is_opened_from_the_lobby(tmp_path: Path) -> None:
    with club_running(tmp_path) as base, phone(base) as client:
        made = client.post("/api/tables", json={"name": "二号桌"})
        assert made.status_code == 201 and made.json()["href"] == "/t/%E4%BA%8C%E5%8F%B7%E6%A1%8C/"
        assert client.post("/api/tables", json={"name": "二号桌"}).status_code == 409
        assert client.post("/api/tables", json={"name": "../evil"}).status_code == 422
        assert not (tmp_path.parent / "evil.yaml").exists()
        href = made.json()["href"]
        today = datetime.date.today().isoformat()
        header = {"date": today, "players": {"E": "东家", "S": "南家", "W": "西家", "N": "北家"}, "dealer": "E"}
        header["stakes"] = 1
        assert client.post(f"{href}api/evening", json=header).status_code == 201
        assert client.post(f"{href}api/hands", json={"win": {"type": "bomb", "winner": "S"}}).status_code == 201
        assert "二号桌" in client.get("/").text
    saved = yaml.safe_load((tmp_path / "二号桌.yaml").read_text(encoding="utf-8"))
    assert saved["players"]["E"] == "东家" and len(saved["hands"]) == 1


HANDS = [
    {"win": {"type": "bomb", "winner": "S"}},
    {"win": {"type": "zhici", "winner": "W", "from": "N"}},
    {"win": {"type": "draw"}},
    {"win": {"type": "anci", "winner": "E"}},
    {"win": {"type": "bomb", "winner": "N"}},
]


def test_three_tables_played_at_once_each_ledger_right(tmp_path: Path) -> None:
    """Three phones a table, all saving at once: each table's hands land in its own ledger, in turn, none lost
    and none in another's; every phone's event stream is its own table's."""
    a_night(tmp_path)
    errors: list[str] = []
    with club_running(tmp_path) as base:

        def play(table: str, seat: int) -> None:
            with phone(base) as client:
                for n, hand in enumerate(HANDS):
                    if n % 3 != seat:
                        continue
                    while True:  # as a phone does: the number it means, asked again on a 409
                        count = len(client.get(f"/t/{table}/api/evening").json()["hands"])
                        if count < n:
                            time.sleep(0.01)
                            continue
                        answer = client.post(f"/t/{table}/api/hands", json={**hand, "number": n + 1})
                        if answer.status_code == 201:
                            break
                        if answer.status_code != 409:
                            errors.append(f"{table} {n + 1}: {answer.status_code} {answer.text}")
                            return

        threads = [threading.Thread(target=play, args=(f"table{t}", s)) for t in (1, 2, 3) for s in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert not errors, errors
        with phone(base) as client:
            for t in (1, 2, 3):
                served = client.get(f"/t/table{t}/api/evening").json()
                served.pop("version")
                assert served == json.loads(session_output(str(tmp_path / f"table{t}.yaml"), "json", "zh"))
    for t in (1, 2, 3):
        hands = yaml.safe_load((tmp_path / f"table{t}.yaml").read_text(encoding="utf-8"))["hands"]
        assert [h["win"] for h in hands] == [h["win"] for h in HANDS], t


def test_a_tables_html_is_put_under_its_path() -> None:
    html = b'<html><head><title>x</title></head><body data-lang="zh"><a href="/api/ledger">d</a>'
    html += b'<a href="//elsewhere/x">e</a><img src="/club/icon-192.png"></body>'
    out = rewritten(html, "/t/a")
    assert b'href="/t/a/api/ledger"' in out and b'src="/t/a/club/icon-192.png"' in out
    assert b'href="//elsewhere/x"' in out and b'<body data-root="/t/a" data-lang' in out
    assert out.index(b"<script>") < out.index(b"<title>")


@pytest.mark.parametrize("name", ["a b", "../x", "x" * 41, ""])
def test_a_table_name_is_a_plain_name(tmp_path: Path, name: str) -> None:
    from gangci_calc.commands.web.club.lobby import NAME

    assert not NAME.match(name)


def test_an_evening_dated_in_chinese_is_an_older_one(tmp_path: Path) -> None:
    text = (EXAMPLES / "club" / "session-2026-11-17.yaml").read_text(encoding="utf-8")
    assert "\ndate:" in text
    (tmp_path / "旧.yaml").write_text(text.replace("\ndate:", "\n日期:"), encoding="utf-8")
    with club_running(tmp_path) as base, phone(base) as client:
        lobby = client.get("/").text
        assert "旧" in lobby.split('id="older"', 1)[1] and "2026-11-17" in lobby
        assert client.post("/t/%E6%97%A7/api/undo").status_code == 403


@pytest.mark.process
def test_gangci_serve_a_folder_is_the_lobby_and_keeps_its_token(tmp_path: Path) -> None:
    """``gangci serve DIR`` as a process: one URL for the club, the lobby behind it, a table under /t/; a killed
    server's leftover beside a table's ledger removed; the token kept in DIR/.lobby.token for the next start."""
    from tests.test_web_restart import serving

    a_night(tmp_path)
    from gangci_calc.io.ledger.atomic import temp_name

    left = tmp_path / temp_name("table1.yaml")  # what a killed server left, named as serve names its own
    left.write_text("half", encoding="utf-8")
    with serving(tmp_path) as (base, token):
        bearer = {"Authorization": f"Bearer {token}"}
        assert 'href="/t/table1/"' in httpx.get(f"{base}/", headers=bearer).text
        assert httpx.get(f"{base}/t/table3/api/evening", headers=bearer).json()["players"]["E"] == "赵"
    assert not left.exists()
    assert (tmp_path / ".lobby.token").read_text(encoding="ascii").strip() == token
    with serving(tmp_path) as (_, again):
        assert again == token
