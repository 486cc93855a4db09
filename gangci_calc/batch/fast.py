"""The fast path of ``gangci batch``: a typed decode (msgspec) and a straight-line settle, for plain records.

A record in the plain shape (canonical keys, seats as ``E S W N``, a scheme or a
stakes mapping, no house rules, tiles, ci or 米) is decoded straight into typed
structs and settled with a few multiplications. Anything the fast path is not
sure of (an alias, a key given twice, a value out of range, a rule the hand
breaks) it hands back to the loader's path (``batch/scoring.py``), which gives
the same result, or the error with its file:line:col. The fast path never calls
a record wrong.

The settlement is the core's, not a copy: for each (add-ons on?, dealer, win,
winner, from) the shares come from :func:`gangci_calc.rules.settle.rows` and
their add-on terms from :func:`~gangci_calc.rules.settle.count_terms`, worked out
once, when first met, from a :class:`~gangci_calc.rules.Hand` the core checked.
What is kept is that table of shares, not any record's result.
"""

from __future__ import annotations

from typing import Annotated, Any, NamedTuple

import msgspec
from msgspec import UNSET, Meta, Raw, Struct, UnsetType

from gangci_calc.errors import RuleError
from gangci_calc.io.batch_lines import Echo, Scored, halves_text, json_text
from gangci_calc.rules import SCHEMES, SEED_RULES, Hand, Kong, KongType, Outcome, Seat, Stakes, TableRules, Win
from gangci_calc.rules.hand import check_kongs
from gangci_calc.rules.payments import Part
from gangci_calc.rules.settle import count_terms, kong_rows, rows

Count = Annotated[int, Meta(ge=0, le=3)]
Amount = Annotated[int, Meta(gt=0, lt=10**18)]
RecordId = Annotated[int, Meta(gt=-(10**18), lt=10**18)] | str


class FastBets(Struct, forbid_unknown_fields=True):
    piao: Count | UnsetType = UNSET
    di: Count | UnsetType = UNSET
    gang: Count | UnsetType = UNSET


class FastWin(Struct, forbid_unknown_fields=True, rename={"source": "from"}):
    type: str
    winner: str | UnsetType = UNSET
    source: str | UnsetType = UNSET
    bao: bool | UnsetType = UNSET


class FastKong(Struct, forbid_unknown_fields=True, rename={"source": "from"}):
    by: str
    type: str
    source: str | UnsetType = UNSET


class FastStakes(Struct, forbid_unknown_fields=True):
    gang: Amount
    bomb: Amount | UnsetType = UNSET
    ci: Amount | UnsetType = UNSET
    dianpao: Amount | UnsetType = UNSET


class FastHand(Struct, forbid_unknown_fields=True):
    """A record in the plain shape; ``meta`` and the kept keys stay as they came (JSON text, or data)."""

    stakes: int | FastStakes
    dealer: str
    win: FastWin
    policy: bool | UnsetType = UNSET
    bets: dict[str, FastBets] | UnsetType = UNSET
    kongs: list[FastKong] | UnsetType = UNSET
    players: dict[str, str] | UnsetType = UNSET
    id: RecordId | UnsetType = UNSET
    meta: Any = UNSET


def record_type(keep: tuple[str, ...], raw: bool) -> type[FastHand]:
    """The struct for these ``--keep`` keys: ``meta`` and each kept key as raw JSON text (``raw``) or data."""
    kind: Any = Raw if raw else Any
    fields: list[tuple[str, Any, Any]] = [("meta", kind | UnsetType, UNSET)]
    fields += [(f"kept{index}", kind | UnsetType, UNSET) for index in range(len(keep))]
    rename = {f"kept{index}": key for index, key in enumerate(keep)}
    made: Any = msgspec.defstruct(
        "Record", fields, bases=(FastHand,), forbid_unknown_fields=True, rename=rename or None
    )
    return made  # type: ignore[no-any-return]


SEAT = {seat.name: seat for seat in Seat}
WIN = {win.value: win for win in Win if win not in (Win.DIANPAO, Win.QIANGGANG)}  # those need house rules
KONG = {kind.value: kind for kind in KongType}
BET = {"piao": 0, "di": 1, "gang": 2}
ZERO = 12  # the index of an always-zero count, for shares with fewer terms

# one share: (payer, payee, part: 0 bomb / 1 ci / 2 gang / 3 point, k in halves, three indexes into the counts)
Share = tuple[int, int, int, int, int, int, int]
_PART = {Part.BOMB: 0, Part.CI: 1, Part.GANG: 2, Part.DIANPAO: 3}


Fast = tuple[Echo, Scored, list[int], dict[int, str]]  # the line's echo and result, the net in halves, the names


class Table(NamedTuple):
    """The shares of each outcome (or ``None``: the core refuses it), and of each kong, for one 带政策 setting."""

    outcomes: dict[tuple[int, str, int, int], tuple[Share, ...] | None]
    kongs: dict[tuple[str, int, int], tuple[Share, ...] | None]


