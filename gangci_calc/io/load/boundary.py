"""The one loading boundary: bytes from a file, or a record's text, to plain data that cannot trick us.

Every command reads through here. What it refuses, each as one located
:class:`~gangci_calc.core.errors.InputError` (exit 2), echoing at most a short
prefix of a bad value:

- anything but a regular file (or ``-``), and a file larger than its cap;
- text that is not UTF-8 (a BOM is allowed);
- YAML tags beyond the plain core types (no Python objects, no binary, sets
  or ordered maps); a value its tag cannot build (``!!bool maybe``);
- integers of more than 18 digits, except where a record echoes them (its ``id``, its ``meta``, a key it
  keeps): there a warehouse's BIGINT, any 64-bit whole number;
- a key given twice in one mapping, in YAML and JSON alike, naming both lines;
- nesting deeper than :data:`MAX_DEPTH`, and more than :data:`MAX_ALIASES`
  YAML aliases (the "billion laughs"), checked without recursion.
"""

from __future__ import annotations

import operator
import os
import re
import stat
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import yaml

from gangci_calc.core.digits import ascii_whole
from gangci_calc.core.errors import FieldPath, InputError, RuleError, field_name
from gangci_calc.words import Said, say
from gangci_calc.words import messages as m

MAX_DEPTH = 24  # a hand file nests about 5 deep; meta mappings get room
MAX_ALIASES = 64
MAX_EXPANDED = 10_000  # items that aliases may stand for, all together (a hand has about 30)
MAX_DIGITS = 18
LARGEST_ECHOED = (1 << 63) - 1  # an id's or a player's whole number: a warehouse's BIGINT (snowflake ids)
LARGEST_UNSIGNED = (1 << 64) - 1  # meta's or a kept key's: a warehouse's UBIGINT too (DuckDB's, Parquet's uint64)
HAND_FILE_LIMIT = 1 << 20  # 1 MiB: one hand, or a rules file
# A ledger's limits (docs/file-format.md, gangci schema): far past any evening's (a hundred hands, ~15 KB), and
# small enough that a ledger within them is read in about a second and a hundred MB at worst (every hand a
# one-line 流局); past them it is refused before it is parsed (its size), or before its hands are read (their
# count), and a hand that would take it past them is not added.
SESSION_FILE_LIMIT = 1 << 20  # 1 MiB: an evening's ledger, even a season's in one file (~7,000 hands)
MOST_HANDS = 5000  # hands in one ledger: fifty long evenings
HAND_LIMIT = 16 << 10  # 16 KiB: one hand of a ledger as written (tiles and all take a few hundred bytes)
META_LIMIT = 4 << 10  # 4 KiB: one hand's meta, as JSON (a platform's table and time take fifty bytes)

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: same rules, faster


class ValueProblem(yaml.constructor.ConstructorError):
    """A value that YAML parses but cannot be built (``!!int x``, ``!!bool maybe``, a 40-digit number)."""

    def __init__(self, said: Said, mark: yaml.Mark) -> None:
        super().__init__(None, None, said.text("en"), mark)
        self.said = said


def short(text: str, limit: int = 40) -> str:
    """At most ``limit`` characters of a bad value, for a message."""
    return text if len(text) <= limit else text[:limit] + "…"


_MERGE = "tag:yaml.org,2002:merge"


class TooBig(str):
    """A whole number of more than 18 digits, where it stood (1-based), until the field it is in is known; its
    ``number`` where it is one of at most 20 digits (else ``None``)."""

    line: int
    column: int
    number: int | None

    def __new__(cls, text: str, line: int, column: int, number: int | None = None) -> TooBig:
        made = super().__new__(cls, text)
        made.line, made.column, made.number = line, column, number
        return made


