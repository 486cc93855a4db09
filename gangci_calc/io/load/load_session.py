"""Session files (many hands at one table) -> checked hands with their dealers.

A session is a ledger: every bad hand is reported (not just the first) and
nothing is scored until all are right.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from gangci_calc.core.errors import FieldPath, InputError, InputErrors, RuleError
from gangci_calc.core.evening.dues import Dues, dues_of
from gangci_calc.core.evening.ledger import Net, Person, SessionResult, person_name
from gangci_calc.core.evening.sequence import next_dealer, next_mi
from gangci_calc.core.evening.transfers import Transfer
from gangci_calc.core.rules import (
    NO_MI,
    SEED_RULES,
    Amount,
    HouseRules,
    Outcome,
    Seat,
    Settlement,
    Win,
)
from gangci_calc.core.rules.seats import in_play
from gangci_calc.io.load.boundary import META_LIMIT, MOST_HANDS, SESSION_FILE_LIMIT, parse_yaml, read_text
from gangci_calc.io.load.fields import kind_of, read_date, read_mapping, read_paid, read_seat
from gangci_calc.io.load.load import (
    LoadedHand,
    Table,
    hand_from,
    located,
    record_echo,
    table_changed,
    table_from,
)
from gangci_calc.io.load.schema import NEXT, SESSION, SESSION_HAND, TABLE_KEYS, TOP_KEYS, Keys, field_words
from gangci_calc.words import messages as m
from gangci_calc.words import say


@dataclass(frozen=True)
class SessionHand:
    """One hand of the evening, with its number and how its dealer was decided."""

    number: int  # 1-based
    loaded: LoadedHand
    dealer_overridden: bool  # `dealer:` given on the hand (passed by agreement)
    line: int | None = None
    table_changed: bool = False  # the hand changes stakes, policy, rules or players from here on
    raw: Mapping[Any, Any] = field(default_factory=dict, compare=False, repr=False)  # the hand's mapping as read


@dataclass(frozen=True)
class Next:
    """``next:`` (下一局): a table change saved before the hand it starts at, as given (canonical keys) and the
    table it makes. The next hand written takes its fields over, and the header's ``next:`` goes."""

    given: dict[str, Any]
    table: Table


@dataclass(frozen=True)
class SessionFile:
    source: str
    table: Table  # as the header sets it
    first_dealer: Seat
    hands: tuple[SessionHand, ...]
    text: str  # the file as read, for --add to extend
    current: Table | None = None  # the table after the last hand's changes (None: the header's)
    mi: tuple[int, int, int, int] = NO_MI  # 米 held before the next hand (下米)
    date: str | None = None  # the evening's date (YYYY-MM-DD), where the header gives it
    paid: tuple[Transfer[str], ...] = ()  # 已付: the payments recorded as made, by name
    upcoming: Next | None = None  # ``next:``: the table changed before the next hand was entered
    paid_at: tuple[str | None, ...] = ()  # when each payment of ``paid`` was recorded (None: not said)

    @property
    def table_after(self) -> Table:
        """The table as the last hand left it (the header's before any hand)."""
        return self.current if self.current is not None else self.table

    @property
    def table_now(self) -> Table:
        """The table the next hand is played at: as the last hand left it, with ``next:`` applied."""
        return self.upcoming.table if self.upcoming is not None else self.table_after

    def next_dealer(self) -> Seat:
        """Who deals the next hand: the last winner; after a 流局 as the table's rules say."""
        if not self.hands:
            return self.first_dealer
        hand = self.hands[-1].loaded.hand
        return next_dealer(hand.house, hand.dealer, hand.outcome)

    def reading_at(self, number: int) -> Reading:
        """The state hand ``number`` is read in (its table before its own changes, its usual dealer, its 米): the
        next hand's for a number past the last, as the loader would have it for hand ``number`` of the ledger."""
        count = len(self.hands)
        if number > count:
            return Reading(self.table_now, self.next_dealer(), self.mi, count)
        if number <= 1:
            return Reading(self.table, self.first_dealer, NO_MI, 0)
        before = self.hands[number - 2].loaded
        hand = before.hand
        mi = next_mi(hand.house, hand.mi, hand.dealer, hand.outcome.win)
        return Reading(
            Table(hand.rules, before.names), next_dealer(hand.house, hand.dealer, hand.outcome), mi, number - 1
        )


@dataclass(frozen=True)
class SettledSessionHand:
    """A hand of the file (number, names, line...) with its settlement and the running totals."""

    hand: SessionHand
    settlement: Settlement
    running: Net


