"""Advanced rules (rulebook "ADVANCED RULES"; COMPONENTS.md boost sides).

Scenario tests from a plain table (tests/engine/scenario.py) with the
advanced option on: tiles injected boost side up, only standard-side tiles
activated, early flips, the four "1x" effects, and A3 "draw two, keep one".
Then seeded random advanced games (2, 3, 4 players and solo) and
``python -m engine.simulate --advanced``.

Seats: 0 Madeline, 1 Noelle. Tiles (standard side / boost side, see
engine.components): 0 orange VP / 2 VP on Discover, 1 orange VP / 2 VP on
Repair, 16 gray VP / 2 VP on Discover, 4 orange ship / set an orange die to 3,
5 orange resource / set a gray die to 3, 8 orange debris / change an orange
die's colour, 10 orange activate above-below / change a green die's colour,
12 orange activate left-right / free reserve of an orange die, 13 orange
activate left-right / free reserve of a gray die.
"""

from __future__ import annotations

import functools
import json

import pytest

from engine import Action, Game, GameOptions, replay
from engine import simulate as sim
from engine.components import COLOUR_INDEX, DieColour
from engine.invariants import check
from engine.tile_words import tile_text
from tests.engine.helpers import choose, ids, refresh
from tests.engine.scenario import (
    MADELINE,
    NOELLE,
    give_missions,
    kinds,
    pull_mission,
    pull_tile,
    set_advanced_slots,
    set_dice,
    set_grid,
    table,
)
from tests.engine.test_hal import hal_deck, set_solo_dice, solo_table

O, Y, G = DieColour.ORANGE, DieColour.GRAY, DieColour.GREEN  # noqa: E741

T_VP_DISCOVER, T_VP_REPAIR, T_Y_VP_DISCOVER = 0, 1, 16
T_THREE_ORANGE, T_THREE_GRAY = 4, 5
T_RECOLOUR_ORANGE, T_ADJ_VERTICAL = 8, 10
T_RESERVE_ORANGE, T_RESERVE_GRAY = 12, 13
T_O_MOVE_SHIP, T_O_ROBOT = 7, 6
ADV_TILE = 64
M_ORANGE, M_ORANGE2, M_ORANGE3 = 0, 1, 2
M_GRAY, M_GRAY2 = 20, 21


def adv_table(players: int = 4) -> Game:
    """scenario.table with the advanced rules (setup is the same, see
    test_setup_differs_only_by_the_option)."""
    g = table(players)
    g.state.options.advanced = True
    refresh(g)
    return g


def boost(g: Game, seat: int, cells: dict[str, int]) -> None:
    """Tiles in the grid, boost side up."""
    from engine.ops import CELL_NAMES

    set_grid(g, seat, cells)
    for name in cells:
        g.state.players[seat].grid_boost[CELL_NAMES.index(name)] = True
    refresh(g)


def deck_top(g: Game, *cards: int) -> None:
    """Mission cards on top of their colour's deck, the last one drawn first."""
    from engine.components.cards import MISSION_CARDS

    for c in cards:
        g.state.board.mission_decks[COLOUR_INDEX[MISSION_CARDS[c].colour]].append(
            pull_mission(g, c)
        )


def me(g: Game):
    return g.state.players[MADELINE]


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_differs_only_by_the_option(players):
    basic = Game.new(GameOptions(players=players), 11).to_json()
    advanced = Game.new(GameOptions(players=players, advanced=True), 11).to_json()
    assert advanced["options"]["advanced"] is True
    advanced["options"]["advanced"] = False
    assert advanced == basic
    assert all(p["grid_boost"] == [False] * 9 for p in advanced["players"])


# --------------------------------------------------------------------------- boost side up


def _discover(g: Game, die: str = "o3") -> None:
    set_dice(g, {MADELINE: die})
    choose(g, f"die:{die}")
    choose(g, "action:1")


