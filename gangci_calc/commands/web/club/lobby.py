"""``gangci serve DIR``: the club night at one address, with one QR code. A lobby (``/``) names tonight's tables
(and the older evenings, read only) and opens a new one; each table is the one-ledger app of ``gangci serve
LEDGER`` (commands/web/app.py ``build_app``, reused whole: its own ledger, lock, token check, event stream and
409s) served under ``/t/NAME/``, with the club's 赛季 view beside it.

A table's app is made the first time it is asked for and sees itself at ``/``: this module strips ``/t/NAME``
from the path on the way in and puts it back on the way out (an HTML page's own links and a redirect's
``Location``; a small script in the page prefixes its ``fetch`` and ``EventSource`` URLs), so the table's page
is the same page, not a copy.
"""

from __future__ import annotations

import asyncio
import datetime
import re
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from gangci_calc.commands.history import LEDGER_SUFFIXES
from gangci_calc.commands.web.app import Settings, build_app
from gangci_calc.commands.web.body import Refused, json_body
from gangci_calc.commands.web.guard import Guard, refusal
from gangci_calc.commands.web.language import LANG_COOKIE, request_language
from gangci_calc.commands.web.ledger_state import read_ledger
from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.words.club import CLUB

Scope = MutableMapping[str, Any]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
PREFIX = "/t/"
NAME = re.compile(r"^[\w\-]{1,40}$")  # letters of any script, digits, - and _: a file name anywhere, a path as is
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
ATTRIBUTE = re.compile(rb'(\s(?:href|src|action)=")/(?!/)')


@dataclass
class Table:
    """One table of the club: its ledger, and its app once asked for (with its event stream's watch running)."""

    name: str
    ledger: Path
    read_only: bool = False  # an older evening: read, never written (decided when the table is first asked for)
    app: Any = None
    watch: Any = None
    task: asyncio.Task[None] | None = None


@dataclass
class Club:
    """The club's folder and everything every table shares: the token, the addresses, the port and the QR's URL."""

    folder: Path
    token: str
    hosts: frozenset[str]
    port: int
    join_url: str = ""
    base: HouseRules = SEED_RULES
    tables: dict[str, Table] = field(default_factory=dict)
    token_file: Path | None = None  # the club's token honoured as this file holds it now (None: as given)

    def ledger(self, name: str) -> Path | None:
        """The ledger a table's name stands for (``NAME.yaml`` or ``NAME.yml`` in the folder), if it is one."""
        if not NAME.match(name):
            return None
        for suffix in LEDGER_SUFFIXES:
            path = self.folder / f"{name}{suffix}"
            if path.is_file():
                return path
        return None

    def table(self, name: str) -> Table | None:
        """The table of that name, its app made (and its watch started) the first time."""
        found = self.tables.get(name)
        if found is None:
            ledger = self.ledger(name)
            if ledger is None:
                return None
            found = self.tables[name] = Table(name, ledger, not tonight(ledger, datetime.date.today()))
        if found.app is None:
            settings = Settings(
                found.ledger,
                self.token,
                self.hosts,
                self.port,
                self.join_url,
                self.base,
                club=self.folder,
                token_file=self.token_file,
            )
            found.app = build_app(settings)
            found.watch = found.app.state.served.watch
            found.task = asyncio.get_running_loop().create_task(found.watch.watch())
        return found

    def stop(self) -> None:
        """The open event streams of every table end now (the server is stopping)."""
        for table in self.tables.values():
            if table.watch is not None:
                table.watch.stop()

    async def stopped(self) -> None:
        self.stop()
        await asyncio.gather(*(t.task for t in self.tables.values() if t.task is not None), return_exceptions=True)


# --- the tables, each at /t/NAME/ --------------------------------------------------------------------------------


def header(ledger: Path) -> tuple[str, int]:
    """A ledger's date (``""``: none given) and its hands so far, as its YAML says them (any key's alias); a
    ledger that cannot be read: none and 0 (its page says why)."""
    from gangci_calc.core.errors import GangciError
    from gangci_calc.io.load.boundary import parse_yaml
    from gangci_calc.io.load.schema import normalize_key

    try:
        _, text = read_ledger(ledger)
        data = parse_yaml(text, str(ledger)) if text.strip() else None
    except (GangciError, RecursionError):
        return "", 0
    if not isinstance(data, dict):
        return "", 0
    keys = {normalize_key(str(key)): value for key, value in data.items()}
    hands = keys.get("hands")
    return (str(keys["date"]) if keys.get("date") else ""), len(hands) if isinstance(hands, list) else 0


def tonight(ledger: Path, today: datetime.date, date: str | None = None) -> bool:
    """A table of tonight's: its evening's date is today, or (no date) the file was written today."""
    date = header(ledger)[0] if date is None else date
    if date:
        return date == today.isoformat()
    return datetime.date.fromtimestamp(ledger.stat().st_mtime) == today


