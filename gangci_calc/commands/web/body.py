"""What comes in and what goes back wrong: a request's JSON body read within its limit, and the API's refusals.

The limit holds before the body is read (its ``Content-Length``) and while it is read
(a body sent without one, or longer than it said). A body JSON cannot take (a number of
thousands of digits, nesting thousands deep) is a 400 saying so, never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from anyio import from_thread
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from gangci_calc.commands.web.language import request_language
from gangci_calc.core.digits import ascii_whole
from gangci_calc.core.errors import (
    ClaimRejected,
    FieldPath,
    GangciError,
    InputError,
    InputErrors,
    LedgerBusy,
    NothingToUndo,
    NotInLedger,
    RuleError,
    TableExists,
    field_name,
)
from gangci_calc.io.ledger import lock
from gangci_calc.io.load.boundary import refuse_lone_surrogates
from gangci_calc.words import Said, Text, say, speaking, text_of
from gangci_calc.words import messages as m
from gangci_calc.words.page import PAGE

BODY_LIMIT = 256 * 1024  # a hand is a few hundred bytes; a header with every option a few KB
PAID_LIMIT = 4096  # a payment (``POST /api/paid``, or taken back by ``/api/unpaid``) is a hundred bytes
PAYING = frozenset({"/api/paid", "/api/unpaid"})


class Refused(Exception):
    """A request the API answers with an error: its status, its words, the field at fault, and more keys."""

    def __init__(self, status: int, text: str, field: str = "", more: dict[str, Any] | None = None) -> None:
        super().__init__(text)
        self.status = status
        self.text = text
        self.field = field
        self.more: dict[str, Any] = more or {}


def limit_for(path: str) -> int:
    """The most bytes a request's body to ``path`` may hold."""
    return PAID_LIMIT if path in PAYING else BODY_LIMIT