def test_discovered_tiles_are_injected_boost_side_up_and_the_sides_move_with_a_push():
    g = adv_table()
    set_grid(g, MADELINE, {"C1": T_O_ROBOT})  # standard side up
    boost(g, MADELINE, {"B1": T_O_MOVE_SHIP})
    g.state.board.display[3] = pull_tile(g, T_VP_DISCOVER)
    set_advanced_slots(g, ADV_TILE)
    _discover(g, "o3")
    assert ids(g) == ["done", "display:4", "advanced:1"]
    choose(g, "display:4")
    choose(g, "arrow:row1")
    p = me(g)
    assert p.grid[:3] == [T_O_MOVE_SHIP, T_O_ROBOT, T_VP_DISCOVER]
    assert p.grid_boost[:3] == [True, False, True]
    # 2 activations left: the Advanced tile, which has no boost side.
    choose(g, "advanced:1")
    choose(g, "arrow:row2")
    assert p.grid[5] == ADV_TILE and p.grid_boost[5] is False
    check(g)


def test_a_tile_entering_boost_side_up_is_named_by_its_boost_side():
    """The display shows a tile's boost side and the tile enters the grid so:
    the label, the log and the inject question name that side (its standard
    side after it), as does an arrow ejecting a boost-side-up tile."""
    g = adv_table()
    boost(g, MADELINE, {"A1": T_THREE_ORANGE, "B1": T_O_MOVE_SHIP, "C1": T_O_ROBOT})
    g.state.board.display[3] = pull_tile(g, T_VP_DISCOVER)
    _discover(g, "o1")
    side = (
        "orange tile, boost side up (1x: 2 VP when performing Discover; standard side: gain 1 VP)"
    )
    assert g.decision.option("display:4").label == (
        "Display 4 (cost 1): orange 1x: +2 VP on Discover, then +1 VP"
    )
    events = choose(g, "display:4")
    assert [e.text for e in events] == [f"Blue takes an {side} from display space 4."]
    assert g.decision.prompt == f"Inject {side} into your grid: choose an arrow."
    assert g.decision.option("arrow:row1").label == (
        "Row 1, from the right → C1, ejects A1 orange 1x: orange die = 3"
    )
    events = choose(g, "arrow:row1")
    assert [e.text for e in events][:2] == [
        f"Blue injects an {side} into row 1, from the right.",
        "Blue ejects an orange tile, boost side up (1x: set an orange die to 3; "
        "standard side: take 1 ship) from the grid.",
    ]


def test_an_ejected_tile_with_debris_on_it_says_the_debris_goes_back_to_storage():
    """Rulebook: "If a Technology tile with debris on it is ejected, reclaim
    the debris". A tester's solo game ejected A1 with a debris on it and the
    arrow and the log said nothing of the debris that came back."""
    g = adv_table()
    set_grid(g, MADELINE, {"A1": T_O_MOVE_SHIP, "B1": T_O_ROBOT, "C1": T_VP_DISCOVER})
    p = g.state.players[MADELINE]
    p.grid_debris[0] = True
    g.state.board.display[3] = pull_tile(g, T_THREE_ORANGE)
    _discover(g, "o1")
    choose(g, "display:4")
    assert g.decision.option("arrow:row1").detail.endswith("; its debris goes back to your storage")
    assert "debris" not in g.decision.option("arrow:colA").detail
    debris = p.debris
    events = choose(g, "arrow:row1")
    assert [e.text for e in events if e.kind == "eject"] == [
        "Blue ejects an orange tile (move a ship up to 2 hexes) from the grid; "
        "its debris goes back to their storage."
    ]
    assert p.debris == debris + 1


def test_every_boost_side_label_fits_a_button():
    from engine.components.tiles import TILES, TileKind
    from engine.discover import LABEL_ROOM, _display_label

    g = adv_table()
    longest = max(
        (_display_label(g, 7, t.id) for t in TILES if t.kind is TileKind.TECHNOLOGY), key=len
    )
    assert len(longest) <= LABEL_ROOM, longest


def test_in_the_basic_game_tiles_keep_their_standard_side():
    g = table()
    g.state.board.display[3] = pull_tile(g, T_VP_DISCOVER)
    _discover(g, "o1")
    choose(g, "display:4")
    choose(g, "arrow:row1")
    assert me(g).grid[2] == T_VP_DISCOVER
    assert me(g).grid_boost == [False] * 9
    # Basic A3: one card drawn, no choice.
    assert g.decision.kind == "turn" and g.state.current == NOELLE
    assert len(me(g).missions) == 1


