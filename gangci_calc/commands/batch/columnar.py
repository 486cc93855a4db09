"""Parquet out for ``gangci batch`` (the ``[arrow]`` extra; Parquet in is :mod:`.parquet_in`).

``-o FILE.parquet`` writes :func:`gangci_calc.arrow.batch_schema`, batch by batch, so memory stays flat:
the lines the JSON Lines output would have, as columns. Every hand is scored as for the JSON Lines
(:class:`.scoring.Scorer`), and its line read back into its row (:class:`Rows`), so a hand has the same
``id``, ``error`` (located), ``rules``, ``meta``, kept keys and ``payments`` whichever the output. A Parquet
input's plain rows are the exception, the hot path: they are settled column by column
(:func:`gangci_calc.arrow.fast_results`), and only the others (and, with ``--payments``, every row) go
through the scorer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import IO, Any

from gangci_calc.commands.batch.parquet_in import is_json, need_arrow, parquet_file, row_lines
from gangci_calc.commands.batch.reading import Chunk, expand, is_parquet
from gangci_calc.commands.batch.run import Stats, all_chunks, scored_chunks
from gangci_calc.commands.batch.scoring import BatchOptions, ChunkResult, Scorer, Totals
from gangci_calc.core.errors import UnreadableInput
from gangci_calc.core.rules import HouseRules
from gangci_calc.fastpath.arrays import ints, scalar, texts

# rows read at a time where they are scored column by column: as fast as 16,384, and memory stays flatter (a 1M-hand
# DuckDB export, 122,880-row groups: 1.19× the peak of 10k hands, against 1.25×; benchmarks/bench_platform.py)
ARROW_ROWS = 12_288


@dataclass
class _Piece:
    """Some output rows, and what they count."""

    batch: Any  # a pa.RecordBatch of the output's schema
    failed: int = 0
    totals: Totals = field(default_factory=Totals)
    kept: frozenset[str] = frozenset()
    blank: int = 0
    failure: str = ""  # --strict: the line of the hand that stopped the run (its row is the last of ``batch``)
    one_by_one: int = 0  # hands scored off the fast path (--verbose says how many)
    why: dict[str, int] = field(default_factory=dict)  # --verbose: what sent them there, by count
    scored_at: list[int] = field(default_factory=list)  # the rows off the column path that were scored, not refused


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
                stats.one_by_one += piece.one_by_one
                stats.said_why(piece.why)
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
    columns = is_parquet(name) and options.fast and not options.payments
    if not columns:  # every hand as its line, read back
        for chunk in scored_chunks(all_chunks([name], stats, complain, kind), options, jobs):
            yield _text_piece(chunk, rows, strict)
        return
    import pyarrow as pa

    scorer = Scorer(options)
    try:
        first = 1
        for batch in parquet_file(name).iter_batches(batch_size=ARROW_ROWS, use_threads=False):
            yield _ColumnPiece(batch, name, first, scorer, rows, strict).piece()
            first += batch.num_rows
            pa.default_memory_pool().release_unused()
    except UnreadableInput as error:
        stats.unreadable += 1
        complain(str(error))


def _text_piece(chunk: ChunkResult, rows: Rows, strict: bool) -> _Piece:
    """A chunk's lines as rows; with ``strict``, those up to its first failure."""
    if strict and chunk.failed:
        text = chunk.text[: chunk.first_failure_end]
        failure = text.rstrip("\n").rsplit("\n", 1)[-1]
        at_failure = chunk.totals_at_first_failure
        piece = _Piece(rows.batch(text), 1, at_failure, chunk.kept, chunk.blank_at_first_failure, failure)
    else:
        piece = _Piece(rows.batch(chunk.text), chunk.failed, chunk.totals, chunk.kept, chunk.blank)
    piece.one_by_one = chunk.one_by_one
    piece.why = dict(chunk.why or {})
    return piece


