"""The ledger as the page serves it: a pure function of the file's bytes.

Every look reads the bytes now and names them by their hash (the version); the
evening of a version is settled from those bytes alone and kept by that version
alone, so whoever changed the file (the page, another phone, the terminal, an
editor) and in whatever order, the page shows what the file holds. Nothing is
patched: no hand remembered as added, no stat taken for the bytes. One lock
guards the caches; a settle runs outside it, so a read of a known version never
waits for one. Callers run all of it in a worker thread, never on the event loop.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from gangci_calc.commands.service import settle_evening
from gangci_calc.core.errors import GangciError, InputError
from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.io.load.boundary import SESSION_FILE_LIMIT, decode, parse_yaml, read_bytes
from gangci_calc.io.load.load_session import SessionFile, SettledSession, session_from_data
from gangci_calc.words import messages as m
from gangci_calc.words import say

NO_LEDGER = 0  # the version of a ledger that does not exist yet
KEPT = 4  # evenings kept by version: after an undo (or an edit put back) the ledger is one of them again
Stamp = tuple[int, int, int]


def version_of(data: bytes | str) -> int:
    """A number for the ledger's bytes: 52 bits of their SHA-256, so JavaScript holds it exactly."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    return int(hashlib.sha256(raw).hexdigest()[:13], 16) or 1  # 0 is kept for "no ledger"


def read_ledger(path: Path) -> tuple[int, str]:
    """The ledger's version and text, read now; a missing file is an empty one (the 赛季 view reads tonight's)."""
    if not path.exists():
        return NO_LEDGER, ""
    data = read_bytes(path, SESSION_FILE_LIMIT)
    return version_of(data), decode(data, str(path))


def stamp(path: Path) -> Stamp | None:
    """What changes on the file whenever it is replaced or written; ``None``: no file."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    return info.st_ino, info.st_mtime_ns, info.st_size


@dataclass(frozen=True)
class Bytes:
    """The ledger's bytes as read now: their version, and the bytes or why they cannot be read."""

    version: int
    data: bytes | None  # None: no file, or a file that cannot be read (``problem``)
    problem: GangciError | None = None


def look(path: Path) -> Bytes:
    """Read the ledger's bytes now (a missing file is no ledger; one that cannot be read, a problem)."""
    try:
        data = read_bytes(path, SESSION_FILE_LIMIT)
    except InputError as error:
        try:
            info: Stamp | None = stamp(path)
        except OSError:
            info = (-1, -1, -1)
        if info is None:
            return Bytes(NO_LEDGER, None)
        # a folder, a ledger too large, one it may not read: the same problem while the file stays as it is
        return Bytes(version_of(repr((error.text("en"), info))), None, error)
    return Bytes(version_of(data), data)


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
    """The ledger's evening at its version now; every evening and every answer made of one kept by version only."""

    def __init__(self, path: Path, base: HouseRules = SEED_RULES) -> None:
        self.path = path
        self.base = base
        self._lock = threading.Lock()  # the caches below
        self._settling = threading.Lock()  # one settle at a time: a burst of pages settles a version once
        self._evenings: OrderedDict[int, LedgerVersion] = OrderedDict()
        self._made: dict[tuple[int, str, str], bytes] = {}
        self._making: dict[tuple[int, str, str], threading.Event] = {}  # being made now: the others wait for it

    def look(self) -> Bytes:
        """The ledger's bytes now."""
        return look(self.path)

    def version(self) -> int:
        """The ledger's version now: its bytes read and hashed."""
        return self.look().version

    def current(self) -> LedgerVersion:
        """The evening the ledger's bytes hold now."""
        return self.evening(self.look())

    def evening(self, now: Bytes) -> LedgerVersion:
        """The evening of these bytes, settled once per version."""
        found = self._kept(now.version)
        if found is not None:
            return found
        with self._settling:
            found = self._kept(now.version)
            if found is not None:
                return found
            with self._lock:
                latest = next(reversed(self._evenings.values()), None)
            made = self._read(now, latest.settled if latest is not None else None)
            with self._lock:
                self._evenings[made.version] = made
                while len(self._evenings) > KEPT:
                    self._evenings.popitem(last=False)
                self._made = {key: value for key, value in self._made.items() if key[0] in self._evenings}
            return made

    def _kept(self, version: int) -> LedgerVersion | None:
        with self._lock:
            found = self._evenings.get(version)
            if found is not None:
                self._evenings.move_to_end(version)
            return found

    def _read(self, now: Bytes, before: SettledSession | None) -> LedgerVersion:
        """The evening of ``now``'s bytes; ``before`` only spares settling again the hands it has equal (a hand's
        settlement is a function of the hand alone)."""
        if now.problem is not None:
            return LedgerVersion(now.version, None, None, now.problem)
        if now.data is None:
            return LedgerVersion(now.version, None, None)
        name = str(self.path)
        try:
            text = decode(now.data, name)
            data = parse_yaml(text, name) if text.strip() else None
            if data is None:  # nothing in it yet: the page offers a new evening
                return LedgerVersion(now.version, None, None)
            session = session_from_data(data, name, self.base, text)
            return LedgerVersion(now.version, session, settle_evening(session, before=before))
        except GangciError as error:
            return LedgerVersion(now.version, None, None, error)
        except RecursionError:  # a ledger nested too deep for the parser
            return LedgerVersion(now.version, None, None, InputError(name, say(m.CANNOT_READ, reason="nesting")))

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
                if evening.version in self._evenings:
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
