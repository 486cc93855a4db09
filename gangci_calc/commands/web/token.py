"""The ledger's token: kept beside it, readable by its owner only, so serving the same ledger again (a restart, a
crash, another start of ``gangci serve``) keeps every phone's link and cookie good.

``tonight.yaml``'s token is ``.tonight.yaml.token`` in the same folder. ``--new-token``
writes a fresh one (every phone scans again); ``--token T`` sets it; deleting the file
revokes it (the next start makes another). A file others may read, or that is not
a token, is not trusted: a fresh token replaces it.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

_TOKEN = re.compile(r"^[A-Za-z0-9_\-.~]{16,200}$")  # what --token may be too: a URL's query needs no escaping


@dataclass(frozen=True)
class Token:
    """The token served, where it is kept, and how it came: ``kept`` (the ledger's own), ``given`` (--token),
    ``new`` (made now), or ``unkept`` (made now, but the folder would not keep it)."""

    value: str
    file: Path
    how: str


def token_file(ledger: Path) -> Path:
    return ledger.parent / f".{ledger.name}.token"


def ledger_token(ledger: Path, given: str | None = None, *, fresh: bool = False) -> Token:
    """The token to serve ``ledger`` with: ``given``, else the one kept beside it (unless ``fresh``), else a new one
    (192 bits); the one chosen is kept beside the ledger for the next start."""
    file = token_file(ledger)
    if given is None and not fresh:
        kept = _read(file)
        if kept is not None:
            return Token(kept, file, "kept")
    value = given if given is not None else secrets.token_urlsafe(24)
    try:
        _write(file, value)
    except OSError:  # a folder we may read but not write: this start's token only
        return Token(value, file, "unkept")
    return Token(value, file, "given" if given is not None else "new")


def _read(file: Path) -> str | None:
    """The token in ``file`` where it is one and only its owner (this user) may read it."""
    try:
        info = os.stat(file, follow_symlinks=False)
        if not stat.S_ISREG(info.st_mode):
            return None
        if hasattr(os, "getuid") and (info.st_mode & 0o077 or info.st_uid != os.getuid()):  # POSIX: owner only
            return None
        text = file.read_text(encoding="ascii").strip()
    except (OSError, UnicodeError):
        return None
    return text if _TOKEN.match(text) else None


def _write(file: Path, value: str) -> None:
    """Write the token readable and writable by its owner only, replacing any file there whole."""
    part = file.with_name(f"{file.name}.{os.getpid()}.part")
    descriptor = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as out:
            out.write(value + "\n")
        os.chmod(part, 0o600)
        os.replace(part, file)
    except OSError:
        part.unlink(missing_ok=True)
        raise
