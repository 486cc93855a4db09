"""Hand files (YAML / JSON) -> :class:`~gangci_calc.core.rules.Hand`, checked at the boundary.

Every mistake becomes one :class:`~gangci_calc.core.errors.InputError`: the file,
line and column, the field, what is wrong and what would be right.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from gangci_calc.core.errors import FieldPath, InputError, RuleError
from gangci_calc.core.rules import NO_MI, SCHEMES, SEED_RULES, Hand, HouseRules, Seat, TableRules, Win
from gangci_calc.core.rules.fee import NO_FEE
from gangci_calc.core.rules.terms import seat_word
from gangci_calc.io.load.boundary import HAND_FILE_LIMIT, parse_document, read_text
from gangci_calc.io.load.fields import (
    by_seat,
    json_texts_read,
    kind_of,
    read_bets,
    read_ci,
    read_fee,
    read_flag,
    read_house,
    read_id,
    read_kongs,
    read_mapping,
    read_meta,
    read_mi,
    read_names,
    read_outcome,
    read_seat,
    read_stakes,
    read_tiles,
)
from gangci_calc.io.load.positions import locate
from gangci_calc.io.load.schema import TOP, field_words, normalize_key
from gangci_calc.words import Message, say
from gangci_calc.words import messages as m

if TYPE_CHECKING:
    from gangci_calc.core.tiles.claims import TileClaim

T = TypeVar("T")


@dataclass(frozen=True)
class LoadedHand:
    """A hand as read from a file: the core model plus what only people need."""

    hand: Hand
    names: dict[Seat, str] = field(default_factory=dict)
    tiles: TileClaim | None = None  # when the file has `tiles:`
    source: str = ""  # "file" or "file:line" for messages
    rules: TableRules | None = None  # the table's rules, where the referee checks a hand under relaxed ones
    id: str | int | None = None  # the record's own id and meta (a platform's), echoed in its outputs
    meta: dict[str, Any] | None = None

    @property
    def table_rules(self) -> TableRules:
        return self.rules if self.rules is not None else self.hand.rules


@dataclass(frozen=True)
class Table:
    """Table settings: per hand file, or at the top of a session (and changed from a hand on)."""

    rules: TableRules  # 起底, 带政策 and the house options
    names: dict[Seat, str]


# The tables most hands are played at: scheme 1 or 2, with or without add-ons, the seed's rules.
_SEED_TABLES = {(n, policy): TableRules(SCHEMES[n], policy) for n in SCHEMES for policy in (False, True)}


def table_from(given: dict[str, Any], path: FieldPath = (), base: HouseRules = SEED_RULES) -> Table:
    """The table settings of a hand file or a session header; ``base`` is what ``rules:`` changes."""
    if "stakes" not in given:
        raise RuleError(path, say(m.MISSING_STAKES))
    scheme, policy = given["stakes"], given.get("policy", False)
    if (
        base is SEED_RULES
        and "rules" not in given
        and "fee" not in given
        and type(scheme) is int
        and type(policy) is bool
    ):
        common = _SEED_TABLES.get((scheme, policy))
        if common is not None:
            return Table(common, read_names(given.get("players"), (*path, "players")))
    stakes = read_stakes(given["stakes"], (*path, "stakes"))
    policy = read_flag(given.get("policy", False), (*path, "policy"))
    rules = given.get("rules")
    house = base if rules is None else read_house(rules, (*path, "rules"), base)
    fee = read_fee(given.get("fee"), (*path, "fee"), NO_FEE)
    names = read_names(given.get("players"), (*path, "players"))
    return Table(TableRules(stakes, policy, house, fee), seated(names, house, path))


def seated(names: dict[Seat, str], house: HouseRules, path: FieldPath) -> dict[Seat, str]:
    """The players' names, none of them on a seat the table does not have (三人场: no North)."""
    if house.three_players and Seat.N in names:
        raise RuleError((*path, "players", "N"), say(m.NO_NORTH_AT_THREE, seat=seat_word(Seat.N)))
    return names


