"""Parquet out for ``gangci batch`` (the ``[arrow]`` extra; Parquet in is :mod:`.parquet_in`).

``-o FILE.parquet`` writes :func:`gangci_calc.arrow.batch_schema`, batch by batch, so memory stays flat:
the lines the JSON Lines output would have, as columns. Every hand is scored as for the JSON Lines
(:class:`.scoring.Scorer`), and its line read back into its row (:class:`Rows`), so a hand has the same
``id``, ``error`` (located), ``rules``, ``meta``, kept keys and ``payments`` whichever the output, Parquet
input or text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import IO, Any

from gangci_calc.commands.batch.parquet_in import need_arrow
from gangci_calc.commands.batch.reading import expand
from gangci_calc.commands.batch.run import Stats, all_chunks, scored_chunks
from gangci_calc.commands.batch.scoring import BatchOptions, ChunkResult, Totals
from gangci_calc.fastpath.arrays import ints, texts

ARROW_ROWS = 12_288  # rows gathered into a row group of the output (a text input's chunks are smaller)


@dataclass
class _Piece:
    """Some output rows, and what they count."""

    batch: Any  # a pa.RecordBatch of the output's schema
    failed: int = 0
    totals: Totals = field(default_factory=Totals)
    kept: frozenset[str] = frozenset()
    blank: int = 0
    failure: str = ""  # --strict: the line of the hand that stopped the run (its row is the last of ``batch``)


def run_to_parquet(
    inputs: list[str],
    output: IO[bytes],
    options: BatchOptions,
    strict: bool,
    complain: Callable[[str], None],
    *,
    jobs: int = 1,
    kind: str = "",
    on_chunk: Callable[[int], None] | None = None,
) -> Stats:
    """Score every hand of ``inputs`` into a Parquet file of :func:`~gangci_calc.arrow.batch_schema`."""
    need_arrow("-o")
    import pyarrow.parquet as pq

    from gangci_calc.fastpath.arrow_tables import batch_schema

    stats = Stats()
    options = replace(options, fmt="jsonl", amounts="exact")  # the lines read back into rows
    rows = Rows(options.keep, options.payments)
    schema = batch_schema(options.keep, options.payments)
    with pq.ParquetWriter(output, schema, use_dictionary=dictionary_columns(schema)) as writer:
        group = _Group(writer)
        for name in expand(inputs):
            for piece in _pieces(name, options, rows, strict, jobs, kind, stats, complain):
                group.add(piece.batch)
                stats.hands += piece.batch.num_rows
                stats.failed += piece.failed
                stats.blank += piece.blank
                stats.kept |= piece.kept
                stats.totals.merge(piece.totals)
                if on_chunk is not None:
                    on_chunk(piece.batch.num_rows)
                if piece.failure:
                    stats.stopped, stats.failure = True, piece.failure
                    break
            if stats.stopped:
                break
        group.write()
    stats.scored = stats.hands - stats.failed
    return stats


UNIQUE = ("id", "source")  # each row's own: a dictionary of them is as long as the column


def dictionary_columns(schema: Any) -> list[str]:
    """The Parquet columns of ``schema`` given a dictionary: every leaf but :data:`UNIQUE`, whose dictionaries the
    writer would build only to drop them (a 1M-hand DuckDB export: 6% of the run; its file was 10% larger)."""
    import pyarrow as pa

    def leaves(kind: Any, path: str) -> Iterator[str]:
        if pa.types.is_struct(kind):
            for child in kind:
                yield from leaves(child.type, f"{path}.{child.name}")
        elif pa.types.is_list(kind) or pa.types.is_large_list(kind):
            yield from leaves(kind.value_type, f"{path}.list.element")  # as Parquet names a list's items
        else:
            yield path

    return [leaf for field in schema if field.name not in UNIQUE for leaf in leaves(field.type, field.name)]


class _Group:
    """Batches gathered into row groups of :data:`ARROW_ROWS` rows or more (a text input's chunks are smaller)."""

    def __init__(self, writer: Any) -> None:
        self.writer = writer
        self.batches: list[Any] = []
        self.rows = 0

    def add(self, batch: Any) -> None:
        self.batches.append(batch)
        self.rows += batch.num_rows
        if self.rows >= ARROW_ROWS:
            self.write()

    def write(self) -> None:
        if self.batches:
            import pyarrow as pa

            self.writer.write_table(pa.Table.from_batches(self.batches))
        self.batches, self.rows = [], 0


def _pieces(
    name: str,
    options: BatchOptions,
    rows: Rows,
    strict: bool,
    jobs: int,
    kind: str,
    stats: Stats,
    complain: Callable[[str], None],
) -> Iterator[_Piece]:
    """One input's output rows, a batch at a time; an unreadable input is reported and skipped."""
    for chunk in scored_chunks(all_chunks([name], stats, complain, kind), options, jobs):
        yield _text_piece(chunk, rows, strict)


def _text_piece(chunk: ChunkResult, rows: Rows, strict: bool) -> _Piece:
    """A chunk's lines as rows; with ``strict``, those up to its first failure."""
    if strict and chunk.failed:
        text = chunk.text[: chunk.first_failure_end]
        failure = text.rstrip("\n").rsplit("\n", 1)[-1]
        at_failure = chunk.totals_at_first_failure
        piece = _Piece(rows.batch(text), 1, at_failure, chunk.kept, chunk.blank_at_first_failure, failure)
    else:
        piece = _Piece(rows.batch(chunk.text), chunk.failed, chunk.totals, chunk.kept, chunk.blank)
    return piece


class Rows:
    """The lines of the JSON Lines output (:class:`~gangci_calc.io.export.batch_lines.BatchJsonl`) read back into
    rows of :func:`~gangci_calc.arrow.batch_schema`: exactly, amounts as decimals."""

    def __init__(self, keep: tuple[str, ...], payments: bool) -> None:
        from decimal import Decimal

        import msgspec

        from gangci_calc.fastpath.arrow_tables import batch_schema

        self.keep, self.payments = keep, payments
        self.schema = batch_schema(keep, payments)
        paid = msgspec.defstruct(
            "Paid",
            [
                ("payer", str),
                ("payee", str),
                ("amount", Decimal),
                ("for_", str),
                ("role", str),
                ("share_of", list[str] | None, None),
            ],
            rename={"for_": "for"},
        )
        raw = msgspec.Raw
        fields: list[tuple[str, Any, Any]] = [
            ("id", str | int | None, None),
            ("hand", int | None, None),
            ("net", dict[str, Decimal] | None, None),
            ("outcome", str | None, None),
            ("winner", str | None, None),
            ("from_", str | None, None),
            ("dealer", str | None, None),
            ("rules", raw, raw()),
            ("payments", list[paid] | None, None),  # type: ignore[valid-type]
            ("players", dict[str, str] | None, None),
            ("meta", raw, raw()),
            ("error", str | None, None),
            ("source", str, ""),
            *((f"kept_{i}", raw, raw()) for i in range(len(keep))),
        ]
        renamed = {"from_": "from", **{f"kept_{i}": key for i, key in enumerate(keep)}}
        self._decoder = msgspec.json.Decoder(msgspec.defstruct("Line", fields, rename=renamed))

    def batch(self, text: str) -> Any:
        """The rows of some lines of the JSON Lines output."""
        import pyarrow as pa

        lines: list[Any] = self._decoder.decode_lines(text)
        columns = [_array([get(line) for line in lines], kind) for get, kind in self._getters]
        return pa.RecordBatch.from_arrays(columns, schema=self.schema)

    @property
    def _getters(self) -> list[tuple[Callable[[Any], Any], Any]]:
        """How each column of :attr:`schema` is read off a line, in its order, with its type."""
        getters: dict[str, Callable[[Any], Any]] = {
            "id": lambda line: None if line.id is None else str(line.id),
            **{f"net_{seat}": _net(seat) for seat in "ESWN"},
            "from": lambda line: line.from_,
            "rules": lambda line: _raw_text(line.rules, json=True),
            "meta": lambda line: _raw_text(line.meta, json=True),
            **{key: _kept(i) for i, key in enumerate(self.keep)},
        }
        return [(getters.get(field.name) or _attribute(field.name), field.type) for field in self.schema]


def _array(values: list[Any], kind: Any) -> Any:
    """Values of a line as an array of ``kind`` (text, whole numbers, money, a struct of them, a list of them),
    from their buffers: ``pyarrow.array()`` imports pandas (:mod:`gangci_calc.fastpath.arrays`)."""
    import pyarrow as pa

    from gangci_calc.fastpath.arrays import flags
    from gangci_calc.fastpath.arrow_tables import MONEY, money_of_halves

    if kind == pa.string():
        return texts(values)
    if kind == MONEY:  # exact: a decimal's half units
        return money_of_halves([None if value is None else int(value * 2) for value in values])
    if pa.types.is_integer(kind):
        return ints(values).cast(kind)
    missing = flags([value is None for value in values])
    if pa.types.is_struct(kind):
        parts = [
            _array([None if value is None else _field(value, part.name) for value in values], part.type)
            for part in kind
        ]
        return pa.StructArray.from_arrays(parts, fields=list(kind), mask=missing)
    items: list[Any] = []
    offsets = [0]
    for value in values:
        items.extend(value or ())
        offsets.append(len(items))
    inner = _array(items, kind.value_type)
    return pa.ListArray.from_arrays(ints(offsets).cast(pa.int32()), inner, type=kind, mask=missing)


def _net(seat: str) -> Callable[[Any], Any]:
    return lambda line: None if line.net is None else line.net.get(seat)


def _kept(i: int) -> Callable[[Any], Any]:
    return lambda line: _raw_text(getattr(line, f"kept_{i}"))


def _attribute(name: str) -> Callable[[Any], Any]:
    return lambda line: getattr(line, name)


def _raw_text(raw: Any, json: bool = False) -> str | None:
    """A value of a line as the output's text: absent or null as null, a JSON text as itself unless ``json``."""
    return _value_text(bytes(raw).decode(), json)


def _value_text(text: str | None, json: bool = False) -> str | None:
    """A JSON text as the output's text: null as null; a text's value, or (``json``) the JSON text itself."""
    if not text or text == "null":
        return None
    if text.startswith('"') and not json:
        import msgspec

        return str(msgspec.json.decode(text))
    return text


def _field(value: Any, name: str) -> Any:
    """A struct column's field of one value: a mapping's key (players), or a decoded line's attribute (a payment)."""
    return value.get(name) if isinstance(value, dict) else getattr(value, _ATTRIBUTE.get(name, name))


_ATTRIBUTE = {"for": "for_"}  # a column whose name is a Python keyword: the decoder's attribute for it
