"""Holding the door: a connection that never finishes its request's headers is closed, and few are kept per address.

uvicorn keeps a connection open until its client sends a request, however long that
takes, so anyone on the Wi-Fi could fill the server with half-open connections and
the phones at the table would wait behind them. Here each connection gets
``HEADER_SECONDS`` to send its headers; and of the connections of one address still
waiting for theirs, only ``WAITING_PER_CLIENT`` slow ones are kept: a new one closes
the oldest. Slow is a connection whose headers began and did not end, or that sent
nothing in ``GRACE_SECONDS``; one just accepted whose bytes are not read yet is not
slow (a phone behind the same address as a flood, its whole request in one packet,
accepted in the same batch as a hundred of the flood's), unless the address has more
than ``MOST_PER_CLIENT`` waiting, which bounds the files one address can hold. A
phone's fresh connection is thus served even while another client holds a thousand.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, defaultdict
from itertools import islice

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 5.0
GRACE_SECONDS = 1.0
WAITING_PER_CLIENT = 32
MOST_PER_CLIENT = 256

_waiting: defaultdict[str, OrderedDict[int, Door]] = defaultdict(OrderedDict)


class Door(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with a deadline for the headers and a cap on connections still waiting."""

    _timer: asyncio.TimerHandle | None = None
    _peer = ""
    _born = 0.0
    _heard = False  # bytes came, and they were not yet a whole request's headers

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._peer = self.client[0] if self.client else ""
        self._born = self.loop.time()
        waiting = _waiting[self._peer]
        waiting[id(self)] = self
        crowded(waiting, self.loop.time())
        self._timer = self.loop.call_later(HEADER_SECONDS, self._too_slow)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.cycle is not None:
            self._served()
        elif self._timer is not None and not self._heard:  # still waiting: its headers began and did not end
            self._heard = True
            waiting = _waiting.get(self._peer)
            if waiting is not None:
                crowded(waiting, self.loop.time())

    def connection_lost(self, exc: Exception | None) -> None:
        self._served()
        super().connection_lost(exc)

    def slow(self, now: float) -> bool:
        """Its headers began and did not end, or it has sent nothing for a while."""
        return self._heard or now - self._born > GRACE_SECONDS

    def _served(self) -> None:
        """Its headers came (or it is gone): no longer counted as waiting."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        waiting = _waiting.get(self._peer)
        if waiting is not None:
            waiting.pop(id(self), None)
            if not waiting:
                _waiting.pop(self._peer, None)

    def _too_slow(self) -> None:
        self._timer = None
        if self.cycle is None:
            self.shut()

    def shut(self) -> None:
        """Close it now, without a word (a client that sent nothing complete gets nothing)."""
        self._served()
        if not self.transport.is_closing():
            self.transport.abort()


def crowded(waiting: OrderedDict[int, Door], now: float) -> None:
    """Close the oldest of one address's waiting connections while it has too many: the slow ones beyond
    ``WAITING_PER_CLIENT``, then any beyond ``MOST_PER_CLIENT``."""
    if len(waiting) > WAITING_PER_CLIENT:  # the oldest slow ones first, found without looking at the rest
        slow = (door for door in waiting.values() if door.slow(now))
        for door in list(islice(slow, len(waiting) - WAITING_PER_CLIENT)):
            door.shut()
    while len(waiting) > MOST_PER_CLIENT:
        next(iter(waiting.values())).shut()
