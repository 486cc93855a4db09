"""Table rules (规矩): the stakes, the add-ons switch and every house option, in one object.

:class:`HouseRules` holds the options a table may switch (docs/rules.md,
"House rules"); its defaults are the seed's rules, so a table that names none
settles exactly as the seed says. :class:`TableRules` is what a hand carries.

To add an option: a field here (with its default), its effect in
:mod:`.settle` or :mod:`.hand`, its spellings in ``io/load/schema.py`` and its
words in ``io/show/rulebook.py`` (docs/maintaining.md).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from gangci_calc.errors import RuleError
from gangci_calc.rules.stakes import Stakes
from gangci_calc.words import messages as m
from gangci_calc.words import say


class ZhiciSplit(Enum):
    """直呲分摊: who pays what for a 直呲."""

    DOUBLE = "double"  # 点炮双倍 (seed): discarder 2C + G, the other two ½C
    EVEN = "even"  # 平摊: discarder C + G, the other two C


class DealerDouble(Enum):
    """庄家翻倍: shares between the dealer and another player × 2."""

    NONE = "none"  # 不翻
    WINS = "wins"  # 胡牌翻倍: the 炸弹底 / 杠呲底 (and 点炮底) parts
    ALL = "all"  # 全部翻倍: the 杠底 parts too


class DrawKongs(Enum):
    """荒庄荒杠: are a drawn hand's kongs paid?"""

    VOID = "void"  # 荒杠 (seed): no
    PAID = "paid"  # 荒庄不荒杠: yes, as usual


class DrawDealer(Enum):
    """流局庄家: who deals after a drawn hand."""

    STAYS = "stays"  # 连庄 (seed): the same dealer
    NEXT = "next"  # 下庄: the next seat in play order


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The house options of one table (规矩 / 玩法); the defaults are the seed's rules."""

    zhici_split: ZhiciSplit = ZhiciSplit.DOUBLE  # 直呲分摊
    baoci: bool = False  # 包次: allows win.bao on a 直呲
    dealer_double: DealerDouble = DealerDouble.NONE  # 庄家翻倍
    hard_ci: bool = False  # 硬次: only ci wins count
    honor_ci_double: bool = False  # 次风翻倍: an honour ci tile doubles a ci win
    xiami: int = 0  # 下米: the amount of one 米; 0 = off
    concealed_kong: int = 1  # 暗杠倍数: × 杠底 for each concealed kong
    draw_kongs: DrawKongs = DrawKongs.VOID  # 荒庄荒杠
    draw_dealer: DrawDealer = DrawDealer.STAYS  # 流局庄家
    dianpao: bool = False  # 点炮胡: allows win type dianpao
    qianggang: bool = False  # 抢杠胡: allows win type qianggang

    def __post_init__(self) -> None:
        if isinstance(self.xiami, bool) or not isinstance(self.xiami, int) or self.xiami < 0:
            raise RuleError(("rules", "xiami"), say(m.XIAMI_AMOUNT, value=repr(self.xiami)))
        if self.concealed_kong not in (1, 2) or isinstance(self.concealed_kong, bool):
            raise RuleError(("rules", "concealed_kong"), say(m.CONCEALED_KONG_TIMES, value=repr(self.concealed_kong)))

    def changed(self) -> tuple[tuple[str, object], ...]:
        """``(key, value)`` of every option that differs from the seed's rules, in field order.

        >>> HouseRules(baoci=True, xiami=500).changed()
        (('baoci', True), ('xiami', 500))
        """
        return tuple(
            (f.name, getattr(self, f.name))
            for f in fields(self)
            if getattr(self, f.name) != getattr(SEED_RULES, f.name)
        )


SEED_RULES = HouseRules()


@dataclass(frozen=True, slots=True)
class TableRules:
    """Everything a table decides: 起底, 带政策 and the house options."""

    stakes: Stakes
    policy: bool = False  # 带政策: add-ons on
    house: HouseRules = SEED_RULES
