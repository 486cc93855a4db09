"""``score_batch``: every row agrees with ``score_many`` on the same record, whatever the columns hold."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gangci_calc.api import score_many
from tests.conftest import examples
from tests.handgen import null_free
from tests.test_batch_records import plain_records

pa = pytest.importorskip("pyarrow", reason="pip install -e '.[test]' (the [arrow] extra)")

from gangci_calc.arrow import RESULT_SCHEMA, score_batch  # noqa: E402
from tests.test_arrow import agrees  # noqa: E402


def _first_bets(record: dict[str, Any]) -> dict[str, Any]:
    bets = record.setdefault("bets", {})
    return bets.setdefault(next(iter(bets), "S"), {})


def _alias(record: dict[str, Any]) -> None:
    record["胡牌"] = record.pop("win")


def _kong(record: dict[str, Any], kong: Any) -> None:
    record.setdefault("kongs", []).append(kong)


# each changes one thing of a record, as a warehouse or a wrong row might (None: the column's null)
MUTATIONS: list[Any] = [
    lambda r: None,
    _alias,  # an alias: the loader's
    lambda r: _first_bets(r).update(piao=4),  # out of range
    lambda r: _first_bets(r).update(gang=-1),
    lambda r: r.update(dealer="东"),  # a seat in Chinese
    lambda r: r.update(dealer=None),
    lambda r: r.update(dealer="Q"),
    lambda r: r.update(stakes=3),  # no such scheme
    lambda r: r.update(stakes={"gang": 0}),
    lambda r: r.update(stakes={"gang": 10**13}),  # beyond what this path sums in int64
    lambda r: r.update(stakes={"gang": 10**17}),  # nets beyond int64: the row path, into 38 digits
    lambda r: r.update(stakes={"gang": 5, "ci": 7}),  # stakes of a table's own proportions
    lambda r: r.update(stakes={"bomb": 5}),  # no 杠底
    lambda r: r["win"].update(winner="E") if r["win"]["type"] == "draw" else r["win"].update(type="draw"),
    lambda r: r["win"].update({"from": "X"}),
    lambda r: r["win"].update(bao=True),
    lambda r: r["win"].update(bao=False),
    lambda r: r["win"].update(type=None),
    lambda r: r.update(win=None),
    lambda r: r.update(extra=1),  # a column no hand has: kept (keep=), else refused before any row
    lambda r: r.update(tiles_left=5),  # a key of a house option: the loader's
    lambda r: r.update(policy=False) if r.get("bets") else r.update(policy=None),  # add-ons with 带政策 off
    lambda r: r.setdefault("bets", {}).setdefault(r["dealer"], {}).update(di=1),  # 抵 on the dealer
    lambda r: r.setdefault("bets", {}).update(X={"piao": 1}),  # no such seat
    lambda r: _first_bets(r).update(fei=1),  # no such count
    lambda r: _first_bets(r).update(pao=2),  # 跑 without 带跑: refused
    lambda r: (r.update(rules={"pao": {"unit": 100, "kong": True}}), _first_bets(r).update(pao=2)),  # 带跑: the row's
    lambda r: r.update(bets=None, kongs=None),
    lambda r: _kong(r, None),  # a null kong
    lambda r: _kong(r, {"by": "E", "type": "exposed", "from": "E"}),  # fed by himself
    lambda r: _kong(r, {"by": "S", "type": "bogus"}),
    lambda r: _kong(r, {"by": "W", "type": "concealed", "from": None}),
    lambda r: _kong(r, {"by": "N", "type": "added", "from": "E"}),
    lambda r: r.update(players={"E": "ana", "S": "ana"}),  # one name at two seats
    lambda r: r.update(players={"E": " bo", "W": "东"}),  # a name the loader trims, a name that is a seat
    lambda r: r.update(players={"N": "dee", "X": "eve"}),
    lambda r: r.update(players={"E": None, "S": "cy"}),
    lambda r: r.update(id=None),
    lambda r: r.update(id=10**18),  # 19 digits: a BIGINT id, taken (#43.3)
    lambda r: r.update(meta={"table": 7}),  # never on a result row
]


def _batch(records: list[dict[str, Any]]) -> Any:
    """The records as one batch; a column has one type, so ids become text where any is, and a scheme's number
    the stakes mapping it stands for where any row has a mapping."""
    if any(isinstance(r.get("id"), str) for r in records):
        for r in records:
            if r.get("id") is not None:
                r["id"] = str(r["id"])
    if any(isinstance(r.get("stakes"), dict) for r in records):
        for r in records:
            if isinstance(r.get("stakes"), int) and r["stakes"] in (1, 2):
                r["stakes"] = {"gang": 100 if r["stakes"] == 1 else 1000}
            elif isinstance(r.get("stakes"), int):
                r["stakes"] = {"gang": -r["stakes"]}
    return pa.RecordBatch.from_pylist(records)


def _expected(batch: Any) -> list[Any]:
    """``score_many`` on each row as a record: a null is absent (written out by the tests, not the module's own)."""
    rows = [{k: v for k, v in null_free(row).items() if k != "meta"} for row in batch.to_pylist()]
    return list(score_many(rows, lang="en"))


@settings(max_examples=examples(120), deadline=None)  # 12 seeds of 300 ran clean as it was written
@given(st.lists(st.tuples(plain_records(), st.sampled_from(range(len(MUTATIONS)))), min_size=1, max_size=6))
def test_every_row_agrees_with_score_many(cases: list[tuple[dict[str, Any], int]]) -> None:
    records = []
    for record, mutation in cases:
        changed = copy.deepcopy(record)
        MUTATIONS[mutation](changed)
        records.append(changed)
    try:
        batch = _batch(records)
    except (pa.ArrowInvalid, pa.ArrowTypeError, OverflowError):  # a column of two types, a number beyond int64
        assume(False)
    kept = ["extra"] if "extra" in batch.schema.names else []  # no key of a hand: kept, or refused first (#43.3)
    if kept:
        with pytest.raises(ValueError, match="the column 'extra' is not a key of a hand; keep=\\['extra'\\]"):
            score_batch(batch, lang="en")
    scored = score_batch(batch, lang="en", keep=kept)
    assert scored.schema == RESULT_SCHEMA if not kept else scored.drop_columns(kept).schema == RESULT_SCHEMA
    assert scored.column("extra") == batch.column("extra") if kept else True
    for row, want in zip(scored.to_pylist(), _expected(batch.drop_columns(kept)), strict=True):
        agrees(row, want)


def test_text_as_large_string_or_view_and_tables_of_many_chunks() -> None:
    """polars writes ``large_string`` (or ``string_view``); a Table comes in chunks: the same results."""
    records = [
        {"id": f"g-{i}", "stakes": 1, "dealer": "ESWN"[i % 4], "win": {"type": "bomb", "winner": "ESWN"[(i + 1) % 4]}}
        for i in range(10)
    ]
    batch = pa.RecordBatch.from_pylist(records)
    plain = score_batch(batch)

    def widened(kind: Any) -> Any:
        if pa.types.is_string(kind):
            return pa.large_string()
        if pa.types.is_struct(kind):
            return pa.struct([pa.field(f.name, widened(f.type)) for f in kind])
        return kind

    wide = batch.cast(pa.schema([pa.field(f.name, widened(f.type)) for f in batch.schema]))
    assert score_batch(wide).to_pylist() == plain.to_pylist()
    chunked = pa.Table.from_batches([batch.slice(0, 3), batch.slice(3, 4), batch.slice(7)])
    assert score_batch(chunked).to_pylist() == plain.to_pylist()
    assert score_batch(pa.Table.from_batches([], batch.schema)).num_rows == 0


def test_many_tables_of_their_own_stakes_in_one_batch_and_across_batches() -> None:
    """Stakes in proportions of a table's own, in one batch and across batches."""
    records = [
        {"stakes": {"gang": 10 + i, "ci": 7 + i}, "policy": True, "dealer": "E", "bets": {"S": {"piao": 1}},
         "win": {"type": "zhici", "winner": "S", "from": "W"}, "kongs": [{"by": "N", "type": "concealed"}]}
        for i in range(150)
    ]  # fmt: skip
    expected = list(score_many(records))
    for size in (150, 50, 7):
        for first in range(0, 150, size):
            scored = score_batch(pa.RecordBatch.from_pylist(records[first : first + size])).to_pylist()
            for row, want in zip(scored, expected[first : first + size], strict=True):
                agrees(row, want)


@pytest.mark.parametrize("bad", ['{"gang": 0}', "9", '{"gang": 100, "x": 1}', "null", '{"gang": 7, "ci": 5}'])
def test_a_refused_row_leaves_the_next_rows_kongs_alone(bad: str) -> None:
    """A refused row (its stakes here) leaves the rows after it, and their kongs, as score_many scores them."""
    import json

    kongs = [{"by": "E", "type": "concealed"}, {"by": "N", "type": "exposed", "from": "W"}]
    base = {"dealer": "E", "win": {"type": "bomb", "winner": "S"}, "kongs": kongs}
    rows = [{**base, "stakes": stakes} for stakes in (bad, "1", '{"gang": 300}', bad, "2")]
    got = score_batch(pa.RecordBatch.from_pylist(rows)).to_pylist()
    want = score_many([{**row, "stakes": json.loads(row["stakes"])} for row in rows])
    for row, result in zip(got, want, strict=True):
        expected = getattr(result, "net", None)
        assert (row["error"] is None) == (expected is not None)
        if expected is not None:
            assert {seat: row[f"net_{seat}"] for seat in "ESWN"} == expected
