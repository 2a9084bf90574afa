"""What the cards in hand would make on the grid (ai/grid.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.grid import activation_vp, card_play_potential, line_vp
from engine import Game, GameOptions
from engine.components import DieColour
from engine.components.cards import MISSION_IDS
from engine.components.tiles import TILES, TileEffect, TileKind
from engine.state import PlayedCard

ORANGE, GRAY = DieColour.ORANGE, DieColour.GRAY


def tile(colour: DieColour, effect: TileEffect) -> int:
    return next(
        t.id
        for t in TILES
        if t.kind is TileKind.TECHNOLOGY and t.colour is colour and t.effect is effect
    )


def empty_board() -> Game:
    """A solo game whose player has an empty grid, an empty hand and free slots."""
    g = Game.new(GameOptions(players=1, difficulty="easy"), 3)
    p = g.state.players[0]
    p.grid = [None] * 9
    p.grid_boost = [False] * 9
    p.missions, p.ravagers = [], []
    return g


def test_a_ravager_card_reaches_every_tile_of_its_line_a_mission_card_its_colour():
    g = empty_board()
    p = g.state.players[0]
    p.grid[0] = tile(ORANGE, TileEffect.VP)  # A1, row 1 / column A
    p.grid[1] = tile(GRAY, TileEffect.VP)  # B1
    p.grid[2] = tile(ORANGE, TileEffect.RESOURCE)  # C1
    assert line_vp(p, 0, None) == 1.0 + 1.0 + 0.25  # row 1, a Ravager card
    assert line_vp(p, 0, ORANGE) == 1.0 + 0.25
    assert line_vp(p, 0, GRAY) == 1.0
    assert line_vp(p, 3, None) == 1.0  # column A holds only A1
    assert line_vp(p, 1, None) == 0.0  # row 2 is empty


def test_a_tile_boost_side_up_is_left_out_and_an_activator_is_worth_its_best_neighbour():
    g = empty_board()
    p = g.state.players[0]
    p.grid[3] = tile(ORANGE, TileEffect.VP)  # A2
    p.grid[4] = tile(ORANGE, TileEffect.ACTIVATE_HORIZONTAL)  # B2
    p.grid[5] = tile(ORANGE, TileEffect.SHIP)  # C2
    assert activation_vp(p, 4) == 1.0  # activates A2 (1 VP) rather than C2 (a ship)
    assert line_vp(p, 1, ORANGE) == 1.0 + 1.0 + 0.3
    p.grid_boost[3] = True
    assert activation_vp(p, 4) == 0.3  # A2 cannot be activated without its 1x
    assert line_vp(p, 1, ORANGE) == 0.3 + 0.3


def test_the_potential_is_the_best_free_slots_for_the_cards_held():
    g = empty_board()
    p = g.state.players[0]
    for cell in (0, 1, 2):  # row 1: three orange VP tiles
        p.grid[cell] = tile(ORANGE, TileEffect.VP)
    assert card_play_potential(g, 0) == 0.0  # no card in hand
    p.ravagers = [0]
    assert card_play_potential(g, 0) == 3.0  # row 1
    p.missions = [MISSION_IDS[GRAY][0]]
    assert card_play_potential(g, 0) == 3.0  # a gray card reaches nothing here
    p.missions = [MISSION_IDS[ORANGE][0]]
    assert card_play_potential(g, 0) == 3.0 + 1.0  # the orange card in a column
    p.slots[0] = PlayedCard("ravager", 1)  # row 1's slot is taken
    assert card_play_potential(g, 0) == 1.0 + 1.0  # two columns, one VP each
    assert card_play_potential(g, 0, plays=1) == 1.0


@settings(max_examples=60, deadline=None)
@given(
    cells=st.lists(st.sampled_from([None, *range(len(TILES))]), min_size=9, max_size=9),
    ravagers=st.integers(0, 3),
    missions=st.lists(st.sampled_from(MISSION_IDS[ORANGE] + MISSION_IDS[GRAY]), max_size=4),
)
def test_more_cards_in_hand_never_make_less(cells, ravagers, missions):
    g = empty_board()
    p = g.state.players[0]
    p.grid = list(cells)
    p.missions = list(missions)
    p.ravagers = list(range(ravagers))
    before = card_play_potential(g, 0)
    assert 0.0 <= before <= 2 * 3 * 1.0  # two plays, three tiles, 1 VP each at most
    p.ravagers.append(29)
    assert card_play_potential(g, 0) >= before
