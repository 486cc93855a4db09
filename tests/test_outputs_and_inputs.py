"""The third attack campaign (issue 32), fast tier: outputs that land on inputs, links counted twice, Parquet's
NaN and twice-named columns, a ledger's fee in batch, and --strict's count of blank lines.

Each test failed before its fix (checked against the code before it). The terminal's items are driven through
a pseudo-terminal in ``tests/test_terminal_answers.py`` (the process tier); their logic is checked here too.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gangci_calc.cli import app
from tests.conftest import EXAMPLES

BOMB = '{"stakes":1,"dealer":"E","win":{"type":"bomb","winner":"S"}}\n'
RULES = "baoci: true\n"

# ---------------------------------------------------------------- 1, 2: an output is never one of the inputs

# every command that writes a file, and how it names its output (``out``) and its input (``given``); ``setup``
# makes the input (``inp``) and whatever else the command reads. The input is what must come out unchanged.


def _jsonl(folder: Path) -> Path:
    path = folder / "in.jsonl"
    path.write_text(BOMB * 3, encoding="utf-8")
    return path


def _parquet(folder: Path) -> Path:
    pq = pytest.importorskip("pyarrow.parquet")
    import pyarrow as pa

    path = folder / "in.parquet"
    pq.write_table(pa.Table.from_pylist([json.loads(BOMB)] * 3), path)
    return path


def _rules(folder: Path) -> Path:
    path = folder / "rules.yaml"
    path.write_text(RULES, encoding="utf-8")
    return path


def _ledger(folder: Path) -> Path:
    club = folder / "club"
    club.mkdir()
    path = club / "session-2026-11-10.yaml"
    path.write_bytes((EXAMPLES / "club" / "session-2026-11-10.yaml").read_bytes())
    return path


def _club(folder: Path) -> str:
    club = folder / "club"
    club.mkdir(exist_ok=True)
    (club / "evening.yaml").write_bytes((EXAMPLES / "session-people.yaml").read_bytes())
    return str(club)


WRITERS: dict[str, tuple[Callable[[Path], Path], Callable[[Path, str, Path], list[str]]]] = {
    "batch -o": (_jsonl, lambda inp, out, tmp: ["batch", str(inp), "-o", out]),
    "batch -o FILE.parquet": (_parquet, lambda inp, out, tmp: ["batch", str(inp), "-o", out]),
    "batch --totals-out": (_jsonl, lambda inp, out, tmp: ["batch", str(inp), "--totals-out", out]),
    "batch --rules": (_rules, lambda inp, out, tmp: ["batch", str(_jsonl(tmp)), "--rules", str(inp), "-o", out]),
    "history --chart": (_ledger, lambda inp, out, tmp: ["history", str(inp.parent), "--chart", out]),
    "history --rules": (_rules, lambda inp, out, tmp: ["history", _club(tmp), "--rules", str(inp), "--chart", out]),
    "session --add --rules": (_rules, lambda inp, out, tmp: ["session", out, "--add", "--rules", str(inp)]),
    "session --new --rules": (_rules, lambda inp, out, tmp: ["session", out, "--new", "--rules", str(inp)]),
    "session --paid --rules": (_rules, lambda inp, out, tmp: ["session", out, "--paid", "--rules", str(inp)]),
    "serve --rules": (_rules, lambda inp, out, tmp: ["serve", out, "--rules", str(inp), "--no-qr", "--port", "0"]),
}


@contextmanager
def named(how: str, inp: Path, tmp: Path) -> Iterator[str]:
    """Another name for ``inp``: the same path, ``..`` through a folder that is not there, a symlink, a hard
    link, or ``/proc/self/fd/N`` of a descriptor open on it."""
    if how == "same path":
        yield str(inp)
    elif how == "missing/..":
        yield str(inp.parent / "nosuch" / ".." / inp.name)
    elif how in ("symlink", "hard link"):
        link = tmp / f"link{inp.suffix}"
        (link.symlink_to if how == "symlink" else link.hardlink_to)(inp)
        yield str(link)
    else:
        fd = os.open(inp, os.O_RDONLY)
        try:
            yield f"/proc/self/fd/{fd}"
        finally:
            os.close(fd)


NAMINGS = ("same path", "missing/..", "symlink", "hard link", "/proc/self/fd")


@pytest.mark.parametrize("how", NAMINGS)
@pytest.mark.parametrize("writer", list(WRITERS))
def test_no_writing_command_writes_over_one_of_its_inputs(
    english: CliRunner, tmp_path: Path, writer: str, how: str
) -> None:
    """Every writer, every name of its input: refused with exit 2 (one line, naming the option), the input
    byte for byte as it was, and nothing left beside it."""
    if how == "/proc/self/fd" and not Path("/proc/self/fd").is_dir():
        pytest.skip("no /proc on this system")
    setup, command = WRITERS[writer]
    inp = setup(tmp_path)
    before, identity = inp.read_bytes(), (inp.stat().st_dev, inp.stat().st_ino)
    with named(how, inp, tmp_path) as out:
        result = english.invoke(app, command(inp, out, tmp_path))
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "is one of the inputs" in result.stderr or "is also the --rules file" in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert inp.read_bytes() == before and (inp.stat().st_dev, inp.stat().st_ino) == identity
    assert not [p for p in inp.parent.iterdir() if p.name.endswith((".part", ".lock"))]


def test_history_chart_over_its_own_ledger_leaves_the_ledger_and_history_still_reads(
    english: CliRunner, tmp_path: Path
) -> None:
    """The issue's reproduction: ``--chart DIR/session-2026-11-10.yaml`` wrote the SVG over the ledger (exit 0)."""
    club = tmp_path / "club"
    club.mkdir()
    for ledger in (EXAMPLES / "club").iterdir():
        (club / ledger.name).write_bytes(ledger.read_bytes())
    target = club / "session-2026-11-10.yaml"
    result = english.invoke(app, ["history", str(club), "--chart", str(target)])
    assert result.exit_code == 2 and result.stderr.startswith("--chart: "), result.output
    assert english.invoke(app, ["history", str(club)]).exit_code == 0


