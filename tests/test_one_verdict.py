"""One verdict for one record (#43.3): a BIGINT id, a timestamp, a column the hand does not know and the totals,
the same on every path (the CLI's JSON Lines, YAML, CSV and Parquet, ``score``, ``score_many``, ``score_batch``)."""

from __future__ import annotations

import csv
import datetime
import io
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gangci_calc.api import HandError, score, score_many
from gangci_calc.cli import app
from tests.handgen import WAREHOUSE_COLUMNS, duckdb_export, warehouse_hands

pa = pytest.importorskip("pyarrow", reason="pip install -e '.[test]' (the [arrow] extra)")
pq = pytest.importorskip("pyarrow.parquet")

from gangci_calc.arrow import score_batch  # noqa: E402

BOMB = {"stakes": 2, "dealer": "E", "win": {"type": "bomb", "winner": "N"}}
BIGINTS = [(1 << 63) - 1, -(1 << 63), 1234567890123456789, 7]  # int64's ends, a snowflake id, a small one
BEYOND = [1 << 63, -(1 << 63) - 1, 10**25]  # no BIGINT holds them
BEYOND_WORDS = "is beyond a 64-bit whole number (BIGINT, at most 9223372036854775807); give it as text"


def _lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _parquet(path: Path, rows: list[dict[str, Any]], id_type: Any = None) -> Path:
    if id_type is None:
        table = pa.Table.from_pylist(rows)
    else:
        table = pa.Table.from_pylist([{k: v for k, v in row.items() if k != "id"} for row in rows])
        table = table.add_column(0, "id", pa.array([row["id"] for row in rows], id_type))
    pq.write_table(table, path)
    return path


# ------------------------------------------------------------------------------------------- 19-digit ids


def test_a_bigint_id_is_scored_and_echoed_exactly_on_every_path(english: CliRunner, tmp_path: Path) -> None:
    """A snowflake id (19 digits, up to int64's largest) and a BIGINT in meta: scored, and written digit for digit
    (never through a float) in JSON Lines, CSV, Parquet out, ``score``, ``score_many`` and ``score_batch``."""
    records = [{"id": ident, **BOMB, "meta": {"room": ident}} for ident in BIGINTS]
    jsonl = tmp_path / "ids.jsonl"
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    yaml_file = tmp_path / "ids.yaml"
    yaml_file.write_text("".join("--- " + json.dumps(r) + "\n" for r in records), encoding="utf-8")
    parquet = _parquet(tmp_path / "ids.parquet", [{k: v for k, v in r.items() if k != "meta"} for r in records])
    for source in (jsonl, yaml_file, parquet):
        done = english.invoke(app, ["batch", str(source)])
        assert done.exit_code == 0, done.output
        for record, text in zip(records, done.stdout.splitlines(), strict=True):
            assert text.startswith(f'{{"id": {record["id"]}, "net": {{"E": -2000'), text  # the digits as given
            if source != parquet:
                assert f'"meta": {{"room": {record["id"]}}}' in text
    done = english.invoke(app, ["batch", str(jsonl), "-f", "csv"])
    assert [row["id"] for row in csv.DictReader(io.StringIO(done.stdout))] == [str(i) for i in BIGINTS]
    for source in (jsonl, parquet):
        out = tmp_path / f"{source.stem}-{source.suffix[1:]}.parquet"
        done = english.invoke(app, ["batch", str(source), "-o", str(out)])
        assert done.exit_code == 0, done.output
        written = pq.read_table(out)
        assert written.column("id").to_pylist() == [str(i) for i in BIGINTS]  # the text column, every digit
        assert written.column("error").null_count == len(BIGINTS)
    assert [score(r).id for r in records] == BIGINTS
    assert [r.id for r in score_many(records)] == BIGINTS  # type: ignore[union-attr]
    batch = pa.RecordBatch.from_pylist([{k: v for k, v in r.items() if k != "meta"} for r in records])
    assert batch.schema.field("id").type == pa.int64()
    scored = score_batch(batch).to_pylist()
    assert [row["id"] for row in scored] == [str(i) for i in BIGINTS] and all(row["error"] is None for row in scored)


