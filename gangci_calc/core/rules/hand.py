"""One finished hand: the table's rules, the add-ons set, the outcome and the kongs.

Constructing a :class:`Hand` checks it against the rules and raises
:class:`~gangci_calc.core.errors.RuleError` naming the offending field, so every
front end (files, prompts, library callers) gets the same checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gangci_calc.core.errors import FieldPath, RuleError, shown
from gangci_calc.core.rules import addons
from gangci_calc.core.rules.addons import NO_BETS, Bets
from gangci_calc.core.rules.kongs import Kong, KongType
from gangci_calc.core.rules.outcomes import Win
from gangci_calc.core.rules.seats import SEATS, Seat, in_play, others_of
from gangci_calc.core.rules.stakes import Stakes
from gangci_calc.core.rules.table import SEED_RULES, HouseRules, TableRules
from gangci_calc.core.rules.terms import KONG_ZH, WIN_ZH, seat_word
from gangci_calc.words import messages as m
from gangci_calc.words import say

HONOURS = range(27, 34)  # tiles 1z–7z: 东 南 西 北 白 发 中 (core/tiles/notation.py numbers tiles 0–33)
NO_MI = (0, 0, 0, 0)

_BET_ZH = {"piao": "飘", "di": "抵", "gang": "下杠", "pao": "跑"}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the hand ended: the win, the winner and, where the win names one, ``source``."""

    win: Win
    winner: Seat | None = None
    source: Seat | None = None  # 直呲 / 点炮: the discarder; 续呲: who fed the pung; 抢杠: whose kong
    bao: bool | None = None  # 包次: the discarder of a 直呲 pays the whole win; None: not said (the tiles left may)

    @classmethod
    def draw(cls) -> Outcome:
        return cls(Win.DRAW)


@dataclass(frozen=True, slots=True)
class Hand:
    """Everything settlement needs about one finished hand."""

    rules: TableRules  # 起底, 带政策 and the house options
    dealer: Seat  # 庄家
    outcome: Outcome
    bets: tuple[Bets, Bets, Bets, Bets] = (NO_BETS, NO_BETS, NO_BETS, NO_BETS)
    kongs: tuple[Kong, ...] = field(default=())
    ci: int | None = None  # the hand's ci tile (杠底牌), 0–33; 次风翻倍 needs it
    mi: tuple[int, int, int, int] = NO_MI  # 下米: pending 米 per seat before this hand
    tiles_left: int | None = None  # 剩牌: tiles left in the wall when a 直呲 was won (包次 from the tiles left)

    def __post_init__(self) -> None:
        check_hand(self)

    @property
    def stakes(self) -> Stakes:
        return self.rules.stakes

    @property
    def policy(self) -> bool:
        return self.rules.policy

    @property
    def house(self) -> HouseRules:
        return self.rules.house

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in play: four, or E S W at a table of three (三人场)."""
        return in_play(self.rules.house.three_players)

    def others(self, seat: Seat) -> tuple[Seat, ...]:
        """The other seats in play, in the order of play after ``seat``."""
        return others_of(seat, self.seats)

    @property
    def bao_line(self) -> int:
        """包次线 for this hand: ``bao_mark``, less 2 for each 暗杠 and 1 for each 明杠 / 续杠 listed (the Java server);
        ``bao_mark`` itself under ``bao_kongs: false`` (a fixed line: the Lua and Python servers).

        It may go below 0: no count of tiles left is then under it, so the tiles left make no 包次.

        >>> from gangci_calc.core.rules import SCHEMES, Kong, KongType
        >>> hand = Hand(TableRules(SCHEMES[2]), Seat.E, Outcome(Win.DRAW), kongs=(Kong(Seat.S, KongType.CONCEALED),))
        >>> hand.bao_line
        8
        """
        house = self.rules.house
        if not house.bao_kongs:
            return house.bao_mark
        drop = sum(2 if kong.type is KongType.CONCEALED else 1 for kong in self.kongs)
        return house.bao_mark - drop

    @property
    def by_tiles_left(self) -> bool:
        """Do the tiles left decide 包次 (a 直呲 that gives them, at a table of 包次, ``bao`` not given by hand)?"""
        outcome = self.outcome
        return (
            self.tiles_left is not None
            and outcome.win is Win.ZHICI
            and reads_tiles_left(self.rules.house)
            and outcome.bao is None
        )

    @property
    def bao(self) -> bool:
        """包次: as given (``win.bao: true`` / ``false``), else by the tiles left: at or under :attr:`bao_line`."""
        if self.outcome.bao is not None:
            return self.outcome.bao
        return self.by_tiles_left and self.tiles_left is not None and self.tiles_left <= self.bao_line

    @property
    def honour_ci(self) -> bool:
        """Is the ci tile an honour (东南西北中发白)? 次风翻倍 doubles a ci win then (never under 不次风)."""
        return self.ci is not None and self.ci in HONOURS and not self.rules.house.no_honour_ci


def reads_ci(house: HouseRules) -> bool:
    """Does settling a hand at this table read its ci tile? Only 次风翻倍 does (``settle.py`` ``_honour_doubles``);
    at any other table the tile is checked (:func:`check_hand`) and changes no amount."""
    return house.honor_ci_double


def reads_tiles_left(house: HouseRules) -> bool:
    """Does settling a hand at this table read its tiles left? Only 包次 does (:attr:`Hand.by_tiles_left`); at any
    other table they are checked and change no amount."""
    return house.baoci


def whole_count(path: FieldPath, name: str, count: object) -> int:
    """An add-on count must be a whole number (YAML ``yes`` is not 1)."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise RuleError(path, say(m.BET_NOT_WHOLE, value=shown(count), bet=_BET_ZH[name]))
    return count


