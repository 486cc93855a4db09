"""``gangci history`` for people: the record as a Rich table, as chat text, as Markdown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gangci_calc.core.rules import Amount, Win
from gangci_calc.io.show.labels import amount_text, win_label, word
from gangci_calc.io.show.season import matrix_rows, open_lines, rate_text, season_notes

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text

    from gangci_calc.core.evening.club import ClubRecord, PersonRecord


def wins_text(wins: dict[str, int], lang: str) -> str:
    """``炸弹2 暗呲1`` / ``bomb 2, concealed ci 1``, in the order of the rule book."""
    parts = [(win_label(w, lang), wins[w.value]) for w in Win if w.value in wins]
    if lang == "zh":
        return " ".join(f"{label}{count}" for label, count in parts)
    return ", ".join(f"{label} {count}" for label, count in parts)


def _signed(amount: Amount | None) -> str:
    return "" if amount is None else amount_text(amount, signed=True)


def person_cells(p: PersonRecord, lang: str) -> list[str]:
    """One person's row: name, evenings, hands, total, fees, owed, win rate, wins, discards, fed, best, worst."""
    return [
        p.name,
        str(p.evenings),
        str(p.hands),
        _signed(p.total),
        amount_text(p.fees),
        amount_text(p.owed),
        rate_text(p),
        wins_text(p.wins, lang),
        str(p.discards),
        str(p.fed),
        _signed(p.best),
        _signed(p.worst),
    ]


HEAD = (
    "player",
    "evenings",
    "hands_played",
    "total",
    "fees_paid",
    "owed",
    "win_rate",
    "wins_by_type",
    "discards",
    "fed",
    "best_hand",
    "worst_hand",
)
STANDING, PLAY = range(7), (0, *range(7, 12))  # the table's two tables: the money, then the play


def head(lang: str) -> list[str]:
    return [word(name, lang) for name in HEAD]


def evening_cells(record: ClubRecord, index: int, lang: str) -> list[str]:
    """One evening's row: date, file, hands, 流局, and who won most that night."""
    evening = record.evenings[index]
    best = max(evening.people.items(), key=lambda item: item[1], default=None)
    top = f"{best[0]} {amount_text(best[1], signed=True)}" if best is not None and best[1] > 0 else ""
    return [evening.date or "", evening.file, str(evening.hands), str(evening.draws), top]


def evening_head(lang: str) -> list[str]:
    return [word(name, lang) for name in ("date", "file", "hands_played", "draws", "top")]


_EVENING_TABLE = (0, 1, 2, 4)  # the table format's evenings: the 流局 are in the table of amounts beside them


def history_table(record: ClubRecord, lang: str) -> str:
    """``gangci history``'s ``table`` format: the people (their money, then their play), the evenings, each
    evening's amounts per person, the transfers still open; at phone width, blocks instead."""
    from gangci_calc.io.show.console import capture

    if not record.evenings:
        return capture(word("no_evenings", lang))
    tables = [
        _people_table(record, word("club_record", lang), STANDING, lang),
        _people_table(record, word("wins_by_type", lang), PLAY, lang),
    ]
    tail = [word("open_transfers", lang), *open_lines(record, lang), "", *season_notes(record, lang)]
    shown = capture(*tables, _evenings_table(record, lang), _matrix_table(record, lang), *tail)
    if "…" in shown:  # a phone: a cell was cut, so a block per person instead, every amount whole
        return capture(stacked_history(record, lang), *tail)
    return shown


def _people_table(record: ClubRecord, title: str, columns: Sequence[int], lang: str) -> Table:
    """A row per person, of the ``columns`` of :func:`head` (their total in colour)."""
    from rich.table import Table

    from gangci_calc.io.show.render import money

    titles = head(lang)
    table = Table(title=title, title_style="bold")
    for index in columns:
        table.add_column(titles[index], justify="left" if index in (0, 7) else "right")
    for p in record.people:
        cells: list[Any] = list(person_cells(p, lang))
        cells[3] = money(p.total)
        table.add_row(*(cells[index] for index in columns))
    return table


def _evenings_table(record: ClubRecord, lang: str) -> Table:
    from rich.table import Table

    evenings = Table(title=word("evenings", lang), title_style="bold")
    for index in _EVENING_TABLE:
        evenings.add_column(evening_head(lang)[index])
    for index in range(len(record.evenings)):
        evenings.add_row(*(evening_cells(record, index, lang)[i] for i in _EVENING_TABLE))
    return evenings


def _matrix_table(record: ClubRecord, lang: str) -> Table:
    """Each evening's amounts per person (and its draws)."""
    from rich.table import Table

    matrix = Table(title=word("per_evening", lang), title_style="bold")
    for n, title in enumerate([word("date", lang), word("draws", lang), *(p.name for p in record.people)]):
        matrix.add_column(title, justify="left" if n == 0 else "right")
    for evening, row in zip(record.evenings, matrix_rows(record), strict=True):
        matrix.add_row(row[0], str(evening.draws), *row[1:])
    return matrix


