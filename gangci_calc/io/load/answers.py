"""Short answers typed at the table: seats, wins, add-ons and kongs in a few keystrokes.

>>> parse_bets("南飘1 北抵2杠1")
{<Seat.S: 1>: {'piao': 1}, <Seat.N: 3>: {'di': 2, 'gang': 1}}
>>> [(k.by.name, k.type.value, k.source and k.source.name) for k in parse_kongs("N concealed, E exposed S")]
[('N', 'concealed', None), ('E', 'exposed', 'S')]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import NamedTuple

from gangci_calc.core.digits import ascii_whole
from gangci_calc.core.errors import AnswerError, RuleError, shown
from gangci_calc.core.rules import HouseRules, Kong, Seat, Win, parse_seat
from gangci_calc.core.rules.fee import Fee
from gangci_calc.core.rules.options import Option, entries
from gangci_calc.core.rules.terms import WIN_ZH
from gangci_calc.io.load.fields import read_option
from gangci_calc.io.load.schema import KONG_NAMES, TOP_KEYS, WIN_NAMES
from gangci_calc.words import Message, say
from gangci_calc.words import messages as m

_COUNT = {"0": 0, "1": 1, "2": 2, "3": 3, "一": 1, "二": 2, "两": 2, "俩": 2, "三": 3, "仨": 3, "零": 0}
_BET = {
    "piao": "piao", "飘": "piao", "di": "di", "抵": "di", "gang": "gang", "下杠": "gang", "杠": "gang",
    "pao": "pao", "跑": "pao",  # 跑 (带跑)
}  # fmt: skip
_TOKENS = re.compile(
    r"(?P<bet>piao|pao|di|gang|飘|抵|下杠|杠|跑)\s*[:=]?\s*(?P<count>-?\d+|[一二两俩三仨零])"
    r"|(?P<kong>concealed|exposed|added|暗杠|明杠|续杠|加杠)"
    r"|(?P<seat>\b[ESWNeswn]\b|[东南西北])"
    r"|(?P<sep>[\s,，;；、]+)"
    r"|(?P<bad>.)",
    re.IGNORECASE,
)


def parse_win(text: str, offered: tuple[Win, ...] = ()) -> Win:
    """A win by name (``直呲``, ``zhici``), by its number among those ``offered`` (``5``), or by a first
    character that names one of them alone (``直``, ``续``, ``流``, ``z``)."""
    text = text.strip()
    win = WIN_NAMES.get(text.lower()) or WIN_NAMES.get(text)
    if win is None and offered:
        win = _offered_win(text, offered)
    if win is None:
        raise AnswerError(say(m.WIN_ANSWER, value=shown(text)))
    return win


def _offered_win(text: str, offered: tuple[Win, ...]) -> Win | None:
    """One of the wins ``offered``, by its number or by a first character that names it alone."""
    number = ascii_whole(text)
    if number is not None and 1 <= number <= len(offered):
        return offered[number - 1]
    if len(text) == 1:
        starting = [w for w in offered if text.lower() in (WIN_ZH[w][0], w.value[0])]
        return starting[0] if len(starting) == 1 else None
    return None


def parse_seat_answer(text: str, names: dict[Seat, str] | None = None) -> Seat:
    """A seat as 东 / E / e, or the name of the player sitting there (老王)."""
    seat = parse_seat(text)
    if seat is None and names:
        matches = [s for s, name in names.items() if name == text.strip()]
        seat = matches[0] if len(matches) == 1 else None
    if seat is None:
        raise AnswerError(say(m.SEAT_ANSWER, value=shown(text)))
    return seat


def _tokens(text: str, names: dict[Seat, str] | None = None) -> list[tuple[str, str, str]]:
    """The answer's tokens; a player's name (``小赵``) reads as the seat they sit in, before anything else."""
    pattern = _TOKENS
    by_name = {name: seat for seat, name in (names or {}).items() if name}
    if by_name:
        spelled = "|".join(re.escape(name) for name in sorted(by_name, key=len, reverse=True))
        pattern = re.compile(f"(?P<name>{spelled})|" + _TOKENS.pattern, re.IGNORECASE)
    out = []
    for match in pattern.finditer(text.strip()):
        kind = match.lastgroup
        if kind == "name":
            out.append(("seat", by_name[match.group("name")].name, ""))
            continue
        if kind == "count":
            kind = "bet"
        if kind == "bad":
            raise AnswerError(say(m.NOT_UNDERSTOOD_IN, value=shown(match.group()), text=shown(text)))
        if kind != "sep":
            out.append(
                (
                    kind or "",
                    match.group(kind or 0) if kind != "bet" else match.group("bet"),
                    match.group("count") or "",
                )
            )
    return out


def parse_bets(text: str, names: dict[Seat, str] | None = None) -> dict[Seat, dict[str, int]]:
    """``S piao 1, N di 2 gang 1``, ``南飘1 北抵2杠1`` or with names, ``小赵飘1`` -> counts per seat.

    >>> parse_bets("小赵飘1 东飘1", {Seat.N: "小赵"})
    {<Seat.N: 3>: {'piao': 1}, <Seat.E: 0>: {'piao': 1}}
    """
    bets: dict[Seat, dict[str, int]] = {}
    seat: Seat | None = None
    for kind, value, count in _tokens(text, names):
        if kind == "seat":
            seat = parse_seat(value.upper() if value.isascii() else value)
            bets.setdefault(seat, {})  # type: ignore[arg-type]
        elif kind == "bet":
            if seat is None:
                raise AnswerError(say(m.WHOSE_BET, bet=value))
            if count not in _COUNT:
                raise AnswerError(say(m.COUNT_RANGE, bet=value, count=count))
            bets[seat][_BET[value.lower()]] = _COUNT[count]
        else:
            raise AnswerError(say(m.NOT_AN_ADDON, value=shown(value)))
    return {s: counts for s, counts in bets.items() if counts}


def parse_kongs(text: str, names: dict[Seat, str] | None = None) -> list[Kong]:
    """``北暗杠 东明杠南 南续杠西``, ``N concealed, E exposed S`` or with names, ``老王暗杠`` -> kongs."""
    kongs: list[Kong] = []
    pending: list[Seat] = []
    kind = None
    for token, value, _ in _tokens(text, names):
        if token == "seat":
            seat = parse_seat(value.upper() if value.isascii() else value)
            assert seat is not None
            if kind is not None and kind.needs_source and len(pending) == 1:
                kongs.append(Kong(pending[0], kind, seat))
                pending, kind = [], None
                continue
            if kind is not None and pending:
                kongs.append(Kong(pending[0], kind))
                pending, kind = [], None
            pending.append(seat)
        elif token == "kong":
            if len(pending) != 1:
                raise AnswerError(say(m.WHO_MADE_KONG, kong=value))
            kind = KONG_NAMES[value.lower()]
        else:
            raise AnswerError(say(m.NOT_A_KONG_ANSWER, value=shown(value)))
    if pending and kind is None:
        raise AnswerError(say(m.KONG_NEEDS_KIND))
    if pending and kind is not None:
        kongs.append(Kong(pending[0], kind))
    return kongs


def _words(cls: type) -> dict[str, tuple[str, object]]:
    """Words that set an option alone: its names (what its entry's ``on`` says), a choice's values, a flag's words."""
    words: dict[str, tuple[str, object]] = {}
    for entry in entries(cls):
        if entry.kind in ("amount", "name", "group"):
            continue
        for spelling in entry.spellings():
            words[spelling.lower()] = (entry.key, entry.on)
        for value, spellings in entry.value_spellings().items():
            # a choice's English word alone (``even``) is ambiguous; its Chinese words are not
            for spelling in spellings[1:] if entry.kind == "choice" else spellings:
                words[spelling] = (entry.key, value)
    return words


_TOKEN = re.compile(r"(?P<name>[^\s,，;；、=:：\d]+)\s*(?:[=:：]\s*(?P<value>[^\s,，;；、]+)|(?P<number>\d+))?")


def parse_house(text: str) -> dict[str, object]:
    """``包次 庄家翻倍 硬次 下米500`` or ``baoci dealer_double=all`` -> house options (hand-file keys).

    >>> sorted(parse_house("包次 平摊 下米500").items())
    [('baoci', True), ('xiami', 500), ('zhici_split', <ZhiciSplit.EVEN: 'even'>)]
    """
    return parse_options(text, HouseRules, (), m.NOT_A_HOUSE_RULE)


def parse_rules_and_fee(text: str) -> tuple[dict[str, object], dict[str, object]]:
    """The ``--new`` rules answer: house options, then after ``台费`` / ``fee`` the table fee's.

    >>> parse_rules_and_fee("包次 台费 每局10")
    ({'baoci': True}, {'per_hand': 10})
    """
    words = "|".join(re.escape(word) for word in TOP_KEYS["fee"])
    parts = re.split(rf"(?:^|(?<=[\s,，;；、]))(?:{words})(?=[\s,，;；、]|$)", text.strip(), maxsplit=1, flags=re.I)
    house = parse_house(parts[0]) if parts[0].strip() else {}
    return house, parse_fee(parts[1]) if len(parts) > 1 else {}


def parse_fee(text: str) -> dict[str, object]:
    """``台费 每局10 收款=老王`` or ``fee per_hand=10`` -> the table fee's options (hand-file keys).

    >>> parse_fee("台费 每胡50 每晚100")
    {'per_win': 50, 'per_evening': 100}
    """
    return parse_options(text, Fee, TOP_KEYS["fee"], m.NOT_A_FEE_ANSWER)


class _Lookups(NamedTuple):
    """An options class's words at the prompt, made once from its entries."""

    words: dict[str, tuple[str, object]]  # a word alone: (key, value)
    valued: dict[str, Option]  # a name before ``=value``
    numbered: dict[str, str]  # a whole number's names before its digits: key
    parts: dict[str, tuple[str, str]]  # a group's part by its names before digits: (key, part key)
    groups: frozenset[str]  # a group's own names (带跑): alone, they switch it on with its defaults


@cache
def _lookups(cls: type) -> _Lookups:
    numbered = {
        spelling.lower(): entry.key
        for entry in entries(cls)
        if entry.kind == "amount"
        for spelling in (*entry.spellings(), *entry.prompt_names)
    }
    parts = {  # 带跑100 sets pao.unit, 杠跑 pao.kong: a group's names, then its parts' prompt names
        spelling.lower(): (entry.key, part.key)
        for entry in entries(cls)
        if entry.group is not None
        for index, part in enumerate(entries(entry.group))
        for spelling in (*(entry.spellings() if index == 0 else ()), *part.prompt_names)
    }
    valued = {spelling.lower(): entry for entry in entries(cls) for spelling in entry.spellings()}
    groups = frozenset(
        spelling.lower() for entry in entries(cls) if entry.group is not None for spelling in entry.spellings()
    )
    return _Lookups(_words(cls), valued, numbered, parts, groups)


def _option_tokens(text: str) -> Iterator[tuple[str, str | None, str]]:
    """Each ``name``, ``name=value`` or ``name123`` of an answer: (name, value or digits, the token as typed)."""
    position = 0
    text = text.strip()
    while position < len(text):
        if text[position] in " \t,，;；、":
            position += 1
            continue
        match = _TOKEN.match(text, position)
        if match is None:
            raise AnswerError(say(m.NOT_UNDERSTOOD, value=shown(text[position:])))
        position = match.end()
        yield match.group("name"), match.group("value") or match.group("number"), match.group().strip()


def parse_options(text: str, cls: type, group: tuple[str, ...], unknown: Message) -> dict[str, object]:
    """A one-line answer of options of ``cls``, by their entries; ``group``: words naming the group, skipped."""
    lookups = _lookups(cls)
    skipped = {word.lower() for word in group}
    found: dict[str, object] = {}
    for name, value, typed in _option_tokens(text):
        lowered = name.lower()
        if lowered in skipped and value is None:
            continue
        number = ascii_whole(value) if value is not None else None
        if lowered in lookups.parts and (value is None or number is not None):  # 带跑 alone: on; 杠跑 alone: true
            key, part_key = lookups.parts[lowered]
            held = found.setdefault(key, {})
            if isinstance(held, dict) and (value is not None or lowered not in lookups.groups):
                held[part_key] = number if number is not None else True
            continue
        key_value = _option(name, value, lookups.words, lookups.numbered, lookups.valued)
        if key_value is None:
            raise AnswerError(say(unknown, value=shown(typed)))
        key, option = key_value
        if key in found and found[key] != option:
            raise AnswerError(say(m.RULE_TWICE, key=key))
        found[key] = option
    return found


def _option(
    name: str,
    value: str | None,
    words: dict[str, tuple[str, object]],
    numbered: dict[str, str],
    valued: dict[str, Option],
) -> tuple[str, object] | None:
    lowered = name.lower()
    if lowered in numbered:
        number = ascii_whole(value) if value is not None else None
        return None if number is None else (numbered[lowered], number)
    if value is None:
        return words.get(lowered) or words.get(name)
    entry = valued.get(lowered)
    if entry is None:
        return None
    try:
        return entry.key, read_option(entry, value, ())
    except RuleError:
        return None
