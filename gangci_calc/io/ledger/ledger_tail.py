"""The tail of a ledger: what the next ``--add`` needs of it, kept between runs so a long ledger is not read whole.

Reading a 20,000-hand ledger takes seconds (parsing it, then every hand's
checks and settlement); adding a hand must not, as other writers wait on the
lock. After a full read, the state the next hand starts from (the table, the
dealer, the 米, the last hand) and each person's total are written to a small
JSON file in the user's cache folder, under the SHA-256 of the ledger's bytes.
The next ``--add`` that finds the ledger byte for byte as described there
reads only the new hand, with the loader's own checks
(:class:`~gangci_calc.io.load.load_session.Reading`), and appends it as text. A
ledger changed in any other way (by hand, ``--edit``, ``--undo``) no longer
matches and is read whole once again. The cache is only ever a shortcut: a
missing, stale or unreadable one costs time, never a wrong hand.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, fields, is_dataclass, replace
from pathlib import Path
from typing import Any

from gangci_calc.core.evening.ledger import Person, person_name
from gangci_calc.core.rules import (
    SEATS,
    SEED_RULES,
    Amount,
    Bets,
    Hand,
    HouseRules,
    Kong,
    KongType,
    Outcome,
    Seat,
    Stakes,
    TableRules,
    Win,
)
from gangci_calc.core.rules.addons import BET_NAMES
from gangci_calc.core.rules.options import entry_of
from gangci_calc.io.load.load import Table
from gangci_calc.io.load.load_session import Reading, SessionHand

FORMAT = 3  # of the cache file; a file of another format is not read (2: a hand's bao may be unsaid, null; 3: 跑)


@dataclass(frozen=True)
class PersonTotal:
    """One person's total so far, in half units, and the seats they sat in (for their label)."""

    person: Person
    halves: int
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class LedgerTail:
    """A ledger's state after its last hand, and where a new hand's text goes."""

    digest: str  # SHA-256 of the ledger's bytes (and the --rules in force) that this describes
    count: int  # hands so far
    table: Table  # the table the next hand is played at
    dealer: Seat  # who deals next, unless the hand says otherwise
    mi: tuple[int, int, int, int]  # 米 held before the next hand
    last: Hand | None  # the last hand: its add-ons are the defaults, and an equal new hand is pointed out
    people: tuple[PersonTotal, ...]
    indent: int | None  # the column of the hands' dashes, where a hand can go at the very end; None: it cannot
    fee_seen: bool = False  # a table fee was taken: its standings are worked out whole, and never cached
    pending: dict[str, Any] | None = None  # the header's ``next:``, which the next hand takes over; never cached

    def reading(self) -> Reading:
        return Reading(self.table, self.dealer, self.mi, self.count)

    def after(self, hand: SessionHand, reading: Reading, net: tuple[Amount, ...], digest: str) -> LedgerTail:
        """The tail once ``hand`` (read by ``reading``, settled to ``net``) is added."""
        totals = {total.person: total for total in self.people}
        names = hand.loaded.names
        for seat in SEATS:
            person: Person = names.get(seat, seat)
            known = totals.get(person, PersonTotal(person, 0, ()))
            seats = known.seats if seat in known.seats else (*known.seats, seat)
            totals[person] = PersonTotal(person, known.halves + int(net[seat] * 2), seats)
        return replace(
            self,
            digest=digest,
            count=reading.count,
            table=reading.table,
            dealer=reading.dealer,
            mi=reading.mi,
            last=hand.loaded.hand,
            people=tuple(totals.values()),
            pending=None,
        )


