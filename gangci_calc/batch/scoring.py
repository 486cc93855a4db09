"""A record -> one line of output (JSONL or CSV), with the same words as ``gangci score``.

Identical records (the same text) are scored once and remembered in a small
bounded memo: settlement is a pure function of the record, and recorded hands
repeat.
"""

from __future__ import annotations

from typing import NamedTuple

from gangci_calc.batch.reading import Chunk, Record, records
from gangci_calc.errors import ClaimRejected, InputError, RuleError
from gangci_calc.io.boundary import parse_json, parse_yaml
from gangci_calc.io.formats import batch_lines
from gangci_calc.io.labels import amount_text
from gangci_calc.io.load import hand_from_data, located
from gangci_calc.rules import SEED_RULES, HouseRules, net
from gangci_calc.words import messages as m
from gangci_calc.words import say

MEMO_LIMIT = 4096  # remembered results; bounded so memory stays flat


class ChunkResult(NamedTuple):
    """The output of one chunk, ready to write."""

    text: str
    hands: int
    failed: int
    first_failure_end: int  # where the first failed hand's line ends in ``text``; -1 if none


class Scorer:
    """Scores records into output lines for one format."""

    def __init__(self, fmt: str = "jsonl", check: bool = True, base: HouseRules = SEED_RULES, lang: str = "zh") -> None:
        self.fmt = fmt
        self.lang = lang  # of the error records' messages
        self.lines = batch_lines(fmt)  # the format's line builders (io/export.py)
        self.check = check
        self.base = base  # --rules FILE: each record's own rules: change it key by key
        self.memo: dict[tuple[str, str], str] = {}
        self._quoting: dict[str, tuple[str, str]] = {}

    def score_chunk(self, chunk: Chunk) -> ChunkResult:
        texts: list[str] = []
        hands = failed = size = 0
        first_failure_end = -1
        for record in records(chunk):
            ok, text = self.score(record)
            texts.append(text)
            hands += 1
            size += len(text)
            if not ok:
                failed += 1
                if first_failure_end < 0:
                    first_failure_end = size
        return ChunkResult("".join(texts), hands, failed, first_failure_end)

    def score(self, record: Record) -> tuple[bool, str]:
        """(scored?, the output line)."""
        key = (record.kind, record.text)
        body = self.memo.get(key)
        if body is None:
            try:
                body = self._score_new(record)
            except (InputError, ClaimRejected) as error:
                return False, self._error(record, error)
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = body
        return True, self.lines.line(body, self._source(record))

    def _score_new(self, record: Record) -> str:
        """The result of a record not seen before, without its source."""
        if record.kind == "json":
            data = parse_json(record.text, record.source, record.line)
        else:
            data = parse_yaml(record.text, record.source, line_offset=record.line - 1)
        try:
            loaded = hand_from_data(data, self.base)
        except RuleError as error:
            raise located(error, record.source, record.text, line_offset=record.line - 1) from None
        if self.check and loaded.tiles is not None:
            from gangci_calc.tiles.claims import why_false

            problem = why_false(loaded.hand, loaded.tiles)
            if problem:
                raise ClaimRejected(say(m.WHERE_WHAT, where=f"{record.source}:{record.line}", what=problem))
        e, s, w, n = (amount_text(a) for a in net(loaded.hand))  # exact at any size: 1500.5, not a float
        outcome = loaded.hand.outcome
        winner = outcome.winner.name if outcome.winner is not None else ""
        return self.lines.body(outcome.win.value, winner, e, s, w, n)

    def _source(self, record: Record) -> str:
        """``file:line``, quoted for the output format (the quoting is worked out once per file)."""
        quoting = self._quoting.get(record.source)
        if quoting is None:
            quoting = self._quoting[record.source] = self.lines.quoting(record.source)
        return f"{quoting[0]}{record.line}{quoting[1]}"

    def _error(self, record: Record, error: InputError | ClaimRejected) -> str:
        return self.lines.error(error.text(self.lang), f"{record.source}:{record.line}")
