"""The table's page as a Starlette app: the page, its two files, and the JSON API of ``gangci serve``.

The endpoints are plain functions over ``request.app.state.served`` (:class:`Served`).
Every write goes through :mod:`gangci_calc.commands.session.changes` (the CLI's own lock, text edits,
read-back and atomic replace) in a worker thread; writers of this process take turns in the event loop first
(:class:`gangci_calc.commands.web.body.Turns`), so waiting writes hold no thread and reads never wait behind them.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from gangci_calc.commands.service import settle_evening, settle_hand
from gangci_calc.commands.session import changes
from gangci_calc.commands.web.body import BODY_LIMIT, Refused, Turns, json_body, refused_for
from gangci_calc.commands.web.events import Changes, Heard, phone_of
from gangci_calc.commands.web.guard import Guard, refusal, while_honoured
from gangci_calc.commands.web.language import LANG_COOKIE, request_language
from gangci_calc.commands.web.ledger_state import LedgerState, LedgerVersion
from gangci_calc.commands.web.page import ASSETS, asset, evening_part, whole_page
from gangci_calc.commands.web.token import Honoured
from gangci_calc.core.digits import ascii_whole
from gangci_calc.core.errors import GangciError, HandTaken, file_text, shown
from gangci_calc.core.rules import SEATS, SEED_RULES, HouseRules
from gangci_calc.io.show.labels import json_amount
from gangci_calc.words import messages as m
from gangci_calc.words import say, speaking
from gangci_calc.words.page import PAGE
from gangci_calc.words.season import SEASON

__all__ = ["BODY_LIMIT", "Served", "Settings", "build_app"]
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
    club: Path | None = None  # --club DIR: the season's ledgers, for the 赛季 view (commands/web/season.py)
    token_file: Path | None = None  # where the token is kept: honoured as it is now (None: the token as given)


@dataclass
class Served:
    """One ledger's server: its settings, the evening of each version, the watch that tells the pages."""

    settings: Settings
    state: LedgerState
    watch: Changes
    qr: str = ""
    tails: changes.InMemory = field(default_factory=changes.InMemory)  # the page writes no file but the ledger
    turns: Turns = field(init=False)  # the page's writes, one at a time
    heard: Heard = field(default_factory=Heard)  # who wrote which version; what each change did (events.py)

    def __post_init__(self) -> None:
        self.turns = Turns(self.settings.ledger)

    @property
    def path(self) -> str:
        return str(self.settings.ledger)


def served(request: Request) -> Served:
    found: Served = request.app.state.served
    return found


_NO_STORE = {"Cache-Control": "no-store"}


# --- the page ---------------------------------------------------------------------------------------------------


async def page(request: Request) -> Response:
    here, lang = served(request), request_language(request)
    evening = await run_in_threadpool(here.state.current)
    season = SEASON["season"].text(lang) if here.settings.club is not None else ""
    html = await run_in_threadpool(whole_page, evening, lang, here.qr, here.settings.join_url, season)
    response = HTMLResponse(html, headers=_NO_STORE)
    if "lang" in request.query_params:
        response.set_cookie(LANG_COOKIE, lang, samesite="strict", path="/")
    return response


async def part(request: Request) -> Response:
    here, lang = served(request), request_language(request)
    evening = await run_in_threadpool(here.state.current)
    html = await run_in_threadpool(here.state.made, evening, "part", lang, lambda: evening_part(evening, lang).encode())
    return HTMLResponse(html, headers={**_NO_STORE, "X-Version": str(evening.version)})


async def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in ASSETS:
        raise Refused(404, PAGE["no_such_page"].text(request_language(request)))
    return Response(asset(name), media_type=ASSETS[name], headers={"Cache-Control": "no-cache"})


# --- reading ----------------------------------------------------------------------------------------------------


async def _evening(request: Request) -> LedgerVersion:
    """The evening now; a ledger that cannot be read, or holds no table yet, refused as JSON."""
    lang = request_language(request)
    evening = await run_in_threadpool(served(request).state.current)
    if evening.problem is not None:
        raise refused_for(evening.problem, lang)
    if evening.settled is None:
        raise Refused(404, PAGE["no_evening"].text(lang))
    return evening


async def get_evening(request: Request) -> Response:
    evening = await _evening(request)
    body = await run_in_threadpool(served(request).state.evening_json, evening, request_language(request))
    return Response(body, media_type="application/json", headers={"ETag": f'"{evening.version}"', **_NO_STORE})


