"""Solo play against Hal (rulebook "Variant – Playing Solitaire", R17).

Scenario tests build a plain solo table (no damage, no Ravagers on the board,
an empty display, empty hands and storage, every die in the supply, Hal's
deck in a chosen order), let Hal play (engine.hal.hal_turn, or the machine
after a player's turn) and check the exact state, VP and events. Then seeded
random solo games at every difficulty, and the simulate command.

Hal's cards (engine.components.hal.HAL_CARDS, designed) used below:
  0 top orange Discover / bottom gray Command, Advanced first, counter-clockwise
  1 top orange Command / bottom green Destroy, Technology only, clockwise
  2 top gray Repair / bottom green Command, Advanced first, clockwise
  3 top gray Command / bottom orange Discover, Technology only, counter-clockwise
  4 top green Destroy / bottom orange Command, Advanced first, clockwise
  5 top green Command / bottom gray Repair, Technology only, clockwise
  6 top orange Discover / bottom gray Repair, Advanced first, counter-clockwise
Weights on their backs (ship, resource, robot, debris, Ravager, tech, advanced):
  0 (1,1,2,2,2,1,3)  1 (2,1,1,1,1,1,2)  2 (1,2,2,1,1,1,3)  3 (2,2,1,2,1,2,2)
  4 (1,1,2,1,2,2,3)  5 (2,1,1,1,1,2,2)  6 (1,2,2,2,1,1,3)
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine import Game, GameOptions, replay
from engine import simulate as sim
from engine.components import (
    COLOUR_INDEX,
    DICE_PER_COLOUR,
    RAVAGERS_REMOVED,
    STARTING_VP,
    DieColour,
)
from engine.components.cards import RAVAGER_CARDS
from engine.components.hal import HAL_CARDS, HAL_SEAT
from engine.components.tiles import ADVANCED_TILE_IDS
from engine.describe import boost_side_text
from engine.errors import InvalidOptionsError
from engine.hal import hal_turn
from engine.invariants import check
from engine.state import PlacedMission, RavagerOnBoard, Strip, to_json
from engine.tile_words import tile_text
from tests.engine.helpers import choose, dice, ids, refresh
from tests.engine.scenario import (
    damage_supply_die,
    kinds,
    place_card,
    pull_mission,
    pull_ravager,
    pull_tile,
    put_ship,
    ravager_deck_top,
    set_advanced_slots,
    stack_top,
)

O, Y, G = DieColour.ORANGE, DieColour.GRAY, DieColour.GREEN  # noqa: E741

# The solo Space board (5 strips), hex by hex (o/y/g alien hex, * comet,
# ^ one Ravager icon, a asteroid field, r1/r2 Ravager-ship hex):
#   strip 1 (6, side 0): 1A o   1B o*  1C a   1D r2  1E y^
#   strip 2 (1, side 0): 2A o*  2B a   2C y^  2D r1  2E g
#   strip 3 (3, side 0): 3A y^  3B g   3C a   3D o*  3E r1   (the Black Angel on 3C)
#   strip 4 (4, side 0): 4A a   4B g^  4C o   4D y*  4E r2
#   strip 5 (2, side 1): 5A a   5B o^  5C y   5D r1  5E g*
SOLO_STRIPS = [(6, 0), (1, 0), (3, 0), (4, 0), (2, 1)]

# Technology tiles: orange 0-15, gray 16-31, green 32-47 (see components).
T_O1, T_O2, T_O3, T_O4 = 4, 5, 6, 7
T_Y1, T_G1 = 20, 36
ADV = ADVANCED_TILE_IDS  # 60-75
# Mission cards.
M_O_NEUTRAL_3SHIPS = 12  # orange neutralization, reward 2 VP, tiles orange then gray
M_O_NEUTRAL_ROBOT = 13  # orange neutralization, reward 1 robot, tiles green then orange
M_O_NEUTRAL_3VP = 14  # orange neutralization: the owner and each ship 3 VP
M_Y_ACT = 20  # gray activation, reward 2 VP
M_G_ACT_2ROBOTS = 40  # green activation: take 2 robots; reward 2 VP, tile green
M_G_ACT_ROBOT_FOR_VP = 44  # green activation: spend 1 robot to gain 2 VP; reward 2 VP
M_G_ACT_SHIP = 43  # green activation, reward 1 ship, tile green
# Ravager cards: location L holds 5(L-1)..5(L-1)+4 with effects in the order
# damage next action, damage a die, discard a Mission, discard a Ravager, robot on card.
R1_DAMAGE_NEXT, R1_DAMAGE_DIE, R1_DISCARD_MISSION, R1_DISCARD_RAVAGER, R1_ROBOT = 0, 1, 2, 3, 4
R2_DISCARD_MISSION, R2_DISCARD_RAVAGER = 7, 8
R3_DISCARD_MISSION = 12
R5_DAMAGE_NEXT = 20
SOLO_RAVAGERS = (*range(15), 20, 21, 22)


# --------------------------------------------------------------------------- the solo table


def solo_table(
    difficulty: str = "standard",
    seed: int = 1,
    advanced: bool = False,
    strips: list[tuple[int, int]] = SOLO_STRIPS,
) -> Game:
    """A solo game at the player's first turn, made plain (see the module doc)."""
    g = Game.new(
        GameOptions(players=1, difficulty=difficulty, advanced=advanced, ask_stepwise=True), seed
    )
    s = g.state
    b = s.board
    b.damage = [0] * 6
    for stack in b.ravagers:
        stack.clear()
    # The 18 Ravager cards in play are fixed (setup removes 12 at random): every
    # card of locations 1-3 and three of location 5, in the deck in id order.
    b.ravager_deck, b.ravager_discard = list(SOLO_RAVAGERS), []
    s.players[0].ravagers = []
    for t in list(b.display):
        if t is not None:
            b.tech_discard.append(pull_tile(g, t))
    b.strips = [Strip(n, side) for n, side in strips]
    b.spes_token = strips[-1][0]
    p = s.players[0]
    for m in list(p.missions):
        b.mission_discards[_colour_of_mission(m)].append(pull_mission(g, m))
    for t in list(p.grid):
        if t is not None:
            b.tech_discard.append(pull_tile(g, t))
    p.resources = p.debris = p.ships = 0
    set_solo_dice(g)
    refresh(g)
    return g


