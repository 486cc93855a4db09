"""What a warehouse writes (issue 31): nulls for every absent value, ``stakes`` and ``rules`` typed JSON (text, or
polars' bytes), player ids repeated, columns a hand does not have. Each shape agrees with ``score_many`` row by
row, on every path."""

from __future__ import annotations

import copy
import io
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gangci_calc.api import score_many
from gangci_calc.commands.batch.run import run_batch
from gangci_calc.commands.batch.scoring import BatchOptions
from tests.conftest import ROOT, examples
from tests.handgen import duckdb_export, warehouse_hands
from tests.test_batch_records import lines, plain_records

pa = pytest.importorskip("pyarrow", reason="pip install -e '.[test]' (the [arrow] extra)")

from gangci_calc.arrow import score_batch  # noqa: E402
from tests.test_arrow import agrees  # noqa: E402

RULES = [  # a table's house rules as a platform stores them; the last ones the fast path leaves to the loader
    {"dealer_double": "wins"},
    {"zhici_split": "even", "concealed_kong": 2},
    {"draw_kongs": "paid", "dealer_double": "all"},
    {"pao": {"win": 100, "kong": 50}},
    {"hard_ci": True},  # refuses a bomb: the loader says so
    {"dianpao": True, "pici": False},
    {"honor_ci_double": True},  # wants the ci tile on a ci win
    {"三人场": True},  # three players: not the fast path's seats
    {"concealed_kong": 3},  # no such value
    {"bogus": 1},
    {},
]
OPTIONAL = ("policy", "bets", "kongs", "players", "id", "meta", "rules", "tiles", "ci", "mi", "fee", "tiles_left")


@st.composite
def warehouse_records(draw: st.DrawFn) -> dict[str, Any]:
    """A plain record as a warehouse holds it: house rules on some, and nulls where it has no value."""
    record = draw(plain_records())
    if draw(st.booleans()):
        record["rules"] = draw(st.sampled_from(RULES))
    if draw(st.booleans()):
        for key in OPTIONAL:
            if key not in record and draw(st.booleans()):
                record[key] = None
        record["win"] = {"winner": None, "from": None, "bao": None, **record["win"]}
        if isinstance(record["stakes"], dict):
            record["stakes"] = {"bomb": None, "ci": None, **record["stakes"]}
        if record.get("bets"):
            record["bets"] = {s: {"piao": None, "di": None, "gang": None, **record["bets"].get(s, {})} for s in "ESWN"}
        if isinstance(record.get("players"), dict):
            record["players"] = {"E": None, "S": None, "W": None, "N": None, **record["players"]}
        if record.get("kongs"):
            record["kongs"] = [{"from": None, **kong} for kong in record["kongs"]]
    return record


def _as_stored(records: list[dict[str, Any]], stakes_as: str) -> Any:
    """The records as a warehouse's batch: ``stakes`` and ``rules`` as JSON text (``string``, ``binary`` as polars
    reads DuckDB's JSON, or pyarrow's ``arrow.json``), ids as text, ``meta`` left out (never on a result row)."""
    rows = []
    for record in records:
        row = {k: v for k, v in copy.deepcopy(record).items() if k != "meta"}
        row["stakes"] = json.dumps(row["stakes"])
        if row.get("rules") is not None:
            row["rules"] = json.dumps(row["rules"], ensure_ascii=False)
        if row.get("id") is not None:
            row["id"] = str(row["id"])
        for key in ("tiles", "ci", "mi", "fee", "tiles_left"):
            row.pop(key, None)  # always null here: a column of nulls only
        rows.append(row)
    batch = pa.RecordBatch.from_pylist(rows)
    for name in ("stakes", "rules"):
        if name not in batch.schema.names:
            continue
        at = batch.schema.get_field_index(name)
        column = batch.column(at).cast(pa.string())
        if stakes_as == "binary":
            column = column.cast(pa.large_binary())
        elif stakes_as == "json":
            column = pa.ExtensionArray.from_storage(pa.json_(), column)
        batch = batch.set_column(at, name, column)
    return batch


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(warehouse_records(), min_size=1, max_size=6), st.sampled_from(["text", "binary", "json"]))
def test_score_batch_agrees_with_score_many_on_json_columns(records: list[dict[str, Any]], stakes_as: str) -> None:
    """Stakes and rules typed JSON are read column by column; every row as ``score_many`` scores its record."""
    try:
        batch = _as_stored(records, stakes_as)
    except (pa.ArrowInvalid, pa.ArrowTypeError, OverflowError):  # a column of two types, a number beyond int64
        assume(False)
    columns = set(batch.schema.names)  # pyarrow takes the columns from the first row
    expected = list(score_many([{k: v for k, v in r.items() if k in columns} for r in records], lang="en"))
    for row, want in zip(score_batch(batch, lang="en").to_pylist(), expected, strict=True):
        agrees(row, want)


