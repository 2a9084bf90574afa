"""A set of things gained or spent (a reward, a card's cost and gain), and its words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Bundle:
    """A set of things gained or spent. Technology, Mission and Ravager cards
    are chosen by the player when spent."""

    vp: int = 0
    ships: int = 0
    resources: int = 0
    robots: int = 0
    debris: int = 0
    tech: int = 0
    missions: int = 0
    ravagers: int = 0

    def counts(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in self.__slots__ if getattr(self, k)}


_NAMES = {
    "vp": ("VP", "VP"),
    "ships": ("ship", "ships"),
    "resources": ("resource", "resources"),
    "robots": ("robot", "robots"),
    "debris": ("debris", "debris"),
    "tech": ("technology", "technologies"),
    "missions": ("Mission card", "Mission cards"),
    "ravagers": ("Ravager card", "Ravager cards"),
}


def bundle_text(b: Bundle) -> str:
    return " and ".join(f"{n} {_NAMES[k][n != 1]}" for k, n in b.counts().items()) or "nothing"