def _colour_of_mission(card: int) -> int:
    from engine.components.cards import MISSION_CARDS

    return COLOUR_INDEX[MISSION_CARDS[card].colour]


def set_solo_dice(g: Game, player: str = "", hal: str = "", reserved: str = "") -> None:
    """Every die back to the supply, then these dice ("o3 y0") to the player's
    standard area, Hal's compartment and the player's high-security area."""
    s = g.state
    b = s.board
    b.supply = [DICE_PER_COLOUR[1]] * 3
    b.supply_damaged = [0, 0, 0]
    p = s.players[0]
    p.standard, p.secure, s.hal.dice = [], [], []
    for area, codes in ((p.standard, player), (s.hal.dice, hal), (p.secure, reserved)):
        for d in dice(*codes.split()):
            b.supply[COLOUR_INDEX[d.colour]] -= 1
            area.append(d)
    refresh(g)


def hal_deck(g: Game, *top: int) -> None:
    """Hal's deck: these cards on top (the first one revealed first), the
    others below in id order; no discards."""
    hal = g.state.hal
    rest = [c for c in range(len(HAL_CARDS)) if c not in top]
    hal.deck = rest + list(reversed(top))
    hal.discard = []


def display(g: Game, spaces: dict[int, int]) -> None:
    """{display space (1-8): tile}."""
    for space, tile in spaces.items():
        g.state.board.display[space - 1] = pull_tile(g, tile)


def hal_card_at(g: Game, hex_name: str, card: int) -> None:
    from engine.space import parse_hex

    h = parse_hex(hex_name)
    g.state.board.strips[h[0]].cards[h[1]] = PlacedMission(pull_mission(g, card), HAL_SEAT)


def mission_deck_top(g: Game, *cards: int) -> None:
    """Cards on top of their colour's deck, the last one drawn first."""
    for c in cards:
        g.state.board.mission_decks[_colour_of_mission(c)].append(pull_mission(g, c))


def hal_plays(g: Game, player_seq: str = "A") -> list:
    """Hal's whole turn after a player's Sequence `player_seq`; the events."""
    check(g)
    g._events = []
    hal_turn(g, player_seq)
    events, g._events = g._events, []
    g.state.turn = {}
    refresh(g)
    check(g)
    return events


def hal_vp_events(events) -> list[int]:
    return [e.data["amount"] for e in events if e.kind == "hal_vp"]


def hal(g: Game):
    return g.state.hal


def me(g: Game):
    return g.state.players[0]


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize(
    ("difficulty", "vp"), [("easy", 0), ("standard", 5), ("difficult", 10), ("extreme", 15)]
)
def test_setup_solo(difficulty, vp):
    g = Game.new(GameOptions(players=1, difficulty=difficulty), 3)
    s = g.state
    b = s.board
    assert s.hal.vp == vp
    assert s.hal.colour is not s.players[0].colour
    assert len(s.players) == 1 and s.neutral is None
    # 4 dice of each colour: 1 rolled for the player and 1 for Hal per colour (one robot
    # in each of Hal's workstations).
    assert b.supply == [2, 2, 2] and b.supply_damaged == [0, 0, 0]
    assert [d.colour for d in s.hal.dice] == [O, Y, G]
    assert [d.colour for d in s.players[0].standard] == [O, Y, G]
    assert len(b.strips) == 5
    # 12 of the 30 Ravagers removed: 2 on the board, 1 in the player's hand, 15 in the deck.
    assert RAVAGERS_REMOVED[1] == 12
    assert sum(len(st) for st in b.ravagers) == 2
    assert len(s.players[0].ravagers) == 1
    assert len(b.ravager_deck) + len(b.ravager_discard) == 15
    # Hal: no board, cards, storage or stock; his 12 cards shuffled into a deck.
    assert sorted(s.hal.deck) == list(range(12))
    assert s.hal.discard == [] and s.hal.tiles == []
    p = s.players[0]
    assert (p.vp, p.resources, p.debris, p.ships, len(p.missions)) == (STARTING_VP, 1, 1, 1, 3)
    assert (g.decision.seat, g.decision.kind) == (0, "turn")
    check(g)
    v = g.view(None)["hal"]
    assert (v["deck"], v["discard"], v["seat"], v["vp"]) == (12, [], HAL_SEAT, vp)
    assert v["weights"] == to_json(HAL_CARDS[s.hal.deck[-1]].weights)


def test_hal_deck_is_shuffled_by_the_seed():
    decks = [tuple(Game.new(GameOptions(players=1), seed).state.hal.deck) for seed in range(5)]
    assert len(set(decks)) == 5
    assert tuple(range(12)) not in decks
    assert Game.new(GameOptions(players=1), 2).state.hal.deck == list(decks[2])


def test_solo_options_are_validated():
    assert Game.new(GameOptions(players=1), 1).state.options.difficulty == "standard"
    assert Game.new(GameOptions(players=1), 1).state.hal.vp == 5
    with pytest.raises(InvalidOptionsError):
        Game.new(GameOptions(players=1, difficulty="hard"), 1)
    with pytest.raises(InvalidOptionsError):
        Game.new(GameOptions(players=2, difficulty="easy"), 1)
    assert Game.new(GameOptions(players=2), 1).state.hal is None


# --------------------------------------------------------------------------- which half, which die


@pytest.mark.parametrize(
    ("player_seq", "used", "left", "vp"),
    [
        # Sequence A: the top (orange Discover, Advanced first): the o2 takes an
        # Advanced tile, 3 VP by card 2's weighting.
        ("A", "o2", "y1", 8),
        # Sequence B: the bottom (gray Repair, counter-clockwise): the y1 removes the
        # cube at action 6, 1 debris = 1 VP.
        ("B", "y1", "o2", 6),
    ],
)
def test_the_players_sequence_picks_the_half_read_first(player_seq, used, left, vp):
    g = solo_table()
    hal_deck(g, 6, 2)
    set_solo_dice(g, hal="o2 y1")
    set_advanced_slots(g, ADV[0], ADV[1], ADV[2], ADV[3])
    g.state.board.damage = [0, 0, 0, 0, 0, 1]
    events = hal_plays(g, player_seq)
    assert [d.code for d in hal(g).dice] == [left]
    assert hal(g).vp == vp
    assert hal(g).discard == [6] and hal(g).deck[-1] == 2
    assert events[0].kind == "hal_card" and events[0].seat == HAL_SEAT
    if player_seq == "A":
        assert hal(g).tiles == [ADV[0]]
        assert g.state.board.damage == [0, 0, 0, 0, 0, 1]
    else:
        assert hal(g).tiles == []
        assert g.state.board.damage == [0] * 6