def _export(tmp_path: Path, rules: bool) -> tuple[Path, Path]:
    pytest.importorskip("duckdb")
    return duckdb_export(warehouse_hands(3000, rules=rules), tmp_path)


@pytest.mark.parametrize("rules", [False, True], ids=["plain", "house rules on one in six"])
def test_every_row_of_a_duckdb_export_is_scored(tmp_path: Path, rules: bool) -> None:
    """DuckDB's own JSON Lines (every absent value a null) and Parquet (stakes and rules typed JSON): every row
    scored, and the two outputs agree on every net."""
    import pyarrow.parquet as pq

    from gangci_calc.commands.batch.columnar import run_to_parquet

    jsonl, parquet = _export(tmp_path, rules)
    assert '"bomb":null' in jsonl.read_text(encoding="utf-8")
    assert str(pq.read_schema(parquet).field("stakes").type) == "extension<arrow.json>"
    out = io.StringIO()
    stats = run_batch([str(jsonl)], out, BatchOptions(lang="en"))
    assert (stats.hands, stats.scored) == (3000, 3000)
    by_line = {line["id"]: line["net"] for line in lines(out.getvalue())}
    written = tmp_path / "out.parquet"
    with written.open("wb") as handle:
        stats = run_to_parquet([str(parquet)], handle, BatchOptions(lang="en"), False, print)
    assert (stats.hands, stats.scored) == (3000, 3000)
    by_row = {row["id"]: {s: row[f"net_{s}"] for s in "ESWN"} for row in pq.read_table(written).to_pylist()}
    assert by_row.keys() == by_line.keys()
    for key, net in by_line.items():
        assert {s: float(v) for s, v in by_row[key].items()} == {s: float(v) for s, v in net.items()}, key
    out = io.StringIO()
    assert run_batch([str(parquet)], out, BatchOptions(lang="en")).scored == 3000  # Parquet in, JSON Lines out
    assert {line["id"]: line["net"] for line in lines(out.getvalue())} == by_line


def _recipe(heading: str) -> str:
    """The python block under ``heading`` in docs/platforms.md."""
    text = (ROOT / "docs" / "platforms.md").read_text(encoding="utf-8")
    section = text.split(heading + "\n", 1)[1]
    found = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize("writer", ["duckdb", "polars"])
@pytest.mark.parametrize("heading", ["## DuckDB", "## polars"])
def test_the_documented_recipes_run_on_a_warehouse_parquet(tmp_path: Path, writer: str, heading: str) -> None:
    """docs/platforms.md's DuckDB and polars recipes, as written, on DuckDB's Parquet (stakes a JSON column) and
    on polars' own (which reads that column as binary): every row scored as ``score_many`` scores it."""
    pl = pytest.importorskip("polars")
    folder = tmp_path / "hands"
    folder.mkdir()
    rows = warehouse_hands(500)
    _, parquet = duckdb_export(rows, tmp_path)
    if writer == "polars":
        pl.read_parquet(parquet).write_parquet(folder / "hands.parquet")  # scan_parquet / read_parquet, then write
    else:
        parquet.rename(folder / "hands.parquet")
    code = _recipe(heading).replace("hands/*.parquet", f"{folder}/*.parquet")
    space: dict[str, Any] = {}
    exec(compile(code, f"docs/platforms.md {heading}", "exec"), space)
    results = space["results"]
    table = results.to_arrow() if hasattr(results, "to_arrow") else results
    expected = list(score_many([{k: v for k, v in r.items() if k != "meta"} for r in rows], lang="zh"))
    got = sorted(table.to_pylist(), key=lambda row: row["id"])
    assert len(got) == len(expected)
    for row, want in zip(got, expected, strict=True):  # the ids are in order: h-00000001 ...
        agrees(row, want)