def test_two_outputs_through_a_missing_folder_are_one_file(english: CliRunner, tmp_path: Path) -> None:
    records = _jsonl(tmp_path)
    out = tmp_path / "out.jsonl"
    result = english.invoke(
        app, ["batch", str(records), "-o", str(out), "--totals-out", str(tmp_path / "no" / ".." / "out.jsonl")]
    )
    assert result.exit_code == 2 and "cannot be the same file" in result.stderr
    assert not out.exists()


def test_an_output_that_is_another_file_is_written(english: CliRunner, tmp_path: Path) -> None:
    """The check refuses only the inputs: ``..`` through a missing folder to a new file is written."""
    records = _jsonl(tmp_path)
    result = english.invoke(app, ["batch", str(records), "-o", str(tmp_path / "no" / ".." / "out.jsonl")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out.jsonl").read_text(encoding="utf-8").count("\n") == 3


# ---------------------------------------------------------------- 3: a ledger reached twice is counted once


def _people(result_stdout: str) -> dict[str, int]:
    return {p["name"]: p["total"] for p in json.loads(result_stdout)["people"]}


@pytest.mark.parametrize("extra", ["symlink", "hard link", "symlinked folder", "file and its folder"])
def test_history_counts_each_ledger_once_by_its_identity(english: CliRunner, tmp_path: Path, extra: str) -> None:
    club = tmp_path / "club"
    club.mkdir()
    for ledger in (EXAMPLES / "club").iterdir():
        (club / ledger.name).write_bytes(ledger.read_bytes())
    plain = english.invoke(app, ["history", str(club), "-f", "json"])
    assert plain.exit_code == 0, plain.output
    paths = [str(club)]
    if extra == "symlink":
        (club / "again.yaml").symlink_to(club / "session-2026-11-10.yaml")
    elif extra == "hard link":
        (club / "again.yaml").hardlink_to(club / "session-2026-11-10.yaml")
    elif extra == "symlinked folder":
        (tmp_path / "mirror").symlink_to(club, target_is_directory=True)
        paths.append(str(tmp_path / "mirror"))
    else:
        paths.append(str(club / "session-2026-11-17.yaml"))
    again = english.invoke(app, ["history", *paths, "-f", "json"])
    assert again.exit_code == 0, again.output
    assert _people(again.stdout) == _people(plain.stdout)
    assert _people(plain.stdout)["老王"] == -1550
    assert len(json.loads(again.stdout)["evenings"]) == 3


# ---------------------------------------------------------------- 4, 5: Parquet: NaN, infinities, a name given twice


def _nan_parquet(tmp_path: Path, value: float) -> Path:
    pq = pytest.importorskip("pyarrow.parquet")
    import pyarrow as pa

    row = {
        "stakes": 2,
        "policy": True,
        "dealer": "S",
        "bets": {"S": {"piao": value}},
        "win": {"type": "bomb", "winner": "E"},
    }
    path = tmp_path / "odd.parquet"
    pq.write_table(pa.Table.from_pylist([row, json.loads(BOMB)]), path)
    return path


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
@pytest.mark.parametrize("out", ["stdout", "x.csv", "x.parquet"])
def test_a_non_finite_float_count_in_parquet_is_refused_on_every_path(
    english: CliRunner, tmp_path: Path, value: float, out: str
) -> None:
    """``bets.S.piao`` NaN was settled as "not given" (S +600) by ``gangci batch x.parquet`` and ``-o x.csv``."""
    path = _nan_parquet(tmp_path, value)
    args = ["batch", str(path)] + ([] if out == "stdout" else ["-o", str(tmp_path / out)])
    result = english.invoke(app, args)
    assert result.exit_code == 1, result.output  # that hand failed; the next one is scored
    if out == "x.parquet":
        import pyarrow.parquet as pq

        rows = pq.read_table(tmp_path / out).to_pylist()
        errors = [row["error"] for row in rows]
    elif out == "x.csv":
        import csv

        errors = [row["error"] for row in csv.DictReader((tmp_path / out).open(encoding="utf-8"))]
    else:
        errors = [json.loads(line).get("error") for line in result.stdout.splitlines()]
    assert errors[1] is None or errors[1] == ""
    assert errors[0] and "bets.S.piao" in errors[0] and "is not a whole number" in errors[0], errors


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_score_batch_refuses_the_same_non_finite_count(tmp_path: Path, value: float) -> None:
    import pyarrow.parquet as pq

    from gangci_calc.arrow import score_batch

    rows = score_batch(pq.read_table(_nan_parquet(tmp_path, value)), lang="en").to_pylist()
    assert "is not a whole number" in rows[0]["error"] and rows[1]["error"] is None


def _twice_named(tmp_path: Path, nested: bool) -> Path:
    pq = pytest.importorskip("pyarrow.parquet")
    import pyarrow as pa

    if nested:  # bets: struct<S: struct<piao>, S: struct<piao>>
        piao = pa.StructArray.from_arrays([pa.array([1])], ["piao"])
        bets = pa.StructArray.from_arrays([piao, piao], ["S", "S"])
        table = pa.table(
            [pa.array([1]), pa.array([True]), pa.array(["S"]), bets], ["stakes", "policy", "dealer", "bets"]
        )
    else:
        table = pa.table([pa.array([1]), pa.array([2]), pa.array(["S"])], ["stakes", "stakes", "dealer"])
    win = pa.StructArray.from_arrays([pa.array(["bomb"]), pa.array(["E"])], ["type", "winner"])
    path = tmp_path / "twice.parquet"
    pq.write_table(table.append_column("win", win), path)
    return path


@pytest.mark.parametrize("nested", [False, True], ids=["column", "struct field"])
@pytest.mark.parametrize("out", ["stdout", "x.csv", "x.parquet"])
def test_a_parquet_column_named_twice_is_an_input_error(
    english: CliRunner, tmp_path: Path, nested: bool, out: str
) -> None:
    """It took the last silently (exit 0), or stopped with a KeyError (exit 70)."""
    path = _twice_named(tmp_path, nested)
    args = ["batch", str(path)] + ([] if out == "stdout" else ["-o", str(tmp_path / out)])
    result = english.invoke(app, args)
    key = "bets.S" if nested else "stakes"
    assert result.exit_code == 2, result.output
    assert f"{path}: the column '{key}' is given twice; say it once" in result.stderr


@pytest.mark.parametrize("nested", [False, True], ids=["column", "struct field"])
def test_score_batch_refuses_a_column_named_twice(tmp_path: Path, nested: bool) -> None:
    import pyarrow.parquet as pq

    from gangci_calc.arrow import score_batch
    from gangci_calc.core.errors import HandError

    batch = next(pq.ParquetFile(_twice_named(tmp_path, nested)).iter_batches())
    with pytest.raises(HandError, match="given twice"):
        score_batch(batch, lang="en")


# ---------------------------------------------------------------- 6: a ledger's fee, whatever command reads it

FEE_LEDGERS = [
    EXAMPLES / "house" / "session-fee.yaml",
    EXAMPLES / "house" / "session-fee-from-hand-10.yaml",
    EXAMPLES / "club" / "session-2026-11-24.yaml",
]


UNNAMED_FEE = "stakes: 1\ndealer: E\nfee: {per_hand: 10, per_evening: 50}\nhands:\n  - win: {type: bomb, winner: S}\n"


@pytest.mark.parametrize("ledger", [*FEE_LEDGERS, None], ids=lambda p: p.name if p else "nobody named")
def test_batch_totals_of_a_ledger_with_a_fee_are_the_session_s(
    english: CliRunner, tmp_path: Path, ledger: Path | None
) -> None:
    if ledger is None:  # the people are the seats, by their letters, and the house
        ledger = tmp_path / "unnamed.yaml"
        ledger.write_text(UNNAMED_FEE, encoding="utf-8")
    session = english.invoke(app, ["session", str(ledger), "-f", "json"])
    assert session.exit_code == 0, session.output
    people = {p["name"]: p["total"] for p in json.loads(session.stdout)["people"]}
    totals = tmp_path / "t.json"
    result = english.invoke(app, ["batch", str(ledger), "--payments", "--totals-out", str(totals)])
    assert result.exit_code == 0, result.output
    assert json.loads(totals.read_text(encoding="utf-8"))["people"] == people
    # every payment of every line, the evening's fee included, adds up to the same people
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    paid: dict[str, int] = {}
    for line in lines:
        names = line.get("players") or {}
        for payment in line["payments"]:
            payer, payee = (names.get(who, who) for who in (payment["payer"], payment["payee"]))
            paid[payer] = paid.get(payer, 0) - payment["amount"]
            paid[payee] = paid.get(payee, 0) + payment["amount"]
    assert {name: total for name, total in paid.items() if total} == {n: t for n, t in people.items() if t}


def test_the_evening_fee_is_on_the_last_hand_s_payments(english: CliRunner) -> None:
    result = english.invoke(app, ["batch", str(EXAMPLES / "house" / "session-fee.yaml"), "--payments"])
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    evening = [p for line in lines for p in line["payments"] if p["for"] == "per_evening"]
    assert evening == [
        {"payer": seat, "payee": "老王", "amount": 100, "for": "per_evening", "role": "fee"} for seat in "SWN"
    ]
    assert all(p["for"] != "per_evening" for p in lines[0]["payments"])


# ---------------------------------------------------------------- 14: --strict's summary


@pytest.mark.parametrize("rules", [False, True], ids=["fast path", "loader"])
def test_strict_counts_only_the_blank_lines_before_it_stopped(english: CliRunner, tmp_path: Path, rules: bool) -> None:
    records = tmp_path / "r.jsonl"
    records.write_text(BOMB + "\n" + '{"stakes": 9}\n' + "\n\n" + BOMB, encoding="utf-8")
    args = ["batch", str(records), "--strict"] + (["--rules", str(_rules(tmp_path))] if rules else [])
    result = english.invoke(app, args)
    assert result.exit_code == 1, result.output
    summary = result.stderr.strip().splitlines()[-1]
    assert "2 hands, 1 scored, 1 failed, 1 blank line passed by" in summary, summary
    whole = english.invoke(app, ["batch", str(records), *args[3:]])
    assert "3 blank lines passed by" in whole.stderr.strip().splitlines()[-1]
