"""The work behind ``gangci score``: one hand file, checked, settled and rendered."""

from __future__ import annotations

from gangci_calc.errors import ClaimRejected
from gangci_calc.io.formats import SCORE, renderer
from gangci_calc.io.load import LoadedHand, load_hand
from gangci_calc.rules import SEED_RULES, HouseRules, settle
from gangci_calc.words import messages as m
from gangci_calc.words import say


def check_tiles(loaded: LoadedHand) -> None:
    """Refuse a claim that the hand's ``tiles:`` do not support."""
    if loaded.tiles is None:
        return
    from gangci_calc.tiles.claims import why_false

    problem = why_false(loaded.hand, loaded.tiles)
    if problem:
        raise ClaimRejected(say(m.WHERE_WHAT, where=loaded.source, what=problem))


def score_file(
    path: str, fmt: str, lang: str, *, explain: bool = False, check: bool = True, base: HouseRules = SEED_RULES
) -> str:
    """The whole output as one string, so nothing is half-written on error."""
    loaded = load_hand(path, base)
    if check:
        check_tiles(loaded)
    text: str = renderer(SCORE, fmt)(loaded, settle(loaded.hand), lang, explain)
    return text
