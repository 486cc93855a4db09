"""Referee checks: do these tiles make the claimed win (docs/rules.md, "What a referee checks")?

>>> from gangci_calc.core.tiles.notation import parse_tile, parse_tiles
>>> claim = TileClaim(ci=parse_tile("7s"), hand=tuple(parse_tiles("111m 222m 333m 44p 56s")), win_tile=0)
>>> check_claim(Win.ZHICI, claim).holds
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from gangci_calc.core.errors import RuleError
from gangci_calc.core.rules import SEED_RULES, Hand, HouseRules, Win
from gangci_calc.core.rules.terms import WIN_ZH, win_word
from gangci_calc.core.tiles.analysis import Counts, Group, arrangements, counts_of, is_complete, is_seven_pairs, waits
from gangci_calc.core.tiles.notation import Tile, is_honour, tile_text, tile_zh, to_text, to_zh
from gangci_calc.words import Message, Said, both, say
from gangci_calc.words import messages as m

_HOW_MANY = {0: "are none", 1: "is one", 2: "are two", 3: "are three", 4: "are four"}


def _held(count: int) -> Message:
    """``2`` / ``are two``: how many of a tile are held."""
    return both(str(count), _HOW_MANY[count])


@dataclass(frozen=True)
class TileClaim:
    """The winner's tiles, as a hand file's ``tiles:`` gives them."""

    ci: Tile  # 杠底牌 / 呲牌
    hand: tuple[Tile, ...]  # concealed tiles before the winning tile
    win_tile: Tile | None = None  # drawn, discarded or added: the tile that won
    pungs: tuple[Tile, ...] = ()  # exposed pungs (碰)
    kongs: tuple[Tile, ...] = ()  # exposed kongs already made
    concealed_kongs: tuple[Tile, ...] = ()  # concealed kongs already declared
    flipped: Tile | None = None  # 不次风: the honour flipped, when the ci tile moved on from it (not in play)
    seven_pairs: bool = False  # 可胡七对: the table takes seven pairs as a complete hand

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
        counts[self.flipped if self.flipped is not None else self.ci] += 1  # the tile face up on the wall
        if self.win_tile is not None:
            counts[self.win_tile] += 1
        return counts


@dataclass(frozen=True)
class Verdict:
    """A referee's answer: does the claim hold, why, and how the hand reads."""

    win: Win
    holds: bool
    reason: Said
    arrangement: tuple[Group, ...] = ()  # the winning sets (ci tile included)
    kong: Tile | None = None  # the winning kong
    alternatives: tuple[Win, ...] = field(default=())  # other wins these tiles make


def _tile(t: Tile) -> Message:
    """A tile in words: ``一万`` / ``1m``."""
    return both(tile_zh(t), tile_text(t))


def _tiles(tiles: Sequence[Tile]) -> Message:
    return both(to_zh(list(tiles)), to_text(list(tiles)))


# 不次风: an honour flipped is not the ci tile; the ci tile moves on to the next suited tile in tile order
# (万 筒 条, then the honours, and round again to 一万), so every honour gives 一万 (docs/rules.md)
NEXT_SUITED = 0


def for_table(claim: TileClaim, house: HouseRules) -> TileClaim:
    """The claim as this table reads it: at 108 tiles an honour is refused (:class:`RuleError` naming the field of
    ``tiles:``), under 七对 seven pairs complete a hand, under 不次风 an honour flipped moves the ci tile on to 一万."""
    if not house.honours:
        found = honour_field(claim)
        if found is not None:
            raise RuleError((found,), say(m.NO_HONOURS_AT_108))
    if house.qidui:
        claim = replace(claim, seven_pairs=True)
    if house.no_honour_ci and is_honour(claim.ci):
        return replace(claim, ci=NEXT_SUITED, flipped=claim.ci)
    return claim


def _complete(counts: Counts, claim: TileClaim) -> bool:
    """Sets and a pair, or (可胡七对) seven pairs."""
    return is_complete(counts) or (claim.seven_pairs and is_seven_pairs(counts))


