"""An action with nothing to do says what still follows: in a hand-played
advanced game Red's green 2 read "Action 5 Destroy Ravagers: 2 activations;
no action it can clear of Ravagers: only the card draw follows", and then
C3's boost paid her 2 VP for performing Destroy."""

from __future__ import annotations

from engine import Game, GameOptions
from engine.components import ActionKind
from engine.components.tiles import TILES, BoostEffect
from engine.describe import action_text

SEAT = 0
DESTROY = 5  # action 5: Destroy Ravagers (green)


def _no_ravager_anywhere() -> Game:
    g = Game.new(GameOptions(players=3, advanced=True), 7)
    b = g.state.board
    for stack in b.ravagers:
        b.ravager_discard += [r.card for r in stack]
        stack.clear()
    return g


def test_an_idle_destroy_names_the_boost_that_still_pays():
    g = _no_ravager_anywhere()
    tile = next(
        t.id
        for t in TILES
        if t.boost is BoostEffect.VP_ON_ACTION and t.boost_action is ActionKind.DESTROY
    )
    p = g.state.players[SEAT]
    p.grid[8], p.grid_boost[8] = tile, True  # C3, boost side up
    assert action_text(g, SEAT, DESTROY, 2, 2) == (
        "Action 5 Destroy Ravagers: 2 activations; no action it can clear of Ravagers: only"
        " C3's 2 VP boost and the card draw follow"
    )
    p.grid_boost[8] = False  # flipped: no boost, the words as before
    assert action_text(g, SEAT, DESTROY, 2, 2) == (
        "Action 5 Destroy Ravagers: 2 activations; no action it can clear of Ravagers: only"
        " the card draw follows"
    )
