"""The work behind ``gangci score``: one hand file, checked, settled and rendered."""

from __future__ import annotations

from gangci_calc.errors import ClaimRejected, InputError
from gangci_calc.io.export.formats import SCORE
from gangci_calc.io.load.load import LoadedHand, load_hand
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
    form = SCORE[fmt]
    if explain and not form.explain:  # the registry says which formats show the formulas
        raise InputError("--explain", say(m.EXPLAIN_NOT_IN_FORMAT, fmt=fmt))
    loaded = load_hand(path, base)
    if check:
        check_tiles(loaded)
    return form.renderer()(loaded, settle(loaded.hand), lang, explain)
