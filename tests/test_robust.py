"""No lost hand, no traceback, no hang: the ledger under concurrent writers, outputs that fail, signals, fuzzing.

The long versions run with ``pytest -m slow`` (GANGCI_TRIALS sets their size);
the default suite runs a short version of each.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from gangci_calc.cli import app
from tests.conftest import EXAMPLES, examples
from tests.handgen import hands

GANGCI = [sys.executable, "-m", "gangci_calc"]
TRIALS = int(os.environ.get("GANGCI_TRIALS", "200"))
LEDGER = (
    "stakes: 1\ndealer: E\nplayers: {E: 老王, S: 小李, W: 张姐, N: 阿强}\nhands:\n  - win: {type: bomb, winner: S}\n"
)
DRAW = "\n流局\n\n"  # dealer (enter), 流局, kongs (enter)


def start_add(path: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*GANGCI, "session", str(path), "--add"],
        start_new_session=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(proc: subprocess.Popen[str], timeout: float) -> tuple[str, str]:
    """The process's output once it ends; one that outlives ``timeout`` is killed (never left behind) and fails."""
    try:
        return proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):  # its whole group: workers that hold its pipes too
            os.killpg(proc.pid, signal.SIGKILL)
        proc.kill()
        proc.communicate(timeout=10)
        pytest.fail(f"{proc.args} hung for {timeout} s and was killed")


def concurrent_adds(path: Path, writers: int) -> None:
    procs = [start_add(path) for _ in range(writers)]
    for proc in procs:  # every writer has its answers before any is waited on
        assert proc.stdin is not None
        proc.stdin.write(DRAW)
        proc.stdin.close()
        proc.stdin = None  # all said: nothing more for communicate() to send
    for proc in procs:
        _, err = finish(proc, 120)
        assert proc.returncode == 0, err
        assert "Traceback" not in err


