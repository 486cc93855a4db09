"""One verdict for one record (#51.4): each difference an attack and a data engineer's month found between the
paths (``gangci batch`` on JSON Lines and Parquet, to JSON Lines, CSV and Parquet; ``score``, ``score_many``,
``score_batch``) -- the same refusal, or the same result, on every path, and a refusal that is its row's own."""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gangci_calc.api import HandError, Result, score, score_many
from gangci_calc.cli import app

pa = pytest.importorskip("pyarrow", reason="pip install -e '.[test]' (the [arrow] extra)")
pq = pytest.importorskip("pyarrow.parquet")

from gangci_calc.arrow import score_batch  # noqa: E402

WIN = {"type": "bomb", "winner": "N"}
BOMB = {"stakes": 2, "dealer": "E", "win": WIN}
SNOWFLAKES = {"E": 1234567890123456789, "S": 1234567890123456790, "W": 1234567890123456791, "N": 7}
UBIGINT = (1 << 64) - 1


def _lines(text: str) -> list[dict[str, Any]]:
    """Each line as strict JSON: a bare NaN or Infinity is no JSON, and fails here."""

    def no_constant(name: str) -> None:
        raise AssertionError(f"{name} is not JSON")

    return [json.loads(line, parse_constant=no_constant) for line in text.splitlines() if line.strip()]


def _batch(english: CliRunner, *args: str) -> tuple[int, list[dict[str, Any]]]:
    done = english.invoke(app, ["batch", *args])
    assert done.exit_code in (0, 1), done.output  # never 70: no row ends the run
    return done.exit_code, _lines(done.stdout)


def _jsonl(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records), encoding="utf-8")
    return path


# ------------------------------------------------------------------ a bad JSON text in a Parquet cell

DEEP = "[" * 1000 + "]" * 1000
SURROGATE = '{"x": "\\ud800"}'


@pytest.mark.parametrize("column", ["rules", "bets", "stakes", "win", "players", "meta", "kongs"])
@pytest.mark.parametrize("bad", [DEEP, SURROGATE], ids=["nested 1000 deep", "lone surrogate"])
@pytest.mark.parametrize("binary", [False, True], ids=["text", "binary"])
def test_a_bad_json_text_cell_is_its_rows_error(
    english: CliRunner, tmp_path: Path, column: str, bad: str, binary: bool
) -> None:
    """One cell of JSON text nested 1,000 deep, or with an escaped lone surrogate, in any JSON-text column (as
    text or as bytes): that row's error line, with its id, and the rows around it scored -- never exit 70 and
    nothing written, nor a RecursionError or UnicodeEncodeError from score_batch."""
    cell = bad if column != "players" or bad is DEEP else '{"E": "\\ud800"}'
    good = {"rules": "{}", "bets": "{}", "stakes": "2", "win": json.dumps(WIN), "players": "{}", "meta": "{}"}
    base = {"stakes": "2", "dealer": "E", "win": json.dumps(WIN)}
    rows = [{"id": f"g-{i}", **base, column: good.get(column, "[]")} for i in range(3)]
    rows[1][column] = cell
    table = pa.Table.from_pylist(rows)
    if binary:
        at = table.schema.get_field_index(column)
        table = table.set_column(at, column, pa.array([row[column].encode() for row in rows], pa.binary()))
    source = tmp_path / "hands.parquet"
    pq.write_table(table, source)
    status, lines = _batch(english, str(source))
    assert status == 1
    assert [line["id"] for line in lines] == ["g-0", "g-1", "g-2"]
    assert "error" in lines[1] and "net" in lines[0] and "net" in lines[2]
    assert ("24 levels" if bad is DEEP else "lone surrogate") in lines[1]["error"]
    scored = score_batch(table, lang="en").to_pylist()
    assert [row["id"] for row in scored] == ["g-0", "g-1", "g-2"]
    assert scored[1]["error"] is not None and scored[0]["error"] is None and scored[2]["error"] is None


def test_a_key_given_twice_in_a_cell_keeps_the_rows_id_in_score_batch(tmp_path: Path) -> None:
    """``score_batch``'s error row for bets JSON with a key given twice has its id, as the CLI's line has."""
    row = {"id": "k-2", "stakes": 2, "dealer": "E", "win": WIN, "bets": '{"S": {"piao": 1}, "S": {"piao": 2}}'}
    scored = score_batch(pa.Table.from_pylist([row]), lang="en").to_pylist()[0]
    assert scored["id"] == "k-2" and "given twice" in scored["error"]