@settings(max_examples=examples(150))
@given(st.lists(warehouse_records(), min_size=1, max_size=4))
def test_score_many_gives_what_score_gives_on_what_a_warehouse_writes(records: list[dict[str, Any]]) -> None:
    """House rules and nulls: score_many gives what ``score`` gives, rules included."""
    from gangci_calc.api import HandError, score

    for record, got in zip(records, score_many(records, lang="en"), strict=True):
        try:
            want: Any = score(record, lang="en")
        except HandError as error:
            assert isinstance(got, HandError) and str(got) == str(error)
            continue
        assert not isinstance(got, HandError), got
        fields = ("net", "outcome", "winner", "source", "dealer", "rules", "players", "id", "meta")
        assert [getattr(got, f) for f in fields] == [getattr(want, f) for f in fields]


@pytest.mark.parametrize("data", ["warehouse", "platform"])
def test_scoring_a_duckdb_export_loads_neither_pandas_nor_acero(tmp_path: Path, data: str) -> None:
    """pyarrow imports pandas (0.16 s) for a Python value where an Arrow scalar goes, and for Acero's group_by:
    ``gangci batch x.parquet -o`` and ``score_batch`` use neither. (In a fresh process: the tests load pandas.)
    A platform's month too: 包次 by the tiles left reads each row's kongs as a text."""
    import subprocess
    import sys

    pytest.importorskip("duckdb")
    if data == "platform":
        _, parquet = _platform(tmp_path, 400)
    else:
        _, parquet = duckdb_export(warehouse_hands(400, rules=True), tmp_path)
    code = (
        "import sys\n"
        "from gangci_calc.cli import main\n"
        f"sys.argv = ['gangci', 'batch', {str(parquet)!r}, '-o', {str(tmp_path / 'out.parquet')!r}]\n"
        "try:\n    main()\nexcept SystemExit as stop:\n    assert stop.code in (0, 1), stop.code\n"
        "import pyarrow.parquet as pq\n"
        "import pyarrow\n"
        "from gangci_calc.arrow import score_batch\n"
        f"score_batch(pq.ParquetFile({str(parquet)!r}).read().to_batches()[0])\n"  # read_table loads Acero itself
        "print(pyarrow.default_memory_pool().backend_name)\n"
        "print(sorted({'pandas', 'pyarrow.dataset', 'pyarrow.acero'} & set(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=_no_pool())
    assert done.returncode == 0, done.stderr
    *_, pool, loaded = done.stdout.strip().splitlines()
    assert loaded == "[]"
    # commands/batch/parquet_in.py arrow_memory
    if sys.platform == "linux" and os.uname().machine in ("x86_64", "aarch64"):
        assert pool == "jemalloc"


def _no_pool() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "ARROW_DEFAULT_MEMORY_POOL"}