def test_the_second_half_when_the_first_colour_is_unavailable():
    g = solo_table()
    hal_deck(g, 6, 2)
    # No orange die anywhere Hal may take one: the player's orange die is reserved.
    set_solo_dice(g, hal="y1", reserved="o3")
    g.state.board.damage = [0, 0, 0, 0, 0, 1]
    events = hal_plays(g, "A")
    assert hal(g).dice == [] and g.state.board.damage == [0] * 6
    assert hal(g).vp == 6
    assert [d.code for d in me(g).secure] == ["o3"]
    # The log says why he reads on (a tester saw him use the bottom unexplained).
    assert [e.text for e in events[:3]] == [
        "Hal reveals his card: orange Discover Technology (Advanced tile first) / gray Repair"
        " the Black Angel (actions 6 to 1); he reads the top first (Blue performed Sequence A).",
        "No orange die is left for Hal: he reads the bottom, gray Repair the Black Angel"
        " (actions 6 to 1).",
        "Hal uses a gray 1 on action 3, Repair the Black Angel.",
    ]


def test_with_neither_colour_the_log_says_only_that():
    g = solo_table()
    hal_deck(g, 6, 2)  # orange / gray; Hal has only green
    set_solo_dice(g, hal="g1")
    events = hal_plays(g, "B")
    assert [e.text for e in events if e.kind == "hal_turn"] == [
        "Hal can use neither colour: he returns his green die to the supply."
    ]


def test_neither_colour_returns_a_die_of_the_third_colour_for_3_vp():
    g = solo_table()
    hal_deck(g, 6, 2)  # orange / gray
    set_solo_dice(g, player="g1", hal="g3", reserved="o3 y3")
    supply = list(g.state.board.supply)
    events = hal_plays(g, "A")
    assert hal(g).dice == []
    assert g.state.board.supply == [supply[0], supply[1], supply[2] + 1]
    assert hal(g).vp == 8
    assert hal_vp_events(events) == [3]
    assert hal(g).discard == [6]
    assert [d.code for d in me(g).standard] == ["g1"]
    assert [d.code for d in me(g).secure] == ["o3", "y3"]


def test_hal_takes_the_highest_die_buying_the_players_unreserved_one():
    g = solo_table()
    hal_deck(g, 6, 2)  # bottom: gray Repair counter-clockwise; card 2: 1 VP per debris
    set_solo_dice(g, player="y3 o1", hal="y1 y2")
    g.state.board.damage = [1, 1, 0, 1, 1, 1]
    events = hal_plays(g, "B")
    assert "hal_buys" in kinds(events)
    assert [d.code for d in me(g).standard] == ["o1"]
    assert me(g).resources == 1  # from the supply, in compensation
    assert [d.code for d in hal(g).dice] == ["y1", "y2"]
    assert g.state.board.damage == [1, 1, 0, 0, 0, 0]  # 3 cubes from action 6 down
    assert hal(g).vp == 8
    assert g.state.board.supply[COLOUR_INDEX[Y]] == 2  # 4 - y1 - y2 - y3 + the used y3


def test_hal_uses_his_own_die_on_a_tie():
    g = solo_table()
    hal_deck(g, 6, 2)
    set_solo_dice(g, player="y3", hal="y3 y1")
    g.state.board.damage = [1, 1, 0, 1, 1, 1]
    events = hal_plays(g, "B")
    assert "hal_buys" not in kinds(events)
    assert [d.code for d in me(g).standard] == ["y3"] and me(g).resources == 0
    assert [d.code for d in hal(g).dice] == ["y1"]
    assert g.state.board.damage == [1, 1, 0, 0, 0, 0]


def test_hal_never_takes_a_reserved_die():
    g = solo_table()
    hal_deck(g, 6, 2)
    set_solo_dice(g, hal="y2", reserved="y3")
    g.state.board.damage = [1, 1, 0, 1, 1, 1]
    hal_plays(g, "B")
    assert [d.code for d in me(g).secure] == ["y3"] and me(g).resources == 0
    assert hal(g).dice == []
    assert g.state.board.damage == [1, 1, 0, 1, 0, 0]  # only 2 activations


# --------------------------------------------------------------------------- damage and Ravagers


def test_a_damaged_action_costs_hal_one_activation():
    g = solo_table()
    hal_deck(g, 6, 2)
    set_solo_dice(g, hal="o3")
    g.state.board.damage = [2, 0, 0, 0, 0, 0]
    set_advanced_slots(g, ADV[0], ADV[1], ADV[2], ADV[3])
    display(g, {5: T_O1})
    events = hal_plays(g, "A")
    # The log reads as the options do (a minus sign, not a hyphen).
    assert "Hal uses an orange 3 on action 1, Discover Technology (damaged: −1)." in [
        e.text for e in events
    ]
    # 3 - 1 = 2: the Advanced tile only, not the cost-1 tile.
    assert hal(g).tiles == [ADV[0]]
    assert g.state.board.display[4] == T_O1
    assert hal(g).vp == 8


@pytest.mark.parametrize("die", ["o1", "o0"])
def test_3_vp_when_damage_reduces_the_die_to_0_or_the_die_is_a_star(die):
    g = solo_table()
    hal_deck(g, 6, 2)
    set_solo_dice(g, hal=die)
    g.state.board.damage = [2, 0, 0, 0, 0, 0]
    set_advanced_slots(g, ADV[0], ADV[1], ADV[2], ADV[3])
    display(g, {5: T_O1})
    events = hal_plays(g, "A")
    assert hal(g).tiles == []
    assert hal_vp_events(events) == [3]
    assert hal(g).vp == 8
    assert g.state.board.advanced_slots == [ADV[0], ADV[1], ADV[2], ADV[3]]


