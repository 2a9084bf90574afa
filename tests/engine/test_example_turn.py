"""Rulebook worked examples, Sequence A on the Black Angel board: playing a card
(A.1), damaged actions and Ravager effects (A.2), Discover, Advanced
Technology caps, Repair, Destroy, the debris flip; and Valentin's Sequence B.

Each test builds the example's situation from a plain table (tests/engine/
scenario.py), drives it with the options a player would pick, and checks the
exact state and events. Seats: 0 Madeline, 1 Noelle, 2 Valentin.
"""

from __future__ import annotations

import pytest

from engine import scoring
from engine.components import DieColour
from engine.state import Die, PlayedCard
from engine.tiles import tiles_activated_by_card
from tests.engine.helpers import choose, ids
from tests.engine.scenario import (
    MADELINE,
    NOELLE,
    VALENTIN,
    advanced_deck_top,
    damage_supply_die,
    give_missions,
    give_ravagers,
    kinds,
    ok,
    pull_tile,
    put_ship,
    ravagers_at,
    set_advanced_slots,
    set_dice,
    set_grid,
    table,
    turn_of,
)

# Tile ids (components.tiles.TECH_EFFECTS_PER_COLOUR order; orange 0-15, gray 16-31, green 32-47).
O_VP, O_SHIP, O_RESOURCE = 0, 4, 5
Y_VP, Y_VP2, Y_SHIP = 16, 17, 20
G_VP, G_VP2, G_VP3, G_RESOURCE = 32, 33, 34, 37
NOELLE_START_RESOURCE = 52  # Noelle's (seat 1) Starting tile: 1 resource OR 1 debris
ADV_TECH_GREEN, ADV_RAVAGERS, ADV_RAVAGERS2 = 64, 70, 71
ADV_DEBRIS, ADV_ADVANCED, ADV_ADVANCED2 = 68, 72, 73
# Mission cards.
M_ORANGE, M_ORANGE2, M_GRAY, M_GREEN = 0, 2, 20, 40
# Ravager cards: location 1 = 0-4, location 3 = 10-14, ..., effects in the order
# damage next action, damage a die, discard a Mission, discard a Ravager, robot on card.
R1_DISCARD_MISSION, R1_DISCARD_RAVAGER, R1_ROBOT = 2, 3, 4


def _player(g, seat):
    return g.state.players[seat]


# --------------------------------------------------------------------------- A.1


def test_a1_green_mission_card_in_row_2_activates_only_the_green_tiles_of_that_row():
    g = table()
    turn_of(g, NOELLE)
    set_dice(g, {NOELLE: "g1"})
    give_missions(g, NOELLE, M_GREEN)
    # Row 2: green VP, orange ship, green resource; a green tile in row 1 too.
    set_grid(g, NOELLE, {"A2": G_VP, "B2": O_SHIP, "C2": G_RESOURCE, "A1": G_VP2})
    n = _player(g, NOELLE)

    assert ids(g) == ["play:m40", "die:g1", "B"]
    choose(g, "play:m40")
    assert ids(g) == ["slot:row1", "slot:row2", "slot:row3", "slot:colA", "slot:colB", "slot:colC"]
    events = choose(g, "slot:row2")
    assert kinds(events) == ["card_played"]
    assert n.missions == []
    assert (n.slots[1].kind, n.slots[1].card) == ("mission", M_GREEN)
    # Only the 2 green tiles of row 2, in any order.
    assert g.decision.kind == "activate"
    assert ids(g) == ["done", "tile:A2", "tile:C2"]
    choose(g, "tile:C2")
    assert (n.vp, n.resources) == (5, 1)
    assert ids(g) == ["done", "tile:A2"]
    choose(g, "tile:A2")
    assert (n.vp, n.resources, n.ships) == (6, 1, 0)
    # Back to the turn: committed to Sequence A, card already played.
    assert g.decision.kind == "turn"
    assert ids(g) == ["die:g1"]
    ok(g)


