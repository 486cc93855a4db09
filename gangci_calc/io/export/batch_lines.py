"""The lines of ``gangci batch``: one per hand, JSON Lines or CSV, scored or failed.

A line carries what the record brought (``id``, ``meta`` and the ``--keep`` keys,
as the JSON text they were given in), what the hand scored to, and its source.
The scorer (commands/batch/scoring.py) writes every line through these builders, JSON Lines, CSV and (read back
into rows) Parquet alike.
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple


class Echo(NamedTuple):
    """What a record carries through untouched: JSON texts ("" where absent)."""

    id: str = ""
    meta: str = ""
    kept: tuple[tuple[str, str], ...] = ()  # (key, JSON text) of each --keep key the record has
    hand: int = 0  # the hand's number within a session record (0: a lone hand)
    players: str = ""  # the names at the seats, a JSON object by seat letter, where the record names them


NO_ECHO = Echo()


class LineOutcome(NamedTuple):
    """How a hand ended, as the line writes it (the same for many hands: a line's frame is made once for it)."""

    outcome: str  # the win type
    winner: str  # a seat letter, or ""
    source: str  # 直呲 / 续呲 / 点炮 / 抢杠: the other seat named, or ""
    dealer: str
    rules: str  # the house rules in force (those not the seed's), a JSON object


class Frame(NamedTuple):
    """The fixed text around a line's amounts, for one :class:`LineOutcome`."""

    before: str
    after: str


def halves_text(halves: int) -> str:
    """An amount given in half units, as exact text: ``-1500``, ``1500.5``.

    >>> [halves_text(h) for h in (4, -3, 0)]
    ['2', '-1.5', '0']
    """
    if not halves & 1:
        return str(halves // 2)
    return ("-" if halves < 0 else "") + str(abs(halves) // 2) + ".5"


def halves_net(e: int, s: int, w: int, n: int) -> tuple[str, str, str, str]:
    """A net given in half units, as the line writes it."""
    if not (e | s | w | n) & 1:  # whole amounts: the usual
        return (str(e >> 1), str(s >> 1), str(w >> 1), str(n >> 1))
    return (halves_text(e), halves_text(s), halves_text(w), halves_text(n))


def json_text(value: object) -> str:
    """A value the record carried (an id, meta, a kept key), or the house rules, as JSON text."""
    if type(value) is str and value.isprintable() and '"' not in value and "\\" not in value:
        return f'"{value}"'  # what json.dumps writes for it (it escapes only quotes, backslashes and controls)
    return json.dumps(value, ensure_ascii=False)


def _seat(letter: str) -> str:
    return f'"{letter}"' if letter else "null"


class BatchJsonl:
    """``--format jsonl``: ``{"id", "hand", "net", "outcome", "winner", "from", "dealer", "rules", "payments",
    "meta", <kept>, "source"}`` (those a hand has), or ``{"id", "hand", "error", "meta", <kept>, "source"}``."""

    def __init__(self, keep: tuple[str, ...] = (), payments: bool = False) -> None:
        self.header = ""

    @staticmethod
    def quoting(source: str) -> tuple[str, str]:
        """What stands before and after a line number to make ``source:line`` a JSON string."""
        return json.dumps(source, ensure_ascii=False)[:-1] + ":", '"'

    @staticmethod
    def frame(how: LineOutcome) -> Frame:
        after = (
            f', "outcome": "{how.outcome}", "winner": {_seat(how.winner)}, "from": {_seat(how.source)}, '
            f'"dealer": "{how.dealer}", "rules": {how.rules}'
        )
        return Frame('"net": {"E": ', after)

    @staticmethod
    def scored(echo: Echo, frame: Frame, net: tuple[str, str, str, str], payments: str, where: str) -> str:
        head = f'{{"id": {echo.id}, ' if echo.id else "{"
        if echo.hand:
            head += f'"hand": {echo.hand}, '
        body = f'{frame.before}{net[0]}, "S": {net[1]}, "W": {net[2]}, "N": {net[3]}}}{frame.after}'
        if payments:
            body += f', "payments": {payments}'
        if echo is NO_ECHO:
            return f'{head}{body}, "source": {where}}}\n'
        return head + body + _tail(echo, where)

    @staticmethod
    def failed(echo: Echo, message: str, where: str) -> str:
        head = f'{{"id": {echo.id}, ' if echo.id else "{"
        if echo.hand:
            head += f'"hand": {echo.hand}, '
        return head + '"error": ' + json.dumps(message, ensure_ascii=False) + _tail(echo, where)


def players_text(names: dict[int, str] | dict[Any, str]) -> str:
    """The names at the seats as a line writes them: ``{"E": "ana", ...}`` in seat order ("" where none)."""
    if not names:
        return ""
    letters = {0: "E", 1: "S", 2: "W", 3: "N"}
    by_letter = {letters.get(key, getattr(key, "name", key)): name for key, name in names.items()}
    quoted = _QUOTED  # json_text of each name, worked out once: a platform's players come again and again
    parts = []
    for letter in "ESWN":
        if letter in by_letter:
            name = by_letter[letter]
            text = quoted.get(name)
            if text is None:
                if len(quoted) >= 1 << 16:
                    quoted.clear()
                text = quoted[name] = json_text(name)
            parts.append(f'"{letter}": {text}')
    return "{" + ", ".join(parts) + "}"


_QUOTED: dict[str, str] = {}


def _tail(echo: Echo, where: str) -> str:
    tail = f', "players": {echo.players}' if echo.players else ""
    tail += f', "meta": {echo.meta}' if echo.meta else ""
    for key, text in echo.kept:
        tail += f", {json.dumps(key, ensure_ascii=False)}: {text}"
    return f'{tail}, "source": {where}}}\n'


class BatchCsv:
    """``--format csv``: ``source,id,hand,outcome,winner,from,dealer,E,S,W,N,rules,meta``, the ``--keep`` keys,
    ``payments`` (with ``--payments``), ``error``; ``id`` as its text, the others as JSON text."""

    def __init__(self, keep: tuple[str, ...] = (), payments: bool = False) -> None:
        self.keep = keep
        self.payments = payments
        columns = ["source", "id", "hand", "outcome", "winner", "from", "dealer", "E", "S", "W", "N", "rules", "meta"]
        columns.append("players")
        columns += [*keep, *(["payments"] if payments else []), "error"]
        self.header = _row(columns)

    @staticmethod
    def quoting(source: str) -> tuple[str, str]:
        if any(c in source for c in ',"\r\n'):
            return '"' + source.replace('"', '""') + ":", '"'
        return source + ":", ""

    @staticmethod
    def frame(how: LineOutcome) -> Frame:
        rules = "" if how.rules == "{}" else _cell(_rules_cell(how.rules))
        return Frame(f"{how.outcome},{how.winner},{how.source},{how.dealer},", f",{rules}")

    def _echo(self, echo: Echo) -> str:
        """``id,hand,`` of a row, and the meta and kept cells after the amounts are added by :meth:`_after`."""
        record_id = json.loads(echo.id) if echo.id.startswith('"') else echo.id  # text as itself, a number as is
        return f"{_cell(str(record_id))},{echo.hand or ''},"

    def _after(self, echo: Echo) -> str:
        kept = dict(echo.kept)
        cells = [echo.meta, echo.players, *(_raw(kept.get(key, "")) for key in self.keep)]
        return "".join("," + _cell(cell) for cell in cells)

    def scored(self, echo: Echo, frame: Frame, net: tuple[str, str, str, str], payments: str, where: str) -> str:
        paid = "," + _cell(payments) if self.payments else ""
        return f"{where},{self._echo(echo)}{frame.before}{','.join(net)}{frame.after}{self._after(echo)}{paid},\n"

    def failed(self, echo: Echo, message: str, where: str) -> str:
        paid = "," if self.payments else ""
        return f"{where},{self._echo(echo)},,,,,,,,{self._after(echo)}{paid},{_cell(message)}\n"


def _raw(text: str) -> str:
    """A kept value's cell: a text as itself (``sh``, not ``"sh"``), any other value as its JSON text."""
    return str(json.loads(text)) if text.startswith('"') else text


def _rules_cell(rules: str) -> str:
    """``baoci=true;zhici_split=even``, as the other commands' CSV has it."""
    return ";".join(f"{key}={str(value).lower()}" for key, value in json.loads(rules).items())


def _row(cells: list[str]) -> str:
    """One CSV row; cells quoted only where they must be."""
    return ",".join(_cell(c) for c in cells) + "\n"


def _cell(text: str) -> str:
    if any(c in text for c in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def totals_json(hands: int, scored: int, failed: int, seats: list[int], people: dict[str, int]) -> str:
    """``--totals-out``: ``{"hands", "scored", "failed", "totals": {E S W N}, "people": {name: total}}``, exact."""
    net = ", ".join(f'"{letter}": {halves_text(seats[i])}' for i, letter in enumerate("ESWN"))
    named = ", ".join(f"{json.dumps(name, ensure_ascii=False)}: {halves_text(total)}" for name, total in people.items())
    return f'{{"hands": {hands}, "scored": {scored}, "failed": {failed}, "totals": {{{net}}}, "people": {{{named}}}}}\n'


def totals_csv(seats: list[int], people: dict[str, int]) -> str:
    """``--totals-out FILE.csv``: ``kind,name,total``, a row per seat (``seat,E,16000``), then a row per player
    ranked by total (``player,ana,16000``), exact (``1500.5``): a table any warehouse loads, however many players.
    """
    import csv
    import io

    ranked = sorted(people.items(), key=lambda item: (-item[1], item[0]))
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["kind", "name", "total"])
    writer.writerows(["seat", letter, halves_text(seats[i])] for i, letter in enumerate("ESWN"))
    writer.writerows(["player", name, halves_text(total)] for name, total in ranked)
    return text.getvalue()


class OneDecimal:
    """``--amounts decimal``: every amount of a line with one decimal place (``-200.0``, ``1500.5``), so a
    reader that guesses types from the first lines (polars, pandas) gives every line the same type. The text
    stays exact; the default writes whole amounts as integers."""

    def __init__(self, lines: Any) -> None:
        self.lines = lines
        self.header = lines.header
        self.quoting = lines.quoting
        self.frame = lines.frame
        self.failed = lines.failed

    def scored(self, echo: Echo, frame: Frame, net: tuple[str, str, str, str], payments: str, where: str) -> str:
        decimal = tuple(text if "." in text else f"{text}.0" for text in net)
        paid = _WHOLE_AMOUNT.sub(r"\1.0", payments) if payments else payments
        return str(self.lines.scored(echo, frame, decimal, paid, where))


_WHOLE_AMOUNT = re.compile(r'("amount": -?\d+)(?=[,}])')
