"""The ledger as the page serves it: its version, and its evening settled once per version.

The version is a number made from the ledger's bytes, so it changes with every
change, whoever made it (the page, another phone, the CLI), and a write that
names an old version (``If-Match``) can be refused under the ledger's lock. The
bytes are read and hashed only when the file's ``stat()`` (inode, mtime, size)
changes: every writer replaces the file by a rename, and an editor's save moves
its mtime. One lock guards it all; callers run it in a worker thread, never on
the event loop.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from gangci_calc.commands.service import settle_evening
from gangci_calc.core.errors import GangciError
from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.io.load.boundary import SESSION_FILE_LIMIT, parse_yaml, read_text
from gangci_calc.io.load.load_session import SessionFile, SettledSession, session_from_data

if TYPE_CHECKING:
    from gangci_calc.commands.session.changes import Added

NO_LEDGER = 0  # the version of a ledger that does not exist yet
RECENT = 4  # evenings kept by version: after an undo (or an edit put back) the ledger is one of them again
Stamp = tuple[int, int, int]


def version_of(text: str) -> int:
    """A number for the ledger's text: 52 bits of its SHA-256, so JavaScript holds it exactly."""
    return int(hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:13], 16)


def read_ledger(path: Path) -> tuple[int, str]:
    """The ledger's version and text, read now; a missing file is an empty one (the 赛季 view reads tonight's)."""
    if not path.exists():
        return NO_LEDGER, ""
    text = read_text(path, SESSION_FILE_LIMIT)
    return version_of(text), text


