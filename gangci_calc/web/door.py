"""Holding the door: a connection that never finishes its request's headers is closed, and few are kept per address.

uvicorn keeps a connection open until its client sends a request, however long that
takes, so anyone on the Wi-Fi could fill the server with half-open connections and
the phones at the table would wait behind them. Here each connection gets
``HEADER_SECONDS`` to send its headers; and of the connections of one address still
waiting for theirs, only ``WAITING_PER_CLIENT`` are kept: a new one closes the oldest.
A phone's fresh connection is thus served even while another client holds a thousand.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, defaultdict
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 5.0
WAITING_PER_CLIENT = 32

_waiting: defaultdict[str, OrderedDict[int, Door]] = defaultdict(OrderedDict)


class Door(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with a deadline for the headers and a cap on connections still waiting."""

    _timer: asyncio.TimerHandle | None = None
    _peer = ""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._peer = self.client[0] if self.client else ""
        waiting = _waiting[self._peer]
        waiting[id(self)] = self
        while len(waiting) > WAITING_PER_CLIENT:
            _, oldest = waiting.popitem(last=False)
            oldest.shut()
        self._timer = self.loop.call_later(HEADER_SECONDS, self._too_slow)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.cycle is not None:
            self._served()

    def connection_lost(self, exc: Exception | None) -> None:
        self._served()
        super().connection_lost(exc)

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


def waiting_now() -> dict[str, Any]:
    """How many connections of each address are waiting for their headers (for tests)."""
    return {peer: len(found) for peer, found in _waiting.items()}