def test_a_users_own_arrow_memory_pool_is_kept() -> None:
    import subprocess
    import sys

    code = (
        "from gangci_calc.commands.batch.parquet_in import arrow_memory\narrow_memory()\n"
        "import pyarrow\nprint(pyarrow.default_memory_pool().backend_name)"
    )
    env = {**_no_pool(), "ARROW_DEFAULT_MEMORY_POOL": "system"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert done.stdout.strip() == "system", done.stderr


def test_a_name_at_n_at_a_table_of_three_is_refused_on_every_path(english, tmp_path: Path) -> None:
    """Found when tables of three came onto the fast paths: a record naming a player at N under 三人场 was scored
    by JSON Lines, score_many and the column path while the loader refuses it (nobody sits at N)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from gangci_calc.cli import app

    plain = {"stakes": 1, "dealer": "E", "win": {"type": "anci", "winner": "E"}}
    named = {**plain, "players": {"E": "ana", "S": "bo", "W": "cy", "N": "dee"}, "rules": {"三人场": True}}
    three = {k: v for k, v in named.items() if k != "players"}
    records = [plain, plain, named, {**named, "players": {"E": "ana", "S": "bo", "W": "cy"}}]
    records += [{**three, "bets": {"N": {"pao": 0}}}, {**plain, "bets": {"N": {"pao": 0}}}]
    # a warehouse's struct column: N's fields all null gives nothing, at a table of three too (null is absent)
    records += [{**three, "bets": {"N": {"pao": None, "piao": None}}}, {**three, "bets": {"E": None, "N": None}}]
    refused = "N: a table of three (三人场) has no N"
    expected = [False, False, True, False, True, False, False, False]
    assert [refused in str(got) for got in score_many(records, lang="en")] == expected
    rows = [{**r, "rules": json.dumps(r["rules"], ensure_ascii=False) if "rules" in r else None} for r in records]
    table = pa.Table.from_struct_array(pa.array(rows))  # every row's keys, not the first row's alone
    assert [refused in str(r["error"]) for r in score_batch(table, lang="en").to_pylist()] == expected
    jsonl = tmp_path / "hands.jsonl"
    jsonl.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    pq.write_table(table, tmp_path / "hands.parquet")
    for source in (jsonl, tmp_path / "hands.parquet"):
        out = lines(english.invoke(app, ["batch", str(source)]).stdout)
        assert [refused in str(item.get("error")) for item in out] == expected, source


# --- a platform's month on Parquet (issue 43): every field as a server's table holds it, rooms choosing rules ------


def _platform(tmp_path: Path, n: int = 2500, **columns: str) -> tuple[Path, Path]:
    """A platform's month (tests/handgen.py platform_hands: 跑 0, the ci tile and the tiles left on every hand, 米,
    包次 by the tiles left, tables of three, rules of a room's own), a room's rules a planted mistake (暗杠倍数 3),
    exported by DuckDB, with ``columns`` typed otherwise."""
    pytest.importorskip("duckdb")
    from tests.handgen import PLATFORM_COLUMNS, platform_hands

    rows = platform_hands(n)
    for row in rows[100:112]:
        row["rules"] = {**(row["rules"] or {}), "concealed_kong": 3}
    return duckdb_export(rows, tmp_path, "platform", {**PLATFORM_COLUMNS, **columns})


def _as_line(row: dict[str, Any]) -> dict[str, Any]:
    """A row of ``gangci batch -o out.parquet`` as the JSON Lines output's line (its source and its error's place
    left out: those name the file they come from)."""
    line: dict[str, Any] = {"id": row["id"], "outcome": row["outcome"], "winner": row["winner"]}
    line |= {"from": row["from"], "dealer": row["dealer"], "hand": row["hand"], "error": row["error"]}
    line["net"] = None if row["net_E"] is None else {seat: str(row[f"net_{seat}"]) for seat in "ESWN"}
    line["players"] = row["players"] and {seat: name for seat, name in row["players"].items() if name is not None}
    line["rules"] = row["rules"] and json.loads(row["rules"])
    line["meta"] = row["meta"] and json.loads(row["meta"])
    return line


def _the_lines(text: str) -> list[dict[str, Any]]:
    from decimal import Decimal

    found = []
    for item in lines(text):
        line = {key: item.get(key) for key in ("id", "outcome", "winner", "from", "dealer", "hand", "error")}
        line["id"] = None if line["id"] is None else str(line["id"])
        line["net"] = item.get("net") and {seat: str(Decimal(str(v)).quantize(Decimal("0.1"))) for seat, v in
                                            item["net"].items()}  # fmt: skip
        line |= {key: item.get(key) or None for key in ("players", "rules", "meta")}
        found.append(line)
    return found


def _placeless(line: dict[str, Any]) -> dict[str, Any]:
    error = line["error"]
    return {**line, "error": error and error.split(": ", 1)[1], "rules": line["rules"] or None}


def _both_ways(jsonl: Path, parquet: Path, tmp_path: Path) -> tuple[Any, Any]:
    """The JSON Lines output of ``jsonl`` and the Parquet output of ``parquet`` (read back), and the run's stats."""
    import pyarrow.parquet as pq

    from gangci_calc.commands.batch.columnar import run_to_parquet

    out = io.StringIO()
    by_lines = run_batch([str(jsonl)], out, BatchOptions(lang="en"))
    written = tmp_path / "out.parquet"
    with written.open("wb") as handle:
        stats = run_to_parquet([str(parquet)], handle, BatchOptions(lang="en"), False, print)
    got = [_placeless(_as_line(row)) for row in pq.read_table(written).to_pylist()]
    want = [_placeless(line) for line in _the_lines(out.getvalue())]
    assert len(got) == len(want) == by_lines.hands
    for row, line in zip(got, want, strict=True):
        assert row == line
    return by_lines, stats