def digest_of(text: str, base: HouseRules) -> str:
    """The key of a ledger's text under a ``--rules`` base."""
    return hashlib.sha256(f"{base!r}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()


def cache_folder() -> Path:
    """``$GANGCI_CACHE_DIR``, else the system's cache folder for gangci."""
    from gangci_calc.io.load.config import user_folder

    if os.environ.get("GANGCI_CACHE_DIR"):
        return Path(os.environ["GANGCI_CACHE_DIR"])
    return user_folder("LOCALAPPDATA", "XDG_CACHE_HOME", ".cache")


def _file_for(ledger: str | Path) -> Path:
    name = hashlib.sha256(os.path.realpath(ledger).encode("utf-8", "surrogatepass")).hexdigest()
    return cache_folder() / "ledgers" / f"{name}.json"


def load_tail(ledger: str | Path, digest: str) -> LedgerTail | None:
    """The cached tail of this ledger if it describes exactly these bytes; else ``None``."""
    try:
        data = json.loads(_file_for(ledger).read_text(encoding="utf-8"))
        if data.get("format") != FORMAT or data.get("digest") != digest:
            return None
        return _tail_from(data)
    except Exception:  # no cache, a broken one, or one the core refuses: read the ledger whole
        return None


def save_tail(ledger: str | Path, tail: LedgerTail) -> None:
    """Keep the tail for the next ``--add``; a cache that cannot be written is no error."""
    if tail.fee_seen or tail.pending is not None:
        return
    with contextlib.suppress(OSError, RuntimeError, KeyError):
        target = _file_for(ledger)
        target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, temp = tempfile.mkstemp(prefix=".tail.", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(_tail_data(tail), handle, ensure_ascii=False)
            os.replace(temp, target)
        finally:
            Path(temp).unlink(missing_ok=True)


def _tail_data(tail: LedgerTail) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "digest": tail.digest,
        "count": tail.count,
        "table": _table_data(tail.table),
        "dealer": tail.dealer.name,
        "mi": list(tail.mi),
        "last": _hand_data(tail.last) if tail.last is not None else None,
        "people": [[*_person_data(p.person), p.halves, [seat.name for seat in p.seats]] for p in tail.people],
        "indent": tail.indent,
    }


def _tail_from(data: dict[str, Any]) -> LedgerTail:
    table = _table_from(data["table"])
    people = tuple(
        PersonTotal(Seat[seat] if seat is not None else str(name), int(halves), tuple(Seat[s] for s in seats))
        for seat, name, halves, seats in data["people"]
    )
    last = _hand_from(data["last"], table.rules) if data["last"] is not None else None
    mi = tuple(int(count) for count in data["mi"])
    indent = data["indent"]
    return LedgerTail(
        str(data["digest"]),
        int(data["count"]),
        table,
        Seat[data["dealer"]],
        (mi[0], mi[1], mi[2], mi[3]),
        last,
        people,
        int(indent) if indent is not None else None,
    )


def _table_data(table: Table) -> dict[str, Any]:
    stakes, house = table.rules.stakes, table.rules.house
    return {
        "stakes": [stakes.gang, stakes.bomb, stakes.ci, stakes.dianpao],
        "policy": table.rules.policy,
        "house": {key: _option_data(value) for key, value in house.changed()},
        "names": {seat.name: name for seat, name in table.names.items()},
    }


def _table_from(data: dict[str, Any]) -> Table:
    gang, bomb, ci, dianpao = data["stakes"]
    options: dict[str, Any] = {key: _option_from(key, value) for key, value in data["house"].items()}
    house = replace(SEED_RULES, **options)
    rules = TableRules(Stakes(gang, bomb, ci, dianpao), bool(data["policy"]), house)
    return Table(rules, {Seat[seat]: str(name) for seat, name in data["names"].items()})


def _option_data(value: object) -> object:
    """A house option's value as JSON: a choice's value, a group's fields (带跑 {unit, kong}), else as it is."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in fields(value)}
    return getattr(value, "value", value)


def _option_from(key: str, value: Any) -> object:
    entry = entry_of(HouseRules, key)
    if entry.group is not None:
        return entry.group(**value)
    return type(entry.default)(value)


def _hand_data(hand: Hand) -> dict[str, Any]:
    outcome = hand.outcome
    return {
        "dealer": hand.dealer.name,
        "win": [outcome.win.value, _seat(outcome.winner), _seat(outcome.source), outcome.bao],
        "bets": [[getattr(bets, name) for name in BET_NAMES] for bets in hand.bets],
        "kongs": [[kong.by.name, kong.type.value, _seat(kong.source)] for kong in hand.kongs],
        "ci": hand.ci,
        "mi": list(hand.mi),
    }


def _hand_from(data: dict[str, Any], rules: TableRules) -> Hand:
    win, winner, source, bao = data["win"]  # bao: true, false or None (not given), as the hand said
    bets = tuple(Bets(**dict(zip(BET_NAMES, counts, strict=True))) for counts in data["bets"])
    kongs = tuple(Kong(Seat[by], KongType(kind), Seat[of] if of else None) for by, kind, of in data["kongs"])
    mi = tuple(data["mi"])
    return Hand(
        rules,
        Seat[data["dealer"]],
        Outcome(
            Win(win),
            Seat[winner] if winner else None,
            Seat[source] if source else None,
            None if bao is None else bool(bao),
        ),
        (bets[0], bets[1], bets[2], bets[3]),
        kongs,
        data["ci"],
        (mi[0], mi[1], mi[2], mi[3]),
    )


def _person_data(person: Person) -> tuple[str | None, str | None]:
    """(seat, name): a person is a seat where nobody is named, else a name."""
    return (person.name, None) if isinstance(person, Seat) else (None, person_name(person))


def _seat(seat: Seat | None) -> str | None:
    return seat.name if seat is not None else None
