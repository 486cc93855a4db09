"""One hand as a hand file's mapping: the one serializer of a :class:`~gangci_calc.core.rules.Hand`'s own fields.

The ledger writer (``io/ledger/ledger_write.py``) writes it as YAML, the exports (``io/export/export.py``) take
its ``win``, and the page (``commands/web/view.py``) fills its form from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gangci_calc.core.rules import SEATS, Hand, Seat
from gangci_calc.core.rules.addons import BET_NAMES


def hand_to_data(
    hand: Hand, *, dealer_overridden: bool = True, players: Mapping[Seat, str] | None = None
) -> dict[str, Any]:
    """The fields the hand needs, in the house order: ``players`` (where given), ``dealer`` (where it is not
    the rotation's), ``win``, ``ci``, ``bets`` (the counts set) and ``kongs``.

    >>> from gangci_calc.core.rules import SCHEMES, Outcome, TableRules, Win
    >>> hand = Hand(TableRules(SCHEMES[1]), Seat.E, Outcome(Win.ZHICI, Seat.W, Seat.S))
    >>> hand_to_data(hand, dealer_overridden=False)
    {'win': {'type': 'zhici', 'winner': 'W', 'from': 'S'}}
    """
    outcome = hand.outcome
    win: dict[str, Any] = {"type": outcome.win.value}
    if outcome.winner is not None:
        win["winner"] = outcome.winner.name
    if outcome.source is not None:
        win["from"] = outcome.source.name
    if outcome.bao is not None:  # said by hand (false too: it wins over the tiles left)
        win["bao"] = outcome.bao
    data: dict[str, Any] = {} if players is None else {"players": {seat.name: name for seat, name in players.items()}}
    if dealer_overridden:
        data["dealer"] = hand.dealer.name
    data["win"] = win
    if hand.ci is not None:
        from gangci_calc.core.tiles.notation import tile_text

        data["ci"] = tile_text(hand.ci)
    bets = {seat.name: counts for seat in SEATS if (counts := bets_data(hand, seat))}
    if bets:
        data["bets"] = bets
    if hand.kongs:
        data["kongs"] = [
            {"by": k.by.name, "type": k.type.value, **({"from": k.source.name} if k.source is not None else {})}
            for k in hand.kongs
        ]
    return data


def bets_data(hand: Hand, seat: Seat) -> dict[str, int]:
    """A seat's counts that are set (add-ons and 跑), by the core's names."""
    bets = hand.bets[seat]
    return {name: count for name in BET_NAMES if (count := getattr(bets, name))}
