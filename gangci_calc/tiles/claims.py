"""Referee checks: do these tiles make the claimed win (docs/rules.md, "What a referee checks")?

>>> from gangci_calc.tiles.notation import parse_tile, parse_tiles
>>> claim = TileClaim(ci=parse_tile("7s"), hand=tuple(parse_tiles("111m 222m 333m 44p 56s")), win_tile=0)
>>> check_claim(Win.ZHICI, claim).holds
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from gangci_calc.errors import RuleError
from gangci_calc.rules import SEED_RULES, Hand, HouseRules, Win
from gangci_calc.rules.terms import WIN_ZH
from gangci_calc.tiles.analysis import Counts, Group, arrangements, counts_of, is_complete, waits
from gangci_calc.tiles.notation import Tile, tile_text, to_text

_HOW_MANY = {0: "none", 1: "one", 2: "two", 3: "three", 4: "four"}


@dataclass(frozen=True)
class TileClaim:
    """The winner's tiles, as a hand file's ``tiles:`` gives them."""

    ci: Tile  # 杠底牌 / 呲牌
    hand: tuple[Tile, ...]  # concealed tiles before the winning tile
    win_tile: Tile | None = None  # drawn, discarded or added: the tile that won
    pungs: tuple[Tile, ...] = ()  # exposed pungs (碰)
    kongs: tuple[Tile, ...] = ()  # exposed kongs already made
    concealed_kongs: tuple[Tile, ...] = ()  # concealed kongs already declared

    @property
    def melds(self) -> int:
        return len(self.pungs) + len(self.kongs) + len(self.concealed_kongs)

    def all_counts(self) -> Counts:
        """Every copy accounted for: hand, winning tile, melds and the ci tile."""
        counts = counts_of(self.hand)
        for t in self.pungs:
            counts[t] += 3
        for t in (*self.kongs, *self.concealed_kongs):
            counts[t] += 4
        counts[self.ci] += 1
        if self.win_tile is not None:
            counts[self.win_tile] += 1
        return counts


@dataclass(frozen=True)
class Verdict:
    """A referee's answer: does the claim hold, why, and how the hand reads."""

    win: Win
    holds: bool
    reason: str
    arrangement: tuple[Group, ...] = ()  # the winning sets (ci tile included)
    kong: Tile | None = None  # the winning kong
    alternatives: tuple[Win, ...] = field(default=())  # other wins these tiles make


def too_many(claim: TileClaim) -> str | None:
    """``5 × 1m ...`` when some tile shows more than its four copies, else ``None``."""
    for t, count in enumerate(claim.all_counts()):
        if count > 4:
            return f"{count} × {tile_text(t)} with the ci tile and melds; there are only 4"
    return None


def check_tile_counts(win: Win, claim: TileClaim) -> None:
    """Raise :class:`RuleError` for tiles that cannot exist or cannot be checked."""
    problem = too_many(claim)
    if problem:
        raise RuleError(("tiles",), problem)
    if claim.win_tile is None and win not in (Win.TIANCI, Win.HEAVENLY):
        raise RuleError(("tiles", "win_tile"), f"missing — which tile won the {WIN_ZH[win]}?", at_key=True)


def size_problem(win: Win, claim: TileClaim) -> str | None:
    """Why the hand has the wrong number of tiles for this claim, or ``None``."""
    if win is Win.HEAVENLY:
        if claim.melds:
            return "天胡 is the first fourteen tiles: there can be no pungs or kongs yet"
        size = len(claim.hand) + (claim.win_tile is not None)
        return None if size == 14 else f"天胡 needs fourteen tiles; there are {size}"
    size = len(claim.hand) + 3 * claim.melds
    if size == 13:
        return None
    melds = f" + {claim.melds} melds × 3 = {size}" if claim.melds else ""
    return (
        f"the hand has {len(claim.hand)} tiles{melds}; before the winning tile it must have 13 (a kong counting as 3)"
    )


def why_incomplete(counts: Counts) -> str:
    """``222m 333m 44p 77s leaves two pairs`` — a short reason a hand is not complete."""
    shown = to_text([t for t, c in enumerate(counts) for _ in range(c)])
    for pair in range(34):
        if counts[pair] >= 2:
            rest = list(counts)
            rest[pair] -= 2
            if is_complete(rest):
                return f"{shown} leaves two pairs, not sets and one pair"
    return f"{shown} is not sets and one pair"


def _arranged(counts: Counts) -> tuple[Group, ...]:
    found = arrangements(counts)
    return tuple(found[0]) if found else ()


