"""Hand files (YAML / JSON) -> :class:`~gangci_calc.rules.Hand`, checked at the boundary.

Every mistake becomes one :class:`~gangci_calc.errors.InputError`: the file,
line and column, the field, what is wrong and what would be right.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from gangci_calc.errors import FieldPath, InputError, RuleError, field_name
from gangci_calc.io.positions import locate
from gangci_calc.io.schema import (
    BET_KEYS,
    KONG_KEYS,
    KONG_NAMES,
    STAKES_KEYS,
    TILE_KEYS,
    TOP_KEYS,
    WIN_KEYS,
    WIN_NAMES,
    normalize_key,
)
from gangci_calc.rules import (
    NO_BETS,
    SCHEMES,
    Bets,
    Hand,
    Kong,
    Outcome,
    Seat,
    Stakes,
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


_SPELLINGS: dict[int, dict[str, str]] = {}


class Checker:
    """Turns plain data into models, raising :class:`RuleError` with a field path."""

    def mapping(self, data: Any, path: FieldPath, keys: Mapping[str, tuple[str, ...]], what: str) -> dict[str, Any]:
        """Check a mapping's keys against ``keys`` (with aliases); return it canonical."""
        if not isinstance(data, dict):
            raise RuleError(path, f"should be a mapping of {what}, not {_kind(data)}")
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
            raise RuleError(path, f"{value!r} is not a seat — use E S W N or 东 南 西 北")
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
        given = self.mapping(value, path, STAKES_KEYS, "stakes (gang 杠底, bomb 炸弹底, ci 杠呲底)")
        for name, amount in given.items():
            if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
                raise RuleError((*path, name), f"{amount!r} is not a positive whole amount")
        if "gang" not in given:
            raise RuleError(path, "needs at least gang (杠底); bomb and ci default to 2× and 6× it")
        usual = Stakes.from_gang(given["gang"])
        return Stakes(given["gang"], given.get("bomb", usual.bomb), given.get("ci", usual.ci))

    @staticmethod
    def flag(value: Any, path: FieldPath) -> bool:
        if not isinstance(value, bool):
            raise RuleError(path, f"{value!r} is not true or false")
        return value

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
                f"{given['type']!r} is not a win — use bomb 炸弹, heavenly 天胡, anci 暗呲, "
                "tianci 天呲, zhici 直呲, xuci 续呲 or draw 流局",
            )
        winner = self.seat(given["winner"], (*path, "winner")) if given.get("winner") is not None else None
        source = self.seat(given["from"], (*path, "from")) if given.get("from") is not None else None
        return Outcome(win, winner, source)

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
    return f"the text {value!r}" if isinstance(value, str) else repr(value)


CHECK = Checker()


@dataclass(frozen=True)
class Table:
    """Table settings: per hand file, or once at the top of a session."""

    stakes: Stakes
    policy: bool
    names: dict[Seat, str]


def table_from(given: dict[str, Any], path: FieldPath = ()) -> Table:
    if "stakes" not in given:
        raise RuleError(path, "missing stakes — 起底方案: 1, 2 or {gang: 1000}")
    return Table(
        stakes=CHECK.stakes(given["stakes"], (*path, "stakes")),
        policy=CHECK.flag(given.get("policy", False), (*path, "policy")),
        names=CHECK.names(given.get("players"), (*path, "players")),
    )


def hand_from(given: dict[str, Any], table: Table, dealer: Seat, path: FieldPath = ()) -> tuple[Hand, TileClaim | None]:
    """Build and rule-check one hand from its canonical keys; returns (hand, tiles)."""
    if "win" not in given:
        raise RuleError(path, "missing win — e.g. win: {type: bomb, winner: S}")
    outcome = CHECK.outcome(given["win"], (*path, "win"))
    bets = CHECK.bets(given.get("bets"), (*path, "bets"))
    kongs = CHECK.kongs(given.get("kongs"), (*path, "kongs"))
    try:
        hand = Hand(table.stakes, dealer, outcome, table.policy, bets, kongs)
    except RuleError as error:
        raise RuleError((*path, *error.path), error.message, at_key=error.at_key) from None
    tiles = None
    if given.get("tiles") is not None:
        tiles = CHECK.tiles(given["tiles"], (*path, "tiles"), outcome.win)
    return hand, tiles


def hand_from_data(data: Any) -> LoadedHand:
    """One hand file's data -> :class:`LoadedHand`; raises :class:`RuleError`."""
    if not isinstance(data, dict):
        raise RuleError((), f"a hand file should be a mapping of fields (stakes, dealer, win, ...), not {_kind(data)}")
    if "hands" in data or "牌局" in data:
        raise RuleError(("hands",), "this is a session file (many hands): use `gangci session`", at_key=True)
    given = CHECK.mapping(data, (), TOP_KEYS, "a hand file")
    table = table_from(given)
    if "dealer" not in given:
        raise RuleError((), "missing dealer — who dealt (庄家): E, S, W or N")
    dealer = CHECK.seat(given["dealer"], ("dealer",))
    hand, tiles = hand_from(given, table, dealer)
    return LoadedHand(hand, table.names, tiles)


def located(error: RuleError, source: str, text: str | None, *, line_offset: int = 0) -> InputError:
    """Attach the file position of ``error.path`` (found in ``text``)."""
    position = locate(text, error.path, normalize_key, at_key=error.at_key) if text else None
    line, column = (position[0] + line_offset, position[1]) if position else (None, None)
    if position and text and error.offset is not None:  # point at the character itself
        row = text.splitlines()[position[0] - 1]
        quoted = position[1] <= len(row) and row[position[1] - 1] in "'\""
        column = position[1] + error.offset + quoted
    return InputError(source, error.message, line=line, column=column, field=field_name(error.path))


def load_hand(path: str | Path) -> LoadedHand:
    """Read and check one hand file (YAML, or JSON which is YAML too)."""
    source = str(path)
    text = read_text(path)
    data = parse_yaml(text, source)
    if data is None:
        raise InputError(source, "is empty — a hand file needs at least stakes, dealer and win")
    try:
        loaded = hand_from_data(data)
    except RuleError as error:
        raise located(error, source, text) from None
    return LoadedHand(loaded.hand, loaded.names, loaded.tiles, source)
