"""Files that appear whole or not at all: written beside the target, renamed onto it.

The target is the real file behind a symlink, and keeps its mode and owner. A
read-only target is refused, not replaced; one that is not a regular file
(``/dev/null``, a pipe) is written directly. Every failure to write is an
:class:`~gangci_calc.core.errors.OutputError`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from gangci_calc.core.errors import OutputError
from gangci_calc.words import messages as m
from gangci_calc.words import say

REPLACED: list[str] = []  # every file this process has replaced or created, in order: what a stop must not deny
TEMP_SUFFIX = ".part"
_TEMP_MIDDLE = re.compile(r"[a-z0-9_]{8}")  # what temp_name puts there (and tempfile.mkstemp did): never a dot


class Abandon(Exception):
    """Raise inside :func:`atomic_file` to leave the target as it was, quietly."""


def real_target(path: str | Path) -> Path:
    """The file a path names, through any symlinks."""
    return Path(os.path.realpath(path))


@contextmanager
def atomic_file(path: str | Path, *, keep_bom: bool = False) -> Iterator[IO[str]]:
    """A handle on a temporary file beside ``path``'s real file, renamed onto it when the block ends well.

    Any exception, Ctrl-C or SIGTERM included, removes the temporary file, so the
    target is never half-written. ``keep_bom`` writes a UTF-8 byte order mark first.
    """
    name = str(path)
    target = real_target(path)
    try:
        info = target.stat()
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise OutputError(name, say(m.CANNOT_WRITE, reason=error.strerror)) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise OutputError(name, say(m.IS_A_FOLDER))
    if info is not None and not stat.S_ISREG(info.st_mode):  # /dev/null, a pipe: nothing to replace
        try:
            with target.open("w", encoding="utf-8") as handle:
                yield handle
        except OSError as error:
            raise OutputError(name, say(m.CANNOT_WRITE, reason=error.strerror)) from None
        return
    if info is not None:
        _refuse_unwritable(name, target, info)
    made: list[str] = []  # the temporary file, once it exists: whatever happens next, `finally` removes it
    try:
        with _signals_held():  # Ctrl-C or SIGTERM waits until the name is kept, then lands inside this try
            try:
                fd, temp = _make_temp(target)
            except OSError as error:
                raise OutputError(name, say(m.CANNOT_WRITE, reason=error.strerror)) from None
            made.append(temp)
        with os.fdopen(fd, "w", encoding="utf-8-sig" if keep_bom else "utf-8", newline="") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        if info is not None:
            os.chmod(temp, stat.S_IMODE(info.st_mode))
            with contextlib.suppress(OSError):  # only root may give a file away; others keep their own
                os.chown(temp, info.st_uid, info.st_gid)
        else:
            os.chmod(temp, 0o644 & ~_umask())
        os.replace(temp, target)
        REPLACED.append(name)
    except Abandon:
        pass
    except OSError as error:
        raise OutputError(name, say(m.CANNOT_WRITE, reason=error.strerror)) from None
    finally:
        for temp in made:
            Path(temp).unlink(missing_ok=True)


def temp_name(target: str) -> str:
    """The name of a temporary file of ``target`` (a file's name, no folder): ``.NAME.XXXXXXXX.part``."""
    return f".{target}.{secrets.token_hex(4)}{TEMP_SUFFIX}"


def is_temp_of(name: str, target: str) -> bool:
    """Is ``name`` exactly a temporary file of ``target`` as :func:`temp_name` makes it? The eight characters
    between the target's name and ``.part`` hold no dot, so another file's (``.NAME.results.jsonl.XXXXXXXX.part``,
    the token's ``.NAME.token.PID.part``) never passes."""
    prefix = f".{target}."
    return (
        name.startswith(prefix)
        and name.endswith(TEMP_SUFFIX)
        and _TEMP_MIDDLE.fullmatch(name[len(prefix) : -len(TEMP_SUFFIX)]) is not None
    )


def _make_temp(target: Path) -> tuple[int, str]:
    """A new temporary file beside ``target``, readable by its owner only until it is renamed: its descriptor and
    path (a name already there is never opened: another name is tried)."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        path = str(target.parent / temp_name(target.name))
        try:
            return os.open(path, flags, 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(target))


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP back for a moment (POSIX, main thread); they are delivered when it ends."""
    import signal
    import threading

    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    old = mask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, old)


def check_ledger_writable(path: str | Path) -> None:
    """Refuse, before any prompt, a ledger that cannot be replaced as it is: read-only for us (``os.access`` and
    a real open, not the mode bits alone), its folder closed to us, or a file with more than one hard link
    (the replacing rename would split the links into two ledgers). A missing ledger is fine: it is created."""
    name = str(path)
    target = real_target(path)
    try:
        info = target.stat()
    except FileNotFoundError:
        return
    except OSError as error:
        raise OutputError(name, say(m.CANNOT_WRITE, reason=error.strerror)) from None
    if stat.S_ISREG(info.st_mode):
        _refuse_unwritable(name, target, info)
        if info.st_nlink > 1:
            raise OutputError(name, say(m.HARD_LINKED, links=info.st_nlink))


def _refuse_unwritable(name: str, target: Path, info: os.stat_result) -> None:
    """A regular target we may not write (by its mode, by the system's own check, or by trying), or whose
    folder we may not write (the temporary file and the rename need it). Its callers pass regular files only."""
    if not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(target, os.W_OK):
        raise OutputError(name, say(m.READ_ONLY))
    try:
        os.close(os.open(target, os.O_WRONLY | os.O_APPEND))  # opens for writing, writes nothing
    except OSError:
        raise OutputError(name, say(m.READ_ONLY)) from None
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise OutputError(name, say(m.FOLDER_READ_ONLY))
    if os.name != "nt" and os.geteuid() != 0 and info.st_uid != os.geteuid():
        raise OutputError(name, say(m.NOT_OURS))  # replacing it would make the file ours: its owner would change


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
