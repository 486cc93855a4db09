"""``gangci rules``: the rule book for people, in zh or en, and one table's house options.

The option names and values come from :mod:`gangci_calc.io.schema` (the same
words files use), the defaults from :class:`~gangci_calc.rules.HouseRules`,
so the book cannot list an option the loader does not know. docs/rules.md is
the long form, for maintainers and referees.
"""

from __future__ import annotations

from dataclasses import fields
from enum import Enum

from gangci_calc.io.labels import rule_name, rule_value_text
from gangci_calc.io.schema import RULE_KEYS, RULE_VALUES
from gangci_calc.rules import SEED_RULES, HouseRules

_SEED: dict[str, list[str]] = {
    "zh": [
        "洛阳杠次（杠呲）结算规则",
        "",
        "起底: 杠底 G、炸弹底 B、杠呲底 C。方案1 = 100/200/600，方案2 = 1000/2000/6000；只给杠底时 B = 2G，C = 6G。",
        "带政策（加番）: 每家飘、抵、杠各 0–3。炸弹底/杠呲底 × (1 + 双方飘 + 抵)，抵只在闲家与庄家之间；"
        "杠底 × (1 + 双方杠)。",
        "",
        "胡牌与结算（未算加番）:",
        "  炸弹  自摸胡牌              其他三家各付 B",
        "  天胡  庄家起手十四张成牌    同炸弹",
        "  暗呲  起暗杠，杠底牌成牌    其他三家各付 C + G",
        "  天呲  手握三张杠底牌        同暗呲",
        "  直呲  别家打出第四张成杠    点炮者 2C + G，其他两家各 ½C",
        "  续呲  碰后摸到第四张        被续杠者 C + G，其他两家各 C",
        "  流局  牌摸完                无人付钱，杠作废",
        "杠: 暗杠 其他三家各付 G；明杠 打出者付 G；续杠 喂碰者付 G。",
        "庄家: 上局赢家坐庄；流局连庄。",
    ],
    "en": [
        "Luoyang Gangci (杠次 / 杠呲) settlement rules",
        "",
        "Stakes: kong base G, bomb base B, ci base C. Scheme 1 = 100/200/600, scheme 2 = 1000/2000/6000;"
        " given only G, B = 2G and C = 6G.",
        "Add-ons (带政策): each player sets piao, di and gang, 0-3 each. B and C parts × (1 + both piao + di),"
        " di only between a player and the dealer; G parts × (1 + both gang).",
        "",
        "Wins and who pays the winner (before add-ons):",
        "  bomb 炸弹          self-drawn win                 each of the 3 others: B",
        "  heavenly 天胡      dealer's first 14 complete     as bomb",
        "  anci 暗呲          concealed kong + the ci tile   each of the 3 others: C + G",
        "  tianci 天呲        holds 3 copies of the ci tile  as anci",
        "  zhici 直呲         kong on another's discard      discarder 2C + G, the other two ½C each",
        "  xuci 续呲          draws the 4th of a pung        who fed the pung C + G, the other two C each",
        "  draw 流局          the wall runs out              nobody pays; kongs are void",
        "Kongs: concealed, each of the 3 others pays G; exposed, the discarder pays G; added, who fed the pung pays G.",
        "Dealer: the last winner; after a draw the dealer stays.",
    ],
}

