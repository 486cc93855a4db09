"""The tile layer: notation, complete hands, waits, and claim checks (the seed's examples)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gangci_calc.core.errors import TileSyntaxError
from gangci_calc.core.rules import Win
from gangci_calc.core.tiles.analysis import arrangements, counts_of, is_complete, waits
from gangci_calc.core.tiles.claims import TileClaim, check_claim, next_tile_wins
from gangci_calc.core.tiles.notation import parse_tile, parse_tiles, to_text, to_zh
from gangci_calc.words import text_of

# ------------------------------------------------------------------ notation


@pytest.mark.parametrize(
    ("text", "compact"),
    [
        ("123m 44p 7z", "123m 44p 7z"),
        ("四万 4万 肆万", "444m"),
        ("七条 五筒 五饼 三索", "55p 37s"),
        ("东 南 西 北 白 发 中", "1234567z"),
        ("白板 红中 發 東", "1567z"),
        ("1m2p3s", "1m 2p 3s"),
        ("111s、222s，23m", "23m 111222s"),
        ("一万 九條 伍萬", "15m 9s"),
    ],
)
def test_parse_and_print(text: str, compact: str) -> None:
    assert to_text(parse_tiles(text)) == compact


def test_chinese_printer_round_trips() -> None:
    tiles = parse_tiles("19m 19p 19s 1234567z")
    assert to_zh(tiles) == "一万 九万 一筒 九筒 一条 九条 东 南 西 北 白 发 中"
    assert parse_tiles(to_zh(tiles)) == tiles


@pytest.mark.parametrize(
    ("text", "message", "offset"),
    [
        ("12x3m", "'x' is not a suit (m 万, p 筒, s 条, z 字)", 2),
        ("8z", "'8z' is not a tile", 0),
        ("123", "'123' has no suit", 3),
        ("m", "'m' has no number before it", 0),
        ("1m ?", "'?' is not a tile", 3),
        ("0m", "'0' is not a tile", 0),
    ],
)
def test_bad_notation_points_at_the_character(text: str, message: str, offset: int) -> None:
    with pytest.raises(TileSyntaxError) as caught:
        parse_tiles(text)
    assert message in text_of(caught.value.message, "en")
    assert caught.value.offset == offset


def test_parse_tile_wants_exactly_one() -> None:
    assert parse_tile("四万") == 3
    with pytest.raises(TileSyntaxError):
        parse_tile("12m")


# ------------------------------------------------------------------ analysis


@pytest.mark.parametrize(
    ("hand", "complete"),
    [
        ("111m 234m 567p 789s 55z", True),
        ("111222333m 456p 77s", True),
        ("11m 55m 99m 11p 55p 99p 11s", False),  # no seven pairs
        ("11223344556677m", True),  # but this one reads as chows
        ("123m 456m 789m 123p 1z", False),
        ("1111m 234m 567p 89s 55z", False),
        ("111z 222z 333z 444z 55z", True),
        ("123z 456p 789p 111s 22s", False),  # honours never chow
        ("22m", True),
        ("111m 22m", True),
    ],
)
def test_is_complete(hand: str, complete: bool) -> None:
    assert is_complete(counts_of(parse_tiles(hand))) is complete


def test_seed_bomb_waits() -> None:
    """Seed: 111,234,56,88,999 waits on 4 and 7; 111,234,46万,88,999 waits on 5万."""
    assert to_text(waits(counts_of(parse_tiles("111p 234p 56m 88s 999s")))) == "47m"
    assert to_text(waits(counts_of(parse_tiles("111p 234p 46m 88s 999s")))) == "5m"


def test_arrangements_lists_every_reading() -> None:
    readings = arrangements(counts_of(parse_tiles("111222333m 456p 77s")))
    assert len(readings) == 2


def test_waits_leave_out_tiles_all_in_sight() -> None:
    hand = counts_of(parse_tiles("23m 456p 789p 111s 99s"))
    assert to_text(waits(hand)) == "14m"
    seen = list(hand)
    seen[0] = 4  # all four 1m are in sight (melds, the ci tile...)
    assert to_text(waits(hand, seen)) == "4m"


@st.composite
def complete_hands(draw) -> list[int]:
    """4 sets + 1 pair, never more than four of a tile."""
    counts = [0] * 34
    tiles: list[int] = []
    sets = 0
    while sets < 4:
        if draw(st.booleans()):
            t = draw(st.integers(0, 33))
            group = [t] * 3
        else:
            suit, n = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            group = [suit * 9 + n + i for i in range(3)]
        if all(counts[t] + group.count(t) <= 4 for t in group):
            for t in group:
                counts[t] += 1
            tiles += group
            sets += 1
    pair = draw(st.integers(0, 33).filter(lambda t: counts[t] <= 2))
    return [*tiles, pair, pair]


@given(complete_hands())
def test_every_generated_complete_hand_is_recognised(tiles: list[int]) -> None:
    assert is_complete(counts_of(tiles))
    assert arrangements(counts_of(tiles))


@given(complete_hands(), st.data())
def test_taking_a_tile_out_leaves_a_hand_waiting_on_it(tiles: list[int], data) -> None:
    taken = data.draw(st.sampled_from(tiles))
    rest = list(tiles)
    rest.remove(taken)
    assert taken in waits(counts_of(rest), counts_of(rest))


def test_random_incomplete_hands_agree_with_arrangements() -> None:
    rng = random.Random(7)
    wall = [t for t in range(34) for _ in range(4)]
    for _ in range(2000):
        counts = counts_of(rng.sample(wall, 14))
        assert is_complete(counts) == bool(arrangements(counts))


# ------------------------------------------------------------------ claims


def claim(ci: str, hand: str, win_tile: str | None, pungs: str = "", concealed_kongs: str = "") -> TileClaim:
    return TileClaim(
        ci=parse_tile(ci),
        hand=tuple(parse_tiles(hand)),
        win_tile=parse_tile(win_tile) if win_tile else None,
        pungs=tuple(parse_tiles(pungs)) if pungs else (),
        concealed_kongs=tuple(parse_tiles(concealed_kongs)) if concealed_kongs else (),
    )


HOLDS = [
    # seed, ci 4万: 111 222 23万 33 444 draws 1, 2 or 4 -> 暗呲
    (Win.ANCI, claim("4m", "111s 222s 23m 33p 444p", "1s"), "1s"),
    (Win.ANCI, claim("4m", "111s 222s 23m 33p 444p", "2s"), "2s"),
    (Win.ANCI, claim("4m", "111s 222s 23m 33p 444p", "4p"), "4p"),
    # seed: four 1s, 222, 3万, 33, 456 draws 2万 or 5万
    (Win.ANCI, claim("4m", "1111s 222s 3m 33p 456p", "2m"), "1s"),
    (Win.ANCI, claim("4m", "1111s 222s 3m 33p 456p", "5m"), "1s"),
    # seed: four 1s, 222, 345, 678 draws 4万
    (Win.ANCI, claim("4m", "1111s 222s 345p 678p", "4m"), "1s"),
    # seed (only in the Chinese text): 1111, 222, 33, 肆万, 456 draws 3 or 4万
    (Win.ANCI, claim("4m", "1111s 222s 33p 4m 456p", "3p"), "1s"),
    (Win.ANCI, claim("4m", "1111s 222s 33p 4m 456p", "4m"), "1s"),
    # seed, ci 7条: 111 222 333 44 56条, a 1, 2 or 3 discarded -> 直呲
    (Win.ZHICI, claim("7s", "111m 222m 333m 44p 56s", "1m"), "1m"),
    (Win.ZHICI, claim("7s", "111m 222m 333m 44p 56s", "2m"), "2m"),
    (Win.ZHICI, claim("7s", "111m 222m 333m 44p 56s", "3m"), "3m"),
    # seed's third 直呲 example holds for a discarded 1 or 2 (not 3)
    (Win.ZHICI, claim("7s", "111m 222m 345m 456p 7s", "1m"), "1m"),
    (Win.ZHICI, claim("7s", "111m 222m 345m 456p 7s", "2m"), "2m"),
    # seed 续呲: 123 456 77 56条 with a pung of 4万 draws the fourth 4万
    (Win.XUCI, claim("7s", "123p 456p 77p 56s", "4m", pungs="4m"), "4m"),
    # seed 续呲: 111 234 456 7条 with a pung of 5筒 draws the fourth 5筒
    (Win.XUCI, claim("7s", "111m 234m 456m 7s", "5p", pungs="5p"), "5p"),
    # seed 炸弹 (ci 5万): 111 234 56 88 999 draws 4 or 7; 46万 draws the 5万
    (Win.BOMB, claim("5m", "111p 234p 56m 88s 999s", "4m"), None),
    (Win.BOMB, claim("5m", "111p 234p 56m 88s 999s", "7m"), None),
    (Win.BOMB, claim("5m", "111p 234p 46m 88s 999s", "5m"), None),
    (Win.HEAVENLY, claim("5m", "111p 234p 456m 88s 999s", None), None),
    (Win.TIANCI, claim("5m", "555m 123p 456p 789s 1z", "2z"), None),
    (Win.BOMB, claim("9p", "234m 5p 678s", "5p", pungs="1z 2z"), None),
]


@pytest.mark.parametrize(("win", "tiles", "kong"), HOLDS)
def test_claim_holds(win: Win, tiles: TileClaim, kong: str | None) -> None:
    verdict = check_claim(win, tiles)
    assert verdict.holds, verdict.reason
    assert verdict.kong == (parse_tile(kong) if kong else None)
    if win is not Win.TIANCI:
        assert verdict.arrangement


FAILS = [
    # the two loose seed examples docs/rules.md names
    (Win.ZHICI, claim("7s", "111m 222m 333m 44p 7s", "1m"), "leaves two pairs"),
    (Win.ZHICI, claim("7s", "111m 222m 345m 456p 7s", "3m"), "direct ci (zhici) needs three 3m in hand; there is one"),
    (Win.ZHICI, claim("7s", "111m 222m 333m 44p 56s", "4p"), "there are two"),
    (Win.ANCI, claim("4m", "111s 222s 23m 33p 444p", "1m"), "four alike in hand"),
    (Win.ANCI, claim("4m", "111s 222s 25m 33p 456p", "1s"), "is not sets and one pair"),
    # a kong declared earlier does not make a later 暗呲
    (Win.ANCI, claim("4m", "222s 3m 33p 456p", "2m", concealed_kongs="1s"), "earlier turn"),
    (Win.XUCI, claim("7s", "123p 456p 77p 56s", "5m", pungs="4m"), "exposed pung of 5m"),
    (Win.XUCI, claim("7s", "123p 456p 77p 58s", "4m", pungs="4m"), "not sets and one pair"),
    (Win.BOMB, claim("5m", "111p 234p 56m 88s 999s", "5m"), "waits on 4m or 7m"),
    (Win.HEAVENLY, claim("5m", "111p 234p 456m 88s 99s", "1z"), "not complete"),
    (Win.TIANCI, claim("5m", "55m 123p 456p 789s 11z", "2z"), "there are two"),
    (Win.ZHICI, claim("7s", "111m 222m 333m 44p 5s", "1m"), "must have 13"),
]


@pytest.mark.parametrize(("win", "tiles", "reason"), FAILS)
def test_claim_fails_with_reason(win: Win, tiles: TileClaim, reason: str) -> None:
    verdict = check_claim(win, tiles)
    assert not verdict.holds
    assert reason in verdict.reason.text("en")


def test_false_claim_names_the_win_the_tiles_make() -> None:
    verdict = check_claim(Win.BOMB, claim("4m", "111s 222s 23m 33p 444p", "1s"))
    assert not verdict.holds
    assert Win.ANCI in verdict.alternatives


def test_next_tile_wins_for_the_seed_hand() -> None:
    wins = {
        (t, drawn, v.win)
        for t, drawn, v in (
            (w.tile, w.drawn, w.verdict) for w in next_tile_wins(claim("4m", "111s 222s 23m 33p 444p", None))
        )
    }
    s1, s2, p4, m1, m4 = (parse_tile(x) for x in ("1s", "2s", "4p", "1m", "4m"))
    assert {(s1, True, Win.ANCI), (s2, False, Win.ZHICI), (p4, True, Win.ANCI), (m1, True, Win.BOMB)} <= wins
    assert (m4, True, Win.BOMB) in wins