# ------------------------------------------------------------------ whole numbers past 18 digits


def test_a_uint64_in_meta_or_a_kept_column_has_one_verdict(english: CliRunner, tmp_path: Path) -> None:
    """A warehouse's UBIGINT (uint64) in ``meta`` or a kept column: taken, and echoed digit for digit, on
    ``-o x.jsonl``, ``-o x.parquet`` and ``score_batch``, from Parquet and from JSON Lines."""
    meta = pa.array([{"room": UBIGINT}], pa.struct([("room", pa.uint64())]))
    table = pa.table({"id": ["u"], "stakes": [2], "dealer": ["E"], "win": [WIN], "meta": meta,
                      "room_id": pa.array([UBIGINT], pa.uint64())})  # fmt: skip
    parquet = tmp_path / "hands.parquet"
    pq.write_table(table, parquet)
    jsonl = _jsonl(tmp_path / "hands.jsonl", [{"id": "u", **BOMB, "meta": {"room": UBIGINT}, "room_id": UBIGINT}])
    for source in (parquet, jsonl):
        out = tmp_path / f"{source.suffix[1:]}.jsonl"
        _batch(english, str(source), "--keep", "room_id", "-o", str(out))
        line = _lines(out.read_text(encoding="utf-8"))[0]
        assert "error" not in line and line["meta"] == {"room": UBIGINT} and line["room_id"] == UBIGINT
        out = tmp_path / f"{source.suffix[1:]}.parquet"
        _batch(english, str(source), "--keep", "room_id", "-o", str(out))
        row = pq.read_table(out).to_pylist()[0]
        assert row["error"] is None and json.loads(row["meta"]) == {"room": UBIGINT}
        assert row["room_id"] == str(UBIGINT)
    row = score_batch(table, keep=["room_id"]).to_pylist()[0]
    assert row["error"] is None and row["room_id"] == UBIGINT
    assert score({"id": "u", **BOMB, "meta": {"room": UBIGINT}}).meta == {"room": UBIGINT}


def test_bigint_player_ids_are_taken_by_every_path(english: CliRunner, tmp_path: Path) -> None:
    """19-digit player ids (snowflakes), in JSON Lines and as ``STRUCT(E BIGINT, ...)`` in Parquet: names as their
    digits on every path, the CLI too; a refused hand's line keeps its ``room_id`` and ``meta``."""
    names = {seat: str(number) for seat, number in SNOWFLAKES.items()}
    records = [
        {"id": "p-1", **BOMB, "players": SNOWFLAKES, "meta": {"t": 1}, "room_id": 5},
        {"id": "p-2", **BOMB, "win": {"type": "bomb"}, "players": SNOWFLAKES, "meta": {"t": 2}, "room_id": 6},
    ]
    jsonl = _jsonl(tmp_path / "hands.jsonl", records)
    table = pa.Table.from_pylist(records)
    assert table.schema.field("players").type.field("E").type == pa.int64()
    parquet = tmp_path / "hands.parquet"
    pq.write_table(table, parquet)
    for source in (jsonl, parquet):
        done = english.invoke(app, ["batch", str(source), "--keep", "room_id"])
        assert "no record had" not in done.stderr
        scored, refused = _lines(done.stdout)
        assert scored["players"] == names and scored["net"]["N"] == 6000 and scored["room_id"] == 5
        assert "winner" in refused["error"] and refused["room_id"] == 6 and refused["meta"] == {"t": 2}
    plain = [{k: v for k, v in record.items() if k != "room_id"} for record in records]
    assert score(plain[0]).players == names
    found = list(score_many(plain))
    assert isinstance(found[0], Result) and found[0].players == names and isinstance(found[1], HandError)
    rows = score_batch(table, keep=["room_id"]).to_pylist()
    assert rows[0]["players"] == names and rows[0]["error"] is None and rows[1]["room_id"] == 6


def test_bigint_players_score_batch_as_text_players_do() -> None:
    """``STRUCT(E BIGINT, ...)`` players give ``score_batch`` the rows text players give (one engine: the same
    reading of every row, no path a column's type sends a row off)."""
    hands = [{**BOMB, "players": SNOWFLAKES} for _ in range(20)]
    as_text = [{**BOMB, "players": {seat: str(n) for seat, n in SNOWFLAKES.items()}} for _ in range(20)]
    numbers = score_batch(pa.Table.from_pylist(hands)).to_pylist()
    texts = score_batch(pa.Table.from_pylist(as_text)).to_pylist()
    assert numbers == texts and all(row["error"] is None for row in numbers)


