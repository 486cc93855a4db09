"""`gangci batch -o x.parquet` holds what the JSON Lines hold: payments, kept keys, ids, errors located and joinable.

Each Parquet output here is checked row by row against the JSON Lines the same command writes with
``-o x.jsonl``, for JSON Lines, YAML and DuckDB-written Parquet inputs; then read back with pyarrow,
polars and DuckDB.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from gangci_calc.cli import app
from tests.conftest import EXAMPLES

pa = pytest.importorskip("pyarrow", reason="pip install -e '.[test]' (the [arrow] extra)")
pq = pytest.importorskip("pyarrow.parquet")
duckdb = pytest.importorskip("duckdb")
pl = pytest.importorskip("polars")

from gangci_calc.arrow import batch_schema, batch_schema_text, score_batch  # noqa: E402

PLATFORM = EXAMPLES / "batch" / "platform.jsonl"
RECORDED = EXAMPLES / "batch" / "recorded.jsonl"
HALF = {"stakes": {"gang": 1, "bomb": 2, "ci": 3}, "dealer": "E", "win": {"type": "zhici", "winner": "S", "from": "W"}}
BAO = {  # 包次: the discarder pays the others' shares (share_of)
    "id": "bao-1",
    "stakes": 1,
    "dealer": "E",
    "rules": {"baoci": True},
    "win": {"type": "zhici", "winner": "S", "from": "W", "bao": True},
}
SESSION = {  # a session record: a line (a row) per hand
    "id": "evening-1",
    "stakes": 1,
    "dealer": "E",
    "players": {"E": "ana", "S": "bo", "W": "cy", "N": "dee"},
    "hands": [{"win": {"type": "bomb", "winner": "S"}}, {"win": {"type": "draw"}}],
    "region": "bj",
}


def extra_lines() -> list[str]:
    """Records beside the examples': kept values, a half unit, 包次, a session, an unknown key, keys given twice."""
    plain = {"stakes": 2, "dealer": "S", "win": {"type": "bomb", "winner": "N"}}
    return [
        json.dumps({**plain, "id": "k-1", "region": "sh"}),
        json.dumps({**HALF, "id": 7}),
        json.dumps({**HALF, "id": "huge", "stakes": {"gang": 1, "bomb": 2, "ci": 999_999_999_999_999_999}}),
        json.dumps(BAO),
        json.dumps(SESSION),
        json.dumps({**plain, "id": "k-2", "region": "hz", "venue": 4}),  # `venue` is no key of a hand
        '{"id": "twice", "stakes": 1, "stakes": 2, "dealer": "E", "win": {"type": "draw"}}',
        '{"id": "a", "id": "b", "stakes": 1, "dealer": "E", "win": {"type": "draw"}}',
    ]


