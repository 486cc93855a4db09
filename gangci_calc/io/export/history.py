"""``gangci history`` for machines: JSON (docs/file-format.md, "gangci history") and CSV."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gangci_calc.io.export.export import csv_text, exact_json
from gangci_calc.io.show.labels import amount_text, json_amount
from gangci_calc.rules import Win

if TYPE_CHECKING:
    from gangci_calc.club import ClubRecord


def history_json(record: ClubRecord, lang: str) -> str:
    """``{"evenings": [...], "people": [...], "fees": n}``."""
    data: dict[str, Any] = {
        "evenings": [
            {
                "file": e.file,
                "date": e.date,
                "hands": e.hands,
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
                "wins": dict(p.wins),
                "discards": p.discards,
                "best": json_amount(p.best) if p.best is not None else None,
                "worst": json_amount(p.worst) if p.worst is not None else None,
            }
            for p in record.people
        ],
        "fees": record.fees,
    }
    return exact_json(data)


def history_csv(record: ClubRecord, lang: str) -> str:
    """One row per person: name, evenings, hands, total, a column per win type, discards, best, worst."""
    kinds = [w.value for w in Win if w is not Win.DRAW]
    rows: list[list[Any]] = [["name", "evenings", "hands", "total", *kinds, "discards", "best", "worst"]]
    for p in record.people:
        best = amount_text(p.best) if p.best is not None else ""
        worst = amount_text(p.worst) if p.worst is not None else ""
        wins = [p.wins.get(kind, 0) for kind in kinds]
        rows.append([p.name, p.evenings, p.hands, amount_text(p.total), *wins, p.discards, best, worst])
    return csv_text(rows)
