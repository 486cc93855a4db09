"""Tiles, pure: their notation, a hand's analysis (waits, melds) and the referee's judgement of a claim against
the tiles; read by :mod:`gangci_calc.io` and the ``check``/``waits``/``dice`` commands."""
