"""The terminal side of ``gangci batch``: output file, progress bar, summary line, exit status."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import IO, TYPE_CHECKING

from gangci_calc.commands.batch.reading import expand, is_parquet
from gangci_calc.commands.batch.run import Stats, run_batch
from gangci_calc.commands.batch.scoring import BatchOptions
from gangci_calc.core.errors import InputError
from gangci_calc.io.ledger.atomic import Abandon, atomic_file
from gangci_calc.io.ledger.not_an_input import refuse_input_as_output, same_output
from gangci_calc.io.show.console import fit_stream, write_err
from gangci_calc.words import Message, Said, say
from gangci_calc.words import messages as m

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID


@contextmanager
def _output(path: str | None, fmt: str) -> Iterator[IO[str]]:
    if path is None:
        fit_stream(sys.stdout, json=fmt == "jsonl")  # a GBK console: the names it cannot show, escaped
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

    from gangci_calc.io.show.console import err

    progress = Progress(
        TextColumn("scoring"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err(), transient=True
    )
    return progress


def run(
    inputs: list[str],
    options: BatchOptions,
    output: str | None,
    jobs: int = 1,
    strict: bool = False,
    totals: bool = False,
    totals_out: str | None = None,
    kind: str = "",
    rules_file: str | None = None,
) -> Stats:
    """Run a batch for the terminal; the summary line (and ``--totals``) go to stderr. Raises KeyboardInterrupt."""
    _outputs_not_inputs(inputs, rules_file, output, totals_out)
    _known_columns(inputs, options.keep)
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
        if output is not None and is_parquet(output):
            from gangci_calc.commands.batch.parquet_in import need_arrow

            need_arrow(output)  # before the module that needs it, and before the file
            from gangci_calc.commands.batch.columnar import run_to_parquet

            with atomic_file(output) as handle:
                buffer = handle.buffer  # type: ignore[attr-defined]
                stats = run_to_parquet(
                    inputs, buffer, options, strict, write_err, jobs=jobs, kind=kind, on_chunk=on_chunk
                )
                if stats.stopped:
                    raise Abandon
        else:
            with _output(output, options.fmt) as out:
                stats = run_batch(inputs, out, options, jobs=jobs, strict=strict, on_chunk=on_chunk, kind=kind)
                if stats.stopped:  # --strict: a stopped run leaves no file behind
                    raise Abandon
    finally:
        if progress is not None and tasks:
            progress.stop()
    _report(stats, options, output, time.perf_counter() - start)
    seats, people = stats.totals.seats, stats.totals.people
    if totals_out is not None:  # every player, as JSON, or CSV by the file's suffix
        from gangci_calc.io.export.batch_lines import totals_csv, totals_json

        as_csv = totals_out.lower().endswith(".csv")
        with atomic_file(totals_out) as handle:
            handle.write(
                totals_csv(seats, people)
                if as_csv
                else totals_json(stats.hands, stats.scored, stats.failed, seats, people)
            )
    if totals:  # short on the terminal, however many players
        from gangci_calc.io.show.totals import totals_text

        write_err(totals_text(seats, people, options.lang))
    return stats


def _known_columns(inputs: list[str], keep: tuple[str, ...]) -> None:
    """A Parquet input's column that no hand has and ``--keep`` does not name: one error, before any row is scored
    (each row would be refused for it). An input that cannot be read is said so where the run reaches it."""
    from gangci_calc.core.errors import UnreadableInput
    from gangci_calc.io.load.schema import unknown_column

    for name in expand(inputs):
        if not is_parquet(name):
            continue
        from gangci_calc.commands.batch.parquet_in import parquet_file

        try:
            schema = parquet_file(name).schema_arrow
        except UnreadableInput:
            continue
        names = [field.name for field in schema if str(field.type) != "null"]  # a column of nulls gives nothing
        column = unknown_column(names, keep)
        if column is not None:
            raise InputError(name, say(m.UNKNOWN_COLUMN, key=column, keep=f"--keep {column}"))


def _outputs_not_inputs(inputs: list[str], rules_file: str | None, output: str | None, totals: str | None) -> None:
    """Neither output is one of the inputs (the ``--rules`` file included), nor are the two outputs one file."""
    read = [*expand(inputs), *([rules_file] if rules_file is not None else [])]
    for flag, path in (("-o", output), ("--totals-out", totals)):
        if path is not None:
            refuse_input_as_output(flag, path, read)
    if totals is not None and output is not None and same_output(totals, output):
        raise InputError("--totals-out", say(m.TOTALS_OUT_IS_OUTPUT))


def _report(stats: Stats, options: BatchOptions, output: str | None, seconds: float) -> None:
    """What the run says on stderr: a --keep key no record had, what stopped it, the summary line."""
    never = [key for key in options.keep if key not in stats.kept]
    if never and stats.hands and not stats.stopped:  # a typo in --keep would otherwise keep nothing, silently
        write_err(say(m.KEEP_NEVER_SEEN, keys=", ".join(never)).text(options.lang))
    if stats.stopped and stats.failure and output is not None:  # what stopped it: the file that held it is gone
        write_err(stats.failure)
    _summary(stats, seconds, options.lang)


def _summary(stats: Stats, seconds: float, lang: str) -> None:
    rate = stats.hands / seconds if seconds > 0 else 0.0
    stopped = m.BATCH_STOPPED if stats.stopped else ""
    unreadable = _counted(stats.unreadable, m.BATCH_UNREADABLE, m.BATCH_UNREADABLE_ONE)
    blank = _counted(stats.blank, m.BATCH_BLANK, m.BATCH_BLANK_ONE)
    said = say(
        m.BATCH_SUMMARY,
        hands=m.BATCH_HANDS_ONE if stats.hands == 1 else say(m.BATCH_HANDS, count=stats.hands),
        scored=stats.scored,
        failed=stats.failed,
        unreadable=unreadable,
        blank=blank,
        seconds=seconds,
        rate=rate,
        stopped=stopped,
    )
    write_err(said.text(lang))


def _counted(count: int, many: Message, one: Message) -> Said | Message | str:
    """A count in the summary: nothing for none, English's singular for one."""
    return "" if not count else one if count == 1 else say(many, count=count)
