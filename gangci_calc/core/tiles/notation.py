"""Tile notation: ``123m 44p 7z`` and Chinese names (四万 4万 肆万 七条 五筒 东 中 發).

A tile is an ``int`` 0–33: 0–8 = 1m–9m 万, 9–17 = 1p–9p 筒, 18–26 = 1s–9s 条,
27–33 = 1z–7z = 东 南 西 北 白 发 中.

>>> parse_tiles("123m 44p 7z")
[0, 1, 2, 12, 12, 33]
>>> to_text(parse_tiles("四万 肆万 五筒 七条 發"))
'44m 5p 7s 6z'
>>> to_zh(parse_tiles("4m 5p 7s 6z"))
'四万 五筒 七条 发'
"""

from __future__ import annotations

import re

from gangci_calc.core.errors import TileSyntaxError
from gangci_calc.words import messages as m
from gangci_calc.words import say

Tile = int
SUITS = "mpsz"
SUIT_ZH = {"m": "万", "p": "筒", "s": "条"}
HONOURS_ZH = "东南西北白发中"
_DIGITS_ZH = "一二三四五六七八九"


def tile(number: int, suit: str) -> Tile:
    """``tile(4, "m")`` -> 3."""
    return SUITS.index(suit) * 9 + number - 1


def suit_of(t: Tile) -> str:
    return SUITS[t // 9]


def number_of(t: Tile) -> int:
    return t % 9 + 1


def is_honour(t: Tile) -> bool:
    return t >= 27


def tile_text(t: Tile) -> str:
    return f"{number_of(t)}{suit_of(t)}"


def tile_zh(t: Tile) -> str:
    if is_honour(t):
        return HONOURS_ZH[t - 27]
    return _DIGITS_ZH[t % 9] + SUIT_ZH[suit_of(t)]


def tile_name(t: Tile, lang: str) -> str:
    return tile_zh(t) if lang == "zh" else tile_text(t)


def to_text(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    """Compact notation, sorted and grouped by suit: ``123m 44p 7z``."""
    groups: dict[str, str] = {}
    for t in sorted(tiles):
        groups[suit_of(t)] = groups.get(suit_of(t), "") + str(number_of(t))
    return " ".join(digits + suit for suit, digits in groups.items())


def to_zh(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    return " ".join(tile_zh(t) for t in sorted(tiles))


# the notation's words (the JSON Schema's pattern of tiles is made from them: io/export/json_schema.py)
NUMBER_WORDS = {
    **{str(i): i for i in range(1, 10)},
    **{c: i + 1 for i, c in enumerate(_DIGITS_ZH)},
    **{c: i + 1 for i, c in enumerate("壹贰叁肆伍陆柒捌玖")},
    **{c: i + 1 for i, c in enumerate("壹貳參肆伍陸柒捌玖")},
    "两": 2,
    "幺": 1,
}
SUIT_WORDS = {
    "万": "m", "萬": "m",
    "筒": "p", "饼": "p", "餅": "p",
    "条": "s", "條": "s", "索": "s",
}  # fmt: skip
HONOUR_WORDS = {
    "东风": 27, "南风": 28, "西风": 29, "北风": 30,
    "東風": 27, "東": 27,
    "白板": 31, "白": 31,
    "发财": 32, "發財": 32, "发": 32, "發": 32, "青发": 32,
    "红中": 33, "紅中": 33, "中": 33,
    "东": 27, "南": 28, "西": 29, "北": 30,
}  # fmt: skip
_HONOUR_RE = re.compile("|".join(sorted(map(re.escape, HONOUR_WORDS), key=len, reverse=True)))
SEPARATORS = " \t,，、;；/|"


def parse_tiles(text: str) -> list[Tile]:
    """Read tiles in any mix of the notations; raise :class:`TileSyntaxError`.

    Nothing is dropped silently: every character is a tile, part of one, or a separator.
    """
    tiles: list[Tile] = []
    pending: list[tuple[int, int]] = []  # (number, offset) waiting for their suit
    i = 0
    while i < len(text):
        char = text[i]
        honour = _HONOUR_RE.match(text, i)
        if honour and not pending:
            tiles.append(HONOUR_WORDS[honour.group()])
            i = honour.end()
            continue
        if char in NUMBER_WORDS:
            pending.append((NUMBER_WORDS[char], i))
            i += 1
            continue
        suit = char.lower() if char.lower() in SUITS else SUIT_WORDS.get(char)
        if suit is not None:
            if not pending:
                raise TileSyntaxError(say(m.NO_NUMBER_BEFORE, char=repr(char)), i)
            for number, offset in pending:
                if suit == "z" and number > 7:
                    raise TileSyntaxError(say(m.HONOUR_RANGE, number=number), offset)
                tiles.append(tile(number, suit))
            pending = []
            i += 1
            continue
        if char in SEPARATORS:
            if pending:
                raise TileSyntaxError(say(m.NO_SUIT, text=repr(text[pending[0][1] : i])), i)
            i += 1
            continue
        if pending:
            raise TileSyntaxError(say(m.NOT_A_SUIT, char=repr(char)), i)
        raise TileSyntaxError(say(m.NOT_A_TILE_CHAR, char=repr(char)), i)
    if pending:
        raise TileSyntaxError(say(m.NO_SUIT, text=repr(text[pending[0][1] :])), len(text))
    return tiles


def parse_tile(text: str) -> Tile:
    """Exactly one tile."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileSyntaxError(say(m.ONE_TILE_ONLY, text=repr(text), count=len(tiles)), 0)
    return tiles[0]
