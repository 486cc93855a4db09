"""Hardening, round four (issue 44): the red team's reproductions, each a test that failed before its fix."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest

from gangci_calc.commands.web.app import Settings, build_app
from gangci_calc.words.page import PAGE
from tests.conftest import EXAMPLES

TOKEN = "round-four-token-0123"


@pytest.fixture
def served(tmp_path: Path) -> Any:
    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    return build_app(Settings(ledger, TOKEN, frozenset({"127.0.0.1"}), 8000, ""))


def call(app: Any, path: str, headers: dict[str, str], pieces: int, query: str = "") -> tuple[int, bytes, int]:
    """POST to ``app`` a body of ``pieces`` chunks of 1 KiB; the status, the answer, and how many chunks the app
    pulled."""
    pulled = [0]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if pulled[0] >= pieces:
            await asyncio.sleep(3600)  # the client says no more: the body was all read
        pulled[0] += 1
        return {"type": "http.request", "body": b" " * 1024, "more_body": pulled[0] < pieces}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": query.encode(),
        "headers": [(k.lower().encode(), v.encode()) for k, v in {"host": "127.0.0.1:8000", **headers}.items()],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    asyncio.run(asyncio.wait_for(app(scope, receive, send), 30))
    status = next(message["status"] for message in sent if message["type"] == "http.response.start")
    body = b"".join(message.get("body", b"") for message in sent if message["type"] == "http.response.body")
    return status, body, pulled[0]


ROUTES = ["/api/paid", "/api/hands", "/api/preview", "/api/table", "/api/evening", "/api/undo"]
TOKENS = {"?t=": ({}, f"t={TOKEN}"), "bearer": ({"authorization": f"Bearer {TOKEN}"}, "")}


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("how", TOKENS)
def test_a_declared_length_over_the_limit_is_refused_before_a_byte_is_read(served: Any, route: str, how: str) -> None:
    headers, query = TOKENS[how]
    status, body, pulled = call(served, route, {**headers, "content-length": str(300 << 20)}, 300 << 10, query)
    assert (status, pulled) == (413, 0)
    limit = 4 if route == "/api/paid" else 256
    assert PAGE["too_large"].zh.format(limit=limit) in body.decode()


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("how", TOKENS)
def test_a_chunked_body_is_stopped_as_it_passes_the_limit(served: Any, route: str, how: str) -> None:
    headers, query = TOKENS[how]
    status, body, pulled = call(served, route, headers, 10 << 10, query)  # 10 MiB, in pieces, no length said
    limit = 4 if route == "/api/paid" else 256
    if route != "/api/undo":  # undo reads no body: it holds none of it
        assert status == 413 and PAGE["too_large"].zh.format(limit=limit) in body.decode()
    assert pulled <= limit + 1