def test_a1_ravager_card_activates_every_tile_including_starting_never_advanced():
    g = table()
    turn_of(g, NOELLE)
    set_dice(g, {NOELLE: "g1"})
    give_ravagers(g, NOELLE, 7)
    set_grid(
        g,
        NOELLE,
        {"B1": O_VP, "B2": NOELLE_START_RESOURCE, "B3": ADV_TECH_GREEN, "A2": G_VP},
    )
    n = _player(g, NOELLE)
    # What a Mission card would do on the same column: an orange card reaches
    # only the orange tile; a green card nothing (the Starting tile has the
    # player's colour, the Advanced tile none).
    assert tiles_activated_by_card(g, NOELLE, 4, "mission", M_ORANGE) == [1]
    assert tiles_activated_by_card(g, NOELLE, 4, "mission", M_GREEN) == []

    choose(g, "play:r7")
    choose(g, "slot:colB")
    assert (n.slots[4].kind, n.slots[4].card, n.ravagers) == ("ravager", 7, [])
    assert ids(g) == ["done", "tile:B1", "tile:B2"]
    choose(g, "tile:B2")
    assert g.decision.kind == "tile"
    assert ids(g) == ["resource", "debris"]
    choose(g, "debris")
    assert ids(g) == ["done", "tile:B1"]
    choose(g, "tile:B1")
    assert (n.vp, n.debris, n.resources) == (6, 1, 0)
    assert ids(g) == ["die:g1", "flip:g1"]
    ok(g)


# --------------------------------------------------------------------------- A.2


def _noelle_discovers(damage: int, ravagers: tuple[int, ...] = (), die: str = "o3"):
    g = table()
    turn_of(g, NOELLE)
    set_dice(g, {NOELLE: die})
    b = g.state.board
    b.damage[0] = damage
    ravagers_at(g, 1, *ravagers)
    for i, t in enumerate((O_RESOURCE, Y_SHIP, G_RESOURCE)):
        b.display[i] = pull_tile(g, t)
    return g


def test_a2_one_damage_cube_and_a_ravager_discard_a_mission_card_first():
    # Noelle's orange 3 on Discover: 1 cube (no effect), 1 Ravager card there
    # (discard a Mission card), which she resolves before the action.
    g = _noelle_discovers(damage=1, ravagers=(R1_DISCARD_MISSION,))
    give_missions(g, NOELLE, M_ORANGE, M_GRAY)
    n = _player(g, NOELLE)
    choose(g, "die:o3")
    assert ids(g) == ["action:1"]  # no ship: no Command (R2)
    events = choose(g, "action:1")
    assert [e.text for e in events if e.kind == "action"] == [
        "Red performs action 1, Discover Technology, with 3 activations."
    ]
    assert g.decision.kind == "ravager_effect"
    assert ids(g) == ["discard:m0", "discard:m20"]
    choose(g, "discard:m20")
    assert n.missions == [M_ORANGE]
    assert g.state.board.mission_discards[1][-1] == M_GRAY
    assert n.vp == 5
    # The action follows with all 3 activations.
    assert g.decision.kind == "discover"
    assert g.state.frames[-1]["left"] == 3
    assert g.state.board.damage[0] == 1
    ok(g)


def test_a2_two_damage_cubes_cost_one_activation():
    g = _noelle_discovers(damage=2)
    choose(g, "die:o3")
    events = choose(g, "action:1")
    assert [e.text for e in events if e.kind == "action"] == [
        "Red performs action 1, Discover Technology, with 2 activations (damaged action: −1)."
    ]
    assert g.state.frames[-1] == {"k": "discover", "seat": NOELLE, "left": 2}
    # 2 activations: the cost-1 tile, or one cost-2 tile; the Advanced tiles cost 2.
    assert ids(g) == [
        "done",
        "display:1",
        "display:2",
        "display:3",
        "advanced:1",
        "advanced:2",
        "advanced:3",
        "advanced:4",
    ]


