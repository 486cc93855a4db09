"""docs/spark.md's recipe on ``local[2]``: a date-partitioned table scored by ``mapInArrow``, row by row as
``score_many`` scores the same records. ``pip install -e '.[test,spark]'`` and ``pytest -m spark`` (Java 17)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from gangci_calc.api import Result, score_many
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.spark
pyspark = pytest.importorskip("pyspark", reason="pip install -e '.[test,spark]'")
pa = pytest.importorskip("pyarrow")


def money(amount: Any) -> Decimal:
    fraction = Fraction(amount)
    return (Decimal(fraction.numerator) / Decimal(fraction.denominator)).quantize(Decimal("0.1"))


def score_partition(batches: Iterator[Any]) -> Iterator[Any]:
    """The recipe's function: each Arrow batch scored, its date carried through (the rows stay in order)."""
    from gangci_calc.arrow import score_batch

    for batch in batches:
        yield score_batch(batch, keep=["date"])


def test_the_spark_recipe_agrees_with_score_many(tmp_path: Path) -> None:
    from pyspark.sql import SparkSession

    from gangci_calc.arrow import spark_schema

    records = [json.loads(line) for line in (EXAMPLES / "batch" / "recorded.jsonl").read_text("utf-8").splitlines()]
    records += [
        {"stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}, "id": "x-1"},
        {
            "stakes": {"gang": 1, "bomb": 2, "ci": 3},
            "dealer": "E",
            "win": {"type": "zhici", "winner": "S", "from": "W"},
        },
    ]
    dated = [{**record, "date": f"2026-11-{1 + i % 3:02d}"} for i, record in enumerate(records)]
    source = tmp_path / "hands.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in dated), encoding="utf-8")
    spark = (
        SparkSession.builder.master("local[2]")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "4")  # the batch-size setting
        .config("spark.ui.enabled", "false")
        .config("spark.sql.session.timeZone", "UTC")
        .getOrCreate()
    )
    try:
        hands = spark.read.json(str(source))
        hands.write.partitionBy("date").parquet(str(tmp_path / "table"))  # a table partitioned by date
        table = spark.read.parquet(str(tmp_path / "table"))
        scored = table.mapInArrow(score_partition, f"{spark_schema()}, date DATE")  # as Spark reads the partition
        scored.write.partitionBy("date").parquet(str(tmp_path / "results"))
        rows = [row.asDict(recursive=True) for row in spark.read.parquet(str(tmp_path / "results")).collect()]
        ids = [row.asDict(recursive=True) for row in table.collect()]
    finally:
        spark.stop()
    assert len(rows) == len(records) == len(ids)
    for row in rows:
        if row["id"] == "x-1":
            assert row["net_S"] == Decimal("600.0") and row["error"] is None
    expected = list(score_many(records))
    got_nets = sorted(repr((tuple(row[f"net_{s}"] for s in "ESWN"), row["error"] is None)) for row in rows)
    want_nets = sorted(
        repr(
            (
                tuple(money(want.net[s]) for s in "ESWN") if isinstance(want, Result) else (None,) * 4,
                isinstance(want, Result),
            )
        )
        for want in expected
    )
    assert got_nets == want_nets  # every row as score_many has it (Spark keeps no order across partitions)
