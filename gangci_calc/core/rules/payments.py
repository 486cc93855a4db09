"""What settlement returns: payments made of charges, each with its formula's factors."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Union

from gangci_calc.core.rules.kongs import KongType
from gangci_calc.core.rules.outcomes import Win
from gangci_calc.core.rules.seats import Seat

if TYPE_CHECKING:
    from fractions import Fraction

Amount = Union[int, "Fraction"]  # exact money: whole, or a half unit (½ × 杠呲底)


class Part(Enum):
    """Which base amount a charge is counted in."""

    BOMB = "bomb"  # 炸弹底
    CI = "ci"  # 杠呲底
    GANG = "gang"  # 杠底
    DIANPAO = "dianpao"  # 点炮底 (点炮 / 抢杠): a 炸弹底-like part for add-ons and 庄家翻倍
    MI = "mi"  # 米 (下米): flat, never raised
    FEE = "fee"  # 台费: flat, never raised nor doubled

    @property
    def scaled(self) -> bool:
        """Is its base one of the table's stakes (so it grows with them)? 米 and 台费 are amounts of their own."""
        return self is not Part.MI and self is not Part.FEE


class Doubling(Enum):
    """A house rule that doubles a share (× 2, applied after the add-on factor)."""

    DEALER = "dealer_double"  # 庄家翻倍: between the dealer and another player
    HONOUR_CI = "honor_ci_double"  # 次风翻倍: a ci win when the ci tile is an honour


class Role(Enum):
    """Why this payer pays: the row of the settlement table that applies."""

    LOSER = "loser"  # one of the others (其它家)
    DISCARDER = "discarder"  # 直呲: 点直呲炮
    FEEDER = "feeder"  # 续呲 / 续杠: 被续杠
    ROBBED = "robbed"  # 抢杠: the player whose added kong was robbed
    BAO = "bao"  # 包次: the discarder pays another payer's share
    KONG = "kong"  # a kong made during the hand
    MI = "mi"  # 下米: a seat's pending 米
    FEE = "fee"  # 台费: to the house (or the person the fee names), not to a seat


@dataclass(frozen=True, slots=True)
class Charge:
    """``base × coefficient × (1 + counts...) × 2 per doubling``: one term of a payment."""

    part: Part
    base: int
    k_halves: int  # k in halves: ½ → 1, 1 → 2, 2 → 4 (暗杠倍数 2 and 米 counts give more)
    counts: tuple[tuple[str, int], ...]  # ("piao", 1), ("di", 2), ("gang", 0), ... ; () without add-ons
    halves: int  # the amount in half units, so sums stay in exact integers
    kong: KongType | None = None  # for 杠底 charges: the kind of kong paid for
    doublings: tuple[Doubling, ...] = ()  # 庄家翻倍 / 次风翻倍
    on_behalf: Seat | None = None  # 包次: whose share this is; 米: whose 米
    fee: str = ""  # 台费: the fee's option it comes from (per_win, per_hand)
    pao: int = 0  # 跑 (带跑): the amount the two seats' 跑 add to it (in units, doubled where it is)
    pao_counts: tuple[tuple[Seat, int], ...] = ()  # 跑: (the nominal payer, count), (payee, count)

    @property
    def multiplier(self) -> int:
        """What ``base × k`` is multiplied by: read back from the amount the core made (not its formula again), 跑
        left out."""
        return (self.halves - 2 * self.pao) // (self.base * self.k_halves)

    @property
    def amount(self) -> Amount:
        return from_halves(self.halves)

    @property
    def coefficient(self) -> Amount:
        """k of the settlement table: 1, 2 or ½."""
        return from_halves(self.k_halves)


@dataclass(frozen=True, slots=True)
class Payment:
    """Money from ``payer`` to ``payee`` for one reason (the win, or one kong).

    ``payee`` is ``None`` for the table fee (role ``fee``): the house, or whoever the fee names, collects it.
    """

    payer: Seat
    payee: Seat | None
    reason: Win | KongType
    role: Role
    charges: tuple[Charge, ...]

    @property
    def halves(self) -> int:
        return sum(c.halves for c in self.charges)

    @property
    def amount(self) -> Amount:
        return from_halves(self.halves)


Payments = tuple["Payment", ...]


class Settlement:
    """The result of :func:`~gangci_calc.core.rules.settle.settle`: payments and net per seat.

    ``payments`` may be given as the way to make them, ``(function, argument)``: they are made when first read (an
    evening's totals and a platform's nets never ask for them). Equal settlements have equal payments."""

    __slots__ = ("_made", "_maker", "fees", "net", "tiles_checked")

    def __init__(
        self,
        payments: Payments | tuple[Callable[[Any], Payments], Any],
        net: tuple[Amount, Amount, Amount, Amount],  # indexed by Seat; sums to 0; fees are not in it
        fees: tuple[int, int, int, int] = (0, 0, 0, 0),  # 台费 each seat paid (to the house, not to a seat)
        tiles_checked: bool = False,  # 牌已核对: the hand gave tiles and they hold its claim
    ) -> None:
        lazy = len(payments) == 2 and callable(payments[0])
        self._made: Payments | None = None if lazy else payments  # type: ignore[assignment]
        self._maker: tuple[Callable[[Any], Payments], Any] | None = payments if lazy else None  # type: ignore[assignment]
        self.net = net
        self.fees = fees
        self.tiles_checked = tiles_checked

    @property
    def payments(self) -> Payments:
        """Every payment of the hand, in order (made on the first read)."""
        made = self._made
        if made is None:
            assert self._maker is not None
            make, argument = self._maker
            made = self._made = make(argument)
            self._maker = None
        return made

    def checked(self) -> Settlement:
        """The same settlement, its tiles checked and holding its claim."""
        return Settlement(self._maker or self.payments, self.net, self.fees, True)

    def compared(self) -> tuple[object, ...]:
        """What equality compares: the payments, net, fees and whether the tiles were checked."""
        return (self.payments, self.net, self.fees, self.tiles_checked)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Settlement) and self.compared() == other.compared()

    def __hash__(self) -> int:
        return hash(self.compared())

    def __repr__(self) -> str:
        return (
            f"Settlement(payments={self.payments!r}, net={self.net!r}, fees={self.fees!r}, "
            f"tiles_checked={self.tiles_checked!r})"
        )

    def __getstate__(self) -> tuple[object, ...]:
        return (self._made, self._maker, self.net, self.fees, self.tiles_checked)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self._made, self._maker, self.net, self.fees, self.tiles_checked = state

    @property
    def fee_total(self) -> int:
        """The table fee collected on this hand."""
        return sum(self.fees)

    def part_net(self, *, kong: bool) -> tuple[Amount, ...]:
        """Net per seat of the 杠底 charges (``kong=True``) or of the rest."""
        totals = [0, 0, 0, 0]
        for payment in self.payments:
            if payment.payee is None:  # the fee is not between seats
                continue
            for charge in payment.charges:
                if (charge.part is Part.GANG) == kong:
                    totals[payment.payee] += charge.halves
                    totals[payment.payer] -= charge.halves
        return tuple(from_halves(t) for t in totals)


def from_halves(halves: int) -> Amount:
    """An amount counted in half units -> ``int``, or a :class:`Fraction` for an odd half.

    >>> from_halves(6000), from_halves(3)
    (3000, Fraction(3, 2))
    """
    if not halves & 1:
        return halves >> 1
    from fractions import Fraction  # only a half unit needs it; keeps start-up quick

    return Fraction(halves, 2)
