"""Reading one field of a hand file: each check a plain function raising :class:`RuleError` with a field path.

The loaders (:mod:`.load`, :mod:`.load_session`) put these together; the key
tables and their aliases come from :mod:`.schema`, built once there.
"""

from __future__ import annotations

import contextlib
import math
import unicodedata
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from gangci_calc.core.digits import ascii_whole
from gangci_calc.core.errors import FieldPath, RuleError, shown
from gangci_calc.core.rules import (
    NO_BETS,
    NO_MI,
    SCHEMES,
    Amount,
    Bets,
    HouseRules,
    Kong,
    Outcome,
    Seat,
    Stakes,
    Win,
    is_seat_word,
    parse_seat,
)
from gangci_calc.core.rules import stakes as core_stakes
from gangci_calc.core.rules.fee import Fee
from gangci_calc.core.rules.hand import whole_count
from gangci_calc.core.rules.options import Option, entry_of
from gangci_calc.core.rules.terms import seat_word
from gangci_calc.io.load.boundary import CellRefused, json_cell, short, without_nulls
from gangci_calc.io.load.schema import (
    BETS,
    FALSE_WORDS,
    FEE,
    GROUPS,
    KONG_NAMES,
    KONGS,
    PAID,
    RULES,
    STAKES,
    TILES,
    TRUE_WORDS,
    WIN,
    WIN_NAMES,
    Keys,
)
from gangci_calc.words import Message, Said, Text, say
from gangci_calc.words import messages as m

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

    from gangci_calc.core.evening.transfers import Transfer
    from gangci_calc.core.tiles.claims import TileClaim


def read_mapping(data: Any, path: FieldPath, keys: Keys, what: Message) -> dict[str, Any]:
    """Check a mapping's keys against ``keys`` (with aliases); return it with canonical keys.

    A key whose value is null counts as not given (a warehouse's export writes every column), so a
    required one given as null is reported missing, by the check that needs it.
    """
    if not isinstance(data, dict):
        raise RuleError(path, say(m.NOT_A_MAPPING_OF, what=what, kind=kind_of(data)))
    given: dict[Any, Any] = data
    if None in given.values():
        given = {key: value for key, value in given.items() if value is not None}
    if given.keys() <= keys.canonical:  # the usual case: canonical keys only, each once (a dict has no twins)
        return given
    out: dict[str, Any] = {}
    for raw_key, value in given.items():
        key = keys.lookup.get(raw_key) if isinstance(raw_key, str) else None
        if key is None:
            raise RuleError((*path, str(raw_key)), _unknown(raw_key, keys, what), at_key=True)
        if key in out:
            raise RuleError((*path, key), say(m.GIVEN_TWICE_ALIAS, key=key), at_key=True)
        out[key] = value
    return out


def _unknown(raw_key: Any, keys: Keys, what: Message) -> Said:
    import difflib  # only a mistake needs it

    close = difflib.get_close_matches(str(raw_key), list(keys.lookup), n=1, cutoff=0.6)
    hint = say(m.DID_YOU_MEAN, close=close[0]) if close else say(m.EXPECTED_ONE_OF, keys=", ".join(keys.spellings))
    return say(m.UNKNOWN_KEY, key=short(str(raw_key)), what=what, hint=hint)


def by_seat(value: dict[Any, Any], path: FieldPath) -> Iterator[tuple[Seat, Any]]:
    """Each seat of a per-seat mapping (``bets``, ``players``, ``mi``) with its value; one seat under two spellings
    (``S`` and ``南``) is refused, as a key given twice is."""
    seen: dict[Seat, Any] = {}
    for raw_seat, item in value.items():
        seat = parse_seat(raw_seat)
        if seat is None:  # the path made only for the error
            seat = read_seat(raw_seat, (*path, str(raw_seat)))
        if seat in seen:
            raise RuleError(
                (*path, str(raw_seat)), say(m.SEAT_TWICE, first=shown(seen[seat]), second=shown(raw_seat)), at_key=True
            )
        seen[seat] = raw_seat
        if item is not None:  # null is absent: that seat has nothing given
            yield seat, item


