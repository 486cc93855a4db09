"""The language of a request: the page's switch (``?lang=``, kept in a cookie), else the API's
``Accept-Language``, else Chinese."""

from __future__ import annotations

from starlette.requests import Request

from gangci_calc.words import LANGS

LANG_COOKIE = "gangci_lang"


def _code(text: str) -> str | None:
    code = text.strip().split(";")[0].split("-")[0].split("_")[0].lower()
    return code if code in LANGS else None


def request_language(request: Request) -> str:
    """``?lang=`` first, then (for the API) ``Accept-Language``, (for the page) the switch's cookie; else ``zh``."""
    asked = _code(request.query_params.get("lang", ""))
    if asked:
        return asked
    if request.url.path.startswith("/api/"):
        for part in request.headers.get("accept-language", "").split(","):
            if found := _code(part):
                return found
        return "zh"
    return _code(request.cookies.get(LANG_COOKIE, "")) or "zh"
