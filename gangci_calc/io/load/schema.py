"""The hand-file vocabulary: keys, their Chinese aliases, and value spellings."""

from __future__ import annotations

from typing import NamedTuple

from gangci_calc.core.errors import InputError
from gangci_calc.core.rules import HouseRules, KongType, Win, parse_seat
from gangci_calc.core.rules.fee import Fee
from gangci_calc.core.rules.options import entries
from gangci_calc.core.rules.terms import KONG_ZH, WIN_ZH
from gangci_calc.words import Message, say
from gangci_calc.words import messages as m

# canonical key -> accepted spellings (the canonical one included)
TOP_KEYS: dict[str, tuple[str, ...]] = {
    "stakes": ("stakes", "起底"),
    "policy": ("policy", "带政策"),
    "dealer": ("dealer", "庄家"),
    "players": ("players", "玩家"),
    "bets": ("bets", "加番"),
    "win": ("win", "胡牌"),
    "kongs": ("kongs", "杠"),
    "tiles": ("tiles", "牌"),
    "rules": ("rules", "规矩", "玩法"),
    "ci": ("ci", "杠底牌", "呲牌", "次牌"),  # the hand's ci tile, for 次风翻倍
    "mi": ("mi", "米"),  # pending 下米 counts (a one-hand file; a session counts them itself)
    "id": ("id", "编号"),  # a platform's own record id, echoed in every output of the hand
    "meta": ("meta", "附注"),  # anything else a platform keeps with the record (a mapping), echoed
    "fee": ("fee", "台费"),  # the table fee; like rules:, in a hand file, a session header, or from a hand on
    "tiles_left": ("tiles_left", "剩牌"),  # tiles left in the wall at a 直呲 (包次 from the tiles left)
}
RECORD_KEYS = ("id", "meta")
TABLE_KEYS = ("stakes", "policy", "players", "rules", "fee")  # in a session header, and on a hand from that hand on
SESSION_KEYS: dict[str, tuple[str, ...]] = {
    **{k: TOP_KEYS[k] for k in (*TABLE_KEYS, "dealer", *RECORD_KEYS)},
    "hands": ("hands", "牌局"),
    "date": ("date", "日期"),  # the evening's date, YYYY-MM-DD
    "paid": ("paid", "已付"),  # the settle-up's payments made: [{from, to, amount}] (docs/file-format.md)
    "next": ("next", "下一局"),  # a change of the table made before the hand it starts at (the page's 换人)
}
PAID_KEYS: dict[str, tuple[str, ...]] = {
    "from": ("from", "付款人"),
    "to": ("to", "收款人"),
    "amount": ("amount", "金额"),
    "at": ("at", "时间"),  # when it was recorded (written by --paid and the page), optional
}
NEXT_KEYS: dict[str, tuple[str, ...]] = {k: TOP_KEYS[k] for k in TABLE_KEYS}
SESSION_HAND_KEYS: dict[str, tuple[str, ...]] = {
    k: TOP_KEYS[k] for k in ("dealer", "bets", "win", "kongs", "tiles", "ci", "tiles_left", *TABLE_KEYS, *RECORD_KEYS)
}
STAKES_KEYS: dict[str, tuple[str, ...]] = {
    "gang": ("gang", "杠底"),
    "bomb": ("bomb", "炸弹底"),
    "ci": ("ci", "杠呲底", "杠次底"),
    "dianpao": ("dianpao", "点炮底"),
}
BET_KEYS: dict[str, tuple[str, ...]] = {
    "piao": ("piao", "飘"),
    "di": ("di", "抵"),
    "gang": ("gang", "下杠"),
    "pao": ("pao", "跑"),  # 跑: under the house rule 带跑
}
WIN_KEYS: dict[str, tuple[str, ...]] = {
    "type": ("type", "类型"),
    "winner": ("winner", "赢家", "胡家"),
    "from": ("from", "来自"),
    "bao": ("bao", "包次", "包"),
}
KONG_KEYS: dict[str, tuple[str, ...]] = {"by": ("by", "杠家"), "type": ("type", "类型"), "from": ("from", "来自")}
TILE_KEYS: dict[str, tuple[str, ...]] = {
    "ci": ("ci", "杠底牌", "呲牌", "次牌"),
    "hand": ("hand", "手牌"),
    "win_tile": ("win_tile", "胡的牌", "和牌"),
    "pungs": ("pungs", "碰"),
    "kongs": ("kongs", "明杠"),
    "concealed_kongs": ("concealed_kongs", "暗杠"),
}

