"""Stakes (起底方案): the three base amounts 杠底, 炸弹底 and 杠呲底."""

from __future__ import annotations

from dataclasses import dataclass

from gangci_calc.core.errors import RuleError, shown
from gangci_calc.words import messages as m
from gangci_calc.words import say

MAX_AMOUNT = 10**18 - 1  # the largest stake a table may set (an amount of 18 digits)


@dataclass(frozen=True, slots=True)
class Stakes:
    """Base amounts of one table (起底).

    >>> Stakes.from_gang(500)
    Stakes(gang=500, bomb=1000, ci=3000, dianpao=None)
    >>> Stakes.from_gang(500).point
    1000
    """

    gang: int  # 杠底: paid for a kong
    bomb: int  # 炸弹底: paid for a self-drawn win (炸弹, 天胡)
    ci: int  # 杠呲底: paid for a gangci win
    dianpao: int | None = None  # 点炮底 P (house rules 点炮胡 / 抢杠胡); None: the same as 炸弹底

    def __post_init__(self) -> None:
        for name in ("gang", "bomb", "ci", "dianpao"):
            value = getattr(self, name)
            if value is None and name == "dianpao":
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise RuleError(("stakes", name), say(m.NOT_POSITIVE_AMOUNT, value=shown(value)))

    @property
    def point(self) -> int:
        """点炮底: what the discarder (or the robbed player) pays for 点炮 / 抢杠."""
        return self.bomb if self.dianpao is None else self.dianpao

    @classmethod
    def from_gang(cls, gang: int) -> Stakes:
        """The usual ratio when only 杠底 is given: 炸弹底 = 2G, 杠呲底 = 6G."""
        return cls(gang=gang, bomb=2 * gang, ci=6 * gang)


SCHEMES: dict[int, Stakes] = {
    1: Stakes(gang=100, bomb=200, ci=600),  # 方案1
    2: Stakes(gang=1000, bomb=2000, ci=6000),  # 方案2
}
