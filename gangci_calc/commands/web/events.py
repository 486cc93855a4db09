"""``GET /api/events``: every open page hears of each change of the ledger, whoever made it.

One task looks at the file ten times a second (the CLI's ``--add`` replaces it by a
rename): the look (a ``stat()``, and the bytes hashed only when it moved) runs in a
worker thread, off the event loop. The server's own writes ring at once. Each
listener has a queue of versions; a slow one only ever needs the newest.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from starlette.concurrency import run_in_threadpool

from gangci_calc.commands.web.ledger_state import LedgerState, LedgerVersion

POLL_SECONDS = 0.1
KEEP_ALIVE_SECONDS = 15.0
STOP = -1  # told to every stream when the server stops


class Changes:
    """The ledger's versions as they change, told to every listener."""

    def __init__(self, state: LedgerState, seen: Callable[[LedgerVersion], None] | None = None) -> None:
        self.state = state
        self.version = state.version()
        self._seen = seen  # told each evening the ledger changes to, before the pages hear of it (heard.py)
        if seen is not None:
            seen(state.current())
        self._listeners: set[asyncio.Queue[int]] = set()
        self._stopping = asyncio.Event()
        self._looking: set[asyncio.Task[None]] = set()
        self._checking: asyncio.Lock | None = None

    async def check(self) -> None:
        """Look at the file now (in a worker thread); tell every listener if it changed, then settle the evening
        for ``seen``. One look at a time, so the evenings seen follow each other in the order the file had them
        (and a page asking what changed waits for the look under way)."""
        if self._checking is None:
            self._checking = asyncio.Lock()
        async with self._checking:
            version = await run_in_threadpool(self.state.version)
            changed = version != self.version
            self.tell(version)
            if changed and self._seen is not None:
                self._seen(await run_in_threadpool(self.state.current))

    def soon(self) -> None:
        """Look at the file in a moment (for a writer that cannot wait for the look: a 已付 button's)."""
        task = asyncio.get_running_loop().create_task(self.check())
        self._looking.add(task)
        task.add_done_callback(self._looking.discard)

    def tell(self, version: int) -> None:
        if version == self.version:
            return
        self.version = version
        for queue in self._listeners:
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(version)

    async def watch(self) -> None:
        """Look at the file until the server stops."""
        while not self._stopping.is_set():
            await self.check()
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
            yield f"retry: 1000\n\ndata: {self.version}\n\n"
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