@dataclass(frozen=True)
class SettledSession:
    """A session file and its settled evening, as the renderers read them."""

    session: SessionFile
    hands: tuple[SettledSessionHand, ...]
    totals: Net
    transfers: tuple[Transfer[Seat], ...]
    people: tuple[tuple[Person, Amount], ...]
    settle_up: tuple[Transfer[Person], ...]
    fees: int = 0  # the table fee collected over the evening
    fees_paid: tuple[tuple[Person, Amount], ...] = ()  # what each person paid in 台费

    @classmethod
    def of(cls, session: SessionFile, result: SessionResult) -> SettledSession:
        hands = tuple(
            SettledSessionHand(item, settled.settlement, settled.running)
            for item, settled in zip(session.hands, result.hands, strict=True)
        )
        people = result.people
        if not hands:  # nobody has played yet: the header's seating
            seats = in_play(session.table.rules.house.three_players)
            people = tuple((session.table.names.get(seat, seat), 0) for seat in seats)
        return cls(
            session, hands, result.totals, result.transfers, people, result.settle_up, result.fees, result.fees_paid
        )

    @property
    def named_settle_up(self) -> tuple[Transfer[str], ...]:
        """The settle-up with each person by the name the outputs (and ``paid:``) give them."""
        return tuple(Transfer(person_name(t.payer), person_name(t.payee), t.amount) for t in self.settle_up)

    @property
    def named_fees_paid(self) -> dict[str, Amount]:
        """What each person paid in 台费, by name."""
        return {person_name(who): amount for who, amount in self.fees_paid}

    def dues(self) -> Dues[str]:
        """The settle-up's transfers still open after the ledger's ``paid:``, and what each person still owes: every
        settle-up shown (``session``, the page, ``history``, the 赛季 view, their JSON) is this one, by name."""
        return dues_of(self.named_settle_up, self.session.paid)

    def open_transfers(self) -> tuple[Transfer[Person], ...]:
        """:meth:`dues`' open transfers, each person as the evening knows them (for labels: a seat, the house)."""
        people = {person_name(who): who for who, _ in self.people}
        return tuple(
            Transfer(people.get(t.payer, t.payer), people.get(t.payee, t.payee), t.amount) for t in self.dues().open
        )

    def payments(self) -> tuple[tuple[Transfer[Person], str | None], ...]:
        """The payments ``paid:`` records, each person as the evening knows them, with when each was recorded."""
        people = {person_name(who): who for who, _ in self.people}
        times = self.session.paid_at or (None,) * len(self.session.paid)
        return tuple(
            (Transfer(people.get(t.payer, t.payer), people.get(t.payee, t.payee), t.amount), at)
            for t, at in zip(self.session.paid, times, strict=True)
        )

    @cached_property  # asked for each hand of a table: worked out once (5,000 hands took 100 s)
    def seats(self) -> tuple[Seat, ...]:
        """The seats the evening was played at: E S W when every hand was at a table of three."""
        if self.hands:
            played = {seat for h in self.hands for seat in h.hand.loaded.hand.seats}
        else:
            played = set(in_play(self.session.table.rules.house.three_players))
        return tuple(seat for seat in Seat if seat in played)

    def seats_of(self, person: Person) -> list[Seat]:
        """The seats a person sat in during the evening, in order of first sitting."""
        if isinstance(person, Seat):
            return [person]
        seats = (seat for h in self.hands for seat, name in h.hand.loaded.names.items() if name == person)
        return list(dict.fromkeys(seats))


_MI_SPELLINGS = set(TOP_KEYS["mi"])


def session_from_text(text: str, source: str, base: HouseRules = SEED_RULES, *, line_offset: int = 0) -> SessionFile:
    """A session's text -> its hands, each under the table in force at it; ``base``: ``--rules FILE``.

    ``line_offset``: where the text starts in its file (a session record of a batch stream).
    """
    lines = _refuse_too_many_hands(text, source, line_offset)
    data = parse_yaml(text, source, line_offset=line_offset)
    if data is None:
        raise InputError(source, say(m.EMPTY_FILE, need=m.SESSION_NEEDS))
    return session_from_data(data, source, base, text, line_offset=line_offset, lines=lines)


def _refuse_too_many_hands(text: str, source: str, line_offset: int) -> list[int | None]:
    """The lines of a ledger's hands (:func:`hand_lines`), refused past :data:`MOST_HANDS` at its ``hands``
    before the ledger is read: a megabyte of 50,000 one-line hands is refused in half a second."""
    lines, start = hand_lines(text)
    if len(lines) > MOST_HANDS and start is not None:
        from gangci_calc.io.load.schema import field_words

        mark = start.start_mark
        raise InputError(
            source,
            say(m.TOO_MANY_HANDS, most=f"{MOST_HANDS:,}", count=f"{len(lines):,}"),
            line=mark.line + 1 + line_offset if mark else None,
            column=mark.column + 1 if mark else None,
            field=field_words(("hands",)),
            path=("hands",),
        )
    return lines