class _ColumnPiece:
    """A batch of a Parquet input: its plain rows settled column by column, each other row through the scorer."""

    def __init__(self, batch: Any, name: str, first: int, scorer: Scorer, rows: Rows, strict: bool) -> None:
        from gangci_calc.fastpath.arrow_tables import as_exported, as_read

        self.batch, self.name, self.first = as_exported(as_read(batch)), name, first  # meta's times as the JSON's
        self.scorer, self.rows, self.strict = scorer, rows, strict
        self.keep = [key for key in scorer.options.keep if key in batch.schema.names]

    def piece(self) -> _Piece:
        import pyarrow.compute as pc

        from gangci_calc.fastpath.arrow_tables import settled_results

        batch = self.batch
        base = self.scorer.options.base
        results, settled = settled_results(batch.drop_columns(self.keep) if self.keep else batch, base)
        slow = settled.slow
        numbers = ints(range(self.first, self.first + batch.num_rows))
        fast = self._fast_rows(results, numbers)
        out = _Piece(fast, kept=frozenset(key for key in self.keep if batch.column(key).null_count < batch.num_rows))
        slow_at = pc.indices_nonzero(slow).to_pylist()
        if slow_at:
            fast, out.batch = self._with_slow_rows(fast.filter(pc.invert(slow)), slow_at, out)
            out.one_by_one = len(out.scored_at)  # a refused row is a failure, its line says why
            out.why = settled.why.why(ints(out.scored_at))  # what sent each there, as --verbose says
        else:  # every row settled by columns (a warehouse's plain export): in order already
            out.batch = fast.drop_columns(["source_row"])
        if self.scorer.options.totals:
            out.totals.merge(_totals(fast))
        return out

    def _with_slow_rows(self, fast: Any, slow_at: list[int], out: _Piece) -> tuple[Any, Any]:
        """The fast rows kept (with ``strict``, those before the first failure), and the output batch: them and
        the slow rows' lines, in the input's order."""
        import pyarrow as pa
        import pyarrow.compute as pc

        texts, lines_of = self._slow_rows(slow_at, out)
        if out.failure:  # --strict: the rows up to the failed one
            last = slow_at[len(lines_of) - 1]
            fast = fast.filter(pc.less(fast.column("source_row"), scalar(self.first + last)))
        slow_rows = self.rows.batch("".join(texts))
        order = [self.first + at for at, count in zip(slow_at, lines_of, strict=False) for _ in range(count)]
        joined = pa.Table.from_batches([fast, _numbered(slow_rows, order, fast.schema)])
        joined = joined.take(pc.sort_indices(joined, [("source_row", "ascending")]))
        batches = joined.drop_columns(["source_row"]).combine_chunks().to_batches()
        return fast, batches[0] if batches else slow_rows.slice(0, 0)

    def _slow_rows(self, slow_at: list[int], out: _Piece) -> tuple[list[str], list[int]]:
        """The lines of each slow row, through the scorer (with ``strict``, up to the first failure), and how many
        lines each row gave (a session record: one per hand)."""
        texts: list[str] = []
        counts: list[int] = []
        if not slow_at:
            return texts, counts
        lines = row_lines(self.batch.take(ints(slow_at)))  # a list: pyarrow.array, which imports pandas
        for at, line in zip(slow_at, lines, strict=True):
            done = self.scorer.score_chunk(Chunk("json", self.name, self.first + at, line + "\n"))
            out.kept |= done.kept
            if self.strict and done.failed:
                text = done.text[: done.first_failure_end]
                texts.append(text)
                counts.append(text.count("\n"))
                out.failed += 1
                out.totals.merge(done.totals_at_first_failure)
                out.failure = text.rstrip("\n").rsplit("\n", 1)[-1]
                break
            if not done.failed:
                out.scored_at.append(at)
            texts.append(done.text)
            counts.append(done.text.count("\n"))
            out.failed += done.failed
            out.totals.merge(done.totals)
        return texts, counts

    def _fast_rows(self, results: Any, numbers: Any) -> Any:
        """The rows settled by columns, with the output's other columns (and ``source_row``, to order by)."""
        import pyarrow as pa
        import pyarrow.compute as pc

        from gangci_calc.fastpath.arrow_tables import batch_schema

        rows = self.batch.num_rows
        schema = batch_schema(self.scorer.options.keep)
        names = self.batch.schema.names
        meta = next((self.batch.column(key) for key in names if _is_top(key, "meta")), None)
        rules = next((self.batch.column(key) for key in names if _is_top(key, "rules")), None)
        source = pc.binary_join_element_wise(scalar(f"{self.name}:"), pc.cast(numbers, pa.string()), scalar(""))
        columns = [
            *results.columns,
            pa.nulls(rows, pa.int32()),  # hand: a row is a lone hand here
            _rules_texts(rules, rows, self.scorer.options.base),
            pa.nulls(rows, pa.string()) if meta is None else json_texts(meta),
            source,
            *(
                json_texts(self.batch.column(key)) if key in names else pa.nulls(rows, pa.string())
                for key in self.scorer.options.keep
            ),
        ]
        fields = [*schema, pa.field("source_row", pa.int64())]
        return pa.RecordBatch.from_arrays([*columns, numbers], schema=pa.schema(fields))


def _is_top(key: str, canonical: str) -> bool:
    from gangci_calc.io.load.schema import TOP

    return TOP.lookup.get(key) == canonical


def _rules_texts(column: Any | None, rows: int, base: HouseRules) -> Any:
    """Each row's house rules in force that are not the seed's (its own changing ``base``), as its line writes
    them (``{}``: none), each distinct value read once by the loader; rules it refuses are a slow row's, whose
    line the scorer writes."""
    none = _house_text(None, base)
    if column is None or column.null_count == len(column):
        return texts([none] * rows)
    import pyarrow as pa
    import pyarrow.compute as pc

    if is_json(column.type):
        column = column.storage
    if pa.types.is_string(column.type) or pa.types.is_large_string(column.type) or pa.types.is_binary(column.type):
        coded = column.dictionary_encode()  # the distinct texts, each read once, by columns
        distinct = texts([_house_text(value, base) for value in coded.dictionary.to_pylist()])
        return pc.fill_null(pc.take(distinct, coded.indices), scalar(none))
    seen: dict[Any, str] = {}
    found = []
    for value in column.to_pylist():
        key = value if value is None or isinstance(value, (str, bytes)) else repr(value)
        text = seen.get(key)
        if text is None:
            text = seen[key] = _house_text(value, base)
        found.append(text)
    return texts(found)


