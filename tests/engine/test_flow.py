"""The decision machine asks only real questions."""

from engine import Action
from engine.components.tiles import TileEffect
from tests.engine.helpers import fresh


def test_a_lone_tile_choice_is_taken_for_the_player():
    g = fresh(3, 2)
    p = g.state.players[0]
    start_ship = next(
        c
        for c in (0, 4, 8)
        if p.grid[c] is not None and _effect(p.grid[c]) is TileEffect.START_SHIP
    )
    row = f"row{start_ship // 3 + 1}"
    card = p.ravagers[0]
    g.apply(Action(0, f"play:r{card}"))
    g.apply(Action(0, f"slot:{row}"))
    ships = p.ships
    cell = "ABC"[start_ship % 3] + str(start_ship // 3 + 1)
    events = g.apply(Action(0, f"tile:{cell}"))
    # No ship in Space to move: "take 1 ship" is the only choice, so no question is asked.
    assert p.ships == ships + 1
    assert any(e.text == "Blue gains 1 ship (tile " + cell + ")." for e in events)
    assert g.decision.kind in ("turn", "activate")


def _effect(tile: int) -> TileEffect:
    from engine.components.tiles import TILES

    return TILES[tile].effect
