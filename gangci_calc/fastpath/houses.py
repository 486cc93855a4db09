"""A table's house rules (规矩) on the fast path: each distinct ``rules`` text a platform gives is read once, by
the loader's own ``read_house``, and numbered; the fast path's plans are keyed by the number."""

from __future__ import annotations

from typing import Any, NamedTuple

from msgspec import Raw

from gangci_calc.core.errors import RuleError
from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.fastpath.said import clean_json
from gangci_calc.io.export.batch_lines import json_text


class House(NamedTuple):
    """A table's house rules as the fast path has met them: the core's, and the text a line echoes them as."""

    house: HouseRules
    text: str  # io/export/export.py house_object, as JSON text


HOUSES: list[House] = [House(SEED_RULES, "{}")]  # by number: the seed's first; the plans are keyed by the number
_HOUSE_NUMBERS: dict[HouseRules, int] = {SEED_RULES: 0}
_HOUSE_TEXTS: dict[str, tuple[int, int]] = {}  # a record's rules as given -> (number, or -1: the loader's; keys)
_HOUSE_BYTES: dict[bytes, tuple[int, int]] = {}  # the same, by a JSON record's bytes
MOST_HOUSES = 256  # tables of their own in one process; past that, records with new rules go to the loader


def raw_house(raw: bytes, digits: int) -> tuple[int, int]:
    """:func:`house_number` of a JSON record's ``rules`` as it came, looked up by its bytes."""
    found = _HOUSE_BYTES.get(raw)
    if found is None:
        found = house_number(raw.decode(), digits)
        if len(_HOUSE_BYTES) >= 4096:  # bounded all the same
            _HOUSE_BYTES.clear()
        _HOUSE_BYTES[raw] = found
    return found


def rules_text(value: Any) -> str:
    return bytes(value).decode() if isinstance(value, Raw) else json_text(value)


def house_number(text: str, digits: int) -> tuple[int, int]:
    """(The number in :data:`HOUSES` of the rules a record gives as ``text``, the keys it takes): looked up, or read
    the first time it is met (:func:`house_text`)."""
    found = _HOUSE_TEXTS.get(text)
    return found if found is not None else house_text(text, digits)


def house_text(text: str, digits: int) -> tuple[int, int]:
    """A ``rules`` text read by the loader's ``read_house`` once: (its number in :data:`HOUSES`, the keys it takes),
    ``-1`` where the loader says what is wrong (or the table has three players: its seats are not the fast path's)."""
    import json

    from gangci_calc.io.export.export import house_object
    from gangci_calc.io.load.fields import read_house

    found = (-1, 0)
    if text == "null":  # null is absent
        found = (0, 1)
    elif text.startswith("{") and clean_json(text, digits):
        try:
            house: HouseRules | None = read_house(json.loads(text), ("rules",), SEED_RULES)
        except RuleError:
            house = None
        if house is not None and not house.three_players:
            number = _HOUSE_NUMBERS.get(house)
            if number is None and len(HOUSES) < MOST_HOUSES:
                number = _HOUSE_NUMBERS[house] = len(HOUSES)
                HOUSES.append(House(house, json_text(house_object(house))))
            if number is not None:
                found = (number, 1 + text.count(":"))
    if len(_HOUSE_TEXTS) >= 4096:  # bounded all the same
        _HOUSE_TEXTS.clear()
    _HOUSE_TEXTS[text] = found
    return found
