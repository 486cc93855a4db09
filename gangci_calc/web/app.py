"""The table's page as a Starlette app: the page, its two files, and the JSON API of ``gangci serve``.

Every write goes through :mod:`gangci_calc.changes` (the CLI's own lock, text edits,
read-back and atomic replace) in a worker thread; writers of this process queue on
one thread lock first, so they take the file lock in turn without polling for it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from gangci_calc import changes
from gangci_calc.errors import (
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
from gangci_calc.io.show.labels import json_amount
from gangci_calc.rules import SEATS, SEED_RULES, HouseRules
from gangci_calc.service import settle_hand
from gangci_calc.web.events import Changes
from gangci_calc.web.guard import Guard, refusal
from gangci_calc.web.language import LANG_COOKIE, request_language
from gangci_calc.web.ledger_state import Evening, LedgerState, read_ledger
from gangci_calc.web.page import ASSETS, asset, evening_part, whole_page
from gangci_calc.words import messages as m
from gangci_calc.words import say, speaking, text_of
from gangci_calc.words.page import PAGE
from gangci_calc.words.season import SEASON

BODY_LIMIT = 256 * 1024  # a hand is a few hundred bytes; a header with every option a few KB
T = TypeVar("T")


@dataclass(frozen=True)
class Settings:
    """What ``gangci serve`` decided: the ledger, its house rules, the token, and the addresses served."""

    ledger: Path
    token: str
    hosts: frozenset[str]
    port: int
    join_url: str = ""
    base: HouseRules = SEED_RULES
    club: Path | None = None  # --club DIR: the season's ledgers, for the 赛季 view (web/season.py)


class Refused(Exception):
    """A request the API answers with an error: its status, its words, and the field at fault."""

    def __init__(self, status: int, text: str, field: str = "") -> None:
        super().__init__(text)
        self.status = status
        self.text = text
        self.field = field


def build_app(settings: Settings) -> Starlette:
    """The app for one ledger."""
    state = LedgerState(settings.ledger, settings.base)
    watch = Changes(settings.ledger)
    writing = threading.Lock()
    tails = changes.InMemory()  # the page writes no file but the ledger: its tail stays in memory
    qr = _qr_svg(settings.join_url) if settings.join_url else ""

    async def page(request: Request) -> Response:
        lang = request_language(request)
        evening = await run_in_threadpool(state.current)
        season = SEASON["season"].text(lang) if settings.club is not None else ""
        response = HTMLResponse(whole_page(evening, lang, qr, settings.join_url, season), headers=_NO_STORE)
        if "lang" in request.query_params:
            response.set_cookie(LANG_COOKIE, lang, samesite="strict", path="/")
        return response

    async def part(request: Request) -> Response:
        evening = await run_in_threadpool(state.current)
        lang = request_language(request)
        html = await run_in_threadpool(state.made, evening, "part", lang, lambda: evening_part(evening, lang).encode())
        return HTMLResponse(html, headers={**_NO_STORE, "X-Version": str(evening.version)})

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            raise Refused(404, PAGE["no_such_page"].text(request_language(request)))
        return Response(asset(name), media_type=ASSETS[name], headers={"Cache-Control": "no-cache"})

    async def get_evening(request: Request) -> Response:
        lang = request_language(request)
        evening = await run_in_threadpool(state.current)
        if evening.problem is not None:
            raise _refusal(evening.problem, lang)
        if evening.settled is None:
            raise Refused(404, PAGE["no_evening"].text(lang))
        body = await run_in_threadpool(state.evening_json, evening, lang)
        return Response(body, media_type="application/json", headers={"ETag": f'"{evening.version}"', **_NO_STORE})

    async def write(request: Request, work: Callable[[], T]) -> T:
        """Run a change under this process's writer lock and the ledger's, after the ``If-Match`` check; then
        tell every page."""
        expected = _if_match(request)
        lang = request_language(request)

        def locked() -> T:
            with writing, changes.locked(settings.ledger), speaking(lang):
                if expected is not None and read_ledger(settings.ledger)[0] != expected:
                    raise Refused(412, PAGE["stale"].text(lang))
                return work()

        try:
            return await run_in_threadpool(locked)
        except GangciError as error:
            raise _refusal(error, lang) from None
        finally:
            watch.check()

    async def post_evening(request: Request) -> Response:
        header = await _body(request)
        await write(request, lambda: changes.start_evening(str(settings.ledger), header, settings.base))
        return JSONResponse({"version": watch.version}, status_code=201)

    async def post_hand(request: Request) -> Response:
        raw = await _body(request)

        def add() -> changes.Added:
            added = changes.add_data(str(settings.ledger), raw, settings.base, tails=tails)
            state.grown(added)  # before the pages hear of it, so they find it made
            return added

        added = await write(request, add)
        settled = settle_hand(added.hand.loaded, check=False)
        net = {seat.name: json_amount(settled.net[seat]) for seat in SEATS}
        return JSONResponse({"hand": added.hand.number, "net": net, "version": watch.version}, status_code=201)

    async def put_hand(request: Request) -> Response:
        number = request.path_params["number"]
        raw = await _body(request)
        await write(request, lambda: changes.replace_data(str(settings.ledger), number, raw, settings.base))
        return JSONResponse({"hand": number, "version": watch.version})

    async def get_hand(request: Request) -> Response:
        from gangci_calc.web.view import hand_data

        lang = request_language(request)
        evening = await run_in_threadpool(state.current)
        number = request.path_params["number"]
        if evening.session is None or not 1 <= number <= len(evening.session.hands):
            count = len(evening.session.hands) if evening.session else 0
            raise Refused(404, say(m.NO_SUCH_HAND, n=number, count=count).text(lang))
        return JSONResponse({**hand_data(evening.session, number), "version": evening.version})

    async def preview(request: Request) -> Response:
        raw = await _body(request)
        lang = request_language(request)

        def work() -> dict[str, Any]:
            with speaking(lang):
                return _preview(state.current(), settings, raw, lang)

        try:
            return JSONResponse(await run_in_threadpool(work))
        except GangciError as error:
            raise _refusal(error, lang) from None

    async def undo(request: Request) -> Response:
        removed = await write(request, lambda: changes.remove_last(str(settings.ledger), settings.base))
        return JSONResponse({"removed": removed.number, "version": watch.version})

    async def events(request: Request) -> Response:
        return StreamingResponse(
            watch.stream(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        import asyncio

        task = asyncio.create_task(watch.watch())
        try:
            yield
        finally:
            watch.stop()
            await task

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, Refused)
        return refusal(request, error.status, error.text, request_language(request), error.field)

    async def not_found(request: Request, error: Exception) -> Response:
        lang = request_language(request)
        return refusal(request, 404, PAGE["no_such_page"].text(lang), lang)

    async def not_allowed(request: Request, error: Exception) -> Response:
        lang = request_language(request)
        return refusal(request, 405, PAGE["no_such_page"].text(lang), lang)

    routes = [
        Route("/", page),
        Route("/part", part),
        Route("/static/{name}", static),
        Route("/api/evening", get_evening, methods=["GET"]),
        Route("/api/evening", post_evening, methods=["POST"]),
        Route("/api/hands", post_hand, methods=["POST"]),
        Route("/api/hands/{number:int}", put_hand, methods=["PUT"]),
        Route("/api/hands/{number:int}", get_hand, methods=["GET"]),
        Route("/api/preview", preview, methods=["POST"]),
        Route("/api/undo", undo, methods=["POST"]),
        Route("/api/events", events),
    ]
    from gangci_calc.web.season import Season, season_routes  # 已付, and with --club the 赛季 view

    routes += season_routes(Season(settings.ledger, settings.club, settings.base), writing, watch.check)
    cookie = f"gangci_{settings.port}"  # cookies ignore ports: two evenings on one machine keep theirs apart
    app = Starlette(
        routes=routes,
        middleware=[Middleware(Guard, token=settings.token, hosts=settings.hosts, cookie=cookie)],
        exception_handlers={Refused: refused, 404: not_found, 405: not_allowed},
        lifespan=lifespan,
    )
    app.state.changes = watch  # gangci serve ends the event streams as soon as it is told to stop
    return app


_NO_STORE = {"Cache-Control": "no-store"}


def _if_match(request: Request) -> int | None:
    """The version an ``If-Match`` names (``"123"``, ``W/"123"`` or ``123``); ``*`` or none: no condition."""
    given = request.headers.get("if-match")
    if given is None or given.strip() == "*":
        return None
    text = given.strip().removeprefix("W/").strip('"')
    try:
        return int(text)
    except ValueError:
        return -1  # matches no version: 412


async def _body(request: Request) -> Any:
    """The request's JSON, a key given twice refused (never "the later one wins")."""
    lang = request_language(request)
    body = await request.body()
    if len(body) > BODY_LIMIT:
        raise Refused(413, PAGE["not_json"].text(lang).format(reason=f"> {BODY_LIMIT} bytes"))

    def no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for key, value in pairs:
            if key in found:
                raise Refused(422, say(m.KEY_TWICE_OBJECT, key=key).text(lang), key)
            found[key] = value
        return found

    try:
        return json.loads(body.decode("utf-8"), object_pairs_hook=no_twice)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise Refused(400, PAGE["not_json"].text(lang).format(reason=str(error))) from None


