"""`scoring.advanced_vp`, the bots' shortcut, adds up exactly what
`score_advanced` (R12) lists, for any mix of Advanced tiles, slots, tucked
cards and elements."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, GameOptions
from engine.components.tiles import ADVANCED_TILE_IDS, TILES, TileKind
from engine.scoring import advanced_vp, score_advanced

TECH = [t.id for t in TILES if t.kind is TileKind.TECHNOLOGY]
GRID_TILE = st.one_of(st.none(), st.sampled_from(ADVANCED_TILE_IDS), st.sampled_from(TECH))
BASE = Game.new(GameOptions(players=2, advanced=True), seed=3, keep_choice_text=False)


@settings(max_examples=300, deadline=None)
@given(
    grid=st.lists(GRID_TILE, min_size=9, max_size=9),
    slots=st.lists(
        st.one_of(st.none(), st.sampled_from(ADVANCED_TILE_IDS)), min_size=3, max_size=3
    ),
    tucked=st.lists(st.integers(0, 3), min_size=3, max_size=3),
    overflow=st.lists(st.sampled_from(ADVANCED_TILE_IDS), max_size=2),
    debris=st.integers(0, 6),
    ravagers=st.integers(0, 4),
    ejected=st.integers(0, 5),
)
def test_advanced_vp_is_the_sum_of_the_parts(
    grid, slots, tucked, overflow, debris, ravagers, ejected
):
    g = BASE.copy()
    p = g.state.players[0]
    p.grid = grid
    p.advanced_slots = slots
    p.tucked = [list(range(n)) for n in tucked]
    p.advanced_overflow = overflow
    p.debris = debris
    p.ravagers = list(range(ravagers))
    p.ejected = TECH[:ejected]
    parts = score_advanced(g.state, p)
    assert advanced_vp(g.state, p) == sum(a["vp"] for a in parts)
    if any(t in ADVANCED_TILE_IDS for t in grid + slots + overflow if t is not None):
        assert parts  # the shortcut's early 0 is only for a player without one
