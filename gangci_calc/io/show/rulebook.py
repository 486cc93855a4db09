"""``gangci rules``: the rule book for people, in zh or en, and one table's house options.

Each option's names, values and effect come from its entry in
:class:`~gangci_calc.rules.HouseRules` (the same entry the loader reads), so the
book cannot list an option the loader does not know. docs/rules.md is
the long form, for maintainers and referees.
"""

from __future__ import annotations

from gangci_calc.io.show.labels import rule_name, rule_value_text, word
from gangci_calc.rules import SEED_RULES, HouseRules
from gangci_calc.rules.options import entries
from gangci_calc.words import messages as m
from gangci_calc.words.book import SEED as _SEED
from gangci_calc.words.book import TITLE as _TITLE


def _option_lines(lang: str, house: HouseRules | None) -> list[str]:
    title, _, _, here = _TITLE[lang]
    lines = [title, ""]
    for entry in entries(HouseRules):
        key = entry.key
        head = f"{key} ({' '.join(entry.names)}): {entry.values_text(lang)}"
        if house is not None:
            value = getattr(house, key)
            mark = " *" if value != getattr(SEED_RULES, key) else ""
            head += f" — {here}: {rule_value_text(key, value, lang)}{mark}"
        lines.append(head)
        lines.append(f"    {entry.effect.en if lang == 'en' else entry.effect.zh}")
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
    for entry in entries(HouseRules):
        values = entry.values_text("en").replace(" / ", " · ")
        rows.append(f"| `{entry.key}` | {' '.join(entry.names)} | {values} | {entry.effect.en} | {entry.where} |")
    return "\n".join(rows) + "\n"
