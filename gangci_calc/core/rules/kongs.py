"""Kongs (杠) and who pays their maker 杠底."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gangci_calc.core.rules.seats import SEATS, Seat, others_of


class KongType(Enum):
    """Kinds of kong. Values are the hand-file spellings."""

    CONCEALED = "concealed"  # 暗杠: each of the 3 others pays G
    EXPOSED = "exposed"  # 明杠: on a discard; the discarder pays G
    ADDED = "added"  # 续杠 (加杠): added to an exposed pung; its feeder pays G

    @property
    def needs_source(self) -> bool:
        return self is not KongType.CONCEALED


@dataclass(frozen=True, slots=True)
class Kong:
    """A kong made during the hand (杠)."""

    by: Seat
    type: KongType
    source: Seat | None = None  # 明杠: the discarder; 续杠: who fed the pung

    def payers(self, seats: tuple[Seat, ...] = SEATS) -> tuple[Seat, ...]:
        """Who pays this kong's maker one 杠底 each (``seats``: the seats in play).

        >>> Kong(Seat.E, KongType.EXPOSED, Seat.W).payers()
        (<Seat.W: 2>,)
        """
        return kong_payers(self.type, self.by, self.source, seats)


def kong_payers(kind: KongType, by: Seat, source: Seat | None, seats: tuple[Seat, ...] = SEATS) -> tuple[Seat, ...]:
    """暗杠: every other seat in play; 明杠: the discarder; 续杠: who fed the pung."""
    if kind is KongType.CONCEALED:
        return others_of(by, seats)
    assert source is not None
    return (source,)
