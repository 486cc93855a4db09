"""What a record says besides its hand, as the fast path checks it: the players' names (each distinct name checked
once by the loader's own check, then a lookup) and raw JSON the loader would take as it is."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache

from gangci_calc.core.errors import RuleError
from gangci_calc.core.rules import SEATS
from gangci_calc.fastpath.records import UNSET, FastPlayers
from gangci_calc.io.export.batch_lines import json_text
from gangci_calc.io.load.boundary import null_free_json
from gangci_calc.io.load.fields import name_text, read_meta


def names_of(players: FastPlayers) -> tuple[dict[int, str], str, int] | None:
    """Seat -> name, where every name is one the loader keeps as it is (its own check) and sits once; the names as
    a line writes them (``players_text``); and the keys given (a null too). ``None``: the loader's to say. Platforms
    repeat their players: each name is checked once, and then looked up (:data:`KEPT`)."""
    e, s, w, n = players.E, players.S, players.W, players.N
    # four names met before, a platform's usual (KEPT holds texts only: a null or a missing seat is not in it)
    te, ts, tw, tn = KEPT.get(e), KEPT.get(s), KEPT.get(w), KEPT.get(n)  # type: ignore[arg-type]
    if te is not None and ts is not None and tw is not None and tn is not None:
        if len({e, s, w, n}) != 4:
            return None
        k = _SEAT_KEY
        return {0: e, 1: s, 2: w, 3: n}, f"{{{k[0]}{te}, {k[1]}{ts}, {k[2]}{tw}, {k[3]}{tn}}}", 4  # type: ignore[dict-item]
    names: dict[int, str] = {}
    parts: list[str] = []
    given = 0
    for seat, name in enumerate((players.E, players.S, players.W, players.N)):
        if name is UNSET:
            continue
        given += 1
        if name is None:
            continue
        text = KEPT.get(name) or kept_text(name)
        if text is None:
            return None
        names[seat] = name
        parts.append(_SEAT_KEY[seat] + text)
    if len(set(names.values())) != len(names):
        return None
    return names, "{" + ", ".join(parts) + "}" if names else "", given


_SEAT_KEY = tuple(f'"{seat.name}": ' for seat in SEATS)  # as players_text writes a seat's name

KEPT: dict[str, str] = {}  # the names the loader keeps as they are, each with its JSON text: checked once each
_KEPT_UNDER = [0]  # the bound on a name's length they were checked for


def checked_for(bound: int) -> None:
    """The names in :data:`KEPT` are for this bound on a name's length (else they are checked again)."""
    if _KEPT_UNDER[0] != bound:
        KEPT.clear()
        _KEPT_UNDER[0] = bound


def refused(names: Iterable[str | None]) -> list[str]:
    """The names of these the loader would not keep as they are (``None``, no name, is none of them): those met
    before are taken out at once, as a set difference with :data:`KEPT`, and only the rest checked."""
    unmet = set(names).difference(KEPT)
    unmet.discard(None)
    return [name for name in unmet if name is not None and kept_text(name) is None]


def kept_text(name: str) -> str | None:
    """A name's JSON text where the loader keeps it as it is (:func:`~gangci_calc.io.load.fields.name_text`, which
    also refuses a seat's letter), else ``None``. A name it keeps is remembered in :data:`KEPT` (bounded)."""
    try:
        if name_text(name, ()) != name:
            return None
    except RuleError:
        return None
    if len(KEPT) >= 1 << 16:
        KEPT.clear()
    text = KEPT[name] = json_text(name)
    return text


def raw_meta(raw: bytes, digits: int) -> tuple[str, int] | None:
    """A JSON record's ``meta`` as it came: its text ("" for null, which is not given) and the colons in it, where
    the loader takes it as it is (a mapping, :func:`clean_json`); ``None``: the loader's to say. Remembered by the
    bytes: a platform's meta repeats (a date and a table)."""
    if _METAS_UNDER[0] != digits:  # met under another bound on the digits
        _METAS.clear()
        _METAS_UNDER[0] = digits
    found = _METAS.get(raw, _UNMET)
    if found is _UNMET:
        text = raw.decode()
        found = None
        if text == "null":
            found = ("", 0)
        elif text.startswith("{") and clean_json(text, digits):
            found = (null_free_json(text), text.count(":"))  # a null in it is not given, as a Parquet row's
        if len(_METAS) >= 1 << 14:
            _METAS.clear()
        _METAS[raw] = found
    return found  # type: ignore[return-value]


_METAS: dict[bytes, tuple[str, int] | None] = {}
_METAS_UNDER = [0]  # the bound on digits they were read for
_UNMET = object()


@lru_cache(maxsize=1 << 14)
def clean_json(text: str, digits: int) -> bool:
    """Raw JSON the loader would take too: no key twice, numbers of at most 18 digits, not too deep. Remembered:
    a platform's ``meta`` repeats (a date and a table: a few thousand texts over a season).

    A flat mapping (what a platform's ``meta`` mostly is: no nesting, no escapes, no colon in a text) is checked
    by its keys, each once, and its digits; anything else by the loader's own parse."""
    if text.count("{") == 1 and "[" not in text and "\\" not in text and not _long(digits).search(text):
        keys = _KEY.findall(text)
        if len(keys) == text.count(":") and len(set(keys)) == len(keys):
            return True
    return _parsed_clean(text)


_KEY = re.compile(r'"([^"]*)"\s*:')  # a key of a mapping with no escape and no colon in its texts


@cache
def _long(digits: int) -> re.Pattern[str]:
    """More digits than the loader takes in a number (or a text: then its parse says which)."""
    return re.compile(r"\d{" + str(digits + 1) + "}")


def _parsed_clean(text: str) -> bool:
    from gangci_calc.core.errors import InputError
    from gangci_calc.io.load.boundary import parse_json

    try:
        parse_json('{"": ' + text + "}", "", 0)  # as it sits in the record: one level down
    except InputError:
        return False
    return True


def meta_taken(meta: object) -> bool:
    """Does the loader take this ``meta`` given as data (from Python, YAML) as it is: its own check, no copy?"""
    try:
        read_meta(meta, ())
    except RuleError:
        return False
    return True
