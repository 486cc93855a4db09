"""A memo bounded by generations: what the fast path compiles once per distinct value (a house's rules, a rules
text, a bets' check) is kept while it is used, however many values a platform has; none is ever refused a place.

A value is put in the young generation; when that is full it becomes the old one and the old one is dropped (the
values still in use come back from the old one to the young one as they are met). So a value lives for at least
``size`` new values after its last use, and a memo never holds more than ``2 × size``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Generations(Generic[K, V]):
    """A dict bounded by generations. The hot loops look in :attr:`young` themselves and call :meth:`get` when it
    has no entry; ``dropped`` is told what an old generation held as it is let go."""

    __slots__ = ("dropped", "old", "size", "young")

    def __init__(self, size: int, dropped: Callable[[dict[K, V]], None] | None = None) -> None:
        self.size = size
        self.dropped = dropped
        self.young: dict[K, V] = {}
        self.old: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (moved to the young generation), or ``None``."""
        found = self.young.get(key)
        if found is None:
            found = self.old.pop(key, None)
            if found is not None:
                self.put(key, found)
        return found

    def put(self, key: K, value: V) -> V:
        if len(self.young) >= self.size:
            gone, self.old, self.young = self.old, self.young, {}
            if gone and self.dropped is not None:
                self.dropped(gone)
        self.young[key] = value
        return value

    def values(self) -> list[V]:
        return [*self.old.values(), *self.young.values()]

    def forget(self, unwanted: Callable[[V], bool]) -> None:
        """Drop every entry whose value is ``unwanted``."""
        for generation in (self.young, self.old):
            for key in [key for key, value in generation.items() if unwanted(value)]:
                del generation[key]

    def clear(self) -> None:
        self.young.clear()
        self.old.clear()