@pytest.mark.parametrize("ident", BEYOND)
def test_an_id_no_bigint_holds_is_refused_alike(english: CliRunner, tmp_path: Path, ident: int) -> None:
    """Beyond int64, an id is refused with the same words on every path; in Parquet at its row and column."""
    record = {"id": ident, **BOMB}
    jsonl = tmp_path / "big.jsonl"
    jsonl.write_text(json.dumps(record) + "\n", encoding="utf-8")
    yaml_file = tmp_path / "big.yaml"
    yaml_file.write_text(f"id: {ident}\nstakes: 2\ndealer: E\nwin: {{type: bomb, winner: N}}\n", encoding="utf-8")
    for source, where in ((jsonl, "big.jsonl:1:8"), (yaml_file, "big.yaml:1:5")):
        done = english.invoke(app, ["batch", str(source)])
        assert done.exit_code == 1 and f"{where}: id: '{ident}' {BEYOND_WORDS}" in done.stdout, done.output
    with pytest.raises(HandError, match=BEYOND_WORDS.replace("(", r"\(").replace(")", r"\)")) as refused:
        score(record, lang="en")
    assert refused.value.id == ident
    (many,) = score_many([record], lang="en")
    assert isinstance(many, HandError) and str(many) == str(refused.value)
    if 0 <= ident < 1 << 64:  # a warehouse's UInt64 column: Parquet in, and score_batch
        parquet = _parquet(tmp_path / "big.parquet", [record], pa.uint64())
        done = english.invoke(app, ["batch", str(parquet)])
        assert f'"error": "{parquet}:1: id: \'{ident}\' {BEYOND_WORDS}"' in done.stdout, done.output
        (row,) = score_batch(pq.read_table(parquet), lang="en").to_pylist()
        assert row["error"] == str(refused.value) and row["id"] == str(ident)


def test_a_number_beyond_18_digits_in_the_hand_itself_is_still_refused(english: CliRunner, tmp_path: Path) -> None:
    """The BIGINT is for what a record echoes; an amount or a count keeps the loader's 18 digits."""
    path = tmp_path / "h.jsonl"
    path.write_text(json.dumps({**BOMB, "stakes": {"gang": 1234567890123456789}}) + "\n", encoding="utf-8")
    done = english.invoke(app, ["batch", str(path)])
    assert "stakes.gang: '1234567890123456789' has more than 18 digits" in done.stdout


# ------------------------------------------------------------------------ a column the hand does not know

ROOM_WORDS = "the column 'room_id' is not a key of a hand; {keep} passes it through to each hand's result"


def _rooms(tmp_path: Path) -> Path:
    rows = [{"id": i, **BOMB, "room_id": 10 * i} for i in (1, 2, 3)]
    return _parquet(tmp_path / "rooms.parquet", rows)


def test_an_unknown_column_is_one_error_before_the_batch(english: CliRunner, tmp_path: Path) -> None:
    """Without --keep: one line and exit 2 before any row is scored (no output file), in both languages; not an
    error on every row."""
    rooms = _rooms(tmp_path)
    out = tmp_path / "out.parquet"
    for args in ([], ["-o", str(out)], ["-o", str(tmp_path / "out.jsonl")]):
        done = english.invoke(app, ["batch", str(rooms), *args])
        assert done.exit_code == 2 and done.stdout == "", done.output
        assert done.stderr == f"{rooms}: {ROOM_WORDS.format(keep='--keep room_id')}\n"
    assert not out.exists() and not (tmp_path / "out.jsonl").exists()
    chinese = CliRunner().invoke(app, ["batch", str(rooms)])
    assert chinese.exit_code == 2
    assert chinese.stderr == f"{rooms}: 'room_id' 这一列不是牌局的键；要把它原样带到每局的结果里，用 --keep room_id\n"
    with pytest.raises(ValueError, match=r"keep=\['room_id'\]") as refused:
        score_batch(pq.read_table(rooms), lang="en")
    assert str(refused.value) == "room_id: " + ROOM_WORDS.format(keep="keep=['room_id']")


