"""Who may use the page: the token, the Host and the Origin, checked before any route runs.

- The token comes as ``?t=`` (a page URL: it becomes an HttpOnly, SameSite=Strict
  cookie, and the browser is sent on to the URL without it), as that cookie, or as
  ``Authorization: Bearer``. None: 401; a wrong one: 403. The token honoured is the token
  file's as it is now (:class:`~gangci_calc.commands.web.token.Honoured`): a token it
  honoured before, or a cookie this server's port set that is not the token's now, is 401
  with ``"reason": "expired"`` (the page says to scan the new code), and an event stream
  opened with it ends.
- A ``Host`` that names no address served (nor ``localhost``): 400, against DNS rebinding.
- A write carried by the cookie must come from the page's own origin, as datasette checks
  it: ``Sec-Fetch-Site`` first (``same-origin``, or ``none`` for a person's own action),
  else ``Origin`` (or ``Referer``): 403. A bearer request is not sent by a browser on
  its own, so needs none, unless a cookie comes with it.
- The cookie holds an HMAC of the token, never the token: a cookie seen is not a link.
- A body over its route's limit (``body.limit_for``): 413, from its ``Content-Length`` before any of it is
  read, or as soon as the bytes read pass it (a body sent in chunks, or longer than it said), however the
  token came.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from gangci_calc.commands.web.body import declared_too_large, limit_for, too_large
from gangci_calc.commands.web.language import request_language
from gangci_calc.commands.web.token import Honoured
from gangci_calc.words.page import PAGE

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
HONOURED = "gangci.honoured"  # the scope's key: is the request's token still honoured, and how often to ask
_LEADING = re.compile(r"^[/\\\s]+")  # ``//evil.example/`` or ``/\\evil``: a path on this server, never a host


def host_name(host: str) -> str:
    """``[::1]:8000`` -> ``::1``; ``Example.com:80`` -> ``example.com``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    """ASGI middleware: every HTTP request passes the checks above, or gets its refusal here."""

    def __init__(self, app: ASGIApp, token: Honoured, hosts: frozenset[str], cookie: str) -> None:
        self.app = app
        self.token = token
        self.hosts = hosts | {"localhost", "127.0.0.1", "::1"}
        self.cookie = cookie

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        refusal = self._refusal(request)
        if refusal is not None:
            if refusal.status_code in (400, 401, 403):  # a stranger's: its connection goes with it (#44), so
                refusal.headers["Connection"] = "close"  # requests sent after it on that connection are never read
            await refusal(scope, receive, send)
            return
        scope[HONOURED] = (lambda: self._who(request, "zh") is None, max(self.token.every, 0.05))
        await self.app(scope, _limited(receive, request), send)

    def _refusal(self, request: Request) -> Response | None:
        lang = request_language(request)
        refused = self._who(request, lang)
        if refused is None and declared_too_large(request.headers, limit_for(request.url.path)):
            refused = refusal(request, 413, too_large(lang, limit_for(request.url.path)).text, lang)
        return refused

    def _who(self, request: Request, lang: str) -> Response | None:
        """The refusal of a request whose Host, token or origin is wrong (or the redirect of a page URL's)."""
        if host_name(request.headers.get("host", "")) not in self.hosts:
            return refusal(request, 400, PAGE["bad_host"].text(lang), lang)
        given = request.query_params.get("t")
        if given is not None:
            if not self.token.right(given):
                return self._wrong(request, given, lang)
            if request.url.path.startswith("/api/"):
                return None  # as a bearer: sent on purpose, not by a browser on its own
            return self._welcome(request)
        bearer = request.headers.get("authorization", "")
        cookie = request.cookies.get(self.cookie)
        if bearer.lower().startswith("bearer "):
            if not self.token.right(bearer[7:].strip()):
                return self._wrong(request, bearer[7:].strip(), lang)
        elif cookie is None:
            return refusal(request, 401, PAGE["need_link"].text(lang), lang)
        elif not self.token.right_cookie(cookie):  # set by this port's server for a token it no longer honours
            return expired(request, lang)
        if cookie is not None and request.method in WRITES and not self._same_origin(request):
            return refusal(request, 403, PAGE["bad_origin"].text(lang), lang)  # a browser's, sent by another site
        return None

    def _wrong(self, request: Request, given: str, lang: str) -> Response:
        """A token that is not the one honoured: expired, if it was once; else wrong (403)."""
        if self.token.was(given):
            return expired(request, lang)
        return refusal(request, 403, PAGE["bad_link"].text(lang), lang)

    def _welcome(self, request: Request) -> Response:
        """The token in a page URL: keep it as a cookie, and go on to the URL without it."""
        rest = [(key, value) for key, value in parse_qsl(request.url.query) if key != "t"]
        target = _LEADING.sub("/", request.url.path) + (f"?{urlencode(rest)}" if rest else "")
        response = RedirectResponse(target, status_code=303)
        assert self.token.cookie is not None  # the token was found right just now
        response.set_cookie(self.cookie, self.token.cookie, httponly=True, samesite="strict", path="/")
        return response

    def _same_origin(self, request: Request) -> bool:
        """The write came from a page of this server: ``Sec-Fetch-Site`` says so, or (a browser without it) its
        ``Origin`` (or ``Referer``) is the Host asked for."""
        site = request.headers.get("sec-fetch-site")
        if site is not None:
            return site in ("same-origin", "none")
        origin = request.headers.get("origin") or request.headers.get("referer")
        if not origin or origin == "null":
            return False
        parts = urlsplit(origin)
        host = request.headers.get("host", "")
        return parts.scheme == "http" and parts.netloc.lower() == host.lower() and host_name(host) in self.hosts


