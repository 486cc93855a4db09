"""How a hand ends: the seven outcomes of the seed, and the two a house rule adds and who pays the winner what."""

from __future__ import annotations

from enum import Enum


class Win(Enum):
    """The way a hand ended (胡牌方式). Values are the hand-file spellings."""

    BOMB = "bomb"  # 炸弹: ordinary self-drawn win; each of 3 pays 炸弹底
    HEAVENLY = "heavenly"  # 天胡: dealer's first 14 tiles complete; as 炸弹
    ANCI = "anci"  # 暗呲: concealed kong + ci tile; each of 3 pays 杠呲底 + 杠底
    TIANCI = "tianci"  # 天呲: three copies of the ci tile; as 暗呲
    ZHICI = "zhici"  # 直呲: kong on a discard; discarder 2C + G, others ½C
    XUCI = "xuci"  # 续呲: kong added to a pung; feeder C + G, others C
    DRAW = "draw"  # 流局: nobody pays; kongs are void
    DIANPAO = "dianpao"  # 点炮 (house rule 点炮胡): won on a discard; only the discarder pays 点炮底
    QIANGGANG = "qianggang"  # 抢杠 (house rule 抢杠胡): won on a robbed kong tile; only its owner pays 点炮底

    @property
    def needs_source(self) -> bool:
        """直呲 and 点炮 name the discarder, 续呲 who fed the pung, 抢杠 whose kong was robbed."""
        return self in (Win.ZHICI, Win.XUCI, Win.DIANPAO, Win.QIANGGANG)

    @property
    def is_ci(self) -> bool:
        """A gangci (杠呲) win: paid from 杠呲底 and ends with a winning kong."""
        return self in (Win.ANCI, Win.TIANCI, Win.ZHICI, Win.XUCI)