def hand_lines(text: str) -> tuple[list[int | None], Any]:
    """The 1-based line of each item of a ledger's ``hands:``, and the event where the list starts (``None``: no
    list), from the parser's events: nothing is built, so a ledger's hands are counted before it is read."""
    import yaml

    depth = 0
    expect_key = counting = False  # at the top: is a key next? are the items being met the hands?
    key: yaml.Event | None = None  # the top key last met
    hands: yaml.Event | None = None  # where the hands' list starts
    lines: list[int | None] = []
    try:
        for event in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml: faster
            kind = type(event)
            if kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                if depth == 1:  # a top key's value
                    counting = hands is None and kind is yaml.SequenceStartEvent and _names_hands(key)
                    hands = event if counting else hands
                elif depth == 2 and counting:
                    lines.append(_line_of(event))
                depth += 1
                expect_key = depth == 1 and kind is yaml.MappingStartEvent
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                depth -= 1
                if depth == 1:
                    counting, expect_key = False, True
            elif depth == 1:  # a scalar or an alias: a top key, or its value
                key = event if expect_key else key
                expect_key = not expect_key
            elif depth == 2 and counting:
                lines.append(_line_of(event))
    except yaml.YAMLError:
        return [], None  # the parse that follows says where
    return lines, hands


def _line_of(event: Any) -> int | None:
    mark = event.start_mark
    return mark.line + 1 if mark is not None else None


def _names_hands(key: object) -> bool:
    from gangci_calc.io.load.schema import normalize_key

    value = getattr(key, "value", None)
    return isinstance(value, str) and normalize_key(value) == "hands"


def session_from_data(
    data: Any,
    source: str,
    base: HouseRules = SEED_RULES,
    text: str | None = None,
    *,
    line_offset: int = 0,
    lines: list[int | None] | None = None,
) -> SessionFile:
    """A session's data -> its hands; ``text``, where there is one, locates the errors (and --add extends it);
    ``lines``: its hands' lines (:func:`hand_lines`), where they were counted already."""
    try:
        head = _SessionHead(data, base)
    except RuleError as error:
        raise located(error, source, text, line_offset=line_offset) from None
    table, first_dealer, raw_hands, pending = head.table, head.first_dealer, head.raw_hands, head.pending

    if lines is None:
        lines = hand_lines(text)[0] if text else []
    lines = [line + line_offset if line is not None else None for line in lines]
    errors: list[InputError] = []
    hands: list[SessionHand] = []
    reading = Reading(table, first_dealer)
    for index, raw in enumerate(raw_hands):
        try:
            hand = reading.take(raw, index, source, lines[index] if index < len(lines) else None)
        except RuleError as error:
            located_error = located(error, source, text, line_offset=line_offset)
            errors.append(hand_error(error, index + 1, source, located_error.line, located_error.column))
            reading.skip(raw)
            continue
        hands.append(hand)
    if errors:
        raise InputErrors(errors)
    try:
        upcoming = Next(pending, table_changed(pending, reading.table, ("next",))) if pending else None
    except RuleError as error:
        raise located(error, source, text, line_offset=line_offset) from None
    return SessionFile(
        source,
        table,
        first_dealer,
        tuple(hands),
        text or "",
        reading.table,
        reading.mi,
        head.date,
        head.paid,
        upcoming,
        head.paid_at,
    )


class _SessionHead:
    """A session's keys before its hands (table, first dealer, date, paid, next), each read and checked; raises
    RuleError."""

    def __init__(self, data: Any, base: HouseRules) -> None:
        if not isinstance(data, dict):
            raise RuleError((), say(m.SESSION_MAPPING, kind=kind_of(data)))
        given = read_mapping(data, (), SESSION, m.WHAT_SESSION)
        self.table = table_from(given, (), base)
        if "dealer" not in given:
            raise RuleError((), say(m.MISSING_FIRST_DEALER))
        self.first_dealer = read_seat(given["dealer"], ("dealer",))
        self.date = read_date(given["date"], ("date",)) if "date" in given else None
        self.paid, self.paid_at = read_paid(given["paid"], ("paid",)) if "paid" in given else ((), ())
        raw_hands = given.get("hands")
        if raw_hands is None:
            raw_hands = []
        if not isinstance(raw_hands, list):
            raise RuleError(("hands",), say(m.HANDS_LIST, kind=kind_of(raw_hands)))
        if len(raw_hands) > MOST_HANDS:  # refused before a hand is read
            raise RuleError(("hands",), say(m.TOO_MANY_HANDS, most=f"{MOST_HANDS:,}", count=f"{len(raw_hands):,}"))
        self.raw_hands: list[Any] = raw_hands
        self.pending = read_mapping(given["next"], ("next",), NEXT, m.WHAT_NEXT) if "next" in given else None


