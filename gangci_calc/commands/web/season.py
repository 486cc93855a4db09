"""The page's 赛季 view (``gangci serve LEDGER --club DIR``): the season's standings with what is still owed, its
chart and the transfers still open, each with a 已付 button; live as tonight's ledger changes. Without a club,
the 已付 buttons of tonight's settle-up alone.

The season is every ledger under the club's folder, and tonight's (once it holds
an evening), each counted once, added up as ``gangci history`` adds them. Its
routes are added to the page's app; a payment is written by ``session --paid``'s
own code (:mod:`gangci_calc.commands.session.paying`), under the page's writer lock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from gangci_calc.commands.history import LEDGER_SUFFIXES, club_of, ledger_paths
from gangci_calc.commands.web.body import Turns, error_text, json_body
from gangci_calc.commands.web.guard import refusal
from gangci_calc.commands.web.language import LANG_COOKIE, request_language
from gangci_calc.commands.web.ledger_state import read_ledger, stamp
from gangci_calc.core.errors import GangciError, LedgerBusy, RuleError, file_text
from gangci_calc.core.evening.club import ClubRecord
from gangci_calc.core.evening.transfers import Transfer
from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.io.export.chart import SEASON_PAGE, chart_svg
from gangci_calc.io.export.history import history_json
from gangci_calc.io.load.fields import read_paid_amount
from gangci_calc.io.show.labels import amount_text
from gangci_calc.io.show.season import open_line, paid_ask, paid_data, rate_text, season_notes
from gangci_calc.words import text_of
from gangci_calc.words.season import SEASON, season_words


@dataclass(frozen=True)
class Season:
    """Tonight's ledger and the club's folder: where the season's evenings are.

    The season added up is kept with the ``stat()`` of every ledger it was added up from (as tonight's evening is
    kept by its file's): while none changes, and no ledger comes or goes, it is not added up again. One request
    adds it up at a time; the others wait for it and take what it made (3,000 ledgers: seconds once, not for each
    of 8 phones opening the view at once).
    """

    ledger: Path
    club: Path | None  # None: no 赛季 view, and tonight's ledger the only one a 已付 button may write
    base: HouseRules = SEED_RULES
    kept: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    adding: threading.Lock = field(default_factory=threading.Lock, compare=False, repr=False)

    def ledgers(self) -> list[Path]:
        """The club's ledgers and tonight's, each once (tonight's left out until it holds an evening)."""
        tonight = self.ledger.resolve()
        club = ledger_paths([str(self.club)]) if self.club is not None else []
        found = {path.resolve(): path for path in club}
        if read_ledger(self.ledger)[1].strip():
            found.setdefault(tonight, self.ledger)
        else:
            found.pop(tonight, None)
        return list(found.values())

    def record(self) -> ClubRecord:
        """The season added up now (an error of any ledger raised, as ``gangci history`` raises it); the one kept
        while no ledger has changed."""
        stamps = self.stamps()
        with self.adding:  # held while one request adds the season up: the others then find it kept
            if self.kept.get("stamps") != stamps:
                try:
                    paths = self.ledgers()
                    self.kept["record"] = club_of([str(path) for path in paths], None, None, self.base)
                except GangciError as error:
                    self.kept["record"] = error
                self.kept["stamps"] = stamps
                self.kept["json"] = {}
            found = self.kept["record"]
        if isinstance(found, GangciError):
            raise found
        assert isinstance(found, ClubRecord)
        return found

    def as_json(self, lang: str) -> str:
        """``GET /api/season``'s body: :func:`history_json` of the record, kept with it, once a language."""
        record = self.record()
        with self.adding:
            made = self.kept.setdefault("json", {})
            if lang not in made or made.get("of") is not record:
                made.clear()
                made["of"], made[lang] = record, history_json(record, lang)
            text: str = made[lang]
        return text

    def stamps(self) -> tuple[Any, ...]:
        """The ``stat()`` of every file that could be a ledger of the season (under the club's folder, and
        tonight's), in one pass over the folder: any change, and any ledger come or gone, changes it."""
        import os

        found: list[Any] = [(str(self.ledger), stamp(self.ledger))]
        folders = [str(self.club)] if self.club is not None else []
        while folders:
            with os.scandir(folders.pop()) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        folders.append(entry.path)
                    elif entry.name.endswith(LEDGER_SUFFIXES):
                        with suppress(OSError):
                            info = entry.stat()
                            found.append((entry.path, info.st_ino, info.st_mtime_ns, info.st_size))
        return tuple(sorted(found, key=str))


def season_view(record: ClubRecord, lang: str) -> dict[str, Any]:
    """What the view shows: each person's total, owed, fees and win rate; the chart; each open transfer with what
    its button sends; the notes (fees taken, 流局, stakes that differ)."""
    standings = [
        {
            "name": p.name,
            "total": amount_text(p.total, signed=True),
            "sign": (p.total > 0) - (p.total < 0),
            "owed": amount_text(p.owed),
            "fees": amount_text(p.fees),
            "rate": rate_text(p),
        }
        for p in record.people
    ]
    still_open = [
        {
            "line": open_line(t, lang),
            "paid": paid_data(t.file, t.transfer),
            "ask": paid_ask(t.transfer, lang),
        }
        for t in record.open
    ]
    chart = chart_svg(record, lang, SEASON_PAGE) if record.evenings else ""
    return {"standings": standings, "open": still_open, "chart": chart, "notes": season_notes(record, lang)}


@cache
def _templates() -> Environment:
    return Environment(
        loader=PackageLoader("gangci_calc.commands.web", "templates"), autoescape=select_autoescape(["html"])
    )


def season_part(season: Season, lang: str) -> str:
    """The part of the view that changes: the season, or why it cannot be added up."""
    words = season_words(lang)
    try:
        record = season.record()
    except GangciError as error:
        return _templates().get_template("season_part.html").render(w=words, problem=error.text(lang))
    if not record.evenings:
        return _templates().get_template("season_part.html").render(w=words, problem=words["no_season"])
    return _templates().get_template("season_part.html").render(w=words, v=season_view(record, lang), problem="")


def season_page(season: Season, lang: str) -> str:
    words = season_words(lang)
    club = season.club.resolve().name or str(season.club) if season.club is not None else ""
    return (
        _templates()
        .get_template("season.html")
        .render(
            w=words,
            lang=lang,
            other="en" if lang == "zh" else "zh",
            title=words["title"].format(club=club),
            part=season_part(season, lang),
        )
    )


def season_routes(
    season: Season,
    turns: Turns,
    told: Callable[[], None],
    noted: Callable[[Request], None] = lambda request: None,
) -> list[Route]:
    """The routes: a payment recorded and the script of the 已付 buttons, always (tonight's settle-up has them);
    with a club, the view, its part and the season as JSON. ``turns``: the page's writes, one at a time; ``told``:
    what tells tonight's pages of a change (a payment may be tonight's); ``noted``: what notes the phone that wrote
    tonight's ledger, still under the lock."""

    async def page(request: Request) -> Response:
        lang = request_language(request)
        response = HTMLResponse(await run_in_threadpool(season_page, season, lang), headers=_NO_STORE)
        if "lang" in request.query_params:
            response.set_cookie(LANG_COOKIE, lang, samesite="strict", path="/")
        return response

    async def part(request: Request) -> Response:
        html = await run_in_threadpool(season_part, season, request_language(request))
        return HTMLResponse(html, headers=_NO_STORE)

    async def script(request: Request) -> Response:
        return Response(_script(), media_type="text/javascript; charset=utf-8", headers={"Cache-Control": "no-cache"})

    async def as_json(request: Request) -> Response:
        lang = request_language(request)
        try:
            body = await run_in_threadpool(season.as_json, lang)
        except GangciError as error:
            return refusal(request, 422, error_text(error, lang), lang)
        return Response(body, media_type="application/json", headers=_NO_STORE)

    async def paid(request: Request) -> Response:
        return await _paying(request, back=False)

    async def unpaid(request: Request) -> Response:
        return await _paying(request, back=True)

    async def _paying(request: Request, *, back: bool) -> Response:
        """A payment recorded (已付), or taken back (撤回), by ``session --paid`` / ``--unpaid``'s own code."""
        from gangci_calc.commands.session.paying import record_paid, take_back

        lang = request_language(request)
        body = await json_body(request)  # within its limit (body.PAID_LIMIT), a key given twice refused
        try:
            file, transfer = _payment(body, season, lang)

            def work() -> object:
                done = take_back(file, transfer, season.base) if back else record_paid(file, transfer, season.base)
                if Path(file).resolve() == season.ledger.resolve():
                    noted(request)
                return done

            await turns.run(request, work)
        except _Refused as refused:
            return refusal(request, refused.status, refused.text, lang, refused.field)
        except GangciError as error:
            return refusal(request, 503 if isinstance(error, LedgerBusy) else 422, error_text(error, lang), lang)
        finally:
            told()
        payment = f"{transfer.payer} → {transfer.payee} {amount_text(transfer.amount)}"
        said = SEASON["unpaid_done" if back else "paid_done"].text(lang).format(payment=payment)
        return JSONResponse({"said": said}, status_code=200 if back else 201)

    always = [
        Route("/season/season.js", script, methods=["GET"]),
        Route("/api/paid", paid, methods=["POST"]),
        Route("/api/unpaid", unpaid, methods=["POST"]),
    ]
    if season.club is None:
        return always
    return [
        *always,
        Route("/season", page, methods=["GET"]),
        Route("/season/part", part, methods=["GET"]),
        Route("/api/season", as_json, methods=["GET"]),
    ]


_NO_STORE = {"Cache-Control": "no-store"}


class _Refused(Exception):
    def __init__(self, status: int, text: str, field: str = "") -> None:
        super().__init__(text)
        self.status, self.text, self.field = status, text, field


def _payment(data: Any, season: Season, lang: str) -> tuple[str, Transfer[str]]:
    """The ledger and the transfer a ``POST /api/paid`` names: ``{"file", "from", "to", "amount"}``, the file one
    of the season's (as ``GET /api/season`` names it), the amount whole or a half as text."""
    from gangci_calc.words import messages as m
    from gangci_calc.words import say

    keys = {"file", "from", "to", "amount"}
    if not isinstance(data, dict) or set(data) != keys:
        raise _Refused(422, say(m.WHAT_PAYMENT).text(lang))
    ledgers = {file_text(str(path)): path for path in season.ledgers()}  # named as the record names them
    if not isinstance(data["file"], str) or data["file"] not in ledgers:
        raise _Refused(404, SEASON["not_in_season"].text(lang).format(file=data["file"]), "file")
    try:
        amount = read_paid_amount(data["amount"], ("amount",))
    except RuleError as error:
        raise _Refused(422, text_of(error.message, lang), "amount") from None
    names = [data[key] for key in ("from", "to")]
    if not all(isinstance(name, str) for name in names):
        raise _Refused(422, say(m.WHAT_PAYMENT).text(lang), "from")
    return str(ledgers[data["file"]]), Transfer(names[0], names[1], amount)


@cache
def _script() -> bytes:
    return files("gangci_calc.commands.web").joinpath("static", "season.js").read_bytes()
