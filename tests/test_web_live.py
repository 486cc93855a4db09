"""The page's server on a real socket: many writers at once with the CLI, the event stream, and Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from gangci_calc.commands.session.show import session_output
from tests.conftest import EXAMPLES
from tests.web_server import TOKEN, running

pytestmark = pytest.mark.process
BEARER = {"Authorization": f"Bearer {TOKEN}"}


def count(ledger: Path) -> int:
    return len(json.loads(session_output(str(ledger), "json", "zh"))["hands"])


def test_eight_phones_and_the_cli_write_at_once_and_no_hand_is_lost(ledger: Path) -> None:
    before = count(ledger)
    with running(ledger) as base:
        start = threading.Barrier(9)
        answers: list[int] = []

        def phone(n: int) -> None:
            with httpx.Client(base_url=base, headers=BEARER, timeout=30) as client:
                start.wait()
                reply = client.post("/api/hands", json={"win": {"type": "draw"}, "id": f"phone-{n}"})
                answers.append(reply.status_code)

        threads = [threading.Thread(target=phone, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        start.wait()
        cli = subprocess.run(
            [sys.executable, "-m", "gangci_calc", "session", str(ledger), "--undo"], capture_output=True, timeout=60
        )
        for thread in threads:
            thread.join(60)
    assert answers == [201] * 8 and cli.returncode == 0, cli.stderr
    assert count(ledger) == before + 8 - 1
    ids = ledger.read_text(encoding="utf-8").count('id: "phone-')
    assert ids in (7, 8)  # the CLI's undo took one of them, or the last hand that was there before


def _events(base: str, got: list[tuple[float, int]], ready: threading.Event, stop: threading.Event) -> None:
    with (
        httpx.Client(base_url=base, headers=BEARER, timeout=None) as client,
        client.stream("GET", "/api/events") as stream,
    ):
        ready.set()
        try:
            for line in stream.iter_lines():
                if line.startswith("data: "):
                    got.append((time.monotonic(), int(line[6:])))
                if stop.is_set():
                    return
        except httpx.HTTPError:  # the server stopped at the end of the test
            return


def test_a_change_by_anyone_reaches_every_open_stream_within_a_second(ledger: Path) -> None:
    with running(ledger) as base:
        streams = [([], threading.Event()) for _ in range(3)]
        stop = threading.Event()
        threads = [
            threading.Thread(target=_events, args=(base, got, ready, stop), daemon=True) for got, ready in streams
        ]
        for thread in threads:
            thread.start()
        for _, ready in streams:
            assert ready.wait(5)
        time.sleep(0.2)
        # the CLI writes the ledger: the server learns of it by watching the file
        changed_at = time.monotonic()
        subprocess.run([sys.executable, "-m", "gangci_calc", "session", str(ledger), "--undo"], check=True, timeout=60)
        version = httpx.get(f"{base}/api/evening", headers=BEARER).json()["version"]
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and not all(got for got, _ in streams):
            time.sleep(0.02)
        stop.set()
        for got, _ in streams:
            assert got, "a stream heard nothing"
            at, heard = got[-1]
            assert heard == version
            assert at - changed_at < 1.0 + 1.0  # within a second of the write (the CLI's own start-up aside)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a process group")
def test_ctrl_c_stops_it_with_130_in_one_line_and_the_ledger_untouched(ledger: Path) -> None:
    before = ledger.read_bytes()
    process = subprocess.Popen(
        [sys.executable, "-m", "gangci_calc", "serve", str(ledger), "--port", "0", "--no-qr", "--token", TOKEN],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "GANGCI_LANG": "en"},
    )
    assert process.stdout is not None
    url = process.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:") and url.endswith(f"/?t={TOKEN}")
    assert httpx.get(url.replace("/?t=", "/api/evening?t=")).status_code == 200
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=20)
    assert process.returncode == 130
    assert err.strip().count("\n") == 0 and "interrupted" in err, err
    assert ledger.read_bytes() == before


def test_without_the_web_extra_serve_says_what_to_install(ledger: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "sitecustomize.py"  # hide starlette, as on a machine without the [web] extra
    blocker.write_text("import sys\nsys.modules['starlette'] = None\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}", "GANGCI_LANG": "en"}
    done = subprocess.run(
        [sys.executable, "-m", "gangci_calc", "serve", str(ledger)], capture_output=True, text=True, env=env, timeout=30
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "pip install '.[web]'" in done.stderr


def test_gangci_score_does_not_load_the_web_stack() -> None:
    code = (
        "import sys; sys.argv = ['gangci', 'score', sys.argv[1]]\n"
        "from gangci_calc import cli\n"
        "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
        "loaded = {m.split('.')[0] for m in sys.modules} & {'starlette', 'uvicorn', 'jinja2', 'segno', 'anyio'}\n"
        "print(sorted(loaded), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(EXAMPLES / "zhici.yaml")], capture_output=True, text=True, timeout=60
    )
    assert done.stderr.strip().splitlines()[-1] == "[]"


def test_the_server_started_as_the_readme_says(ledger: Path) -> None:
    """`gangci serve LEDGER --lan`: a URL per address, each one working; the contract's statuses on them."""
    process = subprocess.Popen(
        [sys.executable, "-m", "gangci_calc", "serve", str(ledger), "--lan", "--port", "0", "--token", TOKEN],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        urls = []
        for line in process.stdout:
            if not line.startswith("http://"):
                break  # the QR code follows the URLs
            urls.append(line.strip())
        assert urls and urls[-1].startswith("http://127.0.0.1:")
        for url in urls:
            base = url.split("/?t=")[0]
            assert httpx.get(f"{base}/api/evening").status_code == 401
            assert httpx.get(f"{base}/api/evening", headers={"Authorization": "Bearer nope"}).status_code == 403
            assert httpx.get(f"{base}/api/evening", headers={**BEARER, "Host": "evil.example"}).status_code == 400
            assert httpx.get(f"{base}/api/evening", headers=BEARER).json()["version"] > 0
            with httpx.Client() as phone:
                page = phone.get(url, follow_redirects=True)
                assert page.status_code == 200 and "老王" in page.text
                assert phone.post(f"{base}/api/undo").status_code == 403  # the cookie, without the page's Origin
                assert phone.post(f"{base}/api/undo", headers={"Origin": base}).status_code == 200
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)
    assert process.returncode == 130
