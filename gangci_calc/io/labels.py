"""Words for people, in Chinese (default) or English, and amount formatting."""

from __future__ import annotations

from gangci_calc.rules import Amount, KongType, Part, Role, Seat, Win

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
    },
}


def word(key: str, lang: str) -> str:
    return _WORDS[lang][key]


def seat_label(seat: Seat, lang: str, names: dict[Seat, str] | None = None) -> str:
    """``西 张姐`` / ``W 张姐`` when a name is known, else ``西`` / ``W``."""
    base = seat.zh if lang == "zh" else seat.name
    name = (names or {}).get(seat)
    return f"{base} {name}" if name else base


def win_label(win: Win, lang: str) -> str:
    return win.zh if lang == "zh" else win.en


def kong_label(kong: KongType, lang: str) -> str:
    return kong.zh if lang == "zh" else kong.en


def part_label(part: Part, lang: str) -> str:
    return part.zh if lang == "zh" else part.en


def role_label(role: Role, lang: str) -> str:
    return role.zh if lang == "zh" else role.en


def amount_text(amount: Amount, *, signed: bool = False) -> str:
    """Exact amount as text: ``19000``, ``+19000``, ``1500.5`` (halves only ever)."""
    if not isinstance(amount, int) and amount.denominator == 2:
        text = f"{'-' if amount < 0 else ''}{abs(amount.numerator) // 2}.5"
    else:
        text = str(amount)
    if signed and amount > 0:
        text = "+" + text
    return text


def json_amount(amount: Amount) -> int | float:
    """JSON number for an amount: an int, or a half (exactly representable in binary)."""
    if not isinstance(amount, int):  # a Fraction
        if amount.denominator == 1:
            return amount.numerator
        assert amount.denominator == 2, "amounts are whole or halves"
        return amount.numerator / 2
    return amount