@pytest.mark.parametrize(
    ("ravager", "damage", "damaged_dice"),
    [
        (R1_DAMAGE_NEXT, [0, 1, 0, 0, 0, 0], [0, 0, 0]),
        (R1_DAMAGE_DIE, [0, 0, 0, 0, 0, 0], [1, 0, 0]),
        (R1_DISCARD_MISSION, [0, 0, 0, 0, 0, 0], [0, 0, 0]),
        (R1_DISCARD_RAVAGER, [0, 0, 0, 0, 0, 0], [0, 0, 0]),
        (R1_ROBOT, [0, 0, 0, 0, 0, 0], [0, 0, 0]),
    ],
)
def test_only_ravager_effects_adding_damage_touch_hal_and_he_loses_nothing(
    ravager, damage, damaged_dice
):
    g = solo_table()
    hal_deck(g, 6, 2)
    set_solo_dice(g, hal="o2")
    set_advanced_slots(g, ADV[0], ADV[1], ADV[2], ADV[3])
    g.state.board.ravagers[0].append(RavagerOnBoard(pull_ravager(g, ravager)))
    give = [M_Y_ACT]
    me(g).missions.append(pull_mission(g, give[0]))
    events = hal_plays(g, "A")
    assert g.state.board.damage == damage
    assert g.state.board.supply_damaged == damaged_dice
    assert hal(g).tiles == [ADV[0]]  # the action happens normally
    assert hal(g).vp == 8 and "vp_lost" not in kinds(events)
    assert me(g).missions == give
    assert g.state.board.ravagers[0][0].robots == []


# --------------------------------------------------------------------------- Discover


def _discover_table(die: str) -> Game:
    g = solo_table()
    hal_deck(g, 6, 2)  # Advanced first; card 2: 1 VP per tile, 3 per Advanced tile
    set_solo_dice(g, hal=die)
    set_advanced_slots(g, ADV[0], ADV[1], ADV[2], ADV[3])
    g.state.board.advanced_deck.append(pull_tile(g, ADV[4]))
    display(g, {1: T_Y1, 3: T_O1, 5: T_O2})
    return g


def test_discover_advanced_first_with_a_1_takes_the_cost_1_tile_nearest_ejection():
    g = _discover_table("o1")
    hal_plays(g, "A")
    assert hal(g).tiles == [T_O2]
    assert g.state.board.display[:5] == [T_Y1, None, T_O1, None, None]
    assert g.state.board.advanced_slots == [ADV[0], ADV[1], ADV[2], ADV[3]]
    assert hal(g).vp == 6


def test_discover_advanced_first_with_a_2_takes_the_advanced_tile_next_to_the_display():
    g = _discover_table("o2")
    hal_plays(g, "A")
    assert hal(g).tiles == [ADV[0]]
    # The others shift toward the display; the deck refills the far slot.
    assert g.state.board.advanced_slots == [ADV[1], ADV[2], ADV[3], ADV[4]]
    assert g.state.board.display[:5] == [T_Y1, None, T_O1, None, T_O2]
    assert hal(g).vp == 8


def test_discover_advanced_first_with_a_3_takes_both():
    g = _discover_table("o3")
    events = hal_plays(g, "A")
    assert sorted(hal(g).tiles) == sorted([ADV[0], T_O2])
    assert g.state.board.advanced_slots == [ADV[1], ADV[2], ADV[3], ADV[4]]
    assert g.state.board.display[:5] == [T_Y1, None, T_O1, None, None]
    assert hal_vp_events(events) == [1 + 3]
    assert hal(g).vp == 9


def test_discover_advanced_first_with_a_1_and_no_cost_1_tile_scores_3_vp():
    g = solo_table()
    hal_deck(g, 6, 2)
    set_solo_dice(g, hal="o1")
    display(g, {1: T_Y1, 2: T_O1})
    hal_plays(g, "A")
    assert hal(g).tiles == []
    assert hal(g).vp == 8


def test_discover_advanced_first_without_advanced_tiles_takes_technology():
    # Engine reading: no Advanced tile left, the die buys Technology tiles instead.
    g = solo_table()
    hal_deck(g, 6, 2)
    set_solo_dice(g, hal="o2")
    b = g.state.board
    for t in ADV:
        b.tech_discard.append(pull_tile(g, t))
    display(g, {1: T_Y1, 3: T_O1, 5: T_O2})
    hal_plays(g, "A")
    assert hal(g).tiles == [T_O2, T_O1]
    assert hal(g).vp == 7


def test_advanced_hal_names_a_taken_tile_by_the_side_the_display_showed():
    """A tester's advanced solo game: the display showed "1x: free reserve
    orange" and the log said "Hal takes orange tile (draw 2 Mission cards,
    keep 1)." (its standard side), so the tile could not be matched."""
    g = solo_table(advanced=True)
    hal_deck(g, 6, 2)
    set_solo_dice(g, hal="o3")
    set_advanced_slots(g, ADV[0], ADV[1], ADV[2], ADV[3])
    display(g, {5: T_O2})
    events = hal_plays(g, "A")
    assert sorted(hal(g).tiles) == sorted([ADV[0], T_O2])
    said = [e.text for e in events if e.kind == "discover"]
    adv = tile_text(ADV[0]).replace("Advanced Technology", "Advanced Technology tile")
    assert said == [f"Hal takes an {boost_side_text(T_O2)} and an {adv}."]
    assert "boost side up (1x: " in said[0]


@pytest.mark.parametrize(
    ("die", "spaces", "taken", "vp"),
    [
        # Card 3's bottom, Technology only; card 2 weights 1 VP per tile.
        ("o3", {1: T_Y1, 2: T_O1, 4: T_O2, 8: T_O3}, [T_O3, T_O2], 7),
        ("o2", {1: T_Y1, 2: T_O1}, [T_O1], 6),
        ("o0", {1: T_Y1, 2: T_O1}, [], 8),
    ],
)
def test_discover_technology_only_from_space_8_down(die, spaces, taken, vp):
    g = solo_table()
    hal_deck(g, 3, 2)
    set_solo_dice(g, hal=die)
    set_advanced_slots(g, ADV[0], ADV[1], ADV[2], ADV[3])
    display(g, spaces)
    hal_plays(g, "B")
    assert hal(g).tiles == taken
    assert g.state.board.advanced_slots == [ADV[0], ADV[1], ADV[2], ADV[3]]
    assert hal(g).vp == vp