def shim(root: str) -> bytes:
    """The script that makes the table's page, written for ``/``, ask for its URLs under ``root``."""
    return (
        "<script>(() => { const R = " + repr(root).replace("'", '"') + ";"
        " const fix = (u) => typeof u === 'string' && u.startsWith('/') && !u.startsWith('//')"
        " && !u.startsWith(R + '/') ? R + u : u;"
        " const f = window.fetch; window.fetch = (u, o) => f(fix(u), o);"
        " const E = window.EventSource;"
        " window.EventSource = class extends E { constructor(u, o) { super(fix(u), o); } };"
        " })();</script>"
    ).encode()


def rewritten(body: bytes, root: str, name: str = "", lobby: str = "") -> bytes:
    """A table's HTML with its own links under ``root``, the shim first in its head, ``data-root`` on its body;
    the table's ``name`` after the page's title, and a link back to the lobby (its word: ``lobby``)."""
    from html import escape

    prefix = root.encode()
    body = ATTRIBUTE.sub(rb"\1" + prefix + b"/", body)
    body = body.replace(b"<head>", b"<head>" + shim(root), 1)
    if name:
        back = f' <a id="lobby-link" href="/">{escape(lobby)}</a>' if lobby else ""
        body = body.replace(b"</h1>", f" · {escape(name)}</h1>{back}".encode(), 1)
    return body.replace(b"<body ", b'<body data-root="' + prefix + b'" ', 1)


class Tables:
    """ASGI: ``/t/NAME/...`` served by table NAME's own app, which sees the rest of the path."""

    def __init__(self, club: Club) -> None:
        self.club = club

    async def __call__(self, scope: Scope, receive: Any, send: Send) -> None:
        path: str = scope["path"]
        name, _, rest = path[len(PREFIX) :].partition("/")
        name = unquote(name)
        table = self.club.table(name)
        if table is None:
            lang = request_language(Request(scope))
            await refusal(Request(scope), 404, CLUB["no_table"].text(lang), lang)(scope, receive, send)
            return
        root = PREFIX + quote(name)
        if not rest and not path.endswith("/"):
            await RedirectResponse(root + "/", status_code=308)(scope, receive, send)
            return
        if scope.get("method") in WRITES and table.read_only:
            lang = request_language(Request(scope))
            response = JSONResponse({"error": CLUB["read_only_table"].text(lang), "field": ""}, status_code=403)
            await response(scope, receive, send)
            return
        inner = dict(scope)
        inner["path"] = "/" + rest
        inner["raw_path"] = inner["path"].encode()
        inner["root_path"] = ""
        inner["gangci.root"] = root
        # plain bodies: a page's links are put under the table's path here (the club gzips them after)
        inner["headers"] = [(k, v) for k, v in scope["headers"] if k != b"accept-encoding"]
        lang = request_language(Request(scope))
        await table.app(inner, receive, _outgoing(send, root, name, CLUB["lobby_link"].text(lang)))