async def get_ledger(request: Request) -> Response:
    """The ledger file byte for byte, as an attachment under its own name: the evening, taken away."""
    here, lang = served(request), request_language(request)
    try:
        body = await run_in_threadpool(here.settings.ledger.read_bytes)
    except FileNotFoundError:
        raise Refused(404, PAGE["no_evening"].text(lang)) from None
    except OSError as error:
        raise Refused(500, PAGE["server_fault"].text(lang) + f" ({error.strerror})") from None
    headers = {"Content-Disposition": attachment(here.settings.ledger.name), **_NO_STORE}
    return Response(body, media_type="application/yaml", headers=headers)


def attachment(name: str) -> str:
    """``Content-Disposition`` of a download under a file's own name, whatever bytes it holds: the name in
    UTF-8 escaped (a byte that is not UTF-8 as ``\\xNN``), and plain ASCII for an older browser, each character
    a quoted string cannot hold (a control character such as CR or LF, ``"``, ``\\``, any other) as ``_``."""
    from urllib.parse import quote

    shown = file_text(name)
    plain = "".join(c if " " <= c <= "~" and c not in '"\\' else "_" for c in shown)
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(shown, safe='')}"


async def get_hand(request: Request) -> Response:
    evening = await _evening(request)
    number = request.path_params["number"]
    return JSONResponse({**_saved(evening, number, request_language(request)), "version": evening.version})


def _saved(evening: LedgerVersion, number: int, lang: str) -> dict[str, Any]:
    """Hand ``number`` as the edit form fills it, with what it paid and the seats and dealer it was played at."""
    from gangci_calc.commands.web.view import hand_data
    from gangci_calc.io.show.chat import hand_line

    settled = evening.settled
    assert settled is not None and evening.session is not None
    if not 1 <= number <= len(settled.hands):
        raise Refused(404, say(m.NO_SUCH_HAND, n=number, count=len(settled.hands)).text(lang))
    item = settled.hands[number - 1]
    loaded = item.hand.loaded
    at = evening.session.reading_at(number)
    return {
        **hand_data(evening.session, number),
        "net": {seat.name: json_amount(item.settlement.net[seat]) for seat in SEATS},
        "line": hand_line(number, loaded.hand, loaded.names, item.settlement.net, lang),
        "at": {"dealer": at.dealer.name, "players": {seat.name: name for seat, name in at.table.names.items()}},
    }


async def preview(request: Request) -> Response:
    raw = await json_body(request)
    number = _number(raw, request)
    lang = request_language(request)
    evening = await _evening(request)

    def work() -> dict[str, Any]:
        with speaking(lang):
            return _preview(evening, raw, number, lang)

    try:
        return JSONResponse(await run_in_threadpool(work))
    except GangciError as error:
        raise refused_for(error, lang) from None


def _preview(evening: LedgerVersion, raw: Any, number: int | None, lang: str) -> dict[str, Any]:
    """What a hand would pay, read as hand ``number`` is read (its table, dealer and 米; the next hand's where no
    number is given), nothing written."""
    from gangci_calc.io.show.chat import hand_line
    from gangci_calc.io.show.explain import explain_lines

    session = evening.session
    assert session is not None
    reading = session.reading_at(number if number is not None else len(session.hands) + 1)
    hand = reading.take(raw, reading.count, session.source, None)
    settlement = settle_hand(hand.loaded)
    loaded = hand.loaded
    return {
        "hand": hand.number,
        "dealer": loaded.hand.dealer.name,
        "net": {seat.name: json_amount(settlement.net[seat]) for seat in SEATS},
        "line": hand_line(hand.number, loaded.hand, loaded.names, settlement.net, lang),
        "explain": explain_lines(loaded.hand, settlement, lang, loaded.names),
    }


def _number(raw: Any, request: Request) -> int | None:
    """The body's ``number`` (taken out of it): the number the phone means the hand to have."""
    if not isinstance(raw, dict) or "number" not in raw:
        return None
    number = raw.pop("number")
    if number is None:  # null is absent: appended, as a script's hand
        return None
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 1_000_000:
        lang = request_language(request)
        raise Refused(422, say(m.NOT_A_HAND_NUMBER, value=shown(number)).text(lang), "number")
    return number


# --- writing ----------------------------------------------------------------------------------------------------


async def _write(request: Request, work: Callable[[], T]) -> T:
    """Run a change in this write's turn under the ledger's lock, after the ``If-Match`` check; then tell every
    page."""
    here, lang = served(request), request_language(request)
    expected = _if_match(request)

    def locked() -> T:
        with changes.locked(here.path):
            if expected is not None and here.state.version() != expected:
                raise Refused(412, PAGE["stale"].text(lang))
            done = work()
            here.heard.wrote(here.state.version(), request)  # by this phone: told to the others so
            return done

    try:
        return await here.turns.run(request, locked)
    except HandTaken as taken:
        raise await _taken(request, taken) from None
    except GangciError as error:
        raise refused_for(error, lang) from None
    finally:
        await here.watch.check()


