"""One writer at a time on a ledger: an exclusive lock around a change's read, write and read-back.

The lock is the operating system's advisory file lock (``fcntl.flock`` on
Unix, ``msvcrt.locking`` on Windows) on a small hidden ``.FILE.lock`` beside
the ledger's real file; the ledger itself is replaced by a rename, so it
cannot carry the lock. The holder removes the lock file when done, and a
waiter that got the lock on a file already removed tries again, so two
writers never both hold it. The lock goes with the process, whatever ends it.

It is held while a change is made, never while a person answers a question
(the prompts ask first and write under the lock after). The holder writes who
it is into the lock file (its process, the terminal's command or the page),
so a writer that cannot have the lock can say whose it is (:func:`holder`).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from gangci_calc.core.errors import LedgerBusy, OutputError
from gangci_calc.io.ledger.atomic import real_target
from gangci_calc.words import Said, say
from gangci_calc.words import messages as m

WAIT_SECONDS = 60.0  # a terminal waits this long for another writer
RECORD_LIMIT = 4096  # a lock file's record is read only this far


@dataclass(frozen=True)
class Acting:
    """Who takes the lock in this context and how long it waits: a terminal's command (the default), or the page,
    which waits a few seconds only and gives the lock up at once if ``then`` raises (its client has gone)."""

    by: str = "terminal"
    wait: float = WAIT_SECONDS
    then: Callable[[], None] | None = None


_ACTING: ContextVar[Acting | None] = ContextVar("gangci_lock_acting", default=None)  # None: a terminal's


@contextmanager
def acting(by: str, wait: float, then: Callable[[], None] | None = None) -> Iterator[None]:
    """Within the block, a lock taken is recorded as ``by``'s and waited for ``wait`` seconds at most; ``then`` is
    called once it is had, before the change (it may raise, and the lock is let go)."""
    token = _ACTING.set(Acting(by, wait, then))
    try:
        yield
    finally:
        _ACTING.reset(token)


@dataclass(frozen=True)
class Holder:
    """Who holds a ledger's lock, as its file says; ``user``: the file's owner, where that is another user."""

    pid: int | None = None
    by: str = ""
    command: str = ""
    user: str | None = None

    def said(self) -> Said:
        if self.by == "page" and self.pid is not None:
            who = say(m.HELD_BY_PAGE, pid=self.pid)
        elif self.by == "terminal" and self.pid is not None:
            who = say(m.HELD_BY_TERMINAL, pid=self.pid, command=self.command or "gangci")
        else:
            who = say(m.HELD_BY_UNKNOWN)
        return say(m.HELD_OF_USER, holder=who, user=self.user) if self.user else who

    def data(self) -> dict[str, object]:
        """For a machine: the page's 503 carries it."""
        return {"pid": self.pid, "by": self.by or None, "user": self.user}


def lock_path(path: str | Path) -> Path:
    """The ledger's lock file: hidden, beside the file the ledger's path leads to."""
    real = real_target(path)
    return real.parent / f".{real.name}.lock"


@contextmanager
def ledger_lock(path: str | Path, waiting: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold the ledger's lock for the block; wait for another writer (telling ``waiting``) as long as the context
    says (:func:`acting`: a minute at a terminal), then refuse naming the holder."""
    lock = lock_path(path)
    now = _ACTING.get() or Acting()
    deadline = time.monotonic() + now.wait
    told = False
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            found = holder(path) if isinstance(error, PermissionError) else None
            if found is not None:  # another user's lock file, in a folder both may write
                raise LedgerBusy(say(m.LEDGER_HELD, path=path, holder=found.said(), lock=lock.name)) from None
            raise OutputError(str(path), say(m.CANNOT_LOCK, lock=lock.name, reason=error.strerror)) from None
        if _try_lock(fd) and _still_there(fd, lock):
            break
        os.close(fd)
        if time.monotonic() > deadline:
            raise busy(path)
        if not told and waiting is not None:
            waiting()
            told = True
        time.sleep(0.05)
    try:
        _record(fd, now.by)
        if now.then is not None:
            now.then()
        yield
    finally:
        lock.unlink(missing_ok=True)  # before the release: a waiter that gets this file sees it is gone
        os.close(fd)


def busy(path: str | Path, others: Said | None = None) -> LedgerBusy:
    """The refusal of a writer that could not have the lock: whose it is, as its file says (``others`` where no
    one holds it now: the writer waited behind writers of its own process)."""
    found = holder(path)
    if found is None and others is None:
        return LedgerBusy(say(m.LEDGER_BUSY, path=path))
    who = found.said() if found is not None else others
    return LedgerBusy(say(m.LEDGER_HELD, path=path, holder=who, lock=lock_path(path).name))


def holder(path: str | Path) -> Holder | None:
    """Who holds the ledger's lock as its file says; ``None`` where there is no lock file."""
    lock = lock_path(path)
    try:
        fd = os.open(lock, os.O_RDONLY)
    except FileNotFoundError:
        return None
    except OSError:
        try:
            return Holder(user=_owner(os.stat(lock).st_uid))
        except OSError:
            return None
    try:
        owner = _owner(os.fstat(fd).st_uid)
        record = os.read(fd, RECORD_LIMIT)
    except OSError:
        return Holder()
    finally:
        os.close(fd)
    try:
        found = json.loads(record.decode("utf-8"))
    except ValueError:  # empty (a gangci before the record) or not ours: whose it is, as far as known
        return Holder(user=owner)
    if not isinstance(found, dict):
        return Holder(user=owner)
    pid, by, command = found.get("pid"), found.get("by"), found.get("command")
    return Holder(
        pid if isinstance(pid, int) and not isinstance(pid, bool) else None,
        by if by in ("terminal", "page") else "",
        command[:200] if isinstance(command, str) else "",
        owner,
    )


def _record(fd: int, by: str) -> None:
    """Write who holds the lock into its file (a failure to write it leaves the lock held, unnamed)."""
    # the command and its options, never their values (serve's --token is a secret; the file is readable)
    command = " ".join(["gangci", *sys.argv[1:2], *(a.split("=")[0] for a in sys.argv[2:] if a.startswith("-"))])
    record = json.dumps({"pid": os.getpid(), "by": by, "command": command[:200]}, ensure_ascii=False)
    try:
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, record.encode("utf-8", "replace"))
    except OSError:
        pass


def _owner(uid: int) -> str | None:
    """The user owning a file, where it is not this process's user (``None`` for our own, or no users here)."""
    getuid = getattr(os, "getuid", None)
    if getuid is None or uid == getuid():
        return None
    try:
        import pwd

        return pwd.getpwuid(uid).pw_name
    except (ImportError, KeyError):
        return str(uid)


def _try_lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined,unused-ignore]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _still_there(fd: int, lock: Path) -> bool:
    """Is the locked file still the one at the lock's path (not removed by the holder before us)?"""
    try:
        return os.stat(lock).st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        return False
