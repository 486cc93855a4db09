"""The terminal side of ``gangci batch``: output file, progress bar, summary line, exit status."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import IO, TYPE_CHECKING

from gangci_calc.batch.run import Stats, run_batch
from gangci_calc.io.atomic import Abandon, atomic_file
from gangci_calc.io.console import write_err
from gangci_calc.rules import SEED_RULES, HouseRules
from gangci_calc.words import messages as m
from gangci_calc.words import say

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID


@contextmanager
def _output(path: str | None) -> Iterator[IO[str]]:
    if path is None:
        with suppress(Abandon):  # what went to stdout has gone
            yield sys.stdout
        sys.stdout.flush()
    else:
        with atomic_file(path) as handle:
            yield handle


def _progress() -> Progress | None:
    """A Rich progress bar on stderr when it is a terminal; silent otherwise."""
    if not sys.stderr.isatty() or os.environ.get("CI"):
        return None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from gangci_calc.io.console import err

    progress = Progress(
        TextColumn("scoring"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err(), transient=True
    )
    return progress


def run(
    inputs: list[str],
    fmt: str,
    output: str | None,
    jobs: int,
    strict: bool,
    check: bool,
    base: HouseRules = SEED_RULES,
    lang: str = "zh",
) -> Stats:
    """Run a batch for the terminal; the summary line goes to stderr. Raises KeyboardInterrupt."""
    if output is not None:
        _refuse_an_input_as_output(inputs, output)
    start = time.perf_counter()
    progress = _progress()
    tasks: list[TaskID] = []

    def on_chunk(hands: int) -> None:
        if progress is None:
            return
        if not tasks:  # started with the first results: --jobs workers are forked by then, before its thread
            progress.start()
            tasks.append(progress.add_task("hands", total=None))
        progress.advance(tasks[0], hands)

    try:
        with _output(output) as out:
            stats = run_batch(
                inputs,
                out,
                fmt=fmt,
                jobs=jobs,
                strict=strict,
                check=check,
                on_chunk=on_chunk,
                base=base,
                lang=lang,
            )
            if stats.stopped:  # --strict: a stopped run leaves no file behind
                raise Abandon
    finally:
        if progress is not None and tasks:
            progress.stop()
    _summary(stats, time.perf_counter() - start, lang)
    return stats


def _refuse_an_input_as_output(inputs: list[str], output: str) -> None:
    """``-o X`` where X is one of the inputs would replace the records with their results."""
    from gangci_calc.batch.reading import expand
    from gangci_calc.errors import InputError

    if not os.path.exists(output):
        return
    for name in expand(inputs):
        if name != "-" and os.path.exists(name) and os.path.samefile(name, output):
            raise InputError("-o", say(m.OUTPUT_IS_INPUT, output=output))


def _summary(stats: Stats, seconds: float, lang: str) -> None:
    rate = stats.hands / seconds if seconds > 0 else 0.0
    stopped = m.BATCH_STOPPED if stats.stopped else ""
    unreadable = say(m.BATCH_UNREADABLE, count=stats.unreadable) if stats.unreadable else ""
    said = say(
        m.BATCH_SUMMARY,
        hands=stats.hands,
        scored=stats.scored,
        failed=stats.failed,
        unreadable=unreadable,
        seconds=seconds,
        rate=rate,
        stopped=stopped,
    )
    write_err(said.text(lang))
