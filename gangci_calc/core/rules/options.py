"""A table option (选项), described once: the one entry every reader of an option is made from.

An option is a field of an options class (:class:`~.table.HouseRules` for
``rules:``, :class:`~.fee.Fee` for ``fee:``) declared with :func:`option`.
The entry holds what the loader, the ``--new`` prompt, ``gangci rules``, the
rule book page and the JSON Schema need to know; each of them reads it here
rather than keeping a list of its own:

- the field's name is the file key, its default the seed's rule, and the
  default's type the kind: a flag (``bool``), a choice (an ``Enum``), a whole
  number (``int``, within ``amounts``) or a name (``str``);
- ``names``: the Chinese names, the first one the label;
- ``values``: for a choice, each member's Chinese spellings (its ``.value`` is
  the English one); for a flag, extra words for true or false (``硬次`` / ``软次``);
- ``on``: what a bare name sets at the prompt (``包次`` → true, ``庄家翻倍`` → ``wins``);
- ``effect``: what it does, zh and en; ``where``: where the code applies it.

>>> from gangci_calc.core.rules.table import HouseRules
>>> entry = entry_of(HouseRules, "xiami")
>>> entry.names[0], entry.kind, entry.amounts
('下米', 'amount', range(0, 1000000000000000000))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, Field, dataclass, field, fields, replace
from enum import Enum
from typing import Any, Literal, TypeVar

from gangci_calc.core.errors import RuleError, shown
from gangci_calc.words import Message, say
from gangci_calc.words import messages as m

T = TypeVar("T")
Kind = Literal["flag", "choice", "amount", "name", "group"]


@dataclass(frozen=True, slots=True)
class Option:
    """One option's description (see the module's text)."""

    names: tuple[str, ...]  # Chinese names; the first is the label
    effect: Message  # what it does
    where: str  # where the code applies it (docs/rules.md prints it)
    values: Mapping[Any, tuple[str, ...]] = field(default_factory=dict)
    on: object = True  # what a bare name sets at the prompt
    amounts: range | None = None  # a whole number's allowed values
    values_note: Message | None = None  # how the rule book shows a number's or a name's values
    prompt_names: tuple[str, ...] = ()  # more names the prompt takes before a number (暗杠2)
    group: type | None = None  # an options class of its own (带跑: {unit, kong}); its value, or None (off)
    key: str = ""  # the field's name, filled in by :func:`entries`
    default: Any = None  # the seed's value, filled in by :func:`entries`

    @property
    def kind(self) -> Kind:
        if isinstance(self.default, bool):
            return "flag"
        if isinstance(self.default, Enum):
            return "choice"
        if isinstance(self.default, str):
            return "name"
        if self.group is not None:  # an options class of its own (带跑: {unit, kong}), or None (off)
            return "group"
        return "amount"

    def spellings(self) -> tuple[str, ...]:
        """Every name of the option in a file: the key, then the Chinese names."""
        return (self.key, *self.names)

    def value_spellings(self) -> dict[Any, tuple[str, ...]]:
        """A choice's members -> their spellings (English first); a flag's extra words."""
        if self.kind == "choice":
            return {member: (member.value, *self.values.get(member, ())) for member in type(self.default)}
        return dict(self.values)

    def values_text(self, lang: str) -> str:
        """The values a table may give, default first (``double 点炮双倍 / even 平摊``)."""
        if self.kind == "choice":
            return " / ".join(" ".join(names) for names in self.value_spellings().values())
        if self.kind == "flag":
            return "true / false" if self.default else "false / true"
        if self.values_note is not None:
            return self.values_note.en if lang == "en" else self.values_note.zh
        assert self.amounts is not None
        return " / ".join(str(n) for n in self.amounts)

    def check(self, value: object, path: tuple[str | int, ...]) -> None:
        """Refuse a value of the wrong kind or outside the option's range, naming the field."""
        if self.kind == "amount":
            assert self.amounts is not None
            fits = not isinstance(value, bool) and isinstance(value, int) and value in self.amounts
        elif self.group is not None:
            fits = value is None or isinstance(value, self.group)
        else:
            fits = isinstance(value, type(self.default))
        if not fits:
            raise RuleError(path, say(m.NOT_A_RULE_VALUE, value=shown(value), key=self.label(), choices=self.choices()))

    def label(self) -> Message:
        """The option's name in each language: its first Chinese name, its key."""
        return Message(self.names[0], self.key)

    def choices(self) -> Message:
        """The values a table may give, in each language, default first."""
        return Message(self.values_text("zh"), self.values_text("en"))


def option(default: T, entry: Option) -> T:
    """Declare a field of an options class with its default and its description."""
    # a dataclasses.Field at run time; typed as its value, so mypy sees the field's own type
    return field(default=default, metadata={"option": entry})


def entries(cls: type) -> tuple[Option, ...]:
    """Every option of an options class, in field order, with its key and default filled in."""
    found = _ENTRIES.get(cls)
    if found is None:
        found = tuple(_filled(f) for f in fields(cls))
        _ENTRIES[cls] = found
    return found


def entry_of(cls: type, key: str) -> Option:
    """The description of one option of ``cls``."""
    return next(e for e in entries(cls) if e.key == key)


def check_all(instance: object, group: str) -> None:
    """Check every option of ``instance`` (an options class) against its entry; for ``__post_init__``."""
    for entry in entries(type(instance)):
        entry.check(getattr(instance, entry.key), (group, entry.key))


def _filled(f: Field[Any]) -> Option:
    entry = f.metadata["option"]
    assert isinstance(entry, Option) and f.default is not MISSING, f.name
    return replace(entry, key=f.name, default=f.default)


_ENTRIES: dict[type, tuple[Option, ...]] = {}
