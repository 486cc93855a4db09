"""Where platform data lives: Arrow batches, Parquet files, DuckDB and polars, each against ``score_many``."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from gangci_calc.api import HandError, Result, score_many
from tests.conftest import EXAMPLES

pa = pytest.importorskip("pyarrow", reason="pip install -e '.[test]' (the [arrow] extra)")
duckdb = pytest.importorskip("duckdb")
pl = pytest.importorskip("polars")

from gangci_calc.arrow import RESULT_SCHEMA, batch_schema, score_batch  # noqa: E402

PLATFORM = EXAMPLES / "batch" / "platform.jsonl"
RECORDED = EXAMPLES / "batch" / "recorded.jsonl"
HALF = {"stakes": {"gang": 1, "bomb": 2, "ci": 3}, "dealer": "E", "win": {"type": "zhici", "winner": "S", "from": "W"}}


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def duck_table(path: Path) -> Any:
    """The JSON Lines as DuckDB reads them: nested structs and lists, nulls for what a record lacks; a column of
    mixed types (ids both text and numbers) as its text."""
    query = f"select * from read_json_auto('{path}')"
    columns = duckdb.sql(query).columns
    if "id" in columns:
        query = f"select * replace (json_extract_string(id, '$') as id) from read_json_auto('{path}')"
    return duckdb.sql(query).to_arrow_table()


def money(amount: Any) -> Decimal:
    """An API amount (an int, or a Fraction where a half unit appears) as a decimal."""
    fraction = Fraction(amount)
    return Decimal(fraction.numerator) / Decimal(fraction.denominator)


def agrees(row: dict[str, Any], expected: Any, where: str = "") -> None:
    """One result row against ``score_many``'s result (or error) for the same record; ``where``: what the CLI's
    error says before it (``hands.parquet:3: ``)."""
    if isinstance(expected, Result):
        assert row["error"] is None, row
        assert [row[f"net_{s}"] for s in "ESWN"] == [money(expected.net[s]) for s in "ESWN"]
        assert (row["outcome"], row["winner"], row["from"], row["dealer"]) == (
            expected.outcome,
            expected.winner,
            expected.source,
            expected.dealer,
        )
        named = {seat: name for seat, name in (row["players"] or {}).items() if name is not None}  # a struct's nulls
        assert named == expected.players and (row["players"] is None) == (not expected.players)
    else:
        assert row["error"] == where + str(expected) and row["net_E"] is None
    assert row["id"] == (None if expected.id is None else str(expected.id))


CLUB = {"庄家翻倍": "全部翻倍", "zhici_split": "even"}  # a club's rules, as score_batch(rules=...) is given them


@pytest.mark.parametrize("rules", [None, CLUB], ids=["seed", "rules"])
@pytest.mark.parametrize("path", [PLATFORM, RECORDED], ids=lambda p: p.name)
def test_score_batch_agrees_with_score_many_row_by_row(path: Path, rules: dict[str, Any] | None) -> None:
    """Under ``rules=`` too (each row's own rules change them), as score_many scores the records."""
    scored = score_batch(duck_table(path), rules=rules)
    assert scored.schema == RESULT_SCHEMA
    expected = list(score_many(records(path), rules=rules))
    assert scored.num_rows == len(expected)
    for row, want in zip(scored.to_pylist(), expected, strict=True):
        agrees(row, want)
    assert any(isinstance(want, HandError) for want in expected)  # the loader refuses a row


def test_parquet_in_and_out_under_a_clubs_rules(runner, tmp_path: Path) -> None:
    """`gangci batch hands.parquet --rules club.yaml -o results.parquet`: as score_many(rules=...)."""
    import pyarrow.parquet as pq
    import yaml

    from gangci_calc.cli import app

    hands, club, out = tmp_path / "hands.parquet", tmp_path / "club.yaml", tmp_path / "results.parquet"
    pq.write_table(duck_table(PLATFORM), hands)
    club.write_text(yaml.safe_dump({"rules": CLUB}, allow_unicode=True), encoding="utf-8")
    done = runner.invoke(app, ["batch", str(hands), "--rules", str(club), "-o", str(out), "--lang", "en"])
    assert done.exit_code == 1, done.output  # g-1003 is wrong on purpose
    rows = pq.read_table(out).to_pylist()
    for row, want in zip(rows, score_many(records(PLATFORM), rules=CLUB, lang="en"), strict=True):
        agrees(row, want, f"{row['source']}: ")
        if not isinstance(want, HandError):
            assert json.loads(row["rules"]) == want.rules and want.rules["dealer_double"] == "all"


def test_half_units_are_exact_and_a_bad_row_is_an_error_not_an_exception() -> None:
    bad = {"stakes": {"gang": 1, "bomb": 2, "ci": 3}, "dealer": "E", "win": {"type": "bomb"}}
    batch = pa.RecordBatch.from_pylist([HALF, bad, HALF])
    rows = score_batch(batch, lang="en").to_pylist()
    agrees(rows[0], next(score_many([HALF])))
    assert any(rows[0][f"net_{s}"] % 1 for s in "ESWN")  # a half unit, kept exactly
    assert sum(rows[0][f"net_{s}"] for s in "ESWN") == 0
    assert rows[1]["error"].startswith("win.winner") and rows[1]["net_E"] is None
    assert rows[2] == rows[0]


@pytest.mark.process
def test_duckdb_exports_with_nulls_score_every_valid_hand(tmp_path: Path) -> None:
    """A warehouse export writes every column, null where a record has nothing: null is absent."""
    expected = list(score_many(records(PLATFORM) + records(RECORDED)))
    both = tmp_path / "both.jsonl"
    both.write_text(PLATFORM.read_text(encoding="utf-8") + RECORDED.read_text(encoding="utf-8"), encoding="utf-8")
    hands = f"(select * replace (json_extract_string(id, '$') as id) from read_json_auto('{both}'))"
    duckdb.sql(f"copy {hands} to '{tmp_path / 'hands.parquet'}' (format parquet)")
    duckdb.sql(f"copy {hands} to '{tmp_path / 'hands.jsonl'}' (format json)")
    assert "null" in (tmp_path / "hands.jsonl").read_text(encoding="utf-8")
    for name in ("hands.jsonl", "hands.parquet"):
        run = [sys.executable, "-m", "gangci_calc", "batch", str(tmp_path / name)]
        lines = subprocess.run(run, capture_output=True, text=True, timeout=60).stdout.splitlines()
        assert len(lines) == len(expected)
        for line, want in zip(lines, expected, strict=True):
            got = json.loads(line)
            if isinstance(want, Result):
                assert got.get("net") == want.net, (name, got, want)
            else:
                assert "error" in got


@pytest.mark.process
def test_batch_writes_parquet_by_suffix(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    out = tmp_path / "results.parquet"
    run = [sys.executable, "-m", "gangci_calc", "batch", str(RECORDED), str(PLATFORM), "-o", str(out)]
    done = subprocess.run(run, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr  # some hands of the examples are wrong on purpose
    table = pq.read_table(out)
    assert table.schema == batch_schema()
    expected = list(score_many(records(RECORDED) + records(PLATFORM)))
    for row, want in zip(table.to_pylist(), expected, strict=True):
        # a JSON line's error names its line and column, as the JSON Lines output's
        assert row["source"].endswith(":" + row["error"].split(":")[1]) if row["error"] else row["error"] is None
        agrees(row, want, row["error"].split(": ", 1)[0] + ": " if row["error"] else "")


def test_duckdb_scores_a_table_in_sql(tmp_path: Path) -> None:
    """The documented recipe (docs/platforms.md): read_parquet -> score_batch -> back into SQL."""
    import pyarrow.parquet as pq

    hands = tmp_path / "hands.parquet"
    pq.write_table(duck_table(RECORDED), hands)
    con = duckdb.connect()
    reader = con.sql(f"select * from read_parquet('{hands}')").to_arrow_reader(batch_size=4)
    results = pa.Table.from_batches([score_batch(batch) for batch in reader], schema=RESULT_SCHEMA)
    con.register("results", results)
    total = con.sql("select sum(net_E + net_S + net_W + net_N), count(*), count(error) from results").fetchall()[0]
    assert total == (Decimal("0.0"), 10, 1)


def test_polars_map_batches_over_score_batch() -> None:
    frame = pl.from_arrow(duck_table(RECORDED))
    schema = pl.from_arrow(RESULT_SCHEMA.empty_table()).schema
    scored = frame.lazy().map_batches(lambda df: pl.from_arrow(score_batch(df.to_arrow())), schema=schema).collect()
    expected = list(score_many(records(RECORDED)))
    for row, want in zip(scored.to_arrow().to_pylist(), expected, strict=True):
        agrees(row, want)


def test_decimal_amounts_load_in_polars_and_pandas(runner, tmp_path: Path) -> None:
    """10,000 whole amounts, then a half: with ``--amounts decimal`` every line has the same type for readers that
    guess from the first lines, and every value is exact."""
    import io

    from gangci_calc.cli import app

    pd = pytest.importorskip("pandas")
    whole = json.dumps({"stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}})
    stream = tmp_path / "hands.jsonl"
    stream.write_text((whole + "\n") * 10_000 + json.dumps(HALF) + "\n", encoding="utf-8")
    out = tmp_path / "results.jsonl"
    done = runner.invoke(app, ["batch", str(stream), "--amounts", "decimal", "-o", str(out)])
    assert done.exit_code == 0, done.output
    text = out.read_text(encoding="utf-8")
    # `from` is null on a 炸弹's line: a column that is null in every line guessed from needs its type given
    frame = pl.read_ndjson(io.StringIO(text), schema_overrides={"from": pl.String}).unnest("net")
    assert frame.height == 10_001 and frame.schema["E"] == pl.Float64
    last = frame.row(-1, named=True)
    assert any(last[s] % 1 == 0.5 for s in "ESWN") and sum(last[s] for s in "ESWN") == 0
    table = pd.read_json(io.StringIO(text), lines=True)
    nets = pd.json_normalize(table["net"])
    assert len(nets) == 10_001 and (nets.sum(axis=1) == 0).all() and nets.iloc[0]["S"] == 600.0


def test_parquet_in_and_out_scores_by_columns_as_score_many(runner, tmp_path: Path) -> None:
    """`gangci batch hands.parquet -o results.parquet`: the batches scored column by column, in order, each row as
    `score_many` scores its record; `--strict` stops at the first bad row and writes no file."""
    import pyarrow.parquet as pq

    from gangci_calc.cli import app

    hands = tmp_path / "hands.parquet"
    pq.write_table(duck_table(PLATFORM), hands, row_group_size=2)
    out = tmp_path / "results.parquet"
    done = runner.invoke(app, ["batch", str(hands), "-o", str(out)])
    assert done.exit_code == 1, done.output  # g-1003 is wrong on purpose
    for row, want in zip(pq.read_table(out).to_pylist(), score_many(records(PLATFORM)), strict=True):
        agrees(row, want, f"{row['source']}: ")  # a row's error names the row
    strict = tmp_path / "strict.parquet"
    done = runner.invoke(app, ["batch", str(hands), "-o", str(strict), "--strict"])
    assert done.exit_code == 1 and "g-1003" in done.output and not strict.exists()


@pytest.mark.parametrize("club", [None, CLUB], ids=["seed", "rules"])
def test_a_rules_text_that_is_no_json_object_is_the_loaders(
    runner, tmp_path: Path, club: dict[str, Any] | None
) -> None:
    """A Parquet rules cell '{bad' (no JSON): the row's error, as the loader writes it from the row's JSON line, by
    columns as by lines, with or without --rules (a crash before). The JSON text 'null' is null, and null is absent:
    that row is at the base's rules on every path (the loader refused it, the column path took it)."""
    import pyarrow.parquet as pq
    import yaml

    from gangci_calc.cli import app

    plain = {"stakes": "1", "dealer": "E", "win": {"type": "bomb", "winner": "S"}}
    given = ["null", "{bad", '{"a": 1', None, "{}"]
    table = pa.Table.from_pylist([{**plain, "id": str(at), "rules": text} for at, text in enumerate(given)])
    hands, rules, out = tmp_path / "hands.parquet", tmp_path / "club.yaml", tmp_path / "out.parquet"
    pq.write_table(table, hands)
    extra = []
    if club is not None:
        rules.write_text(yaml.safe_dump({"rules": club}, allow_unicode=True), encoding="utf-8")
        extra = ["--rules", str(rules)]
    by_lines = runner.invoke(app, ["batch", str(hands), *extra, "--lang", "en"])
    by_columns = runner.invoke(app, ["batch", str(hands), *extra, "--lang", "en", "-o", str(out)])
    assert by_lines.exit_code == by_columns.exit_code == 1, (by_lines.output, by_columns.output)
    lines = [json.loads(line) for line in by_lines.stdout.splitlines()]
    rows = pq.read_table(out).to_pylist()
    assert [("error" in line) for line in lines] == [False, True, True, False, False]
    assert lines[0]["rules"] == lines[3]["rules"] and bool(lines[0]["rules"]) is (club is not None)
    assert [row["error"] for row in rows] == [line.get("error") for line in lines]
    scored = score_batch(table, rules=club, lang="en").to_pylist()
    assert [row["error"] is not None for row in scored] == [False, True, True, False, False]
