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
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from gangci_calc.errors import ClaimRejected, InputError, RuleError
from gangci_calc.io.export import net_object
from gangci_calc.io.load import hand_from_data, located, parse_yaml
from gangci_calc.rules import net

YAML_SUFFIXES = (".yaml", ".yml")
JSONL_SUFFIXES = (".jsonl", ".ndjson")
CHUNK = 1000  # records per unit of work (and per write)
MEMO_LIMIT = 4096  # remembered results; bounded so memory stays flat


@dataclass(frozen=True, slots=True)
class Record:
    """One hand's text as it stands in its input."""

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


def _yaml_documents(lines: Iterable[str], source: str, first_line: int = 1) -> Iterator[Record]:
    """Split a YAML stream on ``---`` / ``...`` lines without parsing it."""
    buffer: list[str] = []
    start = first_line
    number = first_line - 1
    for number, line in enumerate(lines, first_line):
        if line.startswith(("---", "...")) and (len(line) == 3 or line[3] in " \t\r\n"):
            if any(_content(b) for b in buffer):
                yield Record("yaml", source, start, "".join(buffer))
            rest = line[3:] if line.startswith("---") else ""
            buffer = [" " * 3 + rest] if rest.strip() else []
            start = number if buffer else number + 1
            continue
        buffer.append(line)
    if any(_content(b) for b in buffer):
        yield Record("yaml", source, start, "".join(buffer))


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
        kind_json = bool(head) and head[-1].lstrip().startswith("{")
        lines = _chain(head, stream)
        yield from (_json_lines if kind_json else _yaml_documents)(lines, "<stdin>")
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


# ---------------------------------------------------------------- scoring


@dataclass(frozen=True, slots=True)
class Result:
    failed: bool
    text: str  # one output line (JSONL) or row (CSV), newline included


class Scorer:
    """Scores records into output lines for one format, remembering identical records."""

    def __init__(self, fmt: str, check: bool = True) -> None:
        self.fmt = fmt
        self.check = check
        self.memo: dict[tuple[str, str], str] = {}
        self._source_cache: dict[str, str] = {}

    def score(self, record: Record) -> Result:
        key = (record.kind, record.text)
        tail = self.memo.get(key)
        if tail is None:
            try:
                tail = self._score_new(record)
            except (InputError, ClaimRejected) as error:
                return Result(True, self._error(record, error))
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = tail
        return Result(False, self._with_source(record, tail))

    def _score_new(self, record: Record) -> str:
        where = f"{record.source}:{record.line}"
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
                raise ClaimRejected(f"{where}: {problem}")
        amounts = net(loaded.hand)
        outcome = loaded.hand.outcome
        if self.fmt == "csv":
            winner = outcome.winner.name if outcome.winner else ""
            values = net_object(amounts).values()
            return _csv_row([outcome.win.value, winner, *values, ""])
        return json.dumps({"net": net_object(amounts)}, ensure_ascii=False)[:-1]

    def _with_source(self, record: Record, tail: str) -> str:
        if self.fmt == "csv":
            return _csv_row([f"{record.source}:{record.line}"]).rstrip("\n") + "," + tail
        prefix = self._source_cache.get(record.source)
        if prefix is None:
            quoted = json.dumps(record.source, ensure_ascii=False)[:-1]  # without the closing quote
            prefix = self._source_cache[record.source] = ', "source": ' + quoted
        return f'{tail}{prefix}:{record.line}"}}\n'

    def _error(self, record: Record, error: InputError | ClaimRejected) -> str:
        message = error.one_line() if isinstance(error, InputError) else error.message
        where = f"{record.source}:{record.line}"
        if self.fmt == "csv":
            return _csv_row([where, "", "", "", "", "", "", message])
        return json.dumps({"error": message, "source": where}, ensure_ascii=False) + "\n"

    def score_chunk(self, chunk: list[Record]) -> list[Result]:
        return [self.score(record) for record in chunk]


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


def _work(chunk: list[Record]) -> list[Result]:
    assert _worker_scorer is not None
    return _worker_scorer.score_chunk(chunk)


def scored_chunks(batches: Iterable[list[Record]], fmt: str, check: bool, jobs: int) -> Iterator[list[Result]]:
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
    for results in scored_chunks(batches, fmt, check, jobs):
        if strict:
            for index, result in enumerate(results):
                if result.failed:
                    results = results[: index + 1]
                    stats.stopped = True
                    break
        failed = sum(1 for r in results if r.failed)
        stats.hands += len(results)
        stats.failed += failed
        stats.scored += len(results) - failed
        out.write("".join(r.text for r in results))
        on_chunk(len(results))
        if stats.stopped:
            break
    return stats
