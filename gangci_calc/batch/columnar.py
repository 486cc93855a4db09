"""Parquet in and out for ``gangci batch`` (the ``[arrow]`` extra: pyarrow, imported only here and in arrow.py).

- A ``.parquet`` input is read a row group's batch at a time; each row becomes a JSON line (nulls left out,
  as ``gangci_calc.arrow.record_of`` reads them), so the records go through the same scoring as JSON
  Lines, and an error's line is the row's number.
- ``-o FILE.parquet`` writes :data:`gangci_calc.arrow.RESULT_SCHEMA`, batch by batch: a Parquet input's
  batches scored column by column (:func:`gangci_calc.arrow.score_batch`), a JSON Lines input's records one
  by one (:func:`gangci_calc.arrow.score_rows`). Memory stays flat however many hands.
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

ROWS = 8192  # rows read at a time, where each becomes a record
ARROW_ROWS = 16_384  # rows read at a time where they are scored column by column: the fastest, and memory stays flat


def need_arrow(where: str) -> None:
    """Say in one line what to install where pyarrow is missing."""
    from importlib.util import find_spec

    if find_spec("pyarrow") is None:
        raise InputError(where, say(m.NEEDS_ARROW))


def parquet_rows(name: str, *, meta: bool = False) -> Iterator[tuple[int, list[Any], set[int]]]:
    """(number of the first row, the rows as records, the rows holding a NaN or an infinity) of each batch of a
    Parquet file."""
    from gangci_calc.arrow import record_of

    first = 1
    for batch in _parquet_file(name).iter_batches(batch_size=ROWS):
        rows = [record_of(row, meta=meta) for row in batch.to_pylist()]
        yield first, rows, set().union(*(_not_finite(column) for column in batch.columns))
        first += len(rows)


def _not_finite(array: Any) -> set[int]:
    """The rows of ``array`` holding a NaN or an infinity, however deep in its structs and lists."""
    import pyarrow as pa
    import pyarrow.compute as pc

    kind = array.type
    if pa.types.is_floating(kind):
        return set(pc.indices_nonzero(pc.fill_null(pc.invert(pc.is_finite(array)), False)).to_pylist())
    if pa.types.is_struct(kind):
        return set().union(*(_not_finite(field) for field in array.flatten()))
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        inner = _not_finite(array.flatten())
        parents = pc.list_parent_indices(array).to_pylist() if inner else []
        return {parents[i] for i in inner}
    return set()


def column_twice(schema: Any, where: str = "") -> str | None:
    """The first column (or struct field: ``bets.S``) named twice in ``schema``, or ``None``: reading it would
    keep one of the two silently, as a key given twice in YAML or JSON would."""
    import pyarrow as pa

    seen: set[str] = set()
    for field in schema:
        name = f"{where}{field.name}"
        if field.name in seen:
            return name
        seen.add(field.name)
        kind = field.type
        while pa.types.is_list(kind) or pa.types.is_large_list(kind):
            kind = kind.value_type
        inner = column_twice(list(kind), f"{name}.") if pa.types.is_struct(kind) else None
        if inner is not None:
            return inner
    return None


def _parquet_file(name: str) -> Any:
    """The file as pyarrow reads it, or a one-line error that names it."""
    need_arrow(name)
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        file = pq.ParquetFile(name)
    except FileNotFoundError:
        raise UnreadableInput(say(m.WHERE_WHAT, where=name, what=m.NO_SUCH_FILE)) from None
    except (OSError, pa.ArrowException) as error:
        raise UnreadableInput(say(m.WHERE_WHAT, where=name, what=say(m.NOT_PARQUET, reason=str(error)))) from None
    twice = column_twice(file.schema_arrow)
    if twice is not None:
        raise UnreadableInput(say(m.WHERE_WHAT, where=name, what=say(m.COLUMN_TWICE, key=twice)))
    return file


def parquet_chunks(name: str) -> Iterator[Chunk]:
    """A Parquet file as chunks of JSON Lines, one line per row (a row's number is its line)."""
    import json

    import msgspec

    from gangci_calc.batch.reading import Chunk

    encode = msgspec.json.Encoder().encode
    for first, rows, odd in parquet_rows(name, meta=True):  # the lines echo it
        # msgspec writes a NaN or an infinity as null ("not given"); json writes NaN, which the loader refuses
        lines = (json.dumps(row).encode() if i in odd else encode(row) for i, row in enumerate(rows))
        yield Chunk("json", name, first, b"\n".join(lines).decode() + "\n")


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
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from gangci_calc.arrow import RESULT_SCHEMA
    from gangci_calc.batch.arrays import scalar
    from gangci_calc.batch.reading import expand
    from gangci_calc.batch.run import Stats

    stats = Stats()
    with pq.ParquetWriter(output, RESULT_SCHEMA) as writer:
        for name in expand(inputs):
            try:
                for scored in _scored(name, options):
                    errors = pc.is_valid(scored.column("error"))
                    if strict:
                        failed = pc.index(errors, scalar(True)).as_py()
                        if failed >= 0:
                            scored, stats.stopped = scored.slice(0, failed + 1), True
                            row = scored.slice(failed).to_pylist()[0]
                            stats.failure = f"{row['id'] or ''}: {row['error']}".lstrip(": ")
                            errors = errors.slice(0, failed + 1)
                    writer.write_batch(scored)
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
    """The results of a file's hands, a batch at a time: a Parquet file's batches column by column
    (:func:`gangci_calc.arrow.score_batch`), a JSON Lines file's records one by one."""
    import pyarrow as pa

    from gangci_calc.arrow import results_batch, score_batch, score_rows
    from gangci_calc.batch.reading import read_chunks

    rules = _rules_of(options)
    if is_parquet(name):
        for batch in _parquet_file(name).iter_batches(batch_size=ARROW_ROWS):
            yield score_batch(batch, rules=rules, check=options.check, lang=options.lang)
            pa.default_memory_pool().release_unused()
        return
    for chunk in read_chunks(name, kind="json"):
        rows = json_rows(chunk)
        yield results_batch(score_rows(rows, rules=rules, check=options.check, lang=options.lang), len(rows))


def _rules_of(options: BatchOptions) -> dict[str, Any] | None:
    """The ``--rules`` of the run as the API takes them (``None``: the seed's)."""
    from gangci_calc.io.export.export import house_object
    from gangci_calc.rules import SEED_RULES

    return None if options.base == SEED_RULES else house_object(options.base)