def test_a_platforms_month_on_parquet_is_its_json_lines(tmp_path: Path) -> None:
    """跑 0, null ci, the ci tile and the tiles left on every hand, 米, 包次, 次风翻倍, 带跑, tables of three and
    hundreds of rule sets: each row the same as the JSON Lines path's line (nets to the tenth, players, rules,
    meta, errors); the planted mistakes are refused, failures."""
    jsonl, parquet = _platform(tmp_path)
    by_lines, stats = _both_ways(jsonl, parquet, tmp_path)
    assert stats.failed == by_lines.failed > 0  # the planted 暗杠倍数 3


def test_json_text_bets_on_parquet_are_their_json_lines(tmp_path: Path) -> None:
    """A warehouse's bets as JSON text (a JSON or a VARCHAR column: DuckDB's JSON Lines write the first as the
    mapping, the second as a text, which the loader refuses there): on Parquet every row is the JSON Lines line
    of the mapping's."""
    jsonl, typed = _platform(tmp_path, 1500, bets="JSON")
    varchar = tmp_path / "varchar"
    varchar.mkdir()
    _, text = _platform(varchar, 1500, bets="VARCHAR")
    for parquet in (typed, text):
        by_lines, stats = _both_ways(jsonl, parquet, tmp_path)
        assert stats.failed == by_lines.failed > 0, parquet