TILE_FIELDS = ("ci", "hand", "win_tile", "pungs", "kongs", "concealed_kongs")  # a claim's fields of tiles


def honour_field(claim: TileClaim) -> str | None:
    """The first field of the claim holding an honour (a 108-tile table has none), else ``None``."""
    for name in TILE_FIELDS:
        value = getattr(claim, name)
        tiles = (value,) if isinstance(value, int) else value or ()
        if any(is_honour(t) for t in tiles):
            return name
    return None


def too_many(claim: TileClaim) -> Said | None:
    """``5 × 1m ...`` when some tile shows more than its four copies, else ``None``."""
    for t, count in enumerate(claim.all_counts()):
        if count > 4:
            return say(m.TOO_MANY_TILES, count=count, tile=_tile(t))
    return None


def check_tile_counts(win: Win, claim: TileClaim) -> None:
    """Raise :class:`RuleError` for tiles that cannot exist or cannot be checked."""
    problem = too_many(claim)
    if problem:
        raise RuleError(("tiles",), problem)
    if claim.win_tile is None and win not in (Win.TIANCI, Win.HEAVENLY):
        raise RuleError(("tiles", "win_tile"), say(m.WIN_TILE_MISSING, zh=win_word(win)), at_key=True)


def size_problem(win: Win, claim: TileClaim) -> Said | None:
    """Why the hand has the wrong number of tiles for this claim, or ``None``."""
    if win is Win.HEAVENLY:
        if claim.melds:
            return say(m.HEAVENLY_NO_MELDS)
        size = len(claim.hand) + (claim.win_tile is not None)
        return None if size == 14 else say(m.HEAVENLY_FOURTEEN, size=size)
    size = len(claim.hand) + 3 * claim.melds
    if size == 13:
        return None
    melds = say(m.HAND_SIZE_MELDS, melds=claim.melds, size=size) if claim.melds else ""
    return say(m.HAND_SIZE, count=len(claim.hand), melds=melds)


def why_incomplete(counts: Counts) -> Said:
    """``222m 333m 44p 77s leaves two pairs`` — a short reason a hand is not complete."""
    shown = _tiles([t for t, c in enumerate(counts) for _ in range(c)])
    for pair in range(34):
        if counts[pair] >= 2:
            rest = list(counts)
            rest[pair] -= 2
            if is_complete(rest):
                return say(m.TWO_PAIRS, tiles=shown)
    return say(m.NOT_SETS_AND_PAIR, tiles=shown)


def either(tiles: Sequence[Tile]) -> Message:
    """Tiles waited on, named one by one: ``一条或四条`` / ``1s or 4s`` (``14s`` would read as one tile).

    >>> either([18, 21, 24]).en, either([18, 21]).zh
    ('1s, 4s or 7s', '一条或四条')
    """
    zh = [tile_zh(t) for t in tiles]
    en = [tile_text(t) for t in tiles]
    return both(_listed(zh, "、", "或"), _listed(en, ", ", " or "))


def _listed(names: list[str], comma: str, last: str) -> str:
    return names[0] if len(names) == 1 else comma.join(names[:-1]) + last + names[-1]


def _near(near: Sequence[Tile]) -> Said:
    return say(m.WAITS_ON, tiles=either(near)) if near else say(m.NOT_READY)


def _and(first: Said, second: Said) -> Said:
    return say(m.JOINED, first=first, second=second)