def test_an_ejected_advanced_tile_placed_in_a_slot_is_named_in_the_log():
    # The log once read "places an Advanced Technology tile in the green
    # slot", naming neither the tile nor what it scores.
    g = adv_table()
    set_grid(g, MADELINE, {"A1": ADV_TILE, "B1": T_O_ROBOT, "C1": T_O_MOVE_SHIP})
    g.state.board.display[3] = pull_tile(g, T_VP_DISCOVER)
    _discover(g, "o1")
    choose(g, "display:4")
    choose(g, "arrow:row1")
    assert g.decision.kind == "advanced_slot"
    events = choose(g, "slot:g")
    name = tile_text(ADV_TILE).replace("Advanced Technology", "Advanced Technology tile")
    assert name.startswith("Advanced Technology tile (2 VP per")
    assert [e.text for e in events if e.kind == "advanced_slot"] == [
        f"Blue places an {name} in the green slot."
    ]


# --------------------------------------------------------------------------- activation and early flips


def test_a_card_activates_standard_side_tiles_and_a_boost_tile_only_after_flipping_it():
    g = adv_table()
    set_dice(g, {MADELINE: "o1"})
    set_grid(g, MADELINE, {"A2": T_VP_REPAIR})
    boost(g, MADELINE, {"B2": T_VP_DISCOVER})
    give_missions(g, MADELINE, M_ORANGE)
    p = me(g)
    choose(g, f"play:m{M_ORANGE}")
    choose(g, "slot:row2")
    d = g.decision
    assert [o.id for o in d.options] == ["done", "tile:A2", "tile:B2"]
    assert d.options[2].label.endswith("(flips it)")
    assert "flips it from its boost side" in d.options[2].detail
    events = choose(g, "tile:B2")
    # Flipped first (its 1x effect forfeited), then activated: 1 VP.
    assert kinds(events) == ["boost", "gain"]
    assert p.grid_boost[4] is False
    assert p.vp == 6
    assert ids(g) == ["done", "tile:A2"]
    choose(g, "tile:A2")
    assert p.vp == 7
    check(g)


def test_early_flip_is_offered_in_the_turn_decision():
    g = adv_table()
    set_dice(g, {MADELINE: "o1"})
    boost(g, MADELINE, {"A1": T_VP_DISCOVER, "C3": T_THREE_ORANGE})
    assert ids(g) == ["die:o1", "standard:A1", "standard:C3", "B"]
    events = choose(g, "standard:C3")
    assert kinds(events) == ["boost"]
    assert me(g).grid_boost == [True] + [False] * 8
    # Still the same turn; an early flip commits to neither sequence.
    assert g.decision.kind == "turn" and g.state.current == MADELINE
    assert ids(g) == ["die:o1", "standard:A1", "B"]
    assert g.state.turn.get("seq") is None
    check(g)


def test_no_early_flip_in_the_basic_game():
    g = table()
    set_dice(g, {MADELINE: "o1"})
    set_grid(g, MADELINE, {"A1": T_VP_DISCOVER})
    me(g).grid_boost[0] = True
    refresh(g)
    assert ids(g) == ["die:o1", "B"]


def test_debris_skips_boost_tiles():
    g = adv_table()
    set_dice(g, {MADELINE: "y1"})
    g.state.board.damage[0] = 1
    set_grid(g, MADELINE, {"B1": T_VP_REPAIR})
    boost(g, MADELINE, {"A1": T_VP_DISCOVER})
    choose(g, "die:y1")
    choose(g, "action:3")
    assert g.decision.kind == "repair"
    choose(g, "action:1")
    assert g.decision.kind == "place_debris"
    assert ids(g) == ["storage", "tile:B1"]


def test_adjacent_activation_skips_boost_tiles():
    g = adv_table()
    set_grid(g, MADELINE, {"B2": T_ADJ_VERTICAL, "B3": T_VP_REPAIR})
    boost(g, MADELINE, {"B1": T_VP_DISCOVER})
    g.state.frames.append({"k": "tile", "seat": MADELINE, "cell": 4})
    refresh(g)
    assert ids(g) == ["cell:B3", "skip"]


# --------------------------------------------------------------------------- 2 VP on an action


