"""The hand-file vocabulary: keys, their Chinese aliases, and value spellings."""

from __future__ import annotations

from gangci_calc.rules import KongType, Win, parse_seat

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
}
TABLE_KEYS = ("stakes", "policy", "players")  # set once per session, not per hand
SESSION_KEYS: dict[str, tuple[str, ...]] = {
    **{k: TOP_KEYS[k] for k in (*TABLE_KEYS, "dealer")},
    "hands": ("hands", "牌局"),
}
SESSION_HAND_KEYS: dict[str, tuple[str, ...]] = {k: TOP_KEYS[k] for k in ("dealer", "bets", "win", "kongs", "tiles")}
STAKES_KEYS = {"gang": ("gang", "杠底"), "bomb": ("bomb", "炸弹底"), "ci": ("ci", "杠呲底", "杠次底")}
BET_KEYS = {"piao": ("piao", "飘"), "di": ("di", "抵"), "gang": ("gang", "下杠")}
WIN_KEYS = {"type": ("type", "类型"), "winner": ("winner", "赢家", "胡家"), "from": ("from", "来自")}
KONG_KEYS = {"by": ("by", "杠家"), "type": ("type", "类型"), "from": ("from", "来自")}
TILE_KEYS = {
    "ci": ("ci", "杠底牌", "呲牌", "次牌"),
    "hand": ("hand", "手牌"),
    "win_tile": ("win_tile", "胡的牌", "和牌"),
    "pungs": ("pungs", "碰"),
    "kongs": ("kongs", "明杠"),
    "concealed_kongs": ("concealed_kongs", "暗杠"),
}

WIN_NAMES: dict[str, Win] = {}
for _win in Win:
    WIN_NAMES[_win.value] = _win
    WIN_NAMES[_win.zh] = _win
    WIN_NAMES[_win.zh.replace("呲", "次")] = _win

KONG_NAMES: dict[str, KongType] = {}
for _kong in KongType:
    KONG_NAMES[_kong.value] = _kong
    KONG_NAMES[_kong.zh] = _kong
KONG_NAMES["加杠"] = KongType.ADDED

_ALL_ALIASES: dict[str, str] = {}
for _table in (TOP_KEYS, SESSION_KEYS, STAKES_KEYS, BET_KEYS, WIN_KEYS, KONG_KEYS, TILE_KEYS):
    for _canonical, _spellings in _table.items():
        for _spelling in _spellings:
            _ALL_ALIASES.setdefault(_spelling, _canonical)


def normalize_key(key: str) -> str:
    """Any spelling of a key (or a seat) -> its canonical form, for locating fields."""
    seat = parse_seat(key)
    if seat is not None:
        return seat.name
    return _ALL_ALIASES.get(key, key)
