"""The page's 分享图片: ``GET /api/picture.png`` draws the evening on the server with the renderer of
``gangci session --picture`` (io/export/picture.py), so the phones and the terminal share one drawing; made once
per version and language."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from gangci_calc.commands.web.body import Refused, refused_for
from gangci_calc.commands.web.language import request_language
from gangci_calc.core.errors import GangciError
from gangci_calc.words.page import PAGE


async def picture(request: Request) -> Response:
    from gangci_calc.io.export.picture import evening_picture, png_bytes

    here, lang = request.app.state.served, request_language(request)
    evening = await run_in_threadpool(here.state.current)
    if evening.problem is not None:
        raise refused_for(evening.problem, lang)
    settled = evening.settled
    if settled is None:
        raise Refused(404, PAGE["no_evening"].text(lang))
    table = here.settings.ledger.stem

    def make() -> bytes:
        return png_bytes(evening_picture(settled, lang, table), "picture")

    try:
        body = await run_in_threadpool(here.state.made, evening, "png", lang, make)
    except GangciError as error:  # no Pillow, no CJK font on the host's computer: said, as the terminal says it
        raise Refused(503, error.text(lang)) from None
    headers = {"Cache-Control": "no-store", "ETag": f'"{evening.version}"', "X-File-Name": f"{table}.png"}
    return Response(body, media_type="image/png", headers=headers)