def table_changed(given: dict[str, Any], table: Table, path: FieldPath) -> Table:
    """A session hand's own ``stakes``, ``policy``, ``rules`` or ``players``: the table from that hand on."""
    rules = table.rules
    stakes = read_stakes(given["stakes"], (*path, "stakes")) if "stakes" in given else rules.stakes
    policy = read_flag(given["policy"], (*path, "policy")) if "policy" in given else rules.policy
    house = read_house(given.get("rules"), (*path, "rules"), rules.house)
    fee = read_fee(given.get("fee"), (*path, "fee"), rules.fee)
    names = read_names(given["players"], (*path, "players")) if "players" in given else table.names
    return Table(TableRules(stakes, policy, house, fee), seated(names, house, path))


def hand_from(
    given: dict[str, Any],
    table: Table,
    dealer: Seat,
    path: FieldPath = (),
    *,
    mi: tuple[int, int, int, int] | None = None,
    referee: bool = False,
) -> tuple[Hand, TileClaim | None]:
    """Build and rule-check one hand from its canonical keys; returns (hand, tiles).

    ``mi`` is the 米 a session counted (else the hand's own ``mi:``). A referee
    checks a 炸弹 under 硬次 as a claim that fails, so ``referee`` lets it load.
    """
    if "win" not in given:
        raise RuleError(path, say(m.MISSING_WIN))
    outcome = read_outcome(given["win"], (*path, "win"))
    bets = read_bets(given.get("bets"), (*path, "bets"))
    if table.rules.house.three_players and isinstance(given.get("bets"), dict):  # {N: {pao: 0}} names North too
        for seat, item in by_seat(given["bets"], (*path, "bets")):
            if seat is Seat.N and not _all_null(item):  # a warehouse's struct column gives N's fields as nulls
                raise RuleError((*path, "bets", "N"), say(m.NO_NORTH_AT_THREE, seat=seat_word(Seat.N)))
    kongs = read_kongs(given.get("kongs"), (*path, "kongs"))
    ci, tiles = _ci_and_tiles(given, table, outcome.win, path)
    if mi is None:
        mi = read_mi(given["mi"], (*path, "mi")) if "mi" in given else NO_MI
    rules = table.rules
    if referee and rules.house.hard_ci:
        rules = TableRules(rules.stakes, rules.policy, replace(rules.house, hard_ci=False))
    tiles_left = given.get("tiles_left")
    try:
        hand = Hand(rules, dealer, outcome, bets, kongs, ci, mi, tiles_left)
    except RuleError as error:
        raise RuleError((*path, *error.path), error.message, at_key=error.at_key) from None
    return hand, tiles


def _all_null(item: Any) -> bool:
    """A seat's bets given as a mapping of nulls only: nothing given (null is absent)."""
    return isinstance(item, dict) and all(value is None for value in item.values())


def tiles_for_table(tiles: TileClaim, house: HouseRules, path: FieldPath) -> TileClaim:
    """The winner's tiles as this table reads them (:func:`~gangci_calc.core.tiles.claims.for_table`), errors at
    ``path``."""
    from gangci_calc.core.tiles.claims import for_table

    try:
        return for_table(tiles, house)
    except RuleError as error:
        raise RuleError((*path, *error.path), error.message) from None


def _ci_and_tiles(
    given: dict[str, Any], table: Table, win: Win, path: FieldPath
) -> tuple[int | None, TileClaim | None]:
    """The hand's ci tile and the winner's tiles (``tiles:``, for the referee), which must agree on the ci tile."""
    raw_ci = given.get("ci")
    ci = read_ci(raw_ci, (*path, "ci")) if raw_ci is not None else None
    if given.get("tiles") is None:
        return ci, None
    tiles = read_tiles(given["tiles"], (*path, "tiles"), win)
    if ci is not None and ci != tiles.ci:
        raise RuleError((*path, "ci"), say(m.CI_DIFFERS))
    return tiles.ci, tiles_for_table(tiles, table.rules.house, (*path, "tiles"))


