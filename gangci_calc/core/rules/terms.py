"""The game's own Chinese terms: what the rule book calls each seat, win and kong.

They are part of the domain, not of the display: the core's messages gloss
the hand-file spellings with them (``anci (暗呲)``) and files accept them as
aliases. How things are shown to people, in either language, is the io
vocabulary's business (``gangci_calc/io/show/labels.py``).
"""

from __future__ import annotations

from gangci_calc.core.rules.kongs import KongType
from gangci_calc.core.rules.outcomes import Win
from gangci_calc.core.rules.seats import Seat
from gangci_calc.words import Message, both
from gangci_calc.words.ui import WIN_EN

SEAT_ZH = "东南西北"  # indexed by Seat
WIN_ZH: dict[Win, str] = {
    Win.BOMB: "炸弹",
    Win.HEAVENLY: "天胡",
    Win.ANCI: "暗呲",
    Win.TIANCI: "天呲",
    Win.ZHICI: "直呲",
    Win.XUCI: "续呲",
    Win.DRAW: "流局",
    Win.DIANPAO: "点炮",
    Win.QIANGGANG: "抢杠",
}
KONG_ZH: dict[KongType, str] = {KongType.CONCEALED: "暗杠", KongType.EXPOSED: "明杠", KongType.ADDED: "续杠"}


def seat_word(seat: Seat) -> Message:
    """A seat in a message: ``南`` in Chinese, ``S`` in English."""
    return both(SEAT_ZH[seat], seat.name)


def win_word(win: Win) -> Message:
    """A win in a message, named once in each language: ``暗呲`` / ``concealed ci (anci)``; the file's key is
    left out where the English already says it (``bomb``, ``heavenly win``).

    >>> win_word(Win.BOMB).en, win_word(Win.HEAVENLY).en, win_word(Win.ANCI).en
    ('bomb', 'heavenly win', 'concealed ci (anci)')
    """
    en = WIN_EN[win.value]
    return both(WIN_ZH[win], en if win.value in en else f"{en} ({win.value})")


CLAIMS = tuple(win for win in Win if win is not Win.DRAW)  # what a referee is asked to check: every win


def claim_names() -> Message:
    """Every win a claim may name, as files spell them: ``炸弹 天胡 … 点炮 抢杠`` / ``bomb heavenly … qianggang``."""
    return both(" ".join(WIN_ZH[win] for win in CLAIMS), " ".join(win.value for win in CLAIMS))
