"""Words for people, in Chinese (default) or English, and amount formatting."""

from __future__ import annotations

from enum import Enum

from gangci_calc.io.load.schema import RULE_KEYS, RULE_VALUES
from gangci_calc.rules import Amount, Doubling, HouseRules, KongType, Part, Role, Seat, Win
from gangci_calc.rules.terms import KONG_ZH, SEAT_ZH, WIN_ZH
from gangci_calc.words.ui import KONG_EN, PARTS, ROLES, WIN_EN, WORDS


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


def part_label(part: Part, lang: str) -> str:
    return PARTS[part.value].text(lang)


def role_label(role: Role, lang: str) -> str:
    return ROLES[role.value].text(lang)


def rule_name(key: str, lang: str) -> str:
    """A house option's name: ``包次`` / ``baoci`` (the first Chinese alias is its Chinese name)."""
    return RULE_KEYS[key][1] if lang == "zh" else key


def rule_value_text(key: str, value: object, lang: str) -> str:
    """A house option's value in words: ``平摊`` / ``even``; ``500``; ``是`` / ``true``."""
    if isinstance(value, Enum):
        names = RULE_VALUES[key][value]
        return names[1] if lang == "zh" else names[0]
    if isinstance(value, bool):
        return word("yes" if value else "no", lang) if lang == "zh" else ("true" if value else "false")
    return str(value)


def house_text(house: HouseRules, lang: str) -> str:
    """Every option that differs from the seed's rules: ``包次 · 直呲分摊 平摊`` / ``baoci, zhici_split even``."""
    parts = []
    for key, value in house.changed():
        name = rule_name(key, lang)
        parts.append(name if value is True else f"{name} {rule_value_text(key, value, lang)}")
    return word("house_sep", lang).join(parts)


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