def _bomb(claim: TileClaim) -> Verdict:
    assert claim.win_tile is not None
    counts = counts_of((*claim.hand, claim.win_tile))
    if is_complete(counts):
        return Verdict(Win.BOMB, True, f"the drawn {tile_text(claim.win_tile)} completes the hand", _arranged(counts))
    reason = f"炸弹 needs the drawn {tile_text(claim.win_tile)} to complete the hand"
    near = waits(counts_of(claim.hand), claim.all_counts())
    return Verdict(Win.BOMB, False, reason + (f"; it waits on {to_text(near)}" if near else "; it is not ready"))


def _ordinary(win: Win, how: str) -> Callable[[TileClaim], Verdict]:
    """点炮 / 抢杠: an ordinary complete hand on another player's tile (discarded, or robbed from his kong)."""

    def check(claim: TileClaim) -> Verdict:
        assert claim.win_tile is not None
        counts = counts_of((*claim.hand, claim.win_tile))
        tile = tile_text(claim.win_tile)
        if is_complete(counts):
            return Verdict(win, True, f"the {how} {tile} completes the hand", _arranged(counts))
        near = waits(counts_of(claim.hand), claim.all_counts())
        reason = f"{WIN_ZH[win]} needs the {how} {tile} to complete the hand"
        return Verdict(win, False, reason + (f"; it waits on {to_text(near)}" if near else "; it is not ready"))

    return check


def _heavenly(claim: TileClaim) -> Verdict:
    tiles = (*claim.hand, claim.win_tile) if claim.win_tile is not None else claim.hand
    counts = counts_of(tiles)
    if is_complete(counts):
        return Verdict(Win.HEAVENLY, True, "the dealer's fourteen tiles are complete", _arranged(counts))
    return Verdict(Win.HEAVENLY, False, f"天胡 needs fourteen complete tiles; {to_text(tiles)} is not complete")


def _with_kong(win: Win, rest: Counts, kong: Tile, ci: Tile, how: str) -> Verdict:
    """The kong is made; does the rest + the ci tile complete the hand?"""
    rest = list(rest)
    rest[ci] += 1
    if is_complete(rest):
        return Verdict(win, True, f"{how}; the rest + the ci tile {tile_text(ci)} is complete", _arranged(rest), kong)
    return Verdict(
        win, False, f"{WIN_ZH[win]}: {how}, but the rest + the ci tile {tile_text(ci)}: {why_incomplete(rest)}"
    )


def _anci(claim: TileClaim) -> Verdict:
    assert claim.win_tile is not None
    counts = counts_of((*claim.hand, claim.win_tile))
    quads = [t for t in range(34) if counts[t] == 4]
    if not quads:
        return Verdict(
            Win.ANCI,
            False,
            "暗呲 needs four alike in hand after the draw (a kong declared now); there are none"
            + (" — a kong declared in an earlier turn does not count" if claim.concealed_kongs else ""),
        )
    failed = None
    for quad in quads:
        rest = list(counts)
        rest[quad] -= 4
        verdict = _with_kong(Win.ANCI, rest, quad, claim.ci, f"concealed kong of {tile_text(quad)} declared now")
        if verdict.holds:
            return verdict
        failed = failed or verdict
    assert failed is not None
    return failed


def _zhici(claim: TileClaim) -> Verdict:
    assert claim.win_tile is not None
    tile = claim.win_tile
    held = claim.hand.count(tile)
    if held < 3:
        verb = "is" if held == 1 else "are"
        return Verdict(
            Win.ZHICI,
            False,
            f"直呲 needs three {tile_text(tile)} in hand; there {verb} {_HOW_MANY[held]}",
        )
    rest = counts_of(claim.hand)
    rest[tile] -= 3
    return _with_kong(Win.ZHICI, rest, tile, claim.ci, f"kong of {tile_text(tile)} made on the discard")


def _xuci(claim: TileClaim) -> Verdict:
    assert claim.win_tile is not None
    tile = claim.win_tile
    if tile not in claim.pungs:
        return Verdict(Win.XUCI, False, f"续呲 needs an exposed pung (碰) of {tile_text(tile)}; there is none")
    rest = counts_of(claim.hand)
    return _with_kong(Win.XUCI, rest, tile, claim.ci, f"the drawn {tile_text(tile)} added to the pung")


def _tianci(claim: TileClaim) -> Verdict:
    tiles = (*claim.hand, claim.win_tile) if claim.win_tile is not None else claim.hand
    held = tiles.count(claim.ci)
    if held >= 3:
        return Verdict(Win.TIANCI, True, f"holds three {tile_text(claim.ci)}, the remaining copies of the ci tile")
    verb = "is" if held == 1 else "are"
    return Verdict(
        Win.TIANCI,
        False,
        f"天呲 needs the three other {tile_text(claim.ci)} (the ci tile); there {verb} {_HOW_MANY[held]}",
    )