@pytest.fixture
def hands_jsonl(tmp_path: Path) -> Path:
    path = tmp_path / "hands.jsonl"
    text = PLATFORM.read_text(encoding="utf-8") + RECORDED.read_text(encoding="utf-8")
    path.write_text(text + "\n".join(extra_lines()) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def hands_yaml(tmp_path: Path) -> Path:
    """A YAML stream: an evening with a table fee (paid to the house and to a player), a lone hand, a bad one."""
    path = tmp_path / "hands.yaml"
    parts = [EXAMPLES / "house" / "session-fee.yaml", EXAMPLES / "zhici.yaml", EXAMPLES / "errors" / "gang-count.yaml"]
    path.write_text("\n---\n".join(part.read_text(encoding="utf-8") for part in parts), encoding="utf-8")
    return path


@pytest.fixture
def hands_parquet(tmp_path: Path) -> Path:
    """The examples and a few more as DuckDB writes them to Parquet: nulls for what a record lacks, structs."""
    both = tmp_path / "both.jsonl"
    readable = extra_lines()[:6]  # DuckDB refuses a key given twice
    text = PLATFORM.read_text(encoding="utf-8") + RECORDED.read_text(encoding="utf-8") + "\n".join(readable)
    both.write_text(text + "\n", encoding="utf-8")
    path = tmp_path / "hands.parquet"
    query = f"select * replace (json_extract_string(id, '$') as id) from read_json_auto('{both}')"
    duckdb.sql(f"copy ({query}) to '{path}' (format parquet, row_group_size 8)")
    return path


@pytest.fixture
def plain_parquet(tmp_path: Path) -> Path:
    """Rows most of which the column path settles (stakes a number everywhere), with a meta struct and a kept key,
    and among them rows it leaves to the scorer: house rules, a session, an unknown key, a bad hand."""
    plain = {"stakes": 2, "dealer": "S", "win": {"type": "bomb", "winner": "N"}}
    named = {"players": {"E": "ana", "S": "bo", "W": "cy", "N": "dee"}, "meta": {"table": 3, "at": "中午"}}
    rows = [{**plain, "id": f"p-{i}", "region": ("sh", "bj")[i % 2], **(named if i % 3 else {})} for i in range(12)]
    rows[4] = {**rows[4], "win": {"type": "zhici", "winner": "W", "from": "E"}}
    text = PLATFORM.read_text(encoding="utf-8") + "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    slow = [json.dumps({**BAO, "region": "gz"}), json.dumps(SESSION), json.dumps({**rows[0], "id": "v", "venue": 4})]
    slow.append(json.dumps({**rows[1], "id": "house", "rules": {"baoci": True, "zhici_split": "even"}}))
    both = tmp_path / "plain.jsonl"
    both.write_text(text + "\n".join(slow) + "\n", encoding="utf-8")
    path = tmp_path / "plain.parquet"
    query = f"select * replace (json_extract_string(id, '$') as id) from read_json_auto('{both}')"
    duckdb.sql(f"copy ({query}) to '{path}' (format parquet, row_group_size 8)")
    return path


KEEP = ("--keep", "region", "--keep", "venue")  # the Parquet inputs' columns that are no keys of a hand


def run(runner: Any, *args: str) -> Any:
    return runner.invoke(app, ["batch", *args], catch_exceptions=False)


def both_outputs(runner: Any, tmp_path: Path, source: Path, *flags: str) -> tuple[list[dict[str, Any]], list[Any]]:
    """The JSON Lines and the Parquet rows of one command; both exit alike and count alike."""
    as_lines, as_rows = tmp_path / "out.jsonl", tmp_path / "out.parquet"
    by_lines = run(runner, str(source), *flags, "-o", str(as_lines))
    by_rows = run(runner, str(source), *flags, "-o", str(as_rows))
    assert by_lines.exit_code == by_rows.exit_code, (by_lines.output, by_rows.output)
    assert summary(by_lines.stderr) == summary(by_rows.stderr)
    text = as_lines.read_text(encoding="utf-8")
    lines = [json.loads(line, parse_float=Decimal) for line in text.splitlines()]
    table = pq.read_table(as_rows)
    keep = [flags[i + 1] for i, flag in enumerate(flags) if flag == "--keep"]
    assert table.schema == batch_schema(keep, "--payments" in flags)
    return lines, table.to_pylist()


def summary(stderr: str) -> list[str]:
    """The summary line without its timing."""
    last = stderr.strip().splitlines()[-1]
    return last.split("，" if "，" in last else ",")[:3]


def parsed(text: str | None) -> Any:
    return None if text is None else json.loads(text, parse_float=Decimal)


def same(row: dict[str, Any], line: dict[str, Any], keep: list[str]) -> None:
    """A Parquet row holds what its JSON line holds."""
    net = line.get("net")
    assert [row[f"net_{s}"] for s in "ESWN"] == [None if net is None else Decimal(net[s]) for s in "ESWN"], row
    for key in ("outcome", "winner", "from", "dealer", "error", "hand", "source"):
        assert row[key] == line.get(key), (key, row, line)
    assert row["id"] == (None if "id" not in line else str(line["id"]))
    named = {seat: name for seat, name in (row["players"] or {}).items() if name is not None}
    assert named == line.get("players", {}) and (row["players"] is None) == ("players" not in line)
    assert parsed(row["rules"]) == line.get("rules") and parsed(row["meta"]) == line.get("meta")
    for key in keep:  # a text as itself, anything else as its JSON
        value = line.get(key)
        assert row[key] == value if value is None or isinstance(value, str) else parsed(row[key]) == value
    if "payments" in row:
        paid = [{k: v for k, v in p.items() if v is not None} for p in row["payments"] or []]
        assert paid == [{**p, "amount": Decimal(p["amount"])} for p in line.get("payments", [])]


FLAGS = [(), ("--keep", "region"), ("--payments",), ("--keep", "region", "--payments")]


@pytest.mark.parametrize("flags", FLAGS, ids=lambda f: " ".join(f) or "plain")
@pytest.mark.parametrize("given", ["hands_jsonl", "hands_yaml", "hands_parquet", "plain_parquet"])
def test_parquet_rows_hold_what_the_json_lines_hold(runner, tmp_path, request, given, flags) -> None:
    source = request.getfixturevalue(given)
    if given.endswith("_parquet"):  # its columns region and venue, no key of a hand: kept, or one error (#43.3)
        if "--keep" not in flags:
            done = run(runner, str(source), *flags)
            assert done.exit_code == 2 and done.stdout == "" and "--keep region" in done.stderr, done.output
            return
        flags = (*flags, "--keep", "venue")
    lines, rows = both_outputs(runner, tmp_path, source, *flags)
    assert len(rows) == len(lines) > (4 if given == "hands_yaml" else 15)
    keep = [flags[i + 1] for i, flag in enumerate(flags) if flag == "--keep"]
    for row, line in zip(rows, lines, strict=True):
        same(row, line, keep)
    scored = [row for row in rows if row["error"] is None]
    assert all(sum(row[f"net_{s}"] for s in "ESWN") == 0 for row in scored)
    if "--payments" in flags:  # every scored hand has them, and they add up to its net (the table fee aside)
        for row in scored:
            got = dict.fromkeys("ESWN", Decimal(0))
            for paid in row["payments"]:
                if paid["role"] == "fee":
                    continue
                got[paid["payer"]] -= paid["amount"]
                got[paid["payee"]] += paid["amount"]
            assert [got[s] for s in "ESWN"] == [row[f"net_{s}"] for s in "ESWN"], row
    if "--payments" in flags and given in ("hands_jsonl", "hands_parquet"):  # BAO and HALF are among them
        assert any(paid["share_of"] for row in scored for paid in row["payments"])  # 包次's
        assert any(row[f"net_{s}"] % 1 for row in scored for s in "ESWN")  # a half unit, exact
    if "--payments" in flags and given == "hands_yaml":  # the fee, to the house and to a player
        assert {p["payee"] for row in scored for p in row["payments"] if p["role"] == "fee"} == {"台费", "老王"}


def test_keep_and_payments_through_parquet_in_and_out(runner, hands_parquet, tmp_path) -> None:
    """The issue's two cases: `--payments -o x.parquet` wrote no payments (exit 0); `--keep region` failed every
    row and then said no record had it."""
    out = tmp_path / "x.parquet"
    done = run(runner, str(hands_parquet), *KEEP, "--payments", "-o", str(out))
    assert done.exit_code == 1, done.output  # the examples' bad hands
    assert "--keep" not in done.stderr  # no "no record had the --keep key region"
    rows = pq.read_table(out).to_pylist()
    kept = {row["id"]: row["region"] for row in rows if row["region"] is not None}
    assert kept == {"k-1": "sh", "evening-1": "bj", "k-2": "hz"}
    evening = [row for row in rows if row["id"] == "evening-1"]
    assert [row["hand"] for row in evening] == [1, 2] and all(row["payments"] is not None for row in evening)
    assert all(row["payments"] for row in rows if row["error"] is None and row["outcome"] != "draw")


def test_errors_name_the_row_and_the_id_and_say_keep(english, hands_parquet, tmp_path) -> None:
    out = tmp_path / "x.parquet"
    done = run(english, str(hands_parquet), "--keep", "region", "-o", str(out))  # `venue`: no key of a hand
    assert done.exit_code == 2 and not out.exists()
    assert done.stderr == f"{hands_parquet}: the column 'venue' is not a key of a hand; --keep venue passes it " + (
        "through to each hand's result\n"
    )
    run(english, str(hands_parquet), *KEEP, "-o", str(out))
    failed = [row for row in pq.read_table(out).to_pylist() if row["error"] is not None]
    assert len(failed) >= 2
    for row in failed:
        assert row["error"].startswith(row["source"] + ": "), row  # hands.parquet:ROW: field: reason
        assert row["source"].startswith(f"{hands_parquet}:") and row["source"].split(":")[-1].isdigit()
    assert {row["id"] for row in failed} >= {"g-1003"}


def test_every_column_but_id_and_source_is_dictionary_encoded(runner, hands_parquet, tmp_path) -> None:
    """``dictionary_columns`` names the file's own leaf columns (structs, lists of structs, kept keys), all but the
    two that are each row's own."""
    from gangci_calc.commands.batch.columnar import UNIQUE

    out = tmp_path / "x.parquet"
    run(runner, str(hands_parquet), *KEEP, "--payments", "-o", str(out))
    meta = pq.ParquetFile(out).metadata
    columns = [meta.row_group(0).column(i) for i in range(meta.num_columns)]
    plain = {c.path_in_schema for c in columns if not any("DICTIONARY" in e for e in c.encodings)}
    assert plain == set(UNIQUE) and meta.num_columns > 20


@pytest.mark.parametrize("given", ["hands_parquet", "plain_parquet"])
def test_rows_with_and_without_payments_are_the_same_rows(runner, request, tmp_path, given) -> None:
    """A Parquet input with and without --payments: the same rows, meta and kept texts included."""
    source = request.getfixturevalue(given)
    by_columns, by_lines = tmp_path / "columns.parquet", tmp_path / "lines.parquet"
    run(runner, str(source), *KEEP, "-o", str(by_columns))
    run(runner, str(source), *KEEP, "--payments", "-o", str(by_lines))
    assert pq.read_table(by_columns) == pq.read_table(by_lines).drop_columns(["payments"])


def test_a_kept_column_of_jsons_type_is_its_values(runner, tmp_path) -> None:
    """DuckDB types a key whose values differ in type as JSON: each row keeps the value, a text as itself."""
    plain = {"stakes": 2, "dealer": "S", "win": {"type": "bomb", "winner": "N"}}
    source = tmp_path / "tags.jsonl"
    tags = ["x", 5, {"k": [1, "y"]}, None, True]
    source.write_text("".join(json.dumps({**plain, "tag": tag}) + "\n" for tag in tags), encoding="utf-8")
    hands = tmp_path / "tags.parquet"
    duckdb.sql(f"copy (select * from read_json_auto('{source}')) to '{hands}' (format parquet)")
    assert "json" in str(pq.read_schema(hands).field("tag").type)
    lines, rows = both_outputs(runner, tmp_path, hands, "--keep", "tag")
    for row, line in zip(rows, lines, strict=True):
        same(row, line, ["tag"])
    assert [json.loads(row["tag"]) if row["tag"] not in (None, "x") else row["tag"] for row in rows] == tags


def test_totals_are_those_of_the_json_lines(runner, hands_jsonl, hands_parquet, plain_parquet, tmp_path) -> None:
    for source in (hands_jsonl, hands_parquet, plain_parquet):
        totals = []
        for out in ("out.jsonl", "out.parquet"):
            target = tmp_path / f"totals-{out}.json"
            run(runner, str(source), *KEEP, "-o", str(tmp_path / out), "--totals-out", str(target))
            totals.append(json.loads(target.read_text(encoding="utf-8")))
        assert totals[0] == totals[1] and totals[0]["people"], totals


@pytest.mark.parametrize("given", ["hands_jsonl", "hands_parquet", "plain_parquet"])
def test_strict_leaves_no_file_and_says_the_failed_line(runner, request, tmp_path, given) -> None:
    source = request.getfixturevalue(given)
    out = tmp_path / "x.parquet"
    done = run(runner, str(source), *KEEP, "--strict", "-o", str(out))
    assert done.exit_code == 1 and not out.exists()
    assert '"id": "g-1003"' in done.stderr and f"{source}:3" in done.stderr  # the line that stopped it
    out.write_bytes(b"kept as it was")
    run(runner, str(source), *KEEP, "--strict", "-o", str(out))
    assert out.read_bytes() == b"kept as it was"
    good = tmp_path / "good.jsonl"
    good.write_text(extra_lines()[0] + "\n", encoding="utf-8")
    done = run(runner, str(good), "--strict", "--keep", "region", "-o", str(out))
    assert done.exit_code == 0 and pq.read_table(out).column("region").to_pylist() == ["sh"]


def test_exit_statuses_are_the_readmes(runner, tmp_path) -> None:
    """0 every hand scored; 1 some failed; 2 an input cannot be read (the others are still written)."""
    good = tmp_path / "good.jsonl"
    good.write_text(extra_lines()[0] + "\n", encoding="utf-8")
    out = tmp_path / "x.parquet"
    assert run(runner, str(good), "--keep", "region", "-o", str(out)).exit_code == 0
    assert run(runner, str(PLATFORM), "-o", str(out)).exit_code == 1
    done = run(runner, str(good), str(tmp_path / "missing.parquet"), "-o", str(out))
    assert done.exit_code == 2 and pq.read_table(out).num_rows == 1
    assert run(runner, str(good), "-o", str(good.with_suffix(".parquet")), "--keep", "net_E").exit_code == 2


def test_read_back_by_polars_and_duckdb(runner, hands_parquet, tmp_path) -> None:
    out = tmp_path / "x.parquet"
    run(runner, str(hands_parquet), *KEEP, "--payments", "-o", str(out))
    frame = pl.read_parquet(out)
    assert frame.schema["net_E"] == pl.Decimal(38, 1) and frame.schema["region"] == pl.String
    paid = frame.filter(pl.col("error").is_null()).explode("payments").unnest("payments")
    assert paid.schema["amount"] == pl.Decimal(38, 1) and paid["payer"].null_count() == paid["amount"].null_count()
    lazy = pl.scan_parquet(out).filter(pl.col("id") == "bao-1").select("net_W", "payments").collect()
    assert lazy.height == 1 and lazy["payments"][0].len() > 0
    con = duckdb.connect()
    zero = con.sql(f"select sum(net_E + net_S + net_W + net_N), count(error) from read_parquet('{out}')").fetchall()
    assert zero[0][0] == 0 and zero[0][1] >= 2
    query = f"select p.payer, sum(p.amount) from (select unnest(payments) as p from read_parquet('{out}')) group by 1"
    paid_by = dict(con.sql(query).fetchall())
    assert set(paid_by) <= set("ESWN") and all(isinstance(v, Decimal) for v in paid_by.values())
    meta = con.sql(f"select json_extract(meta, '$.table')::int from read_parquet('{out}') where id = 'g-1001'")
    assert meta.fetchall() == [(7,)]


@pytest.mark.parametrize("flags", [(), ("--keep", "region", "--keep", "day"), ("--payments",)])
def test_schema_result_arrow_is_the_files_schema(runner, tmp_path, flags) -> None:
    said = runner.invoke(app, ["schema", "result", "--arrow", *flags])
    assert said.exit_code == 0
    good = tmp_path / "good.jsonl"
    good.write_text(extra_lines()[0] + "\n", encoding="utf-8")
    out = tmp_path / "x.parquet"
    run(runner, str(good), *flags, "-o", str(out))
    schema = pq.read_schema(out)
    assert said.stdout == batch_schema_text(
        [f for f in flags if f not in ("--keep", "--payments")], bool(flags[-1:] == ("--payments",))
    )
    assert said.stdout.splitlines() == [f"{f.name}: {f.type}{'' if f.nullable else ' not null'}" for f in schema]


def test_schema_arrow_is_for_result_only(english) -> None:
    done = english.invoke(app, ["schema", "hand", "--arrow"])
    assert done.exit_code == 2 and "--arrow is for result only" in done.stderr
    assert english.invoke(app, ["schema", "result", "--payments"]).exit_code == 2


# --- joinable errors, every output -----------------------------------------------------------------------------


def test_a_key_given_twice_keeps_the_id_where_it_is_sure(english, hands_jsonl) -> None:
    lines = [json.loads(line) for line in run(english, str(hands_jsonl)).stdout.splitlines()]
    twice = next(line for line in lines if "'stakes' is given twice" in line.get("error", ""))
    assert twice["id"] == "twice"
    ids_twice = next(line for line in lines if "'id' is given twice" in line.get("error", ""))
    assert "id" not in ids_twice  # which of the two? neither
    csv_text = run(english, str(hands_jsonl), "--format", "csv").stdout
    assert any(row.split(",")[1] == "twice" and "given twice" in row for row in csv_text.splitlines())


def test_csv_writes_kept_values_raw(runner, tmp_path) -> None:
    import csv
    import io

    plain = {"stakes": 2, "dealer": "S", "win": {"type": "bomb", "winner": "N"}}
    path = tmp_path / "kept.jsonl"
    values = ["sh", 7, {"a": [1, "x"]}, True, 'say "hi", then']
    path.write_text("".join(json.dumps({**plain, "region": value}) + "\n" for value in values), encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(run(runner, str(path), "--format", "csv", "--keep", "region").stdout)))
    assert [row["region"] for row in rows] == ["sh", "7", '{"a": [1, "x"]}', "true", 'say "hi", then']