def refuse_too_big(data: Any, source: str, line_offset: int = 0, text: str = "") -> None:
    """Raise the located error of the first :class:`TooBig` in ``data``, naming its field (a JSON number, which
    comes without a place, is found in ``text``); one that a record echoes (:func:`echoed`) or names a player by
    (a snowflake id), within :func:`largest_whole`, is put back as its number."""
    from gangci_calc.io.load.schema import field_words

    stack: list[tuple[tuple[str | int, ...], Any, Any]] = [((), data, None)]
    while stack:
        path, value, holder = stack.pop()
        if isinstance(value, TooBig):
            number, largest = value.number, largest_whole(path)
            if largest and holder is not None and number is not None and -LARGEST_ECHOED - 1 <= number <= largest:
                holder[path[-1]] = number  # a BIGINT: a snowflake id, a warehouse's room number
                continue
            if largest:
                said = say(m.BEYOND_BIGINT if largest == LARGEST_ECHOED else m.BEYOND_UBIGINT,
                           value=short(str(value)), largest=largest)  # fmt: skip
            else:
                said = say(m.TOO_MANY_DIGITS, value=short(str(value)), digits=MAX_DIGITS)
            line, column = value.line + line_offset, value.column
            if not value.line and text.find(value) >= 0:
                line, column = _position(text, text.find(value), 1 + line_offset)
            raise InputError(source, said, line=line, column=column, field=field_words(path), path=path)
        if isinstance(value, dict):
            stack += [((*path, str(key)), key, None) for key in value if isinstance(key, TooBig)]
            stack += [((*path, key), item, value) for key, item in reversed(value.items())]
        elif isinstance(value, list):
            stack += [((*path, index), item, value) for index, item in reversed(list(enumerate(value)))]


def largest_whole(path: tuple[str | int, ...]) -> int:
    """The largest whole number of more than 18 digits taken at ``path`` (from ``-LARGEST_ECHOED - 1`` up), or 0
    where none is: a BIGINT as a record's id or a player's name (a snowflake id, as names are texts or numbers);
    a warehouse's UBIGINT too within what a record echoes as given (``meta``, a kept key), which no hand reads.

    >>> [largest_whole(p) > 0 for p in (("id",), ("players", "E"), ("hands", 0, "玩家", "东"), ("stakes",))]
    [True, True, True, False]
    """
    if _a_name(path) or (echoed(path) and _echoed_key(path) == "id"):
        return LARGEST_ECHOED
    return LARGEST_UNSIGNED if echoed(path) else 0


def _echoed_key(path: tuple[str | int, ...]) -> str | None:
    from gangci_calc.io.load.schema import SESSION, TOP

    top = path[0] if path and isinstance(path[0], str) else ""
    if SESSION.lookup.get(top) == "hands" and len(path) > 2 and isinstance(path[2], str):
        return TOP.lookup.get(path[2])
    return TOP.lookup.get(top) or SESSION.lookup.get(top)


def _a_name(path: tuple[str | int, ...]) -> bool:
    """Is ``path`` a player's name: ``players.E``, a session's, or a session hand's?"""
    from gangci_calc.io.load.schema import SESSION, TOP

    if len(path) == 4 and isinstance(path[0], str) and SESSION.lookup.get(path[0]) == "hands":
        path = path[2:]
    return (
        len(path) == 2
        and isinstance(path[0], str)
        and "players" in (TOP.lookup.get(path[0]), SESSION.lookup.get(path[0]))
    )


def echoed(path: tuple[str | int, ...]) -> bool:
    """Is ``path`` within what a record echoes as given: its ``id``, its ``meta`` (a session's hand's too), or a
    top-level key the hand does not know (``--keep`` keeps it; else it is refused as unknown)?

    >>> echoed(("id",)), echoed(("meta", "room")), echoed(("hands", 2, "编号")), echoed(("room_id",))
    (True, True, True, True)
    >>> echoed(("stakes", "gang")), echoed(("hands", 2, "bets"))
    (False, False)
    """
    from gangci_calc.io.load.schema import SESSION, TOP

    if not path or not isinstance(path[0], str):
        return False
    top = path[0]
    if SESSION.lookup.get(top) == "hands":
        return len(path) > 2 and isinstance(path[2], str) and TOP.lookup.get(path[2]) in _ECHOED
    known = TOP.lookup.get(top) or SESSION.lookup.get(top)
    return known is None or known in _ECHOED


