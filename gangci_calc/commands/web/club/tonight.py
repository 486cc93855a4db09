"""What the page's form and cards say of one person tonight: the 飘 and 跑 carried over from the last hand (as
the terminal offers them), and each person's own money (won, lost, paid, still owed), from the settled evening
and its ``paid:`` (core/evening/dues.py). Pure: no Starlette, no file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gangci_calc.core.rules.addons import PAO

if TYPE_CHECKING:
    from gangci_calc.core.rules import Amount
    from gangci_calc.io.load.load_session import SessionFile, SettledSession

CARRIED = ("piao", PAO)  # a player's standing choices: 抵 and 下杠 are made hand by hand


def carried_bets(session: SessionFile) -> dict[str, dict[str, int]]:
    """The last hand's 飘 and 跑 of each seat, where the table plays them now (飘 with 带政策, 跑 with 带跑): the next
    hand's form starts from them, as ``gangci session --add`` offers the last hand's add-ons."""
    if not session.hands:
        return {}
    rules = session.table_now.rules
    kept = [name for name in CARRIED if (rules.policy if name == "piao" else rules.house.pao is not None)]
    hand = session.hands[-1].loaded.hand
    found: dict[str, dict[str, int]] = {}
    for seat in hand.seats:
        given = {name: count for name in kept if (count := getattr(hand.bets[seat], name))}
        if given:
            found[seat.name] = given
    return found


def header_line(settled: SettledSession, lang: str) -> str:
    """The page's line under its title: the date, the stakes and 带政策, the house rules and 台费 the table plays
    now (the changes during the evening are in the chat text)."""
    from gangci_calc.io.show.render import rules_line, table_stakes_text

    rules = settled.session.table_now.rules
    parts = [settled.session.date or "", table_stakes_text(rules, lang), rules_line(rules, lang)]
    return " · ".join(part for part in parts if part)


def money_cards(settled: SettledSession, lang: str) -> list[dict[str, Any]]:
    """Each player's own money tonight: what the hands won him and lost him, the 台费 he paid, his standing, the
    payments recorded as made by him and to him (``paid:``), and what he still has to pay (or receive): the
    settle-up less those payments (core/evening/dues.py). The house (a fee's collector) has no card."""
    from gangci_calc.core.evening.ledger import FeeCollector, person_name
    from gangci_calc.io.show.labels import amount_text
    from gangci_calc.io.show.render_session import person_label

    won: dict[str, Amount] = {}
    lost: dict[str, Amount] = {}
    for h in settled.hands:
        names = h.hand.loaded.names
        for seat in h.hand.loaded.hand.seats:
            who = person_name(names.get(seat, seat))
            net = h.settlement.net[seat]
            if net > 0:
                won[who] = won.get(who, 0) + net
            elif net < 0:
                lost[who] = lost.get(who, 0) + net
    fees = settled.named_fees_paid
    owed = settled.dues().owed
    cards = []
    for person, total in settled.people:
        if isinstance(person, FeeCollector):
            continue
        who = person_name(person)
        paid_out = sum(t.amount for t in settled.session.paid if t.payer == who)
        paid_in = sum(t.amount for t in settled.session.paid if t.payee == who)
        still = owed.get(who, 0)
        fee_in = total - won.get(who, 0) - lost.get(who, 0) + fees.get(who, 0)  # a player who collects the 台费
        cards.append(
            {
                "name": who,
                "label": person_label(settled, person, lang),
                "won": amount_text(won.get(who, 0)),
                "lost": amount_text(-lost.get(who, 0)),
                "fee": amount_text(fees.get(who, 0)) if fees.get(who, 0) else "",
                "fee_in": amount_text(fee_in) if fee_in else "",
                "total": amount_text(total, signed=True),
                "up": total > 0,
                "down": total < 0,
                "paid_out": amount_text(paid_out) if paid_out else "",
                "paid_in": amount_text(paid_in) if paid_in else "",
                "owes": amount_text(still) if still > 0 else "",
                "owed": amount_text(-still) if still < 0 else "",
            }
        )
    return cards
