"""The terminal and the phones share the table (issue 50, item 2): the ledger's lock is held only while a change
is written, never while a person answers; the page's writes wait a few seconds at most, name who holds the lock,
are never done for a phone that gave up, and never hold the server's threads. Process tier (``pytest -m process``).

Each test failed on the code before it (the lock held at every prompt, page writes queued on threads for a minute).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from gangci_calc.commands.session.show import session_output
from tests.conftest import EXAMPLES, ROOT
from tests.test_terminal_answers import Terminal
from tests.web_server import TOKEN, running

pytestmark = [pytest.mark.process, pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")]
BEARER = {"Authorization": f"Bearer {TOKEN}"}
SLOW = 5.0  # no page answer may take this long (each was a minute, or never, before); measured: well under 1 s


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Callable[..., Terminal]]:
    """Start gangci on a pseudo-terminal in ``tmp_path``; whatever a test leaves running is killed after it."""
    started: list[Terminal] = []

    def _start(args: list[str]) -> Terminal:
        started.append(Terminal(args, tmp_path))
        return started[-1]

    yield _start
    for terminal in started:
        if terminal.process.poll() is None:
            terminal.process.kill()
            terminal.process.wait(10)
            os.close(terminal.controller)


def _ledger(tmp_path: Path) -> Path:
    path = tmp_path / "evening.yaml"
    path.write_bytes((EXAMPLES / "session-people.yaml").read_bytes())  # 6 hands; hand 7 next: 北 阿强 deals
    return path


def _hands(ledger: Path) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = json.loads(session_output(str(ledger), "json", "en"))["hands"]
    return hands


def _wins(hands: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
    return [(hand["win"]["type"], hand["win"].get("winner")) for hand in hands]


def _timed(call: Callable[[], httpx.Response]) -> tuple[int, float]:
    began = time.monotonic()
    reply = call()
    return reply.status_code, time.monotonic() - began


@pytest.mark.parametrize("how", ["--play", "--add"])
def test_phones_add_edit_and_undo_while_the_terminal_waits_at_a_prompt(
    start: Callable[..., Terminal], tmp_path: Path, how: str
) -> None:
    """Before: every write waited behind the terminal's prompt for a minute, then 503. Now each is answered at once,
    and the terminal's hand goes after the phones' hands, saying so (the dealer is still 北: it is taken)."""
    ledger = _ledger(tmp_path)
    terminal = start(["session", str(ledger), how])
    terminal.wait_for("庄家 [北]: ")  # at the prompt of hand 7
    with running(ledger) as base, httpx.Client(base_url=base, headers=BEARER, timeout=SLOW * 3) as phone:
        north_wins = {"win": {"type": "bomb", "winner": "N"}}
        answers = [
            _timed(lambda: phone.post("/api/hands", json={**north_wins, "number": 7})),
            _timed(lambda: phone.put("/api/hands/3", json={"win": {"type": "bomb", "winner": "W"}})),
            _timed(lambda: phone.post("/api/undo")),
            _timed(lambda: phone.post("/api/hands", json={**north_wins, "number": 7})),
            _timed(lambda: phone.post("/api/hands", json={**north_wins, "number": 8})),
        ]
        assert [status for status, _ in answers] == [201, 200, 200, 201, 201]
        assert max(took for _, took in answers) < SLOW, answers
        at = terminal.answer("庄家 [北]: ", "")
        at = terminal.answer("怎么胡的", "1", at)  # 炸弹
        at = terminal.answer("谁胡的: ", "西", at)
        at = terminal.answer("这局的杠", "-", at)
        at = terminal.wait_for("这一局记为第 9 局", at)
        if how == "--play":
            terminal.answer("第 10 局", ":q", at)
        assert terminal.finish() == 0, terminal.screen()
        evening = phone.get("/api/evening").json()
    hands = _hands(ledger)
    assert len(hands) == 9 and evening["hands"] == hands  # the phones' 7 and 8 kept, the terminal's as 9
    assert _wins(hands[6:]) == [("bomb", "N"), ("bomb", "N"), ("bomb", "W")]
    assert _wins(hands[2:3]) == [("bomb", "W")]  # the phone's edit kept too


def test_the_terminal_asks_again_when_a_phone_moved_its_dealer(start: Callable[..., Terminal], tmp_path: Path) -> None:
    """A phone's hand that makes 东 the next dealer: the answers given for 北's hand are not written; asked again."""
    ledger = _ledger(tmp_path)
    terminal = start(["session", str(ledger), "--play"])
    at = terminal.answer("庄家 [北]: ", "")
    at = terminal.answer("怎么胡的", "1", at)
    at = terminal.wait_for("谁胡的: ", at)
    with running(ledger) as base:
        reply = httpx.post(
            f"{base}/api/hands", json={"win": {"type": "bomb", "winner": "E"}, "number": 7}, headers=BEARER, timeout=15
        )
        assert reply.status_code == 201
    at = terminal.answer("谁胡的: ", "西", at - len("谁胡的: "))
    at = terminal.answer("这局的杠", "-", at)
    at = terminal.wait_for("下一局 (第 8 局) 的庄家、座位或规矩已不同：什么也没写", at)
    at = terminal.answer("庄家 [东]: ", "", at)  # hand 8 asked again, 东 dealing
    at = terminal.answer("怎么胡的", "7", at)  # 流局
    at = terminal.answer("这局的杠", "-", at)
    terminal.answer("第 9 局", ":q", at)
    assert terminal.finish() == 0, terminal.screen()
    assert _wins(_hands(ledger)[6:]) == [("bomb", "E"), ("draw", None)]


def test_the_terminal_s_edit_is_asked_again_when_a_phone_edited_the_hand(
    start: Callable[..., Terminal], tmp_path: Path
) -> None:
    ledger = _ledger(tmp_path)
    terminal = start(["session", str(ledger), "--edit", "6"])
    at = terminal.wait_for("庄家 [")
    with running(ledger) as base:
        reply = httpx.put(f"{base}/api/hands/6", json={"win": {"type": "draw"}}, headers=BEARER, timeout=15)
        assert reply.status_code == 200
    at = terminal.answer("庄家 [", "", at - len("庄家 ["))
    at = terminal.answer("怎么胡的", "1", at)
    at = terminal.answer("谁胡的", "南", at)
    at = terminal.answer("这局的杠", "-", at)
    at = terminal.wait_for("第 6 局或它之前的牌局被别处改了：什么也没写", at)
    assert _wins(_hands(ledger)[5:6]) == [("draw", None)]  # the phone's edit stands
    at = terminal.answer("庄家 [", "", at)  # asked again, from the hand as the phone left it
    at = terminal.answer("怎么胡的", "1", at)
    at = terminal.answer("谁胡的", "南", at)
    terminal.answer("这局的杠", "-", at)
    assert terminal.finish() == 0, terminal.screen()
    assert _wins(_hands(ledger)[5:6]) == [("bomb", "S")]


# --- a lock someone else holds ----------------------------------------------------------------------------------

_HOLD = """
import sys
from gangci_calc.io.ledger.lock import ledger_lock
path = sys.argv[1]
sys.argv = ["gangci", "session", path, "--play", "--rules=secret"]
with ledger_lock(path):
    print("held", flush=True)
    sys.stdin.readline()
