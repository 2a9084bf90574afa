"""How long the search may think: iterations, and/or seconds on an injected clock.

The package never reads a clock itself: a time budget carries the caller's
clock (e.g. ``time.perf_counter``). An iteration budget alone is
deterministic, which is what tests and the arena's reproducible runs use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

DEFAULT_SECONDS = 1.0
# Without a clock: about one second's worth of play-outs on the 2-core dev machine.
DEFAULT_ITERATIONS = 500


@dataclass(frozen=True, slots=True)
class Budget:
    iterations: int | None = None  # stop after this many play-outs
    seconds: float | None = None  # stop after this long on `clock`
    clock: Callable[[], float] | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations, seconds, or both")
        if self.seconds is not None and self.clock is None:
            raise ValueError("a time budget needs the caller's clock")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("iterations must be at least 1")

    @classmethod
    def timed(cls, clock: Callable[[], float], seconds: float = DEFAULT_SECONDS) -> Budget:
        return cls(seconds=seconds, clock=clock)

    def stopper(self) -> Callable[[int], bool]:
        """A function of the iterations done so far: True once the budget is spent."""
        deadline = None
        if self.seconds is not None:
            assert self.clock is not None
            deadline = self.clock() + self.seconds
        clock, limit = self.clock, self.iterations

        def spent(done: int) -> bool:
            if limit is not None and done >= limit:
                return True
            return deadline is not None and clock is not None and clock() >= deadline

        return spent
