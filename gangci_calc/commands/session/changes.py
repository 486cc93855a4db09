"""A ledger changed by data rather than prompts: a hand given as a mapping, as the table's page sends it.

Every change is the prompts' own (:mod:`gangci_calc.commands.session.evening`): under the ledger's
lock, the same text edits (only the changed hand's text differs), the whole ledger
read back, its tile claims included, before the file is replaced atomically. A
hand given as data is written in the house style: the fields the prompts write
(``win``, ``dealer``, ``ci``, ``bets``, ``kongs``, ``players``) from the hand as
the loader read it, any other field (``rules:``, ``fee:``, ``tiles:``, ``id:`` ...)
as given, in JSON's flow style, which YAML reads.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any, Protocol

from gangci_calc.commands.service import check_claims, settle_hand
from gangci_calc.core.errors import HandTaken, InputError, NothingToUndo, NotInLedger, TableExists
from gangci_calc.core.rules import SEED_RULES, Amount, HouseRules
from gangci_calc.io.ledger.atomic import check_ledger_writable
from gangci_calc.io.ledger.ledger_edit import in_own_lines, with_hand_replaced, without_last_hand
from gangci_calc.io.ledger.ledger_next import with_next, without_next
from gangci_calc.io.ledger.ledger_tail import LedgerTail, digest_of, load_tail, save_tail
from gangci_calc.io.ledger.ledger_write import (
    append_at_end,
    append_hand_text,
    end_indent,
    hand_flow,
    hand_yaml,
    write_atomically,
)
from gangci_calc.io.ledger.lock import ledger_lock
from gangci_calc.io.load.boundary import (
    HAND_LIMIT,
    MOST_HANDS,
    SESSION_FILE_LIMIT,
    has_bom,
    parse_yaml,
    read_text,
)
from gangci_calc.io.load.load_session import Reading, SessionFile, SessionHand, load_session, session_from_text
from gangci_calc.io.load.schema import normalize_key
from gangci_calc.words import Message, say
from gangci_calc.words import messages as m

WRITTEN_FROM_HAND = ("dealer", "win", "ci", "bets", "kongs", "players")  # what hand_yaml writes; the rest is kept
Item = tuple[str, str]  # a hand's text as a block item (two-space indent) and as a flow item
_PLAIN_KEY = re.compile(r"^[A-Za-z_\u4e00-\u9fff][\w\u4e00-\u9fff]*$")


@contextmanager
def locked(path: str | Path, waiting: Callable[[], None] | None = None) -> Iterator[None]:
    """The ledger's lock, then a check that the ledger can be written as it is: around a change, never a prompt."""
    with ledger_lock(path, waiting):
        check_ledger_writable(path)
        yield


def write(path: str, text: str, base: HouseRules) -> SessionFile:
    """Write ``text`` once the whole ledger reads back clean, its tile claims included, and every payment of its
    ``paid:`` still names people of the evening (an undo past the hands where a payee sat would leave a ledger
    that ``session`` refuses: refused here, before a byte is written)."""
    fits(path, text, 0)
    session = session_from_text(text, path, base)
    check_claims(session)  # a false tile claim anywhere in the ledger: nothing is written
    if session.paid:
        _paid_still_named(session, path)
    write_atomically(path, text, keep_bom=Path(path).exists() and has_bom(path))
    return session


def fits(path: str, text: str, hands: int) -> None:
    """Refuse a write that would take the ledger past its limits (boundary.SESSION_FILE_LIMIT, MOST_HANDS): a
    ledger is never written that its own commands would then refuse to read."""
    if hands > MOST_HANDS or len(text.encode("utf-8", "surrogatepass")) > SESSION_FILE_LIMIT:
        raise InputError(path, say(m.LEDGER_FULL, most=f"{MOST_HANDS:,}", size=SESSION_FILE_LIMIT >> 20))


def _paid_still_named(session: SessionFile, path: str) -> None:
    from gangci_calc.commands.service import settle_evening

    try:
        settle_evening(session, check=False)
    except InputError as error:
        if error.path[:1] != ("paid",) or len(error.path) < 3 or not isinstance(error.path[1], int):
            raise
        payment = session.paid[error.path[1]]
        name = payment.payer if error.path[2] == "from" else payment.payee
        raise InputError(path, say(m.PAID_WOULD_DANGLE, name=name)) from None


def tail_of(session: SessionFile, digest: str) -> LedgerTail:
    """A ledger read whole, as the next hand needs it (its hands settled once)."""
    from gangci_calc.commands.service import settle_evening
    from gangci_calc.io.ledger.ledger_tail import PersonTotal

    result = settle_evening(session, check=False)
    people = tuple(
        PersonTotal(person, int(total * 2), tuple(result.seats_of(person))) for person, total in result.people
    )
    return LedgerTail(
        digest,
        len(session.hands),
        session.table_now,
        session.next_dealer(),
        session.mi,
        session.hands[-1].loaded.hand if session.hands else None,
        people if session.hands else (),
        end_indent(session.text),
        any(item.loaded.hand.rules.fee.on for item in session.hands),
        session.upcoming.given if session.upcoming is not None else None,
    )