def read_date(value: Any, path: FieldPath) -> str:
    """A date, ``YYYY-MM-DD`` (YAML reads an unquoted one as a date; JSON gives text) -> its ISO text."""
    import datetime

    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value.isoformat()
    text = value.strip() if isinstance(value, str) else ""
    if len(text) == 10:  # 2026-12-01, not 20261201 nor a week date
        with contextlib.suppress(ValueError):
            return datetime.date.fromisoformat(text).isoformat()
    raise RuleError(path, say(m.NOT_A_DATE, value=shown(value)))


def read_paid(value: Any, path: FieldPath) -> tuple[tuple[Transfer[str], ...], tuple[str | None, ...]]:
    """``paid:`` (已付): a list of ``{from, to, amount, at}``, each a payment made, by name; and when each was
    recorded (``at``, optional: ``None`` where a ledger of before gives none)."""
    from gangci_calc.core.evening.transfers import Transfer  # an evening's arithmetic: one hand's score does without it

    payments, times = [], []
    for here, given in _mappings(value, path, PAID, (m.WHAT_PAYMENT, m.PAID_LIST), ("from", "to", "amount")):
        payer, payee = (_person_text(given[key], (*here, key)) for key in ("from", "to"))
        payments.append(Transfer(payer, payee, read_paid_amount(given["amount"], (*here, "amount"))))
        times.append(_paid_at(given.get("at"), (*here, "at")))
    return tuple(payments), tuple(times)


def _paid_at(value: Any, path: FieldPath) -> str | None:
    """When a payment was recorded: a date and time as text (YAML may read an unquoted one as a datetime)."""
    import datetime

    if value is None:
        return None
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if not isinstance(value, str) or not value.strip() or not value.isprintable() or len(value) > 40:
        raise RuleError(path, say(m.NOT_A_TIME, value=shown(value)))
    return value.strip()


def _mappings(
    value: Any, path: FieldPath, keys: Keys, words: tuple[Message, Message], required: tuple[str, ...]
) -> Iterator[tuple[FieldPath, dict[str, Any]]]:
    """Each mapping of a list field (``kongs``, ``paid``) with its path, its keys checked and ``required`` there;
    ``words``: what one item is, and the refusal of a value that is not a list."""
    what, not_a_list = words
    if not isinstance(value, list):
        raise RuleError(path, say(not_a_list, kind=kind_of(value)))
    for index, item in enumerate(value):
        here = (*path, index)
        given = read_mapping(item, here, keys, what)
        for key in required:
            if given.get(key) is None:
                raise RuleError(here, say(m.NEEDS_KEY, key=key))
        yield here, given


def _person_text(value: Any, path: FieldPath) -> str:
    """A person of the settle-up: a name, a seat's letter where nobody is named, or the house (台费)."""
    text = str(value).strip() if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    if not text or not text.isprintable():
        raise RuleError(path, say(m.NOT_A_NAME, value=shown(value)))
    return text


PAID_DIGITS = 30  # a payment's amount: more digits than any evening's settle-up


def read_paid_amount(value: Any, path: FieldPath) -> Amount:
    """A payment's amount: a positive whole number, or a half written as text (``1850.5``)."""
    from fractions import Fraction

    amount: Amount | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        amount = value
    elif isinstance(value, str):
        text = value.strip()
        whole = ascii_whole(text.removesuffix(".5"))
        amount = None if whole is None else Fraction(whole * 2 + 1, 2) if text.endswith(".5") else whole
    if amount is None or not 0 < amount < 10**PAID_DIGITS:
        huge = isinstance(amount, int) and amount >= 10**PAID_DIGITS  # said as too long, not as 18 digits
        said = say(m.MORE_DIGITS_THAN, most=PAID_DIGITS) if huge else shown(value)
        raise RuleError(path, say(m.NOT_A_PAYMENT, value=said, most=PAID_DIGITS))
    return amount


