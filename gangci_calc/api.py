"""Scoring from Python: the mappings of the files in, results out, with the checks and the words of the CLI.

Nothing here reads or writes a file, so each function drops into a notebook, a
pandas / polars ``apply`` or a Spark ``map`` as it is.

>>> result = score({"stakes": 2, "dealer": "E", "win": {"type": "zhici", "winner": "W", "from": "S"}})
>>> result.net
{'E': -3000, 'S': -13000, 'W': 19000, 'N': -3000}
>>> [(p.payer, p.payee, p.amount, p.reason) for p in result.payments()][:2]
[('S', 'W', 13000, 'zhici'), ('N', 'W', 3000, 'zhici')]
>>> score({"stakes": 2, "dealer": "E", "win": {"type": "heavenly", "winner": "S"}}, lang="en")
Traceback (most recent call last):
...
gangci_calc.core.errors.HandError: win.winner: 天胡 (heavenly) is the dealer's only, and S is not the dealer (E is)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gangci_calc.commands.service import settle_evening, settle_hand
from gangci_calc.core.errors import ClaimRejected, HandError, InputError, InputErrors, RuleError, field_name
from gangci_calc.core.rules import SEATS, SEED_RULES, Amount, Hand, HouseRules, Settlement
from gangci_calc.io.load.ids import record_id
from gangci_calc.words import LANGS, Text, say, speaking
from gangci_calc.words import messages as m

__all__ = ["Details", "Evening", "HandError", "Payment", "Result", "Transfer", "score", "score_many", "settle_session"]


@dataclass(frozen=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` for ``reason`` (the win, or a kong: ``exposed``, ...), as ``role``.

    The fields are the JSON's (``io/export/export.py`` ``payment_object``), with ``reason`` for its ``for``.
    """

    payer: str
    payee: str
    amount: Amount
    reason: str
    role: str = "loser"  # loser, discarder, feeder, robbed, bao, kong, mi or fee


class Details:
    """What a :class:`Result` works out only when it is asked: its payments and its formulas in words.

    Made from the hand ``score`` settled; kept once made. It pickles as what it is made from, so a Result crosses
    to a Spark executor as it is.
    """

    __slots__ = ("made", "source")

    def __init__(self, source: tuple[Any, ...]) -> None:
        self.source = source  # (hand, settlement, names, lang)
        self.made: tuple[tuple[Payment, ...], tuple[str, ...]] | None = None

    def worked(self) -> tuple[tuple[Payment, ...], tuple[str, ...]]:
        """(payments, explanation), made on the first call."""
        if self.made is None:
            self.made = _details(*self.source)
        return self.made

    def __eq__(self, other: object) -> bool:
        """The same payments and words (each side works them out)."""
        return isinstance(other, Details) and self.worked() == other.worked()

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.source, self.made)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.source, self.made = state


@dataclass(frozen=True)
class Result:
    """One hand settled: the net per seat (summing to 0), who won and who paid; its payments and the formulas in
    words are the methods :meth:`payments` and :meth:`explain`, worked out when first called (a platform that
    wants the nets does not pay for the words). Equality compares the fields, not the details."""

    net: dict[str, Amount]
    outcome: str  # the win type: bomb, zhici, draw, ...
    winner: str | None
    source: str | None  # 直呲 / 续呲 / 点炮 / 抢杠: the other seat named
    dealer: str
    rules: dict[str, Any]  # the house rules in force that are not the seed's
    players: dict[str, str] = field(default_factory=dict)
    id: str | int | None = None  # the record's own, as given
    meta: dict[str, Any] | None = None
    hand: int | None = None  # its number, in a session
    details: Details = field(default_factory=lambda: Details(()), compare=False, repr=False)
    kept: dict[str, Any] = field(default_factory=dict)  # ``keep=``'s keys the record has, as given (not null)

    def payments(self) -> tuple[Payment, ...]:
        """Every payment of the hand, in the order of ``gangci score --format json`` (worked out on the first call).

        >>> hand = score({"stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}})
        >>> [(p.payer, p.amount) for p in hand.payments()]
        [('W', 200), ('N', 200), ('E', 200)]
        """
        return self.details.worked()[0]

    def explain(self) -> tuple[str, ...]:
        """The formulas of ``gangci score --explain``, a line each, in the result's language (worked out on the
        first call)."""
        return self.details.worked()[1]