def test_two_adds_at_once_lose_no_hand(tmp_path: Path) -> None:
    path = tmp_path / "tonight.yaml"
    path.write_text(LEDGER, encoding="utf-8")
    for round_ in range(3):
        concurrent_adds(path, 2)
        assert path.read_text(encoding="utf-8").count("type: draw") == 2 * (round_ + 1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tonight.yaml"]  # no lock or temporary file left


@pytest.mark.slow
def test_many_concurrent_adds_lose_no_hand(tmp_path: Path) -> None:
    """TRIALS rounds (200 unless GANGCI_TRIALS says) of four writers at once on one ledger."""
    path = tmp_path / "tonight.yaml"
    path.write_text(LEDGER, encoding="utf-8")
    for round_ in range(TRIALS):
        concurrent_adds(path, 4)
        assert path.read_text(encoding="utf-8").count("type: draw") == 4 * (round_ + 1)


def test_a_symlinked_ledger_gets_the_hand_and_keeps_mode(runner, tmp_path: Path) -> None:
    real = tmp_path / "real.yaml"
    real.write_text(LEDGER, encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    result = runner.invoke(app, ["session", str(link), "--add"], input=DRAW)
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and "type: draw" in real.read_text(encoding="utf-8")
    assert real.stat().st_mode & 0o777 == 0o640


def test_a_read_only_ledger_is_refused(english, tmp_path: Path) -> None:
    path = tmp_path / "locked.yaml"
    path.write_text(LEDGER, encoding="utf-8")
    path.chmod(0o444)
    result = english.invoke(app, ["session", str(path), "--add"], input=DRAW)
    assert result.exit_code == 74
    assert result.stderr.strip().endswith(f"{path}: is read-only; nothing written (make it writable first)")
    assert path.read_text(encoding="utf-8") == LEDGER


def test_a_bom_is_kept(runner, tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + LEDGER.encode("utf-8"))
    assert runner.invoke(app, ["session", str(path), "--add"], input=DRAW).exit_code == 0
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf" + LEDGER.encode("utf-8")) and data.count(b"\xef\xbb\xbf") == 1


@pytest.mark.parametrize("name", ["0x1F", '"quoted"', "老王, S: 小李", "Bob # the boss", "yes", "~", "[1]"])
def test_names_come_back_as_typed(runner, tmp_path: Path, name: str) -> None:
    path = tmp_path / "new.yaml"
    result = runner.invoke(app, ["session", str(path), "--new", "-f", "json"], input=f"1\ny\n-\n{name}\n\n\n\n东\n")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{") :])
    assert data["players"] == {"E": name}


def test_a_name_with_a_control_character_is_asked_again(english, tmp_path: Path) -> None:
    path = tmp_path / "new.yaml"
    result = english.invoke(app, ["session", str(path), "--new"], input="1\ny\n-\n老\x07王\n老王\n\n\n\n东\n")
    assert result.exit_code == 0 and "control characters" in result.stderr


@pytest.mark.parametrize("answers", ["\n直呲\n", "", "\n"])
def test_input_ending_at_a_prompt_writes_nothing(english, tmp_path: Path, answers: str) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(LEDGER, encoding="utf-8")
    result = english.invoke(app, ["session", str(path), "--add"], input=answers)
    assert result.exit_code == 130
    assert result.stderr.endswith("\ngangci: stopped at a prompt; nothing written\n")
    assert path.read_text(encoding="utf-8") == LEDGER


@pytest.mark.process
def test_ctrl_c_at_a_prompt_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(LEDGER, encoding="utf-8")
    proc = start_add(path)
    assert proc.stdin is not None
    proc.stdin.write("\n")
    proc.stdin.flush()
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    _, err = finish(proc, 30)
    assert proc.returncode == 130 and "Traceback" not in err, err
    assert path.read_text(encoding="utf-8") == LEDGER


# ---------------------------------------------------------------- outputs


def test_output_naming_an_input_is_refused(english, tmp_path: Path) -> None:
    records = tmp_path / "r.jsonl"
    records.write_text('{"stakes": 1, "dealer": "E", "win": {"type": "draw"}}\n', encoding="utf-8")
    before = records.read_text(encoding="utf-8")
    result = english.invoke(app, ["batch", str(records), "-o", str(records)])
    assert result.exit_code == 2 and "is one of the inputs" in result.stderr
    folder = english.invoke(app, ["batch", str(tmp_path), "-o", str(records)])
    assert folder.exit_code == 2 and records.read_text(encoding="utf-8") == before


def test_output_to_a_folder_is_refused(english, tmp_path: Path) -> None:
    result = english.invoke(app, ["batch", str(EXAMPLES / "zhici.yaml"), "-o", str(tmp_path)])
    assert result.exit_code == 74 and "is a folder" in result.stderr


@pytest.mark.process
@pytest.mark.parametrize("command", [["score", str(EXAMPLES / "zhici.yaml")], ["batch", str(EXAMPLES / "zhici.yaml")]])
def test_a_full_device_is_reported_never_exit_0(command: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([*GANGCI, *command], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 74, done.stderr
    assert "No space left on device" in done.stderr and "Traceback" not in done.stderr
    out = subprocess.run([*GANGCI, "batch", command[1], "-o", "/dev/full"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 74 and "Traceback" not in out.stderr


@pytest.mark.process
def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    stream = tmp_path / "many.jsonl"
    stream.write_text("".join(json.dumps(h) + "\n" for h in hands(20_000, seed=4)), encoding="utf-8")
    done = subprocess.run(
        f"{sys.executable} -m gangci_calc batch {stream} | head -1",
        shell=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.count("\n") == 1
    assert "Traceback" not in done.stderr and "Error" not in done.stderr


# ---------------------------------------------------------------- workers and signals


def interrupted_batch(
    tmp_path: Path, stream: Path, sig: int, after: float = 0.6, *, started: bool = False
) -> tuple[int, str]:
    out = tmp_path / "out.jsonl"
    out.unlink(missing_ok=True)  # an earlier trial that finished before its signal left a whole one
    proc = subprocess.Popen(
        [*GANGCI, "batch", str(stream), "--jobs", "2", "-o", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(after)
    if started:  # wait until the output is begun, so the signal meets gangci's handlers, not Python's start-up
        deadline = time.monotonic() + 30
        while proc.poll() is None and time.monotonic() < deadline:
            if any(p.name.endswith(".part") for p in tmp_path.iterdir()):
                break
            time.sleep(0.02)
    proc.send_signal(sig)
    _, err = finish(proc, 60)
    if proc.returncode != 0 and out.exists():  # the signal came after the output was kept (a fast machine)
        assert "已经完整写好" in err, f"an output left by a stopped run: {err}"
        lines = sum(1 for _ in stream.open(encoding="utf-8"))
        assert sum(1 for _ in out.open(encoding="utf-8")) == lines, "a half-written output"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == [], "a temporary file left"
    return proc.returncode, err


@pytest.mark.process
@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_batch_with_workers_ends_cleanly_on_a_signal(tmp_path: Path, sig: int, status: int) -> None:
    stream = tmp_path / "many.jsonl"
    stream.write_text("".join(json.dumps(h) + "\n" for h in hands(300_000, seed=6)), encoding="utf-8")
    code, err = interrupted_batch(tmp_path, stream, sig, 0.1, started=True)
    assert code in (status, 0), err  # 0: it finished before the signal came
    assert "Traceback" not in err
    if code == status:
        said = "gangci：被中断；" if sig == signal.SIGINT else "gangci：被终止；"  # Chinese, the default
        assert err.strip().splitlines()[-1].startswith(said)


@pytest.mark.parametrize(("lang", "said"), [([], "已经完整写好"), (["--lang", "en"], "was written in full")])
def test_a_stop_after_the_output_is_kept_says_it_is_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: list[str], said: str
) -> None:
    """Ctrl-C between keeping ``-o``'s file and the summary line: 130, and the line says the file is whole
    (a fast machine meets this in the signal trials below)."""
    import gangci_calc.commands.batch.terminal

    def stopped(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(gangci_calc.commands.batch.terminal, "_report", stopped)
    stream, out = tmp_path / "some.jsonl", tmp_path / "out.jsonl"
    stream.write_text("".join(json.dumps(h) + "\n" for h in hands(50, seed=3)), encoding="utf-8")
    result = CliRunner().invoke(app, ["batch", str(stream), "-o", str(out), *lang])
    assert result.exit_code == 130 and said in result.stderr and str(out) in result.stderr
    assert len(out.read_text(encoding="utf-8").splitlines()) == 50


@pytest.mark.process
def test_batch_with_workers_runs_to_the_end(tmp_path: Path) -> None:
    stream = tmp_path / "some.jsonl"
    stream.write_text("".join(json.dumps(h) + "\n" for h in hands(5_000, seed=8)), encoding="utf-8")
    for _ in range(3):
        done = subprocess.run(
            [*GANGCI, "batch", str(stream), "--jobs", "2", "-o", str(tmp_path / "out.jsonl")],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0 and "Traceback" not in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_many_interrupted_worker_runs(tmp_path: Path, sig: int) -> None:
    """TRIALS / 2 runs per signal (200 in all unless GANGCI_TRIALS says), each stopped at a random moment: none
    hangs, none leaves a worker, a half-written output or a traceback behind."""
    import random

    stream = tmp_path / "many.jsonl"
    stream.write_text("".join(json.dumps(h) + "\n" for h in hands(300_000, seed=7)), encoding="utf-8")
    chance = random.Random(sig)
    for _ in range(TRIALS // 2):
        code, err = interrupted_batch(tmp_path, stream, sig, after=chance.uniform(0.3, 0.9))
        # -2 / -15: the signal came while Python itself was starting, before gangci could catch it (a shell
        # shows both as 130 / 143 all the same)
        assert "Traceback" not in err and code in (0, 130, 143, -signal.SIGINT, -signal.SIGTERM), err
        (tmp_path / "out.jsonl").unlink(missing_ok=True)
    left = subprocess.run(["pgrep", "-f", str(stream)], capture_output=True, text=True)
    assert left.stdout == "", "a worker outlived its parent"


# ---------------------------------------------------------------- no traceback, ever


def test_an_internal_error_is_one_line(english, monkeypatch: pytest.MonkeyPatch) -> None:
    import gangci_calc.commands.score

    def broken(*args: object, **kwargs: object) -> str:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(gangci_calc.commands.score, "score_file", broken)
    result = english.invoke(app, ["score", str(EXAMPLES / "zhici.yaml")])
    assert result.exit_code == 70 and result.stdout == ""
    assert result.stderr.startswith("gangci: internal error, please report it") and "ZeroDivisionError" in result.stderr
    assert result.stderr.count("\n") == 1


SEEDS = sorted(p for p in EXAMPLES.rglob("*.yaml") if "session" not in p.name and p.parent.name != "batch")
HOSTILE = [
    *("\t", "\x00", "\x7f", "!!", "&a", "*a", "{", "[", "]", "}", ":", "- ", "---", "...", "? ", "|", ">"),
    *('"', "'", "\\", "#", "%", "@", "`", "0x", "9" * 30, "nan", "~", "yes", "東", "\u200b", "\ufeff", "\r", "\n  "),
]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SEEDS)).read_text(encoding="utf-8")
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 6))
        piece = draw(st.sampled_from(HOSTILE) | st.text(max_size=4))
        text = text[:at] + piece + text[at + cut :]
    return text


def _fuzz(count: int) -> settings:
    return settings(max_examples=examples(count), suppress_health_check=[HealthCheck.function_scoped_fixture])


COMMANDS = st.sampled_from(["score", "check", "session", "batch", "rules"])


@_fuzz(40)
@given(text=mutated(), command=COMMANDS)
def test_fuzzed_files_never_raise(tmp_path_factory: pytest.TempPathFactory, text: str, command: str) -> None:
    fuzzed_file_is_handled(tmp_path_factory, text, command)


@pytest.mark.slow
@_fuzz(int(os.environ.get("GANGCI_FUZZ", "150")))
@given(text=mutated(), command=COMMANDS)
def test_many_fuzzed_files_never_raise(tmp_path_factory: pytest.TempPathFactory, text: str, command: str) -> None:
    """The long run of the same (GANGCI_FUZZ sets its size)."""
    fuzzed_file_is_handled(tmp_path_factory, text, command)


def fuzzed_file_is_handled(tmp_path_factory: pytest.TempPathFactory, text: str, command: str) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, [command, str(path)])
    allowed = {0, 1, 2}
    assert result.exit_code in allowed, (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("error", "sent"), [("Terminated", signal.SIGTERM), ("KeyboardInterrupt", signal.SIGINT)])
def test_a_stop_python_could_not_raise_is_sent_again_not_printed(monkeypatch, error: str, sent: int) -> None:
    """A signal that lands in a weakref callback (Python prints "Exception ignored" and goes on) is raised again
    where the program stands: never a traceback on stderr, never a stop that is lost."""
    from types import SimpleNamespace

    from gangci_calc.commands import process
    from gangci_calc.core.errors import Terminated

    raised: list[int] = []
    printed: list[object] = []
    monkeypatch.setattr(process, "_resend", raised.append)
    monkeypatch.setattr(sys, "__unraisablehook__", printed.append)
    value = Terminated() if error == "Terminated" else KeyboardInterrupt()
    process._stop_not_lost(SimpleNamespace(exc_value=value))
    process._stop_not_lost(SimpleNamespace(exc_value=ValueError("something else")))
    assert raised == [sent] and len(printed) == 1


@pytest.mark.process
def test_a_stop_swallowed_by_a_weakref_callback_still_stops_the_program() -> None:
    """The real thing: a stop raised in a weakref's callback (Python ignores it there) ends the program all the
    same, with no "Exception ignored" traceback."""
    code = (
        "import signal, sys, time, weakref\n"
        "from gangci_calc.commands import process\n"
        "from gangci_calc.core.errors import Terminated\n"
        "sys.unraisablehook = process._stop_not_lost\n"
        "def stop(signum, frame):\n    raise Terminated\n"
        "signal.signal(signal.SIGTERM, stop)\n"
        "class Thing: pass\n"
        "thing = Thing()\n"
        "def callback(ref):\n    raise Terminated  # as a signal landing here would\n"
        "ref = weakref.ref(thing, callback)\n"
        "try:\n    del thing\n    time.sleep(5)\n    print('not stopped')\n"
        "except Terminated:\n    print('stopped')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert done.stdout.strip() == "stopped" and "Traceback" not in done.stderr, done.stderr
