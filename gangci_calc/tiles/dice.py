"""Where the ci tile comes from: the dealer's two dice (docs/rules.md, "The ci tile and the dice").

Counting clockwise from the dealer as 1 (from East: E 1, N 2, W 3, S 4, E 5 …),
the sum picks a player; from that player's right-hand end of the wall the
smaller die gives the stacks (敦) skipped; dealing starts at the next stack and
the top tile of the last skipped stack is flipped as the ci tile.

>>> r = deal_from_dice(Seat.E, 5, 6)
>>> r.wall_owner.name, r.skipped, r.start_stack, r.ci_stack
('W', 5, 6, 5)
"""

from __future__ import annotations

from dataclasses import dataclass

from gangci_calc.errors import RuleError
from gangci_calc.rules import Seat
from gangci_calc.words import messages as m
from gangci_calc.words import say

STACKS_PER_WALL = 17  # 136 tiles = 4 walls × 17 stacks × 2


@dataclass(frozen=True)
class DiceResult:
    dealer: Seat
    dice: tuple[int, int]
    wall_owner: Seat  # whose wall the deal starts from
    skipped: int  # stacks skipped from that wall's right-hand end (the smaller die)

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
        """Who is counted at 1, 2, … up to the total (clockwise from the dealer)."""
        return [self.dealer.shifted(-i) for i in range(self.total)]


def deal_from_dice(dealer: Seat, first: int, second: int) -> DiceResult:
    for index, die in enumerate((first, second)):
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise RuleError(("dice", index), say(m.NOT_A_DIE, value=repr(die)))
    total = first + second
    return DiceResult(dealer, (first, second), dealer.shifted(-(total - 1)), min(first, second))