# House options (规矩): key -> spellings (a value's spellings are its entry's).
# All made from the options' entries (core/rules/table.py); booleans also take TRUE_WORDS / FALSE_WORDS.
RULE_KEYS: dict[str, tuple[str, ...]] = {e.key: e.spellings() for e in entries(HouseRules)}
FEE_KEYS: dict[str, tuple[str, ...]] = {e.key: e.spellings() for e in entries(Fee)}
# an option that is a mapping of its own (带跑: {unit, kong}): its keys, from its own entries
GROUP_KEYS: dict[str, dict[str, tuple[str, ...]]] = {
    e.key: {sub.key: sub.spellings() for sub in entries(e.group)} for e in entries(HouseRules) if e.group is not None
}
TRUE_WORDS = ("true", "yes", "on", "是", "开")
FALSE_WORDS = ("false", "no", "off", "否", "关")

WIN_NAMES: dict[str, Win] = {}
for _win in Win:
    WIN_NAMES[_win.value] = _win
    WIN_NAMES[WIN_ZH[_win]] = _win
    WIN_NAMES[WIN_ZH[_win].replace("呲", "次")] = _win
for _alias, _win in (("皮次", Win.TIANCI), ("皮呲", Win.TIANCI), ("屁呲", Win.TIANCI), ("屁次", Win.TIANCI)):
    WIN_NAMES[_alias] = _win
WIN_NAMES["点炮胡"] = Win.DIANPAO
WIN_NAMES["抢杠胡"] = Win.QIANGGANG

KONG_NAMES: dict[str, KongType] = {}
for _kong in KongType:
    KONG_NAMES[_kong.value] = _kong
    KONG_NAMES[KONG_ZH[_kong]] = _kong
KONG_NAMES["加杠"] = KongType.ADDED


class Keys(NamedTuple):
    """One table of keys, built once: canonical key -> spellings, spelling -> canonical key."""

    spellings: dict[str, tuple[str, ...]]
    lookup: dict[str, str]
    canonical: frozenset[str]

    @classmethod
    def of(cls, spellings: dict[str, tuple[str, ...]]) -> Keys:
        lookup = {spelling: key for key, group in spellings.items() for spelling in group}
        return cls(spellings, lookup, frozenset(spellings))


TOP = Keys.of(TOP_KEYS)
SESSION = Keys.of(SESSION_KEYS)
SESSION_HAND = Keys.of(SESSION_HAND_KEYS)
NEXT = Keys.of(NEXT_KEYS)
STAKES = Keys.of(STAKES_KEYS)
BETS = Keys.of(BET_KEYS)
WIN = Keys.of(WIN_KEYS)
KONGS = Keys.of(KONG_KEYS)
TILES = Keys.of(TILE_KEYS)
RULES = Keys.of(RULE_KEYS)
FEE = Keys.of(FEE_KEYS)
PAID = Keys.of(PAID_KEYS)
GROUPS = {key: Keys.of(spellings) for key, spellings in GROUP_KEYS.items()}

_ALL_ALIASES: dict[str, str] = {}
for _table in (
    TOP_KEYS,
    SESSION_KEYS,
    STAKES_KEYS,
    BET_KEYS,
    WIN_KEYS,
    KONG_KEYS,
    TILE_KEYS,
    RULE_KEYS,
    FEE_KEYS,
    PAID_KEYS,
    *GROUP_KEYS.values(),
):
    for _canonical, _spellings in _table.items():
        for _spelling in _spellings:
            _ALL_ALIASES.setdefault(_spelling, _canonical)


