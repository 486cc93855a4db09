"""``GET /api/events``: every open page hears of each change of the ledger, whoever made it.

One task watches the file (a stat every tenth of a second: the CLI's ``--add`` replaces
it by a rename), and the server's own writes ring at once. Each listener has a queue of
versions; a slow one only ever needs the newest.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from gangci_calc.web.ledger_state import read_ledger, stamp

POLL_SECONDS = 0.1
KEEP_ALIVE_SECONDS = 15.0
STOP = -1  # told to every stream when the server stops


class Changes:
    """The ledger's versions as they change, told to every listener."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.version = read_ledger(path)[0]
        self._stamp = stamp(path)
        self._listeners: set[asyncio.Queue[int]] = set()
        self._stopping = asyncio.Event()

    def check(self) -> None:
        """Look at the file now; tell every listener if its bytes changed."""
        now = stamp(self.path)
        if now == self._stamp:
            return
        self._stamp = now
        try:
            version = read_ledger(self.path)[0]
        except Exception:  # a file caught mid-replace or unreadable: the next look tells
            self._stamp = None
            return
        if version != self.version:
            self.version = version
            for queue in self._listeners:
                if queue.full():
                    queue.get_nowait()
                queue.put_nowait(version)

    async def watch(self) -> None:
        """Look at the file until the server stops."""
        while not self._stopping.is_set():
            self.check()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), POLL_SECONDS)

    def stop(self) -> None:
        """End the watch and every stream (the server is stopping)."""
        self._stopping.set()
        for queue in self._listeners:
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(STOP)

    async def stream(self) -> AsyncIterator[str]:
        """An event stream: ``data: VERSION`` on each change, a comment now and then to keep the line open."""
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self._listeners.add(queue)
        try:
            yield "retry: 1000\n\n"
            while not self._stopping.is_set():
                try:
                    version = await asyncio.wait_for(queue.get(), KEEP_ALIVE_SECONDS)
                except asyncio.TimeoutError:
                    yield ": still here\n\n"
                    continue
                if version == STOP:
                    return
                yield f"data: {version}\n\n"
        finally:
            self._listeners.discard(queue)
