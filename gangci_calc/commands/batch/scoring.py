"""A record -> its output lines (JSONL or CSV), with the same words as ``gangci score``.

Every record goes through the loader (the one behind ``gangci score``) and the core's settlement, so its result
or its error is exactly ``gangci score``'s: one engine. A session record (``hands:``) gives a line per hand, each
with its number and dealer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from gangci_calc.commands.batch.echo import (
    echo_of,
    leading_id,
    located_in,
    named_in,
    own_echo,
    raw_echo,
    too_large,
)
from gangci_calc.commands.batch.fees import EveningFee, payments_text
from gangci_calc.commands.batch.reading import RECORD_LIMIT, TOO_LARGE, Chunk, Record, records, undecoded
from gangci_calc.commands.service import settle_hand
from gangci_calc.core.errors import ClaimRejected, InputError, InputErrors, RuleError
from gangci_calc.core.rules import SEED_RULES, HouseRules, Settlement
from gangci_calc.io.export.batch_lines import (
    Echo,
    Frame,
    LineOutcome,
    halves_net,
    json_text,
    players_text,
)
from gangci_calc.io.export.formats import batch_lines
from gangci_calc.io.load.boundary import echoed, parse_json, parse_yaml
from gangci_calc.io.load.ids import unread_id
from gangci_calc.io.load.load import LoadedHand, hand_from_data
from gangci_calc.words import messages as m
from gangci_calc.words import say


@dataclass(frozen=True)
class BatchOptions:
    """What a batch run decides, for every record: the same in every worker."""

    fmt: str = "jsonl"
    check: bool = True  # refuse a claim the record's tiles do not support
    base: HouseRules = SEED_RULES  # --rules FILE: each record's own rules: change it key by key
    lang: str = "zh"  # of the error records' messages
    keep: tuple[str, ...] = ()  # --keep: other top-level keys, passed through untouched
    payments: bool = False  # --payments: each payment on the line
    totals: bool = False  # --totals / --totals-out: sum the nets (per seat, and per player where named)
    amounts: str = "exact"  # --amounts: exact (whole amounts as integers) or decimal (one decimal place, always)


@dataclass
class Totals:
    """Nets summed exactly, in half units: per seat, and per player where names are given."""

    seats: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    people: dict[str, int] = field(default_factory=dict)

    def add(self, halves: Sequence[int], names: dict[int, str]) -> None:
        for seat in range(4):
            self.seats[seat] += halves[seat]
            name = names.get(seat)
            if name is not None:
                self.people[name] = self.people.get(name, 0) + halves[seat]

    def merge(self, other: Totals) -> None:
        self.add(other.seats, {})
        for name, amount in other.people.items():
            self.people[name] = self.people.get(name, 0) + amount


class ChunkResult(NamedTuple):
    """The output of one chunk, ready to write."""

    text: str
    hands: int
    failed: int
    first_failure_end: int  # where the first failed hand's line ends in ``text``; -1 if none
    totals: Totals
    totals_at_first_failure: Totals  # of the hands before it (what --strict keeps)
    blank: int = 0  # blank lines of a JSON Lines chunk: no record, but counted for the summary
    kept: frozenset[str] = frozenset()  # the --keep keys some record of the chunk had
    blank_at_first_failure: int = 0  # the blank lines before the first failure (what --strict counts)


class Scorer:
    """Scores chunks of records into output lines for one batch run."""

    def __init__(self, options: BatchOptions = BatchOptions()) -> None:
        self.options = options
        self.lines = batch_lines(options.fmt, options.keep, options.payments, options.amounts)  # io/export/
        self._quoting: dict[str, tuple[str, str]] = {}
        self._frames: dict[LineOutcome, Frame] = {}  # the text around a line's amounts, per outcome
        self._houses: dict[int, tuple[HouseRules, str]] = {}  # the house rules as a line writes them, by id

    def score_chunk(self, chunk: Chunk) -> ChunkResult:
        out = _Out(Totals(), people=self.options.totals)
        if chunk.kind == TOO_LARGE:
            self._too_large(chunk.source, chunk.first_line, out, chunk.text)
        elif chunk.kind == "json":
            self._json_records(chunk, out)
        else:
            self._yaml(chunk, out)
        if chunk.kind == "json" and chunk.text.endswith("\n"):
            out.blank -= 1  # what follows the last newline is no line
        at_failure = out.at_first_failure or out.totals
        failure_end = sum(map(len, out.texts[: out.first_failure + 1])) if out.first_failure >= 0 else -1
        kept = frozenset(out.kept)
        return ChunkResult(
            "".join(out.texts),
            out.hands,
            out.failures,
            failure_end,
            out.totals,
            at_failure,
            out.blank,
            kept,
            out.blank_at_first_failure,
        )

    def _json_records(self, chunk: Chunk, out: _Out) -> None:
        """JSON Lines, every record through the loader; the blank lines counted, and those before a failure."""
        stop = None  # the line of the first failure
        for record in records(chunk):
            self._json(record, out)
            if out.failures and stop is None:
                stop = record.line
        rows = chunk.text.split("\n")
        out.blank += sum(1 for row in rows if not row.strip())
        if stop is not None:
            out.blank_at_first_failure = sum(1 for row in rows[: stop - chunk.first_line] if not row.strip())

    def _not_utf8(self, source: str, line: int, out: _Out) -> None:
        said = say(m.WHERE_WHAT, where=f"{source}:{line}", what=m.NOT_UTF8)
        out.failed(self.lines.failed(Echo(), said.text(self.options.lang), self._where(source, line)))

    def _too_large(self, source: str, line: int, out: _Out, text: str = "") -> None:
        """A record too large to read: its error, with its id where it starts the record's ``text``."""
        said = say(m.WHERE_WHAT, where=f"{source}:{line}", what=say(m.RECORD_TOO_LARGE, size=RECORD_LIMIT >> 20))
        echo = Echo(leading_id(text))
        out.failed(self.lines.failed(echo, said.text(self.options.lang), self._where(source, line)))

    def _json(self, record: Record, out: _Out) -> None:
        if too_large(record.text):
            self._too_large(record.source, record.line, out, record.text)
            return
        if undecoded(record.text) >= 0:
            self._not_utf8(record.source, record.line, out)
            return
        try:
            data = parse_json(record.text, record.source, record.line)
        except InputError as error:  # not JSON, a key given twice ...: the id where it is sure, to join it back
            from gangci_calc.commands.batch.reading import is_parquet

            if is_parquet(record.source):  # the row and its field: the JSON line made of the row is ours
                error.line, error.column = record.line, None
            out.failed(
                self.lines.failed(
                    _refused_echo(record.text, error, self.options.keep),
                    error.text(self.options.lang),
                    self._where(record.source, record.line),
                )
            )
            return
        self._slow(record, data, out, raw_echo(record.text, self.options.keep))

    def _yaml(self, chunk: Chunk, out: _Out) -> None:
        for record in records(chunk):
            if too_large(record.text):
                self._too_large(record.source, record.line, out, record.text)
                continue
            bad = undecoded(record.text)
            if bad >= 0:  # the line of the byte that is not UTF-8
                self._not_utf8(record.source, record.line + record.text.count("\n", 0, bad), out)
                continue
            try:
                data = parse_yaml(record.text, record.source, line_offset=record.line - 1)
            except InputError as error:
                where = self._where(record.source, record.line)
                out.failed(self.lines.failed(Echo(), error.text(self.options.lang), where))
                continue
            self._slow(record, data, out, None)

    def _slow(self, record: Record, data: Any, out: _Out, raw: Echo | None) -> None:
        """A record through the loader: its result, or its error, located in its file."""
        echo, data = echo_of(data, self.options.keep, raw)
        out.kept.update(key for key, _ in echo.kept)
        where = self._where(record.source, record.line)
        if isinstance(data, dict) and ("hands" in data or "牌局" in data):
            self._session(record, data, echo, out)
            return
        try:
            try:  # source: where a false claim is said to be
                loaded = hand_from_data(data, self.options.base, source=f"{record.source}:{record.line}")
            except RuleError as error:
                raise located_in(error, record) from None
            settlement = settle_hand(loaded, check=self.options.check)
        except (InputError, ClaimRejected) as error:
            out.failed(self.lines.failed(echo._replace(players=named_in(data)), error.text(self.options.lang), where))
            return
        self._scored(echo._replace(players=players_text(loaded.names)), loaded, settlement, where, out)

    def _session(self, record: Record, data: dict[str, Any], echo: Echo, out: _Out) -> None:
        """Every hand of a session record (``data``: without the kept keys), in order, each with its dealer; or
        every bad hand's error."""
        from gangci_calc.commands.batch.reading import is_parquet
        from gangci_calc.io.load.load_session import session_from_data

        lang = self.options.lang
        row = is_parquet(record.source)  # a Parquet row: its error names the row (the JSON line is ours)
        text = None if row else record.text
        try:
            session = session_from_data(data, record.source, self.options.base, text, line_offset=record.line - 1)
        except (InputErrors, InputError) as failed:
            for error in failed.errors if isinstance(failed, InputErrors) else [failed]:
                if row:
                    error.line, error.column = record.line, None
                where = self._where(record.source, error.line or record.line)
                out.failed(self.lines.failed(echo, error.text(lang), where))
            return
        done: list[_Done] = []  # each hand's echo, hand, place, error ("" if none) and settlement
        for item in session.hands:
            loaded = item.loaded
            hand_echo = echo._replace(hand=item.number, players=players_text(loaded.names), **own_echo(loaded))
            where = self._where(record.source, item.line or record.line)
            try:
                settlement = settle_hand(loaded, check=self.options.check)
            except ClaimRejected as error:
                done.append((hand_echo, loaded, where, error.text(lang), None))
                continue
            done.append((hand_echo, loaded, where, "", settlement))
        self._evening(done, out)

    def _evening(self, done: list[_Done], out: _Out) -> None:
        """A session's lines; where it takes a table fee, each person's total is the ledger's own (the fees paid
        and collected, the evening's fee included: ``core/evening/ledger.py`` ``people_totals``), and the last hand's
        ``--payments`` hold the evening's fee."""
        scored = [loaded for _, loaded, _, error, _ in done if not error]
        fee = EveningFee.of(scored) if any(loaded.hand.rules.fee.on for loaded in scored) else None
        for echo, loaded, where, error, settlement in done:
            if error or settlement is None:
                out.failed(self.lines.failed(echo, error, where))
                continue
            extra = fee.payments if fee is not None and loaded is scored[-1] else []
            self._scored(echo, loaded, settlement, where, out, extra, with_names=fee is None)
        if fee is not None and out.people:  # with a fee: the people are the ledger's own
            for name, halves in fee.people.items():
                out.totals.people[name] = out.totals.people.get(name, 0) + halves

    def _scored(
        self,
        echo: Echo,
        loaded: LoadedHand,
        settlement: Settlement,
        where: str,
        out: _Out,
        extra: list[dict[str, Any]] | None = None,
        *,
        with_names: bool = True,
    ) -> None:
        """The line of a hand the loader read and the settle service settled (once); ``extra``: payments after
        the hand's own (the evening's fee, on a session's last hand)."""
        hand = loaded.hand
        outcome = hand.outcome
        house = hand.rules.house
        held = self._houses.get(id(house))  # by identity: hashing a HouseRules hashes its every option
        how = LineOutcome(  # a seat's letter by its number: no enum property call a seat
            outcome.win.value,
            "ESWN"[outcome.winner] if outcome.winner is not None else "",
            "ESWN"[outcome.source] if outcome.source is not None else "",
            "ESWN"[hand.dealer],
            held[1] if held is not None and held[0] is house else self._house_text(house),
        )
        e, s, w, n = (int(2 * amount) for amount in settlement.net)  # half units: exact
        net = halves_net(e, s, w, n)
        payments = payments_text(hand, settlement, extra or []) if self.options.payments else ""
        line = self.lines.scored(echo, self._frames.get(how) or self._frame(how), net, payments, where)
        out.scored(line, (e, s, w, n), dict(loaded.names) if with_names else {})

    def _house_text(self, house: HouseRules) -> str:
        """The line's ``rules``: the house rules in force that are not the seed's, as JSON (once per set of rules)."""
        from gangci_calc.io.export.export import house_object

        if len(self._houses) > 4096:  # a platform's rooms bring thousands of sets; bounded all the same
            self._houses.clear()
        text = json_text(house_object(house))
        self._houses[id(house)] = (house, text)  # the object held with its id: an id is never another's while held
        return text

    def _frame(self, how: LineOutcome) -> Frame:
        if len(self._frames) > 4096:  # a handful of outcomes and rules come again and again; bounded all the same
            self._frames.clear()
        frame = self._frames[how] = self.lines.frame(how)
        return frame

    def _quoted(self, source: str) -> tuple[str, str]:
        quoting = self._quoting[source] = self.lines.quoting(source)
        return quoting

    def _where(self, source: str, line: int) -> str:
        """``file:line``, quoted for the output format (the quoting is worked out once per file)."""
        head, tail = self._quoting.get(source) or self._quoted(source)
        return f"{head}{line}{tail}"


