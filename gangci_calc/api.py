"""Scoring from Python: the mappings of the files in, results out, with the checks and the words of the CLI.

Nothing here reads or writes a file, so each function drops into a notebook, a
pandas / polars ``apply`` or a Spark ``map`` as it is.

>>> result = score({"stakes": 2, "dealer": "E", "win": {"type": "zhici", "winner": "W", "from": "S"}})
>>> result.net
{'E': -3000, 'S': -13000, 'W': 19000, 'N': -3000}
>>> [(p.payer, p.payee, p.amount, p.reason) for p in result.payments][:2]
[('S', 'W', 13000, 'zhici'), ('N', 'W', 3000, 'zhici')]
>>> score({"stakes": 2, "dealer": "E", "win": {"type": "heavenly", "winner": "S"}}, lang="en")
Traceback (most recent call last):
...
gangci_calc.errors.HandError: win.winner: 天胡 (heavenly) is the dealer's only, and S is not the dealer (E is)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from gangci_calc.errors import ClaimRejected, HandError, InputError, InputErrors, RuleError, field_name
from gangci_calc.rules import SEATS, SEED_RULES, Amount, Hand, HouseRules, Settlement
from gangci_calc.rules.payments import from_halves
from gangci_calc.service import settle_evening, settle_hand
from gangci_calc.words import LANGS, say, speaking
from gangci_calc.words import messages as m

__all__ = ["Evening", "HandError", "Payment", "Result", "Transfer", "score", "score_many", "settle_session"]


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


@dataclass(frozen=True)
class Result:
    """One hand settled: the net per seat (summing to 0), each payment, and the formulas in words."""

    net: dict[str, Amount]
    payments: tuple[Payment, ...]
    explain: tuple[str, ...]
    outcome: str  # the win type: bomb, zhici, draw, ...
    winner: str | None
    source: str | None  # 直呲 / 续呲 / 点炮 / 抢杠: the other seat named
    dealer: str
    rules: dict[str, Any]  # the house rules in force that are not the seed's
    players: dict[str, str] = field(default_factory=dict)
    id: str | int | None = None  # the record's own, as given
    meta: dict[str, Any] | None = None
    hand: int | None = None  # its number, in a session


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
    record: Mapping[str, Any], *, rules: Mapping[str, Any] | None = None, check: bool = True, lang: str | None = None
) -> Result:
    """One hand, given as a hand file's mapping; raises :class:`HandError` (field path and message).

    ``rules``: the table's house rules (as ``rules:`` in a file), which the record's own ``rules:`` change;
    ``check``: refuse a claim its ``tiles:`` do not support; ``lang``: of the explanation and the errors
    (``zh`` or ``en``; else ``GANGCI_LANG``, the config file, or Chinese).
    """
    from gangci_calc.io.load.load import hand_from_data

    language = _language(lang)
    with speaking(language):
        try:
            loaded = hand_from_data(dict(record) if isinstance(record, Mapping) else record, _base(rules, language))
        except RuleError as error:
            raise HandError(field_name(error.path), error.message, language) from None
        try:
            settlement = settle_hand(loaded, check=check)
        except ClaimRejected as error:
            raise HandError("tiles", error.problems[0][1], language) from None
        return _result(loaded.hand, settlement, loaded.names, loaded.id, loaded.meta, language)


def score_many(
    records: Iterable[Mapping[str, Any]],
    *,
    rules: Mapping[str, Any] | None = None,
    check: bool = True,
    lang: str | None = None,
) -> Iterator[Result | HandError]:
    """Each record's :class:`Result`, or its :class:`HandError` (not raised: the next record follows), in order.

    >>> [r.net["S"] if isinstance(r, Result) else str(r) for r in score_many([
    ...     {"stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}},
    ...     {"stakes": 1, "dealer": "E", "win": {"type": "bomb"}},
    ... ], lang="en")]
    [600, 'win.winner: missing — who won the bomb (炸弹)?']
    """
    language = _language(lang)
    fast = _fast_path() if rules is None else None
    for record in records:
        if fast is not None and type(record) is dict:  # the plain shape goes the batch's fast path
            settled = _settled_fast(fast, record, check, language)
            if settled is not None:
                yield settled
                continue
        try:
            yield score(record, rules=rules, check=check, lang=language)
        except HandError as error:
            error.id = _record_id(record)
            yield error


def _fast_path() -> Any:
    from gangci_calc.batch.fast import FastPath

    return FastPath()


class _Settled(Result):
    """A :class:`Result` of the fast path: ``payments`` and ``explain`` are worked out (by :func:`score`) only when
    read, so a platform that wants the nets does not pay for the words. It is a Result in every other way: its
    fields, equality, ``repr``, ``dataclasses.asdict`` and pickling."""

    def __init__(self, **fields: Any) -> None:  # as Result's (dataclasses.replace makes one so)
        self.__dict__.update(fields)  # payments and explain too, where given: then nothing is left to work out
        self.__dict__["_record"] = None

    @property
    def payments(self) -> tuple[Payment, ...]:
        return self._whole("payments")  # type: ignore[no-any-return]

    @property
    def explain(self) -> tuple[str, ...]:
        return self._whole("explain")  # type: ignore[no-any-return]

    def _whole(self, name: str) -> Any:
        if name in self.__dict__:
            return self.__dict__[name]
        record, check, lang = self.__dict__["_record"]
        whole = score(record, check=check, lang=lang)
        self.__dict__["payments"], self.__dict__["explain"] = whole.payments, whole.explain
        return self.__dict__[name]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Result):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in fields(Result))

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[Result], tuple[Any, ...]]:
        """Pickled (to a Spark executor, say) as the plain Result it stands for."""
        return Result, tuple(getattr(self, f.name) for f in fields(Result))


# it stands for a Result wherever a name is shown: repr, type(...).__name__
_Settled.__name__ = _Settled.__qualname__ = "Result"


def _settled_fast(fast: Any, record: dict[str, Any], check: bool, lang: str) -> Result | None:
    """A plain record settled on the batch's fast path, or ``None`` (the loader's to do, or to refuse)."""
    typed = fast.typed(record)
    settled = fast.settle(typed, -1) if typed is not None else None
    if settled is None:
        return None
    plan, e, s, w, n, _, names = settled
    how = plan.how
    made = _Settled.__new__(_Settled)  # its fields set at once: the loop is a platform's
    made.__dict__.update(
        net={"E": from_halves(e), "S": from_halves(s), "W": from_halves(w), "N": from_halves(n)},
        outcome=how.outcome,
        winner=how.winner or None,
        source=how.source or None,
        dealer=how.dealer,
        rules={},
        players={"ESWN"[seat]: name for seat, name in names.items()} if names else {},
        id=record.get("id"),
        meta=record.get("meta"),
        hand=None,
        _record=(record, check, lang),
    )
    return made


def _record_id(record: object) -> str | int | None:
    """A record's own id under any of its spellings, when it is a string or a whole number."""
    from gangci_calc.io.load.schema import TOP

    if not isinstance(record, Mapping):
        return None
    found = next((v for k, v in record.items() if TOP.lookup.get(k) == "id"), None)
    return found if isinstance(found, (str, int)) and not isinstance(found, bool) else None


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
    from gangci_calc.io.load.load_session import session_from_data
    from gangci_calc.ledger import person_name

    language = _language(lang)
    with speaking(language):
        try:
            loaded = session_from_data(
                dict(session) if isinstance(session, Mapping) else session, "", _base(rules, language)
            )
        except InputErrors as errors:
            first = errors.errors[0]
            raise HandError(field_name(first.path), first.reason or first.message, language) from None
        except InputError as error:
            raise HandError(field_name(error.path), error.reason or error.message, language) from None
        try:
            result = settle_evening(loaded, check=check)
        except ClaimRejected as error:
            number, problem = error.problems[0]
            raise HandError(f"hands[{(number or 1) - 1}].tiles", problem, language) from None
        settled = []
        for item, hand in zip(loaded.hands, result.hands, strict=True):
            loaded_hand = item.loaded
            one = _result(
                loaded_hand.hand, hand.settlement, loaded_hand.names, loaded_hand.id, loaded_hand.meta, language
            )
            settled.append(replace(one, hand=item.number))
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
    record_id: str | int | None,
    meta: dict[str, Any] | None,
    lang: str,
) -> Result:
    from gangci_calc.io.export.export import house_object, payment_object
    from gangci_calc.io.show.explain import explain_lines

    outcome = hand.outcome
    return Result(
        net={seat.name: amount for seat, amount in zip(SEATS, settlement.net, strict=True)},
        payments=tuple(
            Payment(o["payer"], o["payee"], p.amount, o["for"], o["role"])
            for p in settlement.payments
            for o in (payment_object(p, hand, charges=False),)
        ),
        explain=tuple(explain_lines(hand, settlement, lang, dict(names))),
        outcome=outcome.win.value,
        winner=outcome.winner.name if outcome.winner is not None else None,
        source=outcome.source.name if outcome.source is not None else None,
        dealer=hand.dealer.name,
        rules=house_object(hand.house),
        players={seat.name: name for seat, name in names.items()},
        id=record_id,
        meta=meta,
    )


def _base(rules: Mapping[str, Any] | None, language: str) -> HouseRules:
    if rules is None:
        return SEED_RULES
    from gangci_calc.io.load.fields import read_house

    try:
        return read_house(dict(rules) if isinstance(rules, Mapping) else rules, ("rules",), SEED_RULES)
    except RuleError as error:
        raise HandError(field_name(error.path), error.message, language) from None


def _language(lang: str | None) -> str:
    """``zh`` or ``en``, also as a locale (``zh-CN``, ``zh_TW``, ``en-GB``); anything else is refused."""
    if lang is not None:
        code = lang.split("-")[0].split("_")[0].lower() if isinstance(lang, str) else ""
        if code not in LANGS:
            raise HandError("lang", say(m.NOT_A_LANGUAGE, value=repr(lang)), "en")
        return code
    from gangci_calc.io.load.config import default_language

    try:
        return default_language()
    except InputError:
        return "zh"
