"""Words for people, in Chinese (default) or English, and amount formatting."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from gangci_calc.core.rules import Amount, Doubling, HouseRules, KongType, Part, Role, Seat, Win
from gangci_calc.core.rules.fee import Fee
from gangci_calc.core.rules.options import Option, entries, entry_of
from gangci_calc.core.rules.terms import KONG_ZH, SEAT_ZH, WIN_ZH
from gangci_calc.words.ui import KONG_EN, PARTS, ROLES, WIN_EN, WORDS

if TYPE_CHECKING:
    from gangci_calc.core.evening.ledger import Person


def word(key: str, lang: str) -> str:
    """A label of the screens (words/ui.py)."""
    return WORDS[key].text(lang)


def seat_name(seat: Seat, lang: str) -> str:
    """``西`` / ``W``."""
    return SEAT_ZH[seat] if lang == "zh" else seat.name


def seat_label(seat: Seat, lang: str, names: dict[Seat, str] | None = None) -> str:
    """``西 张姐`` / ``W 张姐`` when a name is known, else ``西`` / ``W``."""
    base = seat_name(seat, lang)
    name = (names or {}).get(seat)
    return f"{base} {name}" if name else base


def win_label(win: Win, lang: str) -> str:
    """``暗呲`` / ``concealed ci``."""
    return WIN_ZH[win] if lang == "zh" else WIN_EN[win.value]


def kong_label(kong: KongType, lang: str) -> str:
    return KONG_ZH[kong] if lang == "zh" else KONG_EN[kong.value]


def collector_label(fee: Fee, lang: str) -> str:
    """Who collects the table fee: the name the fee gives, else ``台费`` / ``table fee``."""
    return fee.to or word("fee_house", lang)


def person_text(person: Person, lang: str) -> str:
    """A person as a label: the house in the language shown, a name as it is."""
    # the evening's people (core/evening/ledger.py): not loaded for one hand
    from gangci_calc.core.evening.ledger import HOUSE_NAME, FeeCollector

    if isinstance(person, FeeCollector):
        return word("fee_house", lang) if person.name == HOUSE_NAME else person.name
    return person if isinstance(person, str) else person.name


def part_label(part: Part, lang: str) -> str:
    return PARTS[part.value].text(lang)


def role_label(role: Role, lang: str) -> str:
    return ROLES[role.value].text(lang)


def rule_name(key: str, lang: str) -> str:
    """A house option's name: ``包次`` / ``baoci`` (the first Chinese alias is its Chinese name)."""
    return entry_of(HouseRules, key).names[0] if lang == "zh" else key


def rule_value_text(key: str, value: object, lang: str) -> str:
    """A house option's value in words: ``平摊`` / ``even``; ``500``; ``是`` / ``true``."""
    return option_value_text(entry_of(HouseRules, key), value, lang)


def option_value_text(entry: Option, value: object, lang: str) -> str:
    """Any option's value in words, by its entry: a choice's word, a flag's yes/no, a number, a name (or 台费)."""
    if entry.kind == "choice":
        names = entry.value_spellings()[value]
        return names[1] if lang == "zh" and len(names) > 1 else names[0]
    if entry.kind == "flag":
        return _flag_text(bool(value), lang)
    if entry.kind == "name":
        return str(value) or word("fee_house", lang)
    if entry.kind == "group":
        return _group_text(value, lang)
    return str(value)


def _flag_text(on: bool, lang: str) -> str:
    """A flag's value: 是 / 否, or true / false as a rules file spells it."""
    if lang == "zh":
        return word("yes" if on else "no", lang)
    return "true" if on else "false"


def _group_text(value: object, lang: str) -> str:
    """A group option's value: ``带跑 跑底100 杠跑`` / ``pao unit 100, kong true`` (its parts not at their
    defaults; empty: its defaults), or off."""
    if value is None:
        return word("no", lang) if lang == "zh" else "off"
    parts = [
        _part_text(sub, held, lang) for sub in entries(type(value)) if (held := getattr(value, sub.key)) != sub.default
    ]
    return " ".join(parts) if lang == "zh" else ", ".join(parts)


def _part_text(sub: Option, held: object, lang: str) -> str:
    """One part of a group's value: ``杠跑`` (a flag on, in Chinese), ``跑底100``, ``unit 100``."""
    if lang != "zh":
        return f"{sub.key} {option_value_text(sub, held, lang)}"
    label = sub.names[0]
    return label if held is True else f"{label}{option_value_text(sub, held, lang)}"


@lru_cache(maxsize=256)  # a ledger's hands share a few tables: each said once (the page says them on every change)
def house_text(house: HouseRules, lang: str) -> str:
    """Every option that differs from the seed's rules: ``包次 · 直呲分摊 平摊`` / ``baoci, zhici_split even``."""
    parts = []
    for key, value in house.changed():
        name = rule_name(key, lang)
        said = "" if value is True else rule_value_text(key, value, lang)
        parts.append(f"{name} {said}" if said else name)
    return word("house_sep", lang).join(parts)


def fee_text(fee: Fee, lang: str) -> str:
    """The table fee in words: ``台费: 每胡 50 · 每局 10`` / ``fee: per_win 50, per_hand 10``; empty for none."""
    if not fee.on:
        return ""
    parts = [
        f"{entry.names[0] if lang == 'zh' else entry.key} {value}"
        for entry in entries(Fee)
        if (value := getattr(fee, entry.key)) != entry.default
    ]
    return f"{word('fee', lang)}: " + word("house_sep", lang).join(parts)


def doubling_label(doubling: Doubling, lang: str) -> str:
    """``庄家翻倍`` / ``dealer_double``."""
    return rule_name(doubling.value, lang)


def amount_text(amount: Amount, *, signed: bool = False) -> str:
    """Exact amount as text: ``19000``, ``+19000``, ``1500.5`` (halves only ever)."""
    if not isinstance(amount, int) and amount.denominator == 2:
        text = f"{'-' if amount < 0 else ''}{abs(amount.numerator) // 2}.5"
    else:
        text = str(amount)
    if signed and amount > 0:
        text = "+" + text
    return text


def json_amount(amount: Amount) -> int | float | str:
    """A JSON number for an amount: an int, or a half as a float where a float holds it exactly.

    A half beyond 2**52 comes back as its exact text marked for ``io/export/export.py``,
    which writes it as a bare number (a float would round it).
    """
    if not isinstance(amount, int):  # a Fraction
        if amount.denominator == 1:
            return amount.numerator
        assert amount.denominator == 2, "amounts are whole or halves"
        if abs(amount.numerator) < 2**53:
            return amount.numerator / 2
        return "\x00" + amount_text(amount) + "\x00"
    return amount
