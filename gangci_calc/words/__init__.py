"""The one vocabulary: every user-facing word and message, in Chinese (default) and English.

A message is a :class:`Message`, a typed pair of templates. Code that reports
something builds a :class:`Said` (the message and its values) and never the
text itself; the text is made where it is shown, in the language asked for:

>>> from gangci_calc.words.messages import NOT_A_SEAT
>>> said = say(NOT_A_SEAT, value="'X'")
>>> said.text("en")
"'X' is not a seat — use E S W N or 东 南 西 北"
>>> said.text("zh")
"'X' 不是座位 — 用 东 南 西 北 或 E S W N"

A value may itself be a :class:`Message` or a :class:`Said`, shown in the same
language. ``str()`` of a ``Said`` (and of every error) uses the language of the
command at hand (:func:`speaking`), else Chinese; the CLI and the Python API
first set the user's default (``GANGCI_LANG`` or the config file:
``gangci_calc/io/load/config.py``). Nothing here reads a file: the core stays pure.

Adding a message: one entry in ``messages.py`` (or ``ui.py`` for labels and
prompts); ``tests/test_words.py`` checks that both languages have it, with the
same placeholders.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextvars import ContextVar
from typing import Literal, NamedTuple

Lang = Literal["zh", "en"]
LANGS: tuple[Lang, ...] = ("zh", "en")


class Message(NamedTuple):
    """One message in both languages: ``str.format`` templates with the same ``{placeholders}``."""

    zh: str
    en: str

    def text(self, lang: str) -> str:
        """The template in ``lang``, for its caller to format (``shown`` puts a message without values into words)."""
        return self.zh if lang == "zh" else self.en

    def shown(self, lang: str) -> str:
        """The words of a message said without values: ``{{`` is ``{`` there too."""
        template = self.text(lang)
        return _unescaped(template) if "{{" in template or "}}" in template else template


def _unescaped(template: str) -> str:
    """``{{...}}`` -> ``{...}`` where the template has no ``{placeholder}`` of its own."""
    import string

    if any(name is not None for _, name, _, _ in string.Formatter().parse(template)):
        return template
    return template.format_map({})


class Said:
    """A message with its values, not yet put into words."""

    __slots__ = ("message", "values")

    def __init__(self, message: Message, values: Mapping[str, object]) -> None:
        self.message = message
        self.values = values

    def text(self, lang: str) -> str:
        template = self.message.zh if lang == "zh" else self.message.en
        if not self.values:
            return self.message.shown(lang)
        return template.format_map({key: in_words(value, lang) for key, value in self.values.items()})

    def __str__(self) -> str:
        return self.text(current())

    def __repr__(self) -> str:
        return f"Said({self.text('en')!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and (self.message, dict(self.values)) == (other.message, dict(other.values))

    def __hash__(self) -> int:
        return hash(self.message)


Text = str | Said | Message  # a str is the same in every language: a path, a file name, a number


def say(message: Message, /, **values: object) -> Said:
    """``message`` with its values, to be put into words where it is shown."""
    return Said(message, values)


def both(zh: str, en: str) -> Message:
    """A value that has a word in each language (a tile: ``一万`` / ``1m``), not a message of the catalogue."""
    return Message(zh, en)


def in_words(value: object, lang: str) -> object:
    """A value in ``lang``: a message or a said message is put into words, anything else is itself."""
    if isinstance(value, Said):
        return value.text(lang)
    if isinstance(value, Message):
        return value.shown(lang)
    return value


def text_of(value: Text, lang: str) -> str:
    return str(in_words(value, lang))


_SPEAKING: ContextVar[str] = ContextVar("gangci_language", default="zh")


def current() -> str:
    """The language of the command at hand (Chinese unless set)."""
    return _SPEAKING.get()


def use_language(lang: str) -> None:
    """Speak ``lang`` from now on in this context (the CLI's and the API's default)."""
    _SPEAKING.set(lang)


def speaking(lang: str) -> _Speaking:
    """Within the block, ``str()`` of a message is in ``lang``."""
    return _Speaking(lang)


class _Speaking:
    """:func:`speaking`'s block: a class, not a generator (``score()`` enters one a hand)."""

    __slots__ = ("lang", "token")

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __enter__(self) -> None:
        self.token = _SPEAKING.set(self.lang)

    def __exit__(self, *_: object) -> None:
        _SPEAKING.reset(self.token)
