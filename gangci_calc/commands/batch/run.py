"""The batch pipeline: chunks in, results out in input order, in one process or several."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import IO, TYPE_CHECKING

from gangci_calc.commands.batch.parquet_in import input_chunks
from gangci_calc.commands.batch.reading import Chunk, expand
from gangci_calc.commands.batch.scoring import BatchOptions, ChunkResult, Scorer, Totals
from gangci_calc.core.errors import UnreadableInput

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess


@dataclass
class Stats:
    hands: int = 0
    scored: int = 0
    failed: int = 0
    unreadable: int = 0
    stopped: bool = False  # --strict stopped at a failure
    blank: int = 0  # blank lines of JSON Lines inputs, passed by
    kept: set[str] = field(default_factory=set)  # the --keep keys some record had
    failure: str = ""  # --strict: the failed hand's own line, shown on stderr (the output is not kept)
    totals: Totals = field(default_factory=Totals)  # of the hands scored (and written)


def all_chunks(inputs: Iterable[str], stats: Stats, complain: Callable[[str], None], kind: str = "") -> Iterator[Chunk]:
    """Every chunk of every input in order; an unreadable input is reported and skipped. ``kind``: what
    ``--input-format`` says the inputs hold (else each file's suffix, or standard input's first line)."""
    for name in expand(inputs):
        try:
            yield from input_chunks(name, kind=kind)
        except UnreadableInput as error:
            stats.unreadable += 1
            complain(str(error))


def _serve(connection: Connection, options: BatchOptions, parents: list[Connection]) -> None:
    """A worker: score each chunk it is sent and send the result back, until ``None`` or its parent is gone.

    The parent owns the signals: Ctrl-C and SIGHUP (a closed terminal, sent to every process of its group) are
    the parent's to handle, SIGTERM just ends the worker. The parent's
    ends of the pipes, which a fork copies here, are closed first: then a parent that dies, however it dies,
    leaves this end with nobody on the other, and the worker ends with it instead of waiting for ever.
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    for end in parents:
        end.close()
    scorer = Scorer(options)
    try:
        while (chunk := connection.recv()) is not None:
            try:
                connection.send(scorer.score_chunk(chunk))
            except Exception as error:  # a bug: the parent reports it (exit 70), the worker goes on
                connection.send(error)
    except (EOFError, OSError):  # the parent went away: so does the worker
        pass


def scored_chunks(chunks: Iterable[Chunk], options: BatchOptions, jobs: int = 1) -> Iterator[ChunkResult]:
    """Results chunk by chunk, in input order; with ``jobs`` > 1 over that many processes.

    This process is one of the ``jobs``: ``jobs - 1`` workers are started, and the chunks go in rounds, one to
    each worker and the last of the round scored here, meanwhile (a third process on two cores would only take
    turns with them). Workers get whole chunks of text and split them themselves. Each round's results are
    taken in input order before the next round is sent, so memory stays flat and no pipe can fill both ways.
    Each worker has pipes of its own and no lock is shared: whatever stops this process (Ctrl-C, SIGTERM, a
    closed output), the workers are killed and nothing waits on them.
    """
    scorer = Scorer(options)
    if jobs <= 1:
        yield from map(scorer.score_chunk, chunks)
        return
    import multiprocessing

    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    workers: list[tuple[BaseProcess, Connection]] = []
    try:
        for _ in range(jobs - 1):  # this process is the last of the jobs: it scores a chunk of each round too
            ours, theirs = context.Pipe()
            ends = [connection for _, connection in workers] + [ours]  # this process's ends, which a fork copies
            process: BaseProcess = context.Process(target=_serve, args=(theirs, options, ends), daemon=True)  # type: ignore[attr-defined]
            workers.append((process, ours))  # before it starts: a stop at any moment finds it
            process.start()
            theirs.close()
        chunks = iter(chunks)
        while True:
            # a round: a chunk to each worker, then one here; the results come back in input order
            round_ = list(islice(chunks, jobs))
            if not round_:
                break
            sent = [connection for (_, connection), chunk in zip(workers, round_[:-1], strict=False)]
            for connection, chunk in zip(sent, round_, strict=False):
                connection.send(chunk)
            own = scorer.score_chunk(round_[-1]) if len(round_) > len(sent) else None
            for connection in sent:
                yield _result(connection, workers)
            if own is not None:
                yield own
        for _, connection in workers:
            connection.send(None)
    finally:
        for process, connection in workers:
            if process.pid is not None and process.is_alive():
                process.kill()
            connection.close()
        for process, _ in workers:
            if process.pid is not None:
                process.join(5)


def _result(connection: Connection, workers: list[tuple[BaseProcess, Connection]]) -> ChunkResult:
    try:
        result: ChunkResult | Exception = connection.recv()
    except EOFError:  # a worker died (killed, out of memory): a bug or the system's, not the input's
        codes = [process.exitcode for process, _ in workers]
        raise RuntimeError(f"a batch worker ended early (exit codes {codes})") from None
    if isinstance(result, Exception):
        raise result
    return result


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
    kind: str = "",
) -> Stats:
    """Score every hand of ``inputs`` into ``out``; returns the counts and the totals."""
    stats = Stats()
    if complain is None:
        from gangci_calc.io.show.console import write_err

        complain = write_err
    from gangci_calc.io.export.formats import batch_lines

    out.write(batch_lines(options.fmt, options.keep, options.payments, options.amounts).header)
    for chunk in scored_chunks(all_chunks(inputs, stats, complain, kind), options, jobs):
        text, hands, failed, totals, blank = chunk.text, chunk.hands, chunk.failed, chunk.totals, chunk.blank
        if strict and failed:  # keep what came before the first failure, and that failure
            text, hands = _until_first_failure(chunk, options.fmt)
            blank = chunk.blank_at_first_failure
            failed, stats.stopped = 1, True
            stats.failure = text.rstrip("\n").rsplit("\n", 1)[-1]
            totals = chunk.totals_at_first_failure
        stats.hands += hands
        stats.blank += blank
        stats.kept |= chunk.kept
        stats.failed += failed
        stats.scored += hands - failed
        stats.totals.merge(totals)
        out.write(text)
        if on_chunk is not None:
            on_chunk(hands)
        if stats.stopped:
            break
    return stats
