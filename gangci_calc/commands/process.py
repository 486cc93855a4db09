"""The ``gangci`` process: how it starts, speaks through Click, is stopped and ends (cli.py holds the commands).

Errors are mapped to exit statuses here and only here (docs/language-and-errors.md, "Exit status"):
0 done; 1 a claim is false (or some hands of a batch failed); 2 the input is
wrong; 70 an internal error (a bug: please report it); 74 an output cannot be
written; 75 another entry holds the ledger; 130 interrupted (Ctrl-C, or input
ended at a prompt); 143 terminated (SIGTERM). A closed pipe ends quietly.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer

from gangci_calc.core.errors import (
    ClaimRejected,
    GangciError,
    InputError,
    InputErrors,
    LedgerBusy,
    OutputError,
    Terminated,
)
from gangci_calc.core.version import VERSION
from gangci_calc.io.load.config import default_language
from gangci_calc.words import Message, Said, say, speaking, use_language
from gangci_calc.words import messages as m

EXIT_FALSE_CLAIM = 1  # a referee check said no
EXIT_SOME_FAILED = 1  # some hands of a batch could not be scored
EXIT_BAD_INPUT = 2  # the input is wrong, or could not be read
EXIT_INTERNAL = 70  # EX_SOFTWARE: a bug
EXIT_OUTPUT = 74  # EX_IOERR: an output cannot be written
EXIT_BUSY = 75  # EX_TEMPFAIL: another entry holds the ledger
EXIT_INTERRUPTED = 130  # 128 + SIGINT
EXIT_TERMINATED = 143  # 128 + SIGTERM
EXIT_PIPE = 141  # 128 + SIGPIPE: the reader went away (| head)
# Commands that read their input, print and end (their output goes to stdout, never to a file). They run
# without the garbage collector, whose passes over the modules they load find no garbage (3 ms of a score),
# and their process ends without tearing the interpreter down (as_program()).
ONE_SHOT = frozenset({"score", "check", "waits", "dice", "rules", "schema"})
# Commands whose process ends so too, once their output is flushed, the collector left on: a batch has written
# its file and joined its workers by then, and Python's teardown would first give Ctrl-C back its default action
# (a stop in it killed a run whose output was whole: status -2, not a word said)
LEAVES_AT_ONCE = ONE_SHOT | {"batch"}

# what a stop says instead of "nothing written" once the file is written
_AFTER_WRITING = {m.NOTHING_WRITTEN: m.SAVED_BEFORE_STOP, m.NOTHING_WRITTEN_UNDER: m.WRITTEN_BEFORE_STOP}

# the exit status of each error gangci raises on purpose (any other: the input is wrong, 2)
_STATUS: dict[type[GangciError], int] = {
    InputError: EXIT_BAD_INPUT,
    InputErrors: EXIT_BAD_INPUT,
    ClaimRejected: EXIT_FALSE_CLAIM,
    OutputError: EXIT_OUTPUT,
    LedgerBusy: EXIT_BUSY,
}

# what each stop inside a command says, and its exit status
_STOPS: tuple[tuple[type[BaseException], Message, int], ...] = (
    (typer.Abort, m.STOPPED_AT_PROMPT, EXIT_INTERRUPTED),
    (KeyboardInterrupt, m.INTERRUPTED, EXIT_INTERRUPTED),
    (Terminated, m.TERMINATED, EXIT_TERMINATED),
)


def fail(message: str, status: int) -> typer.Exit:
    """One line on stderr, nothing on stdout; the caller raises the returned Exit (whose status holds even where
    stderr cannot be written)."""
    from gangci_calc.io.show.console import say_err  # Rich: loaded only when something is said

    say_err(message)
    return typer.Exit(status)


@contextmanager
def exit_codes(lang: str | None, stopped: Message = m.NOTHING_WRITTEN, **values: object) -> Iterator[str]:
    """Speak ``lang`` (else the user's default) within the block, and yield it; map every exception to one
    line on stderr, in that language, and an exit status; ``stopped`` says what an interruption left."""
    language = lang if lang is not None else "zh"
    left = say(stopped, **values)
    written = len(_replaced())
    try:
        if lang is None:
            language = default_language()
        with speaking(language):
            yield language
    except (typer.Exit, typer.Abort, KeyboardInterrupt, Terminated) as stop:
        if len(_replaced()) > written and stopped in _AFTER_WRITING:  # the file is written already: say so
            left = say(_AFTER_WRITING[stopped], file=_replaced()[-1])
        _said_stop(stop, left, language)
        raise
    except Exception as error:
        raise _exit_for(error, language) from None


def _exit_for(error: Exception, language: str) -> typer.Exit:
    """An error inside a command, said in one line (a closed pipe in none), as its exit."""
    if isinstance(error, GangciError):
        return fail(error.text(language), _STATUS.get(type(error), EXIT_BAD_INPUT))
    if isinstance(error, BrokenPipeError):
        _quiet_stdout()
        return typer.Exit(EXIT_PIPE)
    if isinstance(error, OSError):  # writing a result: a full disk, /dev/full
        _quiet_stdout()
        reason = error.strerror or str(error)
        return fail(say(m.CANNOT_WRITE_OUTPUT, reason=reason).text(language), EXIT_OUTPUT)
    return _internal(error, language)


def _said_stop(stop: BaseException, left: Said, language: str) -> None:
    """A stop inside a command (Ctrl-C, input ended at a prompt, SIGTERM) said, with what it left, as its exit;
    a command's own Exit goes on as it is."""
    for kind, message, status in _STOPS:
        if isinstance(stop, kind):
            raise fail(say(message, left=left).text(language), status) from None


def _replaced() -> list[str]:
    """The files this process has written whole so far (none if it has not loaded the writer)."""
    atomic = sys.modules.get("gangci_calc.io.ledger.atomic")
    return atomic.REPLACED if atomic is not None else []


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so the flush at exit cannot fail again and print a traceback."""
    from gangci_calc.io.show.console import quiet

    quiet(sys.stdout)


def _internal(error: BaseException, lang: str = "zh") -> typer.Exit:
    """A bug: one line asking for a report; GANGCI_DEBUG=1 shows the traceback."""
    if os.environ.get("GANGCI_DEBUG"):
        traceback.print_exception(error)
    detail = f"{type(error).__name__}: {error}"
    detail = detail if len(detail) <= 200 else detail[:200] + "…"
    return fail(say(m.INTERNAL_ERROR, version=VERSION, detail=detail).text(lang), EXIT_INTERNAL)


def emit(text: str) -> None:
    """A command's result on stdout, flushed here so that a failed write is reported (exit 74), not lost."""
    from gangci_calc.io.show.console import write_out

    write_out(text)
    sys.stdout.flush()


def run_command(args: list[str], lang: str, command: Callable[[], None]) -> None:
    """Run ``command`` (``gangci ARGS``, parsed and run by Typer) as the process's work: SIGTERM raised as a
    stop, Click speaking ``lang`` (the language gangci started in), the collector off for a one-shot command,
    and a stop or a bug outside the command said in one line with its exit status."""

    def terminated(signum: int, frame: object) -> None:
        raise Terminated

    sys.unraisablehook = _stop_not_lost
    use_language(lang)  # until a command knows its --lang
    try:
        signal.signal(signal.SIGTERM, terminated)  # the one handler (workers reset it: commands/batch/run.py); from
        if hasattr(signal, "SIGHUP") and signal.getsignal(signal.SIGHUP) is not signal.SIG_IGN:  # not under nohup
            signal.signal(signal.SIGHUP, terminated)  # the terminal closed: stopped as SIGTERM stops
        _click_speaks(lang)  # here on a stop is caught below, never a traceback
        _collector_off_for(args[0] if args else "", command)
    except SystemExit:
        raise
    except KeyboardInterrupt:  # outside a command: while Typer parses (nothing done), or after it (its file whole)
        fail(_stopped_outside(m.INTERRUPTED_BARE, m.INTERRUPTED, lang), EXIT_INTERRUPTED)
        sys.exit(EXIT_INTERRUPTED)
    except Terminated:
        fail(_stopped_outside(m.TERMINATED_BARE, m.TERMINATED, lang), EXIT_TERMINATED)
        sys.exit(EXIT_TERMINATED)
    except Exception as error:
        sys.exit(_internal(error, lang).exit_code)


def _collector_off_for(name: str, command: Callable[[], None]) -> None:
    """Run ``command``, without the garbage collector if it is a one-shot command, and turn the collector on
    again after it (``run_command`` may be called inside another program: the tests)."""
    collecting = gc.isenabled()
    if name in ONE_SHOT:
        gc.disable()
    try:
        command()
    finally:
        if collecting:
            gc.enable()


def _click_speaks(lang: str) -> None:
    """Click's own words (usage, ``-h``, its parsing errors) in ``lang``: in Chinese, everything Click echoes
    passes through words/click.py. gangci's own output never goes through Click's ``echo``."""
    if lang == "en":
        return
    for name, module in list(sys.modules.items()):
        if not name.startswith(("click", "typer")) or module is None:
            continue
        original = getattr(module, "echo", None)
        if callable(original) and getattr(original, "__name__", "") == "echo":

            def echo(message: object = None, *args: Any, _echo: Any = original, **kwargs: Any) -> None:
                from gangci_calc.words.click import in_chinese  # only when Click speaks: no cost at start-up

                _echo(in_chinese(message) if isinstance(message, str) else message, *args, **kwargs)

            module.echo = echo  # type: ignore[attr-defined]


def _stop_not_lost(unraisable: Any) -> None:
    """A Ctrl-C or SIGTERM that landed inside a callback Python cannot raise from (a weakref's, during an import):
    say nothing there, and have the signal sent again, to be raised where the program stands."""
    if isinstance(unraisable.exc_value, Terminated):
        _resend(signal.SIGTERM)
    elif isinstance(unraisable.exc_value, KeyboardInterrupt):
        _resend(signal.SIGINT)
    else:
        sys.__unraisablehook__(unraisable)


def _resend(signum: int) -> None:
    """Raise the stop ``signum`` meant a moment later, from a timer's signal, once this callback is over (raised
    here, it would be ignored again; if the timer lands in such a callback too, it comes back here)."""
    stop: type[BaseException] = Terminated if signum == signal.SIGTERM else KeyboardInterrupt
    if not hasattr(signal, "setitimer"):  # Windows: no timers by signal; its console stops are raised directly
        return

    def fire(number: int, frame: object) -> None:
        raise stop

    signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, 0.005)


