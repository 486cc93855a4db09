"""How a ``gangci`` process ends: a one-shot command leaves without Python's teardown
(gangci_calc/commands/process.py ``as_program``), and must lose nothing by it: every byte of its output, its exit
status, its coverage."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from gangci_calc.cli import app
from gangci_calc.commands.process import ONE_SHOT
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.process
GANGCI = [sys.executable, "-m", "gangci_calc"]


@pytest.mark.parametrize(
    ("args", "status"),
    [
        (["score", str(EXAMPLES / "zhici.yaml"), "--format", "json"], 0),
        (["schema", "hand"], 0),  # long enough to fill a pipe's buffer several times
        (["rules", "--lang", "en"], 0),
        (["score", "no-such-file.yaml"], 2),
        (["score", str(EXAMPLES / "zhici.yaml"), "--bogus"], 2),
        (["dice", "--seed", "x"], 2),
    ],
)
def test_a_one_shot_process_prints_what_the_command_prints_and_keeps_its_status(args: list[str], status: int) -> None:
    assert args[0] in ONE_SHOT
    done = subprocess.run([*GANGCI, *args], capture_output=True, timeout=60, env={"GANGCI_LANG": "en"})
    inside = CliRunner().invoke(app, args, env={"GANGCI_LANG": "en"})
    assert done.returncode == status == inside.exit_code
    if status == 0:
        assert done.stdout.decode() == inside.stdout and done.stdout.endswith(b"\n")
    else:
        assert done.stdout == b"" and done.stderr.strip()


def test_a_reader_that_goes_away_ends_a_one_shot_command_quietly() -> None:
    shown = subprocess.Popen([*GANGCI, "schema", "hand"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert shown.stdout is not None and shown.stderr is not None
    shown.stdout.read(10)
    shown.stdout.close()
    assert shown.wait(timeout=60) in (0, 141) and b"Traceback" not in shown.stderr.read()


def test_main_inside_another_program_returns_with_the_collector_on() -> None:
    """Only the program's own entry leaves early; :func:`main` called by a host program (the tests) returns."""
    code = (
        "import gc, sys\n"
        f"sys.argv = ['gangci', 'score', {str(EXAMPLES / 'zhici.yaml')!r}]\n"
        "from gangci_calc import cli\n"
        "try:\n    cli.main()\nexcept SystemExit as stop:\n    print('status', stop.code)\n"
        "print('collecting', gc.isenabled())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines()[-2:] == ["status 0", "collecting True"]


def test_a_long_command_ends_the_usual_way(tmp_path) -> None:
    """``entry`` leaves early only for one-shot commands (whose exit handlers it skips: they register none); any
    other command, which may write a ledger or run a server, ends the usual way."""
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('exit handlers ran'))\n"
        "from gangci_calc.cli import entry\n"
        "entry()\n"
    )
    for args, ran in ((["session", "--help"], True), (["score", "--help"], False)):
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and ("exit handlers ran" in done.stdout) is ran, args


@pytest.mark.parametrize(("closed", "status"), [((1,), 74), ((2,), 0), ((1, 2), 74)])
def test_a_closed_standard_stream_is_an_exit_status_not_a_crash(closed: tuple[int, ...], status: int) -> None:
    """Started with stdout (``>&-``) or stderr (``2>&-``) closed: stdout is the result, so that is 74."""
    import os

    def close() -> None:
        for fd in closed:
            os.close(fd)

    done = subprocess.run(
        [*GANGCI, "score", str(EXAMPLES / "zhici.yaml")], preexec_fn=close, capture_output=False, timeout=60
    )
    assert done.returncode == status


def test_a_batch_process_leaves_at_once_and_loses_nothing(tmp_path) -> None:
    """``gangci batch`` ends as a one-shot command does, once its file is kept: Python's teardown would give
    Ctrl-C its default action back first, and a stop there killed a run whose output was whole (status -2)."""
    from gangci_calc.commands.process import LEAVES_AT_ONCE

    assert "batch" in LEAVES_AT_ONCE and ONE_SHOT < LEAVES_AT_ONCE
    out = tmp_path / "out.jsonl"
    args = ["batch", str(EXAMPLES / "zhici.yaml"), str(EXAMPLES / "bomb.yaml")]
    done = subprocess.run([*GANGCI, *args, "-o", str(out)], capture_output=True, timeout=60, env={"GANGCI_LANG": "en"})
    inside = CliRunner().invoke(app, args, env={"GANGCI_LANG": "en"})
    assert done.returncode == 0 == inside.exit_code
    assert out.read_text(encoding="utf-8") == inside.stdout and inside.stdout.count("\n") == 2


def test_a_stop_after_the_command_names_the_file_it_wrote(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C after the command is over (in Typer's own code, before the process leaves) says the file is whole,
    not a bare "interrupted" that a user would read as "nothing done"."""
    from gangci_calc.commands import process
    from gangci_calc.io.ledger import atomic
    from gangci_calc.words import messages as m

    monkeypatch.setattr(atomic, "REPLACED", [])
    assert process._stopped_outside(m.INTERRUPTED_BARE, m.INTERRUPTED, "zh") == "gangci：被中断"
    atomic.REPLACED.append("out.jsonl")
    assert process._stopped_outside(m.TERMINATED_BARE, m.TERMINATED, "zh") == "gangci：被终止；out.jsonl 已经完整写好"
