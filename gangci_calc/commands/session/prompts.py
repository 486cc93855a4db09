"""Quick entry at the table: ``gangci session FILE --new`` and ``--add`` prompts.

Every answer is checked as it is given (the same rule checks as files get), and
the file is only written once the whole new ledger reads back clean.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TypeVar

import typer

from gangci_calc.core.digits import ascii_whole
from gangci_calc.core.errors import AnswerError, InputError, RuleError, shown
from gangci_calc.core.rules import NO_MI, SEATS, SEED_RULES, Hand, HouseRules, Outcome, Seat, TableRules, Win
from gangci_calc.core.rules.addons import BET_NAMES, NO_BETS, Bets
from gangci_calc.core.rules.hand import check_bets, check_kongs, check_outcome
from gangci_calc.core.rules.kongs import Kong, KongType
from gangci_calc.core.rules.seats import in_play
from gangci_calc.core.rules.terms import seat_word
from gangci_calc.io.ledger.ledger_write import hand_flow, hand_yaml, new_session_text, write_atomically
from gangci_calc.io.ledger.lock import ledger_lock
from gangci_calc.io.load.answers import (
    parse_bets,
    parse_kongs,
    parse_rules_and_fee,
    parse_seat_answer,
    parse_win,
)
from gangci_calc.io.load.fields import name_text
from gangci_calc.io.load.load import Table
from gangci_calc.io.load.load_session import session_from_text
from gangci_calc.io.show.console import write_err, write_prompt
from gangci_calc.io.show.labels import house_text, kong_label, seat_label, seat_name, win_label, word
from gangci_calc.words import messages as m
from gangci_calc.words import say
from gangci_calc.words.ui import ASK

T = TypeVar("T")


def asking(lang: str) -> dict[str, str]:
    """The prompts' questions and remarks in ``lang`` (words/ui.py)."""
    return {key: message.text(lang) for key, message in ASK.items()}


def _read(question: str, default: str | None) -> str:
    """One answer: the question on stderr (never stdout, which may be piped), the line from stdin."""
    write_prompt(f"{question} [{default}]: " if default else f"{question}: ")
    try:
        line = input()
    except EOFError:
        raise typer.Abort from None
    return line if line.strip() else (default or "")


def ask(question: str, parse: Callable[[str], T], default: str | None = None, commands: tuple[str, ...] = ()) -> T:
    """Prompt until ``parse`` accepts the answer; its complaints go to stderr. One of ``commands`` with its mark
    (``:q``) raises :class:`TableCommand`, at whatever question it is typed."""
    while True:
        answer = str(_read(question, default)).strip()
        try:
            _command(answer, commands)
            return parse(answer)
        except (AnswerError, RuleError) as error:
            write_err(f"  ✗ {error}")


def _command(text: str, commands: tuple[str, ...]) -> None:
    """``:s`` (or ``：s``) raises the command where ``commands`` has it; any other ``:x`` is refused."""
    if not commands or text[:1] not in COMMAND_MARKS:
        return
    key = text[1:].strip().lower()
    if key in commands:
        raise TableCommand(key)
    raise AnswerError(say(m.NOT_A_COMMAND, text=text, commands=" ".join(f":{key}" for key in commands)))


_YES = ("y", "yes", "是", "对", "1", "true")
_NO = ("n", "no", "否", "不", "0", "false")


def confirm(question: str, default: bool, commands: tuple[str, ...] = (), words: bool = False) -> bool:
    """A yes/no question: y / n (是 / 否), Enter for the default; ``words``: a word only (not ``1`` / ``0``,
    which an answer typed out of step is likely to be)."""

    def yes_or_no(text: str) -> bool:
        if not text:
            return default
        if text.lower() in _YES and not (words and ascii_whole(text) is not None):
            return True
        if text.lower() in _NO and not (words and ascii_whole(text) is not None):
            return False
        raise AnswerError(say(m.YES_OR_NO, value=shown(text)))

    return ask(f"{question} [{'Y/n' if default else 'y/N'}]", yes_or_no, None, commands)