def option_date(text: str | None, option: str) -> str | None:
    """A date given on the command line (``--since``, ``--date``) as ISO text, or an error naming the option."""
    from gangci_calc.core.errors import InputError

    if text is None:
        return None
    try:
        return read_date(text, ())
    except RuleError as error:
        raise InputError(option, error.message) from None


def read_seat(value: Any, path: FieldPath) -> Seat:
    seat = parse_seat(value)
    if seat is None:
        raise RuleError(path, say(m.NOT_A_SEAT, value=shown(value)))
    return seat


def read_stakes(value: Any, path: FieldPath) -> Stakes:
    if isinstance(value, str) and value.strip().removeprefix("方案").strip() in ("1", "2"):
        value = int(value.strip().removeprefix("方案"))
    if isinstance(value, int) and not isinstance(value, bool):
        if value in SCHEMES:
            return SCHEMES[value]
        raise RuleError(path, say(m.NO_SCHEME, value=value))
    if not isinstance(value, dict):
        raise RuleError(path, say(m.NOT_A_SCHEME, value=shown(value)))
    given = read_mapping(value, path, STAKES, m.WHAT_STAKES)
    for name, amount in given.items():
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= core_stakes.MAX_AMOUNT:
            raise RuleError((*path, name), say(m.NOT_AN_AMOUNT_18, value=shown(amount)))
    if "gang" not in given:
        raise RuleError(path, say(m.STAKES_NEED_GANG))
    usual = Stakes.from_gang(given["gang"])
    return Stakes(given["gang"], given.get("bomb", usual.bomb), given.get("ci", usual.ci), given.get("dianpao"))


def read_flag(value: Any, path: FieldPath, words: Mapping[bool, tuple[str, ...]] | None = None) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        for truth, spellings in ((True, TRUE_WORDS), (False, FALSE_WORDS), *((words or {}).items())):
            if text in spellings:
                return truth
    raise RuleError(path, say(m.NOT_A_FLAG, value=shown(value)))


def read_house(value: Any, path: FieldPath, base: HouseRules) -> HouseRules:
    """``rules:`` -> :class:`HouseRules`: the keys it names replace those of ``base``. Each distinct value is read
    once (a platform's rooms repeat their rules): a value its JSON stands for exactly is kept by that JSON, with
    what it read as; a value refused is read, and refused, each time."""
    key = json_key(value) if value is not None else None
    if key is not None:
        house = _HOUSES.get((base, key))
        if house is not None:
            return house
    house = read_options(value, path, base, RULES, m.WHAT_RULES)
    if key is not None:
        if len(_HOUSES) >= _MOST_HOUSES:
            del _HOUSES[next(iter(_HOUSES))]  # the oldest goes
        _HOUSES[(base, key)] = house
    return house


_HOUSES: dict[tuple[HouseRules, bytes], HouseRules] = {}  # (base, the rules' JSON) -> what they read as
_MOST_HOUSES = 1 << 14  # a platform's month held 10,125 rule sets


def json_key(value: object) -> bytes | None:
    """``value``'s JSON where it is made of exactly what its JSON says (dicts with text keys, lists, texts, whole
    numbers, finite floats, booleans, None), so that the JSON can stand for it; else None. A NaN, an Enum, bytes or
    a tuple is not its JSON: the loader refuses or reads them otherwise than the JSON's value."""
    if not _plain_json(value, 0):
        return None
    import msgspec

    try:
        return msgspec.json.encode(value)
    except UnicodeEncodeError:  # a lone surrogate: the loader says what is wrong with it
        return None


