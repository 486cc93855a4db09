"""``gangci rules``: the rule book for people, in zh or en, and one table's house options.

Each option's names, values and effect come from its entry in
:class:`~gangci_calc.core.rules.HouseRules` (the same entry the loader reads), so the
book cannot list an option the loader does not know. docs/rules.md is
the long form, for maintainers and referees.
"""

from __future__ import annotations

from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.core.rules.fee import NO_FEE, Fee
from gangci_calc.core.rules.options import entries
from gangci_calc.io.show.labels import fee_text, option_value_text, rule_name, word
from gangci_calc.words import messages as m
from gangci_calc.words.book import FEE_TITLE as _FEE_TITLE
from gangci_calc.words.book import SEED as _SEED
from gangci_calc.words.book import TITLE as _TITLE


def _option_lines(lang: str, house: HouseRules | None, fee: Fee | None = None) -> list[str]:
    title, _, _, here = _TITLE[lang]
    fee_title = _FEE_TITLE[lang]
    return [
        title,
        "",
        *_entry_lines(HouseRules, house, lang, here),
        "",
        fee_title,
        "",
        *_entry_lines(Fee, fee, lang, here),
    ]


def _entry_lines(cls: type, table: object | None, lang: str, here: str) -> list[str]:
    """Each option of ``cls`` (``rules:`` or ``fee:``): names, values and effect; with ``table``, its value there."""
    lines = []
    for entry in entries(cls):
        key = entry.key
        head = f"{key} ({' '.join(entry.names)}): {entry.values_text(lang)}"
        if table is not None:
            value = getattr(table, key)
            mark = " *" if value != entry.default else ""
            head += f" — {here}: {option_value_text(entry, value, lang)}{mark}"
        lines.append(head)
        lines.append(f"    {entry.effect.en if lang == 'en' else entry.effect.zh}")
    return lines


def rule_book(lang: str) -> str:
    """The whole rule book: the seed's rules, then every house option and every part of the fee, with its effect."""
    return "\n".join([*_SEED[lang], "", *_option_lines(lang, None)])


def table_rules_text(path: str, lang: str) -> str:
    """One table's house options and fee (a rules file, a hand file or a session header), changes marked *."""
    house, fee = table_house(path)
    changed = [rule_name(key, lang) for key, _ in house.changed()]
    if fee.on:
        changed.append(fee_text(fee, lang))
    summary = word("rules_unchanged", lang) if not changed else None
    lines = [f"{path}: " + (summary or ", ".join(changed)), "", *_option_lines(lang, house, fee)]
    return "\n".join(lines)


def table_house(path: str) -> tuple[HouseRules, Fee]:
    """The house rules and fee a file sets: a rules file, or the ``rules:`` and ``fee:`` of a hand file or header."""
    from gangci_calc.io.load.boundary import SESSION_FILE_LIMIT
    from gangci_calc.io.load.fields import read_fee, read_house
    from gangci_calc.io.load.load import house_from_data, load_file
    from gangci_calc.io.load.schema import normalize_key

    def house_of(data: object) -> tuple[HouseRules, Fee]:
        if isinstance(data, dict) and any(isinstance(k, str) and normalize_key(k) == "stakes" for k in data):
            given = {normalize_key(k): v for k, v in data.items() if isinstance(k, str)}
            house = read_house(given.get("rules"), ("rules",), SEED_RULES)
            return house, read_fee(given.get("fee"), ("fee",), NO_FEE)
        return house_from_data(data), NO_FEE

    # a session header holds a table's rules too, hence a ledger's size limit
    return load_file(path, house_of, m.RULES_NAME_NOTHING, SESSION_FILE_LIMIT)


def options_markdown() -> str:
    """The house options and the fee as a Markdown table, for docs/rules.md (a test keeps the page equal to this).

    >>> options_markdown().splitlines()[0]
    '| option | 中文 | values (default first) | effect | code |'
    """
    rows = ["| option | 中文 | values (default first) | effect | code |", "|---|---|---|---|---|"]
    for cls, prefix in ((HouseRules, ""), (Fee, "fee.")):
        for entry in entries(cls):
            values = entry.values_text("en").replace(" / ", " · ")
            key = prefix + entry.key
            rows.append(f"| `{key}` | {' '.join(entry.names)} | {values} | {entry.effect.en} | {entry.where} |")
    return "\n".join(rows) + "\n"
