"""The ``gangci`` command: a thin Typer layer over the library.

Errors are mapped to exit statuses here and only here (README, "Exit status"):
0 done; 1 a claim is false (or some hands of a batch failed); 2 the input is
wrong; 70 an internal error (a bug: please report it); 74 an output cannot be
written; 75 another entry holds the ledger; 130 interrupted (Ctrl-C, or input
ended at a prompt); 143 terminated (SIGTERM). A closed pipe ends quietly.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, Optional, TypeAlias

import typer

from gangci_calc import __version__
from gangci_calc.errors import (
    ClaimRejected,
    GangciError,
    InputError,
    InputErrors,
    LedgerBusy,
    OutputError,
    Terminated,
)
from gangci_calc.io import formats

if TYPE_CHECKING:
    from gangci_calc.rules import HouseRules

_SETTINGS: dict[str, Any] = {
    "add_completion": False,
    "rich_markup_mode": None,
    "pretty_exceptions_enable": False,
    "context_settings": {"help_option_names": ["--help", "-h"]},
}
app = typer.Typer(
    name="gangci",
    help="Settlement calculator for Luoyang Gangci mahjong (洛阳杠次 / 杠呲).",
    no_args_is_help=True,
    **{**_SETTINGS, "add_completion": True},  # gangci --install-completion / --show-completion
)

EXIT_FALSE_CLAIM = 1  # a referee check said no
EXIT_SOME_FAILED = 1  # some hands of a batch could not be scored
EXIT_BAD_INPUT = 2  # the input is wrong, or could not be read
EXIT_INTERNAL = 70  # EX_SOFTWARE: a bug
EXIT_OUTPUT = 74  # EX_IOERR: an output cannot be written
EXIT_BUSY = 75  # EX_TEMPFAIL: another entry holds the ledger
EXIT_INTERRUPTED = 130  # 128 + SIGINT
EXIT_TERMINATED = 143  # 128 + SIGTERM
EXIT_PIPE = 141  # 128 + SIGPIPE: the reader went away (| head)


def _choices(name: str, table: dict[str, str]) -> type[Enum]:
    """A command's --format choices, from the format registry (io/formats.py)."""
    return Enum(name, {fmt: fmt for fmt in table}, type=str)  # type: ignore[return-value]


if TYPE_CHECKING:  # built at run time from the registry; to the type checker, any Enum
    ScoreFormat: TypeAlias = Enum
    SessionFormat: TypeAlias = Enum
    CheckFormat: TypeAlias = Enum
    WaitsFormat: TypeAlias = Enum
    BatchFormat: TypeAlias = Enum
else:
    ScoreFormat = _choices("ScoreFormat", formats.SCORE)
    SessionFormat = _choices("SessionFormat", formats.SESSION)
    CheckFormat = _choices("CheckFormat", formats.CHECK)
    WaitsFormat = _choices("WaitsFormat", formats.WAITS)
    BatchFormat = _choices("BatchFormat", formats.BATCH)


def _first(choices: type[Enum]) -> Any:
    """A command's default format: the first its registry table lists."""
    return next(iter(choices))


def _format_option(table: dict[str, str]) -> Any:
    return typer.Option("--format", "-f", help=f"{', '.join(table)} (the first for people).")


class Lang(str, Enum):
    zh = "zh"
    en = "en"


LangOption = Annotated[Lang, typer.Option("--lang", help="Labels: zh 中文 (default) or en English.")]
NoCheckOption = Annotated[
    bool, typer.Option("--no-check", help="Score even where the tiles given do not support the claimed win.")
]
RulesOption = Annotated[
    Optional[str],  # noqa: UP045 - Typer reads the annotation
    typer.Option(
        "--rules",
        metavar="FILE",
        help="The table's house rules (规矩): a YAML file with rules: {...}; a file's own rules: change them.",
    ),
]


def _house(rules_file: str | None) -> HouseRules:
    """The house rules of ``--rules FILE``, or the seed's."""
    if rules_file is None:
        from gangci_calc.rules import SEED_RULES

        return SEED_RULES
    from gangci_calc.io.load import load_rules

    return load_rules(rules_file)


def fail(message: str, status: int) -> typer.Exit:
    """One line on stderr, nothing on stdout; the caller raises the returned Exit."""
    from gangci_calc.io.console import write_err

    write_err(message)
    return typer.Exit(status)


