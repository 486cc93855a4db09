"""Add-ons (加番, "带政策"): 飘 piao, 抵 di and 杠 gang, each 0–3 per player.

For one payment from payer L to payee R the two sides' counts add up:

- 炸弹底 / 杠呲底 parts: ``1 + piao[R] + piao[L] + di(R, L)``, where ``di`` only
  counts between a player and the dealer (庄家);
- 杠底 parts: ``1 + gang[R] + gang[L]``.

跑 (``pao``, house rule 带跑) is a bet of the same kind, set per seat before the hand, but not an add-on: it is
allowed whatever 带政策 says, and adds ``(pao[L] + pao[R]) × unit`` to a share instead of raising its factor.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

MAX_COUNT = 3  # 飘/抵/杠 each go up to three (最高9番 in all)


@dataclass(frozen=True, slots=True)
class Bets:
    """One player's add-ons for a hand."""

    piao: int = 0  # 飘: raises the 炸弹底 / 杠呲底 parts against anyone
    di: int = 0  # 抵: raises them against the dealer only
    gang: int = 0  # 下杠: raises the 杠底 parts
    pao: int = 0  # 跑: 0–3, a flat amount per count on every share (house rule 带跑), with or without 带政策


NO_BETS = Bets()
BET_NAMES = tuple(f.name for f in fields(Bets))  # ("piao", "di", "gang", "pao"): every count a seat sets, in order
ADDONS = BET_NAMES[:3]  # ("piao", "di", "gang"): the add-ons (加番), which need 带政策
PAO = "pao"  # 跑: the bet that needs the house rule 带跑 instead