@dataclass(frozen=True)
class Added:
    """A hand written at the end of the ledger, and the ledger's state after it."""

    hand: SessionHand
    tail: LedgerTail
    before: str = ""  # the ledger's text before the hand...
    after: str = ""  # ...and after it
    at_end: bool = False  # the hand's text was added at the very end of the file
    net: tuple[Amount, ...] = ()  # what the hand paid each seat, indexed by Seat: settled once, for the answer too


class Tails(Protocol):
    """Where a ledger's tail is kept between changes: a cache file (the CLI), or memory (the page's server)."""

    def load(self, path: str, digest: str) -> LedgerTail | None: ...

    def save(self, path: str, tail: LedgerTail) -> None: ...


class CacheFiles:
    """The tails in the user's cache folder (:mod:`gangci_calc.io.ledger.ledger_tail`)."""

    def load(self, path: str, digest: str) -> LedgerTail | None:
        return load_tail(path, digest)

    def save(self, path: str, tail: LedgerTail) -> None:
        save_tail(path, tail)


class InMemory:
    """The last tail, held by a long-running process that writes no file but the ledger."""

    def __init__(self) -> None:
        self.tail: LedgerTail | None = None

    def load(self, path: str, digest: str) -> LedgerTail | None:
        return self.tail if self.tail is not None and self.tail.digest == digest else None

    def save(self, path: str, tail: LedgerTail) -> None:
        self.tail = tail


