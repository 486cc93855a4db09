"""One finished hand: the table's stakes, the add-ons set, the outcome and the kongs.

Constructing a :class:`Hand` checks it against the rules and raises
:class:`~gangci_calc.errors.RuleError` naming the offending field, so every
front end (files, prompts, library callers) gets the same checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gangci_calc.errors import FieldPath, RuleError
from gangci_calc.rules.addons import MAX_COUNT, NO_BETS, Bets
from gangci_calc.rules.kongs import Kong
from gangci_calc.rules.outcomes import Win
from gangci_calc.rules.seats import SEATS, Seat
from gangci_calc.rules.stakes import Stakes

_BET_ZH = {"piao": "飘", "di": "抵", "gang": "下杠"}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the hand ended: the win, the winner and, for 直呲 / 续呲, ``source``."""

    win: Win
    winner: Seat | None = None
    source: Seat | None = None  # 直呲: the discarder (点炮); 续呲: who fed the pung

    @classmethod
    def draw(cls) -> Outcome:
        return cls(Win.DRAW)


@dataclass(frozen=True, slots=True)
class Hand:
    """Everything settlement needs about one finished hand."""

    stakes: Stakes
    dealer: Seat  # 庄家
    outcome: Outcome
    policy: bool = False  # 带政策: add-ons on
    bets: tuple[Bets, Bets, Bets, Bets] = (NO_BETS, NO_BETS, NO_BETS, NO_BETS)
    kongs: tuple[Kong, ...] = field(default=())

    def __post_init__(self) -> None:
        check_hand(self)

    def bets_of(self, seat: Seat) -> Bets:
        return self.bets[seat]


def whole_count(path: FieldPath, name: str, count: object) -> int:
    """An add-on count must be a whole number (YAML ``yes`` is not 1)."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise RuleError(path, f"{count!r} is not a whole number — {_BET_ZH[name]} takes 0 to 3")
    return count


def check_hand(hand: Hand) -> None:
    """Raise :class:`RuleError` for the first thing the rules do not allow."""
    if len(hand.bets) != 4:
        raise RuleError(("bets",), "needs one entry per seat")
    for seat, bets in zip(SEATS, hand.bets, strict=True):
        if bets is NO_BETS:  # the usual case: nothing set, nothing to check
            continue
        for name in ("piao", "di", "gang"):
            path = ("bets", seat.name, name)
            count = whole_count(path, name, getattr(bets, name))
            if not 0 <= count <= MAX_COUNT:
                raise RuleError(path, f"{count} is out of range — {_BET_ZH[name]} takes 0 to 3")
            if count and not hand.policy:
                raise RuleError(
                    path,
                    f"{_BET_ZH[name]} {count} is set but add-ons are off (policy: false); "
                    "set policy: true (带政策) or remove it",
                )
        if bets.di and seat is hand.dealer:
            raise RuleError(
                ("bets", seat.name, "di"),
                f"{seat.name} is the dealer (庄家) and the dealer cannot 抵; only the others can",
            )
    _check_outcome(hand.outcome, hand.dealer)
    for index, kong in enumerate(hand.kongs):
        _check_kong(index, kong)


def _check_outcome(outcome: Outcome, dealer: Seat) -> None:
    win = outcome.win
    if win is Win.DRAW:
        if outcome.winner is not None:
            raise RuleError(("win", "winner"), "a drawn hand (流局) has no winner; remove it")
        if outcome.source is not None:
            raise RuleError(("win", "from"), "a drawn hand (流局) has no 'from'; remove it")
        return
    if outcome.winner is None:
        raise RuleError(("win", "winner"), f"missing — who won the {win.value} ({win.zh})?", at_key=True)
    if win is Win.HEAVENLY and outcome.winner is not dealer:
        raise RuleError(
            ("win", "winner"),
            f"天胡 (heavenly) is the dealer's only, and {outcome.winner.name} is not the dealer ({dealer.name} is)",
        )
    if win.needs_source:
        who = "the discarder (点炮)" if win is Win.ZHICI else "the player who fed the pung (被续杠)"
        if outcome.source is None:
            raise RuleError(("win", "from"), f"missing — {win.zh} needs {who}", at_key=True)
        if outcome.source is outcome.winner:
            raise RuleError(("win", "from"), f"{outcome.source.name} is the winner; {win.zh} needs {who}, another seat")
    elif outcome.source is not None:
        raise RuleError(
            ("win", "from"),
            f"{win.value} ({win.zh}) is self-drawn and has no 'from'; 'from' is for 直呲 and 续呲 only",
            at_key=True,
        )


def _check_kong(index: int, kong: Kong) -> None:
    if kong.type.needs_source:
        who = "the discarder" if kong.type.value == "exposed" else "who fed the pung"
        if kong.source is None:
            raise RuleError(("kongs", index), f"{kong.type.value} ({kong.type.zh}) needs 'from': {who}")
        if kong.source is kong.by:
            raise RuleError(
                ("kongs", index, "from"),
                f"{kong.source.name} made this kong; 'from' must be another seat ({who})",
            )
    elif kong.source is not None:
        raise RuleError(
            ("kongs", index, "from"),
            "a concealed kong (暗杠) is paid by all three others and has no 'from'",
            at_key=True,
        )