@pytest.mark.parametrize(
    ("lang", "ending"),
    [("en", "; --keep venue keeps it"), ("zh", "；要把它带到结果里，用 --keep venue")],
)
def test_an_unknown_key_says_keep_keeps_it(runner, tmp_path, lang, ending) -> None:
    path = tmp_path / "h.jsonl"
    path.write_text(json.dumps({"id": "t", "stakes": 1, "dealer": "E", "win": {"type": "draw"}, "venue": 4}) + "\n")
    (line,) = run(runner, str(path), "--lang", lang).stdout.splitlines()
    assert json.loads(line)["error"].endswith(ending) and json.loads(line)["id"] == "t"
    nested = tmp_path / "nested.jsonl"  # only a top-level key can be kept
    nested.write_text(json.dumps({"stakes": 1, "dealer": "E", "win": {"type": "draw", "venue": 4}}) + "\n")
    assert "--keep" not in run(runner, str(nested), "--lang", lang).stdout


def test_score_batch_names_fields_in_the_languages_words() -> None:
    from gangci_calc.api import score_many

    bad = {"stakes": 1, "dealer": "E", "bets": {"S": {"di": 9}}, "win": {"type": "tianci", "winner": "S"}}
    batch = pa.RecordBatch.from_pylist([bad])
    zh, en = score_batch(batch, lang="zh").to_pylist()[0], score_batch(batch, lang="en").to_pylist()[0]
    assert zh["error"].startswith("加番 南 抵: ") and en["error"].startswith("bets.S.di: ")
    (error,) = score_many([bad], lang="zh")
    assert str(error) == zh["error"] and error.field == "bets.S.di"  # the path stays the program's