def test_a2_a_1_on_a_damaged_action_performs_nothing_but_command():
    # R18: a 1 on a damaged Repair is worth 0 there: Repair is not offered; the
    # gray 1 still Commands (1 hex) with action 4 undamaged.
    g = table()
    turn_of(g, NOELLE)
    set_dice(g, {NOELLE: "y1"})
    n = _player(g, NOELLE)
    n.ships, n.break_room = 1, 1
    g.state.board.damage[2] = 2
    choose(g, "die:y1")
    assert ids(g) == ["action:4"]
    # With action 4 damaged too, the die has no use at all: only Sequence B.
    g = table()
    turn_of(g, NOELLE)
    set_dice(g, {NOELLE: "y1"})
    g.state.board.damage[2] = g.state.board.damage[3] = 2
    assert ids(g) == ["B"]


def test_a2_version_1_a_value_0_die_stays_0_on_a_damaged_action():
    g = table(rules_version=1)
    turn_of(g, NOELLE)
    set_dice(g, {NOELLE: "y0"})
    g.state.board.damage[2] = 2
    choose(g, "die:y0")
    events = choose(g, "action:3")
    # 0 activations (not -1): Repair does nothing, the turn goes on to A.3.
    assert [e.text for e in events if e.kind == "action"] == [
        "Red performs action 3, Repair the Black Angel, with 0 activations."
    ]
    assert kinds(events) == ["action", "draw"]
    assert g.state.board.damage[2] == 2
    assert g.state.current == VALENTIN
    ok(g)


def test_a2_unresolvable_ravager_effect_costs_1_vp_and_the_action_still_happens():
    # Discard a Ravager card, but Noelle holds none.
    g = _noelle_discovers(damage=0, ravagers=(R1_DISCARD_RAVAGER,))
    give_missions(g, NOELLE, M_ORANGE)
    n = _player(g, NOELLE)
    choose(g, "die:o3")
    events = choose(g, "action:1")
    assert kinds(events) == ["action", "ravager_effect", "vp_lost"]
    assert n.vp == 4
    assert n.missions == [M_ORANGE]  # a Mission card is not a Ravager card
    assert g.state.frames[-1] == {"k": "discover", "seat": NOELLE, "left": 3}
    ok(g)


@pytest.mark.parametrize(
    ("card", "expect"),
    [
        (10, "next_action"),  # location 3: damage on action 4
        (11, "gray_die"),  # a damage cube on a gray die in the supply
        (14, "robot"),  # a robot from the break room onto the card
    ],
)
def test_a2_ravager_permanent_effects_that_resolve_by_themselves(card, expect):
    g = table()
    turn_of(g, NOELLE)
    set_dice(g, {NOELLE: "y1"})
    ravagers_at(g, 3, 13, card)  # only the top card counts
    b = g.state.board
    b.damage[0] = 1
    n = _player(g, NOELLE)
    choose(g, "die:y1")
    choose(g, "action:3")
    assert g.decision.kind == "repair"  # nothing to discard: straight to the action
    assert n.vp == 5
    assert b.damage == ([1, 0, 0, 1, 0, 0] if expect == "next_action" else [1, 0, 0, 0, 0, 0])
    assert b.supply_damaged == ([0, 1, 0] if expect == "gray_die" else [0, 0, 0])
    assert b.ravagers[2][-1].robots == ([NOELLE] if expect == "robot" else [])
    assert n.break_room == (4 if expect == "robot" else 5)
    ok(g)


# --------------------------------------------------------------------------- Discover


def _discover_table(display: dict[int, int]):
    """Noelle with an orange 3 about to Discover; display {space: tile}; the 4
    Advanced slots hold 60, 62, 70, 74 and the Advanced deck's top is 66."""
    g = table()
    turn_of(g, NOELLE)
    set_dice(g, {NOELLE: "o3"})
    b = g.state.board
    for space, tile in display.items():
        b.display[space - 1] = pull_tile(g, tile)
    set_advanced_slots(g, 60, 62, 70, 74)
    advanced_deck_top(g, 66)
    choose(g, "die:o3")
    choose(g, "action:1")
    return g


