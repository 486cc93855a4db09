"""Files that appear whole or not at all: written beside the target, renamed onto it.

The target is the real file behind a symlink, and keeps its mode and owner. A
read-only target is refused, not replaced; one that is not a regular file
(``/dev/null``, a pipe) is written directly. Every failure to write is an
:class:`~gangci_calc.errors.OutputError`.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from gangci_calc.errors import OutputError
from gangci_calc.words import messages as m
from gangci_calc.words import say


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
    if info is not None and not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise OutputError(name, say(m.READ_ONLY))
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as error:
        raise OutputError(name, say(m.CANNOT_WRITE, reason=error.strerror)) from None
    try:
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
    except Abandon:
        pass
    except OSError as error:
        raise OutputError(name, say(m.CANNOT_WRITE, reason=error.strerror)) from None
    finally:
        Path(temp).unlink(missing_ok=True)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
