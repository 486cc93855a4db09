"""The terminal side of ``gangci batch``: output file, progress bar, summary line, exit status."""

from __future__ import annotations

import os
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from gangci_calc.batch.run import Stats, run_batch

EXIT_OK, EXIT_SOME_FAILED, EXIT_UNREADABLE = 0, 1, 2


@contextmanager
def atomic_output(path: str | None) -> Iterator[tuple[IO[str], list[bool]]]:
    """Stdout, or a temporary file beside ``path`` renamed onto it only if ``keep[0]`` stays true."""
    keep = [True]
    if path is None:
        yield sys.stdout, keep
        sys.stdout.flush()
        return
    target = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    previous = signal.getsignal(signal.SIGTERM)

    def interrupted(signum, frame):  # a killed run must not leave the final name behind
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            yield handle, keep
        if keep[0]:
            os.replace(temp, target)
    finally:
        signal.signal(signal.SIGTERM, previous)
        Path(temp).unlink(missing_ok=True)


def _progress(inputs: list[str]):
    """A Rich progress bar on stderr when it is a terminal; silent otherwise."""
    if not sys.stderr.isatty() or os.environ.get("CI"):
        return None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from gangci_calc.io.console import err

    progress = Progress(
        TextColumn("scoring"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err(), transient=True
    )
    return progress


def run(inputs: list[str], fmt: str, output: str | None, jobs: int, strict: bool, check: bool) -> int:
    start = time.perf_counter()
    complaints: list[str] = []

    def complain(message: str) -> None:
        complaints.append(message)
        sys.stderr.write(message + "\n")

    progress = _progress(inputs)
    task = None
    if progress is not None:
        progress.start()
        task = progress.add_task("hands", total=None)
    try:
        with atomic_output(output) as (out, keep):
            stats = run_batch(
                inputs,
                out,
                fmt=fmt,
                jobs=jobs,
                strict=strict,
                check=check,
                complain=complain,
                on_chunk=(lambda n: progress.advance(task, n)) if progress is not None else (lambda n: None),
            )
            keep[0] = not stats.stopped
    except KeyboardInterrupt:
        sys.stderr.write("batch: interrupted; nothing written under the output name\n")
        return 130
    finally:
        if progress is not None:
            progress.stop()
    _summary(stats, time.perf_counter() - start)
    if stats.unreadable:
        return EXIT_UNREADABLE
    return EXIT_SOME_FAILED if stats.failed else EXIT_OK


def _summary(stats: Stats, seconds: float) -> None:
    rate = stats.hands / seconds if seconds > 0 else 0.0
    stopped = " (stopped at the first failure: --strict)" if stats.stopped else ""
    unreadable = f", {stats.unreadable} unreadable inputs" if stats.unreadable else ""
    sys.stderr.write(
        f"batch: {stats.hands} hands, {stats.scored} scored, {stats.failed} failed{unreadable}, "
        f"{seconds:.2f} s, {rate:,.0f} hands/s{stopped}\n"
    )