# ------------------------------------------------------------------ what a line cannot hold


@pytest.mark.parametrize(
    "record",
    [{"id": "a\ud800", **BOMB}, {"id": "m", **BOMB, "meta": {"k": "\ud800"}}],
    ids=["id", "meta"],
)
def test_a_lone_surrogate_in_id_or_meta_is_refused_on_every_path(
    english: CliRunner, tmp_path: Path, record: dict[str, Any]
) -> None:
    """A lone surrogate (``"\\ud800"``) in ``id`` or ``meta``: refused by ``batch``, ``score()``, ``score_many``
    and ``score_batch`` alike (no line can hold it); where the id is fine, the error keeps it."""
    source = tmp_path / "hands.jsonl"
    source.write_text(json.dumps(record) + "\n", encoding="utf-8")  # the escape, as JSON writes it
    _, lines = _batch(english, str(source))
    assert "lone surrogate" in lines[0]["error"]
    with pytest.raises(HandError, match="lone surrogate"):
        score(record, lang="en")
    (found,) = score_many([record], lang="en")
    assert isinstance(found, HandError) and "lone surrogate" in str(found)
    if "meta" in record:
        assert lines[0]["id"] == "m" and found.id == "m"
        row = {"id": "m", **BOMB, "meta": json.dumps(record["meta"])}  # a JSON-text column: the escape as text
        scored = score_batch(pa.Table.from_pylist([row]), lang="en").to_pylist()[0]
        assert scored["id"] == "m" and "lone surrogate" in scored["error"]


def test_a_meta_larger_than_a_record_is_refused_on_every_path(english: CliRunner, tmp_path: Path) -> None:
    """A 2 MB ``meta``: refused by the CLI (a record past 1 MiB), ``score()``, ``score_many`` and ``score_batch``
    alike, each error with the record's id."""
    record = {"id": "big", **BOMB, "meta": {"note": "x" * (2 << 20)}}
    source = _jsonl(tmp_path / "hands.jsonl", [record, {"id": "next", **BOMB}])
    _, lines = _batch(english, str(source))
    assert "larger than 1 MiB" in lines[0]["error"] and lines[0]["id"] == "big" and "net" in lines[1]
    with pytest.raises(HandError, match="meta") as refused:
        score(record, lang="en")
    assert refused.value.id == "big"
    (found,) = score_many([record], lang="en")
    assert isinstance(found, HandError) and found.id == "big"
    for meta in (record["meta"], json.dumps(record["meta"])):  # a struct column, and a JSON-text one
        row = score_batch(pa.Table.from_pylist([{**record, "meta": meta}]), lang="en").to_pylist()[0]
        assert row["id"] == "big" and "meta" in row["error"]


def test_a_kept_nan_or_infinity_is_written_as_json_null(english: CliRunner, tmp_path: Path) -> None:
    """A kept NaN or Infinity (a float column's) is JSON's null -- not given, as a null is -- in JSON Lines and CSV
    (never a bare ``NaN``), and a null cell in Parquet; inside ``meta`` it is taken out as a null is."""
    table = pa.table({"id": ["n", "i"], "stakes": [2, 2], "dealer": ["E", "E"], "win": [WIN, WIN],
                      "score": [float("nan"), float("inf")], "meta": [{"x": float("nan")}, {"x": 1.5}]})  # fmt: skip
    source = tmp_path / "hands.parquet"
    pq.write_table(table, source)
    _, lines = _batch(english, str(source), "--keep", "score")  # _lines: strict JSON
    assert [("score" in line, line["meta"]) for line in lines] == [(False, {}), (False, {"x": 1.5})]
    done = english.invoke(app, ["batch", str(source), "--keep", "score", "-f", "csv"])
    assert [(row["score"], row["meta"]) for row in csv.DictReader(io.StringIO(done.stdout))] == [
        ("", "{}"), ("", '{"x": 1.5}')
    ]  # fmt: skip
    out = tmp_path / "out.parquet"
    english.invoke(app, ["batch", str(source), "--keep", "score", "-o", str(out)])
    written = pq.read_table(out).to_pylist()
    assert [(row["score"], json.loads(row["meta"])) for row in written] == [(None, {}), (None, {"x": 1.5})]
    jsonl = tmp_path / "hands.jsonl"
    jsonl.write_text('{"stakes": 2, "dealer": "E", "win": {"type": "bomb", "winner": "N"}, "score": NaN}\n')
    _, lines = _batch(english, str(jsonl), "--keep", "score")
    assert "score" not in lines[0] and "net" in lines[0]


