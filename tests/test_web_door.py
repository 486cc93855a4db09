"""``gangci serve`` as a process: the door (half-open connections, the redirect), the addresses it is given, a
stdout that fails, SIGHUP, and what a kill leaves. The red team's reproductions, each a test."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from gangci_calc.io.ledger.atomic import temp_name

pytestmark = [pytest.mark.process, pytest.mark.skipif(sys.platform == "win32", reason="signals, /dev/full")]
TOKEN = "door-token-0123456789"
ENV = {**os.environ, "GANGCI_LANG": "en"}
BEARER = f"Authorization: Bearer {TOKEN}"


def gangci_serve(ledger: Path, *more: str, **kwargs: object) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "gangci_calc", "serve", str(ledger), "--no-qr", "--token", TOKEN, *more]
    options: dict[str, object] = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True, "env": ENV}
    return subprocess.Popen(command, **{**options, **kwargs})  # type: ignore[call-overload, no-any-return]


@contextmanager
def serving(ledger: Path, *more: str, **kwargs: object) -> Iterator[tuple[subprocess.Popen[str], str]]:
    process = gangci_serve(ledger, "--port", "0", *more, **kwargs)
    assert process.stdout is not None
    url = process.stdout.readline().strip()
    try:
        yield process, url.split("/?t=")[0]
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            process.communicate(timeout=20)


def _few_files() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))  # as many machines have it


@pytest.mark.parametrize("begun", [b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", b""], ids=["headers begun", "silent"])
def test_1100_half_open_connections_and_a_phone_is_still_served(ledger: Path, begun: bytes) -> None:
    with serving(ledger, preexec_fn=_few_files) as (process, base):
        port = int(base.rsplit(":", 1)[1])
        held = []
        for _ in range(1100):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(begun)  # and never the end of the headers (a silent one: not even their start)
            held.append(sock)
        try:
            times = []
            for _ in range(20):
                start = time.perf_counter()
                answer = httpx.get(f"{base}/api/evening", headers={"Authorization": f"Bearer {TOKEN}"}, timeout=5)
                times.append(time.perf_counter() - start)
                assert answer.status_code == 200
            assert sorted(times)[18] < 2.0
        finally:
            for sock in held:
                sock.close()
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
        assert len(err) < 2000, err[:500]  # no line per bad client


def test_a_phone_behind_a_flood_from_its_own_address_is_answered_not_reset(ledger: Path) -> None:
    """The server held still (SIGSTOP) while 100 half-open connections, a phone's whole request and 100 more are
    queued from one address: it then takes them all at once. The phone's was closed as the oldest of 33 waiting
    before its bytes were read; now only connections shown to be slow are."""
    with serving(ledger) as (process, base):
        port = int(base.rsplit(":", 1)[1])
        held = []
        assert httpx.get(f"{base}/api/evening?t={TOKEN}").status_code == 200  # serving
        process.send_signal(signal.SIGSTOP)
        try:
            for i in range(201):
                sock = socket.create_connection(("127.0.0.1", port))
                if i == 100:
                    phone = sock
                    phone.sendall(f"GET /api/evening HTTP/1.1\r\nHost: 127.0.0.1\r\n{BEARER}\r\n\r\n".encode())
                else:
                    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the end of the headers
                held.append(sock)
        finally:
            process.send_signal(signal.SIGCONT)
        try:
            phone.settimeout(5)
            head = phone.recv(4096)
            assert head.startswith(b"HTTP/1.1 200"), head[:200]
        finally:
            for sock in held:
                sock.close()


def test_the_redirect_goes_to_a_path_on_this_server(ledger: Path) -> None:
    with serving(ledger) as (_, base):
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(f"GET //evil.example/?t={TOKEN} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            head = sock.recv(4096).decode()
        location = next(line for line in head.split("\r\n") if line.lower().startswith("location:"))
        target = location.split(":", 1)[1].strip()
        assert target.startswith("/") and not target.startswith("//"), head


def test_host_localhost_is_served(ledger: Path) -> None:
    with serving(ledger, "--host", "localhost") as (_, base):
        assert base.startswith("http://127.0.0.1:") or base.startswith("http://[::1]:")
        assert httpx.get(f"{base}/api/evening?t={TOKEN}").status_code == 200


@pytest.mark.parametrize("host", ["10.255.255.1", "no-such-host.invalid"])
def test_a_host_that_cannot_be_bound_is_exit_2_naming_it(ledger: Path, host: str) -> None:
    process = gangci_serve(ledger, "--host", host, "--port", "0")
    _, err = process.communicate(timeout=30)
    assert process.returncode == 2 and host in err and "Traceback" not in err, err


def test_all_addresses_print_urls_a_phone_can_open(ledger: Path) -> None:
    with serving(ledger, "--host", "0.0.0.0") as (_, base):
        assert "0.0.0.0" not in base
        assert httpx.get(f"{base}/api/evening?t={TOKEN}").status_code == 200


def test_a_full_stdout_is_74_without_blaming_the_port(ledger: Path) -> None:
    with open("/dev/full", "w") as full:
        process = gangci_serve(ledger, "--port", "0", stdout=full)
        _, err = process.communicate(timeout=30)
    assert process.returncode == 74 and "port" not in err.lower(), err


def test_sighup_stops_it_as_sigterm_does(ledger: Path) -> None:
    before = ledger.read_bytes()
    with serving(ledger) as (process, base):
        assert httpx.get(f"{base}/api/evening?t={TOKEN}").status_code == 200
        process.send_signal(signal.SIGHUP)
        _, err = process.communicate(timeout=20)
    assert process.returncode == 143 and err.strip().count("\n") == 0, err
    assert ledger.read_bytes() == before
    assert not list(ledger.parent.glob(".*.lock")) and not list(ledger.parent.glob(".*.part"))


def test_the_next_start_clears_what_a_kill_left(ledger: Path) -> None:
    lock = ledger.parent / f".{ledger.name}.lock"
    part = ledger.parent / temp_name(ledger.name)  # as a write of the ledger names its temporary file
    lock.write_text("")
    part.write_text("half a ledger")
    with serving(ledger) as (_, base):
        assert httpx.get(f"{base}/api/evening?t={TOKEN}").status_code == 200
        assert not part.exists() and not lock.exists()


def test_a_phone_that_sends_again_after_no_answer_saves_once(ledger: Path) -> None:
    with serving(ledger) as (_, base):
        bearer = {"Authorization": f"Bearer {TOKEN}"}
        number = len(httpx.get(f"{base}/api/evening", headers=bearer).json()["hands"]) + 1
        hand = {"win": {"type": "bomb", "winner": "S"}, "number": number}
        first = httpx.post(f"{base}/api/hands", json=hand, headers=bearer)
        again = httpx.post(f"{base}/api/hands", json=hand, headers=bearer)  # the answer to the first was lost
        assert first.status_code == 201 and again.status_code == 409
        assert len(httpx.get(f"{base}/api/evening", headers=bearer).json()["hands"]) == number