def _stopped_outside(bare: Message, with_left: Message, lang: str) -> str:
    """What a stop outside a command says: ``bare``, or ``with_left`` naming the file the command wrote whole."""
    written = _replaced()
    if written:
        return say(with_left, left=say(m.WRITTEN_BEFORE_STOP, file=written[-1])).text(lang)
    return say(bare).text(lang)


def as_program(main: Callable[[], None]) -> None:
    """Run ``main`` as the ``gangci`` program. A one-shot command then ends the process as soon as its output is
    flushed, with its exit status: Python's own teardown frees every module and object one by one, for nothing
    (27 ms of a 126 ms ``gangci score``)."""
    try:
        main()
    except SystemExit as stop:
        if _leaves_at_once() and (stop.code is None or isinstance(stop.code, int)):
            _leave(stop.code or 0)
        raise


def _leaves_at_once() -> bool:
    return len(sys.argv) > 1 and sys.argv[1] in LEAVES_AT_ONCE


def _leave(status: int) -> NoReturn:
    """End the process now: the output flushed (a reader that went away is not an error any more), no teardown.
    (Coverage saves a process's data here too: pyproject.toml patches ``os._exit`` for it.)"""
    if hasattr(signal, "pthread_sigmask"):  # the work is done: a stop from here on changes nothing, and says nothing
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:  # None: started without that stream
                stream.flush()
        except (OSError, ValueError):  # a closed pipe, a closed stream: what was written is all there is
            pass
    os._exit(status)