def test_vp_boost_on_the_indicated_action_flips_the_tile_for_2_vp():
    g = adv_table()
    boost(g, MADELINE, {"A1": T_VP_DISCOVER, "B1": T_VP_REPAIR})
    _discover(g, "o1")
    assert g.decision.kind == "boost_vp"
    # The action named as elsewhere ("on this discover action" read as a verb).
    assert g.decision.prompt == "Use a boost tile for 2 VP on this Discover action?"
    assert ids(g) == ["flip:A1", "skip"]  # not the Repair one
    events = choose(g, "flip:A1")
    assert kinds(events)[:2] == ["boost", "gain"]
    assert me(g).vp == 7
    assert me(g).grid_boost[:2] == [False, True]
    assert g.decision.kind != "boost_vp"
    check(g)


def test_only_one_vp_boost_per_action():
    g = adv_table()
    boost(g, MADELINE, {"A1": T_VP_DISCOVER, "B1": T_Y_VP_DISCOVER})
    _discover(g, "o1")
    assert ids(g) == ["flip:A1", "flip:B1", "skip"]
    choose(g, "flip:B1")
    assert me(g).vp == 7
    assert me(g).grid_boost[:2] == [True, False]
    assert g.decision.kind != "boost_vp"


def test_vp_boost_may_be_kept_for_later():
    g = adv_table()
    boost(g, MADELINE, {"A1": T_VP_DISCOVER})
    _discover(g, "o1")
    choose(g, "skip")
    assert me(g).vp == 5 and me(g).grid_boost[0] is True


# --------------------------------------------------------------------------- set a die to 3


@pytest.mark.parametrize("bought", [False, True])
def test_set_a_die_to_3_own_or_bought(bought):
    g = adv_table()
    if bought:
        set_dice(g, {NOELLE: "o1"})
        me(g).resources = 1
        choose(g, "buy:1:o1")
    else:
        set_dice(g, {MADELINE: "o1"})
        choose(g, "die:o1")
    boost(g, MADELINE, {"A1": T_THREE_ORANGE, "B1": T_THREE_GRAY})
    assert "three:A1" in ids(g) and "three:B1" not in ids(g)  # B1 sets a gray die
    events = choose(g, "three:A1")
    assert kinds(events) == ["boost"]
    # The die is named; "flips A1 to its standard side (its die is set to 3)"
    # gave the tile a die (a tester's solo game).
    assert [e.text for e in events] == [
        f"{g.name(MADELINE)} uses A1's boost: their orange 1 is set to 3; "
        "A1 flips to its standard side."
    ]
    assert g.state.turn["die"] == {"colour": "orange", "value": 3, "bought": bought}
    assert me(g).grid_boost[:2] == [False, True]
    assert not any(i.startswith("three:") for i in ids(g))
    check(g)
    choose(g, "action:1")
    assert g.state.frames[-1] == {"k": "discover", "seat": MADELINE, "left": 3}


def test_a_die_already_showing_3_is_not_offered_the_set_to_3_boost():
    g = adv_table()
    set_dice(g, {MADELINE: "o3"})
    boost(g, MADELINE, {"A1": T_THREE_ORANGE})
    choose(g, "die:o3")
    assert ids(g) == ["action:1"]


# --------------------------------------------------------------------------- change colour


@pytest.mark.parametrize("bought", [False, True])
def test_change_colour_own_or_bought_die_returns_and_draws_by_the_original_colour(bought):
    g = adv_table()
    if bought:
        set_dice(g, {NOELLE: "o2"})
        me(g).resources = 1
        choose(g, "buy:1:o2")
    else:
        set_dice(g, {MADELINE: "o2"})
        choose(g, "die:o2")
    boost(g, MADELINE, {"A1": T_RECOLOUR_ORANGE, "B1": T_ADJ_VERTICAL})
    recolours = [i for i in ids(g) if i.startswith("recolour:")]
    assert recolours == ["recolour:A1:y", "recolour:A1:g"]  # B1 changes a green die
    deck_top(g, M_ORANGE2, M_ORANGE)  # M_ORANGE drawn first
    supply = list(g.state.board.supply)
    events = choose(g, "recolour:A1:g")
    assert [e.text for e in events] == [
        f"{g.name(MADELINE)} uses A1's boost: their orange 2 becomes green; "
        "A1 flips to its standard side."
    ]
    die = g.state.turn["die"]
    assert die == {"colour": "green", "value": 2, "bought": bought, "original": "orange"}
    assert me(g).grid_boost[0] is False
    check(g)
    # Green actions now (Destroy; no ship for Command); B1 may now recolour it again.
    assert ids(g) == ["action:5", "recolour:B1:o", "recolour:B1:y"]
    choose(g, "action:5")
    # Advanced A3 with the ORIGINAL colour: two orange cards, keep one.
    assert g.decision.kind == "keep"
    assert ids(g) == [f"keep:{M_ORANGE}", f"keep:{M_ORANGE2}"]
    assert g.state.board.supply == [supply[0] + 1, supply[1], supply[2]]
    check(g)
    choose(g, f"keep:{M_ORANGE2}")
    assert me(g).missions == [M_ORANGE2]
    assert g.state.board.mission_discards[COLOUR_INDEX[O]][-1] == M_ORANGE
    assert g.state.current == NOELLE
    check(g)