@pytest.mark.parametrize(("next_card", "vp"), [(2, 5 + 3), (1, 5 + 2), (3, 5 + 2), (0, 5 + 3)])
def test_gains_are_weighted_by_the_back_of_the_next_card(next_card, vp):
    g = _discover_table("o2")
    hal_deck(g, 6, next_card)
    hal_plays(g, "A")
    assert hal(g).tiles == [ADV[0]]
    assert HAL_CARDS[hal(g).deck[-1]].weights.advanced == vp - 5
    assert hal(g).vp == vp
    assert g.view(None)["hal"]["weights"] == to_json(HAL_CARDS[next_card].weights)


def test_an_exhausted_deck_is_reshuffled_from_the_discards():
    g = _discover_table("o2")
    h = hal(g)
    h.deck = [6]
    h.discard = [c for c in range(12) if c != 6]
    events = hal_plays(g, "A")
    assert "hal_reshuffle" in kinds(events)
    assert h.discard == [6]
    assert sorted(h.deck) == [c for c in range(12) if c != 6]
    assert h.vp == 5 + HAL_CARDS[h.deck[-1]].weights.advanced


# --------------------------------------------------------------------------- Repair


@pytest.mark.parametrize(
    ("die", "card", "seq", "damage", "after"),
    [
        # Card 2 top: clockwise, from action 1.
        ("y3", 2, "A", [1, 0, 0, 1, 0, 1], [0, 0, 0, 0, 0, 0]),
        ("y2", 2, "A", [1, 0, 0, 1, 0, 1], [0, 0, 0, 0, 0, 1]),
        # Card 6 bottom: counter-clockwise, from action 6.
        ("y2", 6, "B", [1, 0, 0, 1, 0, 1], [1, 0, 0, 0, 0, 0]),
        # Engine reading: each activation takes a cube from the first damaged location.
        ("y2", 2, "A", [2, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1]),
    ],
)
def test_repair_in_card_order(die, card, seq, damage, after):
    g = solo_table()
    hal_deck(g, card, 3)  # card 3: 2 VP per debris
    set_solo_dice(g, hal=die)
    g.state.board.damage = list(damage)
    hal_plays(g, seq)
    assert g.state.board.damage == after
    removed = sum(damage) - sum(after)
    assert hal(g).vp == 5 + 2 * removed


def test_repair_takes_damaged_dice_only_when_no_action_is_damaged():
    g = solo_table()
    hal_deck(g, 2, 3)
    set_solo_dice(g, hal="y3")
    g.state.board.damage = [0, 0, 0, 0, 1, 0]
    damage_supply_die(g, COLOUR_INDEX[O])
    damage_supply_die(g, COLOUR_INDEX[G])
    hal_plays(g, "A")
    assert g.state.board.damage == [0] * 6
    assert g.state.board.supply_damaged == [0, 0, 0]
    assert g.state.board.supply == [4, 4, 4]
    assert hal(g).vp == 5 + 2 * 3


def test_repair_counter_clockwise_takes_the_green_die_first():
    g = solo_table()
    hal_deck(g, 6, 3)
    set_solo_dice(g, hal="y1")
    damage_supply_die(g, COLOUR_INDEX[O])
    damage_supply_die(g, COLOUR_INDEX[G])
    hal_plays(g, "B")
    assert g.state.board.supply_damaged == [1, 0, 0]
    assert hal(g).vp == 7


def test_repair_with_nothing_to_repair_scores_3_vp():
    g = solo_table()
    hal_deck(g, 2, 3)
    set_solo_dice(g, hal="y3")
    events = hal_plays(g, "A")
    assert hal_vp_events(events) == [3]
    assert hal(g).vp == 8


# --------------------------------------------------------------------------- Destroy


def _ravagers(g: Game, location: int, *cards: int) -> None:
    for c in cards:
        g.state.board.ravagers[location - 1].append(RavagerOnBoard(pull_ravager(g, c)))


def test_destroy_as_many_cards_as_possible_in_card_order():
    g = solo_table()
    hal_deck(g, 4, 0)  # card 4 top: green Destroy, clockwise; card 0: 2 VP per Ravager
    set_solo_dice(g, hal="g3")
    _ravagers(g, 1, R1_DISCARD_MISSION, R1_ROBOT)
    _ravagers(g, 2, R2_DISCARD_MISSION, R2_DISCARD_RAVAGER)
    _ravagers(g, 3, R3_DISCARD_MISSION)
    # The player's robot on the Ravager at location 1 goes back to the break room.
    g.state.board.ravagers[0][1].robots.append(0)
    me(g).break_room -= 1
    room = me(g).break_room
    events = hal_plays(g, "A")
    b = g.state.board
    assert [len(st) for st in b.ravagers] == [0, 2, 0, 0, 0, 0]
    assert b.ravager_discard[-3:] == [R1_DISCARD_MISSION, R1_ROBOT, R3_DISCARD_MISSION]
    assert me(g).break_room == room + 1
    assert [e.data["location"] for e in events if e.kind == "destroy"] == [1, 3]
    # "action N", as the Destroy options and the Ravager lines say, not "location N".
    assert [e.text for e in events if e.kind == "destroy"] == [
        "Hal destroys 2 Ravagers at action 1; Blue's robot on them goes back to the break room.",
        "Hal destroys 1 Ravager at action 3.",
    ]
    assert hal(g).vp == 5 + 2 * 3


def test_destroy_skips_a_location_that_would_lower_the_total():
    g = solo_table()
    hal_deck(g, 4, 0)
    set_solo_dice(g, hal="g2")
    _ravagers(g, 1, R1_DISCARD_MISSION)
    _ravagers(g, 2, R2_DISCARD_MISSION, R2_DISCARD_RAVAGER)
    hal_plays(g, "A")
    assert [len(st) for st in g.state.board.ravagers] == [1, 0, 0, 0, 0, 0]
    assert hal(g).vp == 5 + 2 * 2


def test_destroy_resolves_the_damage_of_the_ravager_at_its_own_location_first():
    g = solo_table()
    hal_deck(g, 4, 0)
    set_solo_dice(g, hal="g1")
    _ravagers(g, 5, R5_DAMAGE_NEXT)
    hal_plays(g, "A")
    assert g.state.board.damage == [0, 0, 0, 0, 0, 1]
    assert g.state.board.ravagers[4] == []
    assert hal(g).vp == 7


@pytest.mark.parametrize("die", ["g0", "g3"])
def test_destroy_with_a_star_or_no_ravager_scores_3_vp(die):
    g = solo_table()
    hal_deck(g, 4, 0)
    set_solo_dice(g, hal=die)
    if die == "g0":
        _ravagers(g, 1, R1_DISCARD_MISSION)
    hal_plays(g, "A")
    assert sum(len(st) for st in g.state.board.ravagers) == (1 if die == "g0" else 0)
    assert hal(g).vp == 8


