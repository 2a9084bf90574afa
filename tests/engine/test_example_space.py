"""Rulebook worked examples in Space: Command Your Ships (movement, placing a
Mission card, Ravagers appearing, tiles appearing), activating another
player's Mission card, and the ejection of the first strip (B.3) with the
appendix's neutralization examples.

The Space board is scenario.STRIPS (its map is drawn in tests/engine/
scenario.py); the Black Angel is on 4C. Seats: 0 Madeline, 1 Noelle,
2 Valentin, 3 a fourth player.
"""

from __future__ import annotations

import pytest

from engine.components.cards import RAVAGER_CARDS
from engine.describe import ravagers_on_placing
from engine.ravager_arrival import ravager_arrives
from engine.space import parse_hex
from engine.state import PlacedMission
from tests.engine.helpers import choose, ids, refresh
from tests.engine.scenario import (
    MADELINE,
    NOELLE,
    VALENTIN,
    give_missions,
    give_ravagers,
    kinds,
    ok,
    place_card,
    pull_mission,
    pull_tile,
    put_ship,
    ravager_deck_top,
    ravagers_at,
    set_dice,
    stack_top,
    table,
    turn_of,
)

# Mission cards (components.cards.MISSION_CARDS).
M_NEUTRAL_SHIPS = 12  # orange neutralization, reward 2 VP, tiles: orange then gray
M_GRAY = 20
M_SHIP_AND_VP = 1  # orange activation: per activation 1 ship and 1 VP
M_OWNER_SHIPS_HOLDERS_VP = 15  # orange: owner takes 3 ships, each ship holder gains 3 VP
M_PER_TUCKED_ORANGE = 38  # gray: 3 VP per orange card tucked
M_PER_SPACE_ORANGE = 56  # green: 3 VP per orange card owned in Space
M_ROBOT_AND_RAVAGER_VP = 49  # green activation: spend 1 robot and 1 Ravager card, gain 3 VP
M_RESOURCE_VP = 24  # gray activation: spend 1 resource, gain 2 VP


def _p(g, seat):
    return g.state.players[seat]


# --------------------------------------------------------------------------- Command: movement


def _madeline_commands(die: str = "o2", ship_in_space: bool = True, rules_version: int = 2):
    """Madeline's ship at 5D (1 in storage), an orange neutralization card and a
    gray card in hand. Noelle's ship at 3D; Noelle's and Valentin's ships at 3B."""
    g = table(rules_version=rules_version)
    set_dice(g, {MADELINE: die})
    m = _p(g, MADELINE)
    m.ships = 1
    give_missions(g, MADELINE, M_NEUTRAL_SHIPS, M_GRAY)
    if ship_in_space:
        put_ship(g, "5D", MADELINE)
    put_ship(g, "3D", NOELLE)
    put_ship(g, "3B", NOELLE)
    put_ship(g, "3B", VALENTIN)
    choose(g, f"die:{die}")
    return g


# Hand-counted on the map, 2 hexes at most, asteroids never crossed.
FROM_5D = {"5D", "4D", "4E", "5C", "6D", "6E", "7D", "7C", "5B", "4B", "4C", "3D", "3E"}
LAUNCH_2 = {"4C", "3D", "4B", "4D", "5C", "2A", "2B", "2E", "3A", "3E", "4E", "5B"}


def test_command_example_move_a_ship_in_space_or_launch_one_from_the_black_angel():
    g = _madeline_commands("o2")
    assert ids(g) == ["action:1", "action:2"]
    choose(g, "action:2")
    assert g.decision.kind == "command"
    got = ids(g)
    assert len(got) == len(set(got))
    assert set(got) == {f"move:5D-{h}" for h in FROM_5D} | {f"launch:{h}" for h in LAUNCH_2}
    # Asteroid fields block: 2C is 2 hexes from the Black Angel but only through
    # the asteroid field 3C; 6B is 2 hexes from 5D but only through 6C.
    assert "launch:2C" not in got and "move:5D-6B" not in got
    # 3B already holds 2 ships (it can still be crossed: 2A is reached through it);
    # 5D holds Madeline's own ship, so a new ship cannot stop there; 3D holds
    # one ship of another player, so it can.
    assert "launch:3B" not in got and "launch:2A" in got
    assert "launch:5D" not in got
    assert "launch:3D" in got and "move:5D-3D" in got


