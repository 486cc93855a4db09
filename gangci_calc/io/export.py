"""Machine-readable results: JSON objects and CSV rows (the hand-format.md contract)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gangci_calc.io.labels import json_amount
from gangci_calc.rules import SEATS, Amount, Hand, Seat, Settlement

if TYPE_CHECKING:
    from gangci_calc.tiles.claims import Verdict


def net_object(net: tuple[Amount, ...]) -> dict[str, int | float]:
    """``{"E": ..., "S": ..., "W": ..., "N": ...}`` with exact numbers."""
    return {seat.name: json_amount(net[seat]) for seat in SEATS}


def settlement_object(hand: Hand, settlement: Settlement, names: dict[Seat, str] | None = None) -> dict[str, Any]:
    """The ``gangci score --format json`` object."""
    outcome = hand.outcome
    return {
        "net": net_object(settlement.net),
        "payments": [
            {
                "payer": p.payer.name,
                "payee": p.payee.name,
                "amount": json_amount(p.amount),
                "for": p.reason.value,
                "role": p.role.value,
                "charges": [
                    {
                        "part": c.part.value,
                        "base": c.base,
                        "k": json_amount(c.coefficient),
                        "counts": [[name, count] for name, count in c.counts],
                        "multiplier": c.multiplier,
                        "amount": json_amount(c.amount),
                        **({"kong": c.kong.value} if c.kong else {}),
                    }
                    for c in p.charges
                ],
            }
            for p in settlement.payments
        ],
        "win_part": net_object(settlement.part_net(kong=False)),
        "kong_part": net_object(settlement.part_net(kong=True)),
        "win": {
            "type": outcome.win.value,
            "winner": outcome.winner.name if outcome.winner is not None else None,
            "from": outcome.source.name if outcome.source is not None else None,
        },
        "dealer": hand.dealer.name,
        "stakes": {"gang": hand.stakes.gang, "bomb": hand.stakes.bomb, "ci": hand.stakes.ci},
        "policy": hand.policy,
        "players": {seat.name: name for seat, name in (names or {}).items()},
    }


def csv_text(rows: list[list[Any]]) -> str:
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerows(rows)
    return buffer.getvalue()


def settlement_csv(hand: Hand, settlement: Settlement, names: dict[Seat, str] | None = None) -> str:
    """One row per seat: seat, name, dealer, add-ons, win part, kong part, net."""
    win_part, kong_part = settlement.part_net(kong=False), settlement.part_net(kong=True)
    rows: list[list[Any]] = [["seat", "name", "dealer", "piao", "di", "gang", "win", "kongs", "net"]]
    for seat in SEATS:
        bets = hand.bets[seat]
        rows.append(
            [
                seat.name,
                (names or {}).get(seat, ""),
                int(seat is hand.dealer),
                bets.piao,
                bets.di,
                bets.gang,
                json_amount(win_part[seat]),
                json_amount(kong_part[seat]),
                json_amount(settlement.net[seat]),
            ]
        )
    return csv_text(rows)


def verdict_object(verdict: Verdict) -> dict[str, Any]:
    """The ``gangci check --format json`` object."""
    from gangci_calc.tiles.notation import tile_text

    return {
        "claim": verdict.win.value,
        "holds": verdict.holds,
        "reason": verdict.reason,
        "kong": tile_text(verdict.kong) if verdict.kong is not None else None,
        "arrangement": [[kind, tile_text(t)] for kind, t in verdict.arrangement],
        "alternatives": [w.value for w in verdict.alternatives],
    }
