"""The work behind ``gangci score``: one hand file, checked, settled (:mod:`.service`) and rendered."""

from __future__ import annotations

from gangci_calc.commands.service import settle_hand
from gangci_calc.core.errors import InputError
from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.io.export.formats import SCORE
from gangci_calc.io.load.load import load_hand
from gangci_calc.words import messages as m
from gangci_calc.words import say


def score_file(
    path: str, fmt: str, lang: str, *, explain: bool = False, check: bool = True, base: HouseRules = SEED_RULES
) -> str:
    """The whole output as one string, so nothing is half-written on error."""
    form = SCORE[fmt]
    if explain and not form.explain:  # the registry says which formats show the formulas
        shown = ", ".join(name for name, f in SCORE.items() if f.explain)
        raise InputError("--explain", say(m.EXPLAIN_NOT_IN_FORMAT, fmt=fmt, formats=shown))
    loaded = load_hand(path, base)
    return form.renderer()(loaded, settle_hand(loaded, check=check), lang, explain)