def test_command_example_place_an_orange_mission_card_on_a_melurien_planet():
    g = _madeline_commands("o2")
    m = _p(g, MADELINE)
    strips = g.state.board.strips
    choose(g, "action:2")
    events = choose(g, "move:5D-3D")
    assert kinds(events) == ["ship_moves"]
    assert strips[2].ships[3] == [NOELLE, MADELINE]
    assert strips[4].ships[3] == []
    # A card of the die's colour only (the gray card stays in hand); optional.
    assert g.decision.kind == "place_mission"
    assert ids(g) == [f"card:{M_NEUTRAL_SHIPS}", "skip"]
    events = choose(g, f"card:{M_NEUTRAL_SHIPS}")
    assert kinds(events)[:2] == ["mission_placed", "gain"]
    assert strips[2].cards[3] == PlacedMission(M_NEUTRAL_SHIPS, MADELINE)
    # The robot on the reward comes from the break room; the reward is 2 VP.
    assert (m.break_room, m.robots_supply, m.vp) == (4, 7, 7)
    # Noelle's ship was already there: it is now on the card.
    assert strips[2].ships[3] == [NOELLE, MADELINE]
    assert m.missions[0] == M_GRAY and len(m.missions) == 2  # plus the A.3 draw (orange)
    assert g.state.current == NOELLE
    ok(g)


def test_command_launch_a_new_ship_with_a_pilot_from_the_break_room():
    g = _madeline_commands("o2", ship_in_space=False)
    m = _p(g, MADELINE)
    choose(g, "action:2")
    assert set(ids(g)) == {f"launch:{h}" for h in LAUNCH_2 | {"5D"}}  # 5D is free now
    events = choose(g, "launch:3D")
    assert kinds(events) == ["launch", "ship_moves"]
    assert (m.ships, m.break_room, m.robots_supply) == (0, 4, 8)
    choose(g, f"card:{M_NEUTRAL_SHIPS}")
    assert (m.ships, m.break_room, m.robots_supply) == (0, 3, 8)
    assert g.state.board.strips[2].ships[3] == [NOELLE, MADELINE]
    ok(g)


def test_command_with_a_star_die_moves_nothing_launches_nothing_and_must_place_a_card():
    # R18: a star die performs only Command, onto the hex under a ship already
    # in Space; Madeline has a ship in storage and robots, but may not launch it
    # onto the Black Angel's hex (4C, orange).
    g = _madeline_commands("o0")
    assert ids(g) == ["action:2"]  # no Discover (action 1)
    choose(g, "action:2")
    assert ids(g) == ["move:5D-5D"]
    assert "no ship moves" in g.decision.prompt
    choose(g, "move:5D-5D")
    assert ids(g) == [f"card:{M_NEUTRAL_SHIPS}"]  # no "skip"
    events = choose(g, f"card:{M_NEUTRAL_SHIPS}")
    assert "ship_moves" not in kinds(events) and "launch" not in kinds(events)
    assert g.state.board.strips[4].cards[3] == PlacedMission(M_NEUTRAL_SHIPS, MADELINE)
    assert _p(g, MADELINE).ships == 1
    ok(g)


def test_without_a_card_to_place_a_star_die_cannot_be_taken():
    # R2/R18: nothing to command with the star (no orange card in hand): the
    # die is not offered, and with no other die only Sequence B is left.
    g = table()
    set_dice(g, {MADELINE: "o0"})
    _p(g, MADELINE).ships = 1
    put_ship(g, "5D", MADELINE)
    assert ids(g) == ["B"]


def test_version_1_a_star_die_discovers_and_launches_onto_the_black_angels_hex():
    # Games created before R18 keep the old reading (reading 4), so their logs replay.
    g = _madeline_commands("o0", rules_version=1)
    assert ids(g) == ["action:1", "action:2"]
    choose(g, "action:2")
    # No movement: the ship stays on its orange hex, or a new ship is launched
    # onto the Black Angel's hex (4C, orange); both can take a card.
    assert ids(g) == ["move:5D-5D", "launch:4C"]
    choose(g, "move:5D-5D")
    assert ids(g) == [f"card:{M_NEUTRAL_SHIPS}"]  # no "skip"
    choose(g, f"card:{M_NEUTRAL_SHIPS}")
    assert g.state.board.strips[4].cards[3] == PlacedMission(M_NEUTRAL_SHIPS, MADELINE)
    ok(g)
    # Without an orange card the star die is still taken, for Discover.
    g = table(rules_version=1)
    set_dice(g, {MADELINE: "o0"})
    _p(g, MADELINE).ships = 1
    put_ship(g, "5D", MADELINE)
    choose(g, "die:o0")
    assert ids(g) == ["action:1"]