async def _taken(request: Request, taken: HandTaken) -> Refused:
    """409: the hand the ledger already holds under that number, for the phone to show."""
    lang = request_language(request)
    refusal = Refused(409, taken.text(lang).split(": ", 1)[-1], "number")
    evening = await run_in_threadpool(served(request).state.current)
    refusal.more = {"hand": taken.number, "count": taken.count, "next": taken.count + 1}
    if evening.settled is not None and 1 <= taken.number <= len(evening.settled.hands):
        refusal.more["saved"] = _saved(evening, taken.number, lang)
    return refusal


async def post_evening(request: Request) -> Response:
    here = served(request)
    header = await json_body(request)
    await _write(request, lambda: changes.start_evening(here.path, header, here.settings.base))
    return JSONResponse({"version": here.watch.version}, status_code=201)


async def post_hand(request: Request) -> Response:
    here = served(request)
    raw = await json_body(request)
    number = _number(raw, request)
    sent = copy.deepcopy(raw)

    def add() -> changes.Added:
        added = changes.add_data(here.path, raw, here.settings.base, tails=here.tails, number=number)
        here.heard.wrote(here.state.version(), request, form=added.hand.number)
        return added

    try:
        added = await _write(request, add)
    except Refused as refused:
        if refused.status == 409 and number is not None and "saved" in refused.more:
            refused.more["mine"] = await run_in_threadpool(_resent, here, request, sent, number)
        raise
    net = {seat.name: json_amount(added.net[seat]) for seat in SEATS}
    return JSONResponse({"hand": added.hand.number, "net": net, "version": here.watch.version}, status_code=201)


async def put_hand(request: Request) -> Response:
    here = served(request)
    number = request.path_params["number"]
    raw = await json_body(request)
    raw.pop("number", None) if isinstance(raw, dict) else None
    if await run_in_threadpool(_resent, here, request, raw, number):  # its first answer lost: done already
        return JSONResponse({"hand": number, "changed": [], "version": here.watch.version})

    def edit() -> list[int]:
        before = here.state.current()
        session = changes.replace_data(here.path, number, raw, here.settings.base)
        here.heard.wrote(here.state.version(), request, form=number)
        if before.settled is None:
            return []
        return moved(before.settled, settle_evening(session, check=False, before=before.settled), number)

    try:
        changed = await _write(request, edit)
    except Refused as refusal:
        if refusal.status == 412:  # edited since this form was opened: the hand as saved now, for the phone to show
            evening = await run_in_threadpool(here.state.current)
            if evening.settled is not None and 1 <= number <= len(evening.settled.hands):
                saved = _saved(evening, number, request_language(request))
                refusal.more = {"hand": number, "saved": saved, "version": evening.version}
        raise
    return JSONResponse({"hand": number, "changed": changed, "version": here.watch.version})


def _resent(here: Served, request: Request, sent: Any, number: int) -> bool:
    """This form's save of hand ``number`` arrived before (its answer was lost), and hand ``number`` is still the
    hand it sent: the form's id saved that number, and the hand sent reads as the hand saved."""
    if here.heard.saved_by(request) != number:
        return False
    evening = here.state.current()
    session, settled = evening.session, evening.settled
    if session is None or settled is None or not 1 <= number <= len(settled.hands):
        return False
    reading = session.reading_at(number)
    try:
        hand = reading.take(copy.deepcopy(sent), reading.count, session.source, None).loaded
    except GangciError:
        return False
    saved = settled.hands[number - 1].hand.loaded
    return (hand.hand, hand.names) == (saved.hand, saved.names)


async def get_heard(request: Request) -> Response:
    """What each change after ``?since=VERSION`` did, and who made it (events.py): a page tells its person."""
    here, lang = served(request), request_language(request)
    since = ascii_whole(request.query_params.get("since", ""))
    await here.watch.check()  # a change the watch has not looked at yet is told too
    found = [] if since is None else here.heard.since(since, lang, phone_of(request)[1])
    return JSONResponse({"heard": found, "version": here.watch.version}, headers=_NO_STORE)


def moved(before: Any, after: Any, number: int) -> list[int]:
    """The hands after ``number`` whose dealer, 米 or amounts differ between two settled evenings."""

    def key(h: Any) -> tuple[Any, ...]:
        hand = h.hand.loaded.hand
        return hand.dealer, hand.mi, h.settlement.net

    return [
        old.hand.number
        for old, new in zip(before.hands[number:], after.hands[number:], strict=False)
        if key(old) != key(new)
    ]


async def undo(request: Request) -> Response:
    here = served(request)
    removed = await _write(request, lambda: changes.remove_last(here.path, here.settings.base))
    return JSONResponse({"removed": removed.number, "version": here.watch.version})