_ECHOED = ("id", "meta")


class Loader(_Base):  # type: ignore[misc]
    """Safe YAML (libyaml's parser when present) with the boundary's rules on top."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        """A mapping, built straight (no generator, no second pass); a key given twice is refused, whether spelt
        the same or not (``yes`` and ``true`` are one key)."""
        if not isinstance(node, yaml.MappingNode) or any(key.tag == _MERGE for key, _ in node.value):
            mapping: dict[Any, Any] = super().construct_mapping(node, deep=deep)  # merge keys (<<): the long way
            if isinstance(node, yaml.MappingNode) and len(mapping) < len(node.value):
                self._twice(node)
            return mapping
        built: dict[Any, Any] = {}
        construct = self.construct_object
        for key_node, value_node in node.value:
            key = construct(key_node, deep=deep)
            try:
                known = key in built
            except TypeError:  # a mapping or list as a key
                raise yaml.constructor.ConstructorError(
                    "while constructing a mapping", node.start_mark, "found unhashable key", key_node.start_mark
                ) from None
            if known:
                self._twice(node)
            built[key] = construct(value_node, deep=deep)
        return built

    def _twice(self, node: yaml.MappingNode) -> None:
        """Say which key is given twice, and on which lines."""
        seen: dict[Any, tuple[int, int]] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            identity = key if not isinstance(key, (dict, list)) else repr(key)
            here = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            if identity in seen:
                (line, column), name = seen[identity], short(str(key_node.value))
                if line == here[0]:  # one line (a flow mapping, a JSON record): the columns tell them apart
                    said = say(m.KEY_TWICE_COLUMNS, key=name, line=line, first=column, second=here[1])
                else:
                    said = say(m.KEY_TWICE_LINES, key=name, first=line, second=here[0])
                raise ValueProblem(said, key_node.start_mark)
            seen[identity] = here

    def construct_yaml_map(self, node: yaml.MappingNode) -> dict[Any, Any]:
        return self.construct_mapping(node, deep=True)

    def construct_yaml_seq(self, node: yaml.SequenceNode) -> list[Any]:
        return list(self.construct_sequence(node, deep=True))

    def construct_yaml_bool(self, node: yaml.ScalarNode) -> bool:
        value = str(self.construct_scalar(node))
        truth = self.bool_values.get(value.lower())
        if truth is None:
            raise ValueProblem(say(m.NOT_TRUE_FALSE, value=short(value)), node.start_mark)
        return bool(truth)

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int | TooBig:
        text = str(self.construct_scalar(node))
        number = ascii_whole(text) if len(text) <= MAX_DIGITS else None
        if number is not None:  # the usual case: a count or an amount
            return number
        digits = text.replace("_", "").lstrip("+-")
        if len(digits) > MAX_DIGITS + 2:  # 0x / 0o / 0b prefixes aside, more than 18 digits is no amount
            return self._too_big(text, node)
        try:
            value: int = super().construct_yaml_int(node)
        except (ValueError, TypeError):
            raise ValueProblem(say(m.NOT_WHOLE, value=short(text)), node.start_mark) from None
        if abs(value) >= 10**MAX_DIGITS:
            return self._too_big(text, node, value)
        return value

    def _too_big(self, text: str, node: yaml.ScalarNode, number: int | None = None) -> TooBig:
        """A number of more than 18 digits stands in the data until the load ends, which then says which field."""
        self.too_big = True
        return TooBig(text, node.start_mark.line + 1, node.start_mark.column + 1, number)

    def construct_yaml_float(self, node: yaml.ScalarNode) -> float:
        try:
            value: float = super().construct_yaml_float(node)
        except (ValueError, TypeError):
            text = short(str(self.construct_scalar(node)))
            raise ValueProblem(say(m.NOT_A_NUMBER, value=text), node.start_mark) from None
        return value

    def construct_yaml_timestamp(self, node: yaml.ScalarNode) -> str:
        """A date stays its text: no field takes a date, and ``!!timestamp x`` must not fail later."""
        return str(self.construct_scalar(node))

    def construct_not_plain(self, node: yaml.Node) -> None:
        raise ValueProblem(say(m.PLAIN_YAML_ONLY, tag=node.tag), node.start_mark)


Loader.add_constructor("tag:yaml.org,2002:map", Loader.construct_yaml_map)
Loader.add_constructor("tag:yaml.org,2002:seq", Loader.construct_yaml_seq)
Loader.add_constructor("tag:yaml.org,2002:bool", Loader.construct_yaml_bool)
Loader.add_constructor("tag:yaml.org,2002:int", Loader.construct_yaml_int)
Loader.add_constructor("tag:yaml.org,2002:float", Loader.construct_yaml_float)
Loader.add_constructor("tag:yaml.org,2002:timestamp", Loader.construct_yaml_timestamp)
for _tag in ("binary", "omap", "pairs", "set"):
    Loader.add_constructor(f"tag:yaml.org,2002:{_tag}", Loader.construct_not_plain)

_DEEP_INDENT = "\n" + " " * 32


def maybe_deep(text: str) -> bool:
    """Only a text with many brackets, list dashes, aliases or deep indentation is scanned event by event."""
    return (
        text.count("[") + text.count("{") + text.count("- ") > MAX_DEPTH
        or ("*" in text and "&" in text)
        or _DEEP_INDENT in text
        or text.startswith(" " * 32)
    )


def read_text(path: str | Path, limit: int = HAND_FILE_LIMIT) -> str:
    """A regular file's text (UTF-8, BOM dropped), or an :class:`InputError` saying why not."""
    return decode(read_bytes(path, limit), str(path))