def normalize_key(key: str) -> str:
    """Any spelling of a key (or a seat) -> its canonical form, for locating fields."""
    seat = parse_seat(key)
    if seat is not None:
        return seat.name
    return _ALL_ALIASES.get(key, key)


# What each key holds: the keys inside it ("seats": a mapping by seat, whose values hold the next table).
_INSIDE: dict[str, dict[str, tuple[str, ...]] | str] = {
    "stakes": STAKES_KEYS,
    "bets": "seats",
    "win": WIN_KEYS,
    "kongs": KONG_KEYS,
    "tiles": TILE_KEYS,
    "rules": RULE_KEYS,
    "fee": FEE_KEYS,
    "players": "seats",
    "mi": "seats",
    "hands": SESSION_HAND_KEYS,
    "paid": PAID_KEYS,
    **GROUP_KEYS,
}
_SEAT_TABLES: dict[str, dict[str, tuple[str, ...]]] = {"bets": BET_KEYS}


def _chinese(key: str, table: dict[str, tuple[str, ...]]) -> str:
    """A key's first Chinese spelling in ``table`` (the key itself where it has none)."""
    return next((s for s in table.get(key, ()) if not s.isascii()), key)


def field_words(path: tuple[str | int, ...]) -> Message:
    """A field as people read it: ``加番 南 抵`` in Chinese, ``bets.S.di`` in English.

    >>> field_words(("bets", "S", "di")).zh, field_words(("hands", 2, "kongs", 0, "from")).zh
    ('加番 南 抵', '第3局 杠 第1个 来自')
    """
    from gangci_calc.core.errors import field_name
    from gangci_calc.core.rules.terms import SEAT_ZH

    words: list[str] = []
    table: dict[str, tuple[str, ...]] = {**TOP_KEYS, **SESSION_KEYS}
    parent = ""
    for part in path:
        if isinstance(part, int):
            if parent == "hands":
                words[-1] = f"第{part + 1}局"  # not 牌局 第3局
            else:
                words.append(f"第{part + 1}个")
            continue
        seat = parse_seat(part)
        if _INSIDE.get(parent) == "seats" and seat is not None:
            words.append(SEAT_ZH[seat])
            table = _SEAT_TABLES.get(parent, {})
            continue
        words.append(_chinese(part, table))
        inside = _INSIDE.get(part)
        table = inside if isinstance(inside, dict) else {}
        parent = part
    return Message(" ".join(words), field_name(path))


def record_keys() -> frozenset[str]:
    """Every spelling of a key a record may hold: a hand's, a session's."""
    return frozenset(spelling for spellings in (*TOP_KEYS.values(), *SESSION_KEYS.values()) for spelling in spellings)


def unknown_column(names: list[str], keep: tuple[str, ...]) -> str | None:
    """The first of a table's columns that is no key of a record and not kept (``--keep`` / ``keep=``), or None:
    it would make every row an error, so it is said once, before any row is scored."""
    sessions = any(SESSION.lookup.get(name) == "hands" for name in names)  # a session's keys, where rows are sessions
    known = record_keys() if sessions else TOP.lookup
    return next((name for name in names if name not in known and name not in keep), None)


def kept_keys(keys: list[str]) -> tuple[str, ...]:
    """``--keep`` keys, each once; a key the hand or its result line has cannot be kept. A session's own keys but
    its hands (``date``, ``paid``, ...) can: a table of hands partitioned by ``date`` keeps it."""
    taken = set(TOP.lookup) | set(SESSION.spellings["hands"])
    taken |= {"net", "outcome", "winner", "from", "hand", "error", "source", "payments", "牌局"}
    taken |= {f"net_{letter}" for letter in "ESWN"}  # the Parquet output's columns
    for key in keys:
        if key in taken:
            raise InputError("--keep", say(m.KEEP_CLASHES, key=repr(key)))
        if "." in key and key.split(".", 1)[0] in taken:  # meta.table: meta is echoed whole; --keep is top-level
            raise InputError("--keep", say(m.KEEP_TOP_LEVEL, key=repr(key), top=key.split(".", 1)[0]))
    return tuple(dict.fromkeys(keys))
