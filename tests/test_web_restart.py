"""The token belongs to the ledger, and the evening leaves with any phone (issue 42.3, 42.4): ``gangci serve`` as a
process, stopped and started again, and its ledger downloaded and served elsewhere."""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from gangci_calc.commands.web.token import ledger_token, token_file

pytestmark = pytest.mark.process


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@contextmanager
def serving(ledger: Path, *more: str, port: int | None = None) -> Iterator[tuple[str, str]]:
    """``gangci serve LEDGER`` as a process: yield its base URL and its token; Ctrl-C at the end."""
    chosen = port if port is not None else free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gangci_calc", "serve", str(ledger), "--port", str(chosen), "--no-qr", *more],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "GANGCI_LANG": "en"},
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), (url, process.stderr.read() if process.stderr else "")
        base, token = url.split("/?t=")
        yield base, token
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)


def test_the_token_is_kept_beside_the_ledger_for_its_owner_only(ledger: Path) -> None:
    first = ledger_token(ledger)
    assert first.how == "new" and len(first.value) >= 32 and first.file == ledger.parent / ".tonight.yaml.token"
    if hasattr(os, "getuid"):
        assert stat.S_IMODE(os.stat(first.file).st_mode) == 0o600
    again = ledger_token(ledger)
    assert (again.value, again.how) == (first.value, "kept")
    fresh = ledger_token(ledger, fresh=True)
    assert fresh.how == "new" and fresh.value != first.value and ledger_token(ledger).value == fresh.value
    given = ledger_token(ledger, "a-token-given-on-the-line")
    assert given.how == "given" and ledger_token(ledger).value == "a-token-given-on-the-line"


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX modes")
def test_a_token_file_others_may_read_is_not_trusted(ledger: Path) -> None:
    file = token_file(ledger)
    file.write_text("an-old-token-others-can-read\n", encoding="ascii")
    os.chmod(file, 0o644)
    made = ledger_token(ledger)
    assert made.how == "new" and made.value != "an-old-token-others-can-read"
    assert stat.S_IMODE(os.stat(file).st_mode) == 0o600


def test_serving_the_ledger_again_keeps_its_token_and_new_token_revokes_it(ledger: Path) -> None:
    with serving(ledger) as (base, token):
        assert httpx.get(f"{base}/api/evening", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    with serving(ledger) as (base, again):
        assert again == token  # every phone's link and cookie still good
        assert httpx.get(f"{base}/api/evening", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    with serving(ledger, "--new-token") as (base, fresh):
        assert fresh != token
        assert httpx.get(f"{base}/api/evening", headers={"Authorization": f"Bearer {token}"}).status_code in (401, 403)
    assert token_file(ledger).read_text(encoding="ascii").strip() == fresh


def test_download_serve_the_copy_elsewhere_add_a_hand_and_history_agrees(ledger: Path, tmp_path: Path) -> None:
    """The round trip of 下载账本: the ledger through the page's route, byte for byte, served from another folder
    on another port, a hand added there; history of the copy is the original's plus that hand."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    with serving(ledger) as (base, token):
        answer = httpx.get(f"{base}/api/ledger", headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 200
        assert answer.content == ledger.read_bytes()
        assert answer.headers["content-disposition"].startswith('attachment; filename="tonight.yaml"')
        assert httpx.get(f"{base}/api/ledger").status_code == 401  # authenticated like the rest
    copy = elsewhere / "tonight.yaml"
    copy.write_bytes(answer.content)
    with serving(copy) as (base, token):
        bearer = {"Authorization": f"Bearer {token}"}
        number = httpx.get(f"{base}/api/evening", headers=bearer).json()["next"]["number"]
        hand = {"win": {"type": "bomb", "winner": "W"}, "number": number}
        added = httpx.post(f"{base}/api/hands", json=hand, headers=bearer)
        assert added.status_code == 201, added.text
        net = added.json()["net"]

    def history(path: Path) -> dict[str, object]:
        done = subprocess.run(
            [sys.executable, "-m", "gangci_calc", "history", str(path), "-f", "json"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        data: dict[str, object] = json.loads(done.stdout)
        return data

    before, after = history(ledger), history(copy)
    seats = json.loads(
        subprocess.run(
            [sys.executable, "-m", "gangci_calc", "session", str(copy), "-f", "json"],
            capture_output=True,
            text=True,
            timeout=60,
        ).stdout
    )["hands"][-1]["players"]
    people_before = {p["name"]: p["total"] for p in before["people"]}  # type: ignore[attr-defined]
    people_after = {p["name"]: p["total"] for p in after["people"]}  # type: ignore[attr-defined]
    expected = {name: people_before.get(name, 0) for name in people_after}
    for seat, amount in net.items():
        if seat in seats:
            expected[seats[seat]] += amount
    assert people_after == expected
    assert after["evenings"][0]["hands"] == before["evenings"][0]["hands"] + 1  # type: ignore[index]
