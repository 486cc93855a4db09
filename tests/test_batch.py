"""`gangci batch`: mixed inputs, errors in place, order with --jobs, atomic -o."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gangci_calc.cli import app
from gangci_calc.commands.batch import read_chunks, records, run_batch
from tests.conftest import EXAMPLES
from tests.handgen import hands

GOOD_YAML = """# recorded at table 3
stakes: 2
dealer: E
win: {type: zhici, winner: W, from: S}
---
stakes: 1
policy: true
dealer: S
bets: {N: {piao: 2}}
win: {type: bomb, winner: N}
---
stakes: 1
dealer: E
bets: {S: {piao: 1}}          # add-ons are off: an error
win: {type: bomb, winner: S}
--- {stakes: 2, dealer: N, win: {type: anci, winner: E}}
...
---
stakes: 2
dealer: W
win: {type: draw}
"""

JSONL = (
    "\n".join(
        [
            '{"stakes": 2, "dealer": "E", "win": {"type": "xuci", "winner": "E", "from": "N"}}',
            "",
            '{"stakes": 2, "dealer": "E", "win": {"type": "xuci", "winner": "E"}}',
            "{not json",
            '{"stakes": 1, "dealer": "S", "win": {"type": "heavenly", "winner": "S"}}',
        ]
    )
    + "\n"
)


def lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_mixed_inputs_keep_order_and_report_errors_in_place(english, tmp_path: Path) -> None:
    stream = tmp_path / "table3.yaml"
    stream.write_text(GOOD_YAML, encoding="utf-8")
    recorded = tmp_path / "platform.jsonl"
    recorded.write_text(JSONL, encoding="utf-8")
    folder = tmp_path / "more"
    folder.mkdir()
    (folder / "b.yml").write_text("stakes: 1\ndealer: N\nwin: {type: tianci, winner: S}\n", encoding="utf-8")
    (folder / "a.yaml").write_text("stakes: 1\ndealer: N\nwin: {type: bomb, winner: N}\n", encoding="utf-8")
    (folder / "notes.txt").write_text("not a hand file")
    result = english.invoke(
        app,
        ["batch", str(stream), str(recorded), str(folder), "-"],
        input='{"stakes": 1, "dealer": "E", "win": "draw"}\n',
    )
    assert result.exit_code == 1, result.output
    out = lines(result.stdout)
    assert [r.get("source", "").rsplit("/", 1)[-1] for r in out] == [
        "table3.yaml:1",
        "table3.yaml:6",
        "table3.yaml:12",
        "table3.yaml:16",
        "table3.yaml:19",
        "platform.jsonl:1",
        "platform.jsonl:3",
        "platform.jsonl:4",
        "platform.jsonl:5",
        "a.yaml:1",
        "b.yml:1",
        "<stdin>:1",
    ]
    assert out[0]["net"] == {"E": -3000, "S": -13000, "W": 19000, "N": -3000}
    assert out[1]["net"] == {"E": -600, "S": -600, "W": -600, "N": 1800}
    assert out[2]["error"].endswith(
        "table3.yaml:14:18: bets.S.piao: 飘 1 is set but add-ons are off (policy: false); "
        "set policy: true (带政策) or remove it"
    )
    assert out[3]["net"] == {"E": 21000, "S": -7000, "W": -7000, "N": -7000}
    assert out[4]["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert out[5]["net"] == {"E": 19000, "S": -6000, "W": -6000, "N": -7000}
    assert "platform.jsonl:3:" in out[6]["error"] and "win.from: missing" in out[6]["error"]
    assert "platform.jsonl:4:2: JSON syntax" in out[7]["error"]
    assert out[8]["net"] == {"E": -200, "S": 600, "W": -200, "N": -200}
    assert out[11]["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    summary = result.stderr.strip().splitlines()[-1]
    assert summary.startswith("batch: 12 hands, 9 scored, 3 failed,") and "hands/s" in summary


def test_batch_equals_score_for_every_example(runner) -> None:
    files = sorted(p for p in EXAMPLES.glob("*.yaml") if "session" not in p.name)
    result = runner.invoke(app, ["batch", *map(str, files)])
    out = lines(result.stdout)
    assert len(out) == len(files)
    for path, item in zip(files, out, strict=True):
        scored = runner.invoke(app, ["score", str(path), "-f", "json"])
        if scored.exit_code == 0:
            assert item["net"] == json.loads(scored.stdout)["net"], path.name
        else:  # a false claim: the same words as score (batch adds the hand's line)
            assert item["error"].split(": ", 1)[1] == scored.stderr.strip().split(": ", 1)[1], path.name


def test_batch_equals_score_on_generated_hands(runner, tmp_path: Path) -> None:
    data = hands(60, seed=3)
    stream = tmp_path / "gen.jsonl"
    stream.write_text("".join(json.dumps(h) + "\n" for h in data))
    out = lines(runner.invoke(app, ["batch", str(stream)]).stdout)
    for index, hand in enumerate(data):
        single = tmp_path / f"h{index}.json"
        single.write_text(json.dumps(hand))
        assert out[index]["net"] == json.loads(runner.invoke(app, ["score", str(single), "-f", "json"]).stdout)["net"]


def test_jobs_keep_input_order(tmp_path: Path) -> None:
    stream = tmp_path / "many.jsonl"
    data = hands(9000, seed=5)
    data[4321] = {"stakes": 9, "dealer": "E", "win": {"type": "draw"}}  # one bad hand in the middle
    stream.write_text("".join(json.dumps(h) + "\n" for h in data))
    one, two = io.StringIO(), io.StringIO()
    stats_one = run_batch([str(stream)], one, jobs=1)
    stats_two = run_batch([str(stream)], two, jobs=2)
    assert one.getvalue() == two.getvalue()
    assert (stats_one.hands, stats_one.failed) == (stats_two.hands, stats_two.failed) == (9000, 1)
    assert json.loads(two.getvalue().splitlines()[4321])["source"].endswith("many.jsonl:4322")


def test_csv_format(runner, tmp_path: Path) -> None:
    weird = tmp_path / "a,b.jsonl"
    weird.write_text(JSONL)
    result = runner.invoke(app, ["batch", str(weird), "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert rows[0]["source"].endswith("a,b.jsonl:1")
    assert (rows[0]["outcome"], rows[0]["winner"]) == ("xuci", "E")
    assert [int(rows[0][s]) for s in "ESWN"] == [19000, -6000, -6000, -7000]
    assert rows[1]["error"] and not rows[1]["outcome"]


def test_strict_stops_at_the_first_failure(english, tmp_path: Path) -> None:
    recorded = tmp_path / "p.jsonl"
    recorded.write_text(JSONL)
    result = english.invoke(app, ["batch", str(recorded), "--strict"])
    assert result.exit_code == 1
    assert len(lines(result.stdout)) == 2
    assert "stopped at the first failure" in result.stderr


def test_unreadable_input_is_exit_2_but_the_rest_is_scored(english, tmp_path: Path) -> None:
    good = tmp_path / "ok.yaml"
    good.write_text("stakes: 1\ndealer: E\nwin: {type: bomb, winner: S}\n")
    result = english.invoke(app, ["batch", str(tmp_path / "missing.jsonl"), str(good)])
    assert result.exit_code == 2
    assert "missing.jsonl: no such file" in result.stderr
    assert len(lines(result.stdout)) == 1


def test_all_good_is_exit_0(runner) -> None:
    result = runner.invoke(app, ["batch", str(EXAMPLES / "zhici.yaml")])
    assert result.exit_code == 0
    assert result.stderr.count("\n") == 1  # the summary only: no progress bar when not a terminal


def test_output_file_is_written_whole(runner, tmp_path: Path) -> None:
    target = tmp_path / "results.jsonl"
    result = runner.invoke(app, ["batch", str(EXAMPLES / "zhici.yaml"), "-o", str(target)])
    assert result.exit_code == 0 and result.stdout == ""
    assert lines(target.read_text())[0]["net"]["S"] == -13000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.jsonl"]


@pytest.mark.process
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_killed_run_leaves_no_file_under_the_final_name(tmp_path: Path, sig: int) -> None:
    stream = tmp_path / "big.jsonl"
    stream.write_text("".join(json.dumps(h) + "\n" for h in hands(200_000, seed=9)))
    target = tmp_path / "out.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "gangci_calc", "batch", str(stream), "-o", str(target)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 30
    while not any(p.name.endswith(".part") and p.stat().st_size > 0 for p in tmp_path.iterdir()):
        assert time.time() < deadline and process.poll() is None, "the run ended before it could be interrupted"
        time.sleep(0.02)
    os.kill(process.pid, sig)
    try:
        process.wait(timeout=30)
    finally:
        process.kill()  # never left behind, even on a time-out
    assert not target.exists()
    if sig == signal.SIGTERM:  # a catchable signal also cleans up the temporary file
        assert sorted(p.name for p in tmp_path.iterdir()) == ["big.jsonl"]


def test_yaml_splitting_across_blocks(tmp_path: Path, monkeypatch) -> None:
    """Document markers that straddle the reader's block boundary are still found."""
    import gangci_calc.commands.batch.reading as reading

    monkeypatch.setattr(reading, "BLOCK", 7)
    path = tmp_path / "s.yaml"
    path.write_text(GOOD_YAML)
    found = [record for chunk in read_chunks(str(path)) for record in records(chunk)]
    assert [r.line for r in found] == [1, 6, 12, 16, 19]
    assert found[3].text.startswith("    {stakes: 2")
    assert "".join(chunk.text for chunk in read_chunks(str(path))) == GOOD_YAML


