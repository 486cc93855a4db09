"""``gangci history`` for machines: JSON (docs/file-format.md, "gangci history") and CSV."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gangci_calc.core.rules import Stakes, Win
from gangci_calc.io.export.export import csv_text, exact_json
from gangci_calc.io.show.labels import amount_text, json_amount

if TYPE_CHECKING:
    from gangci_calc.core.evening.club import ClubRecord, PersonRecord


def history_json(record: ClubRecord, lang: str) -> str:
    """``{"evenings": [...], "people": [...], "fees": n, "draws": n, "open": [...]}``."""
    data: dict[str, Any] = {
        "evenings": [
            {
                "file": e.file,
                "date": e.date,
                "hands": e.hands,
                "draws": e.draws,
                "stakes": [stakes_object(stakes) for stakes in e.stakes],
                "people": {name: json_amount(total) for name, total in e.people.items()},
            }
            for e in record.evenings
        ],
        "people": [
            {
                "name": p.name,
                "evenings": p.evenings,
                "hands": p.hands,
                "total": json_amount(p.total),
                "fees": json_amount(p.fees),
                "owed": json_amount(p.owed),
                "wins": dict(p.wins),
                "won": p.won,
                "win_rate": round(float(p.win_rate), 4) if p.win_rate is not None else None,
                "discards": p.discards,
                "fed": p.fed,
                "best": json_amount(p.best) if p.best is not None else None,
                "worst": json_amount(p.worst) if p.worst is not None else None,
            }
            for p in record.people
        ],
        "fees": record.fees,
        "draws": record.draws,
        "stakes_differ": len(record.stakes) > 1,
        "open": [
            {
                "file": t.file,
                "date": t.date,
                "from": t.transfer.payer,
                "to": t.transfer.payee,
                "amount": json_amount(t.transfer.amount),
            }
            for t in record.open
        ],
    }
    return exact_json(data)


def stakes_object(stakes: Stakes) -> dict[str, int]:
    """``{"gang", "bomb", "ci"}`` and ``dianpao`` where the table has it."""
    shown = {"gang": stakes.gang, "bomb": stakes.bomb, "ci": stakes.ci}
    return {**shown, "dianpao": stakes.dianpao} if stakes.dianpao else shown


def history_csv(record: ClubRecord, lang: str) -> str:
    """One row per person: name, evenings, hands, total, fees, owed, a column per win type, won, win rate,
    discards, fed, best, worst, what they still pay (``payee amount date``, ``;`` between), then their total on each
    evening (the column named by its date; empty where they did not play)."""
    kinds = [w.value for w in Win if w is not Win.DRAW]
    dates = [e.date for e in record.evenings]
    nights = [e.date if e.date and dates.count(e.date) == 1 else e.file for e in record.evenings]  # unique names
    head = ["name", "evenings", "hands", "total", "fees", "owed", *kinds, "won", "win_rate", "discards", "fed"]
    rows: list[list[Any]] = [[*head, "best", "worst", "pays", *nights]]
    rows += [_person_row(record, p, kinds) for p in record.people]
    return csv_text(rows)


def _person_row(record: ClubRecord, p: PersonRecord, kinds: list[str]) -> list[Any]:
    """One person's row of :func:`history_csv`."""
    best = amount_text(p.best) if p.best is not None else ""
    worst = amount_text(p.worst) if p.worst is not None else ""
    wins = [p.wins.get(kind, 0) for kind in kinds]
    rate = f"{float(p.win_rate):.4f}" if p.win_rate is not None else ""
    pays = "; ".join(
        f"{t.transfer.payee} {amount_text(t.transfer.amount)} {t.date or t.file}"
        for t in record.open
        if t.transfer.payer == p.name
    )
    money = [amount_text(p.total), amount_text(p.fees), amount_text(p.owed)]
    nightly = [amount_text(e.people[p.name]) if p.name in e.people else "" for e in record.evenings]
    return [p.name, p.evenings, p.hands, *money, *wins, p.won, rate, p.discards, p.fed, best, worst, pays, *nightly]
