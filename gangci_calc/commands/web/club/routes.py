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


def club_routes() -> list[Route]:
    return [Route("/api/picture.png", picture, methods=["GET"]), Route("/club/club.js", script)]
