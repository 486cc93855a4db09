"""The records the fast path decodes (msgspec structs), with the bounds the loader checks, read from where the
core and the boundary keep them. Null is absent: an optional key given as null decodes to ``None``."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, NamedTuple

import msgspec
from msgspec import UNSET, Meta, Raw, Struct, UnsetType

__all__ = ["UNSET"]  # the fast path's "not given", with None (null)


class Bounds(NamedTuple):
    """The bounds the typed decode checks, read from where the core and the boundary keep them (never copied:
    a test changes each there and sees the fast path follow)."""

    counts: int  # 飘/抵/杠 at most: core/rules/addons.py MAX_COUNT, as core/rules/hand.py checks it
    amount: int  # a stake at most: core/rules/stakes.py MAX_AMOUNT
    digits: int  # digits of a whole number at most: io/load/boundary.py MAX_DIGITS
    names: int  # a player's name's length at most: io/load/fields.py MAX_NAME (the names checked are for it)
    ids: int  # a whole-number id at most (and -ids - 1 at least): io/load/boundary.py LARGEST_ECHOED


def bounds() -> Bounds:
    from gangci_calc.core.rules import addons, stakes
    from gangci_calc.io.load import boundary, fields

    return Bounds(addons.MAX_COUNT, stakes.MAX_AMOUNT, boundary.MAX_DIGITS, fields.MAX_NAME, boundary.LARGEST_ECHOED)


# Null is absent (the hand format): an optional key given as null decodes to None and counts as not given; it is
# still a key of the line (its colon is counted). A required key given as null fails the decode: the loader's.
Maybe = UnsetType | None  # not given: the key missing, or null


class FastBets(Struct, forbid_unknown_fields=True, gc=False):
    """A seat's add-ons; :func:`record_type` bounds the counts."""

    piao: int | Maybe = UNSET
    di: int | Maybe = UNSET
    gang: int | Maybe = UNSET
    pao: int | Maybe = UNSET  # 跑 (带跑)


class FastWin(Struct, forbid_unknown_fields=True, rename={"source": "from"}, gc=False, frozen=True):
    type: str
    winner: str | Maybe = UNSET
    source: str | Maybe = UNSET
    bao: bool | Maybe = UNSET


class FastKong(Struct, forbid_unknown_fields=True, rename={"source": "from"}, gc=False, frozen=True):
    by: str
    type: str
    source: str | Maybe = UNSET


class FastStakes(Struct, forbid_unknown_fields=True, gc=False, frozen=True):
    """A stakes mapping; :func:`record_type` bounds the amounts."""

    gang: int
    bomb: int | Maybe = UNSET
    ci: int | Maybe = UNSET
    dianpao: int | Maybe = UNSET


class FastPlayers(Struct, forbid_unknown_fields=True, gc=False):
    """The names at the seats (a seat's alias, such as 东, is the loader's)."""

    E: str | Maybe = UNSET
    S: str | Maybe = UNSET
    W: str | Maybe = UNSET
    N: str | Maybe = UNSET


class FastMi(Struct, forbid_unknown_fields=True, gc=False, frozen=True):
    """下米: pending 米 per seat (the core checks the counts)."""

    E: int | Maybe = UNSET
    S: int | Maybe = UNSET
    W: int | Maybe = UNSET
    N: int | Maybe = UNSET


class FastHand(Struct, forbid_unknown_fields=True, gc=False):
    """A record in the plain shape; ``meta`` and the kept keys stay as they came (JSON text, or data)."""

    stakes: int | FastStakes
    dealer: str
    win: FastWin
    policy: bool | Maybe = UNSET
    bets: dict[str, FastBets | None] | Maybe = UNSET
    kongs: list[FastKong] | Maybe = UNSET
    players: FastPlayers | Maybe = UNSET
    id: int | str | Maybe = UNSET
    meta: Any = UNSET
    rules: Any = UNSET  # a table's house rules: JSON text (or data), each distinct one read by the loader once
    # what the hand holds: checked by the core once per distinct set at a table's rules (fast.FastPath._held)
    ci: str | Maybe = UNSET  # the ci tile, as the loader reads it
    mi: FastMi | Maybe = UNSET
    tiles_left: int | Maybe = UNSET
    # keys the fast path does not settle, taken where null (not given); given, the record is the loader's
    tiles: UnsetType | None = UNSET
    fee: UnsetType | None = UNSET


@cache
def decoder(keep: tuple[str, ...], limits: Bounds) -> msgspec.json.Decoder[FastHand]:
    return msgspec.json.Decoder(record_type(keep, raw=True, limits=limits))


@cache
def stakes_type(limits: Bounds) -> type[FastStakes]:
    """The stakes mapping's struct, its amounts bounded as the loader bounds them."""
    amount: Any = Annotated[int, Meta(gt=0, le=limits.amount)]
    made: Any = msgspec.defstruct(
        "Stakes", [("gang", amount), *((name, amount | Maybe, UNSET) for name in ("bomb", "ci", "dianpao"))],
        bases=(FastStakes,), forbid_unknown_fields=True, gc=False, frozen=True,
    )  # fmt: skip
    return made  # type: ignore[no-any-return]


@cache
def stakes_decoder(limits: Bounds) -> msgspec.json.Decoder[int | FastStakes]:
    """Stakes as JSON text (a warehouse's JSON column): a scheme's number or a mapping."""
    return msgspec.json.Decoder(int | stakes_type(limits))


@cache
def record_type(keep: tuple[str, ...], raw: bool, limits: Bounds) -> type[FastHand]:
    """The struct for these ``--keep`` keys and bounds: ``meta`` and each kept key as raw JSON text (``raw``) or
    data; counts, amounts and a numeric id bounded as the loader bounds them."""
    count: Any = Annotated[int, Meta(ge=0, le=limits.counts)]
    whole: Any = Annotated[int, Meta(ge=-limits.ids - 1, le=limits.ids)]  # a BIGINT, as the loader takes an id
    bets: Any = msgspec.defstruct(
        "Bets", [(name, count | Maybe, UNSET) for name in ("piao", "di", "gang", "pao")], bases=(FastBets,),
        forbid_unknown_fields=True, gc=False,
    )  # fmt: skip
    stakes: Any = stakes_type(limits)
    kind: Any = Raw if raw else Any
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = [
        ("stakes", int | stakes),
        ("bets", dict[str, bets | None] | Maybe, UNSET),
        ("id", whole | str | Maybe, UNSET),
        ("meta", kind | UnsetType, UNSET),
        ("rules", kind | UnsetType, UNSET),
    ]
    fields += [(f"kept{index}", kind | UnsetType, UNSET) for index in range(len(keep))]
    rename = {f"kept{index}": key for index, key in enumerate(keep)}
    made: Any = msgspec.defstruct(
        "Record", fields, bases=(FastHand,), forbid_unknown_fields=True, rename=rename or None, gc=False
    )
    return made  # type: ignore[no-any-return]