@contextmanager
def exit_codes(stopped: str = "nothing written") -> Iterator[None]:
    """Map every exception to one line on stderr and an exit status; ``stopped`` says what an interruption left."""
    try:
        yield
    except (typer.Exit, typer.Abort) as signal:  # Typer's own: an exit, or Ctrl-C / end of input at a prompt
        if isinstance(signal, typer.Abort):
            raise fail(f"\ngangci: stopped at a prompt; {stopped}", EXIT_INTERRUPTED) from None
        raise
    except InputError as error:
        raise fail(error.one_line(), EXIT_BAD_INPUT) from None
    except InputErrors as error:
        raise fail("\n".join(e.one_line() for e in error.errors), EXIT_BAD_INPUT) from None
    except ClaimRejected as error:
        raise fail(error.message, EXIT_FALSE_CLAIM) from None
    except OutputError as error:
        raise fail(str(error), EXIT_OUTPUT) from None
    except LedgerBusy as error:
        raise fail(str(error), EXIT_BUSY) from None
    except GangciError as error:  # a rule error with no file behind it
        raise fail(str(error), EXIT_BAD_INPUT) from None
    except KeyboardInterrupt:
        raise fail(f"gangci: interrupted; {stopped}", EXIT_INTERRUPTED) from None
    except Terminated:
        raise fail(f"gangci: terminated; {stopped}", EXIT_TERMINATED) from None
    except BrokenPipeError:
        _quiet_stdout()
        raise typer.Exit(EXIT_PIPE) from None
    except OSError as error:  # writing a result: a full disk, /dev/full
        _quiet_stdout()
        raise fail(f"gangci: cannot write the output: {error.strerror or error}", EXIT_OUTPUT) from None
    except Exception as error:
        raise _internal(error) from None


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so the flush at exit cannot fail again and print a traceback."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _internal(error: BaseException) -> typer.Exit:
    """A bug: one line asking for a report; GANGCI_DEBUG=1 shows the traceback."""
    import os

    if os.environ.get("GANGCI_DEBUG"):
        import traceback

        traceback.print_exception(error)
    detail = f"{type(error).__name__}: {error}"
    detail = detail if len(detail) <= 200 else detail[:200] + "…"
    return fail(
        f"gangci: internal error, please report it with the input that caused it (gangci {__version__}): {detail}"
        " — GANGCI_DEBUG=1 shows the traceback",
        EXIT_INTERNAL,
    )


def emit(text: str) -> None:
    """A command's result on stdout, flushed here so that a failed write is reported (exit 74), not lost."""
    from gangci_calc.io.console import write_out

    write_out(text)
    sys.stdout.flush()


def _version(value: bool) -> None:
    if value:
        emit(f"gangci {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        Optional[bool],  # noqa: UP045 - Typer reads the annotation
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit."),
    ] = None,
) -> None:
    """Settlement calculator for Luoyang Gangci mahjong (洛阳杠次 / 杠呲)."""


@app.command()
def score(
    hand_file: Annotated[str, typer.Argument(metavar="HAND", help="A hand file (YAML or JSON).")],
    format: Annotated[ScoreFormat, _format_option(formats.SCORE)] = _first(ScoreFormat),
    lang: LangOption = Lang.zh,
    explain: Annotated[bool, typer.Option("--explain", help="List every payment with its formula.")] = False,
    no_check: NoCheckOption = False,
    rules: RulesOption = None,
) -> None:
    """Per-player payout table for one finished hand."""
    with exit_codes():
        from gangci_calc.scoring import score_file

        base = _house(rules)
        emit(score_file(hand_file, format.value, lang.value, explain=explain, check=not no_check, base=base))


@app.command()
def session(
    session_file: Annotated[str, typer.Argument(metavar="FILE", help="A session file (many hands).")],
    format: Annotated[SessionFormat, _format_option(formats.SESSION)] = _first(SessionFormat),
    lang: LangOption = Lang.zh,
    add: Annotated[bool, typer.Option("--add", help="Enter the next hand at the prompts and append it.")] = False,
    new: Annotated[bool, typer.Option("--new", help="Start a new session file at the prompts.")] = False,
    play: Annotated[
        bool,
        typer.Option("--play", help="Stay at the prompts all evening: u undo, s standings, l ledger, q leave."),
    ] = False,
    undo: Annotated[bool, typer.Option("--undo", help="Remove the last hand (and say which it was).")] = False,
    edit: Annotated[
        int | None, typer.Option("--edit", metavar="N", help="Ask hand N again, its answers as the defaults.")
    ] = None,
    rules: RulesOption = None,
) -> None:
    """Every hand of an evening, running totals, and who pays whom at the end."""
    with exit_codes():
        chosen = [flag for flag, on in (("--new", new), ("--add", add), ("--play", play), ("--undo", undo)) if on]
        if edit is not None:
            chosen.append("--edit")
        if len(chosen) > 1:
            raise InputError(session_file, f"use one of {', '.join(chosen)} at a time")
        base = _house(rules)
        if new:
            from gangci_calc.prompts import new_session

            new_session(session_file, lang.value, base)
        elif add or play or undo or edit is not None:
            from gangci_calc import evening

            if edit is not None:
                evening.edit_hand(session_file, edit, lang.value, base)
            elif undo:
                evening.undo_hand(session_file, lang.value, base)
            else:
                (evening.play if play else evening.add_hand)(session_file, lang.value, base)
        from gangci_calc.session import session_output

        emit(session_output(session_file, format.value, lang.value, base))


