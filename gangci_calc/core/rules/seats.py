"""Seats 东 南 西 北 and the order of play (E → S → W → N, counter-clockwise)."""

from __future__ import annotations

from enum import IntEnum


class Seat(IntEnum):
    """A seat at the table; the value is its place in the order of play."""

    E = 0  # 东
    S = 1  # 南
    W = 2  # 西
    N = 3  # 北

    def __bool__(self) -> bool:
        """Every seat is a seat: East is 0 but never falsy."""
        return True

    def shifted(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places later in the order of play.

        >>> Seat.N.shifted()
        <Seat.E: 0>
        """
        return SEATS[(self + steps) % 4]

    def others(self) -> tuple[Seat, ...]:
        """The three other seats, in the order of play after this one."""
        return _OTHERS[self]


SEATS: tuple[Seat, ...] = tuple(Seat)
THREE_SEATS: tuple[Seat, ...] = (Seat.E, Seat.S, Seat.W)  # 三人场: no North
_OTHERS = {seat: tuple(SEATS[(seat + i) % 4] for i in (1, 2, 3)) for seat in SEATS}
_OTHERS_OF_THREE = {seat: tuple(THREE_SEATS[(seat + i) % 3] for i in (1, 2)) for seat in THREE_SEATS}


def in_play(three: bool) -> tuple[Seat, ...]:
    """The seats at a table: all four, or E S W at a table of three (三人场)."""
    return THREE_SEATS if three else SEATS


def others_of(seat: Seat, seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The other seats in play, in the order of play after ``seat``.

    >>> others_of(Seat.W, THREE_SEATS)
    (<Seat.E: 0>, <Seat.S: 1>)
    """
    return _OTHERS[seat] if len(seats) == 4 else _OTHERS_OF_THREE[seat]


def next_in_play(seat: Seat, seats: tuple[Seat, ...]) -> Seat:
    """The next seat in the order of play among ``seats`` (W → E at a table of three)."""
    return others_of(seat, seats)[0]


_SEAT_NAMES = {
    **{s.name: s for s in Seat},
    **{s.name.lower(): s for s in Seat},
    **{"东南西北"[s]: s for s in Seat},
    "東": Seat.E,
    "東風": Seat.E,
    "东风": Seat.E,
    "南风": Seat.S,
    "西风": Seat.W,
    "北风": Seat.N,
}


def parse_seat(text: object) -> Seat | None:
    """``"E"``, ``"e"`` or ``"东"`` -> :class:`Seat`; anything else -> ``None``.

    >>> parse_seat("西"), parse_seat("n"), parse_seat("X")
    (<Seat.W: 2>, <Seat.N: 3>, None)
    """
    if isinstance(text, str):
        seat = _SEAT_NAMES.get(text)
        return seat if seat is not None else _SEAT_NAMES.get(text.strip())
    return None


SEAT_WORDS_EN = ("east", "south", "west", "north")  # no player may be called so either
SEAT_NAMES = tuple(_SEAT_NAMES)  # every spelling of a seat the files take (the JSON Schema's too)


def is_seat_word(text: str) -> bool:
    """Does ``text`` name a seat in either language (``E``, ``东``, ``東風``, ``East``)? No player may be called so:
    people and seats share the standings and the settle-up.

    >>> is_seat_word("东"), is_seat_word("east"), is_seat_word("老王")
    (True, True, False)
    """
    word = text.strip()
    if len(word) > _LONGEST_SEAT_WORD:  # most names: no seat is spelled so long
        return False
    return parse_seat(word) is not None or word.lower() in SEAT_WORDS_EN


_LONGEST_SEAT_WORD = max(len(word) for word in (*_SEAT_NAMES, *SEAT_WORDS_EN))