def append(
    path: str,
    base: HouseRules,
    item_for: Callable[[LedgerTail], Item],
    *,
    tails: Tails | None = None,
    number: int | None = None,
) -> Added:
    """Add the hand that ``item_for`` makes from the ledger's state; the rest of the file stays byte for byte.

    A ledger met before, unchanged since, is not read whole: its tail (:mod:`gangci_calc.io.ledger.ledger_tail`)
    has all the next hand needs, and only the new hand is read and checked, by the loader's own steps.
    ``tails`` keeps them (the user's cache folder by default). The caller holds the lock (:func:`locked`).
    ``number``: the number a phone means the hand to have; a ledger that already holds a hand of that number
    refuses it (two phones saved the same hand, or one sent it again after no answer), and so does one whose next
    hand is another (a hand undone meanwhile): a hand is never saved under a number it was not sent with.
    A ``next:`` in the header is taken over by the hand, and goes.
    """
    tails = tails or CacheFiles()
    text, tail = _now(path, base, tails)
    if number is not None and number <= tail.count:
        raise HandTaken(path, say(m.HAND_TAKEN, n=number, count=tail.count), number, tail.count)
    block, flow = item_for(tail)
    if number is not None and number != tail.count + 1:  # never renumbered: the phone is told which comes next
        raise HandTaken(path, say(m.HAND_NOT_NEXT, n=number, next=tail.count + 1), number, tail.count)
    size = len(block.encode("utf-8", "surrogatepass"))
    if size > HAND_LIMIT:
        raise InputError(path, say(m.HAND_TOO_LARGE, size=HAND_LIMIT >> 10, given=-(-size // 1024)))
    fits(path, text + block, tail.count + 1)
    if tail.pending is not None:
        block, flow = taking_next(path, tail.pending, tail.reading(), block)
        text = in_own_lines(text, without_next)
    reading = tail.reading()
    added = reading.take(parse_yaml(block, path)[0], tail.count, path, None)  # the loader's checks, in context
    at_end = tail.indent is not None
    if tail.indent is not None:
        after = append_at_end(text, block, tail.indent)
        write_atomically(path, after, keep_bom=has_bom(path))
    else:  # the hands are not the file's last lines: placed by the full writer, and the whole read back
        try:
            after = in_own_lines(text, lambda text: append_hand_text(text, block, flow))
        except ValueError as error:
            raise InputError(path, say(m.CANNOT_APPEND, reason=str(error))) from None
        write(path, after, base)
    indent = tail.indent if tail.indent is not None else end_indent(after)  # the next hand may go at the end
    net = settle_hand(added.loaded).net
    if tail.fee_seen or added.loaded.hand.rules.fee.on:  # the fee's standings are worked out whole
        tail = tail_of(session_from_text(after, path, base), digest_of(after, base))
    else:
        tail = replace(tail.after(added, reading, net, digest_of(after, base)), indent=indent)
    tails.save(path, tail)
    if at_end:  # where the loader would find it: its line, and its source as ``file:line``
        line = text.count("\n") + (1 if text.endswith("\n") or not text else 2)
        added = replace(added, line=line, loaded=replace(added.loaded, source=f"{path}:{line}"))
    return Added(added, tail, text, after, at_end, net)


def read_tail(path: str, base: HouseRules = SEED_RULES, tails: Tails | None = None) -> LedgerTail:
    """The ledger's state as its next hand needs it, read now without the lock (every writer replaces the file
    whole, so it is one version or the next): what the prompts ask from, before :func:`append` checks it again."""
    tails = tails or CacheFiles()
    _, tail = _now(path, base, tails)
    tails.save(path, tail)
    return tail


def _now(path: str, base: HouseRules, tails: Tails) -> tuple[str, LedgerTail]:
    """The ledger's text and tail: the tail kept for these very bytes, else the ledger read whole."""
    text = read_text(path, SESSION_FILE_LIMIT)
    digest = digest_of(text, base)
    tail = tails.load(path, digest)
    if tail is None:
        tail = tail_of(session_from_text(text, path, base), digest)
    return text, tail


NEXT_MARK = "# next: "  # on a hand that took the header's next: over, what it was: --undo puts it back


def taking_next(path: str, pending: Mapping[str, Any], reading: Reading, block: str) -> Item:
    """The new hand (``block``, read after the ledger's last by ``reading``) with the header's ``next:`` moved onto
    it, the hand's own fields first: the text that replaces ``block`` once ``next:`` goes. The block keeps the
    ``next:`` as it was in a comment line inside the hand (``# next: {...}``), so that undoing the hand gives the
    ledger back as it was before it, the change still waiting (a flow list has no room for one: there it goes)."""
    own = _mapping(parse_yaml(block, path)[0])
    merged = with_pending(pending, own)
    new_block, flow = hand_item(merged, reading.take(merged, reading.count, path, None))
    first, newline, rest = new_block.partition("\n")
    if rest:  # inside the item: a comment after its last line would belong to the file
        new_block = f"{first}{newline}    {NEXT_MARK}{_flow(dict(pending))}\n{rest}"
    return new_block, flow


def next_taken(text: str) -> dict[str, Any] | None:
    """The ``next:`` the last hand took over, where its text says so (:data:`NEXT_MARK`)."""
    from gangci_calc.io.ledger.ledger_edit import hand_texts

    items = hand_texts(text)
    if not items or items[-1].flow:
        return None
    last = items[-1]
    for line in text[last.start : last.end].splitlines():
        if line.strip().startswith(NEXT_MARK):
            try:
                found = json.loads(line.strip()[len(NEXT_MARK) :])
            except ValueError:
                return None  # a comment edited by hand: the hand is undone, the change not put back
            return found if isinstance(found, dict) and found else None
    return None


def with_pending(pending: Mapping[str, Any], own: Mapping[str, Any]) -> dict[str, Any]:
    """A hand's fields over a change saved before it: the hand's own win; ``rules`` and ``fee`` merge."""
    out = dict(own)
    keys = {normalize_key(str(key)): key for key in own}
    for key, value in pending.items():
        if key not in keys:
            out[key] = value
        elif key in ("rules", "fee") and isinstance(value, Mapping) and isinstance(own[keys[key]], Mapping):
            out[keys[key]] = {**value, **own[keys[key]]}
    return out


def set_next(path: str, fields: object, base: HouseRules = SEED_RULES) -> SessionFile:
    """Save a change of the table for the next hand on (the page's ``POST /api/table``): merged into the header's
    ``next:``, checked by the loader, written at once. The caller holds the lock."""
    given = _mapping(fields, m.WHAT_NEXT)
    session = load_session(path, base)
    pending = with_pending(session.upcoming.given if session.upcoming else {}, given)
    try:
        text = in_own_lines(session.text, lambda text: with_next(text, _flow(pending)))
    except ValueError as error:
        raise InputError(path, say(m.CANNOT_APPEND, reason=str(error))) from None
    return write(path, text, base)


def remove_last(path: str, base: HouseRules = SEED_RULES) -> SessionHand:
    """Remove the last hand (``--undo``) and give it back. The caller holds the lock."""
    session = load_session(path, base)
    if not session.hands:
        raise NothingToUndo(path, say(m.NO_HAND_TO_UNDO))
    write(path, in_own_lines(session.text, _without_last), base)
    return session.hands[-1]


def _without_last(text: str) -> str:
    """The ledger without its last hand; a ``next:`` that hand took over back in the header (merged under any saved
    since), so an undo right after an add gives back the very file."""
    taken = next_taken(text)
    text = without_last_hand(text)
    if taken is None:
        return text
    data = parse_yaml(text, "")
    since = [v for k, v in data.items() if normalize_key(str(k)) == "next"] if isinstance(data, dict) else []
    if since and isinstance(since[0], Mapping):  # a change saved after the hand: it stays, over the one put back
        taken = with_pending(taken, since[0])
    return with_next(text, _flow(taken))


def hand_item(raw: Mapping[str, Any], hand: SessionHand) -> Item:
    """A hand given as data (``raw``, read by the loader as ``hand``) as a ``hands:`` item in the house style."""
    given = {normalize_key(str(key)) for key in raw}
    players = hand.loaded.names if "players" in given else None
    block = hand_yaml(hand.loaded.hand, dealer_overridden=hand.dealer_overridden, players=players)
    flow = hand_flow(hand.loaded.hand, dealer_overridden=hand.dealer_overridden, players=players)
    kept = [
        f"{_key(key)}: {_flow(value)}" for key, value in raw.items() if normalize_key(str(key)) not in WRITTEN_FROM_HAND
    ]
    block += "".join(f"    {field}\n" for field in kept)
    flow = flow[:-1] + "".join(f", {field}" for field in kept) + "}"
    return block, flow


def add_data(
    path: str, raw: object, base: HouseRules = SEED_RULES, *, tails: Tails | None = None, number: int | None = None
) -> Added:
    """Append a hand given as a mapping (the page's ``POST /api/hands``), as hand ``number`` where given. The
    caller holds the lock."""

    def item_for(tail: LedgerTail) -> Item:
        hand = tail.reading().take(raw, tail.count, path, None)  # refuses what the loader refuses, located
        return hand_item(_mapping(raw), hand)

    return append(path, base, item_for, tails=tails, number=number)


def replace_data(path: str, number: int, raw: object, base: HouseRules = SEED_RULES) -> SessionFile:
    """Put a hand given as a mapping in the place of hand ``number`` (``--edit N``): later dealers and 米 follow.

    The caller holds the lock.
    """
    session = load_session(path, base)
    if not 1 <= number <= len(session.hands):
        raise NotInLedger(path, say(m.NO_SUCH_HAND, n=number, count=len(session.hands)))
    index = number - 1
    data = _mapping(raw)
    plain = "{" + ", ".join(f"{_key(key)}: {_flow(value)}" for key, value in data.items()) + "}"
    first = in_own_lines(session.text, lambda text: with_hand_replaced(text, index, f"  - {plain}\n", plain))
    block, flow = hand_item(data, session_from_text(first, path, base).hands[index])
    return write(path, in_own_lines(session.text, lambda text: with_hand_replaced(text, index, block, flow)), base)


def start_evening(path: str, header: object, base: HouseRules = SEED_RULES) -> SessionFile:
    """Write a new ledger from a table header given as a mapping (``players``, ``dealer``, ``stakes`` ...), dated
    today unless it says otherwise; refused where the ledger already holds an evening. The caller holds the lock."""
    existing = read_text(path, SESSION_FILE_LIMIT) if Path(path).exists() else ""
    if existing.strip() and parse_yaml(existing, path) is not None:
        raise TableExists(path, say(m.TABLE_ALREADY))
    data = dict(_mapping(header, m.WHAT_SESSION))
    if not any(normalize_key(str(key)) == "date" for key in data):
        data["date"] = date.today().isoformat()
    lines = ["# gangci session: settle with `gangci session FILE`, add a hand with `gangci session FILE --add`"]
    lines += [f"{_key(key)}: {_flow(value)}" for key, value in data.items() if normalize_key(str(key)) != "hands"]
    hands = next((value for key, value in data.items() if normalize_key(str(key)) == "hands"), None)
    lines.append("hands:" if not hands else f"hands: {_flow(hands)}")
    return write(path, "\n".join(lines) + "\n", base)


def _mapping(raw: object, what: Message = m.WHAT_SESSION_HAND) -> Mapping[str, Any]:
    """``raw`` where it is a mapping; else the loader's own refusal."""
    from gangci_calc.io.load.fields import read_mapping
    from gangci_calc.io.load.schema import NEXT, SESSION, SESSION_HAND

    keys = {id(m.WHAT_SESSION_HAND): SESSION_HAND, id(m.WHAT_NEXT): NEXT}.get(id(what), SESSION)
    read_mapping(raw, (), keys, what)
    assert isinstance(raw, Mapping)
    return raw


def _key(key: object) -> str:
    text = str(key)
    return text if _PLAIN_KEY.match(text) else json.dumps(text, ensure_ascii=False)


def _flow(value: object) -> str:
    """A value as JSON, which YAML reads as flow style (a float stays a float, so the loader refuses it there);
    characters YAML takes for line breaks or refuses are escaped, as JSON allows."""
    return _UNSAFE.sub(lambda found: f"\\u{ord(found.group()):04x}", json.dumps(value, ensure_ascii=False))


_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")