@app.command()
def check(
    hand_file: Annotated[str, typer.Argument(metavar="HAND", help="A hand file with tiles:.")],
    format: Annotated[CheckFormat, _format_option(formats.CHECK)] = _first(CheckFormat),
    lang: LangOption = Lang.zh,
    rules: RulesOption = None,
) -> None:
    """Referee: is the claimed win real for these tiles? Exit 0 yes, 1 no."""
    with exit_codes():
        from gangci_calc.referee import check_file

        text, holds = check_file(hand_file, lang.value, format.value, _house(rules))
        emit(text)
        if not holds:
            raise typer.Exit(EXIT_FALSE_CLAIM)


@app.command()
def waits(
    hand: Annotated[str, typer.Argument(help='13 tiles, e.g. "111s 222s 23m 33p 444p".')],
    ci: Annotated[str, typer.Option("--ci", help="The ci tile (杠底牌), e.g. 4m or 四万.")],
    pungs: Annotated[str, typer.Option("--pungs", help="Exposed pungs (碰), e.g. 4m.")] = "",
    format: Annotated[WaitsFormat, _format_option(formats.WAITS)] = _first(WaitsFormat),
    lang: LangOption = Lang.zh,
    rules: RulesOption = None,
) -> None:
    """Waits of a hand, and which next tile makes which win (at this table: --rules)."""
    with exit_codes():
        from gangci_calc.referee import waits_text

        emit(waits_text(hand, ci, pungs, lang.value, _house(rules), format.value))


@app.command()
def dice(
    first: Annotated[int, typer.Argument(help="First die, 1–6.")],
    second: Annotated[int, typer.Argument(help="Second die, 1–6.")],
    dealer: Annotated[str, typer.Option("--dealer", help="Who deals (庄家): E S W N or 东南西北.")] = "E",
    lang: LangOption = Lang.zh,
) -> None:
    """Where dealing starts and which tile is flipped as the ci tile."""
    with exit_codes():
        from gangci_calc.referee import dice_text

        emit(dice_text(dealer, first, second, lang.value))


@app.command(name="rules")
def rules_command(
    rules_file: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation
        typer.Argument(metavar="[FILE]", help="A rules file, hand file or session: show that table's options."),
    ] = None,
    lang: LangOption = Lang.zh,
) -> None:
    """The rule book: the seed's rules and every house option (规矩), or one table's options."""
    with exit_codes():
        from gangci_calc.io.rulebook import rule_book, table_rules_text

        emit(rule_book(lang.value) if rules_file is None else table_rules_text(rules_file, lang.value))


@app.command()
def batch(
    inputs: Annotated[
        list[str], typer.Argument(metavar="FILES...", help="YAML streams, JSON Lines, directories, or - for stdin.")
    ],
    format: Annotated[BatchFormat, _format_option(formats.BATCH)] = _first(BatchFormat),
    output: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation
        typer.Option("--output", "-o", help="Write here (atomically: a temporary file renamed at the end)."),
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Processes to score with.")] = 1,
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first hand that fails.")] = False,
    no_check: NoCheckOption = False,
    rules: RulesOption = None,
) -> None:
    """Score recorded hands in bulk, streaming, one result per hand, in input order."""
    from gangci_calc.batch.terminal import run

    stopped = f"nothing written under {output}" if output else "the results so far were written"
    with exit_codes(stopped):
        stats = run(inputs, format.value, output, jobs, strict, not no_check, _house(rules))
    if stats.unreadable:
        raise typer.Exit(EXIT_BAD_INPUT)
    raise typer.Exit(EXIT_SOME_FAILED if stats.failed else 0)


def main() -> None:
    """Run ``gangci``.

    ``gangci COMMAND ...`` builds the parser of that one command only: Typer converts
    every command's signature at each start (about 8 ms for all of them), and a table
    host waits for ``gangci score`` after every hand.
    """
    import signal

    def terminated(signum: int, frame: object) -> None:
        raise Terminated

    signal.signal(signal.SIGTERM, terminated)  # the one handler: workers reset it (batch/run.py)
    args = sys.argv[1:]
    try:
        commands = {i.name or i.callback.__name__: i.callback for i in app.registered_commands if i.callback}
        command = commands.get(args[0]) if args else None
        if command is None:  # --help, --version, or a mistyped command: the whole app answers
            app()
            return
        single = typer.Typer(**_SETTINGS)
        single.command(name=args[0])(command)
        single(args=args[1:], prog_name=f"gangci {args[0]}")
    except SystemExit:
        raise
    except KeyboardInterrupt:  # outside a command (while Typer parses): nothing was done
        fail("gangci: interrupted", EXIT_INTERRUPTED)
        sys.exit(EXIT_INTERRUPTED)
    except Terminated:
        fail("gangci: terminated", EXIT_TERMINATED)
        sys.exit(EXIT_TERMINATED)
    except Exception as error:
        sys.exit(_internal(error).exit_code)
