"""The ``gangci`` command: a thin Typer layer over the library.

Errors are mapped to exit statuses here and only here (README, "Exit status"):
0 done; 1 a claim is false (or some hands of a batch failed); 2 the input is
wrong; 70 an internal error (a bug: please report it); 74 an output cannot be
written; 75 another entry holds the ledger; 130 interrupted (Ctrl-C, or input
ended at a prompt); 143 terminated (SIGTERM). A closed pipe ends quietly.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, Optional, TypeAlias

import typer

from gangci_calc import __version__
from gangci_calc.core.errors import (
    ClaimRejected,
    GangciError,
    InputError,
    InputErrors,
    LedgerBusy,
    OutputError,
    Terminated,
)
from gangci_calc.io.export import formats
from gangci_calc.io.load.config import default_language, startup_language
from gangci_calc.words import Message, say, speaking, use_language
from gangci_calc.words import messages as m
from gangci_calc.words.help import HELP

if TYPE_CHECKING:
    from gangci_calc.core.rules import HouseRules

_HELP_LANG = startup_language(sys.argv)  # --help is built before a command runs


def _h(key: str, **values: object) -> str:
    """A help text in the language gangci started in (words/help.py)."""
    return HELP[key].text(_HELP_LANG).format(**values)


_SETTINGS: dict[str, Any] = {
    "add_completion": False,
    "rich_markup_mode": None,
    "pretty_exceptions_enable": False,
    "context_settings": {"help_option_names": ["--help", "-h"]},
}
app = typer.Typer(
    name="gangci",
    help=_h("app"),
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
# Commands that read their input, print and end (their output goes to stdout, never to a file). They run
# without the garbage collector, whose passes over the modules they load find no garbage (3 ms of a score),
# and their process ends without tearing the interpreter down (entry()).
ONE_SHOT = frozenset({"score", "check", "waits", "dice", "rules", "schema"})
# Commands whose process ends so too, once their output is flushed, the collector left on: a batch has written
# its file and joined its workers by then, and Python's teardown would first give Ctrl-C back its default action
# (a stop in it killed a run whose output was whole: status -2, not a word said)
LEAVES_AT_ONCE = ONE_SHOT | {"batch"}
LONG_LEDGER = 200  # after --add, a ledger of more hands shows the new hand and the standings, not every hand


def _choices(name: str, table: Mapping[str, object]) -> type[Enum]:
    """A command's --format choices, from the format registry (io/export/formats.py)."""
    return Enum(name, {fmt: fmt for fmt in table}, type=str)  # type: ignore[return-value]


if TYPE_CHECKING:  # built at run time from the registry; to the type checker, any Enum
    ScoreFormat: TypeAlias = Enum
    SessionFormat: TypeAlias = Enum
    CheckFormat: TypeAlias = Enum
    WaitsFormat: TypeAlias = Enum
    BatchFormat: TypeAlias = Enum
    HistoryFormat: TypeAlias = Enum
else:
    ScoreFormat = _choices("ScoreFormat", formats.SCORE)
    SessionFormat = _choices("SessionFormat", formats.SESSION)
    CheckFormat = _choices("CheckFormat", formats.CHECK)
    WaitsFormat = _choices("WaitsFormat", formats.WAITS)
    BatchFormat = _choices("BatchFormat", formats.BATCH)
    HistoryFormat = _choices("HistoryFormat", formats.HISTORY)


def _first(choices: type[Enum]) -> Any:
    """A command's default format: the first its registry table lists."""
    return next(iter(choices))


def _format_option(table: Mapping[str, object]) -> Any:
    return typer.Option("--format", "-f", help=_h("format", choices=", ".join(table)))


class Lang(str, Enum):
    zh = "zh"
    en = "en"


LangOption = Annotated[Optional[Lang], typer.Option("--lang", help=_h("lang"))]  # noqa: UP045
NoCheckOption = Annotated[bool, typer.Option("--no-check", help=_h("no_check"))]
RulesOption = Annotated[
    Optional[str],  # noqa: UP045 - Typer reads the annotation
    typer.Option("--rules", metavar="FILE", help=_h("rules")),
]


def _house(rules_file: str | None) -> HouseRules:
    """The house rules of ``--rules FILE``, or the seed's."""
    if rules_file is None:
        from gangci_calc.core.rules import SEED_RULES

        return SEED_RULES
    from gangci_calc.io.load.load import load_rules

    return load_rules(rules_file)