def test_jsonl_and_stdin_splitting_across_blocks(tmp_path: Path, monkeypatch) -> None:
    import gangci_calc.commands.batch.reading as reading

    monkeypatch.setattr(reading, "BLOCK", 5)
    path = tmp_path / "p.jsonl"
    path.write_text(JSONL)
    found = [(r.line, r.text[:12]) for chunk in read_chunks(str(path)) for r in records(chunk)]
    assert [line for line, _ in found] == [1, 3, 4, 5]
    piped = [r.line for chunk in read_chunks("-", io.StringIO("\n\n" + GOOD_YAML)) for r in records(chunk)]
    assert piped == [3, 8, 14, 18, 21]
    piped = [r.kind for chunk in read_chunks("-", io.StringIO("\n  " + JSONL)) for r in records(chunk)]
    assert set(piped) == {"json"}


def test_strict_failure_with_output_file_writes_nothing(runner, tmp_path: Path) -> None:
    recorded = tmp_path / "p.jsonl"
    recorded.write_text(JSONL)
    target = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["batch", str(recorded), "--strict", "-o", str(target)])
    assert result.exit_code == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.jsonl"]


def test_unwritable_output_is_exit_74(english, tmp_path: Path) -> None:
    result = english.invoke(app, ["batch", str(EXAMPLES / "zhici.yaml"), "-o", str(tmp_path / "no" / "out.jsonl")])
    assert result.exit_code == 74 and "cannot be written" in result.stderr


