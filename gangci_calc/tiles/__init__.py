"""Tiles: notation, hand analysis and the referee's claim checks."""