async def while_honoured(stream: AsyncIterator[str], scope: Scope) -> AsyncGenerator[str, None]:
    """``stream`` (an event stream), ended once the request's token is no longer honoured (looked at as often as
    the token file is): the page, asking again, hears why."""
    still, every = scope[HONOURED]
    coming = asyncio.ensure_future(anext(stream))
    try:
        while True:
            done, _ = await asyncio.wait({coming}, timeout=every)
            if not done:
                if not still():
                    return
                continue
            try:
                item = coming.result()
            except StopAsyncIteration:
                return
            yield item
            coming = asyncio.ensure_future(anext(stream))
    finally:
        coming.cancel()
        with contextlib.suppress(BaseException):  # its own end, or the cancelling just done
            await coming
        close = getattr(stream, "aclose", None)
        if close is not None:
            await close()


def _limited(receive: Any, request: Request) -> Callable[[], Awaitable[Any]]:
    """``receive``, counting the body's bytes: past the route's limit, a 413 raised to the app (whatever route
    reads the body, in whatever way), so no body is held past its limit."""
    limit, seen = limit_for(request.url.path), [0]

    async def counted() -> Any:
        message = await receive()
        if message.get("type") == "http.request":
            seen[0] += len(message.get("body", b""))
            if seen[0] > limit:
                raise too_large(request_language(request), limit)
        return message

    return counted


def expired(request: Request, lang: str) -> Response:
    """401 for a page whose token is no longer honoured: ``"reason": "expired"``, for it to say so."""
    return refusal(request, 401, PAGE["expired"].text(lang), lang, more={"reason": "expired"})


def refusal(
    request: Request, status: int, text: str, lang: str, field: str = "", more: dict[str, Any] | None = None
) -> Response:
    """A refusal: JSON for the API (``{"error", "field"}`` and ``more``), a short page for a person; nothing of the
    evening."""
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": text, "field": field, **(more or {})}, status_code=status)
    from gangci_calc.commands.web.page import refusal_page

    return HTMLResponse(refusal_page(text, lang), status_code=status)