"""


@contextmanager
def held(ledger: Path) -> Iterator[subprocess.Popen[str]]:
    """The ledger's lock held by another process (a gangci of the old kind at a prompt) until the block ends."""
    process = subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(ledger)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stdout is not None and process.stdin is not None
    try:
        assert process.stdout.readline().strip() == "held"
        yield process
    finally:
        process.stdin.close()
        process.wait(10)


def test_a_page_write_that_cannot_have_the_lock_says_who_holds_it(ledger: Path) -> None:
    """Before: 60 s, then 503 "another gangci is entering a hand", no word of whose."""
    with running(ledger) as base, held(ledger) as holder:
        began = time.monotonic()
        en = httpx.post(f"{base}/api/undo?lang=en", headers=BEARER, timeout=SLOW * 3)
        took = time.monotonic() - began
        zh = httpx.post(f"{base}/api/undo", headers=BEARER, timeout=SLOW * 3)
    assert en.status_code == 503 and zh.status_code == 503 and took < SLOW
    assert f"gangci session --play --rules at a terminal (process {holder.pid})" in en.json()["error"], en.json()
    assert f"终端上的 gangci session --play --rules (进程 {holder.pid})" in zh.json()["error"], zh.json()  # no value
    assert en.json()["holder"] == {"pid": holder.pid, "by": "terminal", "user": None}


