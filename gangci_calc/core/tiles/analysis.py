"""Hand analysis: complete hands (4 sets + 1 pair), their arrangements, and waits.

Counts are 34-long lists indexed by tile. The complete-hand test splits the
counts by suit and looks each suit up in a cache of shapes, so a suit shape
is worked out once per process.

>>> from gangci_calc.core.tiles.notation import parse_tiles, to_text
>>> is_complete(counts_of(parse_tiles("111m 234m 567p 789s 55z")))
True
>>> to_text(waits(counts_of(parse_tiles("111s 234s 56m 88p 999p"))))
'47m'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from gangci_calc.core.tiles.notation import Tile

Counts = list[int]
# A set in an arrangement: ("pung", t), ("chow", first tile), ("pair", t)
Group = tuple[str, Tile]


def counts_of(tiles: Iterable[Tile]) -> Counts:
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts


@cache
def _suit_shape(shape: tuple[int, ...]) -> tuple[bool, bool]:
    """``(all sets, sets + one pair)`` for one suit's 9 counts."""
    return _sets_only(list(shape)), any(
        shape[i] >= 2 and _sets_only([c - 2 if j == i else c for j, c in enumerate(shape)]) for i in range(9)
    )


def _sets_only(c: list[int]) -> bool:
    """Can these 9 counts (one suit) be split into pungs and chows only?"""
    for i in range(9):
        if c[i] == 0:
            continue
        if c[i] >= 3:
            c[i] -= 3
            if _sets_only(c):
                return True
            c[i] += 3
        if i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            ok = _sets_only(c)
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
            return ok
        return False
    return True


def is_complete(counts: Sequence[int]) -> bool:
    """Sets + exactly one pair (kongs already taken out; any number of sets)."""
    pairs = 0
    for start in (0, 9, 18):
        shape = tuple(counts[start : start + 9])
        remainder = sum(shape) % 3
        if remainder == 0:
            if not _suit_shape(shape)[0]:
                return False
        elif remainder == 2:
            pairs += 1
            if pairs > 1 or not _suit_shape(shape)[1]:
                return False
        else:
            return False
    for t in range(27, 34):
        count = counts[t]
        if count == 2:
            pairs += 1
        elif count not in (0, 3):
            return False
    return pairs == 1


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """七对: fourteen tiles in seven pairs (four alike count as two pairs), for a table that plays 可胡七对.

    >>> from gangci_calc.core.tiles.notation import parse_tiles
    >>> pairs = counts_of(parse_tiles("11m 22m 55p 66p 99s 11z 77z"))
    >>> is_seven_pairs(pairs), is_complete(pairs)
    (True, False)
    """
    return sum(counts) == 14 and all(count % 2 == 0 for count in counts)


def arrangements(counts: Sequence[int]) -> list[list[Group]]:
    """Every way to read the counts as sets + one pair (empty if incomplete).

    >>> from gangci_calc.core.tiles.notation import parse_tiles
    >>> len(arrangements(counts_of(parse_tiles("111222333m 456p 77s"))))
    2
    """
    found: list[list[Group]] = []
    work = list(counts)
    for pair in range(34):
        if work[pair] >= 2:
            work[pair] -= 2
            for sets in _set_splits(work, 0):
                found.append([("pair", pair), *sets])
            work[pair] += 2
    return found


def _set_splits(c: list[int], start: int) -> list[list[Group]]:
    i = start
    while i < 34 and c[i] == 0:
        i += 1
    if i == 34:
        return [[]]
    out: list[list[Group]] = []
    if c[i] >= 3:
        c[i] -= 3
        out += [[("pung", i), *rest] for rest in _set_splits(c, i)]
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for j in (i, i + 1, i + 2):
            c[j] -= 1
        out += [[("chow", i), *rest] for rest in _set_splits(c, i)]
        for j in (i, i + 1, i + 2):
            c[j] += 1
    return out


def waits(counts: Sequence[int], seen: Sequence[int] | None = None, *, seven_pairs: bool = False) -> list[Tile]:
    """Tiles that would complete the hand (``seven_pairs``: 七对 too); a tile all four of which are already in
    ``seen`` (the hand, melds, the ci tile) cannot come and is left out."""
    seen = counts if seen is None else seen
    if sum(counts) % 3 != 1:
        return []
    out = []
    work = list(counts)
    for t in range(34):
        if seen[t] >= 4:
            continue
        work[t] += 1
        if is_complete(work) or (seven_pairs and is_seven_pairs(work)):
            out.append(t)
        work[t] -= 1
    return out
