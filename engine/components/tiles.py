"""The Technology tiles (two-sided in the advanced game), the Starting tiles and
the Advanced Technology tiles."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.components import COLOURS, PLAYER_COLOURS, ActionKind, DieColour


class TileEffect(StrEnum):
    VP = "vp"
    SHIP = "ship"
    RESOURCE = "resource"
    ROBOT = "robot"
    MOVE_SHIP = "move_ship"
    DEBRIS = "debris"
    MOVE_ROBOT = "move_robot"
    ACTIVATE_VERTICAL = "activate_vertical"
    ACTIVATE_HORIZONTAL = "activate_horizontal"
    DRAW_MISSION = "draw_mission"
    # Starting Technology tiles: one "OR" effect each.
    START_SHIP = "start_ship"
    START_RESOURCE = "start_resource"
    START_ROBOT = "start_robot"


ACTIVATE_ADJACENT = frozenset({TileEffect.ACTIVATE_VERTICAL, TileEffect.ACTIVATE_HORIZONTAL})


class BoostEffect(StrEnum):
    VP_ON_ACTION = "vp_on_action"
    DIE_TO_THREE = "die_to_three"
    CHANGE_COLOUR = "change_colour"
    FREE_RESERVE = "free_reserve"


class AdvancedKind(StrEnum):
    TECH_ORANGE = "tech_orange"
    TECH_GRAY = "tech_gray"
    TECH_GREEN = "tech_green"
    EJECTED_TECH = "ejected_tech"
    DEBRIS = "debris"
    RAVAGER_CARDS = "ravager_cards"
    ADVANCED_TECH = "advanced_tech"
    CARDS_IN_SPACE = "cards_in_space"


class TileKind(StrEnum):
    TECHNOLOGY = "technology"
    STARTING = "starting"
    ADVANCED = "advanced"


@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    kind: TileKind
    colour: DieColour | None = None  # None for Starting (player colour) and Advanced tiles
    effect: TileEffect | None = None
    boost: BoostEffect | None = None
    boost_colour: DieColour | None = None
    boost_action: ActionKind | None = None
    advanced: AdvancedKind | None = None


# designed (COMPONENTS.md 6): the standard effects of each colour's 16 tiles.
TECH_EFFECTS_PER_COLOUR: tuple[TileEffect, ...] = (
    (TileEffect.VP,) * 4
    + (
        TileEffect.SHIP,
        TileEffect.RESOURCE,
        TileEffect.ROBOT,
        TileEffect.MOVE_SHIP,
        TileEffect.DEBRIS,
        TileEffect.MOVE_ROBOT,
    )
    + (TileEffect.ACTIVATE_VERTICAL,) * 2
    + (TileEffect.ACTIVATE_HORIZONTAL,) * 2
    + (TileEffect.DRAW_MISSION,) * 2
)
# designed (COMPONENTS.md 6): the boost side paired with each standard side, same order.
BOOST_SIDES_PER_COLOUR: tuple[tuple[BoostEffect, ActionKind | None], ...] = (
    (BoostEffect.VP_ON_ACTION, ActionKind.DISCOVER),
    (BoostEffect.VP_ON_ACTION, ActionKind.REPAIR),
    (BoostEffect.VP_ON_ACTION, ActionKind.DESTROY),
    (BoostEffect.VP_ON_ACTION, ActionKind.COMMAND),
    *((BoostEffect.DIE_TO_THREE, None),) * 4,
    *((BoostEffect.CHANGE_COLOUR, None),) * 4,
    *((BoostEffect.FREE_RESERVE, None),) * 4,
)


def _tiles() -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    coloured_boosts: dict[BoostEffect, int] = {}
    for colour in COLOURS:
        for effect, (boost, action) in zip(
            TECH_EFFECTS_PER_COLOUR, BOOST_SIDES_PER_COLOUR, strict=True
        ):
            boost_colour = None
            if action is None:
                # designed: the indicated colour cycles so each boost kind names
                # every colour equally often.
                k = coloured_boosts.get(boost, 0)
                boost_colour = COLOURS[k % 3]
                coloured_boosts[boost] = k + 1
            tiles.append(
                Tile(len(tiles), TileKind.TECHNOLOGY, colour, effect, boost, boost_colour, action)
            )
    for _ in PLAYER_COLOURS:
        for effect in (TileEffect.START_SHIP, TileEffect.START_RESOURCE, TileEffect.START_ROBOT):
            tiles.append(Tile(len(tiles), TileKind.STARTING, None, effect))
    # designed (COMPONENTS.md 7): the 8 Advanced Technology types, 2 copies each.
    for kind in AdvancedKind:
        for _ in range(2):
            tiles.append(Tile(len(tiles), TileKind.ADVANCED, advanced=kind))
    return tuple(tiles)


TILES: tuple[Tile, ...] = _tiles()
TECH_TILE_IDS: dict[DieColour, tuple[int, ...]] = {
    c: tuple(t.id for t in TILES if t.kind is TileKind.TECHNOLOGY and t.colour is c)
    for c in COLOURS
}
ADVANCED_TILE_IDS: tuple[int, ...] = tuple(t.id for t in TILES if t.kind is TileKind.ADVANCED)


def starting_tile_ids(player_index: int) -> tuple[int, int, int]:
    """The 3 Starting Technology tiles of the player colour with this index."""
    first = 48 + 3 * player_index
    return (first, first + 1, first + 2)


ADVANCED_TECH_COLOUR: dict[AdvancedKind, DieColour] = {
    AdvancedKind.TECH_ORANGE: DieColour.ORANGE,
    AdvancedKind.TECH_GRAY: DieColour.GRAY,
    AdvancedKind.TECH_GREEN: DieColour.GREEN,
}