def _bad_count(path: FieldPath, name: str, count: object, allowed: bool) -> None:
    """Raise the error for a count the rules do not allow (``allowed``: 带政策 for an add-on, 带跑 for 跑)."""
    count = whole_count(path, name, count)
    if not 0 <= count <= addons.MAX_COUNT:
        raise RuleError(path, say(m.BET_OUT_OF_RANGE, value=count, bet=_BET_ZH[name]))
    if count and not allowed:
        message = m.PAO_NEEDS_RULE if name == addons.PAO else m.BET_WITHOUT_POLICY
        raise RuleError(path, say(message, value=count, bet=_BET_ZH[name]))


def check_hand(hand: Hand) -> None:
    """Raise :class:`RuleError` for the first thing the rules do not allow."""
    rules = hand.rules
    check_bets(hand.bets, hand.dealer, rules.policy, rules.house.pao is not None)
    check_outcome(hand.outcome, hand.dealer, rules.house)
    check_kongs(hand.kongs, hand.outcome)
    if rules.house is not SEED_RULES or hand.mi != NO_MI:
        _check_held(hand)
    if rules.house.three_players:
        _check_three(hand)
    if hand.tiles_left is not None:
        _check_tiles_left(hand.tiles_left, wall_after_deal(len(hand.seats), rules.house.honours))


def _check_three(hand: Hand) -> None:
    """三人场: North is not at the table, so no field may name it."""
    north, word = Seat.N, seat_word(Seat.N)
    outcome = hand.outcome
    named: list[tuple[FieldPath, bool]] = [
        (("dealer",), hand.dealer is north),
        (("win", "winner"), outcome.winner is north),
        (("win", "from"), outcome.source is north),
        (("bets", "N"), hand.bets[north] != NO_BETS),
        (("mi", "N"), bool(hand.mi[north])),
    ]
    for index, kong in enumerate(hand.kongs):
        named.append((("kongs", index, "by"), kong.by is north))
        named.append((("kongs", index, "from"), kong.source is north))
    for path, names_north in named:
        if names_north:
            raise RuleError(path, say(m.NO_NORTH_AT_THREE, seat=word))


def wall_after_deal(seats: int, honours: bool = True) -> int:
    """The tiles left in the wall once the deal is done: 136 (108 without honours), less 13 a seat and the
    dealer's 14th, so 83 at four seats and 136 tiles, 96 at three; 55 and 68 at 108.

    >>> wall_after_deal(4), wall_after_deal(3), wall_after_deal(4, honours=False), wall_after_deal(3, honours=False)
    (83, 96, 55, 68)
    """
    return (136 if honours else 108) - 13 * seats - 1


def _check_tiles_left(count: object, most: int) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise RuleError(("tiles_left",), say(m.NOT_TILES_LEFT, value=shown(count)))
    if count > most:
        raise RuleError(("tiles_left",), say(m.TILES_LEFT_OVER_WALL, value=count, most=most))


def check_bets(bets: tuple[Bets, ...], dealer: Seat, policy: bool, pao: bool = False) -> None:
    """The bets: whole counts 0–3; the add-ons only with 带政策 and no 抵 on the dealer; 跑 only with 带跑."""
    if len(bets) != 4:
        raise RuleError(("bets",), say(m.BETS_PER_SEAT))
    for seat, seat_bets in zip(SEATS, bets, strict=True):
        if seat_bets is NO_BETS:  # the usual case: nothing set, nothing to check
            continue
        for name in addons.BET_NAMES:
            count = getattr(seat_bets, name)
            allowed = pao if name == addons.PAO else policy
            if type(count) is not int or not 0 <= count <= addons.MAX_COUNT or (count and not allowed):
                _bad_count(("bets", seat.name, name), name, count, allowed)
        if seat_bets.di and seat is dealer:
            raise RuleError(("bets", seat.name, "di"), say(m.DEALER_NO_DI, seat=seat_word(seat)))


def check_outcome(outcome: Outcome, dealer: Seat, house: HouseRules = SEED_RULES) -> None:
    """The win: who may win it, who it names, and what the table's house rules allow."""
    _check_outcome(outcome, dealer)
    win = outcome.win
    if house is not SEED_RULES or outcome.bao or win is Win.DIANPAO or win is Win.QIANGGANG:
        _check_house_win(outcome, house)