def test_a_kept_column_is_echoed_alike_by_the_cli_and_score_batch(english: CliRunner, tmp_path: Path) -> None:
    rooms = _rooms(tmp_path)
    done = english.invoke(app, ["batch", str(rooms), "--keep", "room_id"])
    assert done.exit_code == 0 and done.stderr.startswith("batch: 3 hands, 3 scored"), done.output
    assert [(line["id"], line["room_id"], line["net"]["N"]) for line in _lines(done.stdout)] == [
        (1, 10, 6000),
        (2, 20, 6000),
        (3, 30, 6000),
    ]
    out = tmp_path / "out.parquet"
    assert english.invoke(app, ["batch", str(rooms), "--keep", "room_id", "-o", str(out)]).exit_code == 0
    assert pq.read_table(out).column("room_id").to_pylist() == ["10", "20", "30"]  # a kept key's text, as -o writes
    table = pq.read_table(rooms)
    scored = score_batch(table, keep=["room_id"], lang="en")
    assert scored.schema.field("room_id").type == pa.int64()  # the column itself, its type kept
    assert scored.column("room_id").to_pylist() == [10, 20, 30]
    assert scored.drop_columns(["room_id"]).equals(score_batch(table.drop_columns(["room_id"]), lang="en"))
    assert score_batch(table, keep=["room_id", "shard"]).column("shard").null_count == 3  # not in the batch: nulls
    with pytest.raises(ValueError, match="cannot be kept"):
        score_batch(table, keep=["error"], lang="en")


def test_a_date_partition_column_is_kept_as_any_other(english: CliRunner, tmp_path: Path) -> None:
    """A table of hands partitioned by ``date`` (docs/spark.md): ``date`` is a session's key, not a hand's, so it
    is kept like room_id; a hand's own key is still refused."""
    table = pq.read_table(_rooms(tmp_path)).drop_columns(["room_id"])
    dated = table.append_column("date", pa.array([datetime.date(2026, 11, d) for d in (1, 2, 3)]))
    path = tmp_path / "dated.parquet"
    pq.write_table(dated, path)
    done = english.invoke(app, ["batch", str(path), "--keep", "date"])
    assert done.exit_code == 0, done.output
    assert [line["date"] for line in _lines(done.stdout)] == ["2026-11-01", "2026-11-02", "2026-11-03"]
    assert score_batch(dated, keep=["date"], lang="en").column("date").type == pa.date32()
    assert english.invoke(app, ["batch", str(path), "--keep", "dealer"]).exit_code == 2
    with pytest.raises(ValueError, match="cannot be kept"):
        score_batch(dated, keep=["hands"], lang="en")


def test_json_lines_say_an_unknown_key_on_its_record(english: CliRunner, tmp_path: Path) -> None:
    """JSON Lines have no columns: a record's own unknown key is its own error line, which names --keep; kept, it
    is echoed as the Parquet column is."""
    path = tmp_path / "rooms.jsonl"
    path.write_text(json.dumps({"id": 1, **BOMB, "room_id": 10}) + "\n" + json.dumps(BOMB) + "\n", encoding="utf-8")
    done = english.invoke(app, ["batch", str(path)])
    first, second = _lines(done.stdout)
    assert done.exit_code == 1 and "unknown key 'room_id'" in first["error"]
    assert first["error"].endswith("; --keep room_id keeps it")
    assert second["net"]["N"] == 6000
    kept = _lines(english.invoke(app, ["batch", str(path), "--keep", "room_id"]).stdout)
    assert kept[0]["room_id"] == 10 and "room_id" not in kept[1]


def test_a_column_of_nulls_only_gives_nothing(english: CliRunner, tmp_path: Path) -> None:
    """A column of Arrow's null type (nothing given on any row) is no unknown column."""
    table = pa.Table.from_pylist([{"id": 1, **BOMB}]).append_column("notes", pa.nulls(1))
    path = tmp_path / "notes.parquet"
    pq.write_table(table, path)
    for args in ([], ["-o", str(tmp_path / "out.parquet")]):
        done = english.invoke(app, ["batch", str(path), *args])
        assert done.exit_code == 0, done.output
    assert score_batch(table).column("error").to_pylist() == [None]


# ------------------------------------------------------------------ times written alike from every format

TIMED_META = (
    'STRUCT(played_on DATE, "table" INTEGER, "at" TIMESTAMP, at_tz TIMESTAMPTZ, clock TIME, fine TIMESTAMP_NS, '
    "whole TIMESTAMP_S, fee DECIMAL(9, 2))"
)


def _timed_rows() -> list[dict[str, Any]]:
    rows = warehouse_hands(24)
    for number, row in enumerate(rows):
        second = f"{number % 60:02d}"
        row["meta"] |= {
            "at": f"2026-11-25 20:31:{second}" + (".5" if number % 3 else ""),
            "at_tz": f"2026-11-25T20:31:{second}+08:00",
            "clock": f"20:31:{second}" + (".25" if number % 2 else ""),
            "fine": f"2026-11-25 20:31:{second}.123456789",
            "whole": f"2026-11-25 20:31:{second}",
            "fee": "12.50" if number % 2 else None,
        }
        row["played_at"] = f"2026-11-25 20:{number % 60:02d}:07" if number % 4 else None
    return rows


