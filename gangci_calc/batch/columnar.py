"""Parquet in and out for ``gangci batch`` (the ``[arrow]`` extra: pyarrow, imported only here and in arrow.py).

- A ``.parquet`` input is read a row group's batch at a time; each row becomes a JSON line (nulls left out,
  as ``gangci_calc.arrow.record_of`` reads them), so the records go through the same scoring as JSON
  Lines, and an error's line is the row's number.
- ``-o FILE.parquet`` writes :data:`gangci_calc.arrow.RESULT_SCHEMA`, batch by batch, through
  :func:`gangci_calc.arrow.score_rows`: memory stays flat however many hands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Any

from gangci_calc.errors import InputError, UnreadableInput
from gangci_calc.words import messages as m
from gangci_calc.words import say

if TYPE_CHECKING:
    from gangci_calc.batch.reading import Chunk
    from gangci_calc.batch.run import Stats
    from gangci_calc.batch.scoring import BatchOptions

from gangci_calc.batch.reading import is_parquet

ROWS = 8192  # rows read at a time


def need_arrow(where: str) -> None:
    """Say in one line what to install where pyarrow is missing."""
    from importlib.util import find_spec

    if find_spec("pyarrow") is None:
        raise InputError(where, say(m.NEEDS_ARROW))


def parquet_rows(name: str, *, meta: bool = False) -> Iterator[tuple[int, list[Any]]]:
    """(number of the first row, the rows as records) of each batch of a Parquet file."""
    need_arrow(name)
    import pyarrow as pa
    import pyarrow.parquet as pq

    from gangci_calc.arrow import record_of

    try:
        reader = pq.ParquetFile(name)
    except FileNotFoundError:
        raise UnreadableInput(say(m.WHERE_WHAT, where=name, what=m.NO_SUCH_FILE)) from None
    except (OSError, pa.ArrowException) as error:
        raise UnreadableInput(say(m.WHERE_WHAT, where=name, what=say(m.NOT_PARQUET, reason=str(error)))) from None
    first = 1
    for batch in reader.iter_batches(batch_size=ROWS):
        rows = [record_of(row, meta=meta) for row in batch.to_pylist()]
        yield first, rows
        first += len(rows)


def parquet_chunks(name: str) -> Iterator[Chunk]:
    """A Parquet file as chunks of JSON Lines, one line per row (a row's number is its line)."""
    import msgspec

    from gangci_calc.batch.reading import Chunk

    encode = msgspec.json.Encoder().encode
    for first, rows in parquet_rows(name, meta=True):  # the lines echo it
        yield Chunk("json", name, first, b"\n".join(encode(row) for row in rows).decode() + "\n")


def json_rows(chunk: Chunk) -> list[Any]:
    """A JSON Lines chunk's records (a line that is not JSON stays as its text: the loader says what is wrong)."""
    import json

    rows: list[Any] = []
    for line in chunk.text.split("\n"):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except ValueError:
            rows.append(line)
    return rows


def run_to_parquet(
    inputs: list[str], output: IO[bytes], options: BatchOptions, strict: bool, complain: Callable[[str], None]
) -> Stats:
    """Score every hand of ``inputs`` into a Parquet file of :data:`~gangci_calc.arrow.RESULT_SCHEMA`."""
    need_arrow("-o")
    import pyarrow.parquet as pq

    from gangci_calc.arrow import RESULT_SCHEMA, results_batch, score_rows
    from gangci_calc.batch.reading import expand, read_chunks
    from gangci_calc.batch.run import Stats

    stats = Stats()
    rules = _rules_of(options)
    with pq.ParquetWriter(output, RESULT_SCHEMA) as writer:
        for name in expand(inputs):
            try:
                batches = (
                    (rows for _, rows in parquet_rows(name))
                    if is_parquet(name)
                    else (json_rows(chunk) for chunk in read_chunks(name, kind="json"))
                )
                for rows in batches:
                    found = score_rows(rows, rules=rules, check=options.check, lang=options.lang)
                    if strict:
                        failed = next((i for i, row in enumerate(found) if row[-1] is not None), None)
                        if failed is not None:
                            found, stats.stopped = found[: failed + 1], True
                            stats.failure = f"{found[-1][0] or ''}: {found[-1][-1]}".lstrip(": ")
                    writer.write_batch(results_batch(found, len(found)))
                    stats.hands += len(found)
                    stats.failed += sum(1 for row in found if row[-1] is not None)
                    if stats.stopped:
                        break
            except UnreadableInput as error:
                stats.unreadable += 1
                complain(str(error))
            if stats.stopped:
                break
    stats.scored = stats.hands - stats.failed
    return stats


def _rules_of(options: BatchOptions) -> dict[str, Any] | None:
    """The ``--rules`` of the run as the API takes them (``None``: the seed's)."""
    from gangci_calc.io.export.export import house_object
    from gangci_calc.rules import SEED_RULES

    return None if options.base == SEED_RULES else house_object(options.base)