def _plain_json(value: object, depth: int) -> bool:
    kind = type(value)
    if value is None or kind is str or kind is int or kind is bool:
        return True
    if kind is float:
        return math.isfinite(value)  # type: ignore[arg-type]
    if depth > 8:
        return False
    if kind is dict:
        return all(type(key) is str and _plain_json(item, depth + 1) for key, item in value.items())  # type: ignore[attr-defined]
    if kind is list:
        return all(_plain_json(item, depth + 1) for item in value)  # type: ignore[attr-defined]
    return False


def read_fee(value: Any, path: FieldPath, base: Fee) -> Fee:
    """``fee:`` (台费) -> :class:`Fee`: the keys it names replace those of ``base``."""
    return read_options(value, path, base, FEE, m.WHAT_FEE)


Opts = TypeVar("Opts")


def read_options(value: Any, path: FieldPath, base: Opts, keys: Keys, what: Message) -> Opts:
    """A mapping of options (``rules:``, ``fee:``) -> its options class: the keys it names replace ``base``'s."""
    if value is None:
        return base
    given = read_mapping(value, path, keys, what)
    changes = {}
    for key, raw in given.items():
        entry = entry_of(type(base), key)
        if entry.kind == "group":  # its own mapping of options; the keys it names replace the table's
            changes[key] = read_group(entry, raw, (*path, key), getattr(base, key))
        else:
            changes[key] = read_option(entry, raw, (*path, key))
    return replace(base, **changes) if changes else base  # type: ignore[type-var]


def read_group(entry: Option, raw: Any, path: FieldPath, held: object) -> object:
    """An option that is an options class of its own (带跑 ``{unit, kong}``): a mapping, whose keys replace those
    of the table's (``held``, or the class's defaults when it is off); or a flag: on with the defaults, or off."""
    assert entry.group is not None
    if not isinstance(raw, dict):
        return entry.group() if read_flag(raw, path) else None
    keys = GROUPS[entry.key]
    for name, value in raw.items():  # 带跑's retired flat form {win: N, kong: M}: say what to write now
        if entry.key == "pao" and (name in ("win", "胡") or (keys.lookup.get(name) == "kong" and type(value) is int)):
            raise RuleError((*path, name), say(m.PAO_FLAT_RETIRED))
    return read_options(raw, path, held if held is not None else entry.group(), keys, m.WHAT_PAO)


def read_option(entry: Option, raw: Any, path: FieldPath) -> object:
    """One option's value, read by its kind (flag, choice or whole number) and checked against its entry."""
    if entry.kind == "flag":
        return read_flag(raw, path, entry.values or None)
    if entry.kind == "name":
        return name_text(raw, path)
    if entry.kind == "choice":
        named = _choice_named(entry, raw)
        if named:
            return named[0]
    elif isinstance(raw, bool) or not isinstance(raw, int):
        raise RuleError(path, say(m.NOT_A_WHOLE_NUMBER, value=shown(raw)))
    entry.check(raw, path)  # a choice not named: its entry says which there are
    return raw


def _choice_named(entry: Option, raw: Any) -> list[object]:
    """The value of a choice that ``raw`` spells (in any case), as a list of one; none where it spells none."""
    if not isinstance(raw, str):
        return []
    text = raw.strip()
    return [member for member, names in entry.value_spellings().items() if text in names or text.lower() in names][:1]


def read_names(value: Any, path: FieldPath) -> dict[Seat, str]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RuleError(path, say(m.NAMES_MAPPING, kind=kind_of(value)))
    names: dict[Seat, str] = {}
    seated: dict[str, Seat] = {}  # each name's seat
    for seat, name in by_seat(value, path):
        text = names[seat] = name_text(name, (*path, seat.name))
        other = seated.setdefault(text, seat)
        if other is not seat:
            raise RuleError((*path, seat.name), say(m.NAME_TWICE, name=text, seat=seat_word(other)))
    return names


MAX_NAME = 40


