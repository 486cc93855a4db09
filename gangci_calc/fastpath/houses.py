"""A table's house rules (规矩) on the fast path: each distinct ``rules`` text a platform gives is read once, by
the loader's own ``read_house``, and each distinct set of rules numbered; the fast path's plans are keyed by the
number. However many sets a platform's rooms choose, every one is numbered: the numbers are kept by generations
(:mod:`.memo`), and a set not met for a long while is let go with its plans (its number is never used again)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from msgspec import Raw

from gangci_calc.core.errors import RuleError
from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.fastpath.memo import Generations
from gangci_calc.fastpath.said import clean_json
from gangci_calc.io.export.batch_lines import json_text


class HouseMet(NamedTuple):
    """A table's house rules as the fast path has met them: the core's, and the text a line echoes them as."""

    house: HouseRules
    text: str  # io/export/export.py house_object, as JSON text


GENERATION = 1 << 10  # sets of rules per generation: two generations' plans are at most a few tens of MB
HOUSES: dict[int, HouseMet] = {0: HouseMet(SEED_RULES, "{}")}  # by number: the seed's is 0, and always kept
_LET_GO: list[Callable[[set[int]], None]] = []  # told the numbers let go (the plans keyed by them go too)
_NEXT = [1]  # the next number: never one used before


def _let_go(gone: dict[HouseRules, int]) -> None:
    numbers = set(gone.values()) - set(_PINNED.values())
    numbers.discard(0)
    for number in numbers:
        del HOUSES[number]
    for memo in (_TEXTS, _BYTES):
        memo.forget(lambda found: found[0] in numbers)
    for told in _LET_GO:
        told(numbers)


_NUMBERS: Generations[HouseRules, int] = Generations(GENERATION, _let_go)
# the base rules of a batch (``--rules``, ``score_batch(rules=...)``): kept while the process lives, as every record
# without rules of its own is at them; a few per process, more are numbered as any others
_PINNED: dict[HouseRules, int] = {}
MOST_PINNED = 64
_TEXTS: Generations[str, tuple[int, int]] = Generations(GENERATION)  # rules as given -> (number or -1; keys)
_BYTES: Generations[bytes, tuple[int, int]] = Generations(GENERATION)  # the same, by a JSON record's bytes


def when_let_go(told: Callable[[set[int]], None]) -> None:
    """Have ``told`` called with the numbers of the rules let go (it drops what it keyed by them)."""
    _LET_GO.append(told)


def forget_houses() -> None:
    """Every set of rules but the seed's let go (a test that changes the core starts from nothing)."""
    _PINNED.clear()
    _let_go({house.house: number for number, house in HOUSES.items()})
    _NUMBERS.clear()
    _TEXTS.clear()
    _BYTES.clear()


def raw_house(raw: bytes, digits: int, base: int = 0) -> tuple[int, int]:
    """:func:`house_number` of a JSON record's ``rules`` as it came, looked up by its bytes."""
    if base:
        return house_number(raw.decode(), digits, base)
    found = _BYTES.young.get(raw) or _BYTES.get(raw)
    if found is None:
        found = _BYTES.put(raw, house_number(raw.decode(), digits))
    return found


def rules_text(value: Any) -> str:
    return bytes(value).decode() if isinstance(value, Raw) else json_text(value)


def house_number(text: str, digits: int, base: int = 0) -> tuple[int, int]:
    """(The number in :data:`HOUSES` of the rules a record gives as ``text``, the keys it takes): looked up, or read
    the first time it is met (:func:`read_rules_text`); ``base``: the number of the rules they change (0: the
    seed's, or :func:`pinned`)."""
    key = text if not base else f"\0{base}\0{text}"  # no JSON text starts with a NUL
    found = _TEXTS.young.get(key) or _TEXTS.get(key)
    return found if found is not None else _TEXTS.put(key, read_rules_text(text, digits, base))


def read_rules_text(text: str, digits: int, base: int = 0) -> tuple[int, int]:
    """A ``rules`` text read by the loader's ``read_house``, changing the rules numbered ``base``: (its number in
    :data:`HOUSES`, the keys it takes), ``-1`` where the loader says what is wrong."""
    import json

    from gangci_calc.io.load.fields import read_house

    if text == "null":  # null is absent
        return (base, 1)
    if not text.startswith("{") or not clean_json(text, digits):
        return (-1, 0)
    changed = HOUSES.get(base)
    if changed is None:  # base rules let go (more than MOST_PINNED of them): the loader's
        return (-1, 0)
    try:
        house = read_house(json.loads(text), ("rules",), changed.house)
    except (RuleError, ValueError):  # not JSON after all ({bad): the loader says where
        return (-1, 0)
    return (numbered(house), 1 + text.count(":"))


def pinned(house: HouseRules) -> int:
    """The number of a batch's base rules, kept while the process lives (:data:`MOST_PINNED` of them; more are
    numbered as any others)."""
    number = _PINNED.get(house)
    if number is None:
        number = numbered(house)
        if number and len(_PINNED) < MOST_PINNED:
            _PINNED[house] = number
    return number


def numbered(house: HouseRules) -> int:
    """The number of a set of rules: the one it has, or the next."""
    if house == SEED_RULES:
        return 0
    number = _PINNED.get(house) or _NUMBERS.get(house)
    if number is None:
        from gangci_calc.io.export.export import house_object

        number = _NEXT[0]
        _NEXT[0] += 1
        HOUSES[number] = HouseMet(house, json_text(house_object(house)))
        _NUMBERS.put(house, number)
    return number
