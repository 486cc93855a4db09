"""gangci-calc: the settlement calculator for Luoyang Gangci mahjong (洛阳杠次 / 杠呲).

The scoring core lives in :mod:`gangci_calc.core.rules` (pure, no I/O), the tile
layer in :mod:`gangci_calc.core.tiles`, file loading and rendering in
:mod:`gangci_calc.io`; :mod:`gangci_calc.cli` is the ``gangci`` command and
:mod:`gangci_calc.api` the Python API (``score``, ``score_many``, ``settle_session``).
"""

from typing import TYPE_CHECKING, Any

from gangci_calc.core.version import VERSION

__version__ = VERSION

if TYPE_CHECKING:
    from gangci_calc.api import Evening, HandError, Result, score, score_many, settle_session

__all__ = ["Evening", "HandError", "Result", "score", "score_many", "settle_session"]


def __getattr__(name: str) -> Any:
    """The Python API (:mod:`gangci_calc.api`), imported when first used: the command line does without."""
    if name in __all__:
        from gangci_calc import api

        return getattr(api, name)
    raise AttributeError(f"module 'gangci_calc' has no attribute {name!r}")