def read_bytes(path: str | Path, limit: int = HAND_FILE_LIMIT) -> bytes:
    """A regular file's bytes, at most ``limit`` of them, or an :class:`InputError` saying why not."""
    name = str(path)
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            if stat.S_ISDIR(info.st_mode):
                raise InputError(name, say(m.IS_A_DIRECTORY))
            raise InputError(name, say(m.NOT_REGULAR))
        if info.st_size > limit:  # refused before a byte is read
            raise InputError(name, _too_large(limit))
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise InputError(name, say(m.NO_SUCH_FILE)) from None
    except OSError as error:
        raise InputError(name, say(m.CANNOT_READ, reason=error.strerror)) from None
    if len(data) > limit:
        raise InputError(name, _too_large(limit))
    return data


def _too_large(limit: int) -> Said:
    return say(m.LEDGER_TOO_LARGE if limit == SESSION_FILE_LIMIT else m.TOO_LARGE, size=limit >> 20)


def decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputError(name, say(m.NOT_UTF8), line=line) from None


def has_bom(path: str | Path) -> bool:
    """Does the file start with a UTF-8 byte order mark (kept when the file is rewritten)?"""
    with open(path, "rb") as handle:
        return handle.read(3) == b"\xef\xbb\xbf"


def parse_yaml(text: str, source: str, *, line_offset: int = 0) -> Any:
    """Plain data from YAML, within the boundary's limits; every refusal is one located :class:`InputError`."""
    if maybe_deep(text):
        _check_structure(text, source, line_offset)
    loader = Loader(text)
    try:
        data = loader.get_single_data()
        if getattr(loader, "too_big", False):
            refuse_too_big(data, source, line_offset)
        refuse_lone_surrogates(text, data, source, None)
        return data
    except ValueProblem as error:
        raise _located(error, source, line_offset, error.said) from None
    except yaml.MarkedYAMLError as error:
        problem = error.problem or "invalid YAML"
        if isinstance(error, yaml.constructor.ConstructorError) and "tag" in problem:
            said = say(m.NO_PYTHON_OBJECTS, tag=problem.split(" tag")[0])
        else:
            said = say(m.YAML_SYNTAX, problem=yaml_problem(problem))
        raise _located(error, source, line_offset, said) from None
    except yaml.YAMLError as error:
        raise InputError(source, say(m.YAML_SYNTAX, problem=yaml_problem(short(str(error), 200)))) from None
    except RecursionError:
        raise InputError(source, say(m.NESTED_TOO_DEEP, depth=MAX_DEPTH)) from None
    finally:
        loader.dispose()