def hand_error(error: RuleError, number: int, source: str, line: int | None, column: int | None) -> InputError:
    """A session hand's error: ``第 N 局: field: message``."""
    field = field_words(error.path[2:])
    message = say(m.FIELD_MESSAGE, field=field, message=error.message) if error.path[2:] else error.message
    return InputError(
        source, message, line=line, column=column, field=say(m.HAND_N, n=number), path=error.path, reason=error.message
    )


class Reading:
    """A session read hand by hand: the table, the dealer and the 米 in force as each hand comes.

    The loader takes every hand through :meth:`take`; ``--add`` on a long ledger takes just the new one, from
    the state kept after the last (:mod:`gangci_calc.io.ledger.ledger_tail`), with the same checks.
    """

    def __init__(self, table: Table, dealer: Seat, mi: tuple[int, int, int, int] = NO_MI, count: int = 0) -> None:
        self.table = table
        self.dealer = dealer  # who deals the next hand, unless it says otherwise
        self.mi = mi
        self.count = count  # hands taken (or skipped) so far

    def take(self, raw: Any, index: int, source: str, line: int | None) -> SessionHand:
        """Hand ``index`` (0-based) read under the state so far, which it then moves on; raises RuleError."""
        path = ("hands", index)
        overridden = changed = False
        if isinstance(raw, dict):
            for key in raw:
                if key in _MI_SPELLINGS:
                    raise RuleError((*path, "mi"), say(m.SESSION_COUNTS_MI), at_key=True)
        given = read_mapping(raw, path, SESSION_HAND, m.WHAT_SESSION_HAND)
        current = self.table
        if any(key in given for key in TABLE_KEYS):
            current = self.table = table_changed(given, current, path)  # from this hand on, even if it is bad
            changed = True
        dealer = self.dealer
        if given.get("dealer") is not None:
            dealer = read_seat(given["dealer"], (*path, "dealer"))
            overridden = True
        mi = self.mi if current.rules.house.xiami else NO_MI
        hand, tiles = hand_from(given, current, dealer, path, mi=mi)
        record_id, meta = record_echo(given, path)
        if meta is not None:
            _meta_within(meta, (*path, "meta"))
        loaded = LoadedHand(hand, current.names, tiles, f"{source}:{line}", id=record_id, meta=meta)
        self.count += 1
        self.dealer = next_dealer(hand.house, dealer, hand.outcome)
        self.mi = next_mi(hand.house, mi, hand.dealer, hand.outcome.win)
        return SessionHand(index + 1, loaded, overridden, line, changed, raw if isinstance(raw, dict) else {})

    def skip(self, raw: Any) -> None:
        """A bad hand: guess its winner, so later hands still get their dealers."""
        winner = _raw_winner(raw)
        guess = Outcome(Win.BOMB, winner) if winner is not None else Outcome.draw()
        self.dealer = next_dealer(self.table.rules.house, self.dealer, guess)
        if not self.table.rules.house.xiami:
            self.mi = NO_MI
        self.count += 1


def _meta_within(meta: Any, path: FieldPath) -> None:
    """A ledger's hand keeps at most META_LIMIT of meta (as JSON): a page cannot grow a ledger without end."""
    import json

    size = len(json.dumps(meta, ensure_ascii=False, default=str).encode("utf-8", "surrogatepass"))
    if size > META_LIMIT:
        raise RuleError(path, say(m.META_TOO_LARGE, size=META_LIMIT >> 10, given=-(-size // 1024)))


def _raw_winner(raw: Any) -> Seat | None:
    """Best guess at a bad hand's winner, so later hands still get their dealers (any spelling of the keys)."""
    from gangci_calc.core.rules import parse_seat
    from gangci_calc.io.load.schema import WIN, WIN_NAMES

    win = _by_key(raw, SESSION_HAND, "win")
    kind = _by_key(win, WIN, "type")
    if isinstance(kind, str) and WIN_NAMES.get(kind) is Win.DRAW:
        return None
    return parse_seat(_by_key(win, WIN, "winner"))


def _by_key(data: Any, keys: Keys, key: str) -> Any:
    """The value of ``key`` in a mapping, under any of its spellings; ``None`` where there is none."""
    if not isinstance(data, dict):
        return None
    return next((value for name, value in data.items() if keys.lookup.get(name) == key), None)


def load_session(path: str | Path, base: HouseRules = SEED_RULES) -> SessionFile:
    return session_from_text(read_text(path, SESSION_FILE_LIMIT), str(path), base)