class _Out:
    """The lines of one chunk as they are made, and what they add up to."""

    def __init__(self, totals: Totals, *, people: bool = True) -> None:
        self.people = people  # sum per player too (--totals): else a name each hand met would be kept to the end
        self.texts: list[str] = []
        self.hands = self.failures = self.blank = 0
        self.kept: set[str] = set()
        self.first_failure = -1  # the index of its line in ``texts``
        self.totals = totals
        self.at_first_failure: Totals | None = None
        self.blank_at_first_failure = 0

    def scored(self, text: str, halves: Sequence[int], names: dict[Any, str]) -> None:
        self.texts.append(text)
        self.hands += 1
        self.totals.add(halves, names if self.people else {})

    def failed(self, text: str) -> None:
        if self.first_failure < 0:
            self.first_failure = len(self.texts)
            self.at_first_failure = Totals(list(self.totals.seats), dict(self.totals.people))
            self.blank_at_first_failure = self.blank
        self.texts.append(text)
        self.hands += 1
        self.failures += 1


def _refused_echo(text: str, error: InputError, keep: tuple[str, ...]) -> Echo:
    """What a JSON record the boundary refused still echoes, to join its error back: its id where it is sure, and
    its meta and kept keys as given where the error is in none of them (a player's id too large, a key twice in
    the bets); an error in one of them, or one without a field (too deep), echoes the id alone."""
    ident = unread_id(text)
    echo = Echo("" if ident is None else json_text(ident))
    top = error.path[0] if error.path and isinstance(error.path[0], str) else None
    if top is None or echoed(error.path):
        return echo
    raw = raw_echo(text, keep)
    return echo if raw is None else echo._replace(meta=raw.meta, kept=raw.kept)


_Done = tuple[Echo, LoadedHand, str, str, "Settlement | None"]  # a session hand: echo, hand, place, error, settlement