def test_discover_example_one_cost_1_tile_and_one_cost_2_tile_with_pushes_and_an_ejection():
    # Only one cost-1 tile in the display: Noelle takes it and one cost-2 tile.
    g = _discover_table({1: O_SHIP, 2: Y_SHIP, 3: G_RESOURCE})
    n = _player(g, NOELLE)
    b = g.state.board
    # Row 1 is full; the orange VP tile on its left carries a debris.
    set_grid(g, NOELLE, {"A1": O_VP, "B1": Y_VP, "C1": G_VP})
    n.grid_debris[0] = True
    assert ids(g) == [
        "done",
        "display:1",
        "display:2",
        "display:3",
        "advanced:1",
        "advanced:2",
        "advanced:3",
        "advanced:4",
    ]
    choose(g, "display:3")
    assert g.decision.kind == "inject"
    assert ids(g) == [
        "arrow:row1",
        "arrow:row2",
        "arrow:row3",
        "arrow:colA",
        "arrow:colB",
        "arrow:colC",
    ]
    events = choose(g, "arrow:row1")
    # Enters row 1 from the right and pushes the row left: the orange VP tile
    # falls off the left edge; its debris goes back to storage.
    assert kinds(events) == ["inject", "eject"]
    assert n.grid[0:3] == [Y_VP, G_VP, G_RESOURCE]
    assert n.ejected == [O_VP]
    assert n.grid_debris == [False] * 9
    assert n.debris == 1
    # 2 activations left: the cost-2 tiles or an Advanced tile; nothing costs 1 any more.
    assert g.state.frames[-1]["left"] == 2
    assert ids(g) == [
        "done",
        "display:1",
        "display:2",
        "advanced:1",
        "advanced:2",
        "advanced:3",
        "advanced:4",
    ]
    choose(g, "display:1")
    events = choose(g, "arrow:colC")
    # Enters column C from the top; the empty C2 absorbs the push.
    assert kinds(events) == ["inject", "draw"]
    assert [n.grid[2], n.grid[5], n.grid[8]] == [O_SHIP, G_RESOURCE, None]
    assert n.ejected == [O_VP]
    # Taken tiles leave holes; nothing in the display moves.
    assert b.display == [None, Y_SHIP, None, None, None, None, None, None]
    assert g.state.current == VALENTIN
    ok(g)


def test_discover_three_cost_1_tiles():
    g = _discover_table({3: O_SHIP, 4: Y_SHIP, 5: G_RESOURCE})
    n = _player(g, NOELLE)
    choose(g, "display:3")
    choose(g, "arrow:row1")
    choose(g, "display:4")
    choose(g, "arrow:row1")
    # 1 activation left: only a cost-1 tile, no Advanced tile.
    assert ids(g) == ["done", "display:5"]
    choose(g, "display:5")
    choose(g, "arrow:row1")
    assert n.grid[0:3] == [O_SHIP, Y_SHIP, G_RESOURCE]
    assert g.state.board.display == [None] * 8
    ok(g)


def test_discover_cost_1_tile_and_an_advanced_tile_ejecting_an_advanced_tile_to_a_slot():
    g = _discover_table({1: O_SHIP, 3: G_RESOURCE})
    n = _player(g, NOELLE)
    b = g.state.board
    # Middle row full; an Advanced tile sits on its left end.
    set_grid(g, NOELLE, {"A2": ADV_RAVAGERS2, "B2": NOELLE_START_RESOURCE, "C2": G_VP})
    choose(g, "display:3")
    choose(g, "arrow:colA")
    assert n.grid[0] == G_RESOURCE
    choose(g, "advanced:2")
    # The Advanced slot is refilled at once from the deck.
    assert b.advanced_slots == [60, 66, 70, 74]
    # Advanced tiles use only the two black arrows.
    assert ids(g) == ["arrow:row2", "arrow:colB"]
    events = choose(g, "arrow:row2")
    assert kinds(events) == ["inject", "eject"]
    assert n.grid[3:6] == [NOELLE_START_RESOURCE, G_VP, 62]
    assert g.decision.kind == "advanced_slot"
    assert ids(g) == ["slot:o", "slot:y", "slot:g"]
    choose(g, "slot:y")
    assert n.advanced_slots == [None, ADV_RAVAGERS2, None]
    assert n.advanced_overflow == []
    assert n.ejected == []
    assert g.state.current == VALENTIN
    ok(g)


