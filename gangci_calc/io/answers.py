"""Short answers typed at the table: seats, wins, add-ons and kongs in a few keystrokes.

>>> parse_bets("南飘1 北抵2杠1")
{<Seat.S: 1>: {'piao': 1}, <Seat.N: 3>: {'di': 2, 'gang': 1}}
>>> [(k.by.name, k.type.value, k.source and k.source.name) for k in parse_kongs("N concealed, E exposed S")]
[('N', 'concealed', None), ('E', 'exposed', 'S')]
"""

from __future__ import annotations

import re

from gangci_calc.io.schema import KONG_NAMES, WIN_NAMES
from gangci_calc.rules import Kong, Seat, Win, parse_seat

_COUNT = {"0": 0, "1": 1, "2": 2, "3": 3, "一": 1, "二": 2, "两": 2, "俩": 2, "三": 3, "仨": 3, "零": 0}
_BET = {"piao": "piao", "飘": "piao", "di": "di", "抵": "di", "gang": "gang", "下杠": "gang", "杠": "gang"}
_TOKENS = re.compile(
    r"(?P<bet>piao|di|gang|飘|抵|下杠|杠)\s*[:=]?\s*(?P<count>-?\d+|[一二两俩三仨零])"
    r"|(?P<kong>concealed|exposed|added|暗杠|明杠|续杠|加杠)"
    r"|(?P<seat>\b[ESWNeswn]\b|[东南西北])"
    r"|(?P<sep>[\s,，;；、]+)"
    r"|(?P<bad>.)",
    re.IGNORECASE,
)


class AnswerError(ValueError):
    """An answer that cannot be read; the message says what would be right."""


def parse_win(text: str) -> Win:
    win = WIN_NAMES.get(text.strip().lower()) or WIN_NAMES.get(text.strip())
    if win is None:
        raise AnswerError(f"{text!r}: 炸弹 天胡 暗呲 天呲 直呲 续呲 流局 (bomb heavenly anci tianci zhici xuci draw)")
    return win


def parse_seat_answer(text: str) -> Seat:
    seat = parse_seat(text)
    if seat is None:
        raise AnswerError(f"{text!r} is not a seat — 东 南 西 北 or E S W N")
    return seat


def _tokens(text: str) -> list[tuple[str, str, str]]:
    out = []
    for match in _TOKENS.finditer(text.strip()):
        kind = match.lastgroup
        if kind == "count":
            kind = "bet"
        if kind == "bad":
            raise AnswerError(f"{match.group()!r} is not understood in {text!r}")
        if kind != "sep":
            out.append(
                (
                    kind or "",
                    match.group(kind or 0) if kind != "bet" else match.group("bet"),
                    match.group("count") or "",
                )
            )
    return out


def parse_bets(text: str) -> dict[Seat, dict[str, int]]:
    """``S piao 1, N di 2 gang 1`` or ``南飘1 北抵2杠1`` -> counts per seat."""
    bets: dict[Seat, dict[str, int]] = {}
    seat: Seat | None = None
    for kind, value, count in _tokens(text):
        if kind == "seat":
            seat = parse_seat(value.upper() if value.isascii() else value)
            bets.setdefault(seat, {})  # type: ignore[arg-type]
        elif kind == "bet":
            if seat is None:
                raise AnswerError(f"say whose {value} it is first, e.g. 南飘1 or S piao 1")
            if count not in _COUNT:
                raise AnswerError(f"{value} {count}: counts are 0 to 3")
            bets[seat][_BET[value.lower()]] = _COUNT[count]
        else:
            raise AnswerError(f"{value!r} is not an add-on — 飘 piao, 抵 di, 杠 gang")
    return {s: counts for s, counts in bets.items() if counts}


def parse_kongs(text: str) -> list[Kong]:
    """``北暗杠 东明杠南 南续杠西`` or ``N concealed, E exposed S`` -> kongs."""
    kongs: list[Kong] = []
    pending: list[Seat] = []
    kind = None
    for token, value, _ in _tokens(text):
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
                raise AnswerError(f"say who made the {value} first, e.g. 北暗杠 or N concealed")
            kind = KONG_NAMES[value.lower()]
        else:
            raise AnswerError(f"{value!r} is not a kong — 暗杠 concealed, 明杠 exposed, 续杠 added")
    if pending and kind is None:
        raise AnswerError("each kong needs its kind: 暗杠 concealed, 明杠 exposed or 续杠 added")
    if pending and kind is not None:
        kongs.append(Kong(pending[0], kind))
    return kongs
