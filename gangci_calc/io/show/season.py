"""The season's words, shared by every format of ``gangci history`` for people (table, text, Markdown) and the page:
each evening's amounts per person, the transfers still open, and the notes (fees, 流局, stakes that differ)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from gangci_calc.core.errors import file_text
from gangci_calc.io.show.labels import amount_text, word

if TYPE_CHECKING:
    from gangci_calc.core.evening.club import ClubRecord, OpenTransfer, PersonRecord
    from gangci_calc.core.evening.transfers import Transfer
    from gangci_calc.core.rules import Stakes
    from gangci_calc.io.load.load_session import SettledSession


def rate_text(person: PersonRecord) -> str:
    """Wins over hands played, as a whole percentage (``25%``); empty before any hand."""
    rate = person.win_rate
    return "" if rate is None else f"{round(rate * 100)}%"


def evening_label(record: ClubRecord, index: int) -> str:
    """An evening as the season's table names it: its date (its number where it has none)."""
    return record.evenings[index].date or str(index + 1)


def matrix_rows(record: ClubRecord) -> list[list[str]]:
    """A row per evening: its date, then each person's total that night (in the standings' order; empty: absent)."""
    rows = []
    for index, evening in enumerate(record.evenings):
        cells = [
            amount_text(evening.people[p.name], signed=True) if p.name in evening.people else "" for p in record.people
        ]
        rows.append([evening_label(record, index), *cells])
    return rows


def open_line(transfer: OpenTransfer, lang: str) -> str:
    """``2026-11-10 · 小李 付给 张姐 3700``."""
    t = transfer.transfer
    when = transfer.date or transfer.file
    return f"{when} · {t.payer} {word('pays', lang)} {t.payee} {amount_text(t.amount)}"


def open_lines(record: ClubRecord, lang: str) -> list[str]:
    """The transfers still open, oldest evening first; one line saying all is paid where none is."""
    return [open_line(t, lang) for t in record.open] or [word("all_paid", lang)]


def stakes_words(stakes: Stakes, lang: str) -> str:
    text = word("stakes_line", lang).format(gang=stakes.gang, bomb=stakes.bomb, ci=stakes.ci)
    return text + (word("stakes_dianpao", lang).format(dianpao=stakes.dianpao) if stakes.dianpao else "")


def season_notes(record: ClubRecord, lang: str) -> list[str]:
    """What the fee took, the 流局, and a note where the evenings were played at different stakes."""
    notes = [word("fees_taken", lang).format(fees=record.fees)] if record.fees else []
    notes.append(word("draws_count", lang).format(n=record.draws))
    if len(record.stakes) > 1:
        shown = "; ".join(stakes_words(stakes, lang) for stakes in record.stakes)
        notes.append(word("mixed_stakes", lang).format(stakes=shown))
    return notes


def paid_ask(transfer: Transfer[str], lang: str, *, back: bool = False) -> str:
    """What a 已付 button asks before it records (``老王 已付 小李 2410？``), or a 撤回 button before it takes back."""
    from gangci_calc.words.season import SEASON

    key = "unpaid_ask" if back else "paid_ask"
    return (
        SEASON[key].text(lang).format(payer=transfer.payer, payee=transfer.payee, amount=amount_text(transfer.amount))
    )


def paid_data(file: str, transfer: Transfer[str]) -> str:
    """What a 已付 button sends (``POST /api/paid``): ``{"file", "from", "to", "amount"}``, the amount as text."""
    data = {
        "file": file_text(file),
        "from": transfer.payer,
        "to": transfer.payee,
        "amount": amount_text(transfer.amount),
    }
    return json.dumps(data, ensure_ascii=False)


def tonight_paid_data(settled: SettledSession, lang: str) -> list[tuple[str, str, bool]]:
    """For each line of the settle-up (:func:`~gangci_calc.io.show.render_session.settle_lines`: the transfers still
    open, then the payments recorded), what its button sends, what it asks first, and whether it takes back."""
    source = settled.session.source
    still = [(paid_data(source, t), paid_ask(t, lang), False) for t in settled.dues().open]
    return still + [(paid_data(source, t), paid_ask(t, lang, back=True), True) for t in settled.session.paid]
