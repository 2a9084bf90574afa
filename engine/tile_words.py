"""A tile's effect in words: the log's and options' (EFFECT_TEXT, tile_text),
the image's and short labels' (EFFECT_SHORT), and what an Advanced Technology
tile scores (ADVANCED_TEXT, ADVANCED_WORDS)."""

from __future__ import annotations

from engine.components.tiles import TILES, AdvancedKind, TileEffect, TileKind

EFFECT_TEXT = {
    TileEffect.VP: "gain 1 VP",
    TileEffect.SHIP: "take 1 ship",
    TileEffect.RESOURCE: "take 1 resource",
    TileEffect.ROBOT: "take 1 robot",
    TileEffect.MOVE_SHIP: "move a ship up to 2 hexes",
    TileEffect.DEBRIS: "take 1 debris",
    TileEffect.MOVE_ROBOT: "move a robot break room <-> workstation",
    TileEffect.ACTIVATE_VERTICAL: "activate the tile above or below",
    TileEffect.ACTIVATE_HORIZONTAL: "activate the tile left or right",
    TileEffect.DRAW_MISSION: "draw 2 Mission cards, keep 1",
    TileEffect.START_SHIP: "take 1 ship OR move a ship up to 2 hexes",
    TileEffect.START_RESOURCE: "take 1 resource OR 1 debris",
    TileEffect.START_ROBOT: "take 1 robot OR move a robot break room <-> workstation",
}

# A tile's effect as the tile in the image shows it (renderer/labels.py), and
# as short option labels name it, so that a label reads like the picture.
EFFECT_SHORT: dict[TileEffect, str] = {
    TileEffect.VP: "+1 VP",
    TileEffect.SHIP: "+1 ship",
    TileEffect.RESOURCE: "+1 resource",
    TileEffect.ROBOT: "+1 robot",
    TileEffect.MOVE_SHIP: "move ship 2",
    TileEffect.DEBRIS: "+1 debris",
    TileEffect.MOVE_ROBOT: "move robot",
    TileEffect.ACTIVATE_VERTICAL: "activate ↕",
    TileEffect.ACTIVATE_HORIZONTAL: "activate ↔",
    TileEffect.DRAW_MISSION: "draw 2 Missions keep 1",
    TileEffect.START_SHIP: "+1 ship or move 2",
    TileEffect.START_RESOURCE: "+1 resource or +1 debris",
    TileEffect.START_ROBOT: "+1 robot or move robot",
}

# What an Advanced Technology tile scores at the end (COMPONENTS.md 7), short
# enough for the tile in the image (renderer/labels.py) and the same in words.
ADVANCED_TEXT: dict[AdvancedKind, str] = {
    AdvancedKind.TECH_ORANGE: "2 VP per orange tile",
    AdvancedKind.TECH_GRAY: "2 VP per gray tile",
    AdvancedKind.TECH_GREEN: "2 VP per green tile",
    AdvancedKind.EJECTED_TECH: "2 VP per ejected tile",
    AdvancedKind.DEBRIS: "2 VP per debris",
    AdvancedKind.RAVAGER_CARDS: "2 VP per Ravager card",
    AdvancedKind.ADVANCED_TECH: "2 VP per Advanced tile",
    AdvancedKind.CARDS_IN_SPACE: "2 VP per card in Space",
}


# The same in words (options, log), saying what counts as the rulebook does
# (appendix, Advanced Technology tiles): "2 VP per orange tile" read as if
# ejected orange tiles counted too. (Debris on tiles goes to storage at the
# end, so "per debris" needs no place.)
ADVANCED_WORDS: dict[AdvancedKind, str] = {
    AdvancedKind.TECH_ORANGE: "2 VP per orange tile in the grid",
    AdvancedKind.TECH_GRAY: "2 VP per gray tile in the grid",
    AdvancedKind.TECH_GREEN: "2 VP per green tile in the grid",
    AdvancedKind.EJECTED_TECH: "2 VP per ejected tile",
    AdvancedKind.DEBRIS: "2 VP per debris",
    AdvancedKind.RAVAGER_CARDS: "2 VP per Ravager card in hand",
    AdvancedKind.ADVANCED_TECH: "2 VP per Advanced tile, in the grid or ejected,",
    AdvancedKind.CARDS_IN_SPACE: "2 VP per card owned in Space",
}


def tile_text(tile: int | None) -> str:
    return "nothing" if tile is None else _TILE_TEXT[tile]


def _tile_text(t) -> str:
    if t.kind is TileKind.ADVANCED:
        return f"Advanced Technology ({ADVANCED_WORDS[t.advanced]} at the end)"
    if t.kind is TileKind.STARTING:
        return f"Starting tile ({EFFECT_TEXT[t.effect]})"
    return f"{t.colour} tile ({EFFECT_TEXT[t.effect]})"


_TILE_TEXT = tuple(_tile_text(t) for t in TILES)
