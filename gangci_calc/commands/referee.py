"""The referee's work behind ``gangci check``, ``gangci waits`` and ``gangci dice``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gangci_calc.core.errors import FieldPath, InputError, RuleError
from gangci_calc.core.rules import SEED_RULES, HouseRules, Seat, Win, parse_seat
from gangci_calc.core.rules.seats import in_play
from gangci_calc.core.tiles.claims import TILE_FIELDS, TileClaim, next_tile_wins, size_problem, too_many, verdict_for
from gangci_calc.core.tiles.dice import deal_from_dice
from gangci_calc.io.export.formats import CHECK, WAITS
from gangci_calc.io.load.fields import read_tile_fields
from gangci_calc.io.load.load import LoadedHand, hand_from_data, load_hand, tiles_for_table
from gangci_calc.io.load.schema import WIN_NAMES
from gangci_calc.io.show.render_tiles import dice_view
from gangci_calc.words import messages as m
from gangci_calc.words import say

# One reading of a claim, two ways to give it: options are turned into the hand file they stand for and read by
# the file's own loader, so every check a file goes through (the dealer of 天胡, the seats in play, 108 tiles,
# the table's options) is the options' too. An error is named by the option that gave its field.
_OPTION_OF: dict[FieldPath, str] = {
    ("dealer",): "--dealer",
    ("win",): "--type",
    ("win", "type"): "--type",
    ("win", "winner"): "--winner",
    ("tiles",): "--hand",
    ("ci",): "--ci",
    **{("tiles", name): "--" + name.replace("_", "-") for name in TILE_FIELDS},
}
_WAITS_OPTION_OF = {**_OPTION_OF, ("tiles",): "hand", ("tiles", "hand"): "hand"}  # waits takes its hand as given


def _as_option(error: RuleError, options: Mapping[FieldPath, str]) -> InputError:
    """A claim's error, as read from the hand file its options stand for, named by the option that gave the field."""
    path = tuple(error.path)
    while path and path not in options:
        path = path[:-1]
    return InputError(options.get(path, "check"), error.message)


def check_file(
    path: str, lang: str, fmt: str, base: HouseRules = SEED_RULES, from_another: bool | None = None
) -> tuple[str, bool]:
    """Check the claim in a hand file with ``tiles:`` under its table's rules; returns (output, holds).

    ``from_another``: how the winning tile came (``--from-discard`` / ``--self-drawn``); by default as claimed.
    """
    loaded = load_hand(path, base, referee=True)
    if loaded.tiles is None:
        raise InputError(path, say(m.NO_TILES), field="tiles")
    return _judged(loaded, loaded.tiles, lang, fmt, from_another, loaded.hand.outcome.winner)


def _judged(
    loaded: LoadedHand, tiles: TileClaim, lang: str, fmt: str, from_another: bool | None, winner: Seat | None
) -> tuple[str, bool]:
    """The verdict on a claim as read (from a file, or from the options), rendered."""
    verdict = verdict_for(loaded.hand, tiles, loaded.table_rules.house, from_another)
    text = CHECK[fmt].renderer()(verdict, tiles, lang, winner, loaded.names)
    return text, verdict.holds


def waits_text(
    hand: str,
    ci: str,
    pungs: str,
    lang: str,
    house: HouseRules = SEED_RULES,
    fmt: str = "table",
    kongs: str = "",
    concealed_kongs: str = "",
) -> str:
    """Waits of a 13-tile hand, the ci tile marked, and which next tile makes which win."""
    given = {"ci": ci, "hand": hand, "pungs": pungs, "kongs": kongs, "concealed_kongs": concealed_kongs}
    try:  # read as a hand file's tiles: are read, at this table
        claim = tiles_for_table(read_tile_fields({k: v for k, v in given.items() if v}, ("tiles",)), house, ("tiles",))
    except RuleError as error:
        raise _as_option(error, _WAITS_OPTION_OF) from None
    problem = size_problem(Win.BOMB, claim) or too_many(claim)  # a waiting hand: 13 tiles, none five times
    if problem:
        raise InputError("hand", problem)
    wins = next_tile_wins(claim, house)
    # waiting on a tile = some win at this table takes it: a kong's win (暗呲 on 1111s) counts, so the
    # waits line and the list of wins below it can never disagree
    hand_waits = sorted({w.tile for w in wins})
    return WAITS[fmt].renderer()(claim, hand_waits, wins, lang)


