"""The ledger's token: kept beside it, readable by its owner only, so serving the same ledger again (a restart, a
crash, another start of ``gangci serve``) keeps every phone's link and cookie good.

``tonight.yaml``'s token is ``.tonight.yaml.token`` in the same folder. ``--new-token``
writes a fresh one (every phone scans again); ``--token T`` sets it (16 to 256 characters
of ``A-Z a-z 0-9 - _ . ~``, else refused at start); deleting the file revokes it (the next
start makes another). A file others may read, larger than a token could be, or that is
not a token, is not trusted: a fresh token replaces it. A running server honours the file
as it is now (:class:`Honoured`): deleted or replaced, the old token stops working.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from gangci_calc.core.errors import InputError
from gangci_calc.words import messages as m
from gangci_calc.words import say

FEWEST, MOST = 16, 256
_TOKEN = re.compile(rf"[A-Za-z0-9_\-.~]{{{FEWEST},{MOST}}}")  # a URL's query and a QR code carry it unescaped
READ_AT_MOST = 4096  # a token file is read this far and no further: a larger one is no token
LOOK_EVERY = 1.0  # seconds between two looks at the token file by a running server


@dataclass(frozen=True)
class Token:
    """The token served, where it is kept, and how it came: ``kept`` (the ledger's own), ``given`` (--token),
    ``new`` (made now), or ``unkept`` (made now, but the folder would not keep it)."""

    value: str
    file: Path
    how: str


def check_token(given: str | None) -> None:
    """Refuse a ``--token`` that is not 16 to 256 characters of ``A-Z a-z 0-9 - _ . ~`` (empty included)."""
    if given is not None and _TOKEN.fullmatch(given) is None:
        raise InputError("--token", say(m.BAD_TOKEN, fewest=FEWEST, most=MOST))


def token_file(ledger: Path) -> Path:
    return ledger.parent / f".{ledger.name}.token"


def ledger_token(ledger: Path, given: str | None = None, *, fresh: bool = False) -> Token:
    """The token to serve ``ledger`` with: ``given``, else the one kept beside it (unless ``fresh``), else a new one
    (192 bits); the one chosen is kept beside the ledger for the next start."""
    check_token(given)
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
    """The token in ``file`` where it is one and only its owner (this user) may read it; the file read no further
    than :data:`READ_AT_MOST` bytes."""
    try:
        info = os.stat(file, follow_symlinks=False)
        if not stat.S_ISREG(info.st_mode) or info.st_size > READ_AT_MOST:
            return None
        if hasattr(os, "getuid") and (info.st_mode & 0o077 or info.st_uid != os.getuid()):  # POSIX: owner only
            return None
        descriptor = os.open(file, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        try:
            data = os.read(descriptor, READ_AT_MOST + 1)  # it may have grown since the stat
        finally:
            os.close(descriptor)
        text = data.decode("ascii").strip() if len(data) <= READ_AT_MOST else ""
    except (OSError, UnicodeError):
        return None
    return text if _TOKEN.fullmatch(text) else None


def _looked(file: Path) -> tuple[int, ...] | None:
    """What changes on the token file whenever it is written, replaced, or its mode or owner changed."""
    try:
        info = os.stat(file, follow_symlinks=False)
    except OSError:
        return None
    return info.st_dev, info.st_ino, info.st_mtime_ns, info.st_ctime_ns, info.st_size


def cookie_of(token: str) -> str:
    """What the page's cookie holds for ``token``: its HMAC, never the token itself."""
    return hmac.new(token.encode(), b"gangci serve cookie", hashlib.sha256).hexdigest()


class Honoured:
    """The token a running server honours: the one it started with, and then the token file as it is now (looked
    at no more than once every ``every`` seconds, a ``stat()`` each time, the file read only when it changed).
    The file deleted, or holding no token: no token is honoured; replaced: the new one is. The tokens it honoured
    before are remembered, so a page that comes with one is told its link has expired. ``file`` None: the token
    given is honoured until the server stops (a folder that would not keep it)."""

    def __init__(self, value: str, file: Path | None = None, every: float | None = None) -> None:
        self.file, self.every = file, LOOK_EVERY if every is None else every
        self.value: str | None = value
        self.cookie: str | None = cookie_of(value)
        self.retired: list[str] = []
        self._stamp = _looked(file) if file is not None else None
        self._last = time.monotonic()

    def now(self) -> str | None:
        """The token honoured now (``None``: none)."""
        if self.file is None or time.monotonic() - self._last < self.every:
            return self.value
        self._last = time.monotonic()
        stamp = _looked(self.file)
        if stamp != self._stamp:
            self._stamp = stamp
            found = _read(self.file) if stamp is not None else None
            if found != self.value:
                if self.value is not None:
                    self.retired = [*self.retired[-15:], self.value]
                self.value, self.cookie = found, cookie_of(found) if found is not None else None
        return self.value

    def right(self, given: str) -> bool:
        now = self.now()
        return now is not None and secrets.compare_digest(given.encode(), now.encode())

    def right_cookie(self, given: str) -> bool:
        self.now()
        return self.cookie is not None and secrets.compare_digest(given.encode(), self.cookie.encode())

    def was(self, given: str) -> bool:
        """Was ``given`` honoured once, and is no longer?"""
        return any(secrets.compare_digest(given.encode(), old.encode()) for old in self.retired)


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
