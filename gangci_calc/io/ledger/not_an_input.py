"""The one check every writing command makes: an output is not one of its inputs.

The output is resolved as :func:`~gangci_calc.io.ledger.atomic.atomic_file` will open it
(``realpath``: symlinks followed, ``..`` taken lexically even through a missing folder), and
compared with each input by the file's identity (device and inode), so a symlink, a hard link,
``/proc/self/fd/N`` or standard input's own file are all seen.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable

from gangci_calc.core.errors import InputError
from gangci_calc.io.ledger.atomic import real_target
from gangci_calc.words import Text, say
from gangci_calc.words import messages as m


def refuse_input_as_output(flag: str, output: str, inputs: Iterable[str], said: Text | None = None) -> None:
    """Raise a located :class:`InputError` (exit 2; ``said``, else "is one of the inputs") when ``output`` would
    be written over one of ``inputs`` (``-`` is standard input). An output that is not there yet, or is not a
    regular file, loses nothing."""
    try:
        target = os.stat(real_target(output))
    except (OSError, ValueError):
        return
    if not stat.S_ISREG(target.st_mode):  # /dev/null, a pipe: nothing to lose
        return
    for name in inputs:
        if _identity(name) == (target.st_dev, target.st_ino):
            raise InputError(flag, said or say(m.OUTPUT_IS_INPUT, output=output))


def same_output(first: str, second: str) -> bool:
    """Whether two outputs are one file: the same path once resolved, or one file by its identity."""
    if real_target(first) == real_target(second):
        return True
    return _identity(first) is not None and _identity(first) == _identity(second)


def _identity(name: str) -> tuple[int, int] | None:
    try:
        info = os.fstat(sys.stdin.fileno()) if name == "-" else os.stat(name)
    except (OSError, ValueError, AttributeError):  # no such file; a closed or replaced stdin
        return None
    return info.st_dev, info.st_ino