def _ledger_not_rules(ledger: str, rules_file: str | None) -> None:
    """A ledger written (``--new``, ``--add``, the page) is not the ``--rules`` file it reads."""
    if rules_file is not None:
        from gangci_calc.io.ledger.not_an_input import refuse_input_as_output

        refuse_input_as_output("--rules", ledger, [rules_file], say(m.LEDGER_IS_RULES, ledger=ledger))


def fail(message: str, status: int) -> typer.Exit:
    """One line on stderr, nothing on stdout; the caller raises the returned Exit (whose status holds even where
    stderr cannot be written)."""
    from gangci_calc.io.show.console import say_err

    say_err(message)
    return typer.Exit(status)


@contextmanager
def exit_codes(lang: Lang | None, stopped: Message = m.NOTHING_WRITTEN, **values: object) -> Iterator[str]:
    """Speak ``--lang`` (else the user's default) within the block, and yield it; map every exception to one
    line on stderr, in that language, and an exit status; ``stopped`` says what an interruption left."""
    language = lang.value if lang is not None else "zh"
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
        if isinstance(stop, typer.Abort):
            raise fail(say(m.STOPPED_AT_PROMPT, left=left).text(language), EXIT_INTERRUPTED) from None
        if isinstance(stop, KeyboardInterrupt):
            raise fail(say(m.INTERRUPTED, left=left).text(language), EXIT_INTERRUPTED) from None
        if isinstance(stop, Terminated):
            raise fail(say(m.TERMINATED, left=left).text(language), EXIT_TERMINATED) from None
        raise
    except GangciError as error:
        raise fail(error.text(language), _STATUS.get(type(error), EXIT_BAD_INPUT)) from None
    except BrokenPipeError:
        _quiet_stdout()
        raise typer.Exit(EXIT_PIPE) from None
    except OSError as error:  # writing a result: a full disk, /dev/full
        _quiet_stdout()
        reason = error.strerror or str(error)
        raise fail(say(m.CANNOT_WRITE_OUTPUT, reason=reason).text(language), EXIT_OUTPUT) from None
    except Exception as error:
        raise _internal(error, language) from None


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
    import os

    if os.environ.get("GANGCI_DEBUG"):
        import traceback

        traceback.print_exception(error)
    detail = f"{type(error).__name__}: {error}"
    detail = detail if len(detail) <= 200 else detail[:200] + "…"
    return fail(say(m.INTERNAL_ERROR, version=__version__, detail=detail).text(lang), EXIT_INTERNAL)


def emit(text: str) -> None:
    """A command's result on stdout, flushed here so that a failed write is reported (exit 74), not lost."""
    from gangci_calc.io.show.console import write_out

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
        typer.Option("--version", callback=_version, is_eager=True, help=_h("version")),
    ] = None,
) -> None:
    """Settlement calculator for Luoyang Gangci mahjong (洛阳杠次 / 杠呲)."""


@app.command(help=_h("score"))
def score(
    hand_file: Annotated[str, typer.Argument(metavar="HAND", help=_h("score_hand"))],
    format: Annotated[ScoreFormat, _format_option(formats.SCORE)] = _first(ScoreFormat),
    lang: LangOption = None,
    explain: Annotated[bool, typer.Option("--explain", help=_h("explain"))] = False,
    no_check: NoCheckOption = False,
    rules: RulesOption = None,
) -> None:
    """Per-player payout table for one finished hand."""
    with exit_codes(lang) as language:
        from gangci_calc.commands.score import score_file

        base = _house(rules)
        emit(score_file(hand_file, format.value, language, explain=explain, check=not no_check, base=base))


