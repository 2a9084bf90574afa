"""Setup, rulebook steps 1-15, for 2, 3 and 4 players (and R16)."""

from collections import Counter

import pytest

from engine import Action, Game, GameOptions
from engine.components import DieColour
from engine.components.cards import MISSION_CARDS, RAVAGER_CARDS
from engine.components.tiles import ADVANCED_TILE_IDS, TILES, TileKind, starting_tile_ids
from engine.invariants import violations

COLOURS = list(DieColour)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_setup(players, seed):
    g = Game.new(GameOptions(players=players), seed)
    s = g.state
    b = s.board
    assert violations(g) == []
    dice_per_colour = {2: 4, 3: 5, 4: 6}[players]
    in_compartments = players + (1 if players == 2 else 0)  # one die per colour each (+ neutral)
    assert b.supply == [dice_per_colour - in_compartments] * 3
    assert b.supply_damaged == [0, 0, 0]
    # Strips: 7 (5 with 2 players), distinct, Spes token on the farthest.
    assert len(b.strips) == (5 if players == 2 else 7)
    assert len({st.number for st in b.strips}) == len(b.strips)
    assert b.spes_token == b.strips[-1].number
    assert not any(st.spes_tile for st in b.strips)
    # Display: one tile of each colour on spaces 1-3, the rest empty.
    first = b.display[:3]
    assert sorted(TILES[t].colour.value for t in first) == ["gray", "green", "orange"]
    assert b.display[3:] == [None] * 5
    assert [len(st) for st in b.tech_stacks] == [15, 15, 15]
    # Four Advanced Technology slots from a deck of 16.
    assert all(t in ADVANCED_TILE_IDS for t in b.advanced_slots)
    assert len(b.advanced_deck) == 12
    # Ravagers: removed by player count, two opening Ravagers with their damage.
    removed = {2: 12, 3: 6, 4: 0}[players]
    on_board = [r.card for stack in b.ravagers for r in stack]
    assert len(on_board) == 2
    for loc in range(1, 7):
        here = [c for c in on_board if RAVAGER_CARDS[c].location == loc]
        assert b.damage[loc - 1] == len(here)
    hands = sum(len(p.ravagers) for p in s.players)
    assert len(b.ravager_deck) == 30 - removed - 2 - hands
    for p in s.players:
        assert p.vp == 5
        assert (p.break_room, p.workstations, p.robots_supply) == (5, [1, 1, 1], 8)
        assert sorted(t for t in p.grid if t is not None) == sorted(starting_tile_ids(p.seat))
        assert [i for i, t in enumerate(p.grid) if t is not None] == [0, 4, 8]
        assert sorted(MISSION_CARDS[m].colour.value for m in p.missions) == [
            "gray",
            "green",
            "orange",
        ]
        assert len(p.ravagers) == 1
        assert (p.debris, p.ships) == (1, 1)
        assert p.resources == 1 + (0, 1, 1, 2)[p.seat]  # player aids
        assert sorted(d.colour.value for d in p.standard) == ["gray", "green", "orange"]
        assert p.secure == []
    assert all(
        TILES[t].kind is TileKind.STARTING for p in s.players for t in p.grid if t is not None
    )
    if players == 2:
        assert s.neutral is not None and s.neutral.workstations == [True, True, True]
        assert Counter(d.colour for d in s.neutral.dice) == {c: 1 for c in COLOURS}
    else:
        assert s.neutral is None


def test_players_three_and_four_may_reserve_a_die_for_free_before_the_first_turn():
    g = Game.new(GameOptions(players=4), 9)
    assert (g.decision.kind, g.decision.seat) == ("reserve", 2)
    code = g.state.players[2].standard[0].code
    g.apply(Action(2, f"reserve:{code}"))
    p2 = g.state.players[2]
    assert [d.code for d in p2.secure] == [code] and p2.resources == 2  # free: nothing paid
    assert (g.decision.kind, g.decision.seat) == ("reserve", 3)
    g.apply(Action(3, "none"))
    assert (g.decision.kind, g.decision.seat) == ("turn", 0)
    # A reserved die cannot be bought.
    assert not any(
        o.id.startswith(f"buy:2:{code}") for o in g.decision.options if o.id.endswith(code)
    )


def test_setup_is_deterministic_per_seed():
    a = Game.new(GameOptions(players=3), 77).to_json()
    b = Game.new(GameOptions(players=3), 77).to_json()
    c = Game.new(GameOptions(players=3), 78).to_json()
    assert a == b and a != c


def test_lobby_colours_are_honoured_with_their_own_starting_tiles():
    g = Game.new(GameOptions(players=3, colours=["purple", "blue", "yellow"]), 4)
    colours = [p.colour.value for p in g.state.players]
    assert colours == ["purple", "blue", "yellow"]
    purple = starting_tile_ids(3)  # purple is the 4th player colour
    assert sorted(t for t in g.state.players[0].grid if t is not None) == sorted(purple)
    assert g.name(0) == "Purple"
    assert violations(g) == []


def test_solo_hal_takes_a_colour_the_player_does_not_use():
    g = Game.new(GameOptions(players=1, colours=["red"]), 4)
    assert g.state.players[0].colour.value == "red"
    assert g.state.hal.colour.value == "blue"
    assert g.name(1) == "Hal"


@pytest.mark.parametrize(
    "colours", [["blue", "blue"], ["blue"], ["blue", "green"], ["red", "blue", "yellow"]]
)
def test_bad_colour_choices_are_refused(colours):
    from engine import InvalidOptionsError

    with pytest.raises(InvalidOptionsError):
        Game.new(GameOptions(players=2, colours=colours), 1)