# --------------------------------------------------------------------------- Command


def test_command_neutralization_goes_to_strip_1_on_the_comet_for_3_vp():
    g = solo_table()
    hal_deck(g, 1, 0)  # card 1 top: orange Command; card 0 weights
    set_solo_dice(g, hal="o0")  # the value does not matter
    mission_deck_top(g, M_O_NEUTRAL_3SHIPS)
    ravager_deck_top(g, R1_DISCARD_MISSION)
    stack_top(g, COLOUR_INDEX[O], T_O1)
    stack_top(g, COLOUR_INDEX[Y], T_Y1)
    events = hal_plays(g, "A")
    b = g.state.board
    # Strip 1 has two free orange hexes (1A, 1B*): the comet.
    assert b.strips[0].cards[1] == PlacedMission(M_O_NEUTRAL_3SHIPS, HAL_SEAT)
    assert b.strips[0].cards[0] is None
    assert b.strips[0].ships[1] == []  # no ship or pilot for Hal
    # Comet 3 VP, then the reward (2 VP).
    assert hal_vp_events(events) == [3, 2]
    assert hal(g).vp == 10
    # 1 visible icon around 1B (2C): a Ravager appears; the card's tiles enter the display.
    assert [r.card for r in b.ravagers[0]] == [R1_DISCARD_MISSION]
    assert b.damage == [1, 0, 0, 0, 0, 0]
    assert b.display[:3] == [T_Y1, T_O1, None]


def test_command_neutralization_with_one_free_hex_on_the_strip_gets_no_comet_bonus():
    g = solo_table()
    hal_deck(g, 1, 0)
    set_solo_dice(g, hal="o3")
    place_card(g, "1B", M_O_NEUTRAL_3VP, 0)
    mission_deck_top(g, M_O_NEUTRAL_ROBOT)
    events = hal_plays(g, "A")
    b = g.state.board
    assert b.strips[0].cards[0] == PlacedMission(M_O_NEUTRAL_ROBOT, HAL_SEAT)
    assert hal_vp_events(events) == [2]  # a robot, 2 VP by card 0's weighting
    assert sum(len(st) for st in b.ravagers) == 0  # no visible icon around 1A


def test_command_neutralization_moves_up_to_the_next_strip_when_strip_1_is_full():
    g = solo_table()
    hal_deck(g, 1, 0)
    set_solo_dice(g, hal="o3")
    place_card(g, "1A", M_O_NEUTRAL_3VP, 0)
    place_card(g, "1B", M_O_NEUTRAL_3SHIPS, 0)
    mission_deck_top(g, M_O_NEUTRAL_ROBOT)
    hal_plays(g, "A")
    assert g.state.board.strips[1].cards[0] == PlacedMission(M_O_NEUTRAL_ROBOT, HAL_SEAT)
    assert hal(g).vp == 7


def test_command_activation_goes_to_strip_5_on_the_comet_for_3_vp():
    # Strip 5 here (6, side 1): 5A a, 5B y, 5C g^, 5D g*, 5E r1.
    g = solo_table(strips=[(1, 0), (2, 0), (3, 0), (5, 0), (6, 1)])
    hal_deck(g, 5, 0)  # card 5 top: green Command
    set_solo_dice(g, hal="g1")
    mission_deck_top(g, M_G_ACT_2ROBOTS)
    # Around 5D: 5C's icon and the 1-icon Ravager ship at 5E.
    ravager_deck_top(g, R2_DISCARD_MISSION, R1_DISCARD_MISSION)
    stack_top(g, COLOUR_INDEX[G], T_G1)
    events = hal_plays(g, "A")
    b = g.state.board
    assert b.strips[4].cards[3] == PlacedMission(M_G_ACT_2ROBOTS, HAL_SEAT)
    assert hal_vp_events(events) == [3, 2]
    assert hal(g).vp == 10
    assert [r.card for r in b.ravagers[0]] == [R1_DISCARD_MISSION]
    assert [r.card for r in b.ravagers[1]] == [R2_DISCARD_MISSION]
    assert b.damage == [1, 1, 0, 0, 0, 0]
    assert b.display[0] == T_G1


def test_command_activation_moves_down_to_strip_4_when_strip_5_is_full():
    g = solo_table()
    hal_deck(g, 5, 0)
    set_solo_dice(g, hal="g1")
    place_card(g, "5E", M_G_ACT_SHIP, 0)
    mission_deck_top(g, M_G_ACT_2ROBOTS)
    ravager_deck_top(g, R1_DISCARD_MISSION)  # 4B's neighbours: 3A's icon (4B's own is covered)
    hal_plays(g, "A")
    b = g.state.board
    assert b.strips[3].cards[1] == PlacedMission(M_G_ACT_2ROBOTS, HAL_SEAT)
    assert hal(g).vp == 7
    assert [r.card for r in b.ravagers[0]] == [R1_DISCARD_MISSION]


def test_command_without_a_card_of_the_colour_scores_3_vp():
    g = solo_table()
    hal_deck(g, 5, 0)
    set_solo_dice(g, hal="g1")
    b = g.state.board
    green = b.mission_decks[COLOUR_INDEX[G]] + b.mission_discards[COLOUR_INDEX[G]]
    b.mission_decks[COLOUR_INDEX[G]], b.mission_discards[COLOUR_INDEX[G]] = [], []
    me(g).tucked[COLOUR_INDEX[G]] = green
    events = hal_plays(g, "A")
    assert hal_vp_events(events) == [3]
    assert all(c is None for st in b.strips for c in st.cards)


def test_command_without_a_free_hex_discards_the_card_and_scores_3_vp():
    g = solo_table()
    hal_deck(g, 5, 0)
    set_solo_dice(g, hal="g1")
    for hex_name, card in (("2E", 41), ("3B", 42), ("4B", 43), ("5E", 45)):
        place_card(g, hex_name, card, 0)
    mission_deck_top(g, M_G_ACT_2ROBOTS)
    events = hal_plays(g, "A")
    b = g.state.board
    assert b.mission_discards[COLOUR_INDEX[G]][-1] == M_G_ACT_2ROBOTS
    assert hal_vp_events(events) == [3]
    assert sum(1 for st in b.strips for c in st.cards if c is not None) == 4