def name_text(name: Any, path: FieldPath) -> str:
    """A player's name: one line of printable text, at most 40 characters (also checked at the prompt)."""
    if type(name) is str:  # the usual name: its text once
        text = name.strip()
    else:
        text = str(name).strip() if isinstance(name, (str, int)) and not isinstance(name, bool) else ""
    if not text:
        raise RuleError(path, say(m.NOT_A_NAME, value=shown(name)))
    text = unicodedata.normalize("NFC", text)  # "é" typed as one character or as e and an accent
    if not text.isprintable():
        raise RuleError(path, say(m.NAME_PRINTABLE, value=shown(text)))
    if len(text) > MAX_NAME:
        raise RuleError(path, say(m.NAME_TOO_LONG, value=shown(text), limit=MAX_NAME))
    if is_seat_word(text):
        raise RuleError(path, say(m.NAME_IS_A_SEAT, value=text))
    return text


def read_id(value: Any, path: FieldPath) -> str | int:
    """A record's ``id``: text or a whole number a BIGINT holds (a snowflake id), echoed as given."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise RuleError(
            path, say(m.NOT_AN_ID, value=shown(value) if not isinstance(value, (dict, list)) else kind_of(value))
        )
    from gangci_calc.io.load import boundary

    largest = boundary.LARGEST_ECHOED
    if isinstance(value, int) and not -largest - 1 <= value <= largest:  # as a file's text is refused
        raise RuleError(path, say(m.BEYOND_BIGINT, value=boundary.short(str(value)), largest=largest))
    _within_a_record(value, path)
    return value


def read_meta(value: Any, path: FieldPath) -> dict[str, Any]:
    """A record's ``meta``: any mapping, echoed as given, that a line can hold: no lone surrogate (a JSON text's
    ``"\\ud800"``, or Python's), and no larger as JSON than a whole record may be (``gangci batch`` refuses a
    longer line)."""
    if not isinstance(value, dict):
        raise RuleError(path, say(m.META_MAPPING, kind=kind_of(value)))
    _within_a_record(value, path)
    return value


def _within_a_record(value: Any, path: FieldPath) -> None:
    """An echoed value a line can hold: no lone surrogate, and no larger as JSON than a whole record may be
    (``HAND_FILE_LIMIT``: what ``gangci score`` reads of a file, and ``gangci batch`` of a line)."""
    from gangci_calc.io.load.boundary import HAND_FILE_LIMIT, lone_surrogate

    if isinstance(value, str) and len(value) * 4 <= HAND_FILE_LIMIT and value.isascii():  # the usual id
        return
    import msgspec

    try:
        size = len(msgspec.json.encode(value))
    except UnicodeEncodeError:
        where = lone_surrogate(value)
        raise RuleError((*path, *(where or ())), say(m.LONE_SURROGATE)) from None
    except (TypeError, ValueError, OverflowError):  # a value JSON cannot hold: the boundary's to refuse
        return
    if size > HAND_FILE_LIMIT:
        raise RuleError(path, say(m.META_TOO_LARGE, size=HAND_FILE_LIMIT >> 10, given=-(-size // 1024)))


def read_bets(value: Any, path: FieldPath) -> tuple[Bets, Bets, Bets, Bets]:
    if value is None:
        return (NO_BETS, NO_BETS, NO_BETS, NO_BETS)
    if not isinstance(value, dict):
        raise RuleError(path, say(m.BETS_MAPPING, kind=kind_of(value)))
    bets = [NO_BETS] * 4
    for seat, counts in by_seat(value, path):
        if counts is None:
            continue
        here = (*path, seat.name)
        given = read_mapping(counts, here, BETS, m.WHAT_BETS)
        # whole numbers before they reach the model; ranges and the dealer rule are the core's (Hand)
        if not all(type(count) is int for count in given.values()):  # whole_count says which is not
            given = {name: whole_count((*here, name), name, count) for name, count in given.items()}
        bets[seat] = Bets(**given)
    return (bets[0], bets[1], bets[2], bets[3])


def read_outcome(value: Any, path: FieldPath) -> Outcome:
    if isinstance(value, str):
        value = {"type": value}
    given = read_mapping(value, path, WIN, m.WHAT_WIN)
    if "type" not in given:
        raise RuleError(path, say(m.WIN_NEEDS_TYPE))
    win = WIN_NAMES.get(given["type"]) if isinstance(given["type"], str) else None
    if win is None:
        raise RuleError((*path, "type"), say(m.NOT_A_WIN, value=shown(given["type"])))
    winner = read_seat(given["winner"], (*path, "winner")) if given.get("winner") is not None else None
    source = read_seat(given["from"], (*path, "from")) if given.get("from") is not None else None
    bao = read_flag(given["bao"], (*path, "bao")) if given.get("bao") is not None else None
    return Outcome(win, winner, source, bao)


def read_ci(value: Any, path: FieldPath) -> int:
    """A top-level ``ci:`` tile (``东``, ``7z``, ``四万``)."""
    tile = _CI_TILES.get(value) if type(value) is str else None  # a handful of spellings, again and again
    if tile is not None:
        return tile
    from gangci_calc.core.errors import TileSyntaxError
    from gangci_calc.core.tiles.notation import parse_tile

    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise RuleError(path, say(m.NOT_A_TILE_LIKE, value=shown(value)))
    try:
        tile = parse_tile(str(value))
    except TileSyntaxError as error:
        raise RuleError(path, say(m.QUOTED_PROBLEM, text=short(str(value)), problem=error.message)) from None
    if type(value) is str and len(_CI_TILES) < 1 << 12:
        _CI_TILES[value] = tile
    return tile


_CI_TILES: dict[str, int] = {}  # a ci tile as given -> the tile it is


def read_mi(value: Any, path: FieldPath) -> tuple[int, int, int, int]:
    """``mi: {E: 2}``: the 米 each seat holds before this hand (下米)."""
    if value is None:
        return NO_MI
    if not isinstance(value, dict):
        raise RuleError(path, say(m.MI_MAPPING, kind=kind_of(value)))
    counts = [0, 0, 0, 0]
    for seat, count in by_seat(value, path):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RuleError((*path, seat.name), say(m.NOT_MI_COUNT, value=shown(count)))
        counts[seat] = count
    return (counts[0], counts[1], counts[2], counts[3])


def read_tiles(value: Any, path: FieldPath, win: Win) -> TileClaim:
    """``tiles:`` -> :class:`TileClaim`, with notation, counts and size checked."""
    from gangci_calc.core.tiles.claims import check_tile_counts  # only hands with tiles need it

    claim = read_tile_fields(value, path)
    try:
        check_tile_counts(win, claim)
    except RuleError as error:
        raise RuleError((*path, *error.path[1:]), error.message, at_key=error.at_key) from None
    return claim


def read_tile_fields(value: Any, path: FieldPath) -> TileClaim:
    """The fields of ``tiles:`` in notation -> :class:`TileClaim` (``waits`` reads its hand with it, no win named)."""
    from gangci_calc.core.errors import TileSyntaxError
    from gangci_calc.core.tiles.claims import TileClaim
    from gangci_calc.core.tiles.notation import parse_tile, parse_tiles

    given = read_mapping(value, path, TILES, m.WHAT_TILES)
    for required in ("ci", "hand"):
        if given.get(required) is None:
            if required == "hand" and path == ("tiles",):  # the ci tile alone is the hand's own key
                raise RuleError(path, say(m.TILES_NEED_HAND))
            raise RuleError(path, say(m.NEEDS_KEY, key=required))

    def read(key: str, one: bool) -> Any:
        text = given.get(key)
        if text is None:
            return None if one else ()
        offset_known = isinstance(text, str)  # a list's items do not map to one line
        if isinstance(text, list):  # pungs: [4m, 5p]
            text = " ".join(str(t) for t in text)
        if not isinstance(text, (str, int)) or isinstance(text, bool):
            raise RuleError((*path, key), say(m.NOT_TILE_NOTATION, value=shown(text)))
        try:
            return parse_tile(str(text)) if one else tuple(parse_tiles(str(text)))
        except TileSyntaxError as error:
            offset = error.offset if offset_known else None
            raise RuleError(
                (*path, key), say(m.QUOTED_PROBLEM, text=text, problem=error.message), offset=offset
            ) from None

    return TileClaim(
        ci=read("ci", True),
        hand=read("hand", False),
        win_tile=read("win_tile", True),
        pungs=read("pungs", False),
        kongs=read("kongs", False),
        concealed_kongs=read("concealed_kongs", False),
    )


def read_kongs(value: Any, path: FieldPath) -> tuple[Kong, ...]:
    if value is None:
        return ()
    kongs = []
    for here, given in _mappings(value, path, KONGS, (m.WHAT_KONG, m.KONGS_LIST), ("by", "type")):
        kind = KONG_NAMES.get(given["type"]) if isinstance(given["type"], str) else None
        if kind is None:
            raise RuleError((*here, "type"), say(m.NOT_A_KONG, value=shown(given["type"])))
        source = read_seat(given["from"], (*here, "from")) if given.get("from") is not None else None
        kongs.append(Kong(read_seat(given["by"], (*here, "by")), kind, source))
    return tuple(kongs)


def kind_of(value: Any) -> Text:
    """What a value is, in words, for a message: ``a mapping``, ``the text 'x'``."""
    if value is None:
        return m.NOTHING
    if isinstance(value, dict):
        return m.A_MAPPING
    if isinstance(value, list):
        return m.A_LIST
    return say(m.KIND_TEXT, value=shown(value)) if isinstance(value, str) else shown(value)


# the top-level keys whose value is a mapping or a list (stakes: or a number), which a warehouse may give as the
# JSON text it holds (DuckDB's JSON type, polars' JSON Lines: ``"rules": "{}"``, ``"stakes": "1"``)
STRUCTURED = frozenset({"stakes", "bets", "win", "kongs", "tiles", "rules", "fee", "players", "meta", "mi"})


def json_text_held(known: str | None, value: Any) -> Any:
    """A top-level value (``known``: its key's canonical name) given as JSON text, as the JSON it holds (its nulls
    not given): a text starting a mapping or a list, ``null``, or any text of ``stakes``; bytes as their text.
    Anything else, and a text that is not JSON (``draw``, ``方案1``: the field's reader says what it is), as it
    is. Raises :class:`~gangci_calc.io.load.boundary.CellRefused` (a key twice, too deep, a lone surrogate).

    >>> json_text_held("rules", '{"pao": true, "x": null}'), json_text_held("stakes", "2")
    ({'pao': True}, 2)
    >>> json_text_held("win", "draw"), json_text_held("id", "{}")
    ('draw', '{}')
    """
    if known not in STRUCTURED:
        return value
    if isinstance(value, bytes):  # polars reads DuckDB's JSON type as binary
        try:
            value = value.decode()
        except UnicodeDecodeError:
            return value
    if isinstance(value, str) and (value[:1] in "{[" or value == "null" or known == "stakes"):
        try:
            return without_nulls(json_cell(value))
        except CellRefused:
            raise
        except ValueError:
            return value
    return value


def json_texts_read(given: dict[str, Any], path: FieldPath) -> dict[str, Any]:
    """A record's canonical keys with each JSON text read (:func:`json_text_held`), a null (``"null"``) not
    given; a text the boundary refuses is the field's :class:`RuleError`. The record itself where it has none."""
    read: dict[str, Any] | None = None
    for key, value in given.items():
        if key not in STRUCTURED or not isinstance(value, (str, bytes)):
            continue
        try:
            held = json_text_held(key, value)
        except CellRefused as refused:
            raise RuleError((*path, key), refused.said) from None
        if held is not value:
            read = dict(given) if read is None else read
            read[key] = held
    if read is None:
        return given
    return {key: value for key, value in read.items() if not (value is None and key in STRUCTURED)}