def test_a_table_exported_both_ways_gives_the_same_lines(english: CliRunner, tmp_path: Path) -> None:
    """DuckDB's JSON Lines export writes a timestamp as ``2026-11-25 20:31:26``; its Parquet holds it typed, which
    came out as ``2026-11-25T20:31:26`` (and a TIMESTAMP_NS stopped the run). Every date, time, timestamp (with and
    without time zone) and decimal, in meta and in a kept column: the same output lines, whichever file is read."""
    columns = {**WAREHOUSE_COLUMNS, "meta": TIMED_META, "played_at": "TIMESTAMP"}
    jsonl, parquet = duckdb_export(_timed_rows(), tmp_path, columns=columns)
    outputs, texts = [], []
    for source in (jsonl, parquet):
        done = english.invoke(app, ["batch", str(source), "--keep", "played_at"])
        assert done.exit_code == 0, done.output
        outputs.append([{k: v for k, v in line.items() if k != "source"} for line in _lines(done.stdout)])
        texts.append([line.split(', "source": ')[0] for line in done.stdout.splitlines()])
    assert texts[0] == texts[1]  # the same lines, byte for byte, but for their source
    metas = [line["meta"] for line in outputs[0]]
    assert metas[1]["at"] == "2026-11-25 20:31:01.5" and metas[0]["at"] == "2026-11-25 20:31:00"
    assert metas[1]["at_tz"] == "2026-11-25 12:31:01+00" and metas[1]["clock"] == "20:31:01.25"
    assert metas[1]["fine"] == "2026-11-25 20:31:01.123456789" and metas[1]["fee"] == 12.5
    assert outputs[0][1]["played_at"] == "2026-11-25 20:01:07" and "played_at" not in outputs[0][0]
    tables = []
    for source in (jsonl, parquet):  # Parquet out, its meta and kept texts: from either input alike
        out = tmp_path / f"out-{source.suffix[1:]}.parquet"
        assert english.invoke(app, ["batch", str(source), "--keep", "played_at", "-o", str(out)]).exit_code == 0
        tables.append(pq.read_table(out).drop_columns(["source"]))
    assert tables[0].equals(tables[1])
    assert tables[1].column("played_at").to_pylist()[1] == "2026-11-25 20:01:07"


# --------------------------------------------------------------------------------------- --totals, short


