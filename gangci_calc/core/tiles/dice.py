"""Where the ci tile comes from: the dealer's two dice (docs/rules.md, "The ci tile and the dice").

Counting clockwise from the dealer as 1 (from East: E 1, N 2, W 3, S 4, E 5 …),
the sum picks a player; from that player's right-hand end of the wall the
smaller die gives the stacks (敦) skipped; dealing starts at the next stack and
the top tile of the last skipped stack is flipped as the ci tile.

At a table of three (三人场) only the seats in play are counted (from East:
E 1, W 2, S 3, E 4 …), and each player's wall is a third of the tiles.

>>> r = deal_from_dice(Seat.E, 5, 6)
>>> r.wall_owner.name, r.skipped, r.start_stack, r.ci_stack, r.stacks
('W', 5, 6, 5, 17)
>>> from gangci_calc.core.rules.seats import THREE_SEATS
>>> r = deal_from_dice(Seat.E, 2, 4, THREE_SEATS, honours=False)
>>> r.wall_owner.name, r.skipped, r.stacks
('S', 2, 18)
"""

from __future__ import annotations

from dataclasses import dataclass

from gangci_calc.core.errors import RuleError
from gangci_calc.core.rules import Seat
from gangci_calc.core.rules.seats import SEATS
from gangci_calc.core.rules.terms import seat_word
from gangci_calc.words import messages as m
from gangci_calc.words import say

STACKS_PER_WALL = 17  # 136 tiles = 4 walls × 17 stacks × 2


def wall_stacks(seats: int, honours: bool = True) -> int:
    """Stacks (two tiles each) in each player's wall: the tiles shared among the seats in play, as whole stacks
    (17 at four seats and 136 tiles, 13 with 108; 22 at three, 18 with 108). Where they do not share out
    evenly (108 at four, 136 at three) some walls hold a stack more; the dice reach only the first seven."""
    return (136 if honours else 108) // (2 * seats)


@dataclass(frozen=True)
class DiceResult:
    dealer: Seat
    dice: tuple[int, int]
    wall_owner: Seat  # whose wall the deal starts from
    skipped: int  # stacks skipped from that wall's right-hand end (the smaller die)
    seats: tuple[Seat, ...] = SEATS  # the seats in play (三人场: E S W)
    stacks: int = STACKS_PER_WALL  # stacks in the owner's wall

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def start_stack(self) -> int:
        """Dealing starts at this stack (counted from the right-hand end, 1-based)."""
        return self.skipped + 1

    @property
    def ci_stack(self) -> int:
        """The top tile of this stack is flipped as the ci tile (杠底牌)."""
        return self.skipped

    def count_path(self) -> list[Seat]:
        """Who is counted at 1, 2, … up to the total (clockwise from the dealer, the seats in play only)."""
        order = _clockwise(self.dealer, self.seats)
        return [order[i % len(order)] for i in range(self.total)]


def _clockwise(dealer: Seat, seats: tuple[Seat, ...]) -> list[Seat]:
    """The seats in play clockwise from the dealer (from East: E N W S; at three E W S)."""
    return [seat for seat in (dealer.shifted(-i) for i in range(4)) if seat in seats]


def deal_from_dice(
    dealer: Seat, first: int, second: int, seats: tuple[Seat, ...] = SEATS, *, honours: bool = True
) -> DiceResult:
    for index, die in enumerate((first, second)):
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise RuleError(("dice", index), say(m.NOT_A_DIE, value=repr(die)))
    if dealer not in seats:
        raise RuleError(("dealer",), say(m.NO_NORTH_AT_THREE, seat=seat_word(dealer)))
    order = _clockwise(dealer, seats)
    owner = order[(first + second - 1) % len(order)]
    return DiceResult(dealer, (first, second), owner, min(first, second), seats, wall_stacks(len(seats), honours))
