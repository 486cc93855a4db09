"""``gangci schema hand|session|result``: JSON Schemas (draft 2020-12) of the files and of batch's lines.

Built from the same key tables and spellings the loader reads (:mod:`gangci_calc.io.load.schema`),
so every alias (``胡牌`` for ``win``, ``东`` for ``E``) and every house rule is in
them, and nothing the loader refuses. What a schema cannot say (a 天胡 is the
dealer's; 抵 is not on the dealer) the loader still checks.

>>> hand = schema("hand")
>>> hand["$schema"], sorted(hand["properties"])[:4]
('https://json-schema.org/draft/2020-12/schema', ['bets', 'ci', 'dealer', 'fee'])
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from gangci_calc.core.rules import HouseRules, Role, Win
from gangci_calc.core.rules.fee import Fee
from gangci_calc.core.rules.hand import wall_after_deal
from gangci_calc.core.rules.options import entries
from gangci_calc.core.rules.seats import SEAT_NAMES, SEAT_WORDS_EN
from gangci_calc.io.load.boundary import HAND_LIMIT, META_LIMIT, MOST_HANDS, SESSION_FILE_LIMIT
from gangci_calc.io.load.schema import (
    BET_KEYS,
    FALSE_WORDS,
    FEE_KEYS,
    GROUP_KEYS,
    KONG_KEYS,
    KONG_NAMES,
    NEXT_KEYS,
    PAID_KEYS,
    RULE_KEYS,
    SESSION_HAND_KEYS,
    SESSION_KEYS,
    STAKES_KEYS,
    TILE_KEYS,
    TOP_KEYS,
    TRUE_WORDS,
    WIN_KEYS,
    WIN_NAMES,
)

DRAFT = "https://json-schema.org/draft/2020-12/schema"

SEAT = {"$ref": "#/$defs/seat"}
COUNT = {"type": "integer", "minimum": 0, "maximum": 3}
AMOUNT = {"type": "integer", "minimum": 1, "maximum": 10**18 - 1}


def _spelled(words: Iterable[str], *, fold: bool = True) -> dict[str, Any]:
    """A string that is one of ``words`` once the spaces around it are stripped (and, ``fold``, in any case), as
    the loader reads words."""

    def one(word: str) -> str:
        if not fold:
            return re.escape(word)
        return "".join(f"[{c.upper()}{c.lower()}]" if c.isascii() and c.isalpha() else re.escape(c) for c in word)

    alternatives = "|".join(one(word) for word in sorted(set(words), key=lambda w: (-len(w), w)))
    return {"type": "string", "pattern": rf"^\s*(?:{alternatives})\s*$"}


def _flag(words: Mapping[bool, tuple[str, ...]] | None = None) -> dict[str, Any]:
    spelled = [*TRUE_WORDS, *FALSE_WORDS, *(w for group in (words or {}).values() for w in group)]
    return {"anyOf": [{"type": "boolean"}, _spelled(spelled)]}


def _tiles(*, one: bool) -> dict[str, Any]:
    """Tile notation as the loader reads it (``core/tiles/notation.py``): ``123m 44p 7z``, ``四万 七条 东``; ``one``: a
    single tile."""
    from gangci_calc.core.tiles.notation import HONOUR_WORDS, NUMBER_WORDS, SEPARATORS, SUIT_WORDS

    honour = "|".join(re.escape(w) for w in sorted(HONOUR_WORDS, key=lambda w: (-len(w), w)))
    number = "[" + "".join(re.escape(c) for c in sorted(NUMBER_WORDS)) + "]"
    low = "[" + "".join(re.escape(c) for c in sorted(c for c, n in NUMBER_WORDS.items() if n <= 7)) + "]"
    suit = "[mpsMPS" + "".join(re.escape(c) for c in sorted(SUIT_WORDS)) + "]"
    sep = "[" + "".join(re.escape(c) for c in SEPARATORS) + "]*"
    if one:
        token = f"(?:{honour}|{number}{suit}|{low}[zZ])"
        return {"type": "string", "pattern": f"^{sep}{token}{sep}$"}
    token = f"(?:{honour}|{number}+{suit}|{low}+[zZ])"
    return {"type": "string", "pattern": f"^{sep}(?:{token}{sep})*$"}


def _object(
    spellings: dict[str, tuple[str, ...]], values: dict[str, Any], required: tuple[str, ...] = ()
) -> dict[str, Any]:
    """An object whose keys may be any spelling of the table's keys; ``required``: canonical keys, any spelling.

    Null is absent, as the loader reads it: an optional key may be null, a required one may not.
    """
    properties = {
        spelling: values[key] if key in required else _or_null(values[key])
        for key, group in spellings.items()
        for spelling in group
    }
    out: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        out["allOf"] = [{"anyOf": [{"required": [s]} for s in spellings[key]]} for key in required]
    return out


def _seat_map(value: Any) -> dict[str, Any]:
    return {"type": "object", "propertyNames": SEAT, "additionalProperties": _or_null(value)}


def _or_null(value: dict[str, Any]) -> dict[str, Any]:
    """``value``, or null (absent)."""
    return {"anyOf": [{"type": "null"}, value]}


def _rules() -> dict[str, Any]:
    return _options(HouseRules, RULE_KEYS)


def _options(cls: type, spellings: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    """A mapping of options (``rules:``, ``fee:``), each value as its entry allows."""
    values: dict[str, Any] = {}
    for entry in entries(cls):
        if entry.kind == "flag":
            values[entry.key] = _flag(entry.values or None)
        elif entry.kind == "choice":
            values[entry.key] = _spelled(s for group in entry.value_spellings().values() for s in group)
        elif entry.kind == "name":
            values[entry.key] = {"type": "string", "minLength": 1, "maxLength": 40}
        elif entry.group is not None:  # its own mapping (带跑 {unit, kong}), or a flag: on with its defaults, or off
            values[entry.key] = {"anyOf": [_options(entry.group, GROUP_KEYS[entry.key]), _flag()]}
        else:
            assert entry.amounts is not None
            values[entry.key] = {"type": "integer", "minimum": entry.amounts[0], "maximum": entry.amounts[-1]}
        values[entry.key] |= {"description": f"{' '.join(entry.names)}: {entry.effect.en}"}  # gangci rules' words
    return _object(spellings, values)


def _defs() -> dict[str, Any]:
    """Every field a hand or session file may hold, as ``$defs`` (each hand's fields refer to these)."""
    tile_text = _tiles(one=True)
    return {
        "seat": _spelled(SEAT_NAMES, fold=False) | {"description": "E S W N (东 南 西 北)"},
        "stakes": _stakes()
        | {"description": "起底: scheme 1 or 2, or {gang: 杠底, bomb: 炸弹底, ci: 杠呲底, dianpao: 点炮底}"},
        "policy": _flag() | {"description": "带政策: add-ons on"},
        "players": _seat_map(_player_name()) | {"description": "玩家: a name for each seat"},
        "bets": {
            "anyOf": [{"type": "null"}, _seat_map({"anyOf": [{"type": "null"}, _bets()]})],
            "description": "加番 and 跑 (pao, under rules.pao)",
        },
        "win": {"anyOf": [{"enum": _draw_names()}, _win()], "description": "胡牌: how the hand ended"},
        "kongs": {"anyOf": [{"type": "null"}, {"type": "array", "items": _kong()}], "description": "杠"},
        "tiles": _tile_fields(tile_text) | {"description": "牌: the winner's tiles, for the referee"},
        "rules": {"anyOf": [{"type": "null"}, _rules()], "description": "规矩: house rules (gangci rules)"},
        "fee": {"anyOf": [{"type": "null"}, _options(Fee, FEE_KEYS)], "description": "台费: the table fee"},
        "ci": tile_text | {"description": "杠底牌: the hand's ci tile"},
        "mi": _seat_map({"type": "integer", "minimum": 0}) | {"description": "米 held before the hand"},
        "tiles_left": {
            "type": "integer",
            "minimum": 0,
            "maximum": wall_after_deal(3),  # the most any table's wall holds (three seats); the loader checks each
            "description": "剩牌: tiles left (包次); at most the wall after the deal (83 at four seats)",
        },
        "id": {"type": ["string", "integer"], "description": "the record's own id, echoed in its outputs"},
        "meta": {"type": "object", "description": "anything a platform keeps with the record, echoed"},
        "dealer": SEAT | {"description": "庄家"},
        "date": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$", "description": "日期: the evening's date"},
        "paid": {"type": "array", "items": _payment(), "description": "已付: the settle-up's payments made"},
    }


def _stakes() -> dict[str, Any]:
    """起底: a scheme's number (as a number or text), or each stake."""
    return {
        "anyOf": [
            {"enum": [1, 2]},
            {"type": "string", "pattern": r"^\s*(?:方案)?\s*[12]\s*$"},
            _object(STAKES_KEYS, dict.fromkeys(STAKES_KEYS, AMOUNT), ("gang",)),
        ]
    }


def _player_name() -> dict[str, Any]:
    """A player: a number, or a printable name that is not a seat's word."""
    seat_words = _spelled([*SEAT_NAMES, *SEAT_WORDS_EN], fold=False)
    return {
        "anyOf": [
            {"type": "integer"},
            # printable, not blank, not a seat's word (the loader also refuses Unicode's other unprintables)
            {
                "type": "string",
                "pattern": r"^[^\x00-\x1f\x7f]*\S[^\x00-\x1f\x7f]*$",
                "maxLength": 40,
                "not": seat_words,
            },
        ]
    }


def _bets() -> dict[str, Any]:
    return _object(BET_KEYS, dict.fromkeys(BET_KEYS, COUNT))


def _win() -> dict[str, Any]:
    fields = {"type": {"enum": sorted(WIN_NAMES)}, "winner": SEAT, "from": SEAT, "bao": _flag()}
    return _object(WIN_KEYS, fields, ("type",))


def _draw_names() -> list[str]:
    """The words of a 流局, which a bare win may be (it names no winner)."""
    return sorted(name for name, found in WIN_NAMES.items() if found is Win.DRAW)


def _kong() -> dict[str, Any]:
    return _object(KONG_KEYS, {"by": SEAT, "type": {"enum": sorted(KONG_NAMES)}, "from": SEAT}, ("by", "type"))


def _tile_fields(tile_text: dict[str, Any]) -> dict[str, Any]:
    """牌: the winner's tiles, each group a text or a list of texts."""
    many = {"anyOf": [_tiles(one=False), {"type": "array", "items": _tiles(one=False)}]}
    return _object(
        TILE_KEYS,
        {"ci": tile_text, "hand": many, "win_tile": tile_text, "pungs": many, "kongs": many, "concealed_kongs": many},
        ("ci", "hand"),
    )


def _payment() -> dict[str, Any]:
    """One payment of the settle-up made (已付)."""
    amount = {
        "anyOf": [{"type": "integer", "minimum": 1}, {"type": "string", "pattern": r"^\s*[0-9]+(\.5)?\s*$"}],
        "description": "金额: whole, or a half as text",
    }
    return _object(
        PAID_KEYS,
        {
            "from": {"type": ["string", "integer"], "description": "付款人: who paid"},
            "to": {"type": ["string", "integer"], "description": "收款人: who was paid"},
            "at": {"type": "string", "description": "时间: when it was recorded (2026-12-04T21:30)"},
            "amount": amount,
        },
        tuple(PAID_KEYS),
    )


_FIELD: dict[str, Any] = {key: {"$ref": f"#/$defs/{key}"} for key in _defs()}


def _hand() -> dict[str, Any]:
    return _object(TOP_KEYS, {key: _FIELD[key] for key in TOP_KEYS}, ("stakes", "dealer", "win"))


def _session() -> dict[str, Any]:
    fields = {key: _FIELD[key] for key in SESSION_HAND_KEYS}
    if "meta" in fields:
        said = fields["meta"].get("description", "anything a platform keeps with the hand")
        fields["meta"] = fields["meta"] | {"description": f"{said}; {_LIMITS['meta']}"}
    hand = _object(SESSION_HAND_KEYS, fields, ("win",)) | {"description": _LIMITS["hand"]}
    values: dict[str, Any] = {key: _FIELD[key] for key in SESSION_KEYS if key not in ("hands", "next")}
    values["next"] = _object(NEXT_KEYS, {key: _FIELD[key] for key in NEXT_KEYS}, ()) | {
        "description": "下一局: the table changed from the next hand on (saved before that hand)"
    }
    values["hands"] = {
        "anyOf": [{"type": "null"}, {"type": "array", "items": hand, "maxItems": MOST_HANDS}],
        "description": f"牌局: {_LIMITS['hands']}",
    }
    return _object(SESSION_KEYS, values, ("stakes", "dealer")) | {"description": _LIMITS["ledger"]}


_LIMITS = {  # a ledger's limits (io/load/boundary.py), as docs/file-format.md states them
    "ledger": f"a ledger (账本) takes at most {SESSION_FILE_LIMIT >> 20} MiB; a larger one is refused unread",
    "hands": f"at most {MOST_HANDS:,} hands in one ledger",
    "hand": f"one hand of a ledger takes at most {HAND_LIMIT >> 10} KiB as written",
    "meta": f"in a ledger at most {META_LIMIT >> 10} KiB (as JSON)",
}


def _result() -> dict[str, Any]:
    amount = {"type": ["integer", "number"], "description": "exact: whole, or a half (1500.5)"}
    letter = {"enum": ["E", "S", "W", "N"]}
    echo = {
        "id": {"type": ["string", "integer"]},
        "hand": {"type": "integer", "minimum": 1, "description": "its number, in a session record"},
        "players": {
            "type": "object",
            "properties": {seat: {"type": "string"} for seat in ("E", "S", "W", "N")},
            "additionalProperties": False,
            "description": "the names at the seats, where the record names them",
        },
        "meta": {"type": "object"},
        "source": {"type": "string", "description": "file:line"},
    }
    payment = {
        "type": "object",
        "properties": {
            "payer": letter,
            "payee": {"type": "string", "description": "a seat's letter, or who collects the table fee"},
            "amount": amount,
            "for": {"type": "string", "description": "the win or the kong paid for"},
            "role": {"enum": [role.value for role in Role]},
            "share_of": {
                "type": "array",
                "items": letter,
                "description": "包次: whose shares the discarder pays; 米: whose 米",
            },
        },
        "required": ["payer", "payee", "amount", "for", "role"],
        "additionalProperties": False,
    }
    scored = {
        "type": "object",
        "properties": {
            **echo,
            "net": {
                "type": "object",
                "properties": dict.fromkeys("ESWN", amount),
                "required": list("ESWN"),
                "additionalProperties": False,
            },
            "outcome": {"enum": sorted({w.value for w in WIN_NAMES.values()})},
            "winner": {"anyOf": [letter, {"type": "null"}]},
            "from": {"anyOf": [letter, {"type": "null"}]},
            "dealer": letter,
            "rules": {"type": "object"},
            "payments": {"type": "array", "items": payment},
        },
        "required": ["net", "outcome", "winner", "from", "dealer", "rules", "source"],
        "description": "a scored hand (--keep keys may follow)",
    }
    failed = {
        "type": "object",
        "properties": {**echo, "error": {"type": "string", "description": "file:line:col: field: what is wrong"}},
        "required": ["error", "source"],
        "not": {"required": ["net"]},
        "description": "a hand that could not be scored (--keep keys may follow)",
    }
    return {"oneOf": [scored, failed]}


_AMOUNT = {"type": ["integer", "number"], "description": "exact: whole, or a half (1500.5)"}
_LETTER = {"enum": ["E", "S", "W", "N"]}
_BY_SEAT = {
    "type": "object",
    "properties": dict.fromkeys("ESWN", _AMOUNT),
    "required": list("ESWN"),
    "additionalProperties": False,
}
_NAMES = {"type": "object", "properties": {key: {"type": "string"} for key in "ESWN"}, "additionalProperties": False}
_WIN = {
    "type": "object",
    "properties": {
        "type": {"enum": sorted({w.value for w in WIN_NAMES.values()})},
        "winner": {"anyOf": [_LETTER, {"type": "null"}]},
        "from": {"anyOf": [_LETTER, {"type": "null"}]},
        "bao": {"type": "boolean"},
    },
    "required": ["type", "winner", "from"],
}


def _score() -> dict[str, Any]:
    """``gangci score --format json``: the nets, every payment with its terms, the hand as settled."""
    payment = _result()["oneOf"][0]["properties"]["payments"]["items"]
    with_charges = {
        **payment,
        "properties": {**payment["properties"], "charges": {"type": "array", "items": {"type": "object"}}},
    }
    return {
        "type": "object",
        "properties": {
            "net": _BY_SEAT,
            "payments": {"type": "array", "items": with_charges},
            "win_part": _BY_SEAT,
            "kong_part": _BY_SEAT,
            "fees": _BY_SEAT | {"description": "台费 each seat paid"},
            "fee": {"type": "object", "description": "台费: the table fee in force"},
            "win": _WIN,
            "dealer": _LETTER,
            "stakes": {"type": "object", "additionalProperties": {"type": "integer"}},
            "policy": {"type": "boolean"},
            "rules": {"type": "object", "description": "the house rules that are not the seed's"},
            "players": _NAMES,
            "id": {"type": ["string", "integer"]},
            "meta": {"type": "object"},
            "tiles_checked": {"type": "boolean", "description": "牌已核对: the hand's tiles were checked and hold"},
            "tiles_left": {"type": "integer", "description": "剩牌: the tiles left, as the hand gave them"},
            "bao_line": {"type": "integer", "description": "包次线: the mark the tiles left were held against"},
        },
        "required": ["net", "payments", "win_part", "kong_part", "win", "dealer", "stakes", "policy", "rules"],
        "description": "other keys may follow (the referee's verdict where the hand gives tiles)",
    }


def _evening() -> dict[str, Any]:
    """``gangci session --format json`` (and ``GET /api/evening``, with its ``version``)."""
    hand = {
        "type": "object",
        "properties": {
            "number": {"type": "integer", "minimum": 1},
            "dealer": _LETTER,
            "dealer_overridden": {"type": "boolean"},
            "win": _WIN,
            "net": _BY_SEAT,
            "running": _BY_SEAT,
            "line": {"type": ["integer", "null"]},
            "stakes": {"type": "object", "additionalProperties": {"type": "integer"}},
            "policy": {"type": "boolean"},
            "rules": {"type": "object"},
            "mi": {"type": "object"},
            "players": _NAMES,
        },
        "required": ["number", "dealer", "win", "net", "running"],
    }
    person = {
        "type": "object",
        "properties": {"name": {"type": "string"}, "total": _AMOUNT, "house": {"type": "boolean"}},
        "required": ["name", "total"],
    }
    transfer = {
        "type": "object",
        "properties": {
            "from": {"type": "string"},
            "to": {"type": "string"},
            "amount": _AMOUNT,
        },
        "required": ["from", "to", "amount"],
    }
    return {
        "type": "object",
        "properties": {
            "hands": {"type": "array", "items": hand},
            "totals": _BY_SEAT,
            "people": {"type": "array", "items": person},
            "transfers": {
                "type": "array",
                "items": transfer,
                "description": "what is still to pay: the fewest payments settling the totals, less those paid",
            },
            "paid": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "from": {"type": "string"},
                        "to": {"type": "string"},
                        "amount": _AMOUNT,
                        "at": {"type": "string", "description": "when it was recorded"},
                    },
                    "required": ["from", "to", "amount"],
                },
                "description": "已付: the payments the ledger records (its paid:), where there are any",
            },
            "next": {
                "type": "object",
                "description": "the hand entered next: number, dealer, players, stakes, policy, rules, fee, mi",
            },
            "players": _NAMES,
            "rules": {"type": "object"},
            "version": {"type": "integer", "description": "GET /api/evening only: changes with every change"},
        },
        "required": ["hands", "totals", "people", "transfers"],
    }


_TITLES = {
    "hand": "gangci-calc hand file (one hand)",
    "session": "gangci-calc session file (an evening's ledger)",
    "result": "gangci-calc batch result line (--format jsonl)",
    "score": "gangci-calc score --format json",
    "evening": "gangci-calc session --format json (GET /api/evening)",
}


def schema(kind: str) -> dict[str, Any]:
    """The schema of ``kind``: ``hand``, ``session``, ``result``, ``score`` or ``evening``."""
    makers = {"hand": _hand, "session": _session, "result": _result, "score": _score, "evening": _evening}
    out: dict[str, Any] = {"$schema": DRAFT, "title": _TITLES[kind], **makers[kind]()}
    if kind in ("hand", "session"):
        out["$defs"] = _defs()
    return out


def schema_text(kind: str) -> str:
    """``gangci schema KIND``'s output."""
    return json.dumps(schema(kind), ensure_ascii=False, indent=2)
