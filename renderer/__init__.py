"""Board images for Black Angel: pure functions from an engine view to PNG bytes.

    render_board(public_view) -> bytes      the table (Space, Black Angel board, display)
    render_player(view, seat) -> bytes      one player board (the hand only in its own view)
    render_final(view) -> bytes             the final scoring

Each takes an optional ``names`` {seat: display name}. The table and player
board also take ``decision=``: the decision listed beside the image, whose
options' places carry their numbers; ``render_board_marked`` /
``render_player_marked`` return the PNG with the numbers drawn and where, and
``images_for(decision)`` says which images carry them (renderer/decision.py),
and ``decision_images(view, decision, names)`` makes exactly those
(renderer/decision_images.py).
The renderer never imports discord or storage; it reads only the view dict, the
engine's static component data (engine.components, engine.space, the grid's
cell names in engine.ops) and the engine's words for them (engine.tile_words,
engine.boosts, engine.decision, engine.words), so the images say what the
options say.
"""

from renderer.board import render_board, render_board_marked
from renderer.decision import Rendered, images_for
from renderer.decision_images import decision_images
from renderer.final import render_final
from renderer.player import render_player, render_player_marked

__all__ = [
    "Rendered",
    "decision_images",
    "images_for",
    "render_board",
    "render_board_marked",
    "render_final",
    "render_player",
    "render_player_marked",
]
