"""The project's errors; the CLI maps each to an exit status in one place.

(``io.atomic.Abandon`` is not an error but a signal inside one ``with`` block: leave the file as it was.)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gangci_calc.words import Text, current, text_of

FieldPath = tuple[str | int, ...]
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def shown(value: object, limit: int = 40) -> Text:
    """A bad value for a message, as a file writes it (``true``, ``null``, ``1000.5``; a text quoted), cut short;
    a mapping or list only named (it may be huge).

    >>> shown("x" * 50), shown(True), shown(None), shown(float("nan"))
    ("'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…", 'true', 'null', 'NaN')
    """
    from gangci_calc.words import messages as m

    if value is None or isinstance(value, (bool, float)):  # JSON's and YAML's words, never Python's True / None
        import json

        return json.dumps(value)
    if isinstance(value, dict):
        return m.A_MAPPING
    if isinstance(value, (list, tuple, set)):
        return m.A_LIST
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
        return m.A_HUGE_NUMBER
    text = repr(value[: limit + 1]) if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def file_text(name: str) -> str:
    """A file's name (or a line holding one) as one line of text any terminal, page, JSON or header can carry:
    each byte of the name that is not UTF-8 (which Python keeps as a lone surrogate) and each control character
    (a CR or LF in the name) as ``\\xNN``, the rest as it is.

    >>> file_text("\\udcd5\\udce2.yaml"), file_text("今晚.yaml"), file_text("a\\r\\nb.yaml")
    ('\\\\xd5\\\\xe2.yaml', '今晚.yaml', 'a\\\\x0d\\\\x0ab.yaml')
    """
    try:
        text = name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a surrogate no byte stands for (a Windows name): said as its code
        text = name.encode("utf-8", "backslashreplace").decode("utf-8")
    return _CONTROL.sub(lambda found: f"\\x{ord(found.group()):02x}", text)


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
    """Base of every error gangci-calc raises on purpose: its words are made in the language asked for."""

    def text(self, lang: str) -> str:
        return " ".join(str(arg) for arg in self.args)

    def __str__(self) -> str:
        return self.text(current())


class RuleError(GangciError):
    """A hand the rules do not allow (天胡 by a non-dealer, 抵 on the dealer, ...).

    ``path`` names the field in the hand-file shape so loaders can point at it.
    """

    def __init__(
        self, path: Sequence[str | int], message: Text, *, at_key: bool = False, offset: int | None = None
    ) -> None:
        super().__init__(path, message)
        self.path: FieldPath = tuple(path)
        self.message = message
        self.at_key = at_key
        self.offset = offset  # within a one-line text value: the character at fault

    def text(self, lang: str) -> str:
        message = text_of(self.message, lang)
        return f"{field_name(self.path)}: {message}" if self.path else message


class InputError(GangciError):
    """Bad input, located: ``file:line:col: field: what is wrong``. Exit status 2."""

    def __init__(
        self,
        source: str,
        message: Text,
        *,
        line: int | None = None,
        column: int | None = None,
        field: Text = "",
        path: Sequence[str | int] = (),
        reason: Text | None = None,
    ) -> None:
        super().__init__(source, message)
        self.source = source
        self.line = line
        self.column = column
        self.field = field
        self.message = message
        self.path: FieldPath = tuple(path)  # the field in the file's shape (``hands[2].win``), where known
        self.reason = reason  # the message without the field it is about, where the message names one

    def one_line(self, lang: str | None = None) -> str:
        lang = lang or current()
        where = self.source
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        field, message = text_of(self.field, lang), text_of(self.message, lang)
        text = f"{where}: {field}: {message}" if field else f"{where}: {message}"
        return file_text(" ".join(text.split("\n")))  # a file's name that is not UTF-8: shown, never a crash

    def text(self, lang: str) -> str:
        return self.one_line(lang)


class InputErrors(GangciError):
    """Several input errors at once (every bad hand of a session). Exit status 2."""

    def __init__(self, errors: Sequence[InputError]) -> None:
        self.errors = list(errors)
        super().__init__(*self.errors)

    def text(self, lang: str) -> str:
        return "\n".join(e.one_line(lang) for e in self.errors)


class HandError(GangciError, ValueError):
    """A hand or session given as a mapping (the Python API) that the rules refuse: ``field: message``."""

    def __init__(
        self, field: str, message: Text, lang: str | None = None, id: str | int | None = None, *, words: Text = ""
    ) -> None:
        super().__init__(field, message)
        self.field = field  # the path of the field at fault: ``bets.S.piao``, ``hands[2].win.winner``
        self.message = message
        self.lang = lang  # the language asked for; ``str()`` speaks it
        self.id = id  # the record's own id (``id:`` / ``编号``), as given, so a platform can join it back
        self.words = words  # the field as the loader names it in each language (``胡牌 来自``); else ``field``
        self.kept: dict[str, object] = {}  # ``keep=``'s keys the record gave (score, score_many), to join it back

    def text(self, lang: str) -> str:
        message = text_of(self.message, lang)
        name = text_of(self.words, lang) if self.words else self.field
        return f"{name}: {message}" if name else message

    def __str__(self) -> str:
        return self.text(self.lang or current())


class ClaimRejected(GangciError):
    """A referee check found the claimed win false (one line per false claim). Exit status 1."""

    def __init__(self, message: Text, *more: Text, problems: tuple[tuple[int | None, Text], ...] = ()) -> None:
        super().__init__(message, *more)
        self.message = message
        self.lines = (message, *more)
        self.problems = problems  # (hand number or None, reason) of each false claim, unlocated

    def text(self, lang: str) -> str:
        return "\n".join(text_of(line, lang) for line in self.lines)


class OutputError(GangciError):
    """An output that cannot be written: a full disk, ``/dev/full``, a folder, a read-only file. Exit status 74."""

    def __init__(self, target: str, message: Text) -> None:
        super().__init__(target, message)
        self.target = target
        self.message = message

    def text(self, lang: str) -> str:
        return file_text(f"{self.target}: {text_of(self.message, lang)}")


class LedgerBusy(GangciError):
    """Another ``gangci session`` is writing the same ledger. Exit status 75: try again."""

    def __init__(self, message: Text) -> None:
        super().__init__(message)
        self.message = message

    def text(self, lang: str) -> str:
        return file_text(text_of(self.message, lang))


class Terminated(BaseException):
    """SIGTERM, raised where the program stands (like KeyboardInterrupt for Ctrl-C). Exit status 143."""


class _Worded(Exception):
    """An exception of the core's helpers whose words are made in the language of the command at hand."""

    def __init__(self, message: Text) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return text_of(self.message, current())


class TileSyntaxError(_Worded, ValueError):
    """A tile string that cannot be read; ``offset`` points at the bad character."""

    def __init__(self, message: Text, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


class AnswerError(_Worded, ValueError):
    """An answer typed at a prompt that cannot be read; the message says what would be right."""


class UnreadableInput(_Worded):
    """A batch input that cannot be read at all (missing file, not UTF-8...). Exit status 2."""


class NotInLedger(InputError):
    """A hand asked for that the ledger does not hold (hand N, a hand to undo). Exit status 2; 404 or 409 on the
    page."""


class TableExists(InputError):
    """A new evening asked for where the ledger already holds one. Exit status 2; 409 on the page."""


class HandTaken(InputError):
    """A hand sent as hand N where the ledger already holds a hand N (two phones saved the same hand): 409."""

    def __init__(self, target: str, message: Text, number: int, count: int) -> None:
        super().__init__(target, message)
        self.number = number
        self.count = count


class NothingToUndo(NotInLedger):
    """``--undo`` on an evening with no hand. Exit status 2; 409 on the page."""
