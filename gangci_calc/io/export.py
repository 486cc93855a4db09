"""Machine-readable results: JSON objects and CSV rows (docs/file-format.md, "Results")."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any

from gangci_calc.io.labels import json_amount
from gangci_calc.rules import SEATS, Amount, Hand, HouseRules, Seat, Settlement

if TYPE_CHECKING:
    from gangci_calc.tiles.claims import Verdict


def net_object(net: tuple[Amount, ...]) -> dict[str, int | float]:
    """``{"E": ..., "S": ..., "W": ..., "N": ...}`` with exact numbers."""
    return {seat.name: json_amount(net[seat]) for seat in SEATS}


def house_object(house: HouseRules) -> dict[str, Any]:
    """The house rules that differ from the seed's, as hand-file keys and values (``{}`` for none)."""
    return {key: value.value if isinstance(value, Enum) else value for key, value in house.changed()}


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
                        **({"doubled": [d.value for d in c.doublings]} if c.doublings else {}),
                        **({"share_of": c.on_behalf.name} if c.on_behalf is not None else {}),
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
            **({"bao": True} if outcome.bao else {}),
        },
        "dealer": hand.dealer.name,
        "stakes": stakes_object(hand),
        "policy": hand.policy,
        "rules": house_object(hand.house),
        **({"mi": {s.name: hand.mi[s] for s in SEATS if hand.mi[s]}} if any(hand.mi) else {}),
        "players": {seat.name: name for seat, name in (names or {}).items()},
    }


def stakes_object(hand: Hand) -> dict[str, int]:
    stakes = hand.stakes
    out = {"gang": stakes.gang, "bomb": stakes.bomb, "ci": stakes.ci}
    if stakes.dianpao is not None:
        out["dianpao"] = stakes.dianpao
    return out


def csv_text(rows: list[list[Any]]) -> str:
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerows(rows)
    return buffer.getvalue()


def settlement_csv(hand: Hand, settlement: Settlement, names: dict[Seat, str] | None = None) -> str:
    """One row per seat: seat, name, dealer, add-ons, win part, kong part, net, and the house rules."""
    win_part, kong_part = settlement.part_net(kong=False), settlement.part_net(kong=True)
    rules = rules_cell(hand.house)
    rows: list[list[Any]] = [["seat", "name", "dealer", "piao", "di", "gang", "win", "kongs", "net", "rules"]]
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
                rules,
            ]
        )
    return csv_text(rows)


def rules_cell(house: HouseRules) -> str:
    """The house rules not the seed's, for one CSV cell: ``baoci=true;zhici_split=even``."""
    return ";".join(f"{key}={str(value).lower()}" for key, value in house_object(house).items())


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
