"""The table fee (台费): what the house, or the person named in ``to``, collects from the players.

Like the house options, each part of the fee is one field with its entry
(:mod:`.options`): key, Chinese names, values, effect and the code that
applies it. The fee is money out of the table, so it is kept apart from the
players' nets: a hand's :attr:`~.payments.Settlement.fees` say what each seat
paid it, and an evening's people count the collector as a payee of its own.

>>> Fee(per_win=50).on, NO_FEE.on
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from gangci_calc.core.rules.options import Option, check_all, option
from gangci_calc.core.rules.stakes import MAX_AMOUNT
from gangci_calc.words import Message as M

_AN_AMOUNT = M("0 (不收) / 金额", "0 (none) / an amount")


@dataclass(frozen=True, slots=True)
class Fee:
    """台费: the table fee of one table; the default is none."""

    per_win: int = option(  # 每胡: the winner of a hand pays it
        0,
        Option(
            names=("每胡", "赢家付"),
            amounts=range(MAX_AMOUNT + 1),
            values_note=_AN_AMOUNT,
            effect=M(
                "每局有人胡（流局不算），赢家付台费这么多。", "on every won hand (not a draw) the winner pays this."
            ),
            where="`core/rules/settle.py` `fee_payments`",
        ),
    )
    per_hand: int = option(  # 每局: every seat pays it, on every hand
        0,
        Option(
            names=("每局",),
            amounts=range(MAX_AMOUNT + 1),
            values_note=_AN_AMOUNT,
            effect=M("每一局（流局也算）四家各付这么多。", "on every hand, draws included, each seat pays this."),
            where="`core/rules/settle.py` `fee_payments`",
        ),
    )
    per_evening: int = option(  # 每晚: each person who played pays it once, at the settle-up
        0,
        Option(
            names=("每晚", "每场"),
            amounts=range(MAX_AMOUNT + 1),
            values_note=_AN_AMOUNT,
            effect=M(
                "结算时，这晚打过至少一局的每个人付这么多（按最后一局的台费算）。",
                "at the settle-up each person who played a hand pays this once (the fee of the last hand).",
            ),
            where="`core/evening/ledger.py` `people_totals`",
        ),
    )
    to: str = option(  # 收款: who collects it; "" is the house
        "",
        Option(
            names=("收款", "给"),
            values_note=M("台费 (默认) / 名字", "the house (default) / a name"),
            effect=M(
                "谁收台费: 默认记在“台费”名下；写桌上某人的名字，就记到他账上。",
                "who collects it: by default the house (台费); a player's name credits that player.",
            ),
            where="`core/evening/ledger.py` `people_totals`",
        ),
    )

    def __post_init__(self) -> None:
        check_all(self, "fee")

    @property
    def on(self) -> bool:
        """Whether anything is collected."""
        return bool(self.per_win or self.per_hand or self.per_evening)


NO_FEE = Fee()
