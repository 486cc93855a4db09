"""What comes in and what goes back wrong: a request's JSON body read within its limit, and the API's refusals.

The limit holds before the body is read (its ``Content-Length``) and while it is read
(a body sent without one, or longer than it said). A body JSON cannot take (a number of
thousands of digits, nesting thousands deep) is a 400 saying so, never a traceback.
"""

from __future__ import annotations

import json
from typing import Any

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
from gangci_calc.io.load.boundary import refuse_lone_surrogates
from gangci_calc.words import Said, Text, say, text_of
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
