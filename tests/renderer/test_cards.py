"""Tile sprites: every tile's words fit whole inside it, at every size the
images draw it, clear of its colour badge and of its border."""

from __future__ import annotations

from collections.abc import Callable

from engine.components.tiles import TILES, Tile, TileKind
from renderer import advanced as ADV
from renderer import layout as L
from renderer.cards import BADGE_INSET, colour_badge, tile_words, tile_words_box

# (w, h, which tiles are drawn there, both sides?) for each place a tile is drawn.
SIZES: tuple[tuple[int, int, Callable[[Tile], bool], bool], ...] = (
    (L.CELL, L.CELL, lambda t: True, True),  # a player's grid
    (L.DISPLAY_TILE, L.DISPLAY_TILE, lambda t: t.kind is TileKind.TECHNOLOGY, True),  # display
    (L.ADVANCED_W, L.ADVANCED_H, lambda t: t.kind is TileKind.ADVANCED, False),  # table's slots
    (L.SIDE_W - 16, L.P_ADV_TILE_H, lambda t: t.kind is TileKind.ADVANCED, False),  # a player's
    (L.STACK_TILE, L.STACK_TILE, lambda t: t.kind is TileKind.TECHNOLOGY, False),  # stacks' tops
    (ADV.TILE, ADV.TILE, lambda t: t.boost is not None, True),  # a grid tile's other side
    (L.EJECT_TILE, L.EJECT_TILE, lambda t: True, False),  # ejected tiles
)


def test_every_tiles_words_fit_whole_clear_of_the_badge_and_the_border() -> None:
    # Ejected tiles (64 px) cut '+1 resource or +1 debris' to 'or +1…' under a
    # cramped badge, and words with a descender ('keep 1', 'gray') sat on the
    # border of the display's and the stacks' tiles.
    checked = 0
    for w, h, drawn_there, both_sides in SIZES:
        badge = colour_badge(w, h)
        for t in TILES:
            if not drawn_there(t):
                continue
            for boost in (False, True) if both_sides and t.boost is not None else (False,):
                lines, _, _ = tile_words(t.id, w, h, boost)
                x0, y0, x1, y1 = tile_words_box(t.id, w, h, boost)
                where = (w, h, t.id, boost, lines)
                assert not lines[-1].endswith("…"), where
                assert y0 >= BADGE_INSET + badge and y1 <= h - 4, where
                assert x0 >= 4 and x1 <= w - 4, where
                checked += 1
    assert checked > 300
