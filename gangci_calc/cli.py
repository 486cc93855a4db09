"""The ``gangci`` command table: each command's options, in Typer, over the library.

The process's plumbing (exit statuses, stops and signals, Click's words in Chinese, the collector, leaving
without teardown) is :mod:`gangci_calc.commands.process`. Each command imports its module inside its
function: ``gangci score`` loads only what a score needs (benchmarks/bench_startup.py).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, Optional, TypeAlias

import typer

from gangci_calc import __version__
from gangci_calc.commands.process import (
    EXIT_BAD_INPUT,
    EXIT_FALSE_CLAIM,
    EXIT_SOME_FAILED,
    as_program,
    emit,
    exit_codes,
    run_command,
)
from gangci_calc.core.errors import InputError
from gangci_calc.io.export import formats
from gangci_calc.io.load.config import startup_language
from gangci_calc.words import messages as m
from gangci_calc.words import say
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


def _format_option(table: Mapping[str, object], said: str = "format") -> Any:
    return typer.Option("--format", "-f", help=_h(said, choices=", ".join(table)))


class Lang(str, Enum):
    zh = "zh"
    en = "en"


def _spoken(lang: Lang | None) -> str | None:
    """``--lang``'s language, if given."""
    return None if lang is None else lang.value


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
    with exit_codes(_spoken(lang)) as language:
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
    picture: Annotated[Optional[str], typer.Option("--picture", metavar="OUT.png", help=_h("picture"))] = None,  # noqa: UP045
) -> None:
    """Every hand of an evening, running totals, and who pays whom at the end."""
    stopped = m.HANDS_KEPT if play else m.NOTHING_WRITTEN
    with exit_codes(_spoken(lang), stopped) as language:
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

        emit(session_output(session_file, format.value, language, base, explain=explain, date=day, picture=picture))


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
    picture: Annotated[Optional[str], typer.Option("--picture", metavar="OUT.png", help=_h("history_picture"))] = None,  # noqa: UP045
    rules: RulesOption = None,
) -> None:
    """The club's record over many evenings."""
    with exit_codes(_spoken(lang)) as language:
        from gangci_calc.commands.history import history_output

        text = history_output(
            paths,
            format.value,
            language,
            since=since,
            until=until,
            chart=chart,
            base=_house(rules),
            rules_file=rules,
            picture=picture,
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
    with exit_codes(_spoken(lang), m.SERVE_LEFT):
        from gangci_calc.commands.web import Serving, serve_ledger

        _ledger_not_rules(ledger, rules)
        if new_token and token is not None:
            raise InputError("--new-token", say(m.ONE_AT_A_TIME, options="--token, --new-token"))
        serving = Serving(lan, host, port, token, qr=not no_qr, base=_house(rules), club=club, fresh_token=new_token)
        serve_ledger(ledger, serving, say=emit)


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
    with exit_codes(_spoken(lang)) as language:
        from gangci_calc.commands.referee import TilesGiven, check_file, check_tiles

        came = _came(from_discard, self_drawn)
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


def _came(from_discard: bool, self_drawn: bool) -> bool | None:
    """Whether the winning tile came from a discard, as ``--from-discard`` / ``--self-drawn`` say (neither: None,
    the claim's own)."""
    if from_discard and self_drawn:
        raise InputError("--self-drawn", say(m.DISCARD_OR_DRAWN))
    return True if from_discard else False if self_drawn else None


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
    with exit_codes(_spoken(lang)) as language:
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
    with exit_codes(_spoken(lang)) as language:
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
    with exit_codes(_spoken(lang)) as language:
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
    with exit_codes(_spoken(lang)):
        if arrow or keep or payments:
            emit(_arrow_schema(kind, arrow, keep or [], payments))
            return
        from gangci_calc.io.export.json_schema import schema_text

        emit(schema_text(kind.value))


def _arrow_schema(kind: SchemaKind, arrow: bool, keep: list[str], payments: bool) -> str:
    """``schema result --arrow``: the columns of ``batch -o FILE.parquet``, one a line, as pyarrow names types."""
    from gangci_calc.io.load.schema import kept_keys

    if kind is not SchemaKind.result or not arrow:
        raise InputError("--arrow", say(m.ARROW_SCHEMA_OF_RESULT))
    from gangci_calc.commands.batch.parquet_in import need_arrow

    need_arrow("--arrow")
    from gangci_calc.fastpath.arrow_tables import batch_schema_text

    return batch_schema_text(kept_keys(keep), payments)


@app.command(help=_h("batch"))
def batch(
    inputs: Annotated[list[str], typer.Argument(metavar="FILES...", help=_h("batch_inputs"))],
    format: Annotated[BatchFormat, _format_option(formats.BATCH, "batch_format")] = _first(BatchFormat),
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
    from gangci_calc.commands.batch.scoring import BatchOptions
    from gangci_calc.commands.batch.terminal import run
    from gangci_calc.io.load.schema import kept_keys

    arrow_memory()

    stopped = m.NOTHING_WRITTEN_UNDER if output else m.RESULTS_SO_FAR
    with exit_codes(_spoken(lang), stopped, output=output) as language:
        _refuse_too_many(jobs)
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
        )
        stats = run(inputs, options, output, jobs, strict, totals, totals_out, _kind(input_format), rules)
    if stats.unreadable:
        raise typer.Exit(EXIT_BAD_INPUT)
    raise typer.Exit(EXIT_SOME_FAILED if stats.failed else 0)


def _kind(input_format: InputFormat | None) -> str:
    """What ``--input-format`` says the text inputs are ("": each file's suffix says)."""
    if input_format is None:
        return ""
    return "json" if input_format is InputFormat.jsonl else "yaml"


def _refuse_too_many(jobs: int) -> None:
    most = most_jobs()
    if jobs > most:
        raise InputError("--jobs", say(m.TOO_MANY_JOBS, jobs=jobs, most=most))


def most_jobs() -> int:
    """The most workers ``--jobs`` may start: four per core (more only wait for one another)."""
    return 4 * (os.cpu_count() or 1)


def main() -> None:
    """Run ``gangci`` (in this process: :func:`entry` is the program)."""
    run_command(sys.argv[1:], _HELP_LANG, _command)


def _command() -> None:
    """Parse and run ``gangci COMMAND ...``, building the parser of that one command only: Typer converts every
    command's signature at each start (about 8 ms for all of them), and a table host waits for ``gangci score``
    after every hand."""
    args = sys.argv[1:]
    commands = {i.name or i.callback.__name__: i for i in app.registered_commands if i.callback}
    command = commands.get(args[0]) if args else None
    if command is None or command.callback is None:  # --help, --version, a mistyped command: the whole app
        app()
        return
    single = typer.Typer(**_SETTINGS)
    single.command(name=args[0], help=command.help)(command.callback)
    single(args=args[1:], prog_name=f"gangci {args[0]}")


def entry() -> None:
    """The ``gangci`` program (its console script, ``python -m gangci_calc``): :func:`main`, as the process."""
    as_program(main)
