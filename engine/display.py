"""The Technology tile display (R7): tiles entering it push the run along."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import COLOUR_INDEX, DISPLAY_SPACES, DieColour

if TYPE_CHECKING:
    from engine.game import Game

# --------------------------------------------------------------------------- display


def inject_display(g: Game, tile: int) -> None:
    """A new tile enters display space 1 and pushes the adjacent run on (R7)."""
    display = g.state.board.display
    carry: int | None = tile
    for i in range(DISPLAY_SPACES):
        carry, display[i] = display[i], carry
        if carry is None:
            break
    if carry is not None:
        g.state.board.tech_discard.append(carry)
        g.log(
            "tile_discarded",
            f"A tile is pushed out of the display and discarded: {_display_side(g, carry)}.",
            tile=carry,
        )


def _display_side(g: Game, tile: int) -> str:
    """A display tile by the side it shows, as the Discover log names it:
    'gray tile (gain 1 VP)' (face up: public)."""
    from engine.describe import enters_boost_side_up, tile_side_text

    return tile_side_text(tile, enters_boost_side_up(g, tile))


def tiles_appear(g: Game, colours: tuple[DieColour, ...]) -> None:
    stacks = g.state.board.tech_stacks
    for colour in colours:
        stack = stacks[COLOUR_INDEX[colour]]
        if stack:
            tile = stack.pop()
            inject_display(g, tile)
            g.log(
                "tile_appears",
                f"A new tile enters the display: {_display_side(g, tile)}.",
                tile=tile,
            )