def test_advanced_tile_ejected_when_the_three_slots_are_full_goes_beside_the_board():
    g = _discover_table({})
    n = _player(g, NOELLE)
    set_grid(g, NOELLE, {"B1": ADV_DEBRIS, "B2": O_VP, "B3": ADV_ADVANCED})
    for i, t in enumerate((60, 61, 63)):
        n.advanced_slots[i] = pull_tile(g, t)
    choose(g, "advanced:4")
    events = choose(g, "arrow:colB")
    # no slot to choose; the third activation buys nothing (an empty display)
    assert kinds(events) == ["inject", "eject", "discover_unused", "draw"]
    assert n.advanced_overflow == [ADV_ADVANCED]
    assert [n.grid[1], n.grid[4], n.grid[7]] == [74, ADV_DEBRIS, O_VP]
    ok(g)


# --------------------------------------------------------------------------- caps (scoring)


def _score(g, seat):
    return [
        (a["tile"], a["where"], a["cap"], a["vp"])
        for a in scoring.score_advanced(g.state, _player(g, seat))
    ]


def test_advanced_caps_grid_slot_and_overflow():
    g = table()
    n = _player(g, NOELLE)
    # In the grid: 2 VP per green tile in the grid, 3 green tiles -> capped at 4.
    set_grid(g, NOELLE, {"A1": G_VP, "B1": G_VP2, "C1": G_VP3, "B2": ADV_TECH_GREEN})
    # In the gray slot with 3 gray cards tucked: cap 4 + 2 * 3 = 10; 4 Ravager cards -> 8.
    n.advanced_slots[1] = pull_tile(g, ADV_RAVAGERS)
    n.tucked[1] = [21, 22, 23]
    give_ravagers(g, NOELLE, 1, 2, 3, 4)
    # Ejected after the 3 slots were full: cap 4 however many elements.
    n.advanced_overflow.append(pull_tile(g, ADV_DEBRIS))
    n.debris = 5
    assert _score(g, NOELLE) == [
        (ADV_TECH_GREEN, "grid", 4, 4),
        (ADV_RAVAGERS, "gray slot", 10, 8),
        (ADV_DEBRIS, "ejected, no slot", 4, 4),
    ]
    # A slot's cap counts only the tucked cards of its own colour.
    n.advanced_slots = [None, None, n.advanced_slots[1]]
    assert _score(g, NOELLE)[1] == (ADV_RAVAGERS, "green slot", 4, 4)


def test_advanced_copies_score_on_different_elements_highest_cap_first():
    # R12: two "2 VP per Ravager card" tiles, 6 Ravager cards: the slot copy
    # (cap 10) takes 5 of them, the grid copy gets the last one.
    g = table()
    n = _player(g, NOELLE)
    set_grid(g, NOELLE, {"B2": ADV_RAVAGERS})
    n.advanced_slots[0] = pull_tile(g, ADV_RAVAGERS2)
    n.tucked[0] = [0, 1, 2]
    give_ravagers(g, NOELLE, 1, 2, 3, 4, 5, 6)
    assert _score(g, NOELLE) == [
        (ADV_RAVAGERS2, "orange slot", 10, 10),
        (ADV_RAVAGERS, "grid", 4, 2),
    ]
    # R12: "2 VP per Advanced Technology tile" counts itself too.
    g = table()
    n = _player(g, NOELLE)
    set_grid(g, NOELLE, {"B2": ADV_ADVANCED})
    assert _score(g, NOELLE) == [(ADV_ADVANCED, "grid", 4, 2)]


# --------------------------------------------------------------------------- Repair