@dataclass(frozen=True)
class Transfer:
    """One payment of the settle-up: ``payer`` (a name, or a seat where nobody is named) pays ``payee``."""

    payer: str
    payee: str
    amount: Amount


@dataclass(frozen=True)
class Evening:
    """A session settled: every hand, the totals per seat and per person, and the fewest payments that settle."""

    hands: tuple[Result, ...]
    totals: dict[str, Amount]
    people: dict[str, Amount]
    transfers: tuple[Transfer, ...]


def score(
    record: Mapping[str, Any],
    *,
    rules: Mapping[str, Any] | None = None,
    check: bool = True,
    lang: str | None = None,
    keep: Iterable[str] = (),
) -> Result:
    """One hand, given as a hand file's mapping; raises :class:`HandError` (field path and message).

    ``rules``: the table's house rules (as ``rules:`` in a file), which the record's own ``rules:`` change;
    ``check``: refuse a claim its ``tiles:`` do not support; ``lang``: of the explanation and the errors
    (``zh`` or ``en``; else ``GANGCI_LANG``, the config file, or Chinese).

    What a record may hold (``score`` and ``score_many`` alike): what a hand file holds, given as any
    ``Mapping`` (a dict, a ``MappingProxyType``) and any ``Sequence`` (a list, a tuple), texts, numbers
    (numpy's integers too), booleans and None. Anything else (a datetime, a Decimal, a set, bytes, a mapping
    that holds itself) is a :class:`HandError` naming its field, ``meta`` included: no value is guessed at.

    ``keep``: top-level keys that are no part of a hand (a platform's ``room_id``), as ``gangci batch --keep``
    and ``score_batch(keep=)``: taken out before the hand is read, and given back as given in the result's
    (or the error's) ``kept``; a null is not given.
    """
    language = _language(lang)
    kept = _kept_keys(keep, language)
    if not kept:
        return _loaded_score(record, rules, check, language)
    record, extra = _split_kept(record, kept)
    try:
        found = _loaded_score(record, rules, check, language)
    except HandError as error:
        error.kept = extra
        raise
    return replace(found, kept=extra)


def _loaded_score(record: Mapping[str, Any], rules: Mapping[str, Any] | None, check: bool, language: str) -> Result:
    """:func:`score` by the loader and the core's settlement (payments and words kept for :class:`Details`)."""
    from gangci_calc.io.load.boundary import plain_data
    from gangci_calc.io.load.load import hand_from_data

    with speaking(language):
        try:
            loaded = hand_from_data(plain_data(record), _base(rules, language))
        except RuleError as error:
            raise _with_id(_hand_error(error.path, error.message, language), record) from None
        try:
            settlement = settle_hand(loaded, check=check)
        except ClaimRejected as error:
            raise _with_id(_hand_error(("tiles",), error.problems[0][1], language), record) from None
        return _result(loaded.hand, settlement, loaded.names, loaded.id, loaded.meta, language)


def score_many(
    records: Iterable[Mapping[str, Any]],
    *,
    rules: Mapping[str, Any] | None = None,
    check: bool = True,
    lang: str | None = None,
    keep: Iterable[str] = (),
) -> Iterator[Result | HandError]:
    """Each record's :class:`Result`, or its :class:`HandError` (not raised: the next record follows), in order;
    a record takes what :func:`score` takes (``keep`` too: each result's and error's ``kept``), and no record
    ends the iteration early.

    >>> [r.net["S"] if isinstance(r, Result) else str(r) for r in score_many([
    ...     {"stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}},
    ...     {"stakes": 1, "dealer": "E", "win": {"type": "bomb"}},
    ... ], lang="en")]
    [600, 'win.winner: missing — who won the bomb (炸弹)?']
    """
    language = _language(lang)
    kept = _kept_keys(keep, language)
    for record in records:
        extra: dict[str, Any] = {}
        if kept:
            record, extra = _split_kept(record, kept)
        try:
            found = _loaded_score(record, rules, check, language)
            yield replace(found, kept=extra) if extra else found
        except HandError as error:
            error.id = _record_id(record)
            error.kept = extra
            yield error


