"""Files that appear whole or not at all: written beside the target, renamed onto it."""

from __future__ import annotations

import os
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from gangci_calc.errors import InputError


class Abandon(Exception):
    """Raise inside :func:`atomic_file` to leave the target as it was, quietly."""


@contextmanager
def atomic_file(path: str | Path) -> Iterator[IO[str]]:
    """A handle on a temporary file beside ``path``, renamed onto it when the block ends well.

    An exception (or SIGTERM, turned into KeyboardInterrupt meanwhile) removes the
    temporary file, so the target is never half-written. A target that is not a
    regular file (``/dev/null``, a pipe) is written directly.
    """
    target = Path(path)
    if target.exists() and not target.is_file():
        with target.open("w", encoding="utf-8") as handle:
            yield handle
        return
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as error:
        raise InputError(str(path), f"cannot be written: {error.strerror}") from None
    mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
    previous = signal.getsignal(signal.SIGTERM)

    def interrupted(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, target)
    except Abandon:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        Path(temp).unlink(missing_ok=True)