def _refusal(error: GangciError, lang: str) -> Refused:
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
        return Refused(422, text_of(error.reason or error.message, lang), _field(error.path))
    if isinstance(error, ClaimRejected):
        return Refused(422, text_of(error.problems[0][1] if error.problems else error.message, lang), "tiles")
    if isinstance(error, LedgerBusy):
        return Refused(503, error.text(lang))
    return Refused(500, error.text(lang))


def _field(path: FieldPath) -> str:
    """A field of the body: ``win.from`` for the hand sent (``hands[N]`` inside the ledger dropped)."""
    if len(path) >= 2 and path[0] == "hands" and isinstance(path[1], int):
        return field_name(path[2:])
    return field_name(path)


def _preview(evening: Evening, settings: Settings, raw: Any, lang: str) -> dict[str, Any]:
    """What a hand would pay if saved now: read as ``POST /api/hands`` reads it, after the evening as it stands
    (the table, the dealer and the 米 due), nothing written."""
    from gangci_calc.io.load.load_session import Reading
    from gangci_calc.io.show.chat import hand_line
    from gangci_calc.io.show.explain import explain_lines

    if evening.problem is not None:
        raise evening.problem
    session = evening.session
    if session is None:
        raise Refused(404, PAGE["no_evening"].text(lang))
    reading = Reading(session.table_now, session.next_dealer(), session.mi, len(session.hands))
    hand = reading.take(raw, len(session.hands), str(settings.ledger), None)
    settlement = settle_hand(hand.loaded)
    loaded = hand.loaded
    return {
        "hand": hand.number,
        "net": {seat.name: json_amount(settlement.net[seat]) for seat in SEATS},
        "line": hand_line(hand.number, loaded.hand, loaded.names, settlement.net, lang),
        "explain": explain_lines(loaded.hand, settlement, lang, loaded.names),
    }


def _qr_svg(url: str) -> str:
    import segno

    return str(segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff"))