def _abandoned(base: str, path: str) -> None:
    """A POST whose phone gives up: sent whole, then the connection closed before any answer."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=5) as sock:
        head = f"POST {path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {TOKEN}\r\nContent-Length: 0\r\n\r\n"
        sock.sendall(head.encode())
        time.sleep(0.3)


def test_a_write_whose_phone_gave_up_is_never_done_later(ledger: Path) -> None:
    """Before: 45 undos given up by their phones all ran once the lock was free, and emptied the evening."""
    before = ledger.read_bytes()
    with running(ledger) as base:
        with held(ledger):
            gave_up = [threading.Thread(target=_abandoned, args=(base, "/api/undo")) for _ in range(5)]
            for thread in gave_up:
                thread.start()
            for thread in gave_up:
                thread.join(10)
            time.sleep(0.2)  # the server has seen them go (the first waits in a thread for this lock)
        time.sleep(0.5)  # the lock free again, well within the page's few seconds: nothing may run now
        evening = httpx.get(f"{base}/api/evening", headers=BEARER, timeout=SLOW).json()
        later = httpx.post(f"{base}/api/undo", headers=BEARER, timeout=SLOW)  # a phone that stays: done
    assert len(evening["hands"]) == len(_hands_of(before, ledger))
    assert later.status_code == 200 and len(_hands(ledger)) == len(evening["hands"]) - 1


def _hands_of(text: bytes, ledger: Path) -> list[dict[str, Any]]:
    copy = ledger.with_name("before.yaml")
    copy.write_bytes(text)
    return _hands(copy)


def test_forty_waiting_writes_do_not_stop_the_reads(ledger: Path) -> None:
    """Before: 40 writes waiting for the lock took every worker thread, and GET / and /api/evening hung."""
    before = ledger.read_bytes()
    with running(ledger) as base, held(ledger):
        statuses: list[int] = []

        def write() -> None:
            with httpx.Client(base_url=base, headers=BEARER, timeout=SLOW * 3) as client:
                statuses.append(client.post("/api/undo").status_code)

        writers = [threading.Thread(target=write) for _ in range(45)]
        for thread in writers:
            thread.start()
        time.sleep(0.5)  # all 45 sent and waiting
        with httpx.Client(base_url=base, headers=BEARER, timeout=SLOW) as phone:
            reads = [_timed(lambda path=path: phone.get(path)) for path in ("/", "/api/evening", "/part") * 2]
        for thread in writers:
            thread.join(SLOW * 4)
    assert [status for status, _ in reads] == [200] * 6 and max(took for _, took in reads) < SLOW, reads
    assert statuses == [503] * 45
    assert ledger.read_bytes() == before


def test_serve_beside_a_running_play_starts_at_once(start: Callable[..., Terminal], tmp_path: Path) -> None:
    """Before: serve waited for --play's lock in silence and gave up after a minute."""
    ledger = _ledger(tmp_path)
    terminal = start(["session", str(ledger), "--play"])
    terminal.wait_for("庄家 [北]: ")
    serve = subprocess.Popen(
        [*[sys.executable, "-m", "gangci_calc"], "serve", str(ledger), "--port", "0", "--no-qr", "--token", TOKEN],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "GANGCI_LANG": "en"},
        cwd=tmp_path,
    )
    try:
        assert serve.stdout is not None
        lines: list[str] = []
        reader = threading.Thread(target=lambda: lines.append(serve.stdout.readline()), daemon=True)  # type: ignore[union-attr]
        reader.start()
        reader.join(20)  # the process's own start-up; it was a minute and then nothing
        assert lines and lines[0].startswith("http://127.0.0.1:"), (lines, serve.poll())
        reply = httpx.get(lines[0].strip().replace("/?t=", "/api/evening?t="), timeout=SLOW)
        assert reply.status_code == 200 and len(reply.json()["hands"]) == 6
    finally:
        serve.terminate()
        serve.communicate(timeout=20)
