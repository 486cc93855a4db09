"""The project's errors; the CLI maps each to an exit status in one place.

(``io.atomic.Abandon`` is not an error but a signal inside one ``with`` block: leave the file as it was.)
"""

from __future__ import annotations

from collections.abc import Sequence

FieldPath = tuple[str | int, ...]


def shown(value: object, limit: int = 40) -> str:
    """A bad value for a message: its repr, cut short; a mapping or list only named (it may be huge).

    >>> shown("x" * 50)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    """
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple, set)):
        return "a list"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
        return "a number of more than 18 digits"
    text = repr(value[: limit + 1]) if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def field_name(path: Sequence[str | int]) -> str:
    """``("bets", "S", "piao")`` -> ``bets.S.piao``; ``("kongs", 0, "by")`` -> ``kongs[0].by``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


class GangciError(Exception):
    """Base of every error gangci-calc raises on purpose."""


class RuleError(GangciError):
    """A hand the rules do not allow (天胡 by a non-dealer, 抵 on the dealer, ...).

    ``path`` names the field in the hand-file shape so loaders can point at it.
    """

    def __init__(
        self, path: Sequence[str | int], message: str, *, at_key: bool = False, offset: int | None = None
    ) -> None:
        super().__init__(f"{field_name(path)}: {message}" if path else message)
        self.path: FieldPath = tuple(path)
        self.message = message
        self.at_key = at_key
        self.offset = offset  # within a one-line text value: the character at fault


class InputError(GangciError):
    """Bad input, located: ``file:line:col: field: what is wrong``. Exit status 2."""

    def __init__(
        self,
        source: str,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        field: str = "",
    ) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.field = field
        self.message = message
        super().__init__(self.one_line())

    def one_line(self) -> str:
        where = self.source
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        text = f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"
        return " ".join(text.split("\n"))


class InputErrors(GangciError):
    """Several input errors at once (every bad hand of a session). Exit status 2."""

    def __init__(self, errors: Sequence[InputError]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(e.one_line() for e in self.errors))


class ClaimRejected(GangciError):
    """A referee check found the claimed win false. Exit status 1."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class OutputError(GangciError):
    """An output that cannot be written: a full disk, ``/dev/full``, a folder, a read-only file. Exit status 74."""

    def __init__(self, target: str, message: str) -> None:
        super().__init__(f"{target}: {message}")
        self.target = target
        self.message = message


class LedgerBusy(GangciError):
    """Another ``gangci session`` is writing the same ledger. Exit status 75: try again."""


class Terminated(BaseException):
    """SIGTERM, raised where the program stands (like KeyboardInterrupt for Ctrl-C). Exit status 143."""


class TileSyntaxError(ValueError):
    """A tile string that cannot be read; ``offset`` points at the bad character."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


class AnswerError(ValueError):
    """An answer typed at a prompt that cannot be read; the message says what would be right."""


class UnreadableInput(Exception):
    """A batch input that cannot be read at all (missing file, not UTF-8...). Exit status 2."""