class FastPath:
    """Decode, check and settle plain records; ``None`` from :meth:`score` means "let the loader do it"."""

    def __init__(self, keep: tuple[str, ...] = ()) -> None:
        self.keep = keep
        self.decoder = msgspec.json.Decoder(record_type(keep, raw=True))
        self.data_type = record_type(keep, raw=False)
        self.tables = (Table({}, {}), Table({}, {}))  # add-ons off, on

    def score_json(self, text: str) -> Fast | None:
        """A JSON Lines record, or ``None``."""
        try:
            record = self.decoder.decode(text)
        except msgspec.DecodeError:  # ValidationError included
            return None
        if text.count(":") != self._keys(record):  # a key given twice, or a colon inside a text
            return None
        if record.meta is not UNSET and not _clean_json(bytes(record.meta)):
            return None
        return self._settle(record, raw=True)

    def score_data(self, data: dict[str, Any]) -> Fast | None:
        """A YAML record, already parsed by the boundary's loader (which refuses a key given twice), or ``None``."""
        try:
            record = msgspec.convert(data, self.data_type, strict=True)
        except msgspec.ValidationError:
            return None
        return self._settle(record, raw=False)

    def _keys(self, record: FastHand) -> int:
        """How many keys the record has, counting inside ``meta`` and the kept keys by their colons."""
        win = record.win
        count = 4 + (win.winner is not UNSET) + (win.source is not UNSET) + (win.bao is not UNSET)
        stakes = record.stakes
        if isinstance(stakes, FastStakes):
            count += 1 + (stakes.bomb is not UNSET) + (stakes.ci is not UNSET) + (stakes.dianpao is not UNSET)
        if record.policy is not UNSET:
            count += 1
        if record.bets is not UNSET:
            count += 1 + len(record.bets)
            for bets in record.bets.values():
                count += (bets.piao is not UNSET) + (bets.di is not UNSET) + (bets.gang is not UNSET)
        if record.kongs is not UNSET:
            count += 1 + sum(2 + (kong.source is not UNSET) for kong in record.kongs)
        if record.players is not UNSET:
            count += 1 + len(record.players)
        if record.id is not UNSET:
            count += 1
        for value in self._raws(record):
            count += 1 + bytes(value).count(b":")
        return count

    def _raws(self, record: FastHand) -> list[Any]:
        values = [record.meta, *(getattr(record, f"kept{i}") for i in range(len(self.keep)))]
        return [value for value in values if value is not UNSET]

    def _settle(self, record: FastHand, raw: bool) -> Fast | None:
        dealer = SEAT.get(record.dealer)
        win = WIN.get(record.win.type)
        stakes = _stakes(record.stakes)
        if dealer is None or win is None or stakes is None or record.win.bao is True:
            return None
        winner = SEAT.get(record.win.winner, -1) if record.win.winner is not UNSET else 4
        source = SEAT.get(record.win.source, -1) if record.win.source is not UNSET else 4
        if winner < 0 or source < 0:
            return None
        policy = record.policy is True
        table = self.tables[policy]
        key = (dealer, win.value, winner, source)
        shares = table.outcomes.get(key, UNSET)
        if shares is UNSET:
            shares = table.outcomes[key] = _outcome_shares(policy, Seat(dealer), win, winner, source)
        if shares is None:
            return None
        counts = [0] * 13
        if record.bets is not UNSET:
            for letter, bets in record.bets.items():
                seat = SEAT.get(letter)
                if seat is None:
                    return None
                for name, value in ((0, bets.piao), (1, bets.di), (2, bets.gang)):
                    if value is not UNSET:
                        counts[seat * 3 + name] = value
            if (not policy and any(counts)) or counts[dealer * 3 + 1]:  # add-ons off, or 抵 on the dealer
                return None
        halves = [0, 0, 0, 0]
        base = (stakes.bomb, stakes.ci, stakes.gang, stakes.point)
        for payer, payee, part, k, i, j, m in shares:
            amount = base[part] * k * (1 + counts[i] + counts[j] + counts[m])
            halves[payee] += amount
            halves[payer] -= amount
        if record.kongs is not UNSET:
            for kong in record.kongs:
                kong_shares = self._kong(table, policy, kong)
                if kong_shares is None:
                    return None
                if win is Win.DRAW:  # 流局: the kongs are void (the seed's rules)
                    continue
                for payer, payee, part, k, i, j, m in kong_shares:
                    amount = base[part] * k * (1 + counts[i] + counts[j] + counts[m])
                    halves[payee] += amount
                    halves[payer] -= amount
        names: dict[int, str] | None = {}
        if record.players is not UNSET:
            names = _names(record.players)
        if names is None:
            return None
        echo = self._echo(record, raw)
        if echo is None:
            return None
        net = (halves_text(halves[0]), halves_text(halves[1]), halves_text(halves[2]), halves_text(halves[3]))
        seat_letter = "ESWN"
        scored = Scored(
            net,
            win.value,
            seat_letter[winner] if winner < 4 else "",
            seat_letter[source] if source < 4 else "",
            record.dealer,
            "{}",
        )
        return echo, scored, halves, names

    def _kong(self, table: Table, policy: bool, kong: FastKong) -> tuple[Share, ...] | None:
        by = SEAT.get(kong.by, -1)
        source = SEAT.get(kong.source, -1) if kong.source is not UNSET else 4
        if by < 0 or source < 0 or kong.type not in KONG:
            return None
        key = (kong.type, by, source)
        shares = table.kongs.get(key, UNSET)
        if shares is UNSET:
            shares = table.kongs[key] = _kong_shares(policy, KONG[kong.type], by, source)
        return shares

    def _echo(self, record: FastHand, raw: bool) -> Echo | None:
        record_id = "" if record.id is UNSET else msgspec.json.encode(record.id).decode()
        if raw:
            meta = "" if record.meta is UNSET else bytes(record.meta).decode()
            kept = tuple(
                (key, bytes(getattr(record, f"kept{i}")).decode())
                for i, key in enumerate(self.keep)
                if getattr(record, f"kept{i}") is not UNSET
            )
            if any(not _clean_json(text.encode()) for _, text in kept):
                return None
        else:
            if record.meta is not UNSET and not isinstance(record.meta, dict):
                return None
            meta = "" if record.meta is UNSET else _json(record.meta)
            kept = tuple(
                (key, _json(getattr(record, f"kept{i}")))
                for i, key in enumerate(self.keep)
                if getattr(record, f"kept{i}") is not UNSET
            )
        return Echo(record_id, meta, kept)


