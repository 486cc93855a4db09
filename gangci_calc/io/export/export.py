"""Machine-readable results: JSON objects and CSV rows (docs/file-format.md, "Results")."""

from __future__ import annotations

import json
import re
from enum import Enum
from typing import TYPE_CHECKING, Any

from gangci_calc.core.evening.ledger import HOUSE_NAME, FeeCollector, person_name
from gangci_calc.core.rules import SEATS, Amount, Charge, Hand, HouseRules, Payment, Seat, Settlement, Stakes
from gangci_calc.core.rules.addons import BET_NAMES
from gangci_calc.core.rules.options import entries
from gangci_calc.io.export.hand_data import hand_to_data
from gangci_calc.io.show.labels import amount_text, json_amount

if TYPE_CHECKING:
    from gangci_calc.core.tiles.claims import NextTileWin, TileClaim, Verdict
    from gangci_calc.core.tiles.notation import Tile
    from gangci_calc.io.load.load import LoadedHand
    from gangci_calc.io.load.load_session import SessionFile, SettledSession


def net_object(net: tuple[Amount, ...]) -> dict[str, int | float | str]:
    """``{"E": ..., "S": ..., "W": ..., "N": ...}`` with exact numbers."""
    return {seat.name: json_amount(net[seat]) for seat in SEATS}


def house_object(house: HouseRules) -> dict[str, Any]:
    """The house rules that differ from the seed's, as hand-file keys and values (``{}`` for none)."""
    return options_object(house)


def settlement_object(hand: Hand, settlement: Settlement, names: dict[Seat, str] | None = None) -> dict[str, Any]:
    """The ``gangci score --format json`` object."""
    return {
        "net": net_object(settlement.net),
        "payments": [payment_object(p, hand) for p in settlement.payments],
        **fee_object(hand, settlement),
        "win_part": net_object(settlement.part_net(kong=False)),
        "kong_part": net_object(settlement.part_net(kong=True)),
        "win": {**win_object(hand), **({"bao": True} if hand.bao else {})},
        "dealer": hand.dealer.name,
        "stakes": stakes_object(hand),
        "policy": hand.policy,
        "rules": house_object(hand.house),
        **({"mi": {s.name: hand.mi[s] for s in SEATS if hand.mi[s]}} if any(hand.mi) else {}),
        "players": {seat.name: name for seat, name in (names or {}).items()},
        "tiles_checked": settlement.tiles_checked,
        **({"tiles_left": hand.tiles_left} if hand.tiles_left is not None else {}),
        **({"bao_line": hand.bao_line} if hand.by_tiles_left else {}),
    }


def win_object(hand: Hand) -> dict[str, Any]:
    """A hand's win as the JSON outputs write it: ``type``, ``winner`` and ``from`` (null where it names none)."""
    win = hand_to_data(hand)["win"]
    return {"type": win["type"], "winner": win.get("winner"), "from": win.get("from")}


def payment_object(payment: Payment, hand: Hand, *, charges: bool = True) -> dict[str, Any]:
    """One payment, as every machine output writes it (score JSON, batch ``--payments``, the API):
    ``payer``, ``payee``, ``amount``, ``for`` (the win or the kong), ``role``, and with ``charges`` its formula's terms.
    """
    out: dict[str, Any] = {
        "payer": payment.payer.name,
        "payee": payment.payee.name if payment.payee is not None else (hand.rules.fee.to or HOUSE_NAME),
        "amount": json_amount(payment.amount),
        "for": payment.reason.value,
        "role": payment.role.value,
    }
    behalf = sorted({c.on_behalf for c in payment.charges if c.on_behalf is not None})
    if behalf:  # 包次: whose shares the discarder pays; 米: whose 米
        out["share_of"] = [seat.name for seat in behalf]
    if charges:
        out["charges"] = [charge_object(c) for c in payment.charges]
    return out


def charge_object(c: Charge) -> dict[str, Any]:
    """One term of a payment: ``base × k × multiplier``, with what raised or doubled it."""
    return {
        "part": c.part.value,
        "base": c.base,
        "k": json_amount(c.coefficient),
        "counts": [[name, count] for name, count in c.counts],
        "multiplier": c.multiplier,
        "amount": json_amount(c.amount),
        **({"kong": c.kong.value} if c.kong else {}),
        **({"doubled": [d.value for d in c.doublings]} if c.doublings else {}),
        **({"share_of": c.on_behalf.name} if c.on_behalf is not None else {}),
        **({"fee": c.fee} if c.fee else {}),
        **({"pao": c.pao, "pao_counts": [[seat.name, count] for seat, count in c.pao_counts]} if c.pao else {}),
    }


def payments_json(hand: Hand, settlement: Settlement) -> str:
    """Every payment of a hand, without its charges, as JSON text (batch's ``--payments``)."""
    return exact_json([payment_object(p, hand, charges=False) for p in settlement.payments])