# --------------------------------------------------------------------------- Ravagers appear


def test_ravagers_appear_full_location_and_damage_overflow_to_a_supply_die():
    # 3D touches 3E (Ravager ship, 1 icon) and 2E (1 icon, no card on it): 2 Ravagers.
    g = _madeline_commands("o2")
    b = g.state.board
    ravagers_at(g, 1, 1, 2, 3)  # location 1 is full
    b.damage = [1, 0, 2, 0, 0, 0]  # action 3 already has 2 cubes
    # Drawn in this order: location 5, location 1 (full), location 3.
    ravager_deck_top(g, 11, 0, 21)
    deck_before = len(b.ravager_deck)
    choose(g, "action:2")
    choose(g, "move:5D-3D")
    events = choose(g, f"card:{M_NEUTRAL_SHIPS}")
    assert [e.kind for e in events if "ravager" in e.kind or e.kind == "damage"] == [
        "ravagers_appear",
        "ravager",
        "damage",
        "ravager_discarded",
        "ravager",
        "damage",
    ]
    assert [e.data.get("location") for e in events if e.kind == "ravager"] == [5, 3]
    assert [e.text for e in events if e.kind == "ravager_discarded"] == [
        "A Ravager for action 1 is discarded: it already has 3 Ravagers."
    ]
    assert [[r.card for r in s] for s in b.ravagers] == [[1, 2, 3], [], [11], [], [21], []]
    assert b.ravager_discard[-1] == 0
    assert len(b.ravager_deck) == deck_before - 3
    # Location 5's cube on the action; location 3's on a gray supply die.
    assert b.damage == [1, 0, 2, 0, 1, 0]
    assert b.supply_damaged == [0, 1, 0]
    ok(g)


def _every_location_full(rules_version: int):
    """Three Ravagers on each of the 6 locations: every card left attacks a
    full one. Seat 0 is in a Sequence A."""
    g = table(rules_version=rules_version)
    for loc in range(1, 7):
        ravagers_at(g, loc, *[c.id for c in RAVAGER_CARDS if c.location == loc][:3])
    g.state.turn["seq"] = "A"
    g._events.clear()
    return g


def test_version_3_no_ravager_appears_once_every_location_is_full():
    # READINGS 18: the deck's cards are drawn and discarded once (the deck
    # running out in a Sequence A triggers the end), and it stops there.
    g = _every_location_full(rules_version=3)
    b = g.state.board
    left = len(b.ravager_deck) + len(b.ravager_discard)
    assert b.ravager_deck and left == len(RAVAGER_CARDS) - 18 - sum(
        len(p.ravagers) for p in g.state.players
    )
    damage = (list(b.damage), list(b.supply_damaged))
    assert ravager_arrives(g) is False
    events = g._events
    assert [e.kind for e in events] == ["end_triggered", "ravagers_blocked"]
    assert events[1].data["drawn"] > 0
    assert f"({events[1].data['drawn']} drawn and discarded)" in events[1].text
    assert not b.ravager_deck and len(b.ravager_discard) == left
    assert (b.damage, b.supply_damaged) == damage  # no cube anywhere
    assert g.state.end_trigger == "ravagers"
    # A second arrival (a card with 2 icons) finds nothing to draw: one short line.
    g._events.clear()
    assert ravager_arrives(g) is False
    assert [e.text for e in g._events] == [
        "No Ravager can appear: every Ravager card left attacks an action that already has 3."
    ]


def test_a_card_placed_with_every_location_full_says_no_ravager_appears():
    # 3D has 2 Ravager icons around it (see the test above): the option text
    # must not promise Ravagers that would all be discarded.
    g = _every_location_full(rules_version=3)
    hex_3d = parse_hex("3D")
    assert ravagers_on_placing(g, hex_3d) == (
        "no Ravager appears (2 icons around, 3 Ravagers at every action)"
    )
    g.state.board.ravagers[0].pop()
    assert ravagers_on_placing(g, hex_3d) == "2 Ravagers appear (2 icons around)"


