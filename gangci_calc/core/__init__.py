"""The pure core: what a hand and an evening are worth, with no files, no terminal and no network.

:mod:`.rules` is the game (a hand, its checks, the table's rules and the one settlement formula),
:mod:`.tiles` reads tiles and judges a claim against them, and :mod:`.evening` is the arithmetic of
an evening and a season (the ledger's totals, one hand to the next, transfers, dues, the club).
:mod:`.errors` holds the errors every layer raises. Nothing here imports from ``io``, ``fastpath``,
``commands`` or the package's top; the vocabulary (``gangci_calc.words``) is the one layer below it.
"""
