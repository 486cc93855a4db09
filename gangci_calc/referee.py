"""The referee's work behind ``gangci check``, ``gangci waits`` and ``gangci dice``."""

from __future__ import annotations

from dataclasses import dataclass

from gangci_calc.errors import InputError, RuleError, TileSyntaxError
from gangci_calc.io.export.formats import CHECK, WAITS
from gangci_calc.io.load.load import load_hand
from gangci_calc.io.show.render_tiles import dice_view
from gangci_calc.rules import SEED_RULES, HouseRules, Seat, Win, parse_seat
from gangci_calc.tiles.claims import TILE_FIELDS, TileClaim, next_tile_wins, size_problem, too_many, verdict_for
from gangci_calc.tiles.dice import deal_from_dice
from gangci_calc.tiles.notation import parse_tile, parse_tiles
from gangci_calc.words import messages as m
from gangci_calc.words import say


def check_file(
    path: str, lang: str, fmt: str, base: HouseRules = SEED_RULES, from_another: bool | None = None
) -> tuple[str, bool]:
    """Check the claim in a hand file with ``tiles:`` under its table's rules; returns (output, holds).

    ``from_another``: how the winning tile came (``--from-discard`` / ``--self-drawn``); by default as claimed.
    """
    loaded = load_hand(path, base, referee=True)
    if loaded.tiles is None:
        raise InputError(path, say(m.NO_TILES), field="tiles")
    verdict = verdict_for(loaded.hand, loaded.tiles, loaded.table_rules.house, from_another)
    text = CHECK[fmt].renderer()(verdict, loaded.tiles, lang, loaded.hand.outcome.winner, loaded.names)
    return text, verdict.holds


def _tiles_option(text: str, option: str) -> list[int]:
    try:
        return parse_tiles(text)
    except TileSyntaxError as error:
        raise InputError(option, say(m.QUOTED_PROBLEM, text=text, problem=error.message)) from None


def waits_text(hand: str, ci: str, pungs: str, lang: str, house: HouseRules = SEED_RULES, fmt: str = "table") -> str:
    """Waits of a 13-tile hand, the ci tile marked, and which next tile makes which win."""
    tiles = _tiles_option(hand, "hand")
    ci_tile = _tile_option(ci, "--ci")
    pung_tiles = tuple(_tiles_option(pungs, "--pungs")) if pungs else ()
    claim = _for_table(
        TileClaim(ci_tile, tuple(tiles), None, pung_tiles), house, {"ci": "--ci", "hand": "hand", "pungs": "--pungs"}
    )
    problem = size_problem(Win.BOMB, claim) or too_many(claim)  # a waiting hand: 13 tiles, none five times
    if problem:
        raise InputError("hand", problem)
    wins = next_tile_wins(claim, house)
    # waiting on a tile = some win at this table takes it: a kong's win (暗呲 on 1111s) counts, so the
    # waits line and the list of wins below it can never disagree
    hand_waits = sorted({w.tile for w in wins})
    return WAITS[fmt].renderer()(claim, hand_waits, wins, lang)


def dice_text(dealer: str, first: int, second: int, lang: str) -> str:
    seat: Seat | None = parse_seat(dealer)
    if seat is None:
        raise InputError("--dealer", say(m.NOT_A_SEAT, value=repr(dealer)))
    try:
        result = deal_from_dice(seat, first, second)
    except RuleError as error:
        raise InputError("dice", error.message) from None
    return dice_view(result, lang)


@dataclass(frozen=True)
class TilesGiven:
    """``gangci check`` without a file: the claim and the winner's tiles, as options."""

    type: str | None
    winner: str | None
    dealer: str | None
    hand: str | None
    win_tile: str | None
    ci: str | None
    pungs: list[str]
    kongs: list[str]
    concealed_kongs: list[str]

    def any(self) -> bool:
        return any((self.type, self.winner, self.dealer, self.hand, self.win_tile, self.ci)) or bool(
            self.pungs or self.kongs or self.concealed_kongs
        )


def check_tiles(
    given: TilesGiven, lang: str, fmt: str, house: HouseRules = SEED_RULES, from_another: bool | None = None
) -> tuple[str, bool]:
    """Check a claim given as options (``--type --hand --ci ...``); the stakes are not needed for the tiles."""
    from gangci_calc.io.load.schema import WIN_NAMES
    from gangci_calc.tiles.claims import check_claim, check_tile_counts

    if given.type is None or given.hand is None or given.ci is None:
        raise InputError("check", say(m.CHECK_NEEDS))
    win = WIN_NAMES.get(given.type.strip().lower()) or WIN_NAMES.get(given.type.strip())
    if win is None or win is Win.DRAW:
        raise InputError("--type", say(m.NOT_A_WIN, value=repr(given.type)))
    winner = _seat_option(given.winner, "--winner")
    dealer = _seat_option(given.dealer, "--dealer") or winner
    claim = TileClaim(
        ci=_tile_option(given.ci, "--ci"),
        hand=tuple(_tiles_option(given.hand, "--hand")),
        win_tile=_tile_option(given.win_tile, "--win-tile") if given.win_tile else None,
        pungs=tuple(t for text in given.pungs for t in _tiles_option(text, "--pungs")),
        kongs=tuple(t for text in given.kongs for t in _tiles_option(text, "--kongs")),
        concealed_kongs=tuple(t for text in given.concealed_kongs for t in _tiles_option(text, "--concealed-kongs")),
    )
    claim = _for_table(claim, house, {name: f"--{name.replace('_', '-')}" for name in TILE_FIELDS})
    try:
        check_tile_counts(win, claim)
    except RuleError as error:
        option = "--win-tile" if error.path[-1] == "win_tile" else "--hand"
        raise InputError(option, error.message) from None
    dealer_wins = winner is None or winner is dealer
    verdict = check_claim(win, claim, dealer_wins=dealer_wins, house=house, from_another=from_another)
    text = CHECK[fmt].renderer()(verdict, claim, lang, winner, {})
    return text, verdict.holds


def _for_table(claim: TileClaim, house: HouseRules, options: dict[str, str]) -> TileClaim:
    """Tiles given as options, as the table reads them (:func:`~gangci_calc.tiles.claims.for_table`); what it
    refuses is named by its option."""
    from gangci_calc.tiles.claims import for_table

    try:
        return for_table(claim, house)
    except RuleError as error:
        raise InputError(options[str(error.path[-1])], error.message) from None


def _seat_option(text: str | None, option: str) -> Seat | None:
    if text is None:
        return None
    seat = parse_seat(text)
    if seat is None:
        raise InputError(option, say(m.NOT_A_SEAT, value=repr(text)))
    return seat


def _tile_option(text: str, option: str) -> int:
    try:
        return parse_tile(text)
    except TileSyntaxError as error:
        raise InputError(option, say(m.QUOTED_PROBLEM, text=text, problem=error.message)) from None