def test_version_2_games_keep_reshuffling_the_full_locations_ravagers():
    # Stored version-2 games replay as they were played: up to 31 draws.
    g = _every_location_full(rules_version=2)
    assert ravager_arrives(g) is True
    kinds = [e.kind for e in g._events]
    assert kinds.count("ravager_discarded") == len(RAVAGER_CARDS) + 1
    assert "reshuffle" in kinds and "ravagers_blocked" not in kinds


def test_ravager_damage_is_ignored_when_every_supply_die_of_that_colour_is_damaged():
    g = _madeline_commands("o2")
    b = g.state.board
    b.damage = [0, 0, 2, 0, 2, 0]
    b.supply_damaged[1], b.supply[1] = b.supply[1], 0
    b.supply_damaged[2], b.supply[2] = b.supply[2], 0
    ravager_deck_top(g, 11, 21)
    choose(g, "action:2")
    choose(g, "move:5D-3D")
    events = choose(g, f"card:{M_NEUTRAL_SHIPS}")
    assert kinds(events).count("ravager") == 2
    assert "damage" not in kinds(events)
    assert b.damage == [0, 0, 2, 0, 2, 0]
    assert b.supply_damaged == [0, 6, 6]
    ok(g)


# --------------------------------------------------------------------------- tiles appear


def test_tiles_appear_in_the_cards_order_pushing_and_discarding_past_space_8():
    g = _madeline_commands("o2")
    b = g.state.board
    row = [0, 16, None, 32, 1, 17, 33, 2]
    for i, t in enumerate(row):
        b.display[i] = None if t is None else pull_tile(g, t)
    stack_top(g, 0, 9)  # next orange tile
    stack_top(g, 1, 25)  # next gray tile
    choose(g, "action:2")
    choose(g, "move:5D-3D")
    events = choose(g, f"card:{M_NEUTRAL_SHIPS}")
    # The card shows an orange then a gray tile. The orange one pushes 0 and 16
    # into the empty space 3; the gray one pushes the whole row, and the tile
    # on space 8 is discarded.
    assert [e.data["tile"] for e in events if e.kind == "tile_appears"] == [9, 25]
    assert [e.data["tile"] for e in events if e.kind == "tile_discarded"] == [2]
    # Each named as the display shows it (face up: public), as Discover names a tile.
    assert [e.text for e in events if e.kind in ("tile_appears", "tile_discarded")] == [
        "A new tile enters the display: orange tile (move a robot break room <-> workstation).",
        "A tile is pushed out of the display and discarded: orange tile (gain 1 VP).",
        "A new tile enters the display: gray tile (move a robot break room <-> workstation).",
    ]
    assert b.display == [25, 9, 0, 16, 32, 1, 17, 33]
    assert b.tech_discard[-1] == 2
    ok(g)


# --------------------------------------------------------------------------- another player's card


def _noelle_on_madelines_card():
    g = table()
    turn_of(g, NOELLE)
    set_dice(g, {NOELLE: "o3 y3", VALENTIN: "o3"})
    place_card(g, "3D", M_SHIP_AND_VP, MADELINE, ships=(MADELINE, NOELLE))
    return g


def test_activate_another_players_card_and_the_owner_takes_one_free_activation():
    # Noelle's orange 3 on Madeline's card (1 ship + 1 VP per activation), where
    # Noelle has a ship: 3 ships and 3 VP; Madeline then 1 ship and 1 VP (R11).
    g = _noelle_on_madelines_card()
    n, m = _p(g, NOELLE), _p(g, MADELINE)
    choose(g, "die:o3")
    assert ids(g) == ["action:1", "action:2", "mission:3D"]
    events = choose(g, "mission:3D")
    assert kinds(events) == ["mission_activated", "gain"]
    assert (n.ships, n.vp) == (3, 8)
    assert g.decision.kind == "owner_free"
    assert g.decision.seat == MADELINE
    assert ids(g) == ["activate", "decline"]
    events = choose(g, "activate", seat=MADELINE)
    assert kinds(events) == ["owner_free", "gain", "draw"]
    assert (m.ships, m.vp) == (1, 6)
    assert (n.ships, n.vp) == (3, 8)
    assert g.state.current == VALENTIN
    ok(g)


