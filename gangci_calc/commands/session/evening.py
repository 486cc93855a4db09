"""The ledger at the table: ``gangci session FILE --add``, ``--edit N``, ``--undo`` and the ``--play`` loop.

Every change is made under the ledger's lock, read back whole (rules and tile
claims) before it is written, and written atomically; only the changed hand's
text differs (:mod:`gangci_calc.io.ledger.ledger_edit`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from gangci_calc.commands.service import settle_evening, settle_hand
from gangci_calc.commands.session import changes
from gangci_calc.commands.session.prompts import PLAY_KEYS, Entry, TableCommand, ask_hand, asking
from gangci_calc.core.errors import AnswerError, ClaimRejected, InputError, InputErrors, RuleError
from gangci_calc.core.evening.sequence import next_dealer
from gangci_calc.core.rules import NO_BETS, SEED_RULES, Hand, HouseRules, Outcome, Seat, Win
from gangci_calc.io.ledger.atomic import check_ledger_writable
from gangci_calc.io.ledger.ledger_edit import in_own_lines, kept_fields, with_hand_replaced
from gangci_calc.io.ledger.ledger_next import without_next
from gangci_calc.io.ledger.ledger_tail import LedgerTail
from gangci_calc.io.ledger.ledger_write import append_hand_text
from gangci_calc.io.load.load import Table
from gangci_calc.io.load.load_session import SessionFile, SettledSession, load_session, session_from_text
from gangci_calc.io.show.chat import hand_line, wrapped
from gangci_calc.io.show.console import write_err
from gangci_calc.words import messages as m
from gangci_calc.words import say as tell
from gangci_calc.words import text_of

_ASKED = ("dealer", "win", "ci", "bets", "kongs")  # what the prompts ask; an edit keeps every other field


@contextmanager
def _locked(path: str, lang: str) -> Iterator[None]:
    """The ledger's lock, then a check that the ledger can be written as it is: before any prompt."""
    with changes.locked(path, lambda: write_err(asking(lang)["waiting"].format(file=path))):
        yield


def settled(session: SessionFile) -> SettledSession:
    """A ledger this module wrote, or read back whole before writing (its claims checked then), settled."""
    return settle_evening(session, check=False)


def _next_entry(session: SessionFile, lang: str, commands: tuple[str, ...] = ()) -> Entry:
    last = session.hands[-1].loaded.hand if session.hands else None
    number = len(session.hands) + 1
    return _ask_next(lang, number, session.table_now, session.next_dealer(), session.mi, last, commands)


def _ask_next(
    lang: str,
    number: int,
    table: Table,
    dealer: Seat,
    mi: tuple[int, int, int, int],
    last: Hand | None,
    commands: tuple[str, ...] = (),
) -> Entry:
    """Ask hand ``number``, the last hand's add-ons as the defaults; point out a hand entered twice."""
    bets = last.bets if last is not None else (NO_BETS, NO_BETS, NO_BETS, NO_BETS)
    entry = ask_hand(lang, number, table, dealer, mi, bets, None, commands)
    if last is not None and _same_play(entry.hand, last):
        write_err(asking(lang)["same_as_last"].format(n=number - 1))
    return entry


def _same_play(hand: Hand, before: Hand) -> bool:
    """The same outcome, add-ons and kongs as the hand before (a bare 流局 again is common, and not worth a word)."""
    bare_draw = hand.outcome.win is Win.DRAW and not hand.kongs and hand.bets == before.bets
    same = (hand.outcome, hand.bets, hand.kongs, hand.ci) == (before.outcome, before.bets, before.kongs, before.ci)
    return same and not bare_draw


def _append(path: str, session: SessionFile, entry: Entry, base: HouseRules) -> SessionFile:
    block, flow = entry.item()
    text = session.text
    if session.upcoming is not None:  # a change saved before this hand (the page's 换人): the hand takes it over
        reading = session.reading_at(len(session.hands) + 1)
        block, flow = changes.taking_next(path, session.upcoming.given, reading, block)
        text = in_own_lines(text, without_next)
    try:
        text = in_own_lines(text, lambda text: append_hand_text(text, block, flow))
    except ValueError as error:
        raise InputError(path, tell(m.CANNOT_APPEND, reason=str(error))) from None
    return changes.write(path, text, base)


