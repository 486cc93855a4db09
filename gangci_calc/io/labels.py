"""Words for people, in Chinese (default) or English, and amount formatting."""

from __future__ import annotations

from enum import Enum

from gangci_calc.io.schema import RULE_KEYS, RULE_VALUES
from gangci_calc.rules import Amount, Doubling, HouseRules, KongType, Part, Role, Seat, Win
from gangci_calc.rules.terms import KONG_ZH, SEAT_ZH, WIN_ZH

_WORDS: dict[str, dict[str, str]] = {
    "zh": {
        "seat": "座位",
        "player": "玩家",
        "dealer": "庄",
        "bets": "加番",
        "win": "胡牌",
        "kongs": "杠",
        "net": "净额",
        "total": "合计",
        "piao": "飘",
        "di": "抵",
        "gang": "杠",
        "policy_on": "带政策",
        "policy_off": "不带政策",
        "scheme": "起底",
        "wins": "胡",
        "from": "来自",
        "none": "—",
        "payments": "明细",
        "hand": "局",
        "running": "累计",
        "standings": "总排名",
        "settle": "结账",
        "pays": "付给",
        "nothing": "无需转账",
        "override": "指定",
        "house": "规矩",
        "seed_rules": "默认规矩",
        "share_of": "{seat}的份",
    },
    "en": {
        "seat": "Seat",
        "player": "Player",
        "dealer": "Dealer",
        "bets": "Add-ons",
        "win": "Win",
        "kongs": "Kongs",
        "net": "Net",
        "total": "Total",
        "piao": "piao",
        "di": "di",
        "gang": "gang",
        "policy_on": "add-ons on",
        "policy_off": "add-ons off",
        "scheme": "Stakes",
        "wins": "wins",
        "from": "from",
        "none": "—",
        "payments": "Payments",
        "hand": "Hand",
        "running": "Running",
        "standings": "Standings",
        "settle": "Settle up",
        "pays": "pays",
        "nothing": "nothing to transfer",
        "override": "set by hand",
        "house": "house rules",
        "seed_rules": "seed rules",
        "share_of": "{seat}'s share",
    },
}


def word(key: str, lang: str) -> str:
    return _WORDS[lang][key]


_WIN_EN = {
    Win.BOMB: "bomb",
    Win.HEAVENLY: "heavenly win",
    Win.ANCI: "concealed ci",
    Win.TIANCI: "heavenly ci",
    Win.ZHICI: "direct ci",
    Win.XUCI: "follow-up ci",
    Win.DRAW: "draw",
    Win.DIANPAO: "discard win",
    Win.QIANGGANG: "robbed kong",
}
_KONG_EN = {KongType.CONCEALED: "concealed kong", KongType.EXPOSED: "exposed kong", KongType.ADDED: "added kong"}
_PART = {
    Part.BOMB: ("炸弹底", "bomb base"),
    Part.CI: ("杠呲底", "ci base"),
    Part.GANG: ("杠底", "kong base"),
    Part.DIANPAO: ("点炮底", "discard base"),
    Part.MI: ("米", "mi"),
}
_ROLE = {
    Role.LOSER: ("", ""),
    Role.DISCARDER: ("点炮", "discarder"),
    Role.FEEDER: ("被续杠", "fed the pung"),
    Role.ROBBED: ("被抢杠", "kong robbed"),
    Role.BAO: ("包次", "baoci"),
    Role.KONG: ("", ""),
    Role.MI: ("下米", "mi"),
}


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
    return WIN_ZH[win] if lang == "zh" else _WIN_EN[win]


def kong_label(kong: KongType, lang: str) -> str:
    return KONG_ZH[kong] if lang == "zh" else _KONG_EN[kong]


def part_label(part: Part, lang: str) -> str:
    return _PART[part][lang != "zh"]


def role_label(role: Role, lang: str) -> str:
    return _ROLE[role][lang != "zh"]


def rule_name(key: str, lang: str) -> str:
    """A house option's name: ``包次`` / ``baoci`` (the first Chinese alias is its Chinese name)."""
    return RULE_KEYS[key][1] if lang == "zh" else key


def rule_value_text(key: str, value: object, lang: str) -> str:
    """A house option's value in words: ``平摊`` / ``even``; ``500``; ``是`` / ``true``."""
    if isinstance(value, Enum):
        names = RULE_VALUES[key][value]
        return names[1] if lang == "zh" else names[0]
    if isinstance(value, bool):
        return ("是" if value else "否") if lang == "zh" else ("true" if value else "false")
    return str(value)


def house_text(house: HouseRules, lang: str) -> str:
    """Every option that differs from the seed's rules: ``包次 · 直呲分摊 平摊`` / ``baoci, zhici_split even``."""
    parts = []
    for key, value in house.changed():
        name = rule_name(key, lang)
        parts.append(name if value is True else f"{name} {rule_value_text(key, value, lang)}")
    return (" · " if lang == "zh" else ", ").join(parts)


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

    A half beyond 2**52 comes back as its exact text marked for ``io/export.py``,
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