def test_activating_a_card_needs_the_die_colour_and_a_ship_or_robot_on_it():
    g = _noelle_on_madelines_card()
    choose(g, "die:y3")
    assert ids(g) == ["action:3", "action:4"]  # a gray die: not the orange card
    # Valentin has neither a ship nor the robot on the card.
    g = _noelle_on_madelines_card()
    turn_of(g, VALENTIN)
    choose(g, "die:o3")
    assert ids(g) == ["action:1"]
    # Madeline owns it (her robot): she may activate it herself, and no free
    # activation follows for anyone.
    g = _noelle_on_madelines_card()
    set_dice(g, {MADELINE: "o2"})
    turn_of(g, MADELINE)
    choose(g, "die:o2")
    assert ids(g) == ["action:1", "action:2", "mission:3D"]
    events = choose(g, "mission:3D")
    assert kinds(events) == ["mission_activated", "gain", "draw"]
    assert (_p(g, MADELINE).ships, _p(g, MADELINE).vp) == (2, 7)
    assert g.state.current == NOELLE


def test_the_owner_may_decline_the_free_activation():
    g = _noelle_on_madelines_card()
    choose(g, "die:o3")
    choose(g, "mission:3D")
    events = choose(g, "decline", seat=MADELINE)
    assert kinds(events) == ["owner_free", "draw"]
    assert (_p(g, MADELINE).ships, _p(g, MADELINE).vp) == (0, 5)


# --------------------------------------------------------------------------- B.3 ejection


def _valentin_b():
    """Valentin (no dice, no resources) is about to perform Sequence B. The
    first strip is strip 1, side 0: 1A orange, 1B asteroids, 1C gray,
    1D Ravager ship, 1E green."""
    g = table()
    turn_of(g, VALENTIN)
    return g


def test_ejection_example_activation_cards_go_to_their_owners_and_spes_comes_in_sight():
    g = _valentin_b()
    b = g.state.board
    place_card(g, "1A", 0, NOELLE, ships=(NOELLE,))
    place_card(g, "1C", M_GRAY, MADELINE, ships=(MADELINE, VALENTIN))
    put_ship(g, "1D", NOELLE)
    place_card(g, "3D", 3, NOELLE)  # stays in Space
    b.spes_token = 1  # the Spes token is on the first strip
    m, n, v = _p(g, MADELINE), _p(g, NOELLE), _p(g, VALENTIN)
    assert (m.robots_supply, n.robots_supply, v.robots_supply) == (6, 4, 7)
    events = choose(g, "B")
    assert kinds(events).count("eject_card") == 2
    assert kinds(events).count("ship_removed") == 4
    assert "neutralization" not in kinds(events)
    # The cards are tucked by colour; robots back to the supply, ships to the
    # general supply (not to anyone's storage).
    assert n.tucked == [[0], [], []]
    assert m.tucked == [[], [M_GRAY], []]
    assert (m.robots_supply, n.robots_supply, v.robots_supply) == (8, 7, 8)
    assert (m.ships, n.ships, v.ships) == (0, 0, 0)
    # The strip goes to the end, flipped, empty, with the Spes tile on its middle hex.
    assert [s.number for s in b.strips] == [2, 3, 4, 5, 6, 7, 1]
    last = b.strips[-1]
    assert (last.side, last.spes_tile, b.spes_token) == (1, True, None)
    assert last.cards == [None] * 5 and last.ships == [[]] * 5
    assert "spes" in kinds(events)
    # What stayed in Space moved one strip closer: 3D is now 2D.
    assert b.strips[1].cards[3] == PlacedMission(3, NOELLE)
    assert b.at_spes is False and g.state.end_trigger is None
    ok(g)


def test_ejection_neutralization_examples_from_the_appendix():
    g = _valentin_b()
    m, n = _p(g, MADELINE), _p(g, NOELLE)
    # Multi-effect card: owner Madeline takes 3 ships; Madeline and Noelle,
    # each with a ship on it, gain 3 VP.
    place_card(g, "1A", M_OWNER_SHIPS_HOLDERS_VP, MADELINE, ships=(MADELINE, NOELLE))
    # Single-effect card: 3 VP per orange card already tucked. Madeline has 2
    # (the orange card ejected with it does not count), Noelle 1; Madeline's
    # own ship earns nothing more.
    place_card(g, "1C", M_PER_TUCKED_ORANGE, MADELINE, ships=(MADELINE, NOELLE))
    m.tucked[0] = [pull_mission(g, 3), pull_mission(g, 4)]
    n.tucked[0] = [pull_mission(g, 5)]
    # Single-effect card: 3 VP per orange card owned in Space, the first strip
    # not counted: Madeline 1 (3D; her orange card on 1A is ejected), Noelle 1 (6B).
    place_card(g, "1E", M_PER_SPACE_ORANGE, MADELINE, ships=(MADELINE, NOELLE))
    place_card(g, "3D", 6, MADELINE)
    place_card(g, "6B", 7, NOELLE)
    events = choose(g, "B")
    assert kinds(events).count("neutralization") == 3
    assert m.ships == 3
    assert m.vp == 5 + 3 + 6 + 3
    assert n.vp == 5 + 3 + 3 + 3
    assert n.ships == 0
    assert m.tucked == [
        [3, 4, M_OWNER_SHIPS_HOLDERS_VP],
        [M_PER_TUCKED_ORANGE],
        [M_PER_SPACE_ORANGE],
    ]
    assert n.tucked == [[5], [], []]
    # Rewards and pilots home: Madeline keeps only the robot on 3D (now 2D) in Space.
    assert (m.robots_supply, n.robots_supply) == (7, 7)
    ok(g)


