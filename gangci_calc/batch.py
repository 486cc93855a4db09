"""Bulk scoring of recorded hands: streaming in, one result per hand out, in order.

Inputs are YAML streams (``---`` between hands), JSON Lines, directories of
those, or ``-`` for standard input. Memory stays flat: records are read,
scored and written one chunk at a time. Identical records (the same text) are
scored once and remembered in a small bounded memo, since settlement is a
pure function of the record.
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, NamedTuple

from gangci_calc.errors import ClaimRejected, InputError, RuleError
from gangci_calc.io.labels import json_amount
from gangci_calc.io.load import hand_from_data, located, parse_yaml
from gangci_calc.rules import net

YAML_SUFFIXES = (".yaml", ".yml")
JSONL_SUFFIXES = (".jsonl", ".ndjson")
CHUNK = 1000  # records per unit of work (and per write)
MEMO_LIMIT = 4096  # remembered results; bounded so memory stays flat


class Record(NamedTuple):
    """One hand's text as it stands in its input (a tuple: cheap to make by the million)."""

    kind: str  # "yaml" or "json"
    source: str  # file name, or "<stdin>"
    line: int  # 1-based line where the hand starts
    text: str


class UnreadableInput(Exception):
    """An input that cannot be read at all (missing file, not UTF-8...). Exit status 2."""


# ---------------------------------------------------------------- reading


def expand(paths: Iterable[str]) -> Iterator[str]:
    """Files in the order given; a directory gives its hand files, sorted."""
    for name in paths:
        path = Path(name)
        if name != "-" and path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in (*YAML_SUFFIXES, *JSONL_SUFFIXES))
            yield from (str(p) for p in found)
        else:
            yield name


_CONTENT = re.compile(r"^[ \t]*[^\s#]", re.MULTILINE)  # a line that is not blank or a comment
_DOC_MARK = re.compile(r"^(?:---|\.\.\.)(?=[ \t\r\n]|$)", re.MULTILINE)
_BLOCK = 1 << 20  # read YAML streams a megabyte at a time


def _yaml_documents(stream: IO[str], source: str) -> Iterator[Record]:
    """Split a YAML stream on ``---`` / ``...`` lines without parsing it, a block at a time."""
    pending, start, blank = "", 1, False  # unfinished text, its first line, does it begin with '---'?
    while True:
        block = stream.read(_BLOCK)
        final = not block
        text = pending + block
        cut = 0
        for mark in _DOC_MARK.finditer(text):
            if not final and mark.end() == len(text):
                break  # the marker line may go on in the next block
            doc = text[cut : mark.start()]
            if _CONTENT.search(doc):
                yield Record("yaml", source, start, "   " + doc[3:] if blank else doc)
            marker_line = start + doc.count("\n")
            eol = text.find("\n", mark.end())
            after = text[mark.end() : eol if eol >= 0 else len(text)]
            if mark.group() == "---" and _CONTENT.search(after):  # a hand begins on the marker line
                cut, start, blank = mark.start(), marker_line, True
            else:
                cut, start, blank = (eol + 1 if eol >= 0 else len(text)), marker_line + 1, False
        if final:
            doc = text[cut:]
            if _CONTENT.search(doc):
                yield Record("yaml", source, start, "   " + doc[3:] if blank else doc)
            return
        pending = text[cut:]


