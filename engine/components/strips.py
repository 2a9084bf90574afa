"""The Space strips: the hexes printed on each side, and the Spes tile."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.components import COLOUR_BY_LETTER, DieColour


class HexKind(StrEnum):
    ALIEN = "alien"
    ASTEROID = "asteroid"
    RAVAGER_SHIP = "ravager_ship"
    SPES = "spes"


@dataclass(frozen=True, slots=True)
class HexSpec:
    kind: HexKind
    colour: DieColour | None = None
    icons: int = 0  # Ravager Ship icons (on an alien hex: in its card space)
    comet: bool = False


HEX_LETTERS = "ABCDE"  # A, B: one wing; C: the middle (nearest the board); D, E: the other wing
MIDDLE = 2
SPES_HEX = HexSpec(HexKind.SPES)

# designed (COMPONENTS.md 9): the 14 strip sides, positions A-E.
# o/y/g = orange/gray/green alien hex, "*" comet, "^" one Ravager icon in its
# card space; a = asteroid field; r1/r2 = Ravager-ship hex with 1 or 2 icons.
STRIP_SIDES_TEXT: dict[int, tuple[str, str]] = {
    1: ("o* a y^ r1 g", "g y* o^ a r2"),
    2: ("r2 y g* a o^", "a o^ y r1 g*"),
    3: ("y^ g a o* r1", "o r2 g* y^ a"),
    4: ("a g^ o y* r2", "r1 o* y g^ a"),
    5: ("g* r1 y^ o a", "y^ a o* g r2"),
    6: ("o o* a r2 y^", "a y g^ g* r1"),
    7: ("r1 y^ g o* a", "o* a y g^ r2"),
}


def _parse_hex(token: str) -> HexSpec:
    if token == "a":
        return HexSpec(HexKind.ASTEROID)
    if token.startswith("r"):
        return HexSpec(HexKind.RAVAGER_SHIP, icons=int(token[1]))
    colour = COLOUR_BY_LETTER[token[0]]
    return HexSpec(HexKind.ALIEN, colour, icons=token.count("^"), comet="*" in token)


STRIP_SIDES: dict[tuple[int, int], tuple[HexSpec, ...]] = {
    (number, side): tuple(_parse_hex(t) for t in text.split())
    for number, sides in STRIP_SIDES_TEXT.items()
    for side, text in enumerate(sides)
}
