"""Every payment as a formula in words and numbers, for referees (``--explain``)."""

from __future__ import annotations

from itertools import groupby

from gangci_calc.core.rules import Charge, Hand, KongType, Payment, Role, Seat, Settlement
from gangci_calc.core.rules.fee import Fee
from gangci_calc.core.rules.options import entry_of
from gangci_calc.io.show.labels import (
    amount_text,
    collector_label,
    doubling_label,
    kong_label,
    part_label,
    role_label,
    seat_label,
    win_label,
    word,
)


def charge_formula(charge: Charge, lang: str, names: dict[Seat, str] | None = None) -> str:
    """``杠呲底 6000 × 2 × (1 + 飘0 + 飘2) × 2 庄家翻倍 = 72000``; with 跑: ``炸弹底 2000, 跑 东1 南2: +300 = 2300``
    (the 跑 amount as the share carries it, doubled where it is)."""
    text = f"{part_label(charge.part, lang)} {charge.base}"
    if charge.k_halves != 2:  # k is 2 or ½ (or 暗杠倍数, or a count of 米)
        text += f" × {amount_text(charge.coefficient)}"
    if charge.counts:
        terms = " + ".join(
            word("count_of", lang).format(name=word(name, lang), count=count) for name, count in charge.counts
        )
        text += f" × (1 + {terms})"
    for doubling in charge.doublings:
        text += f" × 2 {doubling_label(doubling, lang)}"
    if charge.pao:
        seats = " ".join(f"{seat_label(seat, lang, names)}{count}" for seat, count in charge.pao_counts if count)
        text += f"{word('pao_sep', lang)}{word('pao', lang)} {seats}: +{charge.pao}"
    return f"{text} = {amount_text(charge.amount)}"


def _what(payment: Payment, charge: Charge, lang: str, names: dict[Seat, str] | None) -> str:
    if isinstance(payment.reason, KongType):
        return kong_label(payment.reason, lang)
    what = win_label(payment.reason, lang)
    if charge.kong is not None:  # the winning kong's 杠底
        return f"{what} {kong_label(charge.kong, lang)}"
    if payment.role is Role.MI:
        return role_label(Role.MI, lang)
    if payment.role is Role.FEE:  # which part of the fee: 每胡 / per_win
        return entry_of(Fee, charge.fee).names[0] if lang == "zh" else charge.fee
    role = role_label(payment.role, lang) if payment.role is not Role.LOSER else ""
    if charge.on_behalf is not None:  # 包次: another payer's share
        role += " " + word("share_of", lang).format(seat=seat_label(charge.on_behalf, lang, names))
    return f"{what} {role}".strip()


def mark_line(hand: Hand, lang: str) -> str:
    """``包次: 剩牌 9 张 ≤ 包次线 9 (10 − 1 个明杠/续杠)``: how the tiles left decided 包次, when they did."""
    if not hand.by_tiles_left:
        return ""
    key = "bao_by_mark" if hand.bao else "no_bao_below_zero" if hand.bao_line < 0 else "no_bao_by_mark"
    text = word(key, lang).format(left=hand.tiles_left, line=hand.bao_line)
    if not hand.house.bao_kongs:  # 包次线固定: the mark is the line
        return text + (word("mark_fixed", lang) if hand.kongs else "")
    concealed = sum(kong.type is KongType.CONCEALED for kong in hand.kongs)
    other = len(hand.kongs) - concealed
    if hand.kongs:
        steps = word("mark_concealed", lang).format(n=concealed) if concealed else ""
        steps += word("mark_open", lang).format(n=other) if other else ""
        text += f" ({hand.house.bao_mark}{steps})"
    return text


def explain_lines(hand: Hand, settlement: Settlement, lang: str, names: dict[Seat, str] | None = None) -> list[str]:
    """One line per charge, then each payment's total where it has several charges.

    A hand that pays nothing (a 流局) says so, and whether its kongs were void.
    """
    lines = [mark] if (mark := mark_line(hand, lang)) else []
    if all(payment.payee is None for payment in settlement.payments):  # nothing between seats: a 流局
        lines.append(word("draw_nobody_pays", lang) + (word("kongs_void", lang) if hand.kongs else ""))
    # one total per payer for the win: under 包次 his own share and those he covers are one group
    for (payer, payee, _), group in groupby(settlement.payments, key=lambda p: (p.payer, p.payee, p.reason)):
        payments = list(group)
        shown = collector_label(hand.rules.fee, lang) if payee is None else seat_label(payee, lang, names)
        route = f"{seat_label(payer, lang, names)} → {shown}"
        charges = [(payment, charge) for payment in payments for charge in payment.charges]
        for payment, charge in charges:
            lines.append(f"{route}  {_what(payment, charge, lang, names)}: {charge_formula(charge, lang, names)}")
        if len(charges) > 1:
            total = sum(payment.amount for payment in payments)
            lines.append(f"{route}  {word('total_lower', lang)} {amount_text(total)}")
    return lines