def test_ships_in_the_black_angels_asteroid_field_are_destroyed_when_it_leaves():
    g = _valentin_b()
    b = g.state.board
    # Strip 3 side 0 has its asteroid field in the middle: put it under the Black Angel.
    b.strips[2], b.strips[3] = b.strips[3], b.strips[2]
    put_ship(g, "4C", NOELLE)
    n = _p(g, NOELLE)
    events = choose(g, "B")
    assert "ship_destroyed" in kinds(events)
    assert n.robots_supply == 8
    assert all(seat != NOELLE for st in b.strips for ships in st.ships for seat in ships)
    ok(g)


def test_a_star_die_cannot_activate_another_players_card():
    # R18: a die worth 0 performs no Mission card activation. Noelle's ship is on
    # Madeline's card, but she holds no orange card: nothing to do with the star.
    g = _noelle_on_madelines_card()
    set_dice(g, {NOELLE: "o0 y2"})
    turn_of(g, NOELLE)
    assert "die:o0" not in ids(g) and "die:y2" in ids(g)
    # With a debris the star can be taken, and only flipped (to a 2) first.
    _p(g, NOELLE).debris = 1
    refresh(g)
    choose(g, "die:o0")
    assert ids(g) == ["flip"]
    choose(g, "flip")
    assert ids(g) == ["action:1", "action:2", "mission:3D"]
    ok(g)


def test_version_1_a_star_die_on_another_players_card_activates_nothing():
    # A.2: a value-0 die performs no action; R11's free activation follows an activation.
    g = _noelle_on_madelines_card()
    g.state.options.rules_version = 1
    set_dice(g, {NOELLE: "o0"})
    turn_of(g, NOELLE)
    choose(g, "die:o0")
    events = choose(g, "mission:3D")
    assert kinds(events) == ["mission_activated", "draw"]
    assert g.state.current == VALENTIN
    assert (_p(g, MADELINE).ships, _p(g, MADELINE).vp) == (0, 5)
    assert (_p(g, NOELLE).ships, _p(g, NOELLE).vp) == (0, 5)


def test_a_1_on_a_damaged_command_action_is_a_die_worth_0():
    # R18: 0 activations, the same rule as a star: no move, no launch, a card
    # under the ship already in Space, compulsory.
    g = _madeline_commands("o1")
    g.state.board.damage[1] = 2
    assert ids(g) == ["action:1", "action:2"]  # Discover (undamaged) gets 1
    events = choose(g, "action:2")
    assert [e.text for e in events if e.kind == "action"] == [
        "Blue performs action 2, Command Your Ships, with 0 activations (damaged action: −1)."
    ]
    assert ids(g) == ["move:5D-5D"]
    choose(g, "move:5D-5D")
    assert ids(g) == [f"card:{M_NEUTRAL_SHIPS}"]
    choose(g, f"card:{M_NEUTRAL_SHIPS}")
    assert g.state.board.strips[4].cards[3] == PlacedMission(M_NEUTRAL_SHIPS, MADELINE)
    assert g.state.current == NOELLE
    ok(g)


