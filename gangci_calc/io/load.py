"""Hand files (YAML / JSON) -> :class:`~gangci_calc.rules.Hand`, checked at the boundary.

Every mistake becomes one :class:`~gangci_calc.errors.InputError`: the file,
line and column, the field, what is wrong and what would be right.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from gangci_calc.errors import FieldPath, InputError, RuleError, field_name
from gangci_calc.io.positions import locate
from gangci_calc.io.schema import (
    BET_KEYS,
    FALSE_WORDS,
    FLAG_WORDS,
    KONG_KEYS,
    KONG_NAMES,
    RULE_KEYS,
    RULE_VALUES,
    STAKES_KEYS,
    TILE_KEYS,
    TOP_KEYS,
    TRUE_WORDS,
    WIN_KEYS,
    WIN_NAMES,
    normalize_key,
)
from gangci_calc.rules import (
    NO_BETS,
    NO_MI,
    SCHEMES,
    SEED_RULES,
    Bets,
    Hand,
    HouseRules,
    Kong,
    Outcome,
    Seat,
    Stakes,
    TableRules,
    Win,
    parse_seat,
)
from gangci_calc.rules.hand import whole_count

if TYPE_CHECKING:
    from gangci_calc.tiles.claims import TileClaim

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: same rules, faster


@dataclass(frozen=True)
class LoadedHand:
    """A hand as read from a file: the core model plus what only people need."""

    hand: Hand
    names: dict[Seat, str] = field(default_factory=dict)
    tiles: TileClaim | None = None  # when the file has `tiles:`
    source: str = ""  # "file" or "file:line" for messages
    rules: TableRules | None = None  # the table's rules, where the referee checks a hand under relaxed ones

    @property
    def table_rules(self) -> TableRules:
        return self.rules if self.rules is not None else self.hand.rules


# ---------------------------------------------------------------- reading


def read_text(path: str | Path) -> str:
    """The file's text, or an :class:`InputError` saying why it cannot be read."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError(name, "no such file") from None
    except IsADirectoryError:
        raise InputError(name, "is a directory, not a hand file") from None
    except OSError as error:
        raise InputError(name, f"cannot be read: {error.strerror}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputError(name, "is not UTF-8 text", line=line) from None


def parse_yaml(text: str, source: str, *, line_offset: int = 0) -> Any:
    """Safe YAML load: no Python object tags; syntax errors become :class:`InputError`."""
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = error.problem or "invalid YAML"
        if isinstance(error, yaml.constructor.ConstructorError) and "tag" in problem:
            problem = f"{problem.split(' tag')[0]} tag: only plain YAML is accepted (no Python objects)"
        line = mark.line + 1 + line_offset if mark else None
        column = mark.column + 1 if mark else None
        raise InputError(source, f"YAML syntax: {problem}", line=line, column=column) from None
    except yaml.YAMLError as error:
        raise InputError(source, f"YAML syntax: {error}") from None


# ---------------------------------------------------------------- checking


_SPELLINGS: dict[int, dict[str, str]] = {}  # key tables are module constants: their ids stay theirs
_CANONICAL: dict[int, frozenset[str]] = {}


class Checker:
    """Turns plain data into models, raising :class:`RuleError` with a field path."""

    def mapping(self, data: Any, path: FieldPath, keys: Mapping[str, tuple[str, ...]], what: str) -> dict[str, Any]:
        """Check a mapping's keys against ``keys`` (with aliases); return it canonical."""
        if not isinstance(data, dict):
            raise RuleError(path, f"should be a mapping of {what}, not {_kind(data)}")
        canonical = _CANONICAL.get(id(keys))
        if canonical is None:
            canonical = _CANONICAL[id(keys)] = frozenset(keys)
        if data.keys() <= canonical:  # the usual case: canonical keys only, each once (a dict has no twins)
            return data
        lookup = _SPELLINGS.get(id(keys)) or self._spellings(keys)
        out: dict[str, Any] = {}
        for raw_key, value in data.items():
            key = lookup.get(raw_key) if isinstance(raw_key, str) else None
            if key is None:
                raise RuleError((*path, str(raw_key)), self._unknown(raw_key, keys, what), at_key=True)
            if key in out:
                raise RuleError((*path, key), f"given twice (as {key} and an alias of it)", at_key=True)
            out[key] = value
        return out

    @staticmethod
    def _spellings(keys: Mapping[str, tuple[str, ...]]) -> dict[str, str]:
        """spelling -> canonical key, built once per key table."""
        lookup = _SPELLINGS[id(keys)] = {s: canonical for canonical, group in keys.items() for s in group}
        return lookup

    @staticmethod
    def _unknown(raw_key: Any, keys: Mapping[str, tuple[str, ...]], what: str) -> str:
        import difflib  # only a mistake needs it

        spellings = [s for group in keys.values() for s in group]
        close = difflib.get_close_matches(str(raw_key), spellings, n=1, cutoff=0.6)
        hint = f"did you mean '{close[0]}'?" if close else f"expected one of {', '.join(keys)}"
        return f"unknown key '{raw_key}' in {what} — {hint}"

    @staticmethod
    def seat(value: Any, path: FieldPath) -> Seat:
        seat = parse_seat(value)
        if seat is None:
            raise RuleError(path, f"{_short(value)} is not a seat — use E S W N or 东 南 西 北")
        return seat

    def stakes(self, value: Any, path: FieldPath) -> Stakes:
        if isinstance(value, str) and value.strip().lstrip("方案").strip() in ("1", "2"):
            value = int(value.strip().lstrip("方案"))
        if isinstance(value, int) and not isinstance(value, bool):
            if value in SCHEMES:
                return SCHEMES[value]
            raise RuleError(path, f"no scheme {value} — use 1, 2 or {{gang: 1000, bomb: 2000, ci: 6000}}")
        if not isinstance(value, dict):
            raise RuleError(path, f"{value!r} is not a stakes scheme — use 1, 2 or {{gang: 500}}")
        given = self.mapping(value, path, STAKES_KEYS, "stakes (gang 杠底, bomb 炸弹底, ci 杠呲底, dianpao 点炮底)")
        for name, amount in given.items():
            if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
                raise RuleError((*path, name), f"{_short(amount)} is not a positive whole amount")
        if "gang" not in given:
            raise RuleError(path, "needs at least gang (杠底); bomb and ci default to 2× and 6× it")
        usual = Stakes.from_gang(given["gang"])
        return Stakes(given["gang"], given.get("bomb", usual.bomb), given.get("ci", usual.ci), given.get("dianpao"))

    @staticmethod
    def flag(value: Any, path: FieldPath, words: Mapping[bool, tuple[str, ...]] | None = None) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str):
            text = value.strip().lower()
            for truth, spellings in ((True, TRUE_WORDS), (False, FALSE_WORDS), *((words or {}).items())):
                if text in spellings:
                    return truth
        raise RuleError(path, f"{_short(value)} is not true or false (是/否)")

    def house(self, value: Any, path: FieldPath, base: HouseRules) -> HouseRules:
        """``rules:`` -> :class:`HouseRules`: the keys it names replace those of ``base``."""
        if value is None:
            return base
        given = self.mapping(value, path, RULE_KEYS, "house rules (规矩)")
        changes: dict[str, Any] = {key: self.rule_value(key, raw, (*path, key)) for key, raw in given.items()}
        if not changes:
            return base
        try:
            return replace(base, **changes)
        except RuleError as error:
            raise RuleError((*path, error.path[-1]), error.message) from None

    def rule_value(self, key: str, raw: Any, path: FieldPath) -> object:
        """One house option's value, read by the type of its default (flag, enum or whole number)."""
        default = getattr(SEED_RULES, key)
        if isinstance(default, bool):
            return self.flag(raw, path, FLAG_WORDS.get(key))
        if isinstance(default, Enum):
            spellings = RULE_VALUES[key]
            if isinstance(raw, str):
                for member, names in spellings.items():
                    if raw.strip() in names or raw.strip().lower() in names:
                        return member
            choices = " or ".join(" ".join(names) for names in spellings.values())
            raise RuleError(path, f"{_short(raw)} is not a value of {key} — use {choices}")
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise RuleError(path, f"{_short(raw)} is not a whole number")
        return raw

    def names(self, value: Any, path: FieldPath) -> dict[Seat, str]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise RuleError(path, f"should map seats to names, like {{E: 老王}}, not {_kind(value)}")
        names: dict[Seat, str] = {}
        for raw_seat, name in value.items():
            seat = self.seat(raw_seat, (*path, str(raw_seat)))
            if not isinstance(name, (str, int)) or isinstance(name, bool) or not str(name).strip():
                raise RuleError((*path, seat.name), f"{name!r} is not a name")
            names[seat] = str(name).strip()
        return names

    def bets(self, value: Any, path: FieldPath) -> tuple[Bets, Bets, Bets, Bets]:
        if value is None:
            return (NO_BETS, NO_BETS, NO_BETS, NO_BETS)
        if not isinstance(value, dict):
            raise RuleError(path, f"should map seats to add-ons, like {{S: {{piao: 1}}}}, not {_kind(value)}")
        bets = [NO_BETS] * 4
        for raw_seat, counts in value.items():
            seat = self.seat(raw_seat, (*path, str(raw_seat)))
            if counts is None:
                continue
            here = (*path, seat.name)
            given = self.mapping(counts, here, BET_KEYS, "add-ons (piao 飘, di 抵, gang 下杠)")
            # whole numbers before they reach the model; ranges and the dealer rule are the core's (Hand)
            bets[seat] = Bets(**{name: whole_count((*here, name), name, count) for name, count in given.items()})
        return (bets[0], bets[1], bets[2], bets[3])

    def outcome(self, value: Any, path: FieldPath) -> Outcome:
        if isinstance(value, str):
            value = {"type": value}
        given = self.mapping(value, path, WIN_KEYS, "the win (type, winner, from)")
        if "type" not in given:
            raise RuleError(path, "needs type: bomb, heavenly, anci, tianci, zhici, xuci or draw")
        win = WIN_NAMES.get(given["type"]) if isinstance(given["type"], str) else None
        if win is None:
            raise RuleError(
                (*path, "type"),
                f"{_short(given['type'])} is not a win — use bomb 炸弹, heavenly 天胡, anci 暗呲, "
                "tianci 天呲, zhici 直呲, xuci 续呲 or draw 流局 (dianpao 点炮, qianggang 抢杠 with those house rules)",
            )
        winner = self.seat(given["winner"], (*path, "winner")) if given.get("winner") is not None else None
        source = self.seat(given["from"], (*path, "from")) if given.get("from") is not None else None
        bao = self.flag(given["bao"], (*path, "bao")) if given.get("bao") is not None else False
        return Outcome(win, winner, source, bao)

    def ci_tile(self, value: Any, path: FieldPath) -> int:
        """A top-level ``ci:`` tile (``东``, ``7z``, ``四万``)."""
        from gangci_calc.tiles.notation import TileSyntaxError, parse_tile

        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise RuleError(path, f"{_short(value)} is not a tile like 东, 7z or 四万")
        try:
            return parse_tile(str(value))
        except TileSyntaxError as error:
            raise RuleError(path, f'"{_short_text(str(value))}": {error.message}') from None

    def mi(self, value: Any, path: FieldPath) -> tuple[int, int, int, int]:
        """``mi: {E: 2}``: the 米 each seat holds before this hand (下米)."""
        if value is None:
            return NO_MI
        if not isinstance(value, dict):
            raise RuleError(path, f"should map seats to counts of 米, like {{E: 2}}, not {_kind(value)}")
        counts = [0, 0, 0, 0]
        for raw_seat, count in value.items():
            seat = self.seat(raw_seat, (*path, str(raw_seat)))
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise RuleError((*path, seat.name), f"{_short(count)} is not a count of 米 (0 or more)")
            counts[seat] = count
        return (counts[0], counts[1], counts[2], counts[3])

    def tiles(self, value: Any, path: FieldPath, win: Win) -> TileClaim:
        """``tiles:`` -> :class:`TileClaim`, with notation, counts and size checked."""
        from gangci_calc.tiles.claims import TileClaim, check_tile_counts  # only hands with tiles need it
        from gangci_calc.tiles.notation import TileSyntaxError, parse_tile, parse_tiles

        given = self.mapping(value, path, TILE_KEYS, "tiles (ci, hand, win_tile, pungs, kongs, concealed_kongs)")
        for required in ("ci", "hand"):
            if given.get(required) is None:
                raise RuleError(path, f"needs {required}")

        def read(key: str, one: bool) -> Any:
            text = given.get(key)
            if text is None:
                return None if one else ()
            offset_known = isinstance(text, str)  # a list's items do not map to one line
            if isinstance(text, list):  # pungs: [4m, 5p]
                text = " ".join(str(t) for t in text)
            if not isinstance(text, (str, int)) or isinstance(text, bool):
                raise RuleError((*path, key), f"{text!r} is not tile notation like 123m 44p 7z")
            try:
                return parse_tile(str(text)) if one else tuple(parse_tiles(str(text)))
            except TileSyntaxError as error:
                offset = error.offset if offset_known else None
                raise RuleError((*path, key), f'"{text}": {error.message}', offset=offset) from None

        claim = TileClaim(
            ci=read("ci", True),
            hand=read("hand", False),
            win_tile=read("win_tile", True),
            pungs=read("pungs", False),
            kongs=read("kongs", False),
            concealed_kongs=read("concealed_kongs", False),
        )
        try:
            check_tile_counts(win, claim)
        except RuleError as error:
            raise RuleError((*path, *error.path[1:]), error.message, at_key=error.at_key) from None
        return claim

    def kongs(self, value: Any, path: FieldPath) -> tuple[Kong, ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            raise RuleError(path, f"should be a list of kongs, like [{{by: N, type: concealed}}], not {_kind(value)}")
        kongs = []
        for index, item in enumerate(value):
            here = (*path, index)
            given = self.mapping(item, here, KONG_KEYS, "a kong (by, type, from)")
            for required in ("by", "type"):
                if given.get(required) is None:
                    raise RuleError(here, f"needs {required}")
            kind = KONG_NAMES.get(given["type"]) if isinstance(given["type"], str) else None
            if kind is None:
                raise RuleError(
                    (*here, "type"),
                    f"{given['type']!r} is not a kong — use concealed 暗杠, exposed 明杠 or added 续杠",
                )
            source = self.seat(given["from"], (*here, "from")) if given.get("from") is not None else None
            kongs.append(Kong(self.seat(given["by"], (*here, "by")), kind, source))
        return tuple(kongs)


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"the text {_short(value)}" if isinstance(value, str) else _short(value)


def _short_text(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _short(value: Any) -> str:
    """A bad value for a message: its repr, cut short (a value may be huge)."""
    if isinstance(value, (dict, list)):
        return _kind(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**18:
        return "a number of more than 18 digits"
    return _short_text(repr(value))


CHECK = Checker()


@dataclass(frozen=True)
class Table:
    """Table settings: per hand file, or at the top of a session (and changed from a hand on)."""

    rules: TableRules  # 起底, 带政策 and the house options
    names: dict[Seat, str]


_TABLE_RULES: dict[tuple[int, bool, int], TableRules] = {}


def _table_rules(stakes: Stakes, policy: bool, house: HouseRules) -> TableRules:
    """One :class:`TableRules` per distinct table (bulk scoring meets the same few again and again).

    Keyed by identity (cheap to hash); each entry keeps its stakes and house rules alive, so an id is never reused.
    """
    key = (id(stakes), policy, id(house))
    rules = _TABLE_RULES.get(key)
    if rules is None:
        if len(_TABLE_RULES) >= 1024:
            _TABLE_RULES.clear()
        rules = _TABLE_RULES[key] = TableRules(stakes, policy, house)
    return rules


def table_from(given: dict[str, Any], path: FieldPath = (), base: HouseRules = SEED_RULES) -> Table:
    """The table settings of a hand file or a session header; ``base`` is what ``rules:`` changes."""
    if "stakes" not in given:
        raise RuleError(path, "missing stakes — 起底方案: 1, 2 or {gang: 1000}")
    stakes = CHECK.stakes(given["stakes"], (*path, "stakes"))
    policy = CHECK.flag(given.get("policy", False), (*path, "policy"))
    rules = given.get("rules")
    house = base if rules is None else CHECK.house(rules, (*path, "rules"), base)
    return Table(_table_rules(stakes, policy, house), CHECK.names(given.get("players"), (*path, "players")))


def table_changed(given: dict[str, Any], table: Table, path: FieldPath) -> Table:
    """A session hand's own ``stakes``, ``policy``, ``rules`` or ``players``: the table from that hand on."""
    rules = table.rules
    stakes = CHECK.stakes(given["stakes"], (*path, "stakes")) if "stakes" in given else rules.stakes
    policy = CHECK.flag(given["policy"], (*path, "policy")) if "policy" in given else rules.policy
    house = CHECK.house(given.get("rules"), (*path, "rules"), rules.house)
    names = CHECK.names(given["players"], (*path, "players")) if "players" in given else table.names
    return Table(_table_rules(stakes, policy, house), names)


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
        raise RuleError(path, "missing win — e.g. win: {type: bomb, winner: S}")
    outcome = CHECK.outcome(given["win"], (*path, "win"))
    bets = CHECK.bets(given.get("bets"), (*path, "bets"))
    kongs = CHECK.kongs(given.get("kongs"), (*path, "kongs"))
    raw_ci = given.get("ci")
    ci = CHECK.ci_tile(raw_ci, (*path, "ci")) if raw_ci is not None else None
    tiles = None
    if given.get("tiles") is not None:
        tiles = CHECK.tiles(given["tiles"], (*path, "tiles"), outcome.win)
        if ci is not None and ci != tiles.ci:
            raise RuleError((*path, "ci"), "differs from tiles.ci: the hand has one ci tile (杠底牌)")
        ci = tiles.ci
    if mi is None:
        mi = CHECK.mi(given["mi"], (*path, "mi")) if "mi" in given else NO_MI
    rules = table.rules
    if referee and rules.house.hard_ci:
        rules = TableRules(rules.stakes, rules.policy, replace(rules.house, hard_ci=False))
    try:
        hand = Hand(rules, dealer, outcome, bets, kongs, ci, mi)
    except RuleError as error:
        raise RuleError((*path, *error.path), error.message, at_key=error.at_key) from None
    return hand, tiles


def hand_from_data(data: Any, base: HouseRules = SEED_RULES, *, referee: bool = False) -> LoadedHand:
    """One hand file's data -> :class:`LoadedHand`; raises :class:`RuleError`.

    ``base`` is the house rules from ``--rules FILE``; the file's own ``rules:`` changes them key by key.
    """
    if not isinstance(data, dict):
        raise RuleError((), f"a hand file should be a mapping of fields (stakes, dealer, win, ...), not {_kind(data)}")
    if "hands" in data or "牌局" in data:
        raise RuleError(("hands",), "this is a session file (many hands): use `gangci session`", at_key=True)
    given = CHECK.mapping(data, (), TOP_KEYS, "a hand file")
    table = table_from(given, (), base)
    if "dealer" not in given:
        raise RuleError((), "missing dealer — who dealt (庄家): E, S, W or N")
    dealer = CHECK.seat(given["dealer"], ("dealer",))
    hand, tiles = hand_from(given, table, dealer, referee=referee)
    return LoadedHand(hand, table.names, tiles, rules=table.rules if referee else None)


def house_from_data(data: Any) -> HouseRules:
    """A ``--rules`` file's data: a mapping with ``rules:`` (规矩 / 玩法), or the bare options."""
    if isinstance(data, dict) and len(data) == 1:
        (key,) = data
        if isinstance(key, str) and normalize_key(key) == "rules":
            return CHECK.house(data[key], ("rules",), SEED_RULES)
    if not isinstance(data, dict):
        raise RuleError((), f"a rules file should be a mapping of house options (rules: {{...}}), not {_kind(data)}")
    return CHECK.house(data, (), SEED_RULES)


def load_rules(path: str | Path) -> HouseRules:
    """Read a ``--rules FILE``: one table's house options, kept by a club for every hand."""
    source = str(path)
    text = read_text(path)
    data = parse_yaml(text, source)
    if data is None:
        raise InputError(source, "is empty — a rules file names house options, like rules: {baoci: true}")
    try:
        return house_from_data(data)
    except RuleError as error:
        raise located(error, source, text) from None


def located(error: RuleError, source: str, text: str | None, *, line_offset: int = 0) -> InputError:
    """Attach the file position of ``error.path`` (found in ``text``)."""
    position = locate(text, error.path, normalize_key, at_key=error.at_key) if text else None
    line, column = (position[0] + line_offset, position[1]) if position else (None, None)
    if position and text and error.offset is not None:  # point at the character itself
        row = text.splitlines()[position[0] - 1]
        quoted = position[1] <= len(row) and row[position[1] - 1] in "'\""
        column = position[1] + error.offset + quoted
    return InputError(source, error.message, line=line, column=column, field=field_name(error.path))


def load_hand(path: str | Path, base: HouseRules = SEED_RULES, *, referee: bool = False) -> LoadedHand:
    """Read and check one hand file (YAML, or JSON which is YAML too)."""
    source = str(path)
    text = read_text(path)
    data = parse_yaml(text, source)
    if data is None:
        raise InputError(source, "is empty — a hand file needs at least stakes, dealer and win")
    try:
        loaded = hand_from_data(data, base, referee=referee)
    except RuleError as error:
        raise located(error, source, text) from None
    return replace(loaded, source=source)