# --------------------------------------------------------------------------- free reserve


def test_free_reserve_in_sequence_b_after_the_paid_one(scripted_rolls):
    g = adv_table()
    boost(g, MADELINE, {"A1": T_RESERVE_ORANGE, "B1": T_RESERVE_GRAY, "C1": T_VP_DISCOVER})
    me(g).resources = 1
    scripted_rolls += [2, 3, 1]  # orange, gray, green
    choose(g, "B")
    assert g.decision.kind == "reserve"
    assert ids(g) == ["reserve:o2", "reserve:y3", "reserve:g1", "none"]
    # The free reservations follow the paid one: its options say what the
    # boost tiles can still reserve for free after it (none but the tiles
    # whose colour is left), so nobody pays for a die a tile would reserve.
    words = {o.id: (o.label, o.detail) for o in g.decision.options}
    # A paid die that a tile could have reserved for free leaves that tile
    # nothing: the detail says so (the label, a button, has no room).
    assert words["reserve:o2"] == (
        "Reserve your orange 2 (1 resource); B1 then reserves a gray die free",
        "Reserve your orange 2 (1 resource): no one can buy it; "
        "then your B1 tile can reserve a gray die for free; "
        "your A1 tile then has no orange die left to reserve for free",
    )
    assert words["reserve:y3"] == (
        "Reserve your gray 3 (1 resource); A1 then reserves an orange die free",
        "Reserve your gray 3 (1 resource): no one can buy it; "
        "then your A1 tile can reserve an orange die for free; "
        "your B1 tile then has no gray die left to reserve for free",
    )
    assert words["reserve:g1"] == (
        "Reserve your green 1 (1 resource); A1, B1 then reserve 2 more free",
        "Reserve your green 1 (1 resource): no one can buy it; then your boost tiles can "
        "each reserve one more die for free (A1 an orange die, B1 a gray die)",
    )
    assert words["none"][0] == "Reserve nothing; A1, B1 then reserve 2 more free"
    assert g.decision.prompt.endswith(
        " Then your boost tiles can each reserve one more die for free "
        "(A1 an orange die, B1 a gray die)."
    )
    choose(g, "reserve:g1")
    assert me(g).resources == 0
    assert g.decision.kind == "free_reserve"
    assert ids(g) == ["reserve:o2:A1", "reserve:y3:B1", "none"]
    choose(g, "reserve:y3:B1")
    assert me(g).resources == 0  # free
    assert me(g).grid_boost[:3] == [True, False, True]
    # Another boost tile: another free reservation.
    assert ids(g) == ["reserve:o2:A1", "none"]
    choose(g, "reserve:o2:A1")
    assert [d.code for d in me(g).secure] == ["g1", "y3", "o2"]
    assert me(g).standard == []
    assert me(g).grid_boost[:3] == [False, False, True]
    assert g.state.current == NOELLE
    check(g)


def test_free_reserve_needs_a_die_of_the_tiles_colour(scripted_rolls):
    g = adv_table()
    boost(g, MADELINE, {"A1": T_RESERVE_GRAY})
    me(g).workstations = [1, 0, 1]
    me(g).break_room += 1
    scripted_rolls += [2, 1]  # orange, green
    choose(g, "B")
    # Nothing to pay with, no gray die: no reservation decision at all.
    assert g.state.current == NOELLE
    assert me(g).grid_boost[0] is True
    assert [d.code for d in me(g).standard] == ["o2", "g1"]