def _kept_keys(keep: Iterable[str], language: str) -> tuple[str, ...]:
    """``keep=``'s keys, checked as ``--keep``'s are (none a key of a hand, none twice); a :class:`HandError`."""
    if isinstance(keep, str):
        keep = [keep]
    keys = tuple(keep)
    if not keys:
        return ()
    from gangci_calc.io.load.schema import kept_keys

    try:
        return kept_keys(list(keys))
    except InputError as error:
        raise HandError("keep", error.reason or error.message, language) from None


def _split_kept(record: Any, kept: tuple[str, ...]) -> tuple[Any, dict[str, Any]]:
    """(the record without the kept keys, the kept keys it gives that are not null)."""
    if not isinstance(record, Mapping) or not any(key in record for key in kept):
        return record, {}
    extra = {key: record[key] for key in kept if record.get(key) is not None}
    return {key: value for key, value in record.items() if key not in kept}, extra


def _record_id(record: Any) -> str | int | None:
    """A refused record's id, where it has one a file could hold."""
    try:
        ident = record_id(record) if isinstance(record, Mapping) else None
    except (TypeError, ValueError):
        return None
    return ident if isinstance(ident, (str, int)) else None


def settle_session(
    session: Mapping[str, Any], *, rules: Mapping[str, Any] | None = None, check: bool = True, lang: str | None = None
) -> Evening:
    """A whole session, given as a session file's mapping: every hand in order with its dealer, and the settle-up.

    A session is settled whole or not at all: the first bad hand raises :class:`HandError`.

    >>> evening = settle_session({"stakes": 1, "dealer": "E", "players": {"E": "老王", "S": "小李"}, "hands": [
    ...     {"win": {"type": "bomb", "winner": "S"}}, {"win": {"type": "draw"}}]})
    >>> [hand.dealer for hand in evening.hands], evening.people
    (['E', 'S'], {'老王': -200, '小李': 600, 'W': -200, 'N': -200})
    """
    from gangci_calc.core.evening.ledger import person_name
    from gangci_calc.io.load.load_session import session_from_data

    language = _language(lang)
    with speaking(language):
        try:
            loaded = session_from_data(
                dict(session) if isinstance(session, Mapping) else session, "", _base(rules, language)
            )
        except InputErrors as errors:
            first = errors.errors[0]
            raise _hand_error(first.path, first.reason or first.message, language) from None
        except InputError as error:
            raise _hand_error(error.path, error.reason or error.message, language) from None
        try:
            result = settle_evening(loaded, check=check)
        except ClaimRejected as error:
            number, problem = error.problems[0]
            raise _hand_error(("hands", (number or 1) - 1, "tiles"), problem, language) from None
        settled = []
        for item, hand in zip(loaded.hands, result.hands, strict=True):
            loaded_hand = item.loaded
            one = _result(
                loaded_hand.hand, hand.settlement, loaded_hand.names, loaded_hand.id, loaded_hand.meta, language,
                item.number,
            )  # fmt: skip
            settled.append(one)
    return Evening(
        tuple(settled),
        {seat.name: amount for seat, amount in zip(SEATS, result.totals, strict=True)},
        {person_name(who): total for who, total in result.people},
        tuple(Transfer(person_name(t.payer), person_name(t.payee), t.amount) for t in result.settle_up),
    )


