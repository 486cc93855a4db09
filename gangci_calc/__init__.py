"""gangci-calc: the settlement calculator for Luoyang Gangci mahjong (洛阳杠次 / 杠呲).

The scoring core lives in :mod:`gangci_calc.rules` (pure, no I/O), the tile
layer in :mod:`gangci_calc.tiles`, file loading and rendering in
:mod:`gangci_calc.io`; :mod:`gangci_calc.cli` is the ``gangci`` command.
"""

__version__ = "0.1.0"