def hand_from_data(data: Any, base: HouseRules = SEED_RULES, *, referee: bool = False, source: str = "") -> LoadedHand:
    """One hand file's data -> :class:`LoadedHand`; raises :class:`RuleError`.

    ``base`` is the house rules from ``--rules FILE``; the file's own ``rules:`` changes them key by key.
    ``source``: where the hand is, for its messages (``file:line``).
    """
    if not isinstance(data, dict):
        raise RuleError((), say(m.HAND_FILE_MAPPING, kind=kind_of(data)))
    if "hands" in data or "牌局" in data:
        raise RuleError(("hands",), say(m.IS_A_SESSION), at_key=True)
    given = json_texts_read(read_mapping(data, (), TOP, m.WHAT_HAND_FILE), ())
    table = table_from(given, (), base)
    if "dealer" not in given:
        raise RuleError((), say(m.MISSING_DEALER))
    dealer = read_seat(given["dealer"], ("dealer",))
    hand, tiles = hand_from(given, table, dealer, referee=referee)
    record_id, meta = record_echo(given, ())
    rules = table.rules if referee else None
    return LoadedHand(hand, table.names, tiles, source, rules, record_id, meta)


def record_echo(given: dict[str, Any], path: FieldPath) -> tuple[str | int | None, dict[str, Any] | None]:
    """A record's ``id`` and ``meta``, checked; ``None`` where absent."""
    record_id = read_id(given["id"], (*path, "id")) if given.get("id") is not None else None
    meta = read_meta(given["meta"], (*path, "meta")) if given.get("meta") is not None else None
    return record_id, meta


def house_from_data(data: Any) -> HouseRules:
    """A ``--rules`` file's data: a mapping with ``rules:`` (规矩 / 玩法), or the bare options."""
    if isinstance(data, dict) and len(data) == 1:
        (key,) = data
        if isinstance(key, str) and normalize_key(key) == "rules":
            return read_house(data[key], ("rules",), SEED_RULES)
        if isinstance(key, str) and isinstance(data[key], dict) and _close_to_rules(key):  # rule:, ruels:
            hint = say(m.DID_YOU_MEAN, close="rules")
            raise RuleError((key,), say(m.UNKNOWN_KEY, key=key, what=m.WHAT_RULES_FILE, hint=hint), at_key=True)
    if not isinstance(data, dict):
        raise RuleError((), say(m.RULES_FILE_MAPPING, kind=kind_of(data)))
    return read_house(data, (), SEED_RULES)


def load_file(path: str | Path, build: Callable[[Any], T], empty: Message, limit: int = HAND_FILE_LIMIT) -> T:
    """Read a file through the boundary and ``build`` a model from its data; every error located in the file."""
    source = str(path)
    text = read_text(path, limit)
    data = parse_document(text, source)
    if data is None:
        raise InputError(source, say(m.EMPTY_FILE, need=empty))
    try:
        return build(data)
    except RuleError as error:
        raise located(error, source, text) from None


def load_rules(path: str | Path) -> HouseRules:
    """Read a ``--rules FILE``: one table's house options, kept by a club for every hand."""
    return load_file(path, house_from_data, m.RULES_NEEDS)


def located(error: RuleError, source: str, text: str | None, *, line_offset: int = 0) -> InputError:
    """Attach the file position of ``error.path`` (found in ``text``)."""
    position = locate(text, error.path, normalize_key, at_key=error.at_key) if text else None
    line, column = (position[0] + line_offset, position[1]) if position else (None, None)
    if position and text and error.offset is not None:  # point at the character itself
        row = text.splitlines()[position[0] - 1]
        at = row[position[1] - 1] if position[1] <= len(row) else ""
        escaped = at == '"' and "\\" in row[position[1] :]
        if at not in ("|", ">") and not escaped:  # in a block or escaped scalar the text is not the value
            column = position[1] + error.offset + (at in "'\"")
    field = field_words(error.path)
    return InputError(source, error.message, line=line, column=column, field=field, path=error.path)


def load_hand(path: str | Path, base: HouseRules = SEED_RULES, *, referee: bool = False) -> LoadedHand:
    """Read and check one hand file (YAML, or JSON which is YAML too)."""
    loaded = load_file(
        path,
        lambda data: hand_from_data(data, base, referee=referee),
        m.HAND_NEEDS,
    )
    return replace(loaded, source=str(path))


def _close_to_rules(key: str) -> bool:
    """A key that is ``rules`` misspelt (``rule``, ``ruels``), not a house option's."""
    import difflib

    from gangci_calc.io.load.schema import RULES

    if key in RULES.lookup:  # an option's own key: bare options
        return False
    return bool(difflib.get_close_matches(key.lower(), ["rules"], n=1, cutoff=0.75))
