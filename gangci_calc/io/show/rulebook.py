"""``gangci rules``: the rule book for people, in zh or en, and one table's house options.

The option names and values come from :mod:`gangci_calc.io.load.schema` (the same
words files use), the defaults from :class:`~gangci_calc.rules.HouseRules`,
so the book cannot list an option the loader does not know. docs/rules.md is
the long form, for maintainers and referees.
"""

from __future__ import annotations

from dataclasses import fields
from enum import Enum

from gangci_calc.io.load.schema import RULE_KEYS, RULE_VALUES
from gangci_calc.io.show.labels import rule_name, rule_value_text, word
from gangci_calc.rules import SEED_RULES, HouseRules
from gangci_calc.words import messages as m
from gangci_calc.words.book import EFFECT as _EFFECT
from gangci_calc.words.book import SEED as _SEED
from gangci_calc.words.book import TITLE as _TITLE

# What each option does, in words: one line per language.

# Where each option takes effect in the code (docs/rules.md prints this beside the effect).
_WHERE: dict[str, str] = {
    "zhici_split": "`rules/settle.py` `win_rows`",
    "baoci": "`rules/settle.py` `rows` (role `bao`); check in `rules/hand.py`",
    "dealer_double": "`rules/settle.py` `doublings`",
    "hard_ci": "`rules/hand.py`; `tiles/claims.py` `allowed`",
    "honor_ci_double": "`rules/settle.py` `doublings`; check in `rules/hand.py`",
    "xiami": "`rules/sequence.py` `next_mi`; `rules/settle.py` (role `mi`)",
    "concealed_kong": "`rules/settle.py` `_kong_k`",
    "draw_kongs": "`rules/settle.py` `rows`",
    "draw_dealer": "`rules/sequence.py` `next_dealer`",
    "dianpao": "`rules/settle.py` `win_rows`; check in `rules/hand.py`",
    "qianggang": "`rules/settle.py` `win_rows`; check in `rules/hand.py`",
}


def _values(key: str, lang: str) -> str:
    default = getattr(SEED_RULES, key)
    if isinstance(default, Enum):
        return " / ".join(f"{names[0]} {names[1]}" for names in RULE_VALUES[key].values())
    if isinstance(default, bool):
        return "false / true"
    return word("xiami_values", lang) if key == "xiami" else "1 / 2"


def _option_lines(lang: str, house: HouseRules | None) -> list[str]:
    title, _, _, here = _TITLE[lang]
    lines = [title, ""]
    for option in fields(HouseRules):
        key = option.name
        names = " ".join(RULE_KEYS[key][1:])
        head = f"{key} ({names}): {_values(key, lang)}"
        if house is not None:
            value = getattr(house, key)
            mark = " *" if value != getattr(SEED_RULES, key) else ""
            head += f" — {here}: {rule_value_text(key, value, lang)}{mark}"
        lines.append(head)
        lines.append(f"    {_EFFECT[key][lang]}")
    return lines


def rule_book(lang: str) -> str:
    """The whole rule book: the seed's rules, then every house option with its effect."""
    return "\n".join([*_SEED[lang], "", *_option_lines(lang, None)])


def table_rules_text(path: str, lang: str) -> str:
    """One table's house options (from a rules file, a hand file or a session header), changes marked *."""
    house = table_house(path)
    changed = [rule_name(key, lang) for key, _ in house.changed()]
    summary = word("rules_unchanged", lang) if not changed else None
    lines = [f"{path}: " + (summary or ", ".join(changed)), "", *_option_lines(lang, house)]
    return "\n".join(lines)


def table_house(path: str) -> HouseRules:
    """The house rules a file sets: a rules file, or the ``rules:`` of a hand file or session header."""
    from gangci_calc.io.load.boundary import SESSION_FILE_LIMIT
    from gangci_calc.io.load.fields import read_house
    from gangci_calc.io.load.load import house_from_data, load_file
    from gangci_calc.io.load.schema import normalize_key

    def house_of(data: object) -> HouseRules:
        if isinstance(data, dict) and any(isinstance(k, str) and normalize_key(k) == "stakes" for k in data):
            rules = next((v for k, v in data.items() if isinstance(k, str) and normalize_key(k) == "rules"), None)
            return read_house(rules, ("rules",), SEED_RULES)
        return house_from_data(data)

    # a session header holds a table's rules too, hence a ledger's size limit
    return load_file(path, house_of, m.RULES_NAME_NOTHING, SESSION_FILE_LIMIT)


def options_markdown() -> str:
    """The house options as a Markdown table, for docs/rules.md (a test keeps the page equal to this).

    >>> options_markdown().splitlines()[0]
    '| option | 中文 | values (default first) | effect | code |'
    """
    rows = ["| option | 中文 | values (default first) | effect | code |", "|---|---|---|---|---|"]
    for option in fields(HouseRules):
        key = option.name
        values = _values(key, "en").replace(" / ", " · ")
        rows.append(f"| `{key}` | {' '.join(RULE_KEYS[key][1:])} | {values} | {_EFFECT[key]['en']} | {_WHERE[key]} |")
    return "\n".join(rows) + "\n"