@app.command(help=_h("session"))
def session(
    session_file: Annotated[str, typer.Argument(metavar="FILE", help=_h("session_file"))],
    transfer: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation
        typer.Argument(metavar="[TRANSFER]", help=_h("paid_transfer")),
    ] = None,
    format: Annotated[SessionFormat, _format_option(formats.SESSION)] = _first(SessionFormat),
    lang: LangOption = None,
    add: Annotated[bool, typer.Option("--add", help=_h("add"))] = False,
    new: Annotated[bool, typer.Option("--new", help=_h("new"))] = False,
    play: Annotated[bool, typer.Option("--play", help=_h("play"))] = False,
    undo: Annotated[bool, typer.Option("--undo", help=_h("undo"))] = False,
    edit: Annotated[Optional[int], typer.Option("--edit", metavar="N", help=_h("edit"))] = None,  # noqa: UP045
    rules: RulesOption = None,
    explain: Annotated[bool, typer.Option("--explain", help=_h("session_explain"))] = False,
    paid: Annotated[bool, typer.Option("--paid", help=_h("paid"))] = False,
    unpaid: Annotated[bool, typer.Option("--unpaid", help=_h("unpaid"))] = False,
    to: Annotated[Optional[str], typer.Option("--to", metavar="PAYEE", help=_h("paid_to"))] = None,  # noqa: UP045
    amount: Annotated[Optional[str], typer.Option("--amount", metavar="N", help=_h("paid_amount"))] = None,  # noqa: UP045
    date: Annotated[Optional[str], typer.Option("--date", metavar="YYYY-MM-DD", help=_h("date"))] = None,  # noqa: UP045
) -> None:
    """Every hand of an evening, running totals, and who pays whom at the end."""
    stopped = m.HANDS_KEPT if play else m.NOTHING_WRITTEN
    with exit_codes(lang, stopped) as language:
        flags = [("--new", new), ("--add", add), ("--play", play), ("--undo", undo), ("--paid", paid)]
        flags += [("--unpaid", unpaid), ("--edit", edit is not None)]
        chosen = _one_change(session_file, flags)
        if (transfer is not None or to is not None or amount is not None) and not (paid or unpaid):
            raise InputError(transfer or "--to", say(m.TRANSFER_NEEDS_PAID))
        if chosen:  # the ledger is written
            _ledger_not_rules(session_file, rules)
        base = _house(rules)
        from gangci_calc.io.load.fields import option_date

        day = option_date(date, "--date")
        if paid or unpaid:
            _record_paid(session_file, _transfer_named(transfer, to, amount), language, base, back=unpaid)
        elif new:
            from gangci_calc.commands.session.prompts import new_session

            new_session(session_file, language, base, day)
        elif (add or play or undo or edit is not None) and _hand_changed(
            session_file, language, base, format.value, edit=edit, undo=undo, play=play
        ):
            return
        from gangci_calc.commands.session.show import session_output

        emit(session_output(session_file, format.value, language, base, explain=explain, date=day))


def _hand_changed(
    path: str, language: str, base: HouseRules, shape: str, *, edit: int | None, undo: bool, play: bool
) -> bool:
    """``--edit N``, ``--undo``, ``--play`` or ``--add`` at the prompts; ``True`` where all is said (a long ledger's
    hand added: its summary, not 20,000 rows after every hand)."""
    from gangci_calc.commands.session import evening

    if edit is not None:
        evening.edit_hand(path, edit, language, base)
    elif undo:
        evening.undo_hand(path, language, base)
    elif play:
        evening.play(path, language, base, shape)
    else:
        tail = evening.add_hand(path, language, base)
        if tail.count > LONG_LEDGER and shape == "table":
            from gangci_calc.io.show.chat import long_ledger_text

            emit(long_ledger_text(tail, path, language))
            return True
    return False


def _one_change(session_file: str, flags: list[tuple[str, bool]]) -> list[str]:
    """The options given that change the ledger: at most one (else an error naming them)."""
    chosen = [flag for flag, on in flags if on]
    if len(chosen) > 1:
        raise InputError(session_file, say(m.ONE_AT_A_TIME, options=", ".join(chosen)))
    return chosen


def _transfer_named(transfer: str | None, to: str | None, amount: str | None) -> Any:
    """TRANSFER as words (``小李 张姐 3700``), or ``PAYER --to PAYEE --amount N`` (names with spaces, beyond doubt)."""
    from gangci_calc.commands.session.paying import Named

    if to is None and amount is None:
        return transfer
    if transfer is None or to is None or amount is None:
        raise InputError("--to", say(m.TO_NEEDS_AMOUNT))
    return Named(transfer, to, amount)


