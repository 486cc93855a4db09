"""The page's HTML, made by Jinja2 from the templates beside this module (names escaped everywhere)."""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from gangci_calc.commands.web.ledger_state import LedgerVersion
from gangci_calc.commands.web.view import evening_view, form_context, hand_view, page_words

if TYPE_CHECKING:
    from gangci_calc.io.load.load_session import SettledSession

ASSETS = {"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8"}  # all it loads


@cache
def _templates() -> Environment:
    return Environment(
        loader=PackageLoader("gangci_calc.commands.web", "templates"), autoescape=select_autoescape(["html"])
    )


@cache
def asset(name: str) -> bytes:
    """One of the page's own files (the names in :data:`ASSETS`, and no other path)."""
    return files("gangci_calc.commands.web").joinpath("static", name).read_bytes()


def evening_part(evening: LedgerVersion, lang: str) -> str:
    """The part of the page that changes with the ledger: the evening, and the form's context for the script."""
    words = page_words(lang)
    if evening.problem is not None:
        return _templates().get_template("problem.html").render(w=words, problem=evening.problem.text(lang))
    if evening.session is None or evening.settled is None:
        return _templates().get_template("new_evening.html").render(w=words, ctx=_script_data(_new_context(lang)))
    context = _script_data(form_context(evening.session, lang))
    rows = hand_rows(evening.settled, lang, words)
    return (
        _templates()
        .get_template("evening.html")
        .render(w=words, v=evening_view(evening.settled, lang), rows=rows, ctx=context, version=evening.version)
    )


_rows: dict[str, dict[tuple[int, int], tuple[object, object, Markup]]] = {}  # by language: the last render's


def hand_rows(settled: SettledSession, lang: str, words: dict[str, str]) -> list[Markup]:
    """Each hand's HTML, the newest first, made once: a hand's row is its own (number, dealer, outcome, amounts,
    米), so after a change only the rows of hands that are new objects are made again (the evening after a hand
    is added keeps the others' objects, and their settlements). Kept: the rows of the last render in each
    language, each with the two objects it was made from, so an id is never another's."""
    template = _templates().get_template("hand.html")
    before, kept = _rows.get(lang, {}), {}
    made = []
    for h in reversed(settled.hands):
        key = (id(h.hand), id(h.settlement))
        found = before.get(key)
        if found is None or found[0] is not h.hand or found[1] is not h.settlement:
            html = Markup(f"\n  {template.render(w=words, h=hand_view(h, lang))}\n  ")  # as the loop laid it out
            found = (h.hand, h.settlement, html)
        kept[key] = found
        made.append(found[2])
    _rows[lang] = kept
    return made


def whole_page(evening: LedgerVersion, lang: str, qr_svg: str, join_url: str, season: str = "") -> str:
    """The page as first loaded: the evening part inside its frame, with the QR code for late arrivals;
    ``season``: the link's word to the 赛季 view, where there is one (``--club``)."""
    words = page_words(lang)
    other = "en" if lang == "zh" else "zh"
    return (
        _templates()
        .get_template("page.html")
        .render(
            w=words,
            lang=lang,
            other=other,
            part=evening_part(evening, lang),
            qr=qr_svg,
            join=join_url,
            version=evening.version,
            heading=_heading(evening, lang),
            season=season,
        )
    )


def refusal_page(text: str, lang: str) -> str:
    """A short page for a request refused (no token, a wrong one, a foreign host): nothing of the evening."""
    return _templates().get_template("refusal.html").render(w=page_words(lang), lang=lang, text=text)


def _heading(evening: LedgerVersion, lang: str) -> str:
    """The evening's date and stakes, under the title."""
    if evening.settled is None:
        return ""
    from gangci_calc.commands.web.club.tonight import header_line

    return header_line(evening.settled, lang)


def _script_data(data: dict[str, Any]) -> str:
    """JSON for a ``<script type="application/json">``: every ``<``, ``>`` and ``&`` as its ``\\u`` escape, so no
    name (``<!--<script>``, ``</script>``, ``]]>``) can end the script or change how the HTML parser reads it."""
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _new_context(lang: str) -> dict[str, Any]:
    """What the new evening's form needs: the seats, the house options at their defaults, the words."""
    from gangci_calc.commands.web.view import options_context
    from gangci_calc.core.rules import SEATS, HouseRules
    from gangci_calc.core.rules.fee import Fee
    from gangci_calc.io.show.labels import seat_name
    from gangci_calc.words.page import PAGE

    seats = [{"seat": s.name, "label": PAGE["name_of"].text(lang).format(seat=seat_name(s, lang))} for s in SEATS]
    return {
        "new": True,
        "lang": lang,
        "seats": seats,
        "seat_names": {s.name: seat_name(s, lang) for s in SEATS},
        "options": options_context(HouseRules(), lang),
        "fee": options_context(Fee(), lang),
        "words": page_words(lang),
    }
