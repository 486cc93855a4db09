"""``gangci batch --totals`` on stderr: the seats' totals on a line, the players' as a table that stays short
however many there are (a platform's month has 99,000: ``--totals-out FILE.csv`` writes every one)."""

from __future__ import annotations

from gangci_calc.core.rules import SEATS
from gangci_calc.core.rules.payments import from_halves
from gangci_calc.io.show.labels import amount_text, seat_name, word
from gangci_calc.words import messages as m
from gangci_calc.words import say

SHOWN = 20  # players on the terminal at most: beyond it, the ten who won most and the ten who lost most


def totals_text(seats: list[int], people: dict[str, int], lang: str) -> str:
    """The seats' totals (half units) on a line, then the players' in a table ranked by total, exact."""
    line = word("totals_seats", lang) + ", ".join(
        f"{seat_name(seat, lang)} {amount_text(from_halves(seats[seat]), signed=True)}" for seat in SEATS
    )
    if not people:
        return line
    return line + "\n" + _table(sorted(people.items(), key=lambda item: (-item[1], item[0])), lang)


def _table(ranked: list[tuple[str, int]], lang: str) -> str:
    from rich.table import Table

    from gangci_calc.io.show.console import err
    from gangci_calc.io.show.render import money

    title = say(m.TOTALS_PLAYERS, count=len(ranked)).text(lang)
    table = Table(title=title, title_style="bold", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column(word("player", lang))
    table.add_column(word("net", lang), justify="right")
    half = SHOWN // 2
    hidden = len(ranked) - SHOWN if len(ranked) > SHOWN else 0
    for place, (name, total) in enumerate(ranked, 1):
        if hidden and half < place <= len(ranked) - half:
            if place == half + 1:  # one row for the players between
                table.add_row("…", say(m.TOTALS_MORE, count=hidden).text(lang), "")
            continue
        table.add_row(str(place), name, money(from_halves(total)))
    if hidden:
        table.caption = say(m.TOTALS_FILE_HINT).text(lang)
    console = err()
    with console.capture() as captured:
        console.print(table)
    return captured.get().rstrip("\n")