def _none_or(parse: Callable[[str], T], empty: T) -> Callable[[str], T]:
    return lambda text: empty if text in ("", "-", "无", "none") else parse(text)


def _bets_text(bets: tuple[Bets, ...], lang: str) -> str:
    """Last hand's add-ons and 跑 as an answer would give them: ``南飘1 北抵2杠1跑2`` / ``S piao 1, N di 2``."""
    parts = [_seat_bets_text(seat, counts, lang) for seat in SEATS if (counts := _counts(bets[seat]))]
    return (" " if lang == "zh" else ", ").join(parts) or "-"


def _counts(bets: Bets) -> list[tuple[str, int]]:
    """A seat's add-ons and 跑 that are on, each with its count."""
    return [(name, count) for name in BET_NAMES if (count := getattr(bets, name))]


def _seat_bets_text(seat: Seat, counts: list[tuple[str, int]], lang: str) -> str:
    if lang == "zh":
        return seat_name(seat, "zh") + "".join(f"{word(n, 'zh')}{c}" for n, c in counts)
    return f"{seat.name} " + " ".join(f"{n} {c}" for n, c in counts)


class TableCommand(Exception):
    """A one-key command typed where ``--play`` asks for the next hand's dealer: ``u``, ``s``, ``l`` or ``q``."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


PLAY_KEYS = ("u", "s", "l", "q")
COMMAND_MARKS = (":", "：")  # ``:s`` (a full-width colon too, from a Chinese keyboard)


@dataclass(frozen=True)
class Entry:
    """A hand as entered at the prompts, with the seating it was played in."""

    hand: Hand
    dealer_overridden: bool
    names: dict[Seat, str]
    reseated: bool  # the seating changed at the prompt: the hand gets ``players:``

    def item(self, kept: tuple[str, ...] = ()) -> tuple[str, str]:
        """The hand as a block item and as a flow item, with ``kept`` source lines of fields not asked."""
        players = self.names if self.reseated else None
        block = hand_yaml(self.hand, dealer_overridden=self.dealer_overridden, players=players)
        flow = hand_flow(self.hand, dealer_overridden=self.dealer_overridden, players=players)
        if kept:
            block += "\n".join(kept) + "\n"
            fields = [line.strip() for line in kept if not line.lstrip().startswith("#")]
            flow = flow[:-1] + "".join(f", {field}" for field in fields) + "}"
        return block, flow


_SUB = re.compile(r"^(?:换人|换|sub)\s*(\S+?)\s+(\S.*)$", re.IGNORECASE)
_SWAP = re.compile(r"^(?:换座|swap)\s*(\S+?)\s+(\S+)$", re.IGNORECASE)


def reseat(text: str, names: dict[Seat, str]) -> dict[Seat, str] | None:
    """``换人 北 小赵`` (a new person at a seat) or ``换座 东 南`` (two people swap): the new seating; else None.

    >>> reseat("换座 东 南", {Seat.E: "老王", Seat.S: "小李"})
    {<Seat.E: 0>: '小李', <Seat.S: 1>: '老王'}
    """
    if match := _SWAP.match(text):
        first, second = (parse_seat_answer(part, names) for part in match.groups())
        seating = dict(names)
        seating.pop(first, None)
        seating.pop(second, None)
        if second in names:
            seating[first] = names[second]
        if first in names:
            seating[second] = names[first]
        return dict(sorted(seating.items()))
    if match := _SUB.match(text):
        seat = parse_seat_answer(match.group(1), names)
        name = name_text(match.group(2), ())
        elsewhere = [other for other, known in names.items() if known == name and other is not seat]
        if elsewhere:
            raise AnswerError(say(m.ALREADY_SITS, name=name, seat=seat_word(elsewhere[0])))
        return dict(sorted({**names, seat: name}.items()))
    return None


def ask_hand(
    lang: str,
    number: int,
    table: Table,
    usual: Seat,
    mi: tuple[int, int, int, int],
    last_bets: tuple[Bets, Bets, Bets, Bets],
    current: Hand | None = None,
    commands: tuple[str, ...] = (),
    later: Callable[[Seat, Outcome], None] | None = None,
) -> Entry:
    """Ask for one hand (``current``'s answers as defaults, for ``--edit``); every answer checked as given.

    Where the dealer is asked, a seating change (``换人 北 小赵``, ``换座 东 南``) or one of ``commands`` may
    be typed instead; a command raises :class:`TableCommand`. ``later`` (``--edit``) refuses, with its reason,
    the answer that decides who deals next (the winner; the win type of a 流局) where later hands would break.
    """
    q = asking(lang)
    rules, names = table.rules, dict(table.names)
    house = rules.house
    write_err(q["hand"].format(n=number) + f" · {q['dealer']} {seat_label(usual, lang, names)}")
    if house.changed():
        write_err(house_text(house, lang))
    seats = in_play(house.three_players)
    given = current.dealer if current is not None else usual
    dealer, names, reseated = _ask_dealer(lang, given, names, seats, commands)
    # each answer is checked on its own against the table's rules, as the core checks a whole hand
    asked = _HandQuestions(lang, q, rules, names, seats, dealer, current, commands, later)
    outcome = asked.outcome(asked.win())
    ci = asked.ci(outcome)
    bets = asked.bets(last_bets)
    kongs = asked.kongs(outcome)
    try:
        hand = Hand(rules, dealer, outcome, bets, kongs, ci, mi if house.xiami else NO_MI)
    except RuleError as error:
        raise AnswerError(error.text(lang)) from None
    return Entry(hand, dealer is not usual, names, reseated)


@dataclass(frozen=True)
class _HandQuestions:
    """The questions of one hand once its dealer and seating are known, each answer checked as it is given;
    ``current``'s answers (``--edit``) are the defaults, and ``later`` refuses what later hands cannot take."""

    lang: str
    q: dict[str, str]
    rules: TableRules
    names: dict[Seat, str]
    seats: tuple[Seat, ...]
    dealer: Seat
    current: Hand | None
    commands: tuple[str, ...]
    later: Callable[[Seat, Outcome], None] | None

    def ask(self, key: str, parse: Callable[[str], T], default: str | None) -> T:
        return ask(self.q[key], parse, default, self.commands)

    def seat_of(self, text: str) -> Seat:
        return _in_play(parse_seat_answer(text, self.names), self.seats)

    def win(self) -> Win:
        """How the hand ended, from the wins this table plays."""
        offered = _offered(self.rules.house)
        zh = self.lang == "zh"
        wins = " ".join(f"{i}{win_label(w, 'zh') if zh else w.value}" for i, w in enumerate(offered, 1))
        was = self.current.outcome.win if self.current is not None else None
        was_win = None if was is None else win_label(was, "zh") if zh else was.value
        question = self.q["win_house"].format(wins=wins)
        return ask(question, lambda t: self._win_answer(t, offered), was_win, self.commands)

    def _win_answer(self, text: str, offered: tuple[Win, ...]) -> Win:
        return self._draw_ok(_checked_win(self.rules.house, parse_win(text, offered), self.dealer))

    def outcome(self, win: Win) -> Outcome:
        """The winner, the seat it came from and 包呲, as ``win`` needs them."""
        if win is Win.DRAW:
            return Outcome.draw()
        was = self.current.outcome if self.current is not None else None  # --edit: its answers are the defaults
        winner = self._winner(win, was)
        source = self._source(win, winner, was) if win.needs_source else None
        return Outcome(win, winner, source, self._bao(win, was))

    def _winner(self, win: Win, was: Outcome | None) -> Seat:
        default = seat_name(self.dealer, self.lang) if win is Win.HEAVENLY else None
        if was is not None and was.winner is not None:
            default = seat_name(was.winner, self.lang)
        return self.ask("winner", lambda t: self._winner_answer(t, win), default)

    def _winner_answer(self, text: str, win: Win) -> Seat:
        return self._later_ok(_checked_winner(self.rules.house, self.seat_of(text), win, self.dealer), win)

    def _source(self, win: Win, winner: Seat, was: Outcome | None) -> Seat | None:
        question = "from_zhici" if win in (Win.ZHICI, Win.DIANPAO, Win.QIANGGANG) else "from_xuci"
        before = seat_name(was.source, self.lang) if was is not None and was.source is not None else None
        return self.ask(question, lambda t: self._source_ok(Outcome(win, winner, self.seat_of(t))), before)

    def _bao(self, win: Win, was: Outcome | None) -> bool | None:
        """包呲, asked of a 直呲 where the table plays it; a "no" keeps a hand that never said bao as it was
        (unsaid), so an edit with the defaults changes nothing."""
        said = win is Win.ZHICI and self.rules.house.baoci
        if said and confirm(self.q["bao"], was is not None and bool(was.bao), self.commands):
            return True
        return False if was is not None and was.bao is not None else None

    def _later_ok(self, winner: Seat, win: Win) -> Seat:
        if self.later is not None and not win.needs_source:  # a 直呲's winner is checked with its source
            self.later(self.dealer, Outcome(win, winner))
        return winner

    def _source_ok(self, outcome: Outcome) -> Seat | None:
        checked = _checked(self.rules.house, outcome, self.dealer)
        if self.later is not None:
            self.later(self.dealer, checked)
        return checked.source

    def _draw_ok(self, win: Win) -> Win:
        if self.later is not None and win is Win.DRAW:
            self.later(self.dealer, Outcome.draw())
        return win

    def ci(self, outcome: Outcome) -> int | None:
        """The ci tile, asked where the table doubles a 呲 by it (honor_ci_double)."""
        if not (self.rules.house.honor_ci_double and outcome.win.is_ci):
            return None
        from gangci_calc.core.tiles.notation import tile_text

        current = self.current
        before_ci = tile_text(current.ci) if current is not None and current.ci is not None else None
        return self.ask("ci", _ci_answer, before_ci)

    def bets(self, last_bets: tuple[Bets, Bets, Bets, Bets]) -> tuple[Bets, Bets, Bets, Bets]:
        """The add-ons and 跑: asked together, or 跑 alone when add-ons are off; last hand's the default."""
        rules, dealer = self.rules, self.dealer
        none: tuple[Bets, Bets, Bets, Bets] = (NO_BETS, NO_BETS, NO_BETS, NO_BETS)
        if not rules.policy and rules.house.pao is None:
            return none
        last = self.current.bets if self.current is not None else last_bets
        previous = _bets_text(last, self.lang) if _valid_bets(rules, dealer, last) else "-"
        question = "bets" if rules.house.pao is None else "bets_pao" if rules.policy else "pao_only"
        parse = _none_or(lambda t: _checked_bets(rules, dealer, t, self.names, self.seats), none)
        return self.ask(question, parse, previous)

    def kongs(self, outcome: Outcome) -> tuple[Kong, ...]:
        before = _kongs_text(self.current.kongs, self.lang) if self.current is not None else "-"
        return _ask_kongs(
            self.lang, outcome, lambda t: _checked_kongs(outcome, t, self.names, self.seats), before, self.commands
        )


def _ask_dealer(
    lang: str, given: Seat, names: dict[Seat, str], seats: tuple[Seat, ...], commands: tuple[str, ...]
) -> tuple[Seat, dict[Seat, str], bool]:
    """The dealer (``given`` the default), after any re-seatings typed first: (dealer, seating, re-seated).
    Another dealer than ``given`` is kept only once confirmed: a name typed a question early reads as a seat."""
    q = asking(lang)
    reseated = False

    def dealer_or_change(text: str) -> Seat | dict[Seat, str]:
        """A seat (or a re-seating); a command with its ``:`` (``:s``, as at every question), or bare where no
        answer reads so (``S`` is South, and Enter on ``[S]`` too: a command never shadows an answer)."""
        seating = reseat(text, names)
        if seating is not None:
            return seating
        try:
            return _in_play(parse_seat_answer(text, names), seats)
        except AnswerError:
            if text.strip().lower() in commands:
                raise TableCommand(text.strip().lower()) from None
            raise

    while True:
        answer = ask(q["dealer"], dealer_or_change, seat_name(given, lang), commands)
        if isinstance(answer, Seat):
            change = q["dealer_change"].format(
                new=seat_label(answer, lang, names), usual=seat_label(given, lang, names)
            )
            if answer is given or confirm(change, False, commands, words=True):
                return answer, names, reseated
            continue
        names, reseated = answer, True
        write_err(q["seating"] + " " + " ".join(seat_label(seat, lang, names) for seat in seats))


def _ask_kongs(
    lang: str,
    outcome: Outcome,
    parse: Callable[[str], tuple[Kong, ...]],
    default: str,
    commands: tuple[str, ...],
) -> tuple[Kong, ...]:
    """The hand's kongs. A 杠呲 win's own kong is counted by the win: the prompt says so, and a kong listed that
    is the same as it (a second kong, and wrong money, if it was the winning one) is kept only when confirmed."""
    q = asking(lang)
    own = winning_kong(outcome)
    win = win_label(outcome.win, lang)
    if own is not None:
        write_err(q["kongs_ci"].format(win=win))
    while True:
        none: tuple[Kong, ...] = ()
        kongs = ask(q["kongs"], _none_or(parse, none), default, commands)
        if own is None or own not in kongs:
            return kongs
        write_err(q["own_kong"].format(kong=_kongs_text((own,), lang), win=win))
        if confirm(q["own_kong_keep"], False, commands, words=True):
            return kongs


def winning_kong(outcome: Outcome) -> Kong | None:
    """The kong a 杠呲 win ends with (暗呲 / 天呲: the winner's 暗杠; 直呲: his 明杠 on the discard; 续呲: his 续杠
    on the pung its feeder gave), which the win's own G pays; ``None`` for any other win."""
    winner, source = outcome.winner, outcome.source
    if not outcome.win.is_ci or winner is None:
        return None
    if outcome.win in (Win.ANCI, Win.TIANCI):
        return Kong(winner, KongType.CONCEALED)
    return Kong(winner, KongType.EXPOSED if outcome.win is Win.ZHICI else KongType.ADDED, source)


def _kongs_text(kongs: tuple[Kong, ...], lang: str) -> str:
    """A hand's kongs as an answer would give them: ``北暗杠 东明杠南`` / ``N concealed, E exposed S``."""
    if not kongs:
        return "-"
    parts = []
    for kong in kongs:
        source = kong.source
        if lang == "zh":
            parts.append(
                seat_name(kong.by, "zh") + kong_label(kong.type, "zh") + (seat_name(source, "zh") if source else "")
            )
        else:
            parts.append(f"{kong.by.name} {kong.type.value}" + (f" {source.name}" if source else ""))
    return (" " if lang == "zh" else ", ").join(parts)


def _offered(house: HouseRules) -> tuple[Win, ...]:
    """The wins this table counts, in the order the prompt numbers them."""
    from gangci_calc.core.tiles.claims import allowed

    return tuple(w for w in Win if allowed(w, house))


def _ci_answer(text: str) -> int:
    from gangci_calc.core.errors import TileSyntaxError
    from gangci_calc.core.tiles.notation import parse_tile

    try:
        return parse_tile(text)
    except TileSyntaxError as error:
        raise AnswerError(say(m.TILE_ANSWER, value=repr(text), problem=error.message)) from None


def _checked(house: HouseRules, outcome: Outcome, dealer: Seat) -> Outcome:
    check_outcome(outcome, dealer, house)
    return outcome


def _checked_win(house: HouseRules, win: Win, dealer: Seat) -> Win:
    """A win this table counts (硬次 has no 炸弹; 点炮 needs 点炮胡)."""
    if win is not Win.DRAW:
        _checked(house, Outcome(win, dealer, dealer.shifted() if win.needs_source else None), dealer)
    return win


def _checked_winner(house: HouseRules, winner: Seat, win: Win, dealer: Seat) -> Seat:
    if win.needs_source:
        return winner
    _checked(house, Outcome(win, winner), dealer)
    return winner


def _in_play(seat: Seat, seats: tuple[Seat, ...]) -> Seat:
    """A seat named at the prompt, refused where the table has no such seat (三人场: no North)."""
    if seat not in seats:
        raise AnswerError(say(m.NO_NORTH_AT_THREE, seat=seat_word(seat)))
    return seat


def _checked_kongs(
    outcome: Outcome, text: str, names: dict[Seat, str], seats: tuple[Seat, ...] = SEATS
) -> tuple[Kong, ...]:
    kongs = tuple(parse_kongs(text, names))
    for kong in kongs:
        _in_play(kong.by, seats)
        if kong.source is not None:
            _in_play(kong.source, seats)
    check_kongs(kongs, outcome)
    return kongs


def _to_bets(counts: dict[Seat, dict[str, int]]) -> tuple[Bets, Bets, Bets, Bets]:
    bets = [Bets(**counts.get(seat, {})) for seat in SEATS]
    return (bets[0], bets[1], bets[2], bets[3])


def _checked_bets(
    rules: TableRules, dealer: Seat, text: str, names: dict[Seat, str] | None = None, seats: tuple[Seat, ...] = SEATS
) -> tuple[Bets, Bets, Bets, Bets]:
    counts = parse_bets(text, names)
    for seat in counts:
        _in_play(seat, seats)
    bets = _to_bets(counts)
    check_bets(bets, dealer, rules.policy, rules.house.pao is not None)
    return bets


def _valid_bets(rules: TableRules, dealer: Seat, bets: tuple[Bets, Bets, Bets, Bets]) -> bool:
    try:
        check_bets(bets, dealer, rules.policy, rules.house.pao is not None)
    except RuleError:
        return False
    return True


def _name_answer(text: str) -> str:
    """A player's name as typed: empty for none, else one line of printable text (written quoted)."""
    return name_text(text, ()) if text else ""


def _stakes_answer(text: str) -> str:
    if text in ("1", "2"):
        return text
    gang = ascii_whole(text)
    if gang is not None and gang > 0:
        return f"{{gang: {gang}}}"
    raise AnswerError(say(m.STAKES_ANSWER, value=repr(text)))


def new_session(path: str, lang: str, base: HouseRules = SEED_RULES, date: str | None = None) -> None:
    """Ask for the table settings and start a session file, dated ``date`` (ISO; default today): asked without
    the ledger's lock, written under it unless the file was made meanwhile."""
    if Path(path).exists():
        raise InputError(path, say(m.FILE_EXISTS))
    text = _new_session(path, lang, base, date)
    with ledger_lock(path, lambda: write_err(asking(lang)["waiting"].format(file=path))):
        if Path(path).exists():  # the page started the evening while the questions were answered
            raise InputError(path, say(m.FILE_EXISTS))
        write_atomically(path, text)
    write_err(asking(lang)["saved"].format(file=path))


def _new_session(path: str, lang: str, base: HouseRules, date: str | None) -> str:
    """The new ledger's text, from the answers, read back clean."""
    q = asking(lang)
    stakes = ask(q["stakes"], _stakes_answer, "1")
    policy = confirm(q["policy"], default=True)
    no_options: dict[str, object] = {}
    options, fee = ask(q["house"], _none_or(parse_rules_and_fee, (no_options, no_options)), "-")
    house = {key: value.value if isinstance(value, Enum) else value for key, value in options.items()}
    # the rules before the names: a table of three (三人场, here or in --rules) is asked three names
    seats = in_play(bool(house.get("three_players", base.three_players)))
    names: dict[Seat, str] = {}
    for seat in seats:
        name = ask(q["name"].format(seat=seat_label(seat, lang)), _name_answer, "")
        if name:
            names[seat] = name
    dealer = ask(
        q["first"], lambda text: _in_play(parse_seat_answer(text, names), seats), "东" if lang == "zh" else "E"
    )
    day = date or datetime.date.today().isoformat()
    text = new_session_text(stakes, policy, names, dealer, house, fee, day)
    session_from_text(text, path, base)
    return text