def too_large(lang: str, limit: int = BODY_LIMIT) -> Refused:
    return Refused(413, PAGE["too_large"].text(lang).format(limit=limit // 1024))


def declared_too_large(headers: Any, limit: int = BODY_LIMIT) -> bool:
    """A ``Content-Length`` over the limit (or not a number): refused before a byte of the body is read."""
    given = headers.get("content-length")
    if given is None:
        return False
    size = ascii_whole(given.strip())
    return size is None or size > limit


async def read_body(request: Request) -> bytes:
    """The body, stopped as soon as it passes its path's limit."""
    lang, limit = request_language(request), limit_for(request.url.path)
    if declared_too_large(request.headers, limit):
        raise too_large(lang, limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large(lang, limit)
        chunks.append(chunk)
    return b"".join(chunks)


async def json_body(request: Request) -> Any:
    """The request's JSON, a key given twice refused (never "the later one wins")."""
    lang = request_language(request)
    body = await read_body(request)

    def no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for key, value in pairs:
            if key in found:
                raise Refused(422, say(m.KEY_TWICE_OBJECT, key=key).text(lang), key)
            found[key] = value
        return found

    try:
        data = json.loads(body.decode("utf-8"), object_pairs_hook=no_twice)
        refuse_lone_surrogates(body.decode("utf-8"), data, "", None)
        return data
    except InputError as error:  # a text holding a lone surrogate: no ledger can hold it
        raise Refused(422, text_of(m.LONE_SURROGATE, lang), text_of(error.field, lang)) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise Refused(400, PAGE["not_json"].text(lang).format(reason=str(error))) from None
    except RecursionError:
        raise Refused(400, PAGE["not_json"].text(lang).format(reason=PAGE["too_deep"].text(lang))) from None
    except ValueError:  # an integer of more digits than Python converts
        raise Refused(400, PAGE["not_json"].text(lang).format(reason=PAGE["too_many_digits"].text(lang))) from None


def refused_for(error: GangciError, lang: str) -> Refused:
    """The API's answer to an error of the library: its status, its words in ``lang``, the field at fault."""
    if isinstance(error, (TableExists, NothingToUndo)):
        return Refused(409, text_of(error.message, lang))
    if isinstance(error, NotInLedger):
        return Refused(404, text_of(error.message, lang))
    if isinstance(error, RuleError):
        return Refused(422, text_of(error.message, lang), _field(error.path))
    if isinstance(error, InputErrors):
        first = error.errors[0]
        return Refused(422, first.one_line(lang).split(": ", 1)[-1], _field(first.path))
    if isinstance(error, InputError):
        return Refused(422, page_text(error.reason or error.message, lang), _field(error.path))
    if isinstance(error, ClaimRejected):
        return Refused(422, text_of(error.problems[0][1] if error.problems else error.message, lang), "tiles")
    if isinstance(error, LedgerBusy):
        return Refused(503, error.text(lang))
    return Refused(500, error.text(lang))


_ON_THE_PAGE = {m.PAID_WOULD_DANGLE: PAGE["paid_would_dangle"]}  # the terminal's words name a flag; the page's a button


def page_text(message: Text, lang: str) -> str:
    """A library message in the page's words: one that tells the terminal's user an option (``--unpaid``) says
    what to tap instead."""
    if isinstance(message, Said) and message.message in _ON_THE_PAGE:
        message = Said(_ON_THE_PAGE[message.message], message.values)
    return text_of(message, lang)


def error_text(error: GangciError, lang: str) -> str:
    """An error of the library as the page says it: a payment the terminal names by ``--paid`` / ``--unpaid``
    without the option (the page's button named it), other input errors by their own words."""
    if isinstance(error, InputError) and error.source.startswith("--"):
        return page_text(error.message, lang)
    if isinstance(error, InputError) and error.reason is not None:
        return page_text(error.reason, lang)
    return error.text(lang)


def _field(path: FieldPath) -> str:
    """A field of the body: ``win.from`` for the hand sent (``hands[N]`` inside the ledger dropped), ``stakes`` for
    a table change (``next`` dropped)."""
    if len(path) >= 2 and path[0] == "hands" and isinstance(path[1], int):
        return field_name(path[2:])
    if path[:1] == ("next",):
        return field_name(path[1:])
    return field_name(path)


# --- the page's writes take turns ------------------------------------------------------------------------------

T = TypeVar("T")
PAGE_WAIT = 2.0  # seconds a page write waits, for its turn and the lock together, before its 503
_POLL = 0.02  # how often a waiting write looks for its turn, and for its client having gone


class _Gone(Exception):
    """The client of a waiting write has gone: nothing is written."""


class Turns:
    """The writes of one ledger's page, one at a time, without holding the server's threads, never for a phone gone.

    A write waits for its turn in the event loop, where waiting holds no worker thread, so the phones' reads are
    served however many writes wait. Its turn come, it takes the ledger's lock in a worker thread as the page
    (:func:`gangci_calc.io.ledger.lock.acting`). Its whole wait, for the turn and the lock, is bounded by
    ``PAGE_WAIT``: past it the answer is 503 naming who holds the lock. A write whose client went away while it
    waited is let go before it changes anything, so a phone that gave up never has its write done later.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._busy = False  # touched on the event loop only

    async def run(self, request: Request, work: Callable[[], T]) -> T:
        """``work`` in a worker thread, in this write's turn, as the page: it takes the ledger's lock (through
        :mod:`gangci_calc.commands.session.changes`), waiting what is left of ``PAGE_WAIT``."""
        lang = request_language(request)
        deadline = time.monotonic() + PAGE_WAIT
        while self._busy:
            if await request.is_disconnected():
                raise Refused(503, say(m.WRITE_ABANDONED).text(lang))  # an answer no one reads
            if time.monotonic() > deadline:
                raise self._refused(lang, lock.busy(self.path, say(m.HELD_BY_PHONES)))
            await asyncio.sleep(_POLL)
        self._busy = True

        def still_wanted() -> None:  # once the lock is had, before the change
            if from_thread.run(request.is_disconnected):
                raise _Gone

        def locked() -> T:
            with lock.acting("page", max(deadline - time.monotonic(), 0.0), still_wanted), speaking(lang):
                return work()

        try:
            return await run_in_threadpool(locked)
        except _Gone:
            raise Refused(503, say(m.WRITE_ABANDONED).text(lang)) from None
        except LedgerBusy as error:
            raise self._refused(lang, error) from None
        finally:
            self._busy = False

    def _refused(self, lang: str, error: LedgerBusy) -> Refused:
        """503 in words naming the lock's holder, and the holder as data (``holder``: pid, by, user)."""
        found = lock.holder(self.path)
        return Refused(503, error.text(lang), more={"holder": found.data() if found is not None else None})