def _record_paid(path: str, transfer: Any, lang: str, base: HouseRules, *, back: bool = False) -> None:
    """``--paid``: the payments recorded, each said on stderr (or that nothing was open); ``--unpaid``: the one
    taken back."""
    from gangci_calc.commands.session.paying import record_paid, take_back, transfer_text
    from gangci_calc.io.show.console import write_err
    from gangci_calc.io.show.labels import word

    if back:
        write_err(word("unpaid_recorded", lang).format(payment=transfer_text(take_back(path, transfer, base))))
        return
    recorded = record_paid(path, transfer, base)
    for payment in recorded:
        write_err(word("paid_recorded", lang).format(payment=transfer_text(payment)))
    if not recorded:
        write_err(word("nothing_open", lang))


@app.command(help=_h("history"))
def history(
    paths: Annotated[list[str], typer.Argument(metavar="PATH...", help=_h("history_paths"))],
    format: Annotated[HistoryFormat, _format_option(formats.HISTORY)] = _first(HistoryFormat),
    lang: LangOption = None,
    since: Annotated[Optional[str], typer.Option("--since", metavar="YYYY-MM-DD", help=_h("since"))] = None,  # noqa: UP045
    until: Annotated[Optional[str], typer.Option("--until", metavar="YYYY-MM-DD", help=_h("until"))] = None,  # noqa: UP045
    chart: Annotated[Optional[str], typer.Option("--chart", metavar="FILE.svg", help=_h("chart"))] = None,  # noqa: UP045
    rules: RulesOption = None,
) -> None:
    """The club's record over many evenings."""
    with exit_codes(lang) as language:
        from gangci_calc.commands.history import history_output

        text = history_output(
            paths, format.value, language, since=since, until=until, chart=chart, base=_house(rules), rules_file=rules
        )
        emit(text)


@app.command(help=_h("serve"))
def serve(
    ledger: Annotated[str, typer.Argument(metavar="LEDGER", help=_h("serve_ledger"))],
    port: Annotated[Optional[int], typer.Option("--port", min=0, max=65535, help=_h("serve_port"))] = None,  # noqa: UP045
    lan: Annotated[bool, typer.Option("--lan", help=_h("serve_lan"))] = False,
    host: Annotated[Optional[str], typer.Option("--host", metavar="ADDR", help=_h("serve_host"))] = None,  # noqa: UP045
    token: Annotated[Optional[str], typer.Option("--token", help=_h("serve_token"))] = None,  # noqa: UP045
    new_token: Annotated[bool, typer.Option("--new-token", help=_h("serve_new_token"))] = False,
    no_qr: Annotated[bool, typer.Option("--no-qr", help=_h("serve_no_qr"))] = False,
    lang: LangOption = None,
    rules: RulesOption = None,
    club: Annotated[Optional[str], typer.Option("--club", metavar="DIR", help=_h("serve_club"))] = None,  # noqa: UP045
) -> None:
    """The table's page: every phone at the table sees the evening and enters hands."""
    with exit_codes(lang, m.SERVE_LEFT):
        from gangci_calc.commands.web import serve_ledger

        _ledger_not_rules(ledger, rules)
        qr = not no_qr
        if new_token and token is not None:
            raise InputError("--new-token", say(m.ONE_AT_A_TIME, options="--token, --new-token"))
        serve_ledger(
            ledger, lan=lan, host=host, port=port, token=token, qr=qr, say=emit, base=_house(rules), club=club,
            fresh_token=new_token,
        )  # fmt: skip


def _claim_help() -> str:
    """``--type``'s help: every win a claim may name, from the one list of them."""
    from gangci_calc.core.rules.terms import claim_names

    names = claim_names()
    return _h("check_type", zh=names.zh, en=names.en)


