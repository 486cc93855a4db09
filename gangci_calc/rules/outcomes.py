"""How a hand ends: the seven outcomes and who pays the winner what."""

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

    @property
    def zh(self) -> str:
        return _ZH[self]

    @property
    def en(self) -> str:
        return _EN[self]

    @property
    def needs_source(self) -> bool:
        """直呲 names the discarder, 续呲 the player who fed the pung."""
        return self in (Win.ZHICI, Win.XUCI)

    @property
    def is_ci(self) -> bool:
        """A gangci (杠呲) win: paid from 杠呲底 and ends with a winning kong."""
        return self in (Win.ANCI, Win.TIANCI, Win.ZHICI, Win.XUCI)


_ZH = {
    Win.BOMB: "炸弹",
    Win.HEAVENLY: "天胡",
    Win.ANCI: "暗呲",
    Win.TIANCI: "天呲",
    Win.ZHICI: "直呲",
    Win.XUCI: "续呲",
    Win.DRAW: "流局",
}
_EN = {
    Win.BOMB: "bomb",
    Win.HEAVENLY: "heavenly win",
    Win.ANCI: "concealed ci",
    Win.TIANCI: "heavenly ci",
    Win.ZHICI: "direct ci",
    Win.XUCI: "follow-up ci",
    Win.DRAW: "draw",
}