def add_hand(path: str, lang: str, base: HouseRules = SEED_RULES) -> LedgerTail:
    """Ask for the next hand, then append it under the lock (:func:`gangci_calc.commands.session.changes.append`):
    no lock is held while the person answers, so the page's phones write meanwhile (:func:`_still_fits`)."""
    check_ledger_writable(path)  # a ledger that cannot be replaced as it is: refused before any question
    while True:
        tail = changes.read_tail(path, base)
        entry = _ask_next(lang, tail.count + 1, tail.table, tail.dealer, tail.mi, tail.last)

        def item(now: LedgerTail, tail: LedgerTail = tail, entry: Entry = entry) -> tuple[str, str]:
            _still_fits(Asked.of(tail), Asked.of(now), lang)
            return entry.item()

        try:
            with _locked(path, lang):
                added = changes.append(path, base, item)
        except _AskAgain:
            continue
        write_err(asking(lang)["saved"].format(file=path))
        return added.tail


class _AskAgain(Exception):
    """The evening changed while the person answered, so that the answers no longer fit: nothing was written."""


@dataclass(frozen=True)
class Asked:
    """A ledger as the next hand's questions see it: which bytes, how many hands, and what the answers are given
    against (the table, the dealer, a change saved for the next hand)."""

    version: str
    count: int
    context: tuple[object, ...]

    @staticmethod
    def of(at: LedgerTail | SessionFile) -> Asked:
        if isinstance(at, LedgerTail):
            return Asked(at.digest, at.count, (at.table, at.dealer, at.pending))
        upcoming = at.upcoming.given if at.upcoming is not None else None
        return Asked(at.text, len(at.hands), (at.table_now, at.next_dealer(), upcoming))


def _still_fits(asked: Asked, now: Asked, lang: str) -> None:
    """Under the lock, before a hand asked of the ledger as it was (``asked``) is written to it as it is ``now``:
    the same ledger, or one changed meanwhile (a phone added, undid or edited a hand) whose next hand is played at
    the same table and dealer, so the answers mean the same: taken as the next hand, and said so. Else nothing is
    written and the hand is asked again, said so too."""
    if asked.version == now.version:
        return
    if asked.context != now.context:
        write_err(tell(m.EVENING_MOVED_AGAIN, count=now.count, n=now.count + 1).text(lang))
        raise _AskAgain
    write_err(tell(m.EVENING_MOVED_NEXT, count=now.count, n=now.count + 1).text(lang))


def undo_hand(path: str, lang: str, base: HouseRules = SEED_RULES) -> None:
    """Remove the last hand and say which it was."""
    with _locked(path, lang):
        _undo(path, lang, base)


def _undo(path: str, lang: str, base: HouseRules) -> None:
    last = changes.remove_last(path, base)
    line = hand_line(last.number, last.loaded.hand, last.loaded.names, settle_hand(last.loaded, check=False).net, lang)
    write_err(asking(lang)["removed"].format(hand=line))


def edit_hand(path: str, number: int, lang: str, base: HouseRules = SEED_RULES) -> None:
    """Ask hand ``number`` again, its answers as the defaults, and put the new one in its place: asked without the
    lock, written under it where the hand and those before it are as they were asked (else asked again)."""
    check_ledger_writable(path)
    shown: Hand | None = None
    while True:
        session = load_session(path, base)
        if not 1 <= number <= len(session.hands):
            raise InputError(path, tell(m.NO_SUCH_HAND, n=number, count=len(session.hands)))
        index = number - 1
        item = session.hands[index]
        hand = item.loaded.hand
        if index == 0:
            usual = session.first_dealer
        else:
            before = session.hands[index - 1].loaded.hand
            usual = next_dealer(before.house, before.dealer, before.outcome)
        table = Table(hand.rules, item.loaded.names)
        later = _later_hands(session, index, base)
        entry = ask_hand(lang, number, table, usual, hand.mi, (shown or hand).bets, shown or hand, later=later)
        if entry.hand == hand and not entry.reseated and entry.dealer_overridden == item.dealer_overridden:
            write_err(asking(lang)["unchanged"].format(n=number))
            return
        try:  # a change the answers could not catch is told, and its answers offered again: never lost
            with _locked(path, lang):
                now = load_session(path, base)
                if _up_to(now, number) != _up_to(session, number):
                    write_err(tell(m.EDIT_MOVED, n=number).text(lang))
                    shown = entry.hand
                    continue
                _replace(path, now, index, entry, base)
        except (InputError, InputErrors, ClaimRejected) as error:
            write_err(f"  ✗ {error}")
            shown = entry.hand
            continue
        write_err(asking(lang)["saved"].format(file=path))
        return


