"""The referee's work behind ``gangci check``, ``gangci waits`` and ``gangci dice``."""

from __future__ import annotations

from gangci_calc.errors import InputError, RuleError, TileSyntaxError
from gangci_calc.io.formats import CHECK, WAITS, renderer
from gangci_calc.io.load import load_hand
from gangci_calc.io.render_tiles import dice_view
from gangci_calc.rules import SEED_RULES, HouseRules, Seat, Win, parse_seat
from gangci_calc.tiles.analysis import counts_of, waits
from gangci_calc.tiles.claims import TileClaim, next_tile_wins, size_problem, too_many, verdict_for
from gangci_calc.tiles.dice import deal_from_dice
from gangci_calc.tiles.notation import parse_tile, parse_tiles


def check_file(path: str, lang: str, fmt: str, base: HouseRules = SEED_RULES) -> tuple[str, bool]:
    """Check the claim in a hand file with ``tiles:`` under its table's rules; returns (output, holds)."""
    loaded = load_hand(path, base, referee=True)
    if loaded.tiles is None:
        raise InputError(
            path, "has no tiles: to check a claim, add tiles: {ci: ..., hand: ..., win_tile: ...}", field="tiles"
        )
    verdict = verdict_for(loaded.hand, loaded.tiles, loaded.table_rules.house)
    text: str = renderer(CHECK, fmt)(verdict, loaded.tiles, lang, loaded.hand.outcome.winner)
    return text, verdict.holds


def _tiles_option(text: str, option: str) -> list[int]:
    try:
        return parse_tiles(text)
    except TileSyntaxError as error:
        raise InputError(option, f'"{text}": {error.message}') from None


def waits_text(hand: str, ci: str, pungs: str, lang: str, house: HouseRules = SEED_RULES, fmt: str = "table") -> str:
    """Waits of a 13-tile hand, the ci tile marked, and which next tile makes which win."""
    tiles = _tiles_option(hand, "hand")
    try:
        ci_tile = parse_tile(ci)
    except TileSyntaxError as error:
        raise InputError("--ci", f'"{ci}": {error.message}') from None
    pung_tiles = tuple(_tiles_option(pungs, "--pungs")) if pungs else ()
    claim = TileClaim(ci_tile, tuple(tiles), None, pung_tiles)
    problem = size_problem(Win.BOMB, claim) or too_many(claim)  # a waiting hand: 13 tiles, none five times
    if problem:
        raise InputError("hand", problem)
    hand_waits = waits(counts_of(tiles), claim.all_counts())
    text: str = renderer(WAITS, fmt)(claim, hand_waits, next_tile_wins(claim, house), lang)
    return text


def dice_text(dealer: str, first: int, second: int, lang: str) -> str:
    seat: Seat | None = parse_seat(dealer)
    if seat is None:
        raise InputError("--dealer", f"{dealer!r} is not a seat — use E S W N or 东 南 西 北")
    try:
        result = deal_from_dice(seat, first, second)
    except RuleError as error:
        raise InputError("dice", error.message) from None
    return dice_view(result, lang)
