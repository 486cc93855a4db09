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


# ---------------------------------------------------------------- 9: a name typed at the 庄家 question


def test_a_name_at_the_dealer_question_asks_before_changing_the_dealer(
    start: Callable[..., Terminal], tmp_path: Path
) -> None:
    """``小李`` typed a question early was taken as a dealer change; now the change is shown and asked."""
    path = _ledger(tmp_path)
    terminal = start(["session", str(path), "--play"])
    at = terminal.answer("庄家 [北]: ", "小李")
    at = terminal.answer("庄家换成 东 小李? (该坐庄的是 北 阿强) [y/N]: ", "n", at)
    at = terminal.answer("庄家 [北]: ", "", at)  # asked again: Enter keeps 北
    at = terminal.answer("怎么胡的", "1", at)
    at = terminal.answer("谁胡的: ", "东", at)
    at = terminal.answer("这局的杠", "-", at)
    terminal.answer("第 8 局", ":q", at)
    assert terminal.finish() == 0, terminal.screen()
    assert _last_hand(path) == "win: {type: bomb, winner: E}"  # no `dealer: E`: the usual dealer dealt


def test_a_confirmed_dealer_change_is_written(start: Callable[..., Terminal], tmp_path: Path) -> None:
    path = _ledger(tmp_path)
    terminal = start(["session", str(path), "--play"])
    at = terminal.answer("庄家 [北]: ", "东")
    at = terminal.answer("[y/N]: ", "1", at)  # a number is no yes: an answer typed out of step
    at = terminal.answer("[y/N]: ", "y", at)
    at = terminal.answer("怎么胡的", "7", at)
    at = terminal.answer("这局的杠", "-", at)
    terminal.answer("第 8 局", ":q", at)
    assert terminal.finish() == 0, terminal.screen()
    assert _last_hand(path) == "dealer: E\n    win: {type: draw}"


# ---------------------------------------------------------------- 10: the winning kong listed as a kong


def test_the_kongs_question_says_the_winning_kong_is_counted_and_warns_of_it(
    start: Callable[..., Terminal], tmp_path: Path
) -> None:
    path = _ledger(tmp_path)
    terminal = start(["session", str(path), "--play"])
    at = terminal.answer("庄家 [北]: ", "")
    at = terminal.answer("怎么胡的", "3", at)  # 暗呲
    at = terminal.answer("谁胡的: ", "西", at)
    at = terminal.wait_for("胡牌的那个杠已算在暗呲里, 这里不要再写", at)
    at = terminal.answer("这局的杠", "西暗杠", at)
    at = terminal.wait_for("西暗杠 就是暗呲胡牌的那个杠, 已算过一次; 再写会多算一个杠", at)
    at = terminal.answer("真的另有这个杠? [y/N]: ", "", at)  # no: asked again
    at = terminal.answer("这局的杠", "-", at)
    terminal.answer("第 8 局", ":q", at)
    assert terminal.finish() == 0, terminal.screen()
    assert _last_hand(path) == "win: {type: anci, winner: W}"


# ---------------------------------------------------------------- 11: :q :u :s :l at every question


def test_the_table_commands_work_at_every_question(start: Callable[..., Terminal], tmp_path: Path) -> None:
    path = _ledger(tmp_path)
    before = path.read_bytes()
    terminal = start(["session", str(path), "--play"])
    at = terminal.answer("庄家 [北]: ", "")
    at = terminal.answer("怎么胡的", ":s", at)  # the standings, then the hand from its start
    at = terminal.wait_for("总排名", at)
    at = terminal.answer("庄家 [北]: ", "", at)
    at = terminal.answer("怎么胡的", "1", at)
    at = terminal.answer("谁胡的: ", ":l", at)  # the ledger
    at = terminal.wait_for("结账", at)
    at = terminal.answer("庄家 [北]: ", "", at)
    at = terminal.answer("怎么胡的", "7", at)
    at = terminal.answer("这局的杠", ":u", at)  # hand 6 undone
    at = terminal.wait_for("已撤销", at)
    at = terminal.answer("庄家 [", "", at)
    terminal.answer("怎么胡的", ":q", at)
    assert terminal.finish() == 0, terminal.screen()
    text = path.read_text(encoding="utf-8")
    assert text.count("\n  - ") == before.decode().count("\n  - ") - 1  # only the undo changed it


# ---------------------------------------------------------------- 12: --play -f text has session -f text's blank lines


def test_play_in_text_shows_its_sections_as_session_text_does(start: Callable[..., Terminal], tmp_path: Path) -> None:
    path = _ledger(tmp_path)
    terminal = start(["session", str(path), "--play", "-f", "text"])
    at = terminal.answer("庄家 [北]: ", "")
    at = terminal.answer("怎么胡的", "1", at)
    at = terminal.answer("谁胡的: ", "东", at)
    at = terminal.answer("这局的杠", "-", at)
    at = terminal.answer("第 8 局", ":l", at)
    end = terminal.wait_for("第 8 局", at)
    terminal.answer("庄家 [", ":q", end)
    assert terminal.finish() == 0, terminal.screen()
    screen = terminal.screen()
    # after the hand: its line, a blank line, the standings, a blank line, the next hand
    played = screen[screen.index("7. [庄北]") :]
    assert re.match(r"7\. \[庄北\] 炸弹 东: [^\n]+\n\n总排名\n(\d\. [^\n]+\n)+\n第 8 局", played), played[:400]
    # :l shows the ledger as `session -f text` writes it, blank lines and all
    text = subprocess.run(
        [*GANGCI, "session", str(path), "-f", "text"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env=os.environ | HERE,
    ).stdout
    assert text.strip() in screen[at:end], screen[at:end]
    assert "\n\n总排名\n" in text and "\n\n结账\n" in text