def dice_text(dealer: str, first: int, second: int, lang: str, house: HouseRules = SEED_RULES) -> str:
    """The dealing rule for these dice at this table (三人场: three seats counted; 108 tiles: shorter walls)."""
    seat = _seat_option(dealer, "--dealer")
    assert seat is not None  # the option has a default
    try:
        result = deal_from_dice(seat, first, second, in_play(house.three_players), honours=house.honours)
    except RuleError as error:
        raise InputError("--dealer" if error.path == ("dealer",) else "dice", error.message) from None
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

    def hand_data(self, house: HouseRules) -> dict[str, Any]:
        """The hand file these options stand for. What they leave out is filled so that it changes nothing the
        tiles say: the winner is the dealer (else East), the dealer the winner, the discarder (who fed, whose kong
        was robbed) another seat in play; the stakes are scheme 1 (the tiles need none)."""
        winner = self.winner if self.winner is not None else self.dealer if self.dealer is not None else "E"
        seat = parse_seat(winner)
        # a --winner that is no seat is refused as the winner, not first as the dealer it would have made
        dealer = self.dealer if self.dealer is not None else winner if seat is not None else "E"
        return {"stakes": 1, "dealer": dealer, "win": self._win(house, winner, seat), "tiles": self._tiles()}

    def _win(self, house: HouseRules, winner: str, seat: Seat | None) -> dict[str, Any]:
        """The claim: its type (a win's name in any case), its winner, and a seat it came from where it needs one."""
        kind = (self.type or "").strip()
        kind = kind.lower() if kind.lower() in WIN_NAMES else kind
        win: dict[str, Any] = {"type": kind, "winner": winner}
        named = WIN_NAMES.get(kind)
        if named is not None and named.needs_source and seat is not None:
            win["from"] = next(other.name for other in in_play(house.three_players) if other is not seat)
        return win

    def _tiles(self) -> dict[str, Any]:
        """The tiles given, each group that was."""
        tiles: dict[str, Any] = {"ci": self.ci, "hand": self.hand, "win_tile": self.win_tile}
        tiles |= {"pungs": self.pungs, "kongs": self.kongs, "concealed_kongs": self.concealed_kongs}
        return {key: value for key, value in tiles.items() if value}


def check_tiles(
    given: TilesGiven, lang: str, fmt: str, house: HouseRules = SEED_RULES, from_another: bool | None = None
) -> tuple[str, bool]:
    """Check a claim given as options (``--type --hand --ci ...``), read as the hand file they stand for."""
    if given.type is None or given.hand is None or given.ci is None:
        raise InputError("check", say(m.CHECK_NEEDS))
    if WIN_NAMES.get(given.type.strip().lower()) is Win.DRAW:  # a file may say 流局; there is nothing to check
        raise InputError("--type", say(m.NOT_A_WIN, value=repr(given.type)))
    # without --dealer the dealer is the winner, so what is wrong with that seat is --winner's
    options = _OPTION_OF if given.dealer is not None else {**_OPTION_OF, ("dealer",): "--winner"}
    try:
        loaded = hand_from_data(given.hand_data(house), house, referee=True)
    except RuleError as error:
        raise _as_option(error, options) from None
    assert loaded.tiles is not None  # the data has tiles: always
    winner = loaded.hand.outcome.winner if given.winner is not None else None
    return _judged(loaded, loaded.tiles, lang, fmt, from_another, winner)


def _seat_option(text: str | None, option: str) -> Seat | None:
    if text is None:
        return None
    seat = parse_seat(text)
    if seat is None:
        raise InputError(option, say(m.NOT_A_SEAT, value=repr(text)))
    return seat