def _outgoing(send: Send, root: str, name: str, lobby: str) -> Send:
    """``send``, with a redirect's ``Location`` and an HTML page's links put under ``root``."""
    held: dict[str, Any] = {}
    parts: list[bytes] = []

    async def sending(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            headers = []
            for key, value in message.get("headers", []):
                if key == b"location" and value.startswith(b"/") and not value.startswith(b"//"):
                    value = root.encode() + value
                headers.append((key, value))
            message = {**message, "headers": headers}
            kind = dict(headers).get(b"content-type", b"")
            if kind.startswith(b"text/html"):
                held["start"] = message
                return
            await send(message)
            return
        if message["type"] == "http.response.body" and "start" in held:
            parts.append(message.get("body", b""))
            if message.get("more_body"):
                return
            body = rewritten(b"".join(parts), root, name, lobby)
            start = held.pop("start")
            headers = [(k, v) for k, v in start["headers"] if k != b"content-length"]
            headers.append((b"content-length", str(len(body)).encode()))
            await send({**start, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await send(message)

    return sending


# --- the lobby ---------------------------------------------------------------------------------------------------


@cache
def _templates() -> Environment:
    return Environment(
        loader=PackageLoader("gangci_calc.commands.web", "templates"), autoescape=select_autoescape(["html"])
    )


def lobby_view(club: Club, lang: str) -> dict[str, Any]:
    """Tonight's tables and the older evenings, each with its name, path, date and hands so far."""
    from gangci_calc.commands.history import ledger_paths

    today = datetime.date.today()
    now: list[dict[str, Any]] = []
    older: list[dict[str, Any]] = []
    for ledger in ledger_paths([str(club.folder)]):
        if ledger.parent != club.folder or not NAME.match(ledger.stem):
            continue  # a table is a ledger of the folder itself, with a name a path can carry
        date, hands = header(ledger)
        row = {
            "name": ledger.stem,
            "href": f"{PREFIX}{quote(ledger.stem)}/",
            "date": date,
            "hands": CLUB["hands_count"].text(lang).format(count=hands),
        }
        (now if tonight(ledger, today, date) else older).append(row)
    older.sort(key=lambda row: row["date"], reverse=True)
    return {"tonight": now, "older": older}


def lobby_routes(club: Club) -> list[Route]:
    async def lobby(request: Request) -> Response:
        from gangci_calc.commands.web.view import page_words

        lang = request_language(request)
        view = await run_in_threadpool(lobby_view, club, lang)
        qr = _qr(club.join_url) if club.join_url else ""
        season = f"{view['tonight'][0]['href']}season" if view["tonight"] else ""
        other = "en" if lang == "zh" else "zh"
        html = (
            _templates()
            .get_template("lobby.html")
            .render(w=page_words(lang), lang=lang, other=other, v=view, qr=qr, join=club.join_url, season=season)
        )
        response = HTMLResponse(html, headers={"Cache-Control": "no-store"})
        if "lang" in request.query_params:
            response.set_cookie(LANG_COOKIE, lang, samesite="strict", path="/")
        return response

    async def open_table(request: Request) -> Response:
        """A new table: an empty ledger ``NAME.yaml`` in the folder; its page then asks for the evening (date,
        people, stakes, rules) as a new ledger's page does."""
        lang = request_language(request)
        raw = await json_body(request)
        name = raw.get("name") if isinstance(raw, dict) else None
        if not isinstance(name, str) or not NAME.match(name.strip()):
            raise Refused(422, CLUB["bad_table_name"].text(lang), "name")
        name = name.strip()
        if club.ledger(name) is not None:
            raise Refused(409, CLUB["table_exists"].text(lang).format(name=name), "name")
        try:
            with open(club.folder / f"{name}.yaml", "x", encoding="utf-8"):
                pass
        except FileExistsError:
            raise Refused(409, CLUB["table_exists"].text(lang).format(name=name), "name") from None
        return JSONResponse({"name": name, "href": f"{PREFIX}{quote(name)}/"}, status_code=201)

    async def script(request: Request) -> Response:
        from gangci_calc.commands.web.club.routes import club_file

        body = club_file("lobby.js")
        return Response(body, media_type="text/javascript; charset=utf-8", headers={"Cache-Control": "no-cache"})

    from gangci_calc.commands.web.app import static

    return [
        Route("/", lobby),
        Route("/static/{name}", static),
        Route("/api/tables", open_table, methods=["POST"]),
        Route("/club/lobby.js", script),
    ]


def _qr(url: str) -> str:
    import segno

    return str(segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff"))


def serve_club(folder: str, serving: Any, say: Callable[[str], None]) -> None:
    """``gangci serve DIR``: the lobby's URLs and its one QR code, then the club's app until Ctrl-C."""
    import ipaddress
    import socket
    import sys

    from gangci_calc.commands.web.serve import (
        LOOPBACK,
        bind,
        host_addresses,
        lan_addresses,
        leftovers,
        run_until_stopped,
        terminal_qr,
        token_said,
    )
    from gangci_calc.commands.web.token import ledger_token

    host = serving.host
    addresses = host_addresses(host) if host else [LOOPBACK, *(lan_addresses() if serving.lan else [])]
    bound = bind(addresses, serving.port)
    from gangci_calc.commands.history import ledger_paths

    for ledger in ledger_paths([folder]):  # what a killed server left beside each table's ledger, as for one
        leftovers(ledger)
    kept = ledger_token(Path(folder) / "lobby", serving.token, fresh=serving.fresh_token)  # .lobby.token
    urls = bound.urls(kept.value)
    hosts = set(addresses)
    if any(ipaddress.ip_address(a).is_unspecified for a in addresses):
        hosts |= {*lan_addresses(), socket.gethostname().lower()}
    kept_in = kept.file if kept.how != "unkept" else None  # honoured as it is now, as one table's server does
    club = Club(Path(folder), kept.value, frozenset(hosts), bound.port, urls[0], serving.base, token_file=kept_in)
    for url in urls:
        say(url)
    say(token_said(kept))
    if serving.qr:
        say(terminal_qr(urls[0], getattr(sys.stdout, "encoding", None) or "utf-8"))
    run_until_stopped(club_app(club), bound.sockets, club.stop)


def club_app(club: Club) -> Any:
    """The club's one ASGI app: the tables under ``/t/``, the lobby (and its Guard) for the rest."""
    from starlette.middleware.gzip import GZipMiddleware

    from gangci_calc.commands.web.app import on_anything, on_not_allowed, on_not_found, on_refused
    from gangci_calc.commands.web.token import Honoured

    cookie = f"gangci_{club.port}"  # the tables' own: one scan of the club's QR opens every table
    honoured = Honoured(club.token, club.token_file)
    lobby = Starlette(
        routes=lobby_routes(club),
        middleware=[Middleware(Guard, token=honoured, hosts=club.hosts, cookie=cookie)],
        exception_handlers={Refused: on_refused, 404: on_not_found, 405: on_not_allowed, Exception: on_anything},
    )
    tables = Guard(Tables(club), token=honoured, hosts=club.hosts, cookie=cookie)  # each table checks again
    squeezed = GZipMiddleware(tables, minimum_size=1024)

    async def app(scope: Scope, receive: Any, send: Send) -> None:
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await club.stopped()
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["type"] == "http" and scope["path"].startswith(PREFIX):
            events = scope["path"].endswith("/api/events")  # a stream: each change at once, never held by gzip
            await (tables if events else squeezed)(scope, receive, send)
            return
        await lobby(scope, receive, send)

    return app
