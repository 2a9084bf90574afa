"""The game's own random generator.

Python promises a stable stream only for ``random.random()``, not for
``shuffle``/``randint`` across versions. A saved game must replay identically
after an upgrade, so every chance outcome is derived with SHA-256 from the
game's seed and a counter kept in the state (ARCHITECTURE.md).
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    __slots__ = ("seed", "counter")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed
        self.counter = counter

    def _next64(self) -> int:
        digest = hashlib.sha256(f"{self.seed}:{self.counter}".encode()).digest()
        self.counter += 1
        return int.from_bytes(digest[:8], "big")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection so there is no modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self._next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]