def _stakes(value: int | FastStakes) -> Stakes | None:
    if isinstance(value, int):
        return SCHEMES.get(value) if type(value) is int else None
    usual = Stakes.from_gang(value.gang)
    return Stakes(
        value.gang,
        usual.bomb if value.bomb is UNSET else value.bomb,
        usual.ci if value.ci is UNSET else value.ci,
        None if value.dianpao is UNSET else value.dianpao,
    )


def _rules(policy: bool) -> TableRules:
    return TableRules(SCHEMES[1], policy, SEED_RULES)  # k and the add-on terms do not depend on the stakes


def _outcome_shares(policy: bool, dealer: Seat, win: Win, winner: int, source: int) -> tuple[Share, ...] | None:
    """The shares of this outcome, from the core's rows; ``None`` where the core refuses it."""
    outcome = Outcome(win, Seat(winner) if winner < 4 else None, Seat(source) if source < 4 else None)
    try:
        hand = Hand(_rules(policy), dealer, outcome)
    except RuleError:
        return None
    return tuple(_share(row.payer, row.payee, row.part, row.k, row.share_of, dealer, policy) for row in rows(hand))


def _kong_shares(policy: bool, kind: KongType, by: int, source: int) -> tuple[Share, ...] | None:
    """The shares of one kong (the dealer does not change them: 杠 counts are not 抵)."""
    kong = Kong(Seat(by), kind, Seat(source) if source < 4 else None)
    try:
        check_kongs((kong,), Outcome.draw())
        hand = Hand(_rules(policy), Seat.E, Outcome.draw(), kongs=(kong,))
    except RuleError:
        return None
    return tuple(_share(row.payer, row.payee, row.part, row.k, row.share_of, Seat.E, policy) for row in kong_rows(hand))


def _share(payer: Seat, payee: Seat, part: Part, k: int, share_of: Seat, dealer: Seat, policy: bool) -> Share:
    terms = count_terms(part, payee, share_of, dealer) if policy else ()
    index = [seat * 3 + BET[name] for name, seat in terms] + [ZERO] * (3 - len(terms))
    return (payer, payee, _PART[part], k, index[0], index[1], index[2])


def _names(players: dict[str, str]) -> dict[int, str] | None:
    """Seat -> name, where every name is plain (as the loader would keep it) and sits once; else ``None``."""
    names: dict[int, str] = {}
    for letter, name in players.items():
        seat = SEAT.get(letter)
        if seat is None or not name or name.strip() != name or not name.isprintable() or len(name) > 40:
            return None
        names[seat] = name
    return names if len(set(names.values())) == len(names) else None


def _clean_json(text: bytes) -> bool:
    """Raw JSON the loader would take too: no key twice, numbers of at most 18 digits, not too deep."""
    from gangci_calc.errors import InputError
    from gangci_calc.io.boundary import parse_json

    try:
        parse_json(text.decode(), "", 0)
    except InputError:
        return False
    return True


def _json(value: Any) -> str:
    return json_text(value)