def _arranged(counts: Counts) -> tuple[Group, ...]:
    found = arrangements(counts)
    if not found and is_seven_pairs(counts):  # 七对
        return tuple(("pair", t) for t, count in enumerate(counts) for _ in range(count // 2))
    return tuple(found[0]) if found else ()


def _bomb(claim: TileClaim) -> Verdict:
    assert claim.win_tile is not None
    counts = counts_of((*claim.hand, claim.win_tile))
    if _complete(counts, claim):
        return Verdict(Win.BOMB, True, say(m.DRAWN_COMPLETES, tile=_tile(claim.win_tile)), _arranged(counts))
    reason = say(m.BOMB_NEEDS_DRAWN, tile=_tile(claim.win_tile))
    near = waits(counts_of(claim.hand), claim.all_counts(), seven_pairs=claim.seven_pairs)
    return Verdict(Win.BOMB, False, _and(reason, _near(near)))


def _ordinary(win: Win, how: Message) -> Callable[[TileClaim], Verdict]:
    """点炮 / 抢杠: an ordinary complete hand on another player's tile (discarded, or robbed from his kong)."""

    def check(claim: TileClaim) -> Verdict:
        assert claim.win_tile is not None
        counts = counts_of((*claim.hand, claim.win_tile))
        tile = _tile(claim.win_tile)
        if win is Win.QIANGGANG and claim.all_counts()[claim.win_tile] > 1:
            # the other three copies are the robbed player's pung: none can be the winner's, nor the ci tile
            return Verdict(win, False, say(m.ROBBED_TILE_ELSEWHERE, tile=tile))
        if _complete(counts, claim):
            return Verdict(win, True, say(m.OTHER_COMPLETES, how=how, tile=tile), _arranged(counts))
        near = waits(counts_of(claim.hand), claim.all_counts(), seven_pairs=claim.seven_pairs)
        reason = say(m.OTHER_NEEDS, zh=win_word(win), how=how, tile=tile)
        return Verdict(win, False, _and(reason, _near(near)))

    return check


def _heavenly(claim: TileClaim) -> Verdict:
    tiles = (*claim.hand, claim.win_tile) if claim.win_tile is not None else claim.hand
    counts = counts_of(tiles)
    if _complete(counts, claim):
        return Verdict(Win.HEAVENLY, True, say(m.HEAVENLY_COMPLETE), _arranged(counts))
    return Verdict(Win.HEAVENLY, False, say(m.HEAVENLY_INCOMPLETE, tiles=_tiles(tiles)))


def _with_kong(win: Win, rest: Counts, kong: Tile, ci: Tile, how: Said) -> Verdict:
    """The kong is made; does the rest + the ci tile complete the hand?"""
    rest = list(rest)
    rest[ci] += 1
    if is_complete(rest):
        return Verdict(win, True, say(m.KONG_REST_COMPLETE, how=how, ci=_tile(ci)), _arranged(rest), kong)
    why = why_incomplete(rest)
    return Verdict(win, False, say(m.KONG_REST_INCOMPLETE, zh=win_word(win), how=how, ci=_tile(ci), why=why))


def _anci(claim: TileClaim) -> Verdict:
    assert claim.win_tile is not None
    counts = counts_of((*claim.hand, claim.win_tile))
    quads = [t for t in range(34) if counts[t] == 4]
    if not quads:
        reason = say(m.ANCI_NO_QUAD)
        return Verdict(Win.ANCI, False, _and(reason, say(m.ANCI_EARLIER_KONG)) if claim.concealed_kongs else reason)
    failed = None
    for quad in quads:
        rest = list(counts)
        rest[quad] -= 4
        how = say(m.ANCI_KONG_NOW, tile=_tile(quad))
        if claim.hand.count(quad) == 4:  # held before the draw: the seed's "手中原有暗杠", as the servers read it
            how = _and(how, say(m.ANCI_HELD_KONG))
        verdict = _with_kong(Win.ANCI, rest, quad, claim.ci, how)
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
        return Verdict(Win.ZHICI, False, say(m.ZHICI_NEEDS_THREE, tile=_tile(tile), held=_held(held)))
    rest = counts_of(claim.hand)
    rest[tile] -= 3
    return _with_kong(Win.ZHICI, rest, tile, claim.ci, say(m.ZHICI_KONG, tile=_tile(tile)))


def _xuci(claim: TileClaim) -> Verdict:
    assert claim.win_tile is not None
    tile = claim.win_tile
    if tile not in claim.pungs:
        return Verdict(Win.XUCI, False, say(m.XUCI_NEEDS_PUNG, tile=_tile(tile)))
    rest = counts_of(claim.hand)
    return _with_kong(Win.XUCI, rest, tile, claim.ci, say(m.XUCI_KONG, tile=_tile(tile)))


def _tianci(claim: TileClaim) -> Verdict:
    tiles = (*claim.hand, claim.win_tile) if claim.win_tile is not None else claim.hand
    held = tiles.count(claim.ci)
    if held >= 3:
        return Verdict(Win.TIANCI, True, say(m.TIANCI_HOLDS, tile=_tile(claim.ci)))
    return Verdict(Win.TIANCI, False, say(m.TIANCI_NEEDS_THREE, tile=_tile(claim.ci), held=_held(held)))


CHECKS: dict[Win, Callable[[TileClaim], Verdict]] = {
    Win.BOMB: _bomb,
    Win.HEAVENLY: _heavenly,
    Win.ANCI: _anci,
    Win.TIANCI: _tianci,
    Win.ZHICI: _zhici,
    Win.XUCI: _xuci,
    Win.DIANPAO: _ordinary(Win.DIANPAO, m.HOW_DISCARDED),
    Win.QIANGGANG: _ordinary(Win.QIANGGANG, m.HOW_ROBBED),
}


def allowed(win: Win, house: HouseRules) -> bool:
    """Does this table count ``win`` at all? (硬次 drops 炸弹 and 天胡; 天呲 needs 皮次, 点炮 and 抢杠 theirs.)"""
    if win in (Win.BOMB, Win.HEAVENLY):
        return not house.hard_ci
    if win is Win.TIANCI:
        return house.pici
    if win is Win.DIANPAO:
        return house.dianpao
    if win is Win.QIANGGANG:
        return house.qianggang
    return True


# A tile from another player (a discard, or the tile added to a kong) can make only these; a drawn one, the rest.
FROM_ANOTHER = frozenset({Win.ZHICI, Win.DIANPAO, Win.QIANGGANG})


def came_from_another(win: Win) -> bool:
    """How the winning tile came, as the claimed win says: from another player, or drawn (天呲: no tile came)."""
    return win in FROM_ANOTHER


# 皮次 on a draw (the Java server's MJHandlerDispatchCard_lygc L101-120, L227-228): a draw after which the concealed
# tiles hold three of the ci tile offers 皮次 (天呲), and neither 自摸 (炸弹; the dealer's first draw: 天胡) nor the ci
# of a kong made from that draw (暗呲, 续呲); plain kongs stay open.
PICI_HIDES = frozenset({Win.BOMB, Win.HEAVENLY, Win.ANCI, Win.XUCI})


def pici_draw(claim: TileClaim, house: HouseRules) -> bool:
    """皮次 on, and the concealed tiles with the tile drawn (``win_tile``) hold three or more of the ci tile.

    >>> from gangci_calc.core.tiles.notation import parse_tile, parse_tiles
    >>> claim = TileClaim(ci=parse_tile("7s"), hand=tuple(parse_tiles("77s 123m 456m 789m 11p")), win_tile=24)
    >>> pici_draw(claim, SEED_RULES), pici_draw(claim, HouseRules(pici=False))
    (True, False)
    """
    held = claim.hand.count(claim.ci) + (claim.win_tile == claim.ci)
    return house.pici and held >= 3


def offered(win: Win, claim: TileClaim, house: HouseRules, another: bool) -> bool:
    """Can this tile, come as it came (``another``: from another player), be claimed as ``win`` at this table?
    (its rule allows it, and no 皮次 draw hides it)"""
    return allowed(win, house) and not (not another and win in PICI_HIDES and pici_draw(claim, house))


def check_claim(
    win: Win,
    claim: TileClaim,
    *,
    dealer_wins: bool = True,
    house: HouseRules = SEED_RULES,
    from_another: bool | None = None,
) -> Verdict:
    """Check one claimed win under the table's house rules; when false, also name the wins these tiles do make.

    The wins named instead respect how the tile came (``from_another``; by default as the claim says): a
    discard never makes 续呲, 炸弹 or 天胡, a drawn tile never 直呲.
    """
    another = came_from_another(win) if from_another is None else from_another
    if win is Win.DRAW:
        return Verdict(win, True, say(m.DRAW_NO_CLAIM))
    if not allowed(win, house):
        hard = win in (Win.BOMB, Win.HEAVENLY)
        return Verdict(win, False, say(m.HARD_CI_NOT_A_WIN if hard else m.NEEDS_ITS_RULE, zh=win_word(win)))
    verdict = CHECKS[win](claim)
    if claim.flipped is not None:  # 不次风: say which tile the ci tile is
        moved = say(m.CI_MOVED_ON, flipped=_tile(claim.flipped), ci=_tile(claim.ci))
        verdict = replace(verdict, reason=say(m.JOINED, first=moved, second=verdict.reason))
    if another is not came_from_another(win) and win is not Win.TIANCI:  # 天呲 takes no tile at all
        how = m.HOW_CAME_DISCARD if another else m.HOW_CAME_DRAWN
        verdict = Verdict(win, False, say(m.NOT_HOW_IT_CAME, how=how, zh=win_word(win), value=win.value))
    elif not offered(win, claim, house, another):  # 皮次: this draw offers 天呲, not the claimed win
        verdict = Verdict(win, False, say(m.PICI_DRAW, tile=_tile(claim.ci), zh=win_word(win)))
    size = size_problem(win, claim)
    if size is not None:  # a miscounted hand cannot win, whatever its shape
        reason = size if verdict.holds else say(m.SIZE_AND, size=size, reason=verdict.reason)
        return Verdict(win, False, reason)
    if verdict.holds:
        return verdict
    return Verdict(win, False, verdict.reason, alternatives=_instead(win, claim, house, dealer_wins, another))


def _instead(win: Win, claim: TileClaim, house: HouseRules, dealer_wins: bool, another: bool) -> tuple[Win, ...]:
    """The wins these tiles do make at this table, the tile coming as it came (``another``: from another player)."""
    others = []
    for other, check in CHECKS.items():
        if other is win or not offered(other, claim, house, another) or came_from_another(other) is not another:
            continue
        if other is Win.HEAVENLY and (
            not dealer_wins or claim.melds or len(claim.hand) + (claim.win_tile is not None) != 14
        ):
            continue
        if claim.win_tile is None and other is not Win.TIANCI:
            continue
        if check(claim).holds:
            others.append(other)
    return tuple(others)


def verdict_for(
    hand: Hand, claim: TileClaim, house: HouseRules | None = None, from_another: bool | None = None
) -> Verdict:
    """The referee's verdict on a hand's claimed win, given the winner's tiles (``house``: the table's rules)."""
    outcome = hand.outcome
    house = hand.rules.house if house is None else house
    dealer_wins = outcome.winner is hand.dealer
    return check_claim(outcome.win, claim, dealer_wins=dealer_wins, house=house, from_another=from_another)


def verdict_line(verdict: Verdict) -> Said:
    """``the claimed 直呲 (zhici) does not hold: ...; these tiles make 暗呲 (anci)`` in one line."""
    text = say(m.CLAIM_FALSE, zh=win_word(verdict.win), value=verdict.win.value, reason=verdict.reason)
    if verdict.alternatives:
        zh = "或".join(WIN_ZH[w] for w in verdict.alternatives)
        en = " or ".join(win_word(w).en for w in verdict.alternatives)
        text = _and(text, say(m.CLAIM_MAKES, wins=both(zh, en)))
    return text


def why_false(hand: Hand, claim: TileClaim) -> Said | None:
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
        trial = replace(claim, win_tile=t)
        if pici_draw(trial, house):  # 皮次: this draw offers 天呲 in place of the drawn wins
            found.append(NextTileWin(t, True, _tianci(trial)))
        for win, drawn in _NEXT:
            if not offered(win, trial, house, not drawn):
                continue
            verdict = CHECKS[win](trial)
            if verdict.holds:
                found.append(NextTileWin(t, drawn, verdict))
    return found