def test_repair_example_two_cubes_become_debris_that_activate_two_tiles():
    # Noelle's gray 2: 2 cubes removed, placed on a gray VP tile and an orange ship tile.
    g = table()
    turn_of(g, NOELLE)
    set_dice(g, {NOELLE: "y2"})
    b = g.state.board
    b.damage = [1, 0, 0, 2, 0, 0]
    damage_supply_die(g, 1)  # a damaged gray die
    set_grid(g, NOELLE, {"A1": Y_VP, "B1": O_SHIP})
    n = _player(g, NOELLE)
    choose(g, "die:y2")
    choose(g, "action:3")
    assert ids(g) == ["done", "action:1", "action:4", "die:y"]
    choose(g, "action:4")
    assert b.damage == [1, 0, 0, 1, 0, 0]
    assert g.decision.kind == "place_debris"
    assert ids(g) == ["storage", "tile:A1", "tile:B1"]
    choose(g, "tile:A1")
    assert n.grid_debris[0] is True
    assert n.vp == 6
    # Second activation: a damaged die can be repaired too.
    assert ids(g) == ["done", "action:1", "action:4", "die:y"]
    choose(g, "die:y")
    assert b.supply_damaged == [0, 0, 0]
    # A tile with debris cannot take another.
    assert ids(g) == ["storage", "tile:B1"]
    events = choose(g, "tile:B1")
    assert "debris_on_tile" in kinds(events)
    assert (n.vp, n.ships, n.debris) == (6, 1, 0)
    assert n.grid_debris[:2] == [True, True]
    assert b.damage == [1, 0, 0, 1, 0, 0]
    assert b.supply == [6, 6, 6]  # the repaired die and Noelle's die are back
    assert g.state.current == VALENTIN
    ok(g)


def test_repair_debris_into_storage():
    g = table()
    turn_of(g, NOELLE)
    set_dice(g, {NOELLE: "y1"})
    g.state.board.damage[5] = 1
    choose(g, "die:y1")
    choose(g, "action:3")
    assert ids(g) == ["done", "action:6"]
    choose(g, "action:6")
    assert ids(g) == ["storage"]  # no tile in the grid to put it on
    events = choose(g, "storage")
    assert _player(g, NOELLE).debris == 1
    assert g.state.board.damage == [0] * 6
    # where the debris went is said, as a debris put on a tile is
    assert [e.text for e in events if e.kind == "debris_stored"] == [
        f"{g.name(NOELLE)} puts the debris into storage (1 there now)."
    ]


# --------------------------------------------------------------------------- Destroy


def _madeline_destroys():
    # Ravagers: 1 at location 2, 2 at location 3 (one holding Noelle's robot),
    # 1 at location 4, 3 at location 5. Madeline's green 2 on Destroy (action 5).
    g = table()
    set_dice(g, {MADELINE: "g2"})
    ravagers_at(g, 2, 7)
    ravagers_at(g, 3, 10, 14)
    g.state.board.ravagers[2][-1].robots.append(NOELLE)
    _player(g, NOELLE).break_room -= 1
    ravagers_at(g, 4, 15)
    ravagers_at(g, 5, 21, 22, 20)  # top: damage the next action clockwise
    g.state.board.damage[4] = 1
    choose(g, "die:g2")
    assert ids(g) == ["action:5"]
    choose(g, "action:5")
    return g


def test_destroy_example_one_card_at_two_locations():
    g = _madeline_destroys()
    b = g.state.board
    m = _player(g, MADELINE)
    # The top card at location 5 first: a cube on the next action clockwise (6).
    assert b.damage == [0, 0, 0, 0, 1, 1]
    # Location 5 holds 3 cards: a 2 cannot destroy them.
    assert ids(g) == ["done", "location:2", "location:3", "location:4"]
    choose(g, "location:2")
    assert ids(g) == ["done", "location:4"]
    choose(g, "location:4")
    assert m.ravagers == [7, 15]
    assert [[r.card for r in s] for s in b.ravagers] == [[], [], [10, 14], [], [21, 22, 20], []]
    assert g.state.current == NOELLE
    ok(g)


