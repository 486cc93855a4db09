"""Parquet out for ``gangci batch`` (the ``[arrow]`` extra; Parquet in is :mod:`.parquet_in`).

- A ``.parquet`` input is read a row group's batch at a time; each row becomes a JSON line (nulls left out,
  as ``gangci_calc.arrow.record_of`` reads them), so the records go through the same scoring as JSON
  Lines, and an error's line is the row's number (:mod:`.parquet_in`).
- ``-o FILE.parquet`` writes :data:`gangci_calc.arrow.RESULT_SCHEMA`, batch by batch: a Parquet input's
  batches scored column by column (:func:`gangci_calc.arrow.score_batch`), a JSON Lines input's records one
  by one (:func:`gangci_calc.arrow.score_rows`). Memory stays flat however many hands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import IO, Any

from gangci_calc.batch.parquet_in import json_rows, need_arrow, parquet_file
from gangci_calc.batch.reading import expand, is_parquet, read_chunks
from gangci_calc.batch.run import Stats
from gangci_calc.batch.scoring import BatchOptions
from gangci_calc.errors import UnreadableInput

ARROW_ROWS = 16_384  # rows read at a time where they are scored column by column: the fastest, and memory stays flat


def run_to_parquet(
    inputs: list[str], output: IO[bytes], options: BatchOptions, strict: bool, complain: Callable[[str], None]
) -> Stats:
    """Score every hand of ``inputs`` into a Parquet file of :data:`~gangci_calc.arrow.RESULT_SCHEMA`."""
    need_arrow("-o")
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from gangci_calc.arrow import RESULT_SCHEMA
    from gangci_calc.bulk.arrays import scalar

    stats = Stats()
    with pq.ParquetWriter(output, RESULT_SCHEMA) as writer:
        for name in expand(inputs):
            try:
                for scored, slow in _scored(name, options):
                    errors = pc.is_valid(scored.column("error"))
                    if strict:
                        failed = pc.index(errors, scalar(True)).as_py()
                        if failed >= 0:
                            scored, stats.stopped = scored.slice(0, failed + 1), True
                            row = scored.slice(failed).to_pylist()[0]
                            stats.failure = f"{row['id'] or ''}: {row['error']}".lstrip(": ")
                            errors = errors.slice(0, failed + 1)
                    writer.write_batch(scored)
                    stats.one_by_one += slow
                    stats.hands += scored.num_rows
                    stats.failed += pc.sum(errors).as_py() or 0
                    if stats.stopped:
                        break
            except UnreadableInput as error:
                stats.unreadable += 1
                complain(str(error))
            if stats.stopped:
                break
    stats.scored = stats.hands - stats.failed
    return stats


def _scored(name: str, options: BatchOptions) -> Iterator[Any]:
    """The results of a file's hands, a batch at a time, each with how many were scored one by one: a Parquet
    file's batches column by column (:func:`gangci_calc.arrow.score_batch`), a JSON Lines file's records one by
    one (each on the fast path where it can)."""
    import pyarrow as pa

    from gangci_calc.arrow import results_batch, score_rows, scored_and_counted

    rules = _rules_of(options)
    if is_parquet(name):
        for batch in parquet_file(name).iter_batches(batch_size=ARROW_ROWS):
            yield scored_and_counted(batch, rules=rules, check=options.check, lang=options.lang)
            pa.default_memory_pool().release_unused()
        return
    for chunk in read_chunks(name, kind="json"):
        rows = json_rows(chunk)
        counted: list[int] = []
        found = score_rows(rows, rules=rules, check=options.check, lang=options.lang, counted=counted)
        yield results_batch(found, len(rows)), len(counted)


def _rules_of(options: BatchOptions) -> dict[str, Any] | None:
    """The ``--rules`` of the run as the API takes them (``None``: the seed's)."""
    from gangci_calc.io.export.export import house_object
    from gangci_calc.rules import SEED_RULES

    return None if options.base == SEED_RULES else house_object(options.base)
