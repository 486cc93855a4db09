"""Parquet in for ``gangci batch`` (the ``[arrow]`` extra: pyarrow, imported only here, in columnar.py and arrow.py):
a Parquet file as chunks of JSON Lines, and every input's chunks, Parquet or text.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import suppress
from typing import IO, Any

from gangci_calc.commands.batch.reading import Chunk, is_parquet, read_chunks
from gangci_calc.core.errors import InputError, UnreadableInput
from gangci_calc.words import messages as m
from gangci_calc.words import say

ROWS = 8192  # rows read at a time, where each becomes a record


def input_chunks(name: str, stdin: IO[str] | None = None, kind: str = "") -> Iterator[Chunk]:
    """One input as chunks: a Parquet file's rows as JSON Lines, else its text (:func:`.reading.read_chunks`)."""
    if is_parquet(name):
        yield from parquet_chunks(name)
        return
    yield from read_chunks(name, stdin, kind)


def need_arrow(where: str) -> None:
    """Say in one line what to install where pyarrow is missing, or there but broken (it fails to import)."""
    try:
        import pyarrow  # noqa: F401  (the caller's next step imports it anyway)
    except ImportError:
        raise InputError(where, say(m.NEEDS_ARROW)) from None


def arrow_memory() -> None:
    """A command's Arrow memory, before pyarrow loads: jemalloc on Linux, unless ``ARROW_DEFAULT_MEMORY_POOL``
    says otherwise. pyarrow's own default there (mimalloc) kept 18 MB more for a 10,000-hand Parquet run and grew
    1.3× by 1M hands; jemalloc grew 1.19×, no slower (benchmarks/bench_platform.py ``--memory``). pyarrow's
    Linux wheels (x86-64, arm64) have it; elsewhere, or once pyarrow is loaded, nothing changes."""
    import os
    import sys

    if sys.platform == "linux" and os.uname().machine in ("x86_64", "aarch64") and "pyarrow" not in sys.modules:
        os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "jemalloc")


def parquet_rows(name: str, *, meta: bool = False) -> Iterator[tuple[int, list[Any], set[int]]]:
    """(number of the first row, the rows as records, the rows holding a NaN or an infinity) of each batch of a
    Parquet file."""
    from gangci_calc.fastpath.arrow_tables import as_exported, as_read, record_of

    first = 1
    for batch in parquet_file(name).iter_batches(batch_size=ROWS):
        rows = [record_of(row, meta=meta, raw=True) for row in pylist(as_exported(as_read(batch)))]
        yield first, rows, set().union(*(_not_finite(column) for column in batch.columns))
        first += len(rows)


def pylist(batch: Any) -> list[dict[str, Any]]:
    """A batch's rows as Python mappings, a column of JSON's type (DuckDB's ``JSON``, read as ``arrow.json``) as the
    values its texts hold: ``"sh"`` is the text sh, as in a JSON Lines record (a key given twice: left as its
    text, for :func:`record_of` to keep)."""
    from gangci_calc.io.load.boundary import json_cell

    rows: list[dict[str, Any]] = batch.to_pylist()
    typed = [field.name for field in batch.schema if is_json(field.type)]
    for row in rows if typed else ():
        for name in typed:
            if isinstance(row[name], str):
                with suppress(ValueError):  # else the loader says what is wrong with it
                    row[name] = json_cell(row[name])
    return rows


def is_json(kind: Any) -> bool:
    import pyarrow as pa

    return isinstance(kind, pa.BaseExtensionType) and kind.extension_name == "arrow.json"


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


def parquet_file(name: str) -> Any:
    """The file as pyarrow reads it, or a one-line error that names it."""
    need_arrow(name)
    import pyarrow as pa
    import pyarrow.parquet as pq

    from gangci_calc.fastpath.arrow_tables import column_twice

    try:
        # a column chunk read a page at a time, not whole: a warehouse's row groups are large (DuckDB's: 122,880
        # rows), and a whole one held 15 MB more at 1M hands
        file = pq.ParquetFile(name, pre_buffer=False, buffer_size=1 << 16)
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
    for first, rows, odd in parquet_rows(name, meta=True):  # the lines echo it
        yield Chunk("json", name, first, "\n".join(_lines(rows, odd)) + "\n")


def row_lines(batch: Any) -> list[str]:
    """Each row of an Arrow batch as the JSON line :func:`parquet_chunks` makes of it."""
    from gangci_calc.fastpath.arrow_tables import as_exported, record_of

    rows = [record_of(row, meta=True, raw=True) for row in pylist(as_exported(batch))]
    return _lines(rows, set().union(*(_not_finite(column) for column in batch.columns)))


def _lines(rows: list[Any], odd: set[int]) -> list[str]:
    import json

    import msgspec

    encode = msgspec.json.Encoder().encode
    # msgspec writes a NaN or an infinity as null ("not given"); json writes NaN, which the loader refuses (a row
    # that holds a key twice as well is refused for that: msgspec alone writes its JSON as it came)
    raw = msgspec.Raw
    return [
        json.dumps(row) if i in odd and not any(type(v) is raw for v in row.values()) else encode(row).decode()
        for i, row in enumerate(rows)
    ]


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
