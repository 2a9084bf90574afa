"""Board images for Black Angel: pure functions from an engine view to PNG bytes.

    render_board(public_view) -> bytes      the table (Black Angel board, Space, display)
    render_player(view, seat) -> bytes      one player board (the hand only in its own view)
    render_final(view) -> bytes             the final scoring

The renderer never imports discord or storage; it reads only the view dict and
the engine's static component data (engine.components, engine.space).
"""

from renderer.board import render_board

__all__ = ["render_board"]