def test_reserving_a_star_die_names_it_star_0_as_the_options_do(scripted_rolls):
    # The log and the free reservation's options once read "gray 0" where
    # every other text reads "gray star (0)".
    g = adv_table()
    boost(g, MADELINE, {"A1": T_RESERVE_ORANGE})
    me(g).resources = 1
    scripted_rolls += [0, 0, 1]  # orange, gray, green
    choose(g, "B")
    events = choose(g, "reserve:y0")
    assert "Blue reserves their gray star (0)." in [e.text for e in events]
    words = {o.id: (o.label, o.detail) for o in g.decision.options}
    assert words["reserve:o0:A1"] == (
        "Reserve your orange star (0) with A1",
        "Reserve your orange star (0) for free with A1's boost (the tile flips to its standard side)",
    )
    events = choose(g, "reserve:o0:A1")
    assert "Blue reserves their orange star (0) for free." in [e.text for e in events]


# --------------------------------------------------------------------------- A3: draw two, keep one


def test_a3_draws_two_cards_of_the_die_colour_and_keeps_one():
    g = adv_table()
    set_dice(g, {MADELINE: "y1"})
    deck_top(g, M_GRAY2, M_GRAY)
    choose(g, "die:y1")
    events = choose(g, "action:3")
    assert kinds(events)[-1] == "draw"
    d = g.decision
    assert (d.kind, d.seat, d.secret) == ("keep", MADELINE, True)
    assert ids(g) == [f"keep:{M_GRAY}", f"keep:{M_GRAY2}"]
    check(g)  # the two drawn cards are accounted for while the choice is pending
    choose(g, f"keep:{M_GRAY}")
    assert me(g).missions == [M_GRAY]
    assert g.state.board.mission_discards[COLOUR_INDEX[Y]][-1] == M_GRAY2
    assert g.state.current == NOELLE


def test_a3_with_one_card_left_keeps_it_without_a_choice():
    g = adv_table()
    set_dice(g, {MADELINE: "y1"})
    b = g.state.board
    c = COLOUR_INDEX[Y]
    rest = [m for m in b.mission_decks[c] + b.mission_discards[c] if m != M_GRAY]
    b.mission_decks[c], b.mission_discards[c] = [M_GRAY], []
    g.state.players[NOELLE].tucked[c] += rest
    choose(g, "die:y1")
    choose(g, "action:3")
    assert me(g).missions == [M_GRAY]
    assert g.state.current == NOELLE
    check(g)


def at_the_hand_limit_after_keeping() -> Game:
    """Six Mission cards in hand, two drawn (A3) and the gray #M_GRAY2 kept:
    the hand limit (6) asks for a discard next."""
    g = adv_table()
    set_dice(g, {MADELINE: "y1"})
    give_missions(g, MADELINE, 40, 41, 42, 43, 44, 45)
    deck_top(g, M_GRAY2, M_GRAY)
    choose(g, "die:y1")
    choose(g, "action:3")
    choose(g, f"keep:{M_GRAY2}")
    return g


def test_a3_keep_respects_the_hand_limit_afterwards():
    g = at_the_hand_limit_after_keeping()
    assert g.decision.kind == "hand_limit"
    assert len(me(g).missions) == 7
    choose(g, "discard:40")
    assert me(g).missions == [41, 42, 43, 44, 45, M_GRAY2]
    assert g.state.current == NOELLE
    check(g)


# --------------------------------------------------------------------------- solo with the advanced rules


def test_solo_advanced_player_uses_a_boost_on_a_die_bought_from_hal():
    from tests.engine.scenario import set_grid as grid

    g = solo_table(advanced=True)
    hal_deck(g, 6, 2)
    set_solo_dice(g, hal="o1 y2")
    me(g).resources = 1
    grid(g, 0, {"A1": T_THREE_ORANGE})
    me(g).grid_boost[0] = True
    refresh(g)
    choose(g, "buy:h:o1")
    assert g.state.hal.vp == 6
    choose(g, "three:A1")
    assert g.state.turn["die"]["value"] == 3
    check(g)


# --------------------------------------------------------------------------- self-play