def test_nfc_and_nfd_spellings_are_one_name(english: CliRunner, tmp_path: Path) -> None:
    """ "José" typed as one character or as e and an accent is one name: one player in the totals, and two seats
    named so clash, on every path."""
    nfc, nfd = unicodedata.normalize("NFC", "José"), unicodedata.normalize("NFD", "José")
    assert nfc != nfd
    with pytest.raises(HandError, match="already sits"):
        score({**BOMB, "players": {"E": nfc, "S": nfd}}, lang="en")
    assert score({**BOMB, "players": {"N": nfd}}).players == {"N": nfc}
    (found,) = score_many([{**BOMB, "players": {"E": nfd, "S": nfc}}], lang="en")
    assert isinstance(found, HandError)
    row = score_batch(pa.Table.from_pylist([{**BOMB, "players": {"E": nfc, "S": nfd}}]), lang="en").to_pylist()[0]
    assert "already sits" in row["error"]
    source = _jsonl(tmp_path / "hands.jsonl", [{**BOMB, "players": {"N": nfc}}, {**BOMB, "players": {"N": nfd}}])
    totals = tmp_path / "totals.json"
    english.invoke(app, ["batch", str(source), "--totals-out", str(totals)])
    assert json.loads(totals.read_text(encoding="utf-8"))["people"] == {nfc: 12000}


# ------------------------------------------------------------------ what a warehouse writes


def test_polars_json_lines_with_json_text_columns_are_taken(english: CliRunner, tmp_path: Path) -> None:
    """polars writes a JSON column to JSON Lines as its text (``"rules": "{}"``, ``"stakes": "1"``): taken as the
    same texts in a Parquet column are, with the same lines."""
    pl = pytest.importorskip("polars")
    frame = pl.DataFrame({"id": ["a", "b"], "stakes": ["1", '{"gang": 500, "bomb": 1500, "ci": 1000}'],
                          "dealer": ["E", "E"], "win": [json.dumps(WIN), json.dumps(WIN)],
                          "rules": ["{}", '{"baoci": true}'], "meta": ['{"t": 1}', "null"]})  # fmt: skip
    jsonl, parquet = tmp_path / "hands.jsonl", tmp_path / "hands.parquet"
    frame.write_ndjson(jsonl)
    frame.write_parquet(parquet)
    assert '"rules":"{}"' in jsonl.read_text(encoding="utf-8")
    status, from_jsonl = _batch(english, str(jsonl))
    _, from_parquet = _batch(english, str(parquet))
    assert status == 0 and [line["net"]["N"] for line in from_jsonl] == [600, 4500]
    assert [{k: v for k, v in line.items() if k != "source"} for line in from_jsonl] == [
        {k: v for k, v in line.items() if k != "source"} for line in from_parquet
    ]
    assert from_jsonl[0]["meta"] == {"t": 1}
    assert score({**BOMB, "rules": '{"baoci": true}', "stakes": "1"}).rules == {"baoci": True}


def test_score_many_keeps_what_keep_names() -> None:
    """``score_many(keep=)`` as ``score_batch(keep=)`` and ``--keep``: the kept keys are no part of the hand (else
    refused as unknown) and come back on each result and error, a null as not given."""
    records = [{"id": 1, **BOMB, "room_id": 7}, {"id": 2, **BOMB, "win": {"type": "bomb"}, "room_id": 8},
               {"id": 3, **BOMB, "room_id": None}]  # fmt: skip
    unkept = list(score_many(records[:1], lang="en"))
    assert isinstance(unkept[0], HandError) and "room_id" in str(unkept[0])
    found = list(score_many(records, keep=["room_id"], lang="en"))
    assert [type(item).__name__ for item in found] == ["Result", "HandError", "Result"]
    assert [item.kept for item in found] == [{"room_id": 7}, {"room_id": 8}, {}]
    assert score(records[0], keep=["room_id"]).kept == {"room_id": 7}
    with pytest.raises(HandError, match="keep"):
        list(score_many(records, keep=["stakes"], lang="en"))


