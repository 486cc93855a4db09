"""The batch pipeline: chunks in, results out in input order, in one process or several."""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO

from gangci_calc.batch.reading import Chunk, expand, read_chunks
from gangci_calc.batch.scoring import BatchOptions, ChunkResult, Scorer, Totals
from gangci_calc.errors import UnreadableInput


@dataclass
class Stats:
    hands: int = 0
    scored: int = 0
    failed: int = 0
    unreadable: int = 0
    stopped: bool = False  # --strict stopped at a failure
    totals: Totals = field(default_factory=Totals)  # of the hands scored (and written)


def all_chunks(inputs: Iterable[str], stats: Stats, complain: Callable[[str], None]) -> Iterator[Chunk]:
    """Every chunk of every input in order; an unreadable input is reported and skipped."""
    for name in expand(inputs):
        try:
            yield from read_chunks(name)
        except UnreadableInput as error:
            stats.unreadable += 1
            complain(str(error))


_worker: Scorer | None = None


def _start_worker(options: BatchOptions) -> None:
    """A worker scores; the parent owns the signals: Ctrl-C is the parent's to handle, SIGTERM just ends it."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    global _worker
    _worker = Scorer(options)


def _score_in_worker(chunk: Chunk) -> ChunkResult:
    assert _worker is not None
    return _worker.score_chunk(chunk)


def scored_chunks(chunks: Iterable[Chunk], options: BatchOptions, jobs: int = 1) -> Iterator[ChunkResult]:
    """Results chunk by chunk, in input order; with ``jobs`` > 1 over that many processes.

    Workers get whole chunks of text and split them themselves, so this process
    only reads; at most 2 × jobs chunks are in flight, so memory stays flat.
    """
    if jobs <= 1:
        scorer = Scorer(options)
        yield from map(scorer.score_chunk, chunks)
        return
    import multiprocessing
    from multiprocessing.pool import AsyncResult

    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with context.Pool(jobs, initializer=_start_worker, initargs=(options,)) as pool:
        pending: deque[AsyncResult[ChunkResult]] = deque()
        for chunk in chunks:
            pending.append(pool.apply_async(_score_in_worker, (chunk,)))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


def _until_first_failure(chunk: ChunkResult, fmt: str) -> tuple[str, int]:
    """The text up to and including the first failed hand, and how many hands that is."""
    text = chunk.text[: chunk.first_failure_end]
    if fmt != "csv":
        return text, text.count("\n")
    import csv
    import io

    return text, sum(1 for _ in csv.reader(io.StringIO(text)))  # a quoted cell may hold a newline


def run_batch(
    inputs: list[str],
    out: IO[str],
    options: BatchOptions = BatchOptions(),
    *,
    jobs: int = 1,
    strict: bool = False,
    complain: Callable[[str], None] | None = None,
    on_chunk: Callable[[int], None] | None = None,
) -> Stats:
    """Score every hand of ``inputs`` into ``out``; returns the counts and the totals."""
    stats = Stats()
    if complain is None:
        from gangci_calc.io.console import write_err

        complain = write_err
    from gangci_calc.io.formats import batch_lines

    out.write(batch_lines(options.fmt, options.keep, options.payments).header)
    for chunk in scored_chunks(all_chunks(inputs, stats, complain), options, jobs):
        text, hands, failed, totals = chunk.text, chunk.hands, chunk.failed, chunk.totals
        if strict and failed:  # keep what came before the first failure, and that failure
            text, hands = _until_first_failure(chunk, options.fmt)
            failed, stats.stopped = 1, True
            totals = chunk.totals_at_first_failure
        stats.hands += hands
        stats.failed += failed
        stats.scored += hands - failed
        stats.totals.merge(totals)
        out.write(text)
        if on_chunk is not None:
            on_chunk(hands)
        if stats.stopped:
            break
    return stats