def stamp(path: Path) -> Stamp | None:
    """What changes on the file whenever it is replaced or written; ``None``: no file."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    return info.st_ino, info.st_mtime_ns, info.st_size


@dataclass(frozen=True)
class LedgerVersion:
    """The ledger at one version: its session settled, or why it cannot be (``problem``), or nothing yet."""

    version: int
    session: SessionFile | None
    settled: SettledSession | None
    problem: GangciError | None = None

    @property
    def started(self) -> bool:
        return self.session is not None


class LedgerState:
    """The ledger's evening, read again only when the file changes; shared by every request, under one lock."""

    def __init__(self, path: Path, base: HouseRules = SEED_RULES) -> None:
        self.path = path
        self.base = base
        self._lock = threading.Lock()
        self._stamp: Stamp | None = None
        self._version = NO_LEDGER
        self._text = ""
        self._unreadable: GangciError | None = None
        self._added: list[Added] = []  # hands this server added since the evening last made, in order
        self._evening: LedgerVersion | None = None
        self._recent: OrderedDict[int, LedgerVersion] = OrderedDict()  # the last few, by version: an undo finds its own
        self._made: dict[tuple[int, str, str], bytes] = {}
        self._making: dict[tuple[int, str, str], threading.Event] = {}  # being made now: the others wait for it

    def version(self) -> int:
        """The ledger's version now (its bytes hashed only if its stat changed)."""
        with self._lock:
            return self._looked()

    def current(self) -> LedgerVersion:
        """The evening at the ledger's version now, settled once per version."""
        with self._lock:
            version = self._looked()
            if self._evening is None or self._evening.version != version:
                self._evening = self._recent.pop(version, None) or self._grown(version) or self._read(version)
                self._recent[self._evening.version] = self._evening
                while len(self._recent) > RECENT:
                    self._recent.popitem(last=False)
                self._made = {key: value for key, value in self._made.items() if key[0] == version}
            return self._evening

    def _looked(self) -> int:
        try:
            now = stamp(self.path)
        except OSError:
            now = (-1, -1, -1)  # a path that cannot be looked at: read, and told as the problem
        if now == self._stamp and self._stamp is not None:
            return self._version
        self._stamp, self._unreadable = now, None
        if now is None:
            self._version, self._text = NO_LEDGER, ""
            return NO_LEDGER
        try:
            self._text = read_text(self.path, SESSION_FILE_LIMIT)
            self._version = version_of(self._text)
        except GangciError as error:  # not UTF-8, a folder, too large: a problem card, never a traceback
            self._unreadable, self._text = error, ""
            self._version = version_of(f"\0{error.text('en')}\0{now}")
        return self._version

    def grown(self, added: Added) -> None:
        """Note a hand this server added at the end of the ledger: the next reader makes the evening from the one
        before it and the hands added since, without reading the file again (a burst of hands is settled once)."""
        if not added.at_end:
            return
        with self._lock:
            base = self._evening
            last = self._added[-1].after if self._added else None
            follows = (last is not None and last == added.before) or (
                not self._added
                and base is not None
                and base.session is not None
                and base.version == version_of(added.before)
            )
            self._added = [*self._added, added] if follows else []

    def _grown(self, version: int) -> LedgerVersion | None:
        """The evening at ``version`` from the last one made and the hands added since (as the loader would read
        them: their lines, tables and 米), where they lead to exactly that version; else ``None``."""
        base, added, self._added = self._evening, self._added, []
        if not added or base is None or base.session is None or version_of(added[-1].after) != version:
            return None
        session = replace(
            base.session,
            hands=(*base.session.hands, *(one.hand for one in added)),
            text=added[-1].after,
            current=added[-1].tail.table,
            mi=added[-1].tail.mi,
            upcoming=None,  # the first hand added took over any ``next:``
        )  # each hand was read back and its claim checked when it was written
        return LedgerVersion(version, session, settle_evening(session, check=False, before=base.settled))

    def _read(self, version: int) -> LedgerVersion:
        if self._unreadable is not None:
            return LedgerVersion(version, None, None, self._unreadable)
        try:
            data = parse_yaml(self._text, str(self.path)) if self._text.strip() else None
            if data is None:  # no file, or nothing in it yet: the page offers a new evening
                return LedgerVersion(version, None, None)
            session = session_from_data(data, str(self.path), self.base, self._text)
            before = self._evening.settled if self._evening is not None else None
            return LedgerVersion(version, session, settle_evening(session, before=before))
        except GangciError as error:
            return LedgerVersion(version, None, None, error)
        except RecursionError:  # a ledger nested too deep for the parser
            from gangci_calc.core.errors import InputError
            from gangci_calc.words import messages as m
            from gangci_calc.words import say

            return LedgerVersion(version, None, None, InputError(str(self.path), say(m.CANNOT_READ, reason="nesting")))

    def made(self, evening: LedgerVersion, kind: str, lang: str, make: Callable[[], bytes]) -> bytes:
        """What ``make`` makes of this version in ``lang`` (the page's part, the API's JSON): made once, however
        many pages ask for it at once."""
        key = (evening.version, kind, lang)
        with self._lock:
            found = self._made.get(key)
            making = self._making.get(key)
            mine = found is None and making is None
            if mine:
                making = self._making[key] = threading.Event()
        if found is not None:
            return found
        assert making is not None
        if not mine:  # another request is making it: wait for that one (made outside the lock, so no writer waits)
            making.wait()
            with self._lock:
                found = self._made.get(key)
            return found if found is not None else make()
        try:
            found = make()
            with self._lock:
                if self._evening is None or self._evening.version == evening.version:
                    self._made[key] = found
            return found
        finally:
            with self._lock:
                self._making.pop(key, None)
            making.set()

    def evening_json(self, evening: LedgerVersion, lang: str) -> bytes:
        """``gangci session --format json`` of this version (``next`` in it: the hand entered next), plus
        ``"version"``."""

        def make() -> bytes:
            from gangci_calc.io.export.formats import SESSION

            assert evening.settled is not None and evening.session is not None
            text = SESSION["json"].renderer()(evening.settled, lang).rstrip()
            assert text.endswith("}")
            return (text[:-1] + f', "version": {evening.version}}}').encode()  # one key more, the rest as it is

        return self.made(evening, "json", lang, make)
