"""One writer at a time on a ledger: an exclusive lock around read, prompts and write.

The lock is the operating system's advisory file lock (``fcntl.flock`` on
Unix, ``msvcrt.locking`` on Windows) on a small hidden ``.FILE.lock`` beside
the ledger's real file; the ledger itself is replaced by a rename, so it
cannot carry the lock. The holder removes the lock file when done, and a
waiter that got the lock on a file already removed tries again, so two
writers never both hold it. The lock goes with the process, whatever ends it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from gangci_calc.core.errors import LedgerBusy, OutputError
from gangci_calc.io.ledger.atomic import real_target
from gangci_calc.words import Said, say
from gangci_calc.words import messages as m

WAIT_SECONDS = 60.0


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


@contextmanager
def ledger_lock(path: str | Path, waiting: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold the ledger's lock for the block; wait up to a minute for another writer (telling ``waiting``)."""
    real = real_target(path)
    lock = real.parent / f".{real.name}.lock"
    deadline = time.monotonic() + WAIT_SECONDS
    told = False
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise OutputError(str(path), cannot_lock(lock, error)) from None
        if _try_lock(fd) and _still_there(fd, lock):
            break
        os.close(fd)
        if time.monotonic() > deadline:
            raise LedgerBusy(say(m.LEDGER_BUSY, path=path))
        if not told and waiting is not None:
            waiting()
            told = True
        time.sleep(0.05)
    try:
        yield
    finally:
        lock.unlink(missing_ok=True)  # before the release: a waiter that gets this file sees it is gone
        os.close(fd)


def cannot_lock(lock: Path, error: OSError) -> Said:
    """Why the lock file cannot be opened; where it is another user's (a shared folder), whose it is."""
    from gangci_calc.core.errors import file_text

    name = file_text(lock.name)
    try:
        uid = os.stat(lock, follow_symlinks=False).st_uid
    except OSError:
        uid = None
    if uid is None or not hasattr(os, "geteuid") or uid == os.geteuid():
        return say(m.CANNOT_LOCK, lock=name, reason=error.strerror)
    try:
        import pwd

        owner = f"{pwd.getpwuid(uid).pw_name} (uid {uid})"
    except (ImportError, KeyError):
        owner = f"uid {uid}"
    return say(m.LOCK_NOT_OURS, lock=name, owner=owner, reason=error.strerror)


def _still_there(fd: int, lock: Path) -> bool:
    """Is the locked file still the one at the lock's path (not removed by the holder before us)?"""
    try:
        return os.stat(lock).st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        return False
