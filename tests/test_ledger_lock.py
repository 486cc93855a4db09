"""The ledger's lock names its holder (issue 50): a writer that cannot have it says whose it is, in words."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from gangci_calc.core.errors import LedgerBusy
from gangci_calc.io.ledger.lock import acting, holder, ledger_lock, lock_path
from tests.conftest import EXAMPLES


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    path = tmp_path / "s.yaml"
    shutil.copy(EXAMPLES / "session.yaml", path)
    return path


def test_the_lock_file_names_its_holder_and_never_an_option_s_value(
    ledger: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["gangci", "serve", str(ledger), "--token", "SECRET-0123456789", "--port=80"])
    with ledger_lock(ledger):
        record = lock_path(ledger).read_text(encoding="utf-8")
        found = holder(ledger)
    assert "SECRET" not in record and str(ledger) not in record and "80" not in json.loads(record)["command"]
    assert found is not None and (found.pid, found.by, found.command) == (
        os.getpid(),
        "terminal",
        "gangci serve --token --port",
    )
    assert holder(ledger) is None  # let go: the file is gone


def test_a_second_writer_is_told_who_holds_it(ledger: Path) -> None:
    with (
        acting("page", 0.0),
        ledger_lock(ledger),
        acting("terminal", 0.1),
        pytest.raises(LedgerBusy) as busy,
        ledger_lock(ledger),
    ):
        pass
    assert f"the ledger is held by the table's page (gangci serve, process {os.getpid()})" in busy.value.text("en")
    assert f"账本正被记账网页 (gangci serve，进程 {os.getpid()})占用" in busy.value.text("zh")


def test_a_lock_file_of_an_older_gangci_is_another_program(ledger: Path) -> None:
    """An empty lock file (a gangci before the record, or something else) held by another: said as such."""
    fcntl = pytest.importorskip("fcntl")
    lock = lock_path(ledger)
    lock.write_text("")
    fd = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with acting("page", 0.1), pytest.raises(LedgerBusy) as busy, ledger_lock(ledger):
            pass
    finally:
        os.close(fd)
    assert "the ledger is held by another program (lock file .s.yaml.lock)" in busy.value.text("en")


@pytest.mark.skipif(getattr(os, "getuid", lambda: -1)() != 0, reason="giving a file to another user needs root")
def test_another_user_s_lock_says_whose(ledger: Path) -> None:
    """A shared folder: another user's lock file blocked every write with no word of whose."""
    import fcntl

    lock = lock_path(ledger)
    lock.write_text(json.dumps({"pid": 4242, "by": "terminal", "command": "gangci session --play"}))
    os.chown(lock, 65534, 65534)
    fd = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with acting("page", 0.1), pytest.raises(LedgerBusy) as busy, ledger_lock(ledger):
            pass
    finally:
        os.close(fd)
    found = holder(ledger)
    assert found is not None and found.user is not None
    assert f"gangci session --play at a terminal (process 4242) of user {found.user}" in busy.value.text("en")


def test_new_asks_without_the_lock_and_never_writes_over_an_evening_begun_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--new`` held the lock through its questions; now it asks first, and finds the page's evening at the write."""
    from typer.testing import CliRunner

    from gangci_calc.cli import app
    from gangci_calc.commands.session import prompts

    path = tmp_path / "n.yaml"
    asked = prompts._new_session

    def answered(*args: object) -> str:
        assert not lock_path(path).exists()  # nothing locked while the questions wait
        text = asked(*args)  # type: ignore[arg-type]
        path.write_text("# the page began the evening meanwhile\n", encoding="utf-8")
        return text

    monkeypatch.setattr(prompts, "_new_session", answered)
    result = CliRunner().invoke(app, ["session", str(path), "--new", "--lang", "en"], input="\n" * 12)
    assert result.exit_code == 2, result.output
    assert path.read_text(encoding="utf-8") == "# the page began the evening meanwhile\n"