def fee_object(hand: Hand, settlement: Settlement) -> dict[str, Any]:
    """``fee`` (the table's, as keys) and ``fees`` (what each seat paid it), where the table takes one."""
    fee = hand.rules.fee
    if not fee.on:
        return {}
    return {"fee": options_object(fee), "fees": net_object(settlement.fees)}


def options_object(options: object) -> dict[str, Any]:
    """The options that differ from their defaults, as file keys and values (``{}`` for none)."""
    return {
        e.key: value.value
        if isinstance(value, Enum)
        else options_object(value)
        if e.kind == "group" and value
        else value
        for e in entries(type(options))
        if (value := getattr(options, e.key)) != e.default
    }


def stakes_object(hand: Hand | Stakes) -> dict[str, int]:
    stakes = hand.stakes if isinstance(hand, Hand) else hand
    out = {"gang": stakes.gang, "bomb": stakes.bomb, "ci": stakes.ci}
    if stakes.dianpao is not None:
        out["dianpao"] = stakes.dianpao
    return out


def csv_text(rows: list[list[Any]], delimiter: str = ",") -> str:
    """Rows as CSV, or TSV with ``delimiter="\\t"`` (a cell with the delimiter, a quote or a newline is quoted)."""
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n", delimiter=delimiter)
    writer.writerows(rows)
    return buffer.getvalue()


def settlement_csv(
    hand: Hand, settlement: Settlement, names: dict[Seat, str] | None = None, delimiter: str = ","
) -> str:
    """One row per seat: seat, name, dealer, add-ons, win part, kong part, net, and the house rules."""
    win_part, kong_part = settlement.part_net(kong=False), settlement.part_net(kong=True)
    rules = rules_cell(hand.house)
    rows: list[list[Any]] = [["seat", "name", "dealer", *BET_NAMES, "win", "kongs", "net", "rules"]]
    for seat in hand.seats:
        bets = hand.bets[seat]
        rows.append(
            [
                seat.name,
                (names or {}).get(seat, ""),
                int(seat is hand.dealer),
                *(getattr(bets, name) for name in BET_NAMES),
                amount_text(win_part[seat]),
                amount_text(kong_part[seat]),
                amount_text(settlement.net[seat]),
                rules,
            ]
        )
    return csv_text(rows, delimiter)


def rules_cell(house: HouseRules) -> str:
    """The house rules not the seed's, for one CSV cell: ``baoci=true;zhici_split=even``."""
    return ";".join(f"{key}={str(value).lower()}" for key, value in house_object(house).items())


_EXACT = re.compile(r'"\\u0000(-?\d+\.5)\\u0000"')


def exact_json(data: object) -> str:
    """JSON text; a half too large for a float's exact digits is written as its exact decimal."""
    text = json.dumps(data, ensure_ascii=False)
    return _EXACT.sub(r"\1", text) if "\\u0000" in text else text


def score_json(loaded: LoadedHand, settlement: Settlement, lang: str, explain: bool) -> str:
    """``gangci score --format json``; with ``--explain`` the formulas too, as ``explain`` lines in ``lang``."""
    data = settlement_object(loaded.hand, settlement, loaded.names)
    if explain:
        from gangci_calc.io.show.explain import explain_lines

        data["explain"] = explain_lines(loaded.hand, settlement, lang, loaded.names)
    return exact_json(data)


def score_csv(loaded: LoadedHand, settlement: Settlement, lang: str, explain: bool) -> str:
    """``gangci score --format csv``: one row per seat (the formulas of ``--explain`` have no column here)."""
    return settlement_csv(loaded.hand, settlement, loaded.names)


def score_tsv(loaded: LoadedHand, settlement: Settlement, lang: str, explain: bool) -> str:
    """``gangci score --format tsv``: the CSV's rows, tab-separated, for a spreadsheet's paste."""
    return settlement_csv(loaded.hand, settlement, loaded.names, delimiter="\t")


def session_json(settled: SettledSession, lang: str) -> str:
    """``gangci session --format json``: every hand, the totals and the transfers."""
    names = settled.session.table.names
    hands = []
    for h in settled.hands:
        hand = h.hand.loaded.hand
        hands.append(
            {
                "number": h.hand.number,
                "dealer": hand.dealer.name,
                "dealer_overridden": h.hand.dealer_overridden,
                "win": win_object(hand),
                "net": net_object(h.settlement.net),
                "running": net_object(h.running),
                "line": h.hand.line,
                "stakes": stakes_object(hand),
                "policy": hand.policy,
                "rules": house_object(hand.house),
                "mi": {s.name: hand.mi[s] for s in SEATS if hand.mi[s]},
                **fee_object(hand, h.settlement),
                "players": {seat.name: name for seat, name in h.hand.loaded.names.items()},
            }
        )
    data: dict[str, Any] = {
        **({"date": settled.session.date} if settled.session.date else {}),
        "hands": hands,
        "rules": house_object(settled.session.table.rules.house),
        "totals": net_object(settled.totals),
        "people": [
            {
                "name": person_name(who),
                **({"house": True} if isinstance(who, FeeCollector) else {}),
                "total": json_amount(total),
            }
            for who, total in settled.people
        ],
        **({"fees": settled.fees} if settled.fees else {}),
        "transfers": [  # what is still to pay: the settle-up less the payments recorded (SettledSession.dues)
            {"from": t.payer, "to": t.payee, "amount": json_amount(t.amount)} for t in settled.dues().open
        ],
        **({"paid": paid_objects(settled)} if settled.session.paid else {}),
        "players": {seat.name: name for seat, name in names.items()},
        "next": next_object(settled.session),  # the same document as GET /api/evening's (its version aside)
    }
    return exact_json(data)


