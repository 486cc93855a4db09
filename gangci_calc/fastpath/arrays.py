"""Arrow arrays from Python values, built from their buffers.

``pyarrow.array()`` asks whether its argument is a pandas object, which imports pandas where it is installed:
0.3-0.4 s, more than a batch of 65,536 hands takes to score. These build the few kinds ``score_batch`` makes
(whole numbers, flags, texts; each may be missing) straight from their buffers.

>>> ints([3, None, -1]).to_pylist(), flags([True, False]).to_pylist(), texts(["东", None]).to_pylist()
([3, None, -1], [True, False], ['东', None])
>>> scalar(5).as_py(), scalar(None).type, scalar(b"").as_py()
(5, DataType(int64), b'')
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache
from typing import Any

import pyarrow as pa


def ints(values: Sequence[int | None]) -> Any:
    """An ``int64`` array."""
    missing = validity(values)
    packed = array("q", [0 if value is None else value for value in values])
    return pa.Array.from_buffers(pa.int64(), len(values), [missing, pa.py_buffer(packed)])


def flags(values: Sequence[bool | None]) -> Any:
    """A ``bool`` array."""
    return ints([None if value is None else int(value) for value in values]).cast(pa.bool_())


def texts(values: Sequence[str | None]) -> Any:
    """A ``string`` array."""
    encoded = [b"" if value is None else value.encode() for value in values]
    offsets = array("i", [0])
    for text in encoded:
        offsets.append(offsets[-1] + len(text))
    data = pa.py_buffer(b"".join(encoded))
    return pa.Array.from_buffers(pa.string(), len(values), [validity(values), pa.py_buffer(offsets), data])


def validity(values: Sequence[object]) -> Any:
    """The bitmap of the values given (``None`` where every one is)."""
    if None not in values:  # a scan in C (ints, texts and flags never equal None)
        return None
    bits = bytearray((len(values) + 7) // 8)
    for place, value in enumerate(values):
        if value is not None:
            bits[place >> 3] |= 1 << (place & 7)
    return pa.py_buffer(bytes(bits))


@cache
def scalar(value: int | bool | str | bytes | None) -> Any:
    """An Arrow scalar (``int64``, ``bool``, ``string`` or ``binary``; ``None``: a null ``int64``), for a compute
    function's operand: a Python value there goes through ``pyarrow.scalar()``, which imports pandas as ``array()``
    does (0.16 s of a batch, measured on 2026-12-03)."""
    if isinstance(value, bool):
        return flags([value])[0]
    if isinstance(value, bytes):
        offsets = pa.py_buffer(array("i", [0, len(value)]))
        return pa.Array.from_buffers(pa.binary(), 1, [None, offsets, pa.py_buffer(value)])[0]
    if isinstance(value, str):
        return texts([value])[0]
    return ints([value])[0]