def check_kongs(kongs: tuple[Kong, ...], outcome: Outcome) -> None:
    """Each kong names who pays it.

    Under 抢杠 the robbed kong was never made and is not listed; the robbed
    player's earlier kongs, another 续杠 included, are, so they are not refused
    here (which added kong was robbed, only the tiles say: :mod:`gangci_calc.core.tiles.claims`).
    """
    for index, kong in enumerate(kongs):
        _check_kong(index, kong)


_SWITCH = {"dianpao": ("dianpao", "点炮胡"), "qianggang": ("qianggang", "抢杠胡")}


def _check_house_win(outcome: Outcome, house: HouseRules) -> None:
    """What the table's house options allow of a win."""
    win = outcome.win
    if house.hard_ci and win in (Win.BOMB, Win.HEAVENLY):
        raise RuleError(("win", "type"), say(m.HARD_CI_NO_BOMB, zh=WIN_ZH[win], value=win.value))
    if win is Win.TIANCI and not house.pici:  # 皮次 off: three ci tiles held are no win
        raise RuleError(
            ("win", "type"), say(m.WIN_NEEDS_RULE, zh=WIN_ZH[win], value=win.value, rule="皮次", key="pici")
        )
    if win.value in _SWITCH:
        key, zh = _SWITCH[win.value]
        if not getattr(house, key):
            raise RuleError(("win", "type"), say(m.WIN_NEEDS_RULE, zh=WIN_ZH[win], value=win.value, rule=zh, key=key))
    if outcome.bao:
        if not house.baoci:
            raise RuleError(("win", "bao"), say(m.BAO_NEEDS_RULE))
        if win is not Win.ZHICI:
            raise RuleError(("win", "bao"), say(m.BAO_ONLY_ZHICI, zh=WIN_ZH[win], value=win.value))


def _check_held(hand: Hand) -> None:
    """What a hand holds for its house rules: the ci tile for 次风翻倍, 米 only with 下米."""
    house = hand.rules.house
    if house.honor_ci_double and hand.outcome.win.is_ci and hand.ci is None:
        raise RuleError(("ci",), say(m.CI_TILE_NEEDED), at_key=True)
    if not house.honours and hand.ci is not None and hand.ci in HONOURS:
        raise RuleError(("ci",), say(m.NO_HONOURS_AT_108))
    for seat, count in zip(SEATS, hand.mi, strict=True):
        if type(count) is int and count >= 0 and (not count or house.xiami):  # the usual: nothing to say
            continue
        path = ("mi", seat.name)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RuleError(path, say(m.NOT_MI_COUNT, value=shown(count)))
        if count and not house.xiami:
            raise RuleError(path, say(m.MI_WITHOUT_XIAMI))


def _check_outcome(outcome: Outcome, dealer: Seat) -> None:
    win = outcome.win
    if win is Win.DRAW:
        if outcome.winner is not None:
            raise RuleError(("win", "winner"), say(m.DRAW_NO_WINNER))
        if outcome.source is not None:
            raise RuleError(("win", "from"), say(m.DRAW_NO_FROM))
        return
    if outcome.winner is None:
        raise RuleError(("win", "winner"), say(m.WINNER_MISSING, zh=WIN_ZH[win], value=win.value), at_key=True)
    if win is Win.HEAVENLY and outcome.winner is not dealer:
        raise RuleError(
            ("win", "winner"), say(m.HEAVENLY_DEALER_ONLY, winner=seat_word(outcome.winner), dealer=seat_word(dealer))
        )
    if win.needs_source:
        who = _WHO[win]
        if outcome.source is None:
            raise RuleError(("win", "from"), say(m.FROM_MISSING, zh=WIN_ZH[win], who=who), at_key=True)
        if outcome.source is outcome.winner:
            raise RuleError(
                ("win", "from"), say(m.FROM_IS_WINNER, seat=seat_word(outcome.source), zh=WIN_ZH[win], who=who)
            )
    elif outcome.source is not None:
        raise RuleError(("win", "from"), say(m.SELF_DRAWN_NO_FROM, zh=WIN_ZH[win], value=win.value), at_key=True)


_WHO = {Win.ZHICI: m.WHO_DISCARDED, Win.XUCI: m.WHO_FED, Win.DIANPAO: m.WHO_DISCARDED, Win.QIANGGANG: m.WHO_ROBBED}


def _check_kong(index: int, kong: Kong) -> None:
    if kong.type.needs_source:
        who = m.KONG_WHO_DISCARDED if kong.type.value == "exposed" else m.KONG_WHO_FED
        if kong.source is None:
            raise RuleError(
                ("kongs", index), say(m.KONG_NEEDS_FROM, zh=KONG_ZH[kong.type], value=kong.type.value, who=who)
            )
        if kong.source is kong.by:
            raise RuleError(("kongs", index, "from"), say(m.KONG_FROM_SELF, seat=seat_word(kong.source), who=who))
    elif kong.source is not None:
        raise RuleError(("kongs", index, "from"), say(m.KONG_CONCEALED_NO_FROM), at_key=True)
