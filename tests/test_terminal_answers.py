"""The third attack campaign (issue 32) at a terminal: gangci run in a pseudo-terminal, answered as a host
would, each answer typed once its question is on the screen. Process tier (``pytest -m process``).

Each test failed before its fix (checked against the code before it).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, ROOT

pytestmark = pytest.mark.process

GANGCI = [sys.executable, "-m", "gangci_calc"]
HERE = {"PYTHONPATH": str(ROOT)}  # the gangci of this tree, wherever the process starts
_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Terminal:
    """A gangci process on a pseudo-terminal (stdin, stdout and stderr all of it): type, and read the screen."""

    def __init__(self, args: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
        self.controller, terminal = os.openpty()
        environment = {k: v for k, v in os.environ.items() if k != "CI"} | HERE | {"COLUMNS": "80"} | (env or {})
        self.process = subprocess.Popen(
            [*GANGCI, *args], stdin=terminal, stdout=terminal, stderr=terminal, cwd=cwd, env=environment
        )
        os.close(terminal)
        self.seen = b""
        self._lock = threading.Lock()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        while True:
            try:
                data = os.read(self.controller, 65536)
            except OSError:
                return
            if not data:
                return
            with self._lock:
                self.seen += data

    def screen(self, encoding: str = "utf-8") -> str:
        with self._lock:
            text = self.seen.decode(encoding, "replace")
        return _ESCAPES.sub("", text).replace("\r\n", "\n")

    def wait_for(self, text: str, after: int = 0, timeout: float = 30) -> int:
        """Wait until ``text`` is on the screen after character ``after``; where it ends."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            at = self.screen().find(text, after)
            if at >= 0:
                return at + len(text)
            time.sleep(0.05)
        raise AssertionError(f"never saw {text!r}; the screen:\n{self.screen()[after:]}")

    def answer(self, question: str, line: str, after: int = 0) -> int:
        """Type ``line`` once ``question`` is asked (after character ``after``); where the question ended."""
        at = self.wait_for(question, after)
        os.write(self.controller, line.encode() + b"\r")
        return at

    def finish(self, timeout: float = 30) -> int:
        try:
            return self.process.wait(timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            time.sleep(0.1)  # the last output read
            os.close(self.controller)


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Callable[..., Terminal]]:
    """Start gangci on a terminal in ``tmp_path``; whatever a test leaves running is killed after it."""
    started: list[Terminal] = []

    def _start(args: list[str], env: dict[str, str] | None = None) -> Terminal:
        started.append(Terminal(args, tmp_path, env))
        return started[-1]

    yield _start
    for terminal in started:
        if terminal.process.poll() is None:
            terminal.process.kill()
            terminal.process.wait(10)
            os.close(terminal.controller)


def _ledger(tmp_path: Path) -> Path:
    path = tmp_path / "evening.yaml"
    path.write_bytes((EXAMPLES / "session-people.yaml").read_bytes())  # hand 7 next: 北 阿强 deals
    return path


def _last_hand(path: Path) -> str:
    return path.read_text(encoding="utf-8").rstrip("\n").rsplit("\n  - ", 1)[-1]


# ---------------------------------------------------------------- 7: a GBK terminal and a name it cannot show


@pytest.mark.parametrize("to", ["terminal", "pipe"])
def test_batch_to_a_gbk_console_writes_names_it_cannot_show(
    start: Callable[..., Terminal], tmp_path: Path, to: str
) -> None:
    """😀 and 𠀀李 stopped ``PYTHONIOENCODING=gbk gangci batch`` with exit 70 and nothing written; the JSON
    lines now carry them as JSON's own escapes: the same data, in characters GBK has."""
    records = tmp_path / "names.jsonl"
    names = {"E": "😀", "S": "𠀀李", "W": "张姐", "N": "b"}
    records.write_text(
        json.dumps({"stakes": 1, "dealer": "E", "players": names, "win": {"type": "bomb", "winner": "E"}}) + "\n",
        encoding="utf-8",
    )
    env = {"PYTHONIOENCODING": "gbk", "GANGCI_LANG": "en"}
    if to == "pipe":
        done = subprocess.run(
            [*GANGCI, "batch", str(records)], capture_output=True, env=os.environ | HERE | env, timeout=60, cwd=tmp_path
        )
        assert done.returncode == 0, done.stderr.decode("gbk", "replace")
        assert json.loads(done.stdout.decode("gbk"))["players"] == names
        return
    terminal = start(["batch", str(records)], env)
    assert terminal.finish() == 0, terminal.screen("gbk")
    line = re.search(r'\{"net".*?"source": "[^"]*"\}', terminal.screen("gbk"))
    assert line is not None, terminal.screen("gbk")
    assert json.loads(line.group())["players"] == names
