"""Colours and the signs that go with them.

Every game colour is paired with a sign so that nothing is told by colour
alone (orange, gray and green are nearly equally light: a colour-blind trap).
Player colours use capital letters (B, R, Y, P) on their pieces; die colours
use shapes, never letters (issue 25: gray dice printed "y" beside the Yellow
player's "Y"): orange ● circle, gray ■ square, green ▲ triangle, on the dice,
Technology tiles, Mission cards, alien hexes and the board's columns, whose
heads name them in words ("● ORANGE").
"""

from __future__ import annotations

RGB = tuple[int, int, int]

BACKGROUND: RGB = (18, 22, 34)
PANEL: RGB = (34, 40, 58)
PANEL_DARK: RGB = (26, 31, 46)
PANEL_LINE: RGB = (70, 80, 108)
TEXT: RGB = (240, 242, 248)
TEXT_DIM: RGB = (168, 176, 198)
TEXT_DARK: RGB = (16, 18, 24)
HIGHLIGHT: RGB = (255, 255, 255)
ALERT: RGB = (255, 90, 80)
DAMAGE_CUBE: RGB = (200, 30, 40)
EMPTY_SPACE: RGB = (52, 60, 84)
SPACE_BG: RGB = (10, 12, 24)
ASTEROID: RGB = (92, 80, 70)
ASTEROID_ROCK: RGB = (150, 132, 112)
RAVAGER_HEX: RGB = (96, 26, 36)
RAVAGER_ICON: RGB = (235, 60, 60)
SPES: RGB = (70, 170, 220)
BLACK_ANGEL: RGB = (8, 8, 10)
RESOURCE: RGB = (70, 190, 230)
DEBRIS: RGB = (236, 236, 242)  # light with a dark rim and X: shows on every tile colour
DECISION_MARK: RGB = (236, 40, 190)  # magenta numbered badges (marks.py): no piece has it
ADVANCED_TAG: RGB = (178, 128, 255)  # the "ADVANCED RULES" tag (advanced.py)

# Die / Mission / Technology colours, indexed like engine.components.COLOURS.
DIE_NAMES: tuple[str, ...] = ("orange", "gray", "green")
DIE_SYMBOLS: tuple[str, ...] = ("●", "■", "▲")
DIE_FILL: tuple[RGB, ...] = ((240, 130, 30), (150, 152, 160), (56, 168, 78))
DIE_DARK: tuple[RGB, ...] = ((120, 60, 10), (70, 72, 80), (20, 80, 34))
DIE_TEXT: tuple[RGB, ...] = (TEXT_DARK, TEXT_DARK, TEXT_DARK)

PLAYER_NAMES: dict[str, str] = {
    "blue": "Blue",
    "red": "Red",
    "yellow": "Yellow",
    "purple": "Purple",
}
PLAYER_LETTERS: dict[str, str] = {"blue": "B", "red": "R", "yellow": "Y", "purple": "P"}
PLAYER_FILL: dict[str, RGB] = {
    "blue": (40, 100, 235),
    "red": (225, 45, 45),
    "yellow": (245, 210, 30),
    "purple": (150, 70, 205),
}
PLAYER_TEXT: dict[str, RGB] = {
    "blue": TEXT,
    "red": TEXT,
    "yellow": TEXT_DARK,
    "purple": TEXT,
}
NEUTRAL_FILL: RGB = (225, 225, 225)
NEUTRAL_TEXT: RGB = TEXT_DARK
NEUTRAL_LETTER = "N"


def die_index(colour: str) -> int:
    """Index 0-2 of a die colour name ("orange", "gray", "green")."""
    return DIE_NAMES.index(colour)


def player_style(colour: str | None) -> tuple[RGB, RGB, str]:
    """(fill, text colour, letter) of a player colour; None is the neutral player."""
    if colour is None:
        return NEUTRAL_FILL, NEUTRAL_TEXT, NEUTRAL_LETTER
    return PLAYER_FILL[colour], PLAYER_TEXT[colour], PLAYER_LETTERS[colour]


def named_colours() -> list[RGB]:
    """Every colour this module names, once each: the PNG palette keeps them
    exactly (renderer.common.encode_png), however few pixels have them."""
    out: list[RGB] = []
    for value in list(globals().values()):
        values = value.values() if isinstance(value, dict) else [value]
        for v in values:
            items = v if isinstance(v, tuple) and v and isinstance(v[0], tuple) else [v]
            for c in items:
                if (
                    isinstance(c, tuple)
                    and len(c) == 3
                    and all(isinstance(x, int) for x in c)
                    and c not in out
                ):
                    out.append(c)
    return out