@functools.cache
def _play(options_key: tuple[int, bool], seed: int) -> tuple[Game, list[Action], set[str]]:
    """A seeded random game, invariants after every step; the decision kinds and
    option verbs seen. Cached: several tests look at the same games."""
    import random

    options = GameOptions(players=options_key[0], advanced=options_key[1])

    game = Game.new(options, seed)
    chooser = random.Random(seed)
    actions, seen = [], set()
    while not game.is_over:
        d = game.decision
        seen.update(o.id.partition(":")[0] for o in d.options)
        seen.add(d.kind)
        a = Action(d.seat, chooser.choice(d.options).id)
        game.apply(a)
        actions.append(a)
        check(game)
        assert len(actions) < sim.MAX_DECISIONS
    return game, actions, seen


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_advanced_games_end_keep_invariants_and_replay(players):
    seen_all: set[str] = set()
    for seed in range(5):
        game, actions, seen = _play((players, True), seed)
        seen_all |= seen
        result = game.result
        assert len(result["scores"]) == max(players, 2)
        assert result["winners"]
        again = replay(GameOptions(players=players, advanced=True), seed, actions)
        assert again.to_json() == game.to_json()
        data = json.loads(json.dumps(game.to_json()))
        assert Game.from_json(data).to_json() == game.to_json()
        assert any(any(p["grid_boost"]) or p["grid"] for p in data["players"])
    # Advanced A3 and early flips come up in every random game setting.
    assert {"keep", "standard"} <= seen_all


def test_random_advanced_games_offer_every_advanced_decision():
    seen: set[str] = set()
    for players in (1, 2, 3, 4):
        for seed in range(5):
            seen |= _play((players, True), seed)[2]
    assert {"keep", "standard", "boost_vp", "free_reserve", "three", "recolour"} <= seen


def test_random_advanced_game_is_the_same_with_the_simulate_chooser():
    options = GameOptions(players=3, advanced=True)
    game, actions = sim.play_random(options, 7)
    mine, my_actions, _ = _play((3, True), 7)
    assert actions == my_actions
    assert mine.to_json() == game.to_json()


@pytest.mark.parametrize("players", [1, 3])
def test_simulate_advanced_prints_the_documented_lines(players, capsys):
    argv = ["--advanced", "--players", str(players), "--games", "3", "--check-replay"]
    assert sim.main(argv) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 4
    for seed, line in zip((0, 1, 2), lines[:3], strict=True):
        assert list(line) == ["seed", "players", "decisions", "rounds", "end", "scores", "winners"]
        assert (line["seed"], line["players"]) == (seed, players)
        assert len(line["scores"]) == max(players, 2)
        game, actions = sim.play_random(GameOptions(players=players, advanced=True), seed)
        assert line["scores"] == game.result["scores"]
        assert line["winners"] == game.result["winners"]
        assert line["decisions"] == len(actions)
        assert line["rounds"] == game.state.round
    assert list(lines[3]) == ["games", "decisions", "seconds", "decisions_per_second"]
    assert lines[3]["decisions"] == sum(x["decisions"] for x in lines[:3])


def test_a_card_play_says_a_boost_side_tile_it_reaches_flips_and_loses_its_1x():
    """A hand-played game: "activates B2 (orange tile, boost side up (1x: …))"
    did not say that the play activates that tile only by flipping it, which
    forfeits its 1x effect (advanced rules, "1x" effect); the question after
    the play said so, too late to choose another card or slot."""
    from engine.boosts import boost_text
    from engine.components.cards import MISSION_CARDS

    g = adv_table()
    g.state.options.ask_stepwise = False
    set_dice(g, {MADELINE: "o3"})
    give_missions(g, MADELINE, M_ORANGE)
    set_grid(g, MADELINE, {"A2": T_VP_DISCOVER})
    boost(g, MADELINE, {"B2": T_O_ROBOT})
    play = g.decision.option(f"play:m{M_ORANGE}:slot:row2")
    assert (
        "B2 (orange tile, boost side up: activating it flips it, losing its 1x "
        f"({boost_text(T_O_ROBOT)}); standard side: "
    ) in play.detail
    assert "A2 (orange tile (gain 1 VP))" in play.detail  # a standard side: as before
    assert play.detail.endswith(f"; its Mission is given up: {MISSION_CARDS[M_ORANGE].text}")
    choose(g, play.id)
    assert "(flips it)" in g.decision.option("tile:B2").label