# --------------------------------------------------------------------------- no dice: roll and advance


def test_without_dice_hal_rolls_and_the_black_angel_advances():
    g = solo_table()
    hal_deck(g, 6, 2)
    hal_card_at(g, "1A", M_O_NEUTRAL_3VP)
    place_card(g, "1B", M_O_NEUTRAL_3SHIPS, 0)
    deck = list(hal(g).deck)
    events = hal_plays(g, "A")
    b = g.state.board
    assert [d.colour for d in hal(g).dice] == [O, Y, G]  # one robot per workstation
    assert b.supply == [3, 3, 3]
    assert hal(g).deck == deck and hal(g).discard == []  # no card revealed
    assert [s.number for s in b.strips] == [1, 3, 4, 2, 6]
    assert b.strips[-1].side == 1
    # His ejected card: 3 VP (not its neutralization effect), to the discard pile.
    assert hal(g).vp == 8
    assert b.mission_discards[COLOUR_INDEX[O]][-1] == M_O_NEUTRAL_3VP
    # The player's card is tucked as usual (and its owner's effect gives 3 ships).
    assert me(g).tucked[COLOUR_INDEX[O]] == [M_O_NEUTRAL_3SHIPS]
    assert me(g).ships == 3
    assert "advance" in kinds(events) and "hal_card" not in kinds(events)
    assert g.state.turn == {}
    said = next(e.text for e in events if e.kind == "hal_turn")
    assert said == "Hal has no dice: he rolls and the Black Angel advances."


def test_hal_rolling_a_damaged_die_loses_1_vp():
    g = solo_table()
    set_solo_dice(g, player="o1 o2 o3")
    damage_supply_die(g, COLOUR_INDEX[O])
    hal_plays(g, "A")
    assert [d.colour for d in hal(g).dice] == [O, Y, G]
    assert g.state.board.supply_damaged == [0, 0, 0]
    assert hal(g).vp == 4


def test_without_dice_after_the_end_is_triggered_hal_rolls_but_nothing_advances():
    g = solo_table()
    g.state.end_trigger, g.state.last_round = "ravagers", 2
    numbers = [s.number for s in g.state.board.strips]
    events = hal_plays(g, "A")
    assert len(hal(g).dice) == 3
    assert [s.number for s in g.state.board.strips] == numbers
    assert "advance" not in kinds(events)
    # The log says so (R10), not that the Black Angel advances.
    said = next(e.text for e in events if e.kind == "hal_turn")
    assert said == (
        "Hal has no dice: he rolls; the Black Angel no longer advances (the end is triggered)."
    )


def test_hal_card_ejected_by_the_players_sequence_b_scores_3_vp_and_pays_ship_holders():
    g = solo_table()
    hal_deck(g, 6, 2)  # after the player's B: gray Repair, nothing to repair (3 VP)
    set_solo_dice(g, hal="y3")
    hal_card_at(g, "1A", M_O_NEUTRAL_3VP)
    put_ship(g, "1A", 0)
    vp = me(g).vp
    assert ids(g) == ["B"]
    events = choose(g, "B")
    check(g)
    # The player's ship on Hal's card earns its part; Hal only his 3 VP.
    assert me(g).vp == vp + 3
    assert hal_vp_events(events) == [3, 3]
    assert hal(g).vp == 11
    assert hal(g).discard == [6]
    assert (g.decision.seat, g.decision.kind, g.state.round) == (0, "turn", 2)


# --------------------------------------------------------------------------- the player and Hal's dice/cards


def test_the_player_buying_hals_die_pays_him_1_vp():
    g = solo_table()
    set_solo_dice(g, hal="o2 y1")
    me(g).resources = 1
    assert "buy:h:o2" in ids(g) and "buy:h:y1" in ids(g)
    choose(g, "buy:h:o2")
    assert me(g).resources == 0
    assert hal(g).vp == 6
    assert [d.code for d in hal(g).dice] == ["y1"]
    assert g.state.turn["die"] == {"colour": "orange", "value": 2, "bought": True}
    check(g)


def test_the_player_activating_hals_card_gives_him_a_free_activation():
    g = solo_table()
    hal_deck(g, 0)  # card 0's back: 2 VP per robot
    set_solo_dice(g, player="g2")
    hal_card_at(g, "3B", M_G_ACT_2ROBOTS)
    put_ship(g, "3B", 0)
    room = me(g).break_room
    choose(g, "die:g2")
    assert "mission:3B" in ids(g)
    events = choose(g, "mission:3B")
    check(g)
    assert me(g).break_room == room + 4  # 2 activations x 2 robots
    # Hal: one activation (2 robots x 2 VP); then his own turn (no dice: he rolls).
    assert hal_vp_events(events) == [4]
    assert hal(g).vp == 9
    assert kinds(events).index("hal_vp") < kinds(events).index("hal_turn")


def test_hals_free_activation_ignores_the_cost():
    # Engine reading: Hal has no storage, so the card's cost is not paid.
    g = solo_table()
    hal_deck(g, 0)
    set_solo_dice(g, player="g1")
    hal_card_at(g, "3B", M_G_ACT_ROBOT_FOR_VP)
    put_ship(g, "3B", 0)
    vp, room = me(g).vp, me(g).break_room
    choose(g, "die:g1")
    choose(g, "mission:3B")
    assert ids(g) == ["activate", "done"]
    events = choose(g, "activate")
    assert me(g).vp == vp + 2 and me(g).break_room == room - 1
    assert hal_vp_events(events)[0] == 2
    assert hal(g).vp == 7


def test_a_star_die_cannot_activate_hals_card():
    # R18: a die worth 0 activates no Mission card, Hal's included.
    g = solo_table()
    hal_deck(g, 0)
    set_solo_dice(g, player="g0 y2")
    hal_card_at(g, "3B", M_G_ACT_2ROBOTS)
    put_ship(g, "3B", 0)
    assert "die:g0" not in ids(g) and "die:y2" in ids(g)


def test_version_1_a_star_die_on_hals_card_gives_him_nothing():
    g = solo_table()
    g.state.options.rules_version = 1
    hal_deck(g, 0)
    set_solo_dice(g, player="g0")
    hal_card_at(g, "3B", M_G_ACT_2ROBOTS)
    put_ship(g, "3B", 0)
    choose(g, "die:g0")
    events = choose(g, "mission:3B")
    assert hal_vp_events(events) == []
    assert hal(g).vp == 5