@app.command(help=_h("check"))
def check(
    hand_file: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation
        typer.Argument(metavar="[HAND]", help=_h("check_hand")),
    ] = None,
    type: Annotated[Optional[str], typer.Option("--type", help=_claim_help())] = None,  # noqa: UP045
    winner: Annotated[Optional[str], typer.Option("--winner", help=_h("check_winner"))] = None,  # noqa: UP045
    dealer: Annotated[Optional[str], typer.Option("--dealer", help=_h("check_dealer"))] = None,  # noqa: UP045
    hand: Annotated[Optional[str], typer.Option("--hand", help=_h("check_tiles"))] = None,  # noqa: UP045
    win_tile: Annotated[Optional[str], typer.Option("--win-tile", help=_h("win_tile"))] = None,  # noqa: UP045
    ci: Annotated[Optional[str], typer.Option("--ci", help=_h("ci"))] = None,  # noqa: UP045
    pungs: Annotated[Optional[list[str]], typer.Option("--pungs", help=_h("pungs"))] = None,  # noqa: UP045
    kongs: Annotated[Optional[list[str]], typer.Option("--kongs", help=_h("kongs"))] = None,  # noqa: UP045
    concealed_kongs: Annotated[
        Optional[list[str]],  # noqa: UP045 - Typer reads the annotation
        typer.Option("--concealed-kongs", help=_h("concealed_kongs")),
    ] = None,
    format: Annotated[CheckFormat, _format_option(formats.CHECK)] = _first(CheckFormat),
    lang: LangOption = None,
    rules: RulesOption = None,
    from_discard: Annotated[bool, typer.Option("--from-discard", help=_h("from_discard"))] = False,
    self_drawn: Annotated[bool, typer.Option("--self-drawn", help=_h("self_drawn"))] = False,
) -> None:
    """Referee: is the claimed win real for these tiles? Exit 0 yes, 1 no."""
    with exit_codes(lang) as language:
        from gangci_calc.commands.referee import TilesGiven, check_file, check_tiles

        if from_discard and self_drawn:
            raise InputError("--self-drawn", say(m.DISCARD_OR_DRAWN))
        came = True if from_discard else False if self_drawn else None

        given = TilesGiven(type, winner, dealer, hand, win_tile, ci, pungs or [], kongs or [], concealed_kongs or [])
        if hand_file is not None and given.any():
            raise InputError("check", say(m.CHECK_FILE_OR_OPTIONS))
        if hand_file is None:
            text, holds = check_tiles(given, language, format.value, _house(rules), came)
        else:
            text, holds = check_file(hand_file, language, format.value, _house(rules), came)
        emit(text)
        if not holds:
            raise typer.Exit(EXIT_FALSE_CLAIM)


@app.command(help=_h("waits"))
def waits(
    hand: Annotated[str, typer.Argument(help=_h("waits_hand"))],
    ci: Annotated[str, typer.Option("--ci", help=_h("ci"))],
    pungs: Annotated[str, typer.Option("--pungs", help=_h("waits_pungs"))] = "",
    kongs: Annotated[str, typer.Option("--kongs", help=_h("waits_kongs"))] = "",
    concealed_kongs: Annotated[str, typer.Option("--concealed-kongs", help=_h("waits_concealed_kongs"))] = "",
    format: Annotated[WaitsFormat, _format_option(formats.WAITS)] = _first(WaitsFormat),
    lang: LangOption = None,
    rules: RulesOption = None,
) -> None:
    """Waits of a hand, and which next tile makes which win (at this table: --rules)."""
    with exit_codes(lang) as language:
        from gangci_calc.commands.referee import waits_text

        emit(waits_text(hand, ci, pungs, language, _house(rules), format.value, kongs, concealed_kongs))


@app.command(help=_h("dice"))
def dice(
    first: Annotated[int, typer.Argument(help=_h("die_first"))],
    second: Annotated[int, typer.Argument(help=_h("die_second"))],
    dealer: Annotated[str, typer.Option("--dealer", help=_h("dice_dealer"))] = "E",
    lang: LangOption = None,
    rules: RulesOption = None,
) -> None:
    """Where dealing starts and which tile is flipped as the ci tile (at this table: --rules)."""
    with exit_codes(lang) as language:
        from gangci_calc.commands.referee import dice_text

        emit(dice_text(dealer, first, second, language, _house(rules)))


@app.command(name="rules", help=_h("rules_command"))
def rules_command(
    rules_file: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation
        typer.Argument(metavar="[FILE]", help=_h("rules_file")),
    ] = None,
    lang: LangOption = None,
) -> None:
    """The rule book: the seed's rules and every house option (规矩), or one table's options."""
    with exit_codes(lang) as language:
        from gangci_calc.io.show.rulebook import rule_book, table_rules_text

        emit(rule_book(language) if rules_file is None else table_rules_text(rules_file, language))


class InputFormat(str, Enum):
    jsonl = "jsonl"
    yaml = "yaml"


class Amounts(str, Enum):
    exact = "exact"
    decimal = "decimal"


class SchemaKind(str, Enum):
    hand = "hand"
    session = "session"
    result = "result"
    score = "score"
    evening = "evening"