def test_bigint_player_ids_on_parquet_are_names_as_their_digits(tmp_path: Path) -> None:
    """A warehouse's int64 player ids: each name as its digits, as the loader takes a number there; a 19-digit one
    (a snowflake id) too, as every path takes a BIGINT name."""
    import pyarrow.parquet as pq

    plain = {"stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}}
    players = [{"E": 1, "S": 2, "W": -3, "N": 900719925474099}, {"E": 7, "S": 10**18, "W": None, "N": None}]
    records = [{**plain, "id": f"h{i}", "players": named} for i, named in enumerate(players)]
    hands = tmp_path / "hands.parquet"
    pq.write_table(pa.Table.from_pylist(records), hands)
    jsonl = tmp_path / "hands.jsonl"
    jsonl.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    _, stats = _both_ways(jsonl, hands, tmp_path)
    assert stats.failed == 0
    rows = pq.read_table(tmp_path / "out.parquet").to_pylist()
    assert rows[0]["players"] == {"E": "1", "S": "2", "W": "-3", "N": "900719925474099"}
    assert rows[0]["net_S"] == 600 and rows[1]["error"] is None
    assert rows[1]["players"] == {"E": "7", "S": str(10**18), "W": None, "N": None}


def test_the_duckdb_export_recipe_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/platforms.md's DuckDB export: its table and its COPY statements, as written, on a platform's month;
    ``gangci batch`` of both files agrees row by row, refuses the planted mistakes, and every verdict and amount
    is ``score_many``'s for the same hands."""
    duckdb = pytest.importorskip("duckdb")
    from decimal import Decimal

    from tests.handgen import null_free, platform_hands

    text = (ROOT / "docs" / "platforms.md").read_text(encoding="utf-8")
    section = text.split("## Exporting a hands table from DuckDB\n", 1)[1].split("\n## ", 1)[0]
    create, copy = re.findall(r"```sql\n(.*?)```", section, re.DOTALL)
    rows = platform_hands(1200)
    for row in rows[40:52]:
        row["rules"] = {**(row["rules"] or {}), "concealed_kong": 3}  # a planted mistake
    server = tmp_path / "server.jsonl"
    server.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # the recipe's files are where it runs
    con = duckdb.connect()
    try:
        con.execute(create)
        typed = {name: kind for name, kind, *_ in con.execute("DESCRIBE hands").fetchall()}
        declared = "{" + ", ".join(f"'{name}': '{kind}'" for name, kind in typed.items()) + "}"
        con.execute(
            f"INSERT INTO hands SELECT * FROM read_json('{server}', format='newline_delimited', columns={declared})"
        )
        con.execute(copy)
    finally:
        con.close()
    by_lines, stats = _both_ways(tmp_path / "hands.jsonl", tmp_path / "hands.parquet", tmp_path)
    assert stats.failed == by_lines.failed == 12
    import pyarrow.parquet as pq

    got = pq.read_table(tmp_path / "out.parquet").to_pylist()
    want = score_many([null_free({k: v for k, v in row.items() if k != "meta"}) for row in rows], lang="en")
    for row, result in zip(got, want, strict=True):
        net = getattr(result, "net", None)
        assert (row["error"] is None) == (net is not None), row["id"]
        if net is not None:
            assert {seat: row[f"net_{seat}"] for seat in "ESWN"} == {s: Decimal(str(v)) for s, v in net.items()}


@pytest.mark.parametrize("text", ["string", "large_string"])
@pytest.mark.parametrize(
    "kongs",
    [
        [{"by": "E", "type": "concealed"}, {"by": "N", "type": "exposed", "from": "S"}],
        [{"by": "E", "type": "concealed"}, {"by": "W", "type": "concealed"}],  # a struct with no "from"
    ],
    ids=["with from", "no from"],
)
def test_bao_given_or_by_the_tiles_left_on_score_batch(kongs: list[dict[str, str]], text: str) -> None:
    """包次 as given by hand (``win.bao``) or as the tiles left and the kongs make it (at or under 包次线, less
    each kong listed): each row as ``score_many`` scores it; the core refuses 包次 without the rule, or on a win
    that is not 直呲. The kongs' texts as polars may write them."""
    from gangci_calc.arrow import score_batch

    zhici = {"type": "zhici", "winner": "S", "from": "W"}
    records = []
    for rules in ('{"baoci": true, "bao_mark": 12}', '{"baoci": true, "bao_kongs": false}', None):
        for win in (zhici, {"type": "anci", "winner": "S"}):
            for bao in (True, False, None):
                for left in (None, 5, 8, 9, 10, 11, 12, 13, 30):
                    for listed in (None, kongs):
                        records.append(
                            {"stakes": 1, "dealer": "E", "rules": rules, "win": {**win, "bao": bao},
                             "tiles_left": left, "kongs": listed}
                        )  # fmt: skip
    batch = pa.Table.from_pylist(records)
    if text == "large_string":
        kind = batch.schema.field("kongs").type.value_type
        wide = pa.list_(pa.struct([(field.name, pa.large_string()) for field in kind]))
        batch = batch.set_column(batch.schema.get_field_index("kongs"), "kongs", batch.column("kongs").cast(wide))
    scored = score_batch(batch, lang="en")
    expected = list(score_many([null_free_record(record) for record in records], lang="en"))
    for row, want in zip(scored.to_pylist(), expected, strict=True):
        agrees(row, want)
    assert sum(not hasattr(result, "net") for result in expected) > 0
    paid_by_one = [r for r in expected if hasattr(r, "net") and sorted(r.net.values())[:2] == [-1900, 0]]
    assert paid_by_one  # 包次 made by the tiles left is among them


def null_free_record(record: dict[str, Any]) -> dict[str, Any]:
    from tests.handgen import null_free

    found: dict[str, Any] = null_free(record)
    if "rules" in found:
        found["rules"] = json.loads(found["rules"])
    return found


def test_texts_holding_separators_are_not_read_as_other_values() -> None:
    """A ci tile or a kong holding a separator (``\\x1f``, ``,``, ``;``) is never read as another value (a ci of
    ``"5m\\x1fx"`` as 5m), nor fails the batch; the loader says what is wrong with it."""
    from gangci_calc.arrow import score_batch

    zhici = {"type": "zhici", "winner": "S", "from": "W"}
    base = {"stakes": 1, "dealer": "E", "rules": '{"baoci": true, "honor_ci_double": true}', "win": zhici}
    records = [
        {**base, "ci": "5m", "tiles_left": 3, "kongs": [{"by": "E", "type": "concealed"}]},
        {**base, "ci": "5m\x1fx", "tiles_left": 3, "kongs": [{"by": "E", "type": "concealed"}]},
        {**base, "ci": "5m", "tiles_left": 3, "kongs": [{"by": "E,concealed,;N", "type": "concealed"}]},
        {**base, "ci": "5m", "tiles_left": 3, "kongs": [{"by": "E\x1f", "type": "concealed"}]},
    ]
    scored = score_batch(pa.Table.from_pylist(records), lang="en")
    expected = list(score_many([null_free_record(record) for record in records], lang="en"))
    for row, want in zip(scored.to_pylist(), expected, strict=True):
        agrees(row, want)
    assert [hasattr(result, "net") for result in expected] == [
        True,
        False,
        False,
        True,
    ]  # "E\x1f": the loader's