def test_destroy_both_cards_of_one_location_frees_the_robots_on_them():
    g = _madeline_destroys()
    b = g.state.board
    n = _player(g, NOELLE)
    assert n.break_room == 4
    events = choose(g, "location:3")
    assert "destroy" in kinds(events)
    assert _player(g, MADELINE).ravagers == [10, 14]
    assert b.ravagers[2] == []
    assert n.break_room == 5  # R4: back to the break room
    assert g.state.current == NOELLE
    ok(g)


def test_destroy_options_say_card_or_cards_and_the_robots_going_home():
    g = _madeline_destroys()
    one = g.decision.option("location:2").detail
    assert "(costs 1 activation; the card goes to your hand; top effect: " in one, one
    both = g.decision.option("location:3").detail
    assert (
        "(costs 2 activations; the cards go to your hand, Red's robot on them goes back "  # Noelle is Red
        "to the break room; " in both
    ), both  # whose robot, and where it goes (R4), not "1 robot on them goes home"


def test_the_destroy_log_says_whose_robots_go_back_to_the_break_room():
    g = _madeline_destroys()
    events = choose(g, "location:3")
    line = next(e.text for e in events if e.kind == "destroy")
    assert line == (
        "Blue destroys 2 Ravagers at action 3; Red's robot on them goes back to the break room."
    ), line


# --------------------------------------------------------------------------- debris flip


def test_debris_flip_example_gray_star_to_2_and_no_flip_of_a_bought_die():
    g = table()
    set_dice(g, {MADELINE: "o1 y0 g2", NOELLE: "y1", VALENTIN: "y3"})
    m = _player(g, MADELINE)
    m.debris, m.resources, m.ships = 1, 1, 0
    give_missions(g, MADELINE, M_GRAY)
    put_ship(g, "5A", MADELINE)
    # Before flipping, the gray star cannot take her ship to a Xhavit station 2 hexes away.
    assert "flip:y0" in ids(g)
    events = choose(g, "flip:y0")
    assert kinds(events) == ["flip"]
    assert m.standard == [Die(DieColour.ORANGE, 1), Die(DieColour.GRAY, 2), Die(DieColour.GREEN, 2)]
    assert m.debris == 0
    # Committed to Sequence A: no Sequence B any more, no debris to flip again.
    assert "B" not in ids(g)
    assert not any(o.startswith("flip") for o in ids(g))
    choose(g, "die:y2")
    assert ids(g) == ["action:3", "action:4"]
    choose(g, "action:4")
    assert {"move:5A-5C", "move:5A-7B"} <= set(ids(g))
    choose(g, "move:5A-5C")
    assert ids(g) == ["card:20", "skip"]
    ok(g)

    # Buying Noelle's gray 1 instead: a bought die cannot be flipped.
    g = table()
    set_dice(g, {MADELINE: "o1 y0 g2", NOELLE: "y1", VALENTIN: "y3"})
    m = _player(g, MADELINE)
    m.debris, m.resources = 1, 1
    choose(g, "buy:1:y1")
    assert (m.resources, _player(g, NOELLE).resources) == (0, 1)
    assert ids(g) == ["action:3"]
    # ... while her own die can be flipped even after she took it.
    g = table()
    set_dice(g, {MADELINE: "y1"})
    _player(g, MADELINE).debris = 1
    choose(g, "die:y1")
    assert ids(g) == ["action:3", "flip"]
    choose(g, "flip")
    assert g.state.turn["die"] == {"colour": "gray", "value": 3, "bought": False}


# --------------------------------------------------------------------------- Sequence B