@app.command(name="schema", help=_h("schema"))
def schema_command(
    kind: Annotated[SchemaKind, typer.Argument(help=_h("schema_kind"))],
    arrow: Annotated[bool, typer.Option("--arrow", help=_h("schema_arrow"))] = False,
    keep: Annotated[
        Optional[list[str]],  # noqa: UP045 - Typer reads the annotation
        typer.Option("--keep", metavar="KEY", help=_h("keep")),
    ] = None,
    payments: Annotated[bool, typer.Option("--payments", help=_h("payments"))] = False,
    lang: LangOption = None,
) -> None:
    """JSON Schema (draft 2020-12) of hand files, session files, or batch's result lines."""
    with exit_codes(lang):
        if arrow or keep or payments:
            emit(_arrow_schema(kind, arrow, keep or [], payments))
            return
        from gangci_calc.io.export.json_schema import schema_text

        emit(schema_text(kind.value))


def _arrow_schema(kind: SchemaKind, arrow: bool, keep: list[str], payments: bool) -> str:
    """``schema result --arrow``: the columns of ``batch -o FILE.parquet``, one a line, as pyarrow names types."""
    from gangci_calc.commands.batch.scoring import kept_keys

    if kind is not SchemaKind.result or not arrow:
        raise InputError("--arrow", say(m.ARROW_SCHEMA_OF_RESULT))
    from gangci_calc.commands.batch.parquet_in import need_arrow

    need_arrow("--arrow")
    from gangci_calc.fastpath.arrow_tables import batch_schema_text

    return batch_schema_text(kept_keys(keep), payments)


@app.command(help=_h("batch"))
def batch(
    inputs: Annotated[list[str], typer.Argument(metavar="FILES...", help=_h("batch_inputs"))],
    format: Annotated[BatchFormat, _format_option(formats.BATCH)] = _first(BatchFormat),
    output: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation
        typer.Option("--output", "-o", help=_h("output")),
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help=_h("jobs"))] = 1,
    strict: Annotated[bool, typer.Option("--strict", help=_h("strict"))] = False,
    no_check: NoCheckOption = False,
    rules: RulesOption = None,
    keep: Annotated[
        Optional[list[str]],  # noqa: UP045 - Typer reads the annotation
        typer.Option("--keep", metavar="KEY", help=_h("keep")),
    ] = None,
    payments: Annotated[bool, typer.Option("--payments", help=_h("payments"))] = False,
    totals: Annotated[bool, typer.Option("--totals", help=_h("totals"))] = False,
    totals_out: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation
        typer.Option("--totals-out", metavar="FILE", help=_h("totals_out")),
    ] = None,
    input_format: Annotated[
        Optional[InputFormat],  # noqa: UP045 - Typer reads the annotation
        typer.Option("--input-format", help=_h("input_format")),
    ] = None,
    amounts: Annotated[Amounts, typer.Option("--amounts", help=_h("amounts"))] = _first(Amounts),
    verbose: Annotated[bool, typer.Option("--verbose", help=_h("verbose"))] = False,
    lang: LangOption = None,
) -> None:
    """Score recorded hands in bulk, streaming, one result per hand, in input order."""
    from gangci_calc.commands.batch.parquet_in import arrow_memory
    from gangci_calc.commands.batch.scoring import BatchOptions, kept_keys
    from gangci_calc.commands.batch.terminal import run

    arrow_memory()

    stopped = m.NOTHING_WRITTEN_UNDER if output else m.RESULTS_SO_FAR
    with exit_codes(lang, stopped, output=output) as language:
        most = most_jobs()
        if jobs > most:
            raise InputError("--jobs", say(m.TOO_MANY_JOBS, jobs=jobs, most=most))
        summing = totals or totals_out is not None
        fmt = "csv" if output is not None and output.lower().endswith(".csv") else format.value  # -o picks by suffix
        options = BatchOptions(
            fmt,
            not no_check,
            _house(rules),
            language,
            kept_keys(keep or []),
            payments,
            summing,
            amounts.value,
            verbose=verbose,
        )
        kind = "" if input_format is None else ("json" if input_format is InputFormat.jsonl else "yaml")
        stats = run(inputs, options, output, jobs, strict, totals, totals_out, kind, rules)
    if stats.unreadable:
        raise typer.Exit(EXIT_BAD_INPUT)
    raise typer.Exit(EXIT_SOME_FAILED if stats.failed else 0)