def _many_players(path: Path, count: int) -> Path:
    """Hands of ``count`` players, four a table; in the last hand, a player named with a quote and a comma pays
    half a unit."""
    lines = []
    for table in range(count // 4):
        names = {seat: f"p{4 * table + i:05d}" for i, seat in enumerate("ESWN")}
        lines.append({**BOMB, "players": names, "win": {"type": "bomb", "winner": "ESWN"[table % 4]}})
    lines.append(
        {
            "stakes": {"gang": 1, "bomb": 2, "ci": 3},  # E pays half a unit
            "dealer": "E",
            "players": {"E": 'a "b", c', "S": "p00000", "W": "p00001", "N": "p00002"},
            "win": {"type": "zhici", "winner": "S", "from": "W"},
        }
    )
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    return path


def test_totals_are_a_short_table_on_stderr(english: CliRunner, tmp_path: Path) -> None:
    """99,000 players were one stderr line: now the seats on a line and a table of at most twenty players (the
    ten who won most, the ten who lost most) and a row that says how many more, in both languages."""
    source = _many_players(tmp_path / "many.jsonl", 400)
    done = english.invoke(app, ["batch", str(source), "--totals"])
    assert done.exit_code == 0, done.output
    said = done.stderr.splitlines()
    assert said[1].startswith("totals by seat: E ") and said[2] == "totals by player (401)"
    rows = [[cell.strip() for cell in line.split("│")[1:4]] for line in said if line.startswith("│")]
    assert len(rows) == 21 and rows[10] == ["…", "381 more", ""]
    assert [row[0] for row in rows[:3]] == ["1", "2", "3"] and rows[-1][0] == "401"
    totals = [float(row[2]) for row in rows if row[0] != "…"]
    assert totals == sorted(totals, reverse=True) and totals[0] > 0 > totals[-1]
    assert said[-1] == "every player: --totals-out FILE.csv (or .json)" and len(said) < 32
    chinese = CliRunner().invoke(app, ["batch", str(source), "--totals"]).stderr
    assert (
        "各玩家合计 (401 人)" in chinese and "还有 381 人" in chinese and "全部玩家：--totals-out 文件.csv" in chinese
    )
    few = english.invoke(app, ["batch", str(_many_players(tmp_path / "few.jsonl", 8)), "--totals"]).stderr
    assert "more" not in few and "--totals-out" not in few and few.count("│ p000") == 8


def test_totals_out_writes_every_player_as_csv_or_json(english: CliRunner, tmp_path: Path) -> None:
    source = _many_players(tmp_path / "many.jsonl", 400)
    table, as_json = tmp_path / "totals.csv", tmp_path / "totals.json"
    done = english.invoke(app, ["batch", str(source), "--totals-out", str(table), "--totals"])
    assert done.exit_code == 0 and "totals by player (401)" in done.stderr  # both: the file and the short table
    assert english.invoke(app, ["batch", str(source), "--totals-out", str(as_json)]).exit_code == 0
    rows = list(csv.DictReader(io.StringIO(table.read_text(encoding="utf-8"))))
    assert list(rows[0]) == ["kind", "name", "total"] and [row["name"] for row in rows[:4]] == list("ESWN")
    written = json.loads(as_json.read_text(encoding="utf-8"))
    players = {row["name"]: row["total"] for row in rows if row["kind"] == "player"}
    assert len(players) == 401 and players == {name: str(total) for name, total in written["people"].items()}
    assert players['a "b", c'] == "-1.5" and [row["total"] for row in rows[:4]] == [
        str(written["totals"][seat]) for seat in "ESWN"
    ]  # exact, a half unit as written; a name with a quote and a comma, quoted as CSV does
    ranked = [float(row["total"]) for row in rows if row["kind"] == "player"]
    assert ranked == sorted(ranked, reverse=True)


def test_only_what_a_record_echoes_is_written_as_the_json_export(english: CliRunner, tmp_path: Path) -> None:
    """A decimal in meta is its number; the hand's own columns are left to the loader (an id of DECIMAL(10, 0) is
    the text it was before)."""
    from decimal import Decimal

    table = pa.Table.from_pylist([{**BOMB, "meta": {"fee": Decimal("1.5")}}])
    table = table.add_column(0, "id", pa.array([Decimal(12345)], pa.decimal128(10, 0)))
    path = tmp_path / "dec.parquet"
    pq.write_table(table, path)
    (line,) = _lines(english.invoke(app, ["batch", str(path)]).stdout)
    assert line["id"] == "12345" and line["meta"] == {"fee": 1.5} and line["net"]["N"] == 6000


# ---------------------------------------------------------------- an alias: scored as score() scores it

ALIASES = [  # a record in the file's aliases (a seat, a win's word, a key in Chinese)
    {"stakes": 1, "dealer": "东", "win": {"type": "bomb", "winner": "S"}},
    {"stakes": 1, "dealer": "E", "win": {"type": "炸弹", "winner": "S"}},
    {"stakes": 1, "dealer": "E", "win": {"type": "zhici", "winner": "W", "from": "南"}},
    {"起底": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}},
    {"stakes": 1, "dealer": "E", "win": {"type": "bomb", "胡家": "S"}},
    {
        "stakes": 2,
        "dealer": "E",
        "win": {"type": "bomb", "winner": "S"},
        "kongs": [{"by": "东", "type": "明杠", "from": "S"}],
    },
]


@pytest.mark.parametrize("record", ALIASES)
def test_an_alias_is_scored_by_batch_as_score_scores_it(runner, tmp_path: Path, record: dict[str, Any]) -> None:
    from gangci_calc.api import score

    want = score(record, lang="en").net
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    yaml_path = tmp_path / "one.yaml"
    yaml_path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    for source in (path, yaml_path):
        (line,) = _lines(runner.invoke(app, ["batch", str(source), "--lang", "en"]).stdout)
        assert line["net"] == want


def test_the_summary_counts_one_hand_as_one(runner, tmp_path: Path) -> None:
    path = tmp_path / "one.jsonl"
    path.write_text('{"stakes": 1, "dealer": "E", "win": {"type": "draw"}}\n', encoding="utf-8")
    done = runner.invoke(app, ["batch", str(path), "--lang", "en", "-o", str(tmp_path / "o")])
    assert done.stderr.startswith("batch: 1 hand, 1 scored, 0 failed,"), done.stderr
    assert runner.invoke(app, ["batch", str(path), "-o", str(tmp_path / "o")]).stderr.startswith("batch：1 局，")