# ------------------------------------------------------------------ what DuckDB and a platform's rules give


def test_an_empty_kongs_list_is_no_kongs(english: CliRunner, tmp_path: Path) -> None:
    """DuckDB writes a hand without kongs as ``"kongs": []``: no kongs, as null is (hand-format's "null is absent",
    extended to an empty list), with and without --payments, and never blamed on "a key given twice" by
    --verbose; a key given twice is still refused."""
    source = _jsonl(tmp_path / "hands.jsonl", [{**BOMB, "kongs": []}, {**BOMB, "kongs": [], "bets": {}}])
    for paying in ([], ["--payments"]):
        done = english.invoke(app, ["batch", str(source), "--verbose", *paying])
        assert done.exit_code == 0
        assert "given twice" not in done.stderr
        assert [line["net"]["N"] for line in _lines(done.stdout)] == [6000, 6000]
    assert score({**BOMB, "kongs": []}).net == score(BOMB).net
    twice = tmp_path / "twice.jsonl"
    twice.write_text(json.dumps({**BOMB, "kongs": []})[:-1] + ', "kongs": []}\n', encoding="utf-8")
    _, lines = _batch(english, str(twice))
    assert "given twice" in lines[0]["error"]  # still refused: a key given twice


def test_hard_ci_with_a_pao_unit_has_one_verdict_on_every_path(english: CliRunner, tmp_path: Path) -> None:
    """Rules with ``hard_ci`` and a ``pao`` unit together, as a Parquet struct column: the same amounts from
    Parquet in and out, JSON Lines, ``score``, ``score_many`` and ``score_batch`` (the old fast path sent these
    rows one by one, "a value the fast path does not take")."""
    hand = {"stakes": 2, "dealer": "E", "win": {"type": "zhici", "winner": "N", "from": "S"}, "ci": "5m"}
    rows = [{**hand, "id": f"r{i}", "rules": {"hard_ci": True, "pao": {"unit": 100}}} for i in range(3)]
    expected = score(rows[0])
    nets = {seat: float(amount) for seat, amount in expected.net.items()}
    assert nets["N"] > 0 and expected.rules.get("hard_ci") is True
    source = tmp_path / "hands.parquet"
    pq.write_table(pa.Table.from_pylist(rows), source)
    out = tmp_path / "out.parquet"
    done = english.invoke(app, ["batch", str(source), "--verbose", "-o", str(out)])
    assert done.exit_code == 0, done.stderr
    written = pq.read_table(out).to_pylist()
    assert [row["error"] for row in written] == [None] * 3
    assert [{seat: float(row[f"net_{seat}"]) for seat in "ESWN"} for row in written] == [nets] * 3
    _, lines = _batch(english, str(_jsonl(tmp_path / "hands.jsonl", rows)))
    assert [line["net"] for line in lines] == [nets] * 3
    assert all(isinstance(found, Result) and found.net == expected.net for found in score_many(rows))
    scored = score_batch(pa.Table.from_pylist(rows)).to_pylist()
    assert [{seat: float(row[f"net_{seat}"]) for seat in "ESWN"} for row in scored] == [nets] * 3


# ------------------------------------------------------------------ memory flat in the input's size


def test_a_batch_keeps_no_name_it_met_unless_totals_are_asked(tmp_path: Path) -> None:
    """Without ``--totals``, a batch sums no player: a platform's players never met twice (snowflake ids) were
    each kept to the end of the run, memory growing with the input. With it, every player is summed."""
    from gangci_calc.commands.batch.run import run_batch
    from gangci_calc.commands.batch.scoring import BatchOptions

    records = [{**BOMB, "players": {"N": f"p{i}", "E": f"q{i}"}, "tiles_left": 9} for i in range(40)]
    records += [{**BOMB, "players": {"N": f"r{i}"}, "kongs": [{"by": "东", "type": "concealed"}]} for i in range(40)]
    source = _jsonl(tmp_path / "hands.jsonl", records)  # 东: an alias
    for summing in (False, True):
        stats = run_batch([str(source)], io.StringIO(), BatchOptions(totals=summing), complain=print)
        assert stats.failed == 0
        assert len(stats.totals.people) == (120 if summing else 0)
