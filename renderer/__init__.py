"""Board images for Black Angel: pure functions from an engine view to PNG bytes.

    render_board(public_view) -> bytes      the table (Space, Black Angel board, display)
    render_player(view, seat) -> bytes      one player board (the hand only in its own view)
    render_final(view) -> bytes             the final scoring

Each takes an optional ``names`` {seat: display name}. The renderer never
imports discord or storage; it reads only the view dict and the engine's
static component data (engine.components, engine.space).
"""

from renderer.board import render_board
from renderer.final import render_final
from renderer.player import render_player

__all__ = ["render_board", "render_final", "render_player"]
