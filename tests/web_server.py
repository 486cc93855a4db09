"""A real ``gangci serve`` app on a free loopback port, in a thread: for the tests that need a socket
(concurrent writers, the event stream, the browser)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from gangci_calc.commands.web.app import Settings, build_app
from gangci_calc.commands.web.serve import bind

TOKEN = "test-token-0123456789"


@contextmanager
def running(ledger: Path, club: Path | None = None, token_file: Path | None = None) -> Iterator[str]:
    """Serve ``ledger`` (``club``: with the 赛季 view of that folder; ``token_file``: the token honoured as that file
    holds it); yield the base URL (``http://127.0.0.1:PORT``)."""
    with stoppable(ledger, club, token_file) as (base, _):
        yield base


@contextmanager
def stoppable(
    ledger: Path, club: Path | None = None, token_file: Path | None = None, port: int = 0
) -> Iterator[tuple[str, Callable[[], None]]]:
    """Serve ``ledger`` (on ``port``: the one a server stopped had); yield the base URL and a function that stops the
    server there and then."""
    bound = bind(["127.0.0.1"], port)
    port = bound.sockets[0].getsockname()[1]
    url = f"http://127.0.0.1:{port}/?t={TOKEN}"
    settings = Settings(ledger, TOKEN, frozenset({"127.0.0.1"}), port, url, club=club, token_file=token_file)
    config = uvicorn.Config(build_app(settings), log_level="warning", access_log=False, timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": bound.sockets}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)

    def stop() -> None:
        server.should_exit = True
        thread.join(10)

    try:
        yield f"http://127.0.0.1:{port}", stop
    finally:
        stop()
