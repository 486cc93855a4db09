"""The work behind ``gangci session``: load the ledger, then check, settle (:mod:`.service`) and render it."""

from __future__ import annotations

from gangci_calc.io.export.formats import SESSION
from gangci_calc.io.load.load_session import load_session
from gangci_calc.rules import SEED_RULES, HouseRules
from gangci_calc.service import settle_evening


def session_output(path: str, fmt: str, lang: str, base: HouseRules = SEED_RULES) -> str:
    """A whole session file, settled and rendered; a ledger is settled whole or not at all."""
    return SESSION[fmt].renderer()(settle_evening(load_session(path, base)), lang)