def stacked_history(record: ClubRecord, lang: str) -> Text:
    """The record for a narrow screen: a few short lines per person, then a few per evening (each person's
    amount that night among them)."""
    from rich.text import Text

    from gangci_calc.io.show.render import money

    labels = head(lang)
    text = Text(word("club_record", lang) + "\n", style="bold")
    for place, p in enumerate(record.people, 1):
        name, evenings, hands, _, fees, owed, rate, wins, discards, fed, best, worst = person_cells(p, lang)
        text.append(f"{place}. {name} ", style="bold")
        text.append_text(money(p.total))
        text.append(f"\n   {labels[1]} {evenings} · {labels[2]} {hands} · {labels[6]} {rate or '-'}\n")
        text.append(f"   {labels[4]} {fees} · {labels[5]} {owed}\n")
        if wins:
            text.append(f"   {wins}\n")
        text.append(f"   {labels[8]} {discards} · {labels[9]} {fed}\n")
        text.append(f"   {labels[10]} {best} · {labels[11]} {worst}\n", style="dim")
    text.append("\n" + word("evenings", lang) + "\n", style="bold")
    heads = evening_head(lang)
    for index, row in enumerate(matrix_rows(record)):
        date, file, hands, draws, top = evening_cells(record, index, lang)
        text.append(f"{date} · {heads[2]} {hands} · {heads[3]} {draws}" + (f" · {top}" if top else "") + "\n")
        text.append(f"   {file}\n")
        text.append("".join(f"   {p.name} {cell}\n" for p, cell in zip(record.people, row[1:], strict=True) if cell))
    return text


def history_text(record: ClubRecord, lang: str) -> str:
    """``--format text``: a line per person, a line per evening (with each person's amount), what is still open."""
    labels = head(lang)
    lines = [word("club_record", lang)]
    lines += [_person_line(place, p, labels, lang) for place, p in enumerate(record.people, 1)]
    lines += ["", word("evenings", lang)]
    for index, row in enumerate(matrix_rows(record)):
        lines += _evening_lines(record, index, row, lang)
    lines += ["", word("open_transfers", lang), *open_lines(record, lang), "", *season_notes(record, lang)]
    return "\n".join(lines)


def _person_line(place: int, p: PersonRecord, labels: list[str], lang: str) -> str:
    """``1. 老王: +1200 · 场次 3 · ...``: a person's place, name, total, and each figure that is not blank."""
    cells = person_cells(p, lang)
    parts = [f"{labels[i]} {cells[i]}" if i != 7 else cells[i] for i in (1, 2, 4, 5, 6, 7, 8, 9, 10, 11)]
    return f"{place}. {cells[0]}: {cells[3]} · " + " · ".join(part for part in parts if part.strip())


def _evening_lines(record: ClubRecord, index: int, row: list[str], lang: str) -> list[str]:
    """An evening's date, file and hands, its draws; then each person's amount that evening."""
    played = [f"{p.name} {cell}" for p, cell in zip(record.people, row[1:], strict=True) if cell]
    cells = evening_cells(record, index, lang)
    said = " · ".join(cell for cell in cells[:3] if cell) + f" · {word('draws', lang)} {cells[3]}"
    return [said, "   " + " · ".join(played)]


def history_markdown(record: ClubRecord, lang: str) -> str:
    """``--format markdown``: the people, the evenings, each evening's amounts per person, what is still open."""
    lines = [f"**{word('club_record', lang)}**", "", "| " + " | ".join(head(lang)) + " |"]
    lines.append("|---|--:|--:|--:|--:|--:|--:|---|--:|--:|--:|--:|")
    lines += ["| " + " | ".join(person_cells(p, lang)) + " |" for p in record.people]
    lines += ["", f"**{word('evenings', lang)}**", "", "| " + " | ".join(evening_head(lang)) + " |"]
    lines.append("|---|---|--:|--:|---|")
    lines += ["| " + " | ".join(evening_cells(record, i, lang)) + " |" for i in range(len(record.evenings))]
    names = [p.name for p in record.people]
    lines += ["", f"**{word('per_evening', lang)}**", "", "| " + " | ".join([word("date", lang), *names]) + " |"]
    lines.append("|---|" + "--:|" * len(names))
    lines += ["| " + " | ".join(row) + " |" for row in matrix_rows(record)]
    lines += ["", f"**{word('open_transfers', lang)}**", "", *(f"- {line}" for line in open_lines(record, lang))]
    return "\n".join([*lines, "", *season_notes(record, lang)])