def test_valentins_sequence_b(scripted_rolls):
    g = table()
    turn_of(g, VALENTIN)
    # Valentin holds only a gray star. The other players hold 5 of the 6
    # orange dice; the last one, in the supply, is damaged.
    set_dice(g, {VALENTIN: "y0", MADELINE: "o1 o1 o1", NOELLE: "o2 o3"})
    damage_supply_die(g, 0)
    v = _player(g, VALENTIN)
    v.vp, v.resources = 10, 1
    v.break_room -= 1
    v.workstations = [1, 2, 1]
    # His board: a Mission and a Ravager card played, a debris on a tile.
    give_missions(g, VALENTIN, M_ORANGE)
    give_ravagers(g, VALENTIN, 9)
    v.slots[0] = PlayedCard("mission", v.missions.pop())
    v.slots[4] = PlayedCard("ravager", v.ravagers.pop())
    set_grid(g, VALENTIN, {"A1": O_VP})
    v.grid_debris[0] = True
    first = g.state.board.strips[0].number
    scripted_rolls += [1, 3, 1, 2]  # orange, gray, gray, green

    events = choose(g, "B")
    # B.1: the star costs nothing; 4 dice for 4 workstation robots; the only
    # orange die is damaged: 1 VP.
    assert [e.data.get("amount") for e in events if e.kind == "vp_lost"] == [1]
    assert v.vp == 9
    assert v.standard == [
        Die(DieColour.ORANGE, 1),
        Die(DieColour.GRAY, 3),
        Die(DieColour.GRAY, 1),
        Die(DieColour.GREEN, 2),
    ]
    assert g.state.board.supply_damaged == [0, 0, 0]  # the cube went back to the supply
    assert g.decision.kind == "reserve"
    assert ids(g) == ["reserve:o1", "reserve:y3", "reserve:y1", "reserve:g2", "none"]
    events = choose(g, "reserve:y3")
    assert v.secure == [Die(DieColour.GRAY, 3)]
    assert v.resources == 0
    # B.2: the played cards are discarded, the debris goes to storage.
    assert v.slots == [None] * 6
    assert g.state.board.mission_discards[0][-1] == M_ORANGE
    assert g.state.board.ravager_discard[-1] == 9
    assert (v.grid_debris[0], v.debris) == (False, 1)
    # B.3: the Black Angel advances; the first strip goes to the end, flipped.
    assert "advance" in kinds(events)
    strips = g.state.board.strips
    assert (strips[-1].number, strips[-1].side) == (first, 1)
    assert [s.number for s in strips] == [2, 3, 4, 5, 6, 7, 1]
    assert g.state.current == 3
    ok(g)


def test_sequence_b_loses_vp_for_every_die_left_reserved_ones_included(scripted_rolls):
    g = table()
    turn_of(g, VALENTIN)
    set_dice(g, {VALENTIN: "o3 y2"}, secure={VALENTIN: "g1"})
    v = _player(g, VALENTIN)
    v.vp = 10
    scripted_rolls += [0, 0, 0]
    events = choose(g, "B")
    assert [e.data.get("amount") for e in events if e.kind == "vp_lost"] == [6]  # R3
    assert v.vp == 4
    assert v.secure == []
    assert g.state.board.supply == [5, 5, 5]


def test_discover_says_when_no_tile_is_left_for_the_activations():
    """A hand-played game: Discover stopped with activations left and nothing
    to buy, and no line said so (the log read as if all were spent)."""
    g = _discover_table({5: G_RESOURCE})
    b = g.state.board  # no Advanced tile to take either: the slots' tiles into the deck
    b.advanced_deck[:0] = [t for t in b.advanced_slots if t is not None]
    b.advanced_slots = [None] * len(b.advanced_slots)
    choose(g, "display:5")
    events = choose(g, "arrow:row1")
    name = g.name(NOELLE)
    assert [e.text for e in events if e.kind == "discover_unused"] == [
        f"{name} can take no more tiles: none left costs 2 or less (2 activations unused)."
    ]
    ok(g)


def test_discover_stopped_by_choice_logs_no_unused_line():
    g = _discover_table({3: O_SHIP, 4: Y_SHIP})
    choose(g, "display:3")
    choose(g, "arrow:row1")
    events = choose(g, "done")  # a tile was still there to take
    assert not [e for e in events if e.kind == "discover_unused"]
    ok(g)