def _house_text(value: Any, base: HouseRules) -> str:
    from gangci_calc.core.errors import RuleError
    from gangci_calc.fastpath.arrow_tables import absent
    from gangci_calc.io.export.batch_lines import json_text
    from gangci_calc.io.export.export import house_object
    from gangci_calc.io.load.boundary import json_cell
    from gangci_calc.io.load.fields import read_house

    try:
        data = absent(json_cell(value) if isinstance(value, (str, bytes)) else value)
        return json_text(house_object(read_house(data, ("rules",), base)))
    except (RuleError, ValueError):  # a slow row's: its line says why
        return "{}"


def _numbered(batch: Any, order: list[int], schema: Any) -> Any:
    import pyarrow as pa

    return pa.RecordBatch.from_arrays([*batch.columns, ints(order)], schema=schema)


def json_texts(column: Any) -> Any:
    """A column as the text a kept key (or ``meta``) has in the output: a text as itself, any other value as its
    JSON (a struct's nulls left out, as a record's), null as null."""
    import pyarrow as pa
    import pyarrow.compute as pc

    kind = column.type
    if is_json(kind):  # DuckDB's JSON: each text's value
        return texts([_value_text(text) for text in pc.cast(column.storage, pa.string()).to_pylist()])
    if pa.types.is_string(kind) or pa.types.is_large_string(kind) or pa.types.is_string_view(kind):
        return pc.cast(column, pa.string())
    if pa.types.is_integer(kind) or pa.types.is_boolean(kind) or pa.types.is_date(kind):
        return pc.cast(column, pa.string())  # as their JSON, less the quotes of a date
    if pa.types.is_struct(kind):
        made = _struct_json(column)
        if made is not None:
            return made
    import msgspec

    from gangci_calc.fastpath.arrow_tables import absent
    from gangci_calc.io.load.boundary import without_nulls

    encode = msgspec.json.encode
    echoed = [without_nulls(absent(value)) for value in column.to_pylist()]  # a NaN: null, as in the JSON Lines
    return texts([None if value is None else encode(value).decode() for value in echoed])


def _struct_json(column: Any) -> Any | None:
    """A struct column of whole numbers, flags, dates and texts as msgspec writes each row's JSON (nulls left out),
    by columns; ``None`` for any other struct, or a text that JSON would escape."""
    import json

    import pyarrow as pa
    import pyarrow.compute as pc

    parts = []
    for at, part in enumerate(column.type):
        value, kind = pc.struct_field(column, at), part.type
        if pa.types.is_integer(kind) or pa.types.is_boolean(kind):
            text = pc.cast(value, pa.string())
        elif pa.types.is_date(kind):  # msgspec writes a date as its ISO text, as Arrow's cast does
            text = pc.binary_join_element_wise(scalar('"'), pc.cast(value, pa.string()), scalar('"'), scalar(""))
        elif pa.types.is_string(kind) or pa.types.is_large_string(kind) or pa.types.is_string_view(kind):
            text = pc.cast(value, pa.string())
            if pc.any(pc.match_substring_regex(text, r'[\x00-\x1f"\\]')).as_py():
                return None
            text = pc.binary_join_element_wise(scalar('"'), text, scalar('"'), scalar(""))
        else:
            return None
        key = "," + json.dumps(part.name, ensure_ascii=False) + ":"
        parts.append(pc.fill_null(pc.binary_join_element_wise(scalar(key), text, scalar("")), scalar("")))  # null: out
    # the first part's comma goes (an empty text stays empty); no regex. Not null_handling="skip", which in
    # pyarrow 26 drops a row whose parts are all null
    body = pc.utf8_slice_codeunits(pc.binary_join_element_wise(*parts, scalar("")), 1)
    made = pc.binary_join_element_wise(scalar("{"), body, scalar("}"), scalar(""))
    return pc.if_else(pc.is_valid(column), made, texts([None])[0])


def _totals(batch: Any) -> Totals:
    """The nets of ``batch`` summed exactly (half units), per seat and per player named."""
    import pyarrow as pa
    import pyarrow.compute as pc

    totals = Totals()
    for seat, letter in enumerate("ESWN"):
        net = batch.column(f"net_{letter}")
        total = pc.sum(net).as_py()
        totals.seats[seat] += 0 if total is None else int(total * 2)
        names = pc.struct_field(batch.column("players"), letter)
        named = pa.table({"name": names, "net": net}).filter(pc.is_valid(names))
        for row in named.group_by("name").aggregate([("net", "sum")]).to_pylist():
            totals.people[row["name"]] = totals.people.get(row["name"], 0) + int(row["net_sum"] * 2)
    return totals


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