# --------------------------------------------------------------------------- the turn order and the end


def test_hal_plays_after_every_player_turn_reading_the_players_sequence():
    g = solo_table()
    hal_deck(g, 6, 5)  # card 6 then card 5 (bottom: gray Repair); card 5: 2 VP per Advanced
    set_solo_dice(g, player="g1", hal="o2 y3")
    set_advanced_slots(g, ADV[0], ADV[1], ADV[2], ADV[3])
    # Sequence A: the player destroys nothing and draws a green card.
    choose(g, "die:g1")
    events = choose(g, "action:5")
    check(g)
    hal_events = [e for e in events if e.seat == HAL_SEAT]
    assert hal_events[0].kind == "hal_card"
    assert hal(g).tiles == [ADV[0]]  # the top: orange Discover
    assert [d.code for d in hal(g).dice] == ["y3"]
    assert (g.state.round, g.state.current, g.decision.kind) == (2, 0, "turn")
    # Sequence B: the bottom (gray Repair): nothing to repair, 3 VP.
    vp = hal(g).vp
    choose(g, "B")
    while g.decision.kind == "reserve":
        choose(g, "none")
    check(g)
    assert hal(g).dice == [] and hal(g).vp == vp + 3
    assert hal(g).discard == [6, 5]
    assert (g.state.round, g.decision.kind) == (3, "turn")


# R19 (rules version 4): a tie is Hal's.
@pytest.mark.parametrize(("player_vp", "winners"), [(8, [1]), (9, [0]), (7, [1])])
def test_end_of_game_scores_player_then_hal(player_vp, winners):
    g = solo_table()
    hal_deck(g, 6, 2)  # after a B: gray Repair with nothing to repair, 3 VP -> 8
    set_solo_dice(g, hal="y3")
    s = g.state
    s.end_trigger, s.last_round = "ravagers", s.round
    me(g).vp = player_vp
    events = choose(g, "B")
    assert g.is_over and g.decision is None
    assert kinds(events)[-1] == "game_over"
    r = g.result
    assert r["scores"] == [player_vp, 8]
    assert r["winners"] == winners
    assert r["end"] == "ravagers"
    assert r["breakdown"][1] == {
        "seat": HAL_SEAT,
        "hal": True,
        "track": 8,
        "advanced": [],
        "spes": 0,
        "total": 8,
    }
    assert g.view(None)["result"]["scores"] == [player_vp, 8]


# --------------------------------------------------------------------------- self-play


@pytest.mark.parametrize("difficulty", ["easy", "standard", "difficult", "extreme"])
def test_random_solo_games_end_keep_invariants_and_replay(difficulty):
    options = GameOptions(players=1, difficulty=difficulty)
    for seed in range(4):
        game, actions = sim.play_random(options, seed)  # invariants after every step
        assert game.is_over and game.decision is None
        result = game.result
        assert len(result["scores"]) == 2
        assert result["scores"][1] == game.state.hal.vp
        assert set(result["winners"]) <= {0, HAL_SEAT} and result["winners"]
        assert all(a.seat == 0 for a in actions)  # Hal never decides
        again = replay(GameOptions(players=1, difficulty=difficulty), seed, actions)
        assert again.to_json() == game.to_json()
        data = json.loads(json.dumps(game.to_json()))
        assert Game.from_json(data).to_json() == game.to_json()
        # A game saved mid-way continues identically after a JSON round trip.
        half = replay(options, seed, actions[: len(actions) // 2])
        resumed = Game.from_json(json.loads(json.dumps(half.to_json())))
        for a in actions[len(actions) // 2 :]:
            resumed.apply(a)
        assert resumed.to_json() == game.to_json()


def test_random_solo_games_differ_only_by_hals_starting_vp_at_first():
    easy = Game.new(GameOptions(players=1, difficulty="easy"), 5)
    extreme = Game.new(GameOptions(players=1, difficulty="extreme"), 5)
    a, b = easy.to_json(), extreme.to_json()
    assert (a["hal"]["vp"], b["hal"]["vp"]) == (0, 15)
    a["hal"]["vp"] = b["hal"]["vp"]
    a["options"]["difficulty"] = b["options"]["difficulty"]
    assert a == b


def test_simulate_solo_prints_the_documented_lines(capsys):
    code = sim.main(["--players", "1", "--difficulty", "extreme", "--games", "3", "--seed", "4"])
    assert code == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 4
    for seed, line in zip((4, 5, 6), lines[:3], strict=True):
        assert list(line) == ["seed", "players", "decisions", "rounds", "end", "scores", "winners"]
        assert (line["seed"], line["players"]) == (seed, 1)
        assert len(line["scores"]) == 2  # the player, then Hal
        assert line["end"] in ("spes", "ravagers")
        game, actions = sim.play_random(GameOptions(players=1, difficulty="extreme"), seed)
        assert line["scores"] == game.result["scores"]
        assert line["decisions"] == len(actions)
    assert list(lines[3]) == ["games", "decisions", "seconds", "decisions_per_second"]
    assert lines[3]["games"] == 3
    assert lines[3]["decisions"] == sum(x["decisions"] for x in lines[:3])


def test_simulate_module_runs_solo_with_replay_checks():
    out = subprocess.run(
        [sys.executable, "-m", "engine.simulate", "--players", "1", "--difficulty", "extreme"]
        + ["--games", "3", "--check-replay"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    lines = [json.loads(x) for x in out.splitlines()]
    assert [x["seed"] for x in lines[:3]] == [0, 1, 2]
    assert all(x["players"] == 1 and len(x["scores"]) == 2 for x in lines[:3])
    assert all("error" not in x for x in lines)


def test_simulate_rejects_a_difficulty_without_solo():
    with pytest.raises(SystemExit) as exc:
        sim.main(["--players", "2", "--difficulty", "easy", "--games", "1"])
    assert exc.value.code == 2


def test_ravager_cards_removed_in_solo_are_never_in_play():
    g = Game.new(GameOptions(players=1), 9)
    s = g.state
    b = s.board
    in_play = (
        list(b.ravager_deck) + [r.card for st in b.ravagers for r in st] + s.players[0].ravagers
    )
    assert len(in_play) == len(RAVAGER_CARDS) - 12