# What each option does, in words: one line per language.
_EFFECT: dict[str, dict[str, str]] = {
    "zhici_split": {
        "zh": "直呲谁付: 点炮双倍 = 点炮者 2C + G、其他各 ½C；平摊 = 点炮者 C + G、其他各 C。",
        "en": "who pays a zhici: double = discarder 2C + G, others ½C; even = discarder C + G, others C.",
    },
    "baoci": {
        "zh": "允许 win.bao: true（直呲包次）: 点炮者替另两家付他们的 C（各按原付款人算），另两家不付胡牌钱；杠照付。",
        "en": "allows win.bao: true on a zhici: the discarder pays the other two's C shares (each as its payer's),"
        " they pay nothing for the win; kongs are still paid.",
    },
    "dealer_double": {
        "zh": "庄家与闲家之间的每笔 × 2（加番之后）: 胡牌翻倍 = B、C 部分；全部翻倍 = 连杠底一起。",
        "en": "every share between the dealer and another player × 2, after add-ons: wins = the B and C parts;"
        " all = the G parts too.",
    },
    "hard_ci": {
        "zh": "硬次: 只认杠呲胡；炸弹、天胡不算胡（输入报错，裁判说明原因）。",
        "en": "only ci wins count; bomb and heavenly are not wins (an input error; the referee says why).",
    },
    "honor_ci_double": {
        "zh": "杠底牌是字牌（东南西北中发白）时，杠呲胡的 C 和胡牌那个杠的 G × 2；需写 ci: 东。",
        "en": "when the ci tile is an honour, a ci win's C part and winning kong's G × 2; needs ci: 东 on the hand.",
    },
    "xiami": {
        "zh": "每次流局在庄家位上下一米；下一次杠呲胡时每个有米的位付赢家 金额 × 米数（不加番不翻倍），然后清零。",
        "en": "each draw puts one mi on its dealer's seat; at the next ci win every seat with mi pays the winner"
        " amount × count (flat), then all counts go back to 0.",
    },
    "concealed_kong": {
        "zh": "暗杠（含暗呲、天呲胡的那个杠）其他三家各付 倍数 × G。",
        "en": "each of the 3 others pays this × G for every concealed kong, the winning one of anci / tianci included.",
    },
    "draw_kongs": {
        "zh": "荒庄不荒杠: 流局时这局的杠照常付。",
        "en": "paid: on a draw the hand's kongs are still paid.",
    },
    "draw_dealer": {
        "zh": "流局后: 连庄 = 原庄家；下庄 = 下一家（东→南→西→北）。",
        "en": "after a draw: stays = the same dealer; next = the next seat in play order (E→S→W→N).",
    },
    "dianpao": {
        "zh": "允许点炮胡（dianpao）: 普通成牌胡别家打出的牌，只有点炮者付一份点炮底 P（默认 = B，算作 B 部分）。",
        "en": "allows win type dianpao: an ordinary complete hand on a discard; only the discarder pays P"
        " (stakes.dianpao, default B; a B part for add-ons and dealer_double).",
    },
    "qianggang": {
        "zh": "允许抢杠胡（qianggang）: 胡别家加杠的那张牌，只有被抢者付一份 P；他的杠不算，不写进 kongs。",
        "en": "allows win type qianggang: win on the tile another adds to his pung; only he pays P;"
        " his kong is not made and must not be listed.",
    },
}

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

_TITLE = {
    "zh": ("规矩（房规，写在 rules: 下；默认即上面的规则；可选值默认在前）", "", "", "本桌"),
    "en": ("House rules (under rules:; the defaults, listed first, are the rules above)", "", "", "here"),
}


def _values(key: str, lang: str) -> str:
    default = getattr(SEED_RULES, key)
    if isinstance(default, Enum):
        return " / ".join(f"{names[0]} {names[1]}" for names in RULE_VALUES[key].values())
    if isinstance(default, bool):
        return "false / true"
    return "0 (关) / 金额" if key == "xiami" and lang == "zh" else "0 (off) / an amount" if key == "xiami" else "1 / 2"


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
    summary = ("与默认规矩相同" if lang == "zh" else "the seed's rules, unchanged") if not changed else None
    lines = [f"{path}: " + (summary or ", ".join(changed)), "", *_option_lines(lang, house)]
    return "\n".join(lines)


def table_house(path: str) -> HouseRules:
    """The house rules a file sets: a rules file, or the ``rules:`` of a hand file or session header."""
    from gangci_calc.io.boundary import SESSION_FILE_LIMIT
    from gangci_calc.io.fields import read_house
    from gangci_calc.io.load import house_from_data, load_file
    from gangci_calc.io.schema import normalize_key

    def house_of(data: object) -> HouseRules:
        if isinstance(data, dict) and any(isinstance(k, str) and normalize_key(k) == "stakes" for k in data):
            rules = next((v for k, v in data.items() if isinstance(k, str) and normalize_key(k) == "rules"), None)
            return read_house(rules, ("rules",), SEED_RULES)
        return house_from_data(data)

    # a session header holds a table's rules too, hence a ledger's size limit
    return load_file(path, house_of, "it names no house options", SESSION_FILE_LIMIT)


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
