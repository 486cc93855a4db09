"""``gangci history`` for people: the record as a Rich table, as chat text, as Markdown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangci_calc.io.show.labels import amount_text, win_label, word
from gangci_calc.rules import Amount, Win

if TYPE_CHECKING:
    from rich.text import Text

    from gangci_calc.club import ClubRecord, PersonRecord


def wins_text(wins: dict[str, int], lang: str) -> str:
    """``炸弹2 暗呲1`` / ``bomb 2, concealed ci 1``, in the order of the rule book."""
    parts = [(win_label(w, lang), wins[w.value]) for w in Win if w.value in wins]
    if lang == "zh":
        return " ".join(f"{label}{count}" for label, count in parts)
    return ", ".join(f"{label} {count}" for label, count in parts)


def _signed(amount: Amount | None) -> str:
    return "" if amount is None else amount_text(amount, signed=True)


def person_cells(p: PersonRecord, lang: str) -> list[str]:
    """One person's row: name, evenings, hands, total, wins, discards, best, worst."""
    return [
        p.name,
        str(p.evenings),
        str(p.hands),
        _signed(p.total),
        wins_text(p.wins, lang),
        str(p.discards),
        _signed(p.best),
        _signed(p.worst),
    ]


def head(lang: str) -> list[str]:
    names = ("player", "evenings", "hands_played", "total", "wins_by_type", "discards", "best_hand", "worst_hand")
    return [word(name, lang) for name in names]


def evening_cells(record: ClubRecord, index: int, lang: str) -> list[str]:
    """One evening's row: date, file, hands, and who won most that night."""
    evening = record.evenings[index]
    best = max(evening.people.items(), key=lambda item: item[1], default=None)
    top = f"{best[0]} {amount_text(best[1], signed=True)}" if best is not None and best[1] > 0 else ""
    return [evening.date or "", evening.file, str(evening.hands), top]


def history_table(record: ClubRecord, lang: str) -> str:
    """``gangci history``'s ``table`` format: the people, best total first, then the evenings."""
    from rich.table import Table

    from gangci_calc.io.show.console import capture
    from gangci_calc.io.show.render import money

    people = Table(title=word("club_record", lang), title_style="bold")
    for index, title in enumerate(head(lang)):
        people.add_column(title, justify="left" if index in (0, 4) else "right")
    for p in record.people:
        cells = person_cells(p, lang)
        people.add_row(cells[0], cells[1], cells[2], money(p.total), *cells[4:])
    evenings = Table(title=word("evenings", lang), title_style="bold")
    for title in (word("date", lang), word("file", lang), word("hands_played", lang), word("top", lang)):
        evenings.add_column(title)
    for index in range(len(record.evenings)):
        evenings.add_row(*evening_cells(record, index, lang))
    footer = [word("fees_taken", lang).format(fees=record.fees)] if record.fees else []
    if not record.evenings:
        return capture(word("no_evenings", lang))
    shown = capture(people, evenings, *footer)
    if "…" in shown:  # a phone: a cell was cut, so a block per person instead, every amount whole
        return capture(stacked_history(record, lang), *footer)
    return shown


def stacked_history(record: ClubRecord, lang: str) -> Text:
    """The record for a narrow screen: a few short lines per person, then a line or two per evening."""
    from rich.text import Text

    from gangci_calc.io.show.render import money

    labels = head(lang)
    text = Text(word("club_record", lang) + "\n", style="bold")
    for place, p in enumerate(record.people, 1):
        name, evenings, hands, _, wins, discards, best, worst = person_cells(p, lang)
        text.append(f"{place}. {name} ", style="bold")
        text.append_text(money(p.total))
        text.append(f"\n   {labels[1]} {evenings} · {labels[2]} {hands} · {labels[5]} {discards}\n")
        if wins:
            text.append(f"   {wins}\n")
        text.append(f"   {labels[6]} {best} · {labels[7]} {worst}\n", style="dim")
    text.append("\n" + word("evenings", lang) + "\n", style="bold")
    for index in range(len(record.evenings)):
        date, file, hands, top = evening_cells(record, index, lang)
        text.append(f"{date} · {labels[2]} {hands}" + (f" · {top}" if top else "") + f"\n   {file}\n")
    return text


def history_text(record: ClubRecord, lang: str) -> str:
    """``--format text``: a line per person, then a line per evening, for the group chat."""
    lines = [word("club_record", lang)]
    for place, p in enumerate(record.people, 1):
        name, evenings, hands, total, wins, discards, best, worst = person_cells(p, lang)
        labels = head(lang)
        lines.append(
            f"{place}. {name}: {total} · {labels[1]} {evenings} · {labels[2]} {hands}"
            + (f" · {wins}" if wins else "")
            + f" · {labels[5]} {discards} · {labels[6]} {best} · {labels[7]} {worst}"
        )
    lines += ["", word("evenings", lang)]
    lines += [" · ".join(cell for cell in evening_cells(record, i, lang) if cell) for i in range(len(record.evenings))]
    if record.fees:
        lines += ["", word("fees_taken", lang).format(fees=record.fees)]
    return "\n".join(lines)


def history_markdown(record: ClubRecord, lang: str) -> str:
    """``--format markdown``: the people and the evenings as Markdown tables."""
    lines = [f"**{word('club_record', lang)}**", "", "| " + " | ".join(head(lang)) + " |"]
    lines.append("|---|--:|--:|--:|---|--:|--:|--:|")
    lines += ["| " + " | ".join(person_cells(p, lang)) + " |" for p in record.people]
    titles = (word("date", lang), word("file", lang), word("hands_played", lang), word("top", lang))
    lines += ["", f"**{word('evenings', lang)}**", "", "| " + " | ".join(titles) + " |", "|---|---|--:|---|"]
    lines += ["| " + " | ".join(evening_cells(record, i, lang)) + " |" for i in range(len(record.evenings))]
    if record.fees:
        lines += ["", word("fees_taken", lang).format(fees=record.fees)]
    return "\n".join(lines)