def _content(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _json_lines(lines: Iterable[str], source: str, first_line: int = 1) -> Iterator[Record]:
    for number, line in enumerate(lines, first_line):
        if line.strip():
            yield Record("json", source, number, line.rstrip("\r\n"))


def read_records(name: str, stdin: IO[str] | None = None) -> Iterator[Record]:
    """Stream the records of one input; raises :class:`UnreadableInput`."""
    if name == "-":
        stream = stdin or sys.stdin
        head: list[str] = []
        for line in stream:  # the first line with content decides the kind
            head.append(line)
            if _content(line):
                break
        if head and head[-1].lstrip().startswith("{"):
            yield from _json_lines(_chain(head, stream), "<stdin>")
        else:
            yield from _yaml_documents(_Joined("".join(head), stream), "<stdin>")
        return
    path = Path(name)
    try:
        handle = path.open(encoding="utf-8-sig", newline="")
    except FileNotFoundError:
        raise UnreadableInput(f"{name}: no such file") from None
    except OSError as error:
        raise UnreadableInput(f"{name}: cannot be read: {error.strerror}") from None
    with handle:
        split = _json_lines if path.suffix in JSONL_SUFFIXES else _yaml_documents
        try:
            yield from split(handle, name)
        except UnicodeDecodeError:
            raise UnreadableInput(f"{name}: is not UTF-8 text") from None


def _chain(head: list[str], rest: Iterable[str]) -> Iterator[str]:
    yield from head
    yield from rest


class _Joined:
    """A stream that first gives back the text already read from ``rest``."""

    def __init__(self, head: str, rest: IO[str]) -> None:
        self.head, self.rest = head, rest

    def read(self, size: int) -> str:
        if self.head:
            text, self.head = self.head, ""
            return text
        return self.rest.read(size)


# ---------------------------------------------------------------- scoring


class Result(NamedTuple):
    failed: bool
    text: str  # one output line (JSONL) or row (CSV), newline included


class Scorer:
    """Scores records into output lines for one format, remembering identical records."""

    def __init__(self, fmt: str, check: bool = True) -> None:
        self.fmt = fmt
        self.check = check
        self.memo: dict[tuple[str, str], str] = {}
        self._quoting: dict[str, tuple[str, str]] = {}

    def score(self, record: Record) -> Result:
        key = (record.kind, record.text)
        body = self.memo.get(key)
        if body is None:
            try:
                body = self._score_new(record)
            except (InputError, ClaimRejected) as error:
                return Result(True, self._error(record, error))
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = body
        if self.fmt == "csv":
            return Result(False, f"{self._source(record)},{body}")
        return Result(False, f'{body}, "source": {self._source(record)}}}\n')

    def _score_new(self, record: Record) -> str:
        """The result of a record not seen before, without its source."""
        if record.kind == "json":
            try:
                data = json.loads(record.text)
            except ValueError as error:
                message = getattr(error, "msg", str(error))
                raise InputError(record.source, f"JSON syntax: {message}", line=record.line) from None
        else:
            data = parse_yaml(record.text, record.source, line_offset=record.line - 1)
        try:
            loaded = hand_from_data(data)
        except RuleError as error:
            raise located(error, record.source, record.text, line_offset=record.line - 1) from None
        if self.check and loaded.tiles is not None:
            from gangci_calc.scoring import claim_verdict_line

            problem = claim_verdict_line(loaded.hand, loaded.tiles)
            if problem:
                raise ClaimRejected(f"{record.source}:{record.line}: {problem}")
        e, s, w, n = (json_amount(a) for a in net(loaded.hand))
        outcome = loaded.hand.outcome
        if self.fmt == "csv":
            return f"{outcome.win.value},{outcome.winner.name if outcome.winner is not None else ''},{e},{s},{w},{n},\n"
        return f'{{"net": {{"E": {e}, "S": {s}, "W": {w}, "N": {n}}}'

    def _source(self, record: Record) -> str:
        """``file:line``, quoted for the output format (the quoting is worked out once per file)."""
        quoting = self._quoting.get(record.source)
        if quoting is None:
            if self.fmt != "csv":
                quoting = (json.dumps(record.source, ensure_ascii=False)[:-1] + ":", '"')
            elif any(c in record.source for c in ',"\r\n'):
                quoting = ('"' + record.source.replace('"', '""') + ":", '"')
            else:
                quoting = (record.source + ":", "")
            self._quoting[record.source] = quoting
        return f"{quoting[0]}{record.line}{quoting[1]}"

    def _error(self, record: Record, error: InputError | ClaimRejected) -> str:
        message = error.one_line() if isinstance(error, InputError) else error.message
        where = f"{record.source}:{record.line}"
        if self.fmt == "csv":
            return _csv_row([where, "", "", "", "", "", "", message])
        return json.dumps({"error": message, "source": where}, ensure_ascii=False) + "\n"

    def score_chunk(self, chunk: list[Record]) -> ChunkResult:
        texts: list[str] = []
        failed = 0
        first_failure_end = -1  # where the first failed hand's line ends in the text (for --strict)
        size = 0
        for record in chunk:
            result = self.score(record)
            texts.append(result.text)
            size += len(result.text)
            if result.failed:
                failed += 1
                if first_failure_end < 0:
                    first_failure_end = size
        return ChunkResult("".join(texts), len(chunk), failed, first_failure_end, size)


class ChunkResult(NamedTuple):
    """The output of one chunk of records, ready to write."""

    text: str
    hands: int
    failed: int
    first_failure_end: int  # -1 when no hand failed
    size: int


def _csv_row(values: list[object]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(values)
    return buffer.getvalue()


CSV_HEADER = "source,outcome,winner,E,S,W,N,error\n"


def chunks(records: Iterable[Record], size: int = CHUNK) -> Iterator[list[Record]]:
    chunk: list[Record] = []
    for record in records:
        chunk.append(record)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


# ---------------------------------------------------------------- parallel

_worker_scorer: Scorer | None = None


def _init_worker(fmt: str, check: bool) -> None:
    global _worker_scorer
    _worker_scorer = Scorer(fmt, check)


def _work(chunk: list[Record]) -> ChunkResult:
    assert _worker_scorer is not None
    return _worker_scorer.score_chunk(chunk)


def scored_chunks(batches: Iterable[list[Record]], fmt: str, check: bool, jobs: int) -> Iterator[ChunkResult]:
    """Results chunk by chunk, in input order; with ``jobs`` > 1 over that many processes.

    At most 2 × jobs chunks are in flight, so memory stays flat however long the input.
    """
    if jobs <= 1:
        scorer = Scorer(fmt, check)
        for chunk in batches:
            yield scorer.score_chunk(chunk)
        return
    import multiprocessing
    from collections import deque

    with multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork").Pool(
        jobs, initializer=_init_worker, initargs=(fmt, check)
    ) as pool:
        pending: deque = deque()
        for chunk in batches:
            pending.append(pool.apply_async(_work, (chunk,)))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


# ---------------------------------------------------------------- the run


def _rows_in(csv_text: str) -> int:
    """Records in CSV text (a quoted cell may hold a newline)."""
    return sum(1 for _ in csv.reader(io.StringIO(csv_text)))


@dataclass
class Stats:
    hands: int = 0
    scored: int = 0
    failed: int = 0
    unreadable: int = 0
    stopped: bool = False  # --strict stopped at a failure


def all_records(inputs: Iterable[str], stats: Stats, complain) -> Iterator[Record]:
    """Every record of every input in order; an unreadable input is reported and skipped."""
    for name in expand(inputs):
        try:
            yield from read_records(name)
        except UnreadableInput as error:
            stats.unreadable += 1
            complain(str(error))


def run_batch(
    inputs: list[str],
    out: IO[str],
    *,
    fmt: str = "jsonl",
    jobs: int = 1,
    strict: bool = False,
    check: bool = True,
    complain=lambda message: sys.stderr.write(message + "\n"),
    on_chunk=lambda count: None,
) -> Stats:
    """Score every hand of ``inputs`` into ``out``; returns the counts."""
    stats = Stats()
    if fmt == "csv":
        out.write(CSV_HEADER)
    batches = chunks(all_records(inputs, stats, complain), CHUNK if jobs <= 1 else CHUNK * 4)
    for chunk in scored_chunks(batches, fmt, check, jobs):
        text, hands, failed = chunk.text, chunk.hands, chunk.failed
        if strict and failed:  # keep what came before the first failure, and that failure
            text = text[: chunk.first_failure_end]
            hands = text.count("\n") if fmt != "csv" else _rows_in(text)
            failed = 1
            stats.stopped = True
        stats.hands += hands
        stats.failed += failed
        stats.scored += hands - failed
        out.write(text)
        on_chunk(hands)
        if stats.stopped:
            break
    return stats