# the YAML parser's problems, first words first, in the words of the vocabulary
YAML_PROBLEMS = (
    ("did not find expected ',' or '}'", m.YAML_FLOW_MAPPING),
    ("did not find expected ',' or ']'", m.YAML_FLOW_SEQUENCE),
    ("mapping values are not allowed here", m.YAML_MAPPING_VALUES),
    ("could not find expected ':'", m.YAML_EXPECTED_COLON),
    ("found character '\\t'", m.YAML_TAB),
    ("found a tab character", m.YAML_TAB),
    ("found character", m.YAML_BAD_CHARACTER),
    ("did not find expected key", m.YAML_EXPECTED_KEY),
    ("did not find expected node content", m.YAML_EXPECTED_CONTENT),
    ("did not find expected '-' indicator", m.YAML_EXPECTED_DASH),
    ("found undefined alias", m.YAML_UNDEFINED_ALIAS),
    ("expected <block end>", m.YAML_INDENTATION),
    ("found unexpected end of stream", m.YAML_UNEXPECTED_END),
    ("found unknown escape character", m.YAML_ESCAPE),
    ("expected a single document", m.YAML_ONE_DOCUMENT),
)


def yaml_problem(problem: str) -> Said:
    """The parser's English problem in the words of the vocabulary (its own words, quoted, where it has none)."""
    for start, message in YAML_PROBLEMS:
        if problem.startswith(start):
            return say(message)
    return say(m.YAML_OTHER, problem=problem)


def parse_document(text: str, source: str) -> Any:
    """A whole file's data: JSON read as JSON (``1e3`` is a number, ``\\ud83d\\ude00`` one character), as
    ``gangci batch`` reads a JSON record; anything else as YAML."""
    if text.lstrip()[:1] == "{":
        try:
            return parse_json(text, source, 1, fall_back=True)
        except _NotJson:
            pass
    return parse_yaml(text, source)


class _NotJson(Exception):
    """Not JSON after all: read it as YAML."""


def _located(error: yaml.MarkedYAMLError, source: str, line_offset: int, message: Said) -> InputError:
    mark = error.problem_mark or error.context_mark
    line = mark.line + 1 + line_offset if mark else None
    column = mark.column + 1 if mark else None
    return InputError(source, message, line=line, column=column)


def _check_structure(text: str, source: str, line_offset: int) -> None:
    """Depth, alias count and what the aliases expand to, from the parser's events, without building anything
    or recursing: 64 aliases of aliases can stand for billions of items (the "billion laughs")."""
    depth = aliases = expanded = 0
    sizes: dict[str, int] = {}  # an anchor's node count, aliases within it expanded
    open_nodes: list[tuple[str | None, int]] = [(None, 0)]  # (anchor, node count so far) of each open collection
    try:
        for event in yaml.parse(text, Loader=_Base):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    line, column = _at(event, line_offset)
                    raise InputError(source, say(m.NESTED_LEVELS, depth=MAX_DEPTH), line=line, column=column)
                open_nodes.append((event.anchor, 1))
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
                anchor, size = open_nodes.pop()
                if anchor is not None:
                    sizes[anchor] = size
                parent, count = open_nodes[-1]
                open_nodes[-1] = (parent, count + size)
            elif isinstance(event, yaml.ScalarEvent):
                if event.anchor is not None:
                    sizes[event.anchor] = 1
                parent, count = open_nodes[-1]
                open_nodes[-1] = (parent, count + 1)
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                size = sizes.get(event.anchor or "", 1)
                expanded += size
                if aliases > MAX_ALIASES or expanded > MAX_EXPANDED:
                    line, column = _at(event, line_offset)
                    said = say(m.TOO_MANY_ALIASES, count=MAX_ALIASES, items=MAX_EXPANDED)
                    raise InputError(source, said, line=line, column=column)
                parent, count = open_nodes[-1]
                open_nodes[-1] = (parent, count + size)
    except yaml.YAMLError:
        return  # the load that follows reports the syntax error, located


