"""Black Angel's fixed names and numbers: colours, dice, counts, the six actions.

The rest of the component data lives beside this module, one kind of
component each: engine/components/tiles.py (Technology, Starting and Advanced
tiles), cards.py (Ravager and Mission cards), strips.py (the Space strips),
hal.py (solo: Hal's cards). The rulebook fixes counts and effect texts; the
printed contents of cards, tiles and strips are not public, so several tables
are *designed* (COMPONENTS.md, "Designed"). Each designed table says so in a
one-line comment, so that it can be swapped for the printed values without
touching rules code.
"""

from __future__ import annotations

from enum import StrEnum


class DieColour(StrEnum):
    ORANGE = "orange"
    GRAY = "gray"
    GREEN = "green"

    @property
    def letter(self) -> str:
        return _LETTERS[self]


_LETTERS: dict[str, str] = {"orange": "o", "gray": "y", "green": "g"}
COLOURS: tuple[DieColour, ...] = (DieColour.ORANGE, DieColour.GRAY, DieColour.GREEN)
COLOUR_INDEX: dict[DieColour, int] = {c: i for i, c in enumerate(COLOURS)}
COLOUR_BY_LETTER: dict[str, DieColour] = {c.letter: c for c in COLOURS}
COLOUR_BY_NAME: dict[str, DieColour] = {c.value: c for c in COLOURS}  # DieColour(name), faster


class PlayerColour(StrEnum):
    # designed: the rulebook does not name the four player colours; these avoid
    # the three die colours so a robot is never mistaken for a die.
    BLUE = "blue"
    RED = "red"
    YELLOW = "yellow"
    PURPLE = "purple"


PLAYER_COLOURS: tuple[PlayerColour, ...] = tuple(PlayerColour)

# Die faces: 0 is the star. Opposite faces differ by 2 (a debris flips a die).
DIE_FACES: tuple[int, ...] = (0, 1, 1, 2, 3, 3)
OPPOSITE_FACE: dict[int, int] = {0: 2, 2: 0, 1: 3, 3: 1}
DICE_PER_COLOUR: dict[int, int] = {1: 4, 2: 4, 3: 5, 4: 6}

ROBOTS_PER_PLAYER = 16
SETUP_BREAK_ROOM = 5
SETUP_SUPPLY = 8
STARTING_VP = 5
HAND_LIMIT = 6
MAX_DAMAGE = 2
MAX_RAVAGERS_PER_LOCATION = 3
RAVAGERS_REMOVED: dict[int, int] = {1: 12, 2: 12, 3: 6, 4: 0}
STRIPS_USED: dict[int, int] = {1: 5, 2: 5, 3: 7, 4: 7}
DISPLAY_SPACES = 8
DISPLAY_COST: tuple[int, ...] = (2, 2, 1, 1, 1, 1, 1, 1)  # designed (COMPONENTS.md 3)
ADVANCED_SLOTS = 4


class ActionKind(StrEnum):
    DISCOVER = "discover"
    COMMAND = "command"
    REPAIR = "repair"
    DESTROY = "destroy"


ACTION_NAMES: dict[ActionKind, str] = {
    ActionKind.DISCOVER: "Discover Technology",
    ActionKind.COMMAND: "Command Your Ships",
    ActionKind.REPAIR: "Repair the Black Angel",
    ActionKind.DESTROY: "Destroy Ravagers",
}
# An action by its name's first word ("Discover"), as buttons and the boost
# sides say it.
ACTION_WORDS: dict[ActionKind, str] = {k: name.split()[0] for k, name in ACTION_NAMES.items()}

# designed (COMPONENTS.md 1): the six actions, numbered clockwise.
ACTIONS: dict[int, tuple[ActionKind, DieColour]] = {
    1: (ActionKind.DISCOVER, DieColour.ORANGE),
    2: (ActionKind.COMMAND, DieColour.ORANGE),
    3: (ActionKind.REPAIR, DieColour.GRAY),
    4: (ActionKind.COMMAND, DieColour.GRAY),
    5: (ActionKind.DESTROY, DieColour.GREEN),
    6: (ActionKind.COMMAND, DieColour.GREEN),
}
LOCATIONS: tuple[int, ...] = tuple(ACTIONS)


def next_clockwise(location: int) -> int:
    return location % 6 + 1


# --------------------------------------------------------------------------- Player aids

# designed (COMPONENTS.md 11): advantage by turn-order position (0 = first player).
AID_RESOURCES: tuple[int, ...] = (0, 1, 1, 2)
AID_FREE_RESERVE: tuple[bool, ...] = (False, False, True, True)
