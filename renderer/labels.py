"""Short texts for components, sized for a tile or a card on a phone screen.

The engine's component data is the single source; this module only turns it
into words that fit in a 100-pixel tile.
"""

from __future__ import annotations

from engine.boosts import boost_short
from engine.components import ACTION_NAMES, ACTIONS, next_clockwise
from engine.components.cards import MISSION_CARDS, RAVAGER_CARDS, MissionKind, RavagerEffect, Reward
from engine.components.tiles import TILES, TileKind
from engine.tile_words import ADVANCED_TEXT, EFFECT_SHORT

TILE_TEXT = EFFECT_SHORT  # the engine's short labels are the image's words

REWARD_TEXT: dict[Reward, str] = {
    Reward.VP: "2 VP",
    Reward.ROBOT: "robot",
    Reward.RESOURCE: "resource",
    Reward.SHIP: "ship",
}


def action_name(number: int) -> str:
    """Full printed name of action 1-6, e.g. "Repair the Black Angel"."""
    return ACTION_NAMES[ACTIONS[number][0]]


def tile_text(tile_id: int, boost: bool = False) -> str:
    """The effect of a tile on the side shown."""
    tile = TILES[tile_id]
    if tile.kind is TileKind.ADVANCED:
        assert tile.advanced is not None
        return ADVANCED_TEXT[tile.advanced]
    if boost and tile.boost is not None:
        # The buttons' table (engine/boosts.py): the die colour in words, as a
        # letter would read as a player ('y', Yellow; issue 25).
        return boost_short(tile_id)
    assert tile.effect is not None
    return TILE_TEXT[tile.effect]


def ravager_text(card_id: int) -> str:
    """Permanent effect of a Ravager card, short."""
    card = RAVAGER_CARDS[card_id]
    match card.effect:
        case RavagerEffect.DAMAGE_NEXT_ACTION:
            return f"damage action {next_clockwise(card.location)}"
        case RavagerEffect.DAMAGE_DIE:
            assert card.die_colour is not None
            return f"damage 1 {card.die_colour.value} die"
        case RavagerEffect.DISCARD_MISSION:
            return "discard a Mission"
        case RavagerEffect.DISCARD_RAVAGER:
            return "discard a Ravager"
        case RavagerEffect.ROBOT_ON_CARD:
            return "robot on this card"
    return card.effect.value


def mission_kind_short(card_id: int) -> str:
    """ "ACT" or "NEU": activation or neutralization (also told by a symbol)."""
    return "ACT" if MISSION_CARDS[card_id].kind is MissionKind.ACTIVATION else "NEU"


def mission_text(card_id: int) -> str:
    return MISSION_CARDS[card_id].text


def mission_colour_index(card_id: int) -> int:
    from renderer.palette import die_index

    return die_index(MISSION_CARDS[card_id].colour.value)
