"""Add-ons (加番, "带政策"): 飘 piao, 抵 di and 杠 gang, each 0–3 per player.

For one payment from payer L to payee R the two sides' counts add up:

- 炸弹底 / 杠呲底 parts: ``1 + piao[R] + piao[L] + di(R, L)``, where ``di`` only
  counts between a player and the dealer (庄家);
- 杠底 parts: ``1 + gang[R] + gang[L]``.
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


NO_BETS = Bets()
ADDONS = tuple(f.name for f in fields(Bets))  # ("piao", "di", "gang"): the add-ons' names, in order