@pytest.mark.process
def test_progress_bar_only_on_a_terminal(tmp_path: Path) -> None:
    stream = tmp_path / "many.jsonl"
    stream.write_text("".join(json.dumps(h) + "\n" for h in hands(30_000, seed=2)))
    env = {k: v for k, v in os.environ.items() if k != "CI"} | {"GANGCI_LANG": "en"}
    controller, terminal = os.openpty()
    chunks: list[bytes] = []

    def drain() -> None:  # read as it comes, so a full terminal buffer never blocks the child
        while True:
            try:
                data = os.read(controller, 65536)
            except OSError:
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    done = subprocess.run(
        [sys.executable, "-m", "gangci_calc", "batch", str(stream), "-o", os.devnull],
        stderr=terminal,
        stdout=subprocess.DEVNULL,
        env=env,
        timeout=120,
    )
    os.close(terminal)
    reader.join(timeout=10)
    os.close(controller)
    seen = b"".join(chunks)
    assert done.returncode == 0
    assert b"scoring" in seen and b"batch: 30000 hands" in seen
    piped = subprocess.run(
        [sys.executable, "-m", "gangci_calc", "batch", str(stream), "-o", os.devnull],
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert b"scoring" not in piped.stderr and piped.stderr.count(b"\n") == 1


def test_strict_into_a_file_shows_the_record_that_stopped_it(runner, tmp_path) -> None:
    out = tmp_path / "results.jsonl"
    result = runner.invoke(app, ["batch", str(EXAMPLES / "batch" / "platform.jsonl"), "--strict", "-o", str(out)])
    assert result.exit_code == 1 and not out.exists()
    shown = [line for line in result.stderr.splitlines() if line.startswith("{")]
    assert len(shown) == 1 and '"id": "g-1003"' in shown[0] and '"error"' in shown[0]


@pytest.mark.parametrize("payments", [False, True])
def test_blank_lines_are_counted_in_the_summary(english, tmp_path, payments: bool) -> None:
    hand = '{"stakes": 1, "dealer": "E", "win": {"type": "draw"}}\n'
    stream = tmp_path / "gaps.jsonl"
    stream.write_text(hand + "\n  \n" + hand + "\r\n\n", encoding="utf-8")
    args = ["batch", str(stream), *(["--payments"] if payments else [])]
    result = english.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "2 hands, 2 scored, 0 failed, 4 blank lines passed by" in result.stderr  # lines 2, 3, 5 and 6
    assert "blank" not in english.invoke(app, ["batch", str(EXAMPLES / "batch" / "platform.jsonl")]).stderr


@pytest.mark.parametrize("suffix", [".jsonl", ".yaml"])
def test_a_keep_key_no_record_has_is_pointed_out(english, tmp_path, suffix: str) -> None:
    hand = {"stakes": 1, "dealer": "E", "win": {"type": "draw"}, "table": 3}
    stream = tmp_path / f"hands{suffix}"
    stream.write_text(json.dumps(hand) + "\n", encoding="utf-8")
    typo = english.invoke(app, ["batch", str(stream), "--keep", "tabel"])  # and its table is then refused
    assert typo.exit_code == 1 and "no record had the --keep key tabel" in typo.stderr
    kept = english.invoke(app, ["batch", str(stream), "--keep", "table"])
    assert '"table": 3' in kept.stdout and "no record had" not in kept.stderr