def _up_to(session: SessionFile, number: int) -> str | None:
    """The ledger's text up to the end of hand ``number`` (the header and the hands an edit of it reads); ``None``:
    no such hand."""
    from gangci_calc.io.ledger.ledger_edit import hand_texts

    items = hand_texts(session.text)
    return session.text[: items[number - 1].end] if len(items) >= number else None


def _replace(path: str, session: SessionFile, index: int, entry: Entry, base: HouseRules) -> None:
    """Hand ``index`` replaced by ``entry``, its other fields (``tiles:``, ``id:`` ...) and comments kept."""
    asked = (*_ASKED, "players") if entry.reseated else _ASKED
    block, flow = entry.item(tuple(in_own_lines(session.text, lambda text: kept_fields(text, index, asked))))
    changes.write(path, in_own_lines(session.text, lambda text: with_hand_replaced(text, index, block, flow)), base)


def _later_hands(session: SessionFile, index: int, base: HouseRules) -> Callable[[Seat, Outcome], None]:
    """For ``--edit``: refuse, at the answer, a dealer and outcome of hand ``index`` that would break a later hand
    (who deals each later hand follows from it: a later 天胡 must still be the dealer's)."""
    from gangci_calc.io.ledger.ledger_write import hand_flow, hand_yaml

    def check(dealer: Seat, outcome: Outcome) -> None:
        if index == len(session.hands) - 1:
            return  # nothing comes after the last hand
        probe = Hand(session.hands[index].loaded.hand.rules, dealer, outcome)
        block = hand_yaml(probe, dealer_overridden=True)
        flow = hand_flow(probe, dealer_overridden=True)
        text = in_own_lines(session.text, lambda text: with_hand_replaced(text, index, block, flow))
        try:
            session_from_text(text, session.source, base)
        except InputErrors as errors:
            later = [e for e in errors.errors if e.path[:2] > ("hands", index) and len(e.path) >= 2]
            if later:
                raise AnswerError(tell(m.FIELD_MESSAGE, field=later[0].field, message=later[0].message)) from None
        except InputError:
            return  # the hand itself: its own answers are checked as they come

    return check


def _columns() -> int:
    import shutil

    return shutil.get_terminal_size().columns


def play(path: str, lang: str, base: HouseRules = SEED_RULES, fmt: str = "table") -> None:
    """Stay at the prompts for the evening: a hand, its result and the standings, then the next.

    Each hand is written as soon as it is entered, so stopping (Ctrl-C, end of input) loses none.
    ``u`` undoes the last hand, ``s`` shows the standings, ``l`` the ledger (in ``fmt``, where it is one for
    people), ``q`` leaves; at any question (the hand is then asked again). In the chat's formats (``-f text``,
    ``markdown``) each section is followed by a blank line, as ``session -f text`` has them.
    """
    from gangci_calc.io.export.formats import SESSION
    from gangci_calc.io.show.chat import standings_lines

    shown = fmt if fmt in ("table", "text", "markdown") else "table"

    def section(text: str) -> None:
        write_err(text)
        if shown != "table":  # write_err ends a text with one newline: the blank line is its own
            write_err("")

    check_ledger_writable(path)
    write_err(asking(lang)["play_keys"])
    while True:
        try:
            session = load_session(path, base)  # asked without the lock: the page's phones write meanwhile
            entry = _next_entry(session, lang, PLAY_KEYS)
            with _locked(path, lang):
                now = load_session(path, base)
                _still_fits(Asked.of(session), Asked.of(now), lang)
                session = _append(path, now, entry, base)
        except _AskAgain:
            continue
        except TableCommand as command:
            if command.key == "q":
                return
            if command.key == "u":
                try:
                    with _locked(path, lang):
                        _undo(path, lang, base)
                except InputError as error:
                    write_err(f"  ✗ {text_of(error.message, lang)}")
                continue
            result = settled(load_session(path, base))
            if command.key == "s":
                section("\n".join(standings_lines(result, lang)))
            else:
                section(SESSION[shown].renderer()(result, lang))
            continue
        except (AnswerError, RuleError, ClaimRejected) as error:  # a hand the ledger refused: nothing was written
            write_err(f"  ✗ {error}")
            continue
        result = settled(session)
        last = result.hands[-1]
        line = hand_line(last.hand.number, last.hand.loaded.hand, last.hand.loaded.names, last.settlement.net, lang)
        section(wrapped(line, _columns()))  # a phone's 40 columns: broken between players, never in an amount
        section("\n".join(standings_lines(result, lang)))