def _at(event: yaml.Event, line_offset: int) -> tuple[int | None, int | None]:
    mark = event.start_mark
    return (mark.line + 1 + line_offset, mark.column + 1) if mark is not None else (None, None)


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    mapping = dict(pairs)
    if len(mapping) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return mapping


class CellRefused(ValueError):
    """A table cell's JSON text that is JSON, but that the boundary refuses as it refuses a JSON Lines record: a
    key given twice, nesting deeper than :data:`MAX_DEPTH`, a lone surrogate. ``said``: why; ``field``: the column
    whose text holds it, where a table's cell did (set by the reader of the row)."""

    field = ""

    def __init__(self, said: Said) -> None:
        super().__init__(said.text("en"))
        self.said = said


class _DuplicateKey(CellRefused):
    def __init__(self, key: str) -> None:
        super().__init__(say(m.KEY_TWICE_OBJECT, key=short(key)))
        self.key = key


def json_cell(text: str | bytes) -> Any:
    """The JSON a table's cell holds (a Parquet ``stakes`` text, DuckDB's JSON type, a text in a JSON Lines
    record: :func:`json_texts_read`), within the limits of a JSON Lines record: a key given twice, nesting past
    :data:`MAX_DEPTH` and a lone surrogate are each a :class:`CellRefused` (never "the later one wins", a
    RecursionError, or a text no output can hold). Not JSON at all: a plain ``ValueError``."""
    import json

    if isinstance(text, bytes):
        text = text.decode()  # not UTF-8: a UnicodeDecodeError, a ValueError
    if text.count("[") + text.count("{") > MAX_DEPTH and _too_deep_at(text) is not None:
        raise CellRefused(say(m.NESTED_LEVELS, depth=MAX_DEPTH))
    value = json.loads(text, object_pairs_hook=_pairs)
    if _SURROGATE_ESCAPE.search(text) and lone_surrogate(value) is not None:
        raise CellRefused(say(m.LONE_SURROGATE))
    return value


_BIG_SEEN = [0]  # how many numbers of more than 18 digits the JSON decoder has met (one process, one thread)


def _json_int(text: str) -> int | TooBig:
    if len(text) <= MAX_DIGITS or len(text.lstrip("-")) <= MAX_DIGITS:
        return int(text)
    _BIG_SEEN[0] += 1
    return TooBig(text, 0, 0, int(text) if len(text) <= 21 else None)  # 20 digits and a sign: a BIGINT's or more


@cache
def _decoder() -> Any:
    """The standard library's JSON decoder, refusing a key given twice (imported when JSON first comes)."""
    import json

    return json.JSONDecoder(object_pairs_hook=_pairs, parse_int=_json_int)


_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\(?:u[dD][89a-fA-F]|U0000[dD][89a-fA-F])")