def test_version_1_a_die_brought_to_0_by_a_damaged_command_action_need_not_place():
    # Version 1: a 1 on a damaged action gives 0 activations, but it is not a
    # star die: only a star die must place a Mission card (Command, step 2).
    g = _madeline_commands("o1", rules_version=1)
    g.state.board.damage[1] = 2
    assert ids(g) == ["action:1", "action:2"]
    events = choose(g, "action:2")
    assert [e.text for e in events if e.kind == "action"] == [
        "Blue performs action 2, Command Your Ships, with 0 activations (damaged action: −1)."
    ]
    assert ids(g) == ["move:5D-5D", "launch:4C"]
    choose(g, "move:5D-5D")
    assert ids(g) == [f"card:{M_NEUTRAL_SHIPS}", "skip"]
    events = choose(g, "skip")
    assert kinds(events) == ["draw"]
    assert g.state.board.strips[4].cards[3] is None
    assert g.state.current == NOELLE
    ok(g)


def test_a_ship_moved_with_no_robot_in_the_break_room_says_no_card_follows():
    """The reward's robot comes from the break room (A.2, Command step 2):
    with none there, a ship already in Space may still move, but its option
    must not offer a card space it cannot fill."""
    g = _madeline_commands("o2")
    m = _p(g, MADELINE)
    m.robots_supply, m.break_room = m.robots_supply + m.break_room, 0
    refresh(g)
    choose(g, "action:2")
    move = g.decision.option("move:5D-3D")  # an orange hex with no card: free for an orange card
    assert "if you place" not in move.detail
    assert "no robot in your break room for the reward" in move.detail
    choose(g, "move:5D-3D")
    assert g.decision is None or g.decision.kind != "place_mission"
    assert g.state.board.strips[2].cards[3] is None
    ok(g)


# --------------------------------------------------------------------------- a cost storage cannot pay


def _madeline_on_her_converter(card: int, die: str, stepwise: bool):
    g = table()
    g.state.options.ask_stepwise = stepwise
    place_card(g, "3D", card, MADELINE)
    set_dice(g, {MADELINE: die, NOELLE: die})
    m = _p(g, MADELINE)
    m.break_room, m.resources = 5, 0
    turn_of(g, MADELINE)
    return g


def _mission_words(g, die_option: str) -> str:
    """The option's words for the die on the card at 3D, in either way of asking."""
    if g.decision.option(f"{die_option}:mission:3D") is not None:
        o = g.decision.option(f"{die_option}:mission:3D")
        return f"{o.label} | {o.detail}"
    choose(g, die_option)
    o = g.decision.option("mission:3D")
    return f"{o.label} | {o.detail}"


@pytest.mark.parametrize("stepwise", [False, True])
@pytest.mark.parametrize(
    ("ravager_cards", "note"),
    [
        (0, "You cannot pay for any (no Ravager card in hand): only the card draw follows."),
        (1, "You can pay for only 1 (1 Ravager card in hand)."),
        (2, "You can pay for only 2 (2 Ravager cards in hand)."),
        (3, None),
    ],
)
def test_a_die_on_a_converter_says_how_many_activations_storage_pays_for(
    ravager_cards, note, stepwise
):
    """Each activation of a card with a cost pays it (Mission appendix): a
    green 3 on "spend 1 robot and 1 Ravager card to gain 3 VP" with fewer
    than three Ravager cards gains less than the "3 times" promises, and the
    option says so; the activations left unpaid are named in the log."""
    g = _madeline_on_her_converter(M_ROBOT_AND_RAVAGER_VP, "g3", stepwise)
    give_ravagers(g, MADELINE, *[c.id for c in RAVAGER_CARDS[:ravager_cards]])
    refresh(g)
    words = _mission_words(g, "die:g3")
    if note is None:
        assert "pay for" not in words and "⚠" not in words
    else:
        assert note in words
        assert ("⚠ cannot pay" if ravager_cards == 0 else f"⚠ pays for {ravager_cards}") in words
    events = choose(g, "mission:3D" if stepwise else "die:g3:mission:3D")
    for _ in range(9):  # activate while it pays; a Ravager card to spend may be asked
        d = g.decision
        if d is None or d.kind not in ("mission", "spend_ravager"):
            break
        events += choose(g, "activate" if d.kind == "mission" else d.options[0].id)
    m = _p(g, MADELINE)
    assert m.vp == 5 + 3 * ravager_cards and not m.ravagers
    unpaid = [e.text for e in events if e.kind == "mission_unpaid"]
    if ravager_cards < 3:
        left = 3 - ravager_cards
        which = "another" if ravager_cards else "any"  # none paid for: not "another"
        assert unpaid == [
            f"{g.name(MADELINE)} cannot pay for {which} activation (no Ravager card in hand): "
            f"{left} activation{'s' if left > 1 else ''} unused."
        ]
    else:
        assert unpaid == []
    ok(g)