CHECKS: dict[Win, Callable[[TileClaim], Verdict]] = {
    Win.BOMB: _bomb,
    Win.HEAVENLY: _heavenly,
    Win.ANCI: _anci,
    Win.TIANCI: _tianci,
    Win.ZHICI: _zhici,
    Win.XUCI: _xuci,
    Win.DIANPAO: _ordinary(Win.DIANPAO, "discarded"),
    Win.QIANGGANG: _ordinary(Win.QIANGGANG, "robbed"),
}


def allowed(win: Win, house: HouseRules) -> bool:
    """Does this table count ``win`` at all? (硬次 drops 炸弹 and 天胡; 点炮 and 抢杠 need their options.)"""
    if win in (Win.BOMB, Win.HEAVENLY):
        return not house.hard_ci
    if win is Win.DIANPAO:
        return house.dianpao
    if win is Win.QIANGGANG:
        return house.qianggang
    return True


def check_claim(win: Win, claim: TileClaim, *, dealer_wins: bool = True, house: HouseRules = SEED_RULES) -> Verdict:
    """Check one claimed win under the table's house rules; when false, also name the wins these tiles do make."""
    if win is Win.DRAW:
        return Verdict(win, True, "a drawn hand (流局) has no claim to check")
    if not allowed(win, house):
        reason = (
            f"硬次 (hard_ci): only ci wins count at this table, so {WIN_ZH[win]} is not a win"
            if win in (Win.BOMB, Win.HEAVENLY)
            else f"{WIN_ZH[win]} is not a win at this table without its house rule"
        )
        return Verdict(win, False, reason)
    verdict = CHECKS[win](claim)
    size = size_problem(win, claim)
    if size is not None:  # a miscounted hand cannot win, whatever its shape
        reason = size if verdict.holds else f"{size}; and {verdict.reason}"
        return Verdict(win, False, reason)
    if verdict.holds:
        return verdict
    others = []
    for other, check in CHECKS.items():
        if other is win or not allowed(other, house) or (other is Win.HEAVENLY and (not dealer_wins or claim.melds)):
            continue
        if claim.win_tile is None and other is not Win.TIANCI:
            continue
        if other is Win.HEAVENLY and len(claim.hand) + (claim.win_tile is not None) != 14:
            continue
        if check(claim).holds:
            others.append(other)
    return Verdict(win, False, verdict.reason, alternatives=tuple(others))


def verdict_for(hand: Hand, claim: TileClaim, house: HouseRules | None = None) -> Verdict:
    """The referee's verdict on a hand's claimed win, given the winner's tiles (``house``: the table's rules)."""
    outcome = hand.outcome
    house = hand.rules.house if house is None else house
    return check_claim(outcome.win, claim, dealer_wins=outcome.winner is hand.dealer, house=house)


def verdict_line(verdict: Verdict) -> str:
    """``the claimed 直呲 (zhici) does not hold: ...; these tiles make 暗呲 (anci)`` in one line."""
    text = f"the claimed {WIN_ZH[verdict.win]} ({verdict.win.value}) does not hold: {verdict.reason}"
    if verdict.alternatives:
        text += "; these tiles make " + " or ".join(f"{WIN_ZH[w]} ({w.value})" for w in verdict.alternatives)
    return text


def why_false(hand: Hand, claim: TileClaim) -> str | None:
    """Why the tiles do not support the hand's claim, in one line; ``None`` when they do (score, session, batch)."""
    verdict = verdict_for(hand, claim)
    return None if verdict.holds else verdict_line(verdict)


@dataclass(frozen=True)
class NextTileWin:
    """One way the next tile wins: ``draw 1s → 暗呲, kong of 1s``."""

    tile: Tile
    drawn: bool  # drawn by the player (else discarded, or robbed from a kong, by someone)
    verdict: Verdict


# How a next tile may come, and the wins it can make: drawn, or from another player.
_NEXT: tuple[tuple[Win, bool], ...] = (
    (Win.ANCI, True),
    (Win.XUCI, True),
    (Win.BOMB, True),
    (Win.ZHICI, False),
    (Win.DIANPAO, False),
    (Win.QIANGGANG, False),
)


def next_tile_wins(claim: TileClaim, house: HouseRules = SEED_RULES) -> list[NextTileWin]:
    """Every next tile (drawn, or from another player) that wins at this table, and how.

    ``claim.win_tile`` is ignored: each tile is tried in its place.
    """
    seen = claim.all_counts()
    if claim.win_tile is not None:
        seen[claim.win_tile] -= 1
    found = []
    for t in range(34):
        if seen[t] >= 4:
            continue
        trial = TileClaim(claim.ci, claim.hand, t, claim.pungs, claim.kongs, claim.concealed_kongs)
        for win, drawn in _NEXT:
            if not allowed(win, house):
                continue
            verdict = CHECKS[win](trial)
            if verdict.holds:
                found.append(NextTileWin(t, drawn, verdict))
    return found