async def post_table(request: Request) -> Response:
    """A change of the table (names, seats, stakes, 带政策, rules, 台费) from the next hand on, saved now."""
    from gangci_calc.io.export.export import next_object

    here = served(request)
    fields = await json_body(request)
    await _evening(request)
    session = await _write(request, lambda: changes.set_next(here.path, fields, here.settings.base))
    return JSONResponse({"next": next_object(session), "version": here.watch.version})


async def events(request: Request) -> Response:
    return StreamingResponse(
        while_honoured(served(request).watch.stream(), request.scope),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


def _if_match(request: Request) -> int | None:
    """The version an ``If-Match`` names (``"123"``, ``W/"123"`` or ``123``); ``*`` or none: no condition."""
    given = request.headers.get("if-match")
    if given is None or given.strip() == "*":
        return None
    found = ascii_whole(given.strip().removeprefix("W/").strip('"'))
    return -1 if found is None else found  # not a number: matches no version, 412


# --- errors -----------------------------------------------------------------------------------------------------


async def on_refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, Refused)
    return refusal(request, error.status, error.text, request_language(request), error.field, error.more)


async def on_not_found(request: Request, error: Exception) -> Response:
    lang = request_language(request)
    return refusal(request, 404, PAGE["no_such_page"].text(lang), lang)


async def on_not_allowed(request: Request, error: Exception) -> Response:
    lang = request_language(request)
    return refusal(request, 405, PAGE["no_such_page"].text(lang), lang)


async def on_anything(request: Request, error: Exception) -> Response:
    """The last net: a fault of the server is said in words (JSON for the API), never as a traceback."""
    lang = request_language(request)
    return refusal(request, 500, PAGE["server_fault"].text(lang), lang)


ROUTES = [
    Route("/", page),
    Route("/part", part),
    Route("/static/{name}", static),
    Route("/api/evening", get_evening, methods=["GET"]),
    Route("/api/evening", post_evening, methods=["POST"]),
    Route("/api/ledger", get_ledger, methods=["GET"]),
    Route("/api/hands", post_hand, methods=["POST"]),
    Route("/api/hands/{number:int}", put_hand, methods=["PUT"]),
    Route("/api/hands/{number:int}", get_hand, methods=["GET"]),
    Route("/api/preview", preview, methods=["POST"]),
    Route("/api/undo", undo, methods=["POST"]),
    Route("/api/table", post_table, methods=["POST"]),
    Route("/api/events", events),
    Route("/api/heard", get_heard, methods=["GET"]),
]


@asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    watch = app.state.served.watch
    task = asyncio.create_task(watch.watch())
    try:
        yield
    finally:
        watch.stop()
        await task


def build_app(settings: Settings) -> Starlette:
    """The app for one ledger."""
    state = LedgerState(settings.ledger, settings.base)
    heard = Heard()
    qr = _qr_svg(settings.join_url) if settings.join_url else ""
    here = Served(settings, state, Changes(state, heard.seen), qr, heard=heard)
    cookie = f"gangci_{settings.port}"  # cookies ignore ports: two evenings on one machine keep theirs apart
    from gangci_calc.commands.web.season import Season, season_routes  # 已付, and with --club the 赛季 view

    season = season_routes(
        Season(settings.ledger, settings.club, settings.base),
        here.turns,
        here.watch.soon,
        lambda request: here.heard.wrote(here.state.version(), request),  # a payment of tonight's: by this phone
    )
    honoured = Honoured(settings.token, settings.token_file)
    from gangci_calc.commands.web.club.routes import club_routes  # 分享图片, the home screen, the offline copy

    season = [*season, *club_routes()]
    app = Starlette(
        routes=[*ROUTES, *season],
        middleware=[Middleware(Guard, token=honoured, hosts=settings.hosts, cookie=cookie), Middleware(Squeezed)],
        exception_handlers={Refused: on_refused, 404: on_not_found, 405: on_not_allowed, Exception: on_anything},
        lifespan=lifespan,
    )
    app.state.served = here
    app.state.changes = here.watch  # gangci serve ends the event streams as soon as it is told to stop
    return app


class Squeezed:
    """Every answer but the event stream gzipped for a client that takes it (a 20-hand evening's load: 74 KB
    plain, a fraction of it on the table's Wi-Fi); the stream is left alone, so each change reaches a page at once
    (an older Starlette's gzip would hold it back)."""

    def __init__(self, app: Any) -> None:
        from starlette.middleware.gzip import GZipMiddleware

        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=1024)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"] != "/api/events":
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def _qr_svg(url: str) -> str:
    import segno

    return str(segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff"))