def most_jobs() -> int:
    """The most workers ``--jobs`` may start: four per core (more only wait for one another)."""
    import os

    return 4 * (os.cpu_count() or 1)


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
    import signal

    if isinstance(unraisable.exc_value, Terminated):
        _resend(signal.SIGTERM)
    elif isinstance(unraisable.exc_value, KeyboardInterrupt):
        _resend(signal.SIGINT)
    else:
        sys.__unraisablehook__(unraisable)


def _resend(signum: int) -> None:
    """Raise the stop ``signum`` meant a moment later, from a timer's signal, once this callback is over (raised
    here, it would be ignored again; if the timer lands in such a callback too, it comes back here)."""
    import signal

    stop: type[BaseException] = Terminated if signum == signal.SIGTERM else KeyboardInterrupt
    if not hasattr(signal, "setitimer"):  # Windows: no timers by signal; its console stops are raised directly
        return

    def fire(number: int, frame: object) -> None:
        raise stop

    signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, 0.005)


def main() -> None:
    """Run ``gangci``.

    ``gangci COMMAND ...`` builds the parser of that one command only: Typer converts
    every command's signature at each start (about 8 ms for all of them), and a table
    host waits for ``gangci score`` after every hand.
    """
    import gc
    import signal

    def terminated(signum: int, frame: object) -> None:
        raise Terminated

    sys.unraisablehook = _stop_not_lost
    use_language(_HELP_LANG)  # until a command knows its --lang
    args = sys.argv[1:]
    try:
        signal.signal(
            signal.SIGTERM, terminated
        )  # the one handler (workers reset it: commands/batch/run.py); from here on
        _click_speaks(_HELP_LANG)  # a stop is caught below, never a traceback
        commands = {i.name or i.callback.__name__: i for i in app.registered_commands if i.callback}
        command = commands.get(args[0]) if args else None
        if command is None or command.callback is None:  # --help, --version, a mistyped command: the whole app
            app()
            return
        single = typer.Typer(**_SETTINGS)
        single.command(name=args[0], help=command.help)(command.callback)
        collecting = gc.isenabled()
        if args[0] in ONE_SHOT:  # enabled again below: main() may run inside another program (the tests)
            gc.disable()
        try:
            single(args=args[1:], prog_name=f"gangci {args[0]}")
        finally:
            if collecting:
                gc.enable()
    except SystemExit:
        raise
    except KeyboardInterrupt:  # outside a command: while Typer parses (nothing done), or after it (its file whole)
        fail(_stopped_outside(m.INTERRUPTED_BARE, m.INTERRUPTED), EXIT_INTERRUPTED)
        sys.exit(EXIT_INTERRUPTED)
    except Terminated:
        fail(_stopped_outside(m.TERMINATED_BARE, m.TERMINATED), EXIT_TERMINATED)
        sys.exit(EXIT_TERMINATED)
    except Exception as error:
        sys.exit(_internal(error, _HELP_LANG).exit_code)


def _stopped_outside(bare: Message, with_left: Message) -> str:
    """What a stop outside a command says: ``bare``, or ``with_left`` naming the file the command wrote whole."""
    written = _replaced()
    if written:
        return say(with_left, left=say(m.WRITTEN_BEFORE_STOP, file=written[-1])).text(_HELP_LANG)
    return say(bare).text(_HELP_LANG)


def entry() -> None:
    """The ``gangci`` program (its console script, ``python -m gangci_calc``): :func:`main`. A one-shot command
    then ends the process as soon as its output is flushed, with its exit status: Python's own teardown frees
    every module and object one by one, for nothing (27 ms of a 126 ms ``gangci score``)."""
    try:
        main()
    except SystemExit as stop:
        if _leaves_at_once() and (stop.code is None or isinstance(stop.code, int)):
            _leave(stop.code or 0)
        raise


def _leaves_at_once() -> bool:
    return len(sys.argv) > 1 and sys.argv[1] in LEAVES_AT_ONCE


def _leave(status: int) -> None:
    """End the process now: the output flushed (a reader that went away is not an error any more), no teardown.
    (Coverage saves a process's data here too: pyproject.toml patches ``os._exit`` for it.)"""
    import os
    import signal

    if hasattr(signal, "pthread_sigmask"):  # the work is done: a stop from here on changes nothing, and says nothing
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:  # None: started without that stream
                stream.flush()
        except (OSError, ValueError):  # a closed pipe, a closed stream: what was written is all there is
            pass
    os._exit(status)