def paid_objects(settled: SettledSession) -> list[dict[str, Any]]:
    """The payments the ledger's ``paid:`` records: ``from``, ``to``, ``amount``, and ``at`` where it is known."""
    times = settled.session.paid_at or (None,) * len(settled.session.paid)
    return [
        {"from": t.payer, "to": t.payee, "amount": json_amount(t.amount), **({"at": at} if at else {})}
        for t, at in zip(settled.session.paid, times, strict=True)
    ]


def next_object(session: SessionFile) -> dict[str, Any]:
    """The hand the table enters next: its number, dealer, seating, stakes and rules, every change saved for it
    (``next:``) applied; ``pending``: the keys of that change, until a hand takes it over."""
    rules = session.table_now.rules
    mi = session.mi if rules.house.xiami else ()
    return {
        "number": len(session.hands) + 1,
        "dealer": session.next_dealer().name,
        "players": {seat.name: name for seat, name in session.table_now.names.items()},
        "stakes": stakes_object(rules.stakes),
        "policy": rules.policy,
        "rules": house_object(rules.house),
        **({"fee": options_object(rules.fee)} if rules.fee.on else {}),
        "mi": {s.name: count for s, count in zip(SEATS, mi, strict=False) if count},
        "pending": sorted(session.upcoming.given) if session.upcoming is not None else [],
    }


def _name(seat: Seat | None) -> str | None:
    return seat.name if seat is not None else None


def session_tsv(settled: SettledSession, lang: str) -> str:
    """``gangci session --format tsv``: the CSV's rows, tab-separated."""
    return session_csv(settled, lang, delimiter="\t")


def session_csv(settled: SettledSession, lang: str, delimiter: str = ",") -> str:
    """``gangci session --format csv``: one row per hand, then the totals."""
    rows: list[list[Any]] = [["hand", "dealer", "outcome", "winner", "from", "E", "S", "W", "N", "rules"]]
    for h in settled.hands:
        hand = h.hand.loaded.hand
        rows.append(
            [
                h.hand.number,
                hand.dealer.name,
                hand.outcome.win.value,
                _name(hand.outcome.winner) or "",
                _name(hand.outcome.source) or "",
                *(amount_text(a) for a in h.settlement.net),
                rules_cell(hand.house),
            ]
        )
    rows.append(["total", "", "", "", "", *(amount_text(a) for a in settled.totals), ""])
    return csv_text(rows, delimiter)


def check_json(verdict: Verdict, claim: TileClaim, lang: str, winner: Seat | None, names: dict[Seat, str]) -> str:
    """``gangci check --format json``: the verdict, the winner's seat and the players the file names."""
    data = verdict_object(verdict, lang)
    if winner is not None:
        data["winner"] = winner.name
    if names:
        data["players"] = {seat.name: name for seat, name in names.items()}
    return exact_json(data)


def waits_json(claim: TileClaim, waits: list[Tile], wins: list[NextTileWin], lang: str) -> str:
    """``gangci waits --format json``: the hand, its waits, and which next tile makes which win."""
    from gangci_calc.core.tiles.notation import tile_text, to_text

    return exact_json(
        {
            "hand": to_text(claim.hand),
            "ci": tile_text(claim.ci),
            "pungs": [tile_text(t) for t in claim.pungs],
            "kongs": [tile_text(t) for t in claim.kongs],
            "concealed_kongs": [tile_text(t) for t in claim.concealed_kongs],
            "waits": [tile_text(t) for t in waits],
            "ready_on_ci": claim.ci in waits,
            "wins": [
                {
                    "tile": tile_text(w.tile),
                    "drawn": w.drawn,
                    "win": w.verdict.win.value,
                    "kong": tile_text(w.verdict.kong) if w.verdict.kong is not None else None,
                }
                for w in wins
            ],
        }
    )


def verdict_object(verdict: Verdict, lang: str) -> dict[str, Any]:
    """The ``gangci check --format json`` object."""
    from gangci_calc.core.tiles.notation import tile_text

    return {
        "claim": verdict.win.value,
        "holds": verdict.holds,
        "reason": verdict.reason.text(lang),
        "kong": tile_text(verdict.kong) if verdict.kong is not None else None,
        "arrangement": [[kind, tile_text(t)] for kind, t in verdict.arrangement],
        "alternatives": [w.value for w in verdict.alternatives],
    }
