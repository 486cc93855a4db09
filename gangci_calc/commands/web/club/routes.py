"""The club night's routes beside the page's: the picture (``/api/picture.png``) and the script of the page's
分享图片 button (``/club/club.js``). Everything here passes the page's Guard like the rest: token, Host, origin."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from gangci_calc.commands.web.club.picture import picture

_SCRIPT = "text/javascript; charset=utf-8"


@cache
def club_file(name: str) -> bytes:
    """One of the files beside this module (the club's script and the home screen's)."""
    return files("gangci_calc.commands.web.club").joinpath(name).read_bytes()


async def script(request: Request) -> Response:
    return Response(club_file("club.js"), media_type=_SCRIPT, headers={"Cache-Control": "no-cache"})


async def worker(request: Request) -> Response:
    """The service worker, for the whole page (its scope the page's root, above /club/)."""
    headers = {"Cache-Control": "no-cache", "Service-Worker-Allowed": root_of(request) + "/"}
    return Response(club_file("sw.js"), media_type=_SCRIPT, headers=headers)


async def icon(request: Request) -> Response:
    size = request.path_params["size"]
    if size not in (192, 512):
        from gangci_calc.commands.web.body import Refused
        from gangci_calc.commands.web.language import request_language
        from gangci_calc.words.page import PAGE

        raise Refused(404, PAGE["no_such_page"].text(request_language(request)))
    return Response(club_file(f"icon-{size}.png"), media_type="image/png", headers={"Cache-Control": "max-age=86400"})


async def manifest(request: Request) -> Response:
    """The web app manifest, in the page's language: the page on a phone's home screen, its own icon and name."""
    import json

    from gangci_calc.commands.web.language import request_language
    from gangci_calc.words.page import PAGE

    lang, root = request_language(request), root_of(request)
    title = PAGE["title"].text(lang)
    table = request.app.state.served.settings.ledger.stem
    body = {
        "name": f"{title} · {table}",
        "short_name": title,
        "lang": "zh-CN" if lang == "zh" else "en",
        "start_url": f"{root}/",
        "scope": f"{root}/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": "#f4f1ea",
        "icons": [
            {"src": f"{root}/club/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
            for size in (192, 512)
        ],
    }
    text = json.dumps(body, ensure_ascii=False)
    return Response(text, media_type="application/manifest+json", headers={"Cache-Control": "no-cache"})


THEME = "#b23b2a"  # the page's buttons


def root_of(request: Request) -> str:
    """Where this table's page is mounted: ``""`` for a table of its own, ``/t/NAME`` for one of a club's."""
    return str(request.scope.get("gangci.root", "")).rstrip("/")  # set by commands/web/club/lobby.py


def club_routes() -> list[Route]:
    return [
        Route("/api/picture.png", picture, methods=["GET"]),
        Route("/club/club.js", script),
        Route("/club/sw.js", worker),
        Route("/club/manifest.webmanifest", manifest),
        Route("/club/icon-{size:int}.png", icon),
    ]