def lone_surrogate(data: Any) -> FieldPath | None:
    """The field of the first text (a value or a key) in ``data`` holding a lone surrogate (valid JSON
    ``"\\ud800"``, which no file can hold as UTF-8), else None. Without a recursion: data may be deep."""
    stack: list[tuple[FieldPath, Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                return path
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and _SURROGATE.search(key):
                    return (*path, key)
                stack.append(((*path, key), item))
        elif isinstance(value, list):
            stack.extend(((*path, index), item) for index, item in enumerate(value))
    return None


def refuse_lone_surrogates(text: str, data: Any, source: str, line: int | None) -> None:
    """Refuse ``data`` (read from ``text``) if a text of it holds a lone surrogate: the record's own error, never
    a crash when its line is written out as UTF-8."""
    if not _SURROGATE_ESCAPE.search(text):  # the usual case: no escape that could make one
        return
    path = lone_surrogate(data)
    if path is not None:
        where = _SURROGATE.sub(lambda found: f"\\u{ord(found.group()):04x}", field_name(path))  # writable
        raise InputError(source, say(m.LONE_SURROGATE), line=line, field=where, path=path, reason=m.LONE_SURROGATE)


def plain_data(value: Any, path: FieldPath = ()) -> Any:
    """A record given from Python as the data a file holds, which the loader reads: any ``Mapping`` a dict (its
    keys texts or whole numbers), any ``Sequence`` but text and bytes a list, an integer of another type (numpy's
    ``int64``) an int. Anything a file cannot hold (a datetime, a Decimal, a set, bytes, a mapping that holds
    itself: nesting past ``MAX_DEPTH``) raises :class:`RuleError` naming its field."""
    kind = type(value)
    if value is None or kind is str or kind is int or kind is bool or kind is float:  # most of a record
        return value
    if kind is not dict and isinstance(value, (str, bool, int, float)):
        return value
    if len(path) > MAX_DEPTH:
        raise RuleError(path, say(m.NESTED_TOO_DEEP, depth=MAX_DEPTH))
    if kind is dict or isinstance(value, Mapping):
        found = {}
        for key, item in value.items():
            if type(key) is not str and (not isinstance(key, (str, int)) or isinstance(key, bool)):
                raise RuleError(path, say(m.NOT_PLAIN_DATA, kind=type(key).__name__))
            held = type(item)
            # a scalar as it is; a field's path is made only for what nests
            found[key] = item if held in _SCALARS or item is None else plain_data(item, (*path, key))
        return found
    if kind is list or (isinstance(value, Sequence) and not isinstance(value, (bytes, bytearray))):
        return [
            item if type(item) in _SCALARS or item is None else plain_data(item, (*path, number))
            for number, item in enumerate(value)
        ]
    if hasattr(type(value), "__index__") and not isinstance(value, (bytes, bytearray)):
        return operator.index(value)  # numpy's integers
    raise RuleError(path, say(m.NOT_PLAIN_DATA, kind=type(value).__name__))


_SCALARS = frozenset({str, int, bool, float})


def without_nulls(value: Any) -> Any:
    """Data with every null inside its mappings taken out: a null is a key not given, in ``meta`` and a kept value
    too (a warehouse writes one for each field it has no value for, in JSON as in Parquet). A NaN or an infinity
    (a float column's) is no number JSON can write: a null, so taken out as one (a list keeps its place as null).

    >>> without_nulls({"at": "20:31", "fee": None, "seats": [{"n": None}, None], "score": float("nan")})
    {'at': '20:31', 'seats': [{}, None]}
    """
    if isinstance(value, dict):
        return {key: without_nulls(item) for key, item in value.items() if item is not None and not _no_number(item)}
    if isinstance(value, list):
        return [without_nulls(item) for item in value]
    return None if _no_number(value) else value


def _no_number(value: Any) -> bool:
    return type(value) is float and (value != value or value in (_INFINITY, -_INFINITY))


_INFINITY = float("inf")


def null_free_json(text: str) -> str:
    """A JSON text as :func:`without_nulls` makes its value; the text itself where it has no null in a mapping
    (and no ``NaN`` or ``Infinity``, which Python's JSON writes and reads but no JSON reader takes)."""
    return text if "null" not in text and "NaN" not in text and "Infinity" not in text else _null_free(text)


@lru_cache(maxsize=1 << 14)  # a platform's meta repeats (a date and a table)
def _null_free(text: str) -> str:
    import json

    try:
        value = json.loads(text)
    except ValueError:  # the loader says what is wrong with it
        return text
    cleaned = without_nulls(value)
    return text if cleaned == value else json.dumps(cleaned, ensure_ascii=False, separators=(",", ":"))


def parse_json(text: str, source: str, line: int, *, fall_back: bool = False) -> Any:
    """One JSON record (a JSON Lines line, or a whole file from ``line`` 1), within the same limits as YAML
    (a key twice, nesting, 18 digits). ``fall_back``: a syntax error raises :class:`_NotJson` instead."""
    if text.count("[") + text.count("{") > MAX_DEPTH:
        _check_json_depth(text, source, line)
    seen = _BIG_SEEN[0]
    try:
        data = _decoder().decode(text)
    except _DuplicateKey as error:
        at = _key_offset(text, error.key)
        where, column = _position(text, at, line) if at is not None else (line, None)
        raise InputError(source, say(m.KEY_TWICE_OBJECT, key=short(error.key)), line=where, column=column) from None
    except RecursionError:
        raise InputError(source, say(m.NESTED_TOO_DEEP, depth=MAX_DEPTH), line=line) from None
    except ValueError as error:
        if fall_back:
            raise _NotJson from None
        message = getattr(error, "msg", None) or short(str(error), 80)
        at = getattr(error, "pos", None)
        where, column = _position(text, at, line) if at is not None else (line, None)
        raise InputError(source, say(m.JSON_SYNTAX, problem=json_problem(message)), line=where, column=column) from None
    if _BIG_SEEN[0] != seen:
        refuse_too_big(data, source, line - 1, text)
    refuse_lone_surrogates(text, data, source, line)
    return data


def _position(text: str, at: int, line: int) -> tuple[int, int]:
    """The line (counted from ``line``) and column of offset ``at``."""
    return line + text.count("\n", 0, at), at - text.rfind("\n", 0, at)


def json_problem(message: str) -> Said | str:
    """The JSON decoder's English problem, in the words of the vocabulary where it has them."""
    return say(JSON_PROBLEMS[message]) if message in JSON_PROBLEMS else message


JSON_PROBLEMS = {
    "Expecting value": m.JSON_EXPECTING_VALUE,
    "Expecting property name enclosed in double quotes": m.JSON_EXPECTING_NAME,
    "Expecting ',' delimiter": m.JSON_EXPECTING_COMMA,
    "Expecting ':' delimiter": m.JSON_EXPECTING_COLON,
    "Extra data": m.JSON_EXTRA_DATA,
    "Unterminated string starting at": m.JSON_UNTERMINATED,
    "Invalid control character at": m.JSON_CONTROL,
    "Invalid \\escape": m.JSON_ESCAPE,
}


def _check_json_depth(text: str, source: str, line: int) -> None:
    """Nesting deeper than MAX_DEPTH: refused, located."""
    column = _too_deep_at(text)
    if column is not None:
        raise InputError(source, say(m.NESTED_LEVELS, depth=MAX_DEPTH), line=line, column=column)


def _too_deep_at(text: str) -> int | None:
    """The column where JSON text nests deeper than MAX_DEPTH, found by counting brackets outside strings (no
    recursion), else ``None``."""
    depth = 0
    in_string = escaped = False
    for column, char in enumerate(text, 1):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return column
        elif char in "]}":
            depth -= 1
    return None


def _key_offset(text: str, key: str) -> int | None:
    """Where ``key`` is given the second time."""
    import json

    quoted = json.dumps(key, ensure_ascii=False)
    first = text.find(quoted)
    second = text.find(quoted, first + 1) if first >= 0 else -1
    return second if second >= 0 else None


def is_regular_or_stdin(name: str) -> bool:
    """``-``, or a path that is a regular file (not a device, pipe or socket)."""
    if name == "-":
        return True
    try:
        return stat.S_ISREG(os.stat(name).st_mode)
    except OSError:
        return True  # let the open report it (no such file, no permission)