def _result(
    hand: Hand,
    settlement: Settlement,
    names: Mapping[Any, str],
    ident: str | int | None,
    meta: dict[str, Any] | None,
    lang: str,
    number: int | None = None,
) -> Result:
    outcome = hand.outcome
    return Result(
        net=dict(zip(_LETTERS, settlement.net, strict=True)),
        outcome=outcome.win.value,
        winner=_LETTERS[outcome.winner] if outcome.winner is not None else None,
        source=_LETTERS[outcome.source] if outcome.source is not None else None,
        dealer=_LETTERS[hand.dealer],
        rules=_house_object(hand.house),
        players={_LETTERS[seat]: name for seat, name in names.items()},
        id=ident,
        meta=meta,
        hand=number,
        details=Details((hand, settlement, dict(names), lang)),
    )


_LETTERS = tuple(seat.name for seat in SEATS)  # a seat's letter by its number: no enum property call a seat


def _house_object(house: HouseRules) -> dict[str, Any]:
    """``house_object``, worked out once per set of rules (an evening's hands share theirs); a fresh dict each
    time, as a Result's ``rules`` is the caller's to change."""
    held = _HOUSE_OBJECTS.get(id(house))  # by identity: hashing a HouseRules hashes its every option
    if held is not None and held[0] is house:
        made = held[1]
    else:
        from gangci_calc.io.export.export import house_object

        if len(_HOUSE_OBJECTS) >= 256:
            _HOUSE_OBJECTS.clear()
        made = house_object(house)
        _HOUSE_OBJECTS[id(house)] = (house, made)  # the object held with its id: no other has that id meanwhile
    return {key: dict(value) if isinstance(value, dict) else value for key, value in made.items()}


_HOUSE_OBJECTS: dict[int, tuple[HouseRules, dict[str, Any]]] = {}


def _details(
    hand: Hand, settlement: Settlement, names: dict[Any, str], lang: str
) -> tuple[tuple[Payment, ...], tuple[str, ...]]:
    """A settled hand's payments (as machines read them: ``payment_object``) and its formulas in words."""
    from gangci_calc.io.export.export import payment_object
    from gangci_calc.io.show.explain import explain_lines

    payments = tuple(
        Payment(o["payer"], o["payee"], p.amount, o["for"], o["role"])
        for p in settlement.payments
        for o in (payment_object(p, hand, charges=False),)
    )
    return payments, tuple(explain_lines(hand, settlement, lang, names))


def _base(rules: Mapping[str, Any] | None, language: str) -> HouseRules:
    """The house rules a caller's ``rules=`` gives (each distinct value read once: ``read_house``)."""
    if rules is None:
        return SEED_RULES
    from gangci_calc.io.load.fields import read_house

    try:
        return read_house(dict(rules) if isinstance(rules, Mapping) else rules, ("rules",), SEED_RULES)
    except RuleError as error:
        raise _hand_error(error.path, error.message, language) from None


def _with_id(error: HandError, record: object) -> HandError:
    """The error, with the record's id where it gives one (as ``score_many``'s errors have it)."""
    error.id = record_id(record)
    return error


def _hand_error(path: Sequence[str | int], message: Text, language: str) -> HandError:
    """A field's error for the API: its path (``win.from``), and the words the loader names it by (``胡牌 来自``)."""
    from gangci_calc.io.load.schema import field_words

    return HandError(field_name(path), message, language, words=field_words(tuple(path)) if path else "")


def _language(lang: str | None) -> str:
    """``zh`` or ``en``, also as a locale (``zh-CN``, ``zh_TW``, ``en-GB``); anything else is refused."""
    if lang is not None:
        code = lang.split("-")[0].split("_")[0].lower() if isinstance(lang, str) else ""
        if code not in LANGS:
            raise HandError("lang", say(m.NOT_A_LANGUAGE, value=repr(lang)), "en")
        return code
    from gangci_calc.io.load.config import process_language

    try:
        return process_language()
    except InputError:
        return "zh"
