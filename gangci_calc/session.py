"""The work behind ``gangci session``: load the ledger, check its claims, settle it, render it."""

from __future__ import annotations

from gangci_calc.errors import ClaimRejected
from gangci_calc.io.export.formats import SESSION
from gangci_calc.io.load.load_session import SettledSession, load_session
from gangci_calc.ledger import settle_hands
from gangci_calc.rules import SEED_RULES, HouseRules
from gangci_calc.words import messages as m
from gangci_calc.words import say


def session_output(path: str, fmt: str, lang: str, base: HouseRules = SEED_RULES) -> str:
    """A whole session file, settled and rendered; a ledger is settled whole or not at all."""
    from gangci_calc.tiles.claims import why_false

    session = load_session(path, base)
    false_claims = [
        say(m.WHERE_WHAT, where=item.loaded.source, what=say(m.HAND_N_FALSE, n=item.number, problem=problem))
        for item in session.hands
        if item.loaded.tiles is not None and (problem := why_false(item.loaded.hand, item.loaded.tiles))
    ]
    if false_claims:
        raise ClaimRejected(*false_claims)
    result = settle_hands((item.loaded.hand for item in session.hands), [item.loaded.names for item in session.hands])
    text = SESSION[fmt].renderer()(SettledSession.of(session, result), lang)
    return text