def test_the_public_line_for_unpaid_activations_says_their_break_room():
    """A tester's solo game: a green 3 on a card costing 1 robot each, with
    no robot in the break room, logged "Blue cannot pay for another
    activation (no robot in your break room): 3 activations unused." The
    log is read by everyone (a third-person line) and none was paid for."""
    g = _madeline_on_her_converter(M_ROBOT_AND_RAVAGER_VP, "g3", stepwise=True)
    give_ravagers(g, MADELINE, *[c.id for c in RAVAGER_CARDS[:3]])
    m = _p(g, MADELINE)
    m.robots_supply, m.break_room = m.robots_supply + m.break_room, 0
    refresh(g)
    choose(g, "die:g3")
    events = choose(g, "mission:3D")
    while g.decision is not None and g.decision.kind == "mission":
        events += choose(g, "done")
    assert [e.text for e in events if e.kind in ("mission_activated", "mission_unpaid")] == [
        # not "activates the Mission card at 3D 3 times": none was paid for
        f"{g.name(MADELINE)} uses the Mission card at 3D with 3 activations.",
        f"{g.name(MADELINE)} cannot pay for any activation (no robot in their break room): "
        "3 activations unused.",
    ]
    ok(g)


def test_an_activation_paid_from_storage_says_what_it_paid():
    """A tester's solo game logged "Blue gains 2 VP (Mission activation)."
    for "spend 1 debris to gain 2 VP": the debris spent went unsaid."""
    g = _madeline_on_her_converter(M_RESOURCE_VP, "y1", stepwise=False)
    _p(g, MADELINE).resources = 1
    refresh(g)
    choose(g, "die:y1:mission:3D")
    events = choose(g, "activate")
    assert [e.text for e in events if e.kind == "gain"] == [
        f"{g.name(MADELINE)} gains 2 VP (Mission activation, for 1 resource)."
    ]
    ok(g)


def test_a_bought_die_counts_the_resource_it_costs_before_the_activations():
    """Buying Noelle's gray 2 takes Madeline's only resource: none is left for
    "spend 1 resource to gain 2 VP", and the merged option says so."""
    g = _madeline_on_her_converter(M_RESOURCE_VP, "o1", stepwise=False)
    set_dice(g, {MADELINE: "o1", NOELLE: "y2"})
    _p(g, MADELINE).resources = 1
    refresh(g)
    o = g.decision.option("buy:1:y2:mission:3D")
    assert o is not None, [x.id for x in g.decision.options]
    assert "You cannot pay for any (no resource once the die is paid for)" in o.detail
    _p(g, MADELINE).resources = 2
    refresh(g)
    o = g.decision.option("buy:1:y2:mission:3D")
    assert "You can pay for only 1 (1 resource once the die is paid for)." in o.detail
    choose(g, "buy:1:y2:mission:3D")
    events = choose(g, "activate")
    assert _p(g, MADELINE).vp == 5 + 2
    assert [e.text for e in events if e.kind == "mission_unpaid"] == [
        f"{g.name(MADELINE)} cannot pay for another activation (no resource): 1 activation unused."
    ]


def test_an_empty_card_space_is_named_one_way():
    """A launch or move to an alien hex with no card says "no card yet" once,
    not "no card yet" and then "free card space" (a tester's report)."""
    g = _madeline_commands("o2")
    choose(g, "action:2")
    move = g.decision.option("move:5D-3D")  # an orange hex with no card: free for an orange card
    assert move.detail.count("no card yet") == 1, move.detail
    assert "free card space" not in move.detail, move.detail
    assert "; if you place an orange card here, " in move.detail, move.detail
    launches = [o for o in g.decision.options if o.id.startswith("launch:")]
    assert launches and all("free card space" not in o.detail for o in launches)


def test_a_new_ship_that_ends_on_the_black_angels_hex_is_not_said_to_move():
    """A launched ship starts its move from the Black Angel's hex (Command
    Your Ships); ending there it stays, not "moves from the Black Angel to 4C"."""
    g = _madeline_commands("o2")
    choose(g, "action:2")
    texts = [e.text for e in choose(g, "launch:4C")]  # 4C: the Black Angel's hex
    assert "Blue's new ship stays on the Black Angel's hex, 4C." in texts, texts
    assert not any("moves from the Black Angel" in t for t in texts), texts
    assert MADELINE in g.state.board.strips[3].ships[2]
