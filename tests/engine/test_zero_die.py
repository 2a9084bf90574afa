"""R2 (amended) and R18, rules version 2: a die worth 0 (a star, or a 1 on a
damaged action) performs nothing but Command Your Ships, onto the hex under
one of your ships already in Space, with a Mission card placed there; and the
version-1 behaviour that games created before the fix keep.

The Space board is scenario.STRIPS (map in tests/engine/scenario.py); the
Black Angel is on 4C (an orange hex). Seats: 0 Madeline (Blue), 1 Noelle.
"""

from __future__ import annotations

import json
import random

import pytest

from engine import Action, Game, GameOptions, IllegalActionError, options_from_json
from engine.components import COLOUR_INDEX
from engine.components.cards import MISSION_CARDS, MissionKind
from tests.engine.golden import PATH as GOLDEN_V1
from tests.engine.helpers import choose, ids, refresh
from tests.engine.scenario import (
    MADELINE,
    NOELLE,
    damage_supply_die,
    give_missions,
    kinds,
    ok,
    place_card,
    put_ship,
    set_dice,
    set_grid,
    table,
    turn_of,
)

M_ORANGE, M_ORANGE2, M_GRAY, M_GRAY2 = 12, 13, 32, 33  # neutralization cards
T_O_MOVE_SHIP = 7  # orange: move a ship up to 2 hexes
T_THREE_ORANGE, T_RECOLOUR_ORANGE = 4, 8  # boost sides: set an orange die to 3 / recolour it

# colour letter, its non-Command action, its Command action, a free alien hex
# of that colour, another one for an activation card of that colour.
COLOURS = [("o", 1, 2, "5D", "3D"), ("y", 3, 4, "5C", "2B"), ("g", 5, 6, "3B", "7C")]


def _p(g, seat=MADELINE):
    return g.state.players[seat]


def _cards(colour: str, kind: MissionKind) -> list[int]:
    name = {"o": "orange", "y": "gray", "g": "green"}[colour]
    return [m.id for m in MISSION_CARDS if m.colour.value == name and m.kind is kind]


def _star_with_everything(colour: str, ship_hex: str, card_hex: str, rules_version: int = 2):
    """Madeline: a star die of the colour, a card of that colour, a ship on a
    free hex of that colour, another ship on an activation card of that colour
    (Noelle's), a ship in storage and robots in the break room (she could launch)."""
    g = table(rules_version=rules_version)
    set_dice(g, {MADELINE: f"{colour}0"})
    card = _cards(colour, MissionKind.NEUTRALIZATION)[0]
    give_missions(g, MADELINE, card)
    _p(g).ships = 1
    put_ship(g, ship_hex, MADELINE)
    place_card(g, card_hex, _cards(colour, MissionKind.ACTIVATION)[0], NOELLE, ships=(MADELINE,))
    refresh(g)
    return g, card


# --------------------------------------------------------------------------- a star die


@pytest.mark.parametrize(("colour", "other", "command", "ship_hex", "card_hex"), COLOURS)
def test_a_star_die_offers_only_command_under_a_ship_in_space_with_a_card(
    colour, other, command, ship_hex, card_hex
):
    g, card = _star_with_everything(colour, ship_hex, card_hex)
    choose(g, f"die:{colour}0")
    # No Discover / Repair / Destroy, no Mission activation: only Command.
    assert ids(g) == [f"action:{command}"]
    choose(g, f"action:{command}")
    # No move, no launch: the hex under the ship on a free hex of the colour
    # (the other ship's hex already holds a card).
    assert ids(g) == [f"move:{ship_hex}-{ship_hex}"]
    events = choose(g, f"move:{ship_hex}-{ship_hex}")
    assert ids(g) == [f"card:{card}"]  # compulsory: no "skip"
    events = choose(g, f"card:{card}")
    assert "mission_placed" in kinds(events) and "launch" not in kinds(events)
    assert _p(g).ships == 1
    assert g.state.current == NOELLE
    ok(g)


@pytest.mark.parametrize(("colour", "other", "command", "ship_hex", "card_hex"), COLOURS)
def test_version_1_a_star_die_offers_its_other_action_a_mission_and_a_launch(
    colour, other, command, ship_hex, card_hex
):
    g, _ = _star_with_everything(colour, ship_hex, card_hex, rules_version=1)
    choose(g, f"die:{colour}0")
    assert ids(g) == [f"action:{other}", f"action:{command}", f"mission:{card_hex}"]


def test_a_star_die_never_launches_a_ship_onto_the_black_angels_hex():
    # No ship in Space; a ship in storage, robots, an orange card, and the
    # Black Angel on an orange hex: version 1 launched there; now nothing to do.
    for version, expected in ((2, ["B"]), (1, [f"play:m{M_ORANGE}", "die:o0", "B"])):
        g = table(rules_version=version)
        set_dice(g, {MADELINE: "o0"})
        give_missions(g, MADELINE, M_ORANGE)
        _p(g).ships = 1
        refresh(g)
        assert ids(g) == expected
    choose(g, "die:o0")
    choose(g, "action:2")
    assert ids(g) == ["launch:4C"]


def test_a_star_die_cannot_place_on_a_hex_of_another_colour_or_that_holds_a_card():
    g = table()
    set_dice(g, {MADELINE: "o0"})
    give_missions(g, MADELINE, M_ORANGE, M_GRAY)
    put_ship(g, "5C", MADELINE)  # gray hex
    place_card(g, "5D", M_ORANGE2, NOELLE, ships=(MADELINE,))  # orange hex, taken
    refresh(g)
    assert ids(g) == ["B"]


def test_a_star_die_needs_a_robot_for_the_card():
    g = table()
    set_dice(g, {MADELINE: "o0"})
    give_missions(g, MADELINE, M_ORANGE)
    put_ship(g, "5D", MADELINE)
    _p(g).robots_supply += _p(g).break_room
    _p(g).break_room = 0
    refresh(g)
    assert ids(g) == ["B"]


# --------------------------------------------------------------------------- a 1 on a damaged action


@pytest.mark.parametrize(("colour", "other", "command", "ship_hex", "card_hex"), COLOURS)
def test_a_1_on_a_damaged_action_is_worth_0_there(colour, other, command, ship_hex, card_hex):
    # Both actions of the colour damaged: the 1 is worth 0 on each, so it only
    # places a card under a ship already in Space (no move, no launch).
    g, card = _star_with_everything(colour, ship_hex, card_hex)
    set_dice(g, {MADELINE: f"{colour}1"})
    g.state.board.damage[other - 1] = g.state.board.damage[command - 1] = 2
    refresh(g)
    choose(g, f"die:{colour}1")
    # A Mission card is not an action: the 1 activates it once.
    assert ids(g) == [f"action:{command}", f"mission:{card_hex}"]
    choose(g, f"action:{command}")
    assert ids(g) == [f"move:{ship_hex}-{ship_hex}"]
    choose(g, f"move:{ship_hex}-{ship_hex}")
    assert ids(g) == [f"card:{card}"]
    ok(g)


@pytest.mark.parametrize(("colour", "other", "command"), [(c[0], c[1], c[2]) for c in COLOURS])
def test_a_1_with_both_actions_damaged_and_nothing_to_command_cannot_be_taken(
    colour, other, command
):
    g = table()
    set_dice(g, {MADELINE: f"{colour}1"})
    g.state.board.damage[other - 1] = g.state.board.damage[command - 1] = 2
    refresh(g)
    assert ids(g) == ["B"]
    g.state.options.rules_version = 1
    refresh(g)
    assert ids(g) == [f"die:{colour}1", "B"]


# --------------------------------------------------------------------------- debris flips a star


def test_a_star_that_debris_can_flip_is_taken_and_flipped_first():
    g = table()
    set_dice(g, {MADELINE: "o0"})
    _p(g).debris = 1
    refresh(g)
    assert ids(g) == ["die:o0", "flip:o0", "B"]
    choose(g, "die:o0")
    assert ids(g) == ["flip"]  # nothing to do with the star itself
    choose(g, "flip")
    assert g.state.turn["die"]["value"] == 2
    assert ids(g) == ["action:1"]
    ok(g)
    # Flipping before taking it works too.
    g = table()
    set_dice(g, {MADELINE: "o0"})
    _p(g).debris = 1
    refresh(g)
    choose(g, "flip:o0")
    assert ids(g) == ["die:o2"]


def test_a_flip_that_leaves_no_usable_die_is_not_offered():
    # Flipping the gray 2 gives a star with nothing to command: not offered
    # (it would commit to Sequence A with no die left to use).
    g = table()
    set_dice(g, {MADELINE: "y2"})
    _p(g).debris = 1
    refresh(g)
    assert ids(g) == ["die:y2", "B"]
    choose(g, "die:y2")
    assert ids(g) == ["action:3"]
    g.state.options.rules_version = 1
    refresh(g)
    assert ids(g) == ["action:3", "flip"]


def test_a_bought_star_cannot_be_flipped_so_it_is_bought_only_to_place_a_card():
    g = table()
    set_dice(g, {NOELLE: "o0"})
    _p(g).resources, _p(g).debris = 1, 1
    refresh(g)
    assert ids(g) == ["B"]
    give_missions(g, MADELINE, M_ORANGE)
    put_ship(g, "5D", MADELINE)
    refresh(g)
    assert ids(g) == ["buy:1:o0", "B"]  # playing the only orange card: not offered
    choose(g, "buy:1:o0")
    assert ids(g) == ["action:2"]  # no "flip": a bought die cannot be flipped


# --------------------------------------------------------------------------- Sequence B only, pass


def test_a_star_only_player_with_nothing_to_command_is_offered_only_sequence_b():
    g = table()
    set_dice(g, {MADELINE: "o0 y0 g0", NOELLE: "o3"})  # Noelle's die: no resource to buy it
    give_missions(g, MADELINE, M_ORANGE, M_GRAY)
    assert ids(g) == ["B"]
    events = choose(g, "B")
    assert [e.data.get("amount") for e in events if e.kind == "vp_lost"] == []
    ok(g)


def test_in_the_final_round_a_star_only_player_may_pass():
    g = table()
    set_dice(g, {MADELINE: "y0"})
    s = g.state
    s.end_trigger, s.last_round = "ravagers", s.round
    refresh(g)
    assert ids(g) == ["pass", "B"]
    events = choose(g, "pass")
    assert kinds(events) == ["pass"]
    assert s.current == NOELLE
    # Version 1: the star die was a Sequence A, so no pass.
    g = table(rules_version=1)
    set_dice(g, {MADELINE: "y0"})
    g.state.end_trigger, g.state.last_round = "ravagers", g.state.round
    refresh(g)
    assert ids(g) == ["die:y0", "B"]


def test_the_card_a_star_needs_cannot_be_played_in_a1():
    # Sequence A is chosen by playing a card; playing the only orange card
    # would leave the star nothing to place, so that card is not offered.
    g = table()
    set_dice(g, {MADELINE: "o0"})
    give_missions(g, MADELINE, M_ORANGE, M_GRAY)
    put_ship(g, "5D", MADELINE)
    refresh(g)
    assert ids(g) == [f"play:m{M_GRAY}", "die:o0", "B"]
    give_missions(g, MADELINE, M_ORANGE2)
    refresh(g)
    assert ids(g)[:3] == [f"play:m{M_ORANGE}", f"play:m{M_GRAY}", f"play:m{M_ORANGE2}"]


def test_a_tile_effect_that_leaves_no_usable_die_ends_the_turn():
    # Reading 16: the A.1 card activates a tile that moves Madeline's ship off
    # the only gray hex her star could place a card on.
    g = table()
    set_dice(g, {MADELINE: "y0"})
    give_missions(g, MADELINE, M_GRAY, M_ORANGE)
    put_ship(g, "5C", MADELINE)
    set_grid(g, MADELINE, {"A1": T_O_MOVE_SHIP})
    refresh(g)
    choose(g, f"play:m{M_ORANGE}")
    choose(g, "slot:row1")
    choose(g, "tile:A1")
    events = choose(g, "move:5C-5D")
    assert kinds(events) == ["ship_moves", "no_die"]
    assert events[-1].text == "Blue has no die they can take and use: the turn ends."
    assert g.state.current == NOELLE
    assert [d.code for d in _p(g).standard] == ["y0"]
    ok(g)


# --------------------------------------------------------------------------- advanced: boosts


def _adv(version: int = 2) -> Game:
    g = table(rules_version=version)
    g.state.options.advanced = True
    return g


def _boost(g: Game, cell: str, tile: int) -> None:
    from engine.ops import CELL_NAMES

    set_grid(g, MADELINE, {cell: tile})
    _p(g).grid_boost[CELL_NAMES.index(cell)] = True
    refresh(g)


def test_a_boost_that_sets_the_die_to_3_makes_a_star_usable():
    g = _adv()
    set_dice(g, {MADELINE: "o0"})
    _boost(g, "A1", T_THREE_ORANGE)
    assert "die:o0" in ids(g)
    choose(g, "die:o0")
    assert ids(g) == ["three:A1"]
    choose(g, "three:A1")
    assert ids(g) == ["action:1"]


def test_a_colour_boost_is_offered_only_towards_a_colour_the_star_can_use():
    g = _adv()
    set_dice(g, {MADELINE: "o0"})
    give_missions(g, MADELINE, M_GRAY, M_GRAY2)
    put_ship(g, "5C", MADELINE)  # gray hex
    _boost(g, "A1", T_RECOLOUR_ORANGE)
    choose(g, "die:o0")
    assert ids(g) == ["recolour:A1:y"]  # not green: nothing to place there
    choose(g, "recolour:A1:y")
    assert ids(g) == ["action:4"]
    choose(g, "action:4")
    assert ids(g) == ["move:5C-5C"]


def test_once_committed_the_boost_a_star_needs_cannot_be_flipped_early():
    g = _adv()
    set_dice(g, {MADELINE: "o0"})
    give_missions(g, MADELINE, M_ORANGE)
    _boost(g, "A1", T_THREE_ORANGE)
    assert "standard:A1" in ids(g)  # not committed yet: B stays open
    choose(g, f"play:m{M_ORANGE}")
    choose(g, "slot:colC")
    assert "standard:A1" not in ids(g) and "die:o0" in ids(g)


# --------------------------------------------------------------------------- Hal is unaffected


@pytest.mark.parametrize("die", ["o1", "o0"])
@pytest.mark.parametrize("version", [1, 2])
def test_hal_still_scores_3_vp_for_a_die_worth_0(die, version):
    from tests.engine.test_hal import (
        ADV,
        T_O1,
        display,
        hal,
        hal_deck,
        hal_plays,
        hal_vp_events,
        set_advanced_slots,
        set_solo_dice,
        solo_table,
    )

    g = solo_table()
    g.state.options.rules_version = version
    hal_deck(g, 6, 2)
    set_solo_dice(g, hal=die)
    g.state.board.damage = [2, 0, 0, 0, 0, 0]
    set_advanced_slots(g, ADV[0], ADV[1], ADV[2], ADV[3])
    display(g, {5: T_O1})
    events = hal_plays(g, "A")
    assert hal(g).tiles == []
    assert hal_vp_events(events) == [3]


# --------------------------------------------------------------------------- clamped VP losses


def test_a_clamped_loss_reports_what_was_really_lost():
    g = table()
    set_dice(g, {MADELINE: "o3 y3"})
    _p(g).vp = 2
    refresh(g)
    events = choose(g, "B")
    lost = [e for e in events if e.kind == "vp_lost"]
    assert [e.text for e in lost] == [
        "Blue loses 2 VP (dice left in the compartment; 6 were due, but a score cannot go below 0)."
    ]
    assert (lost[0].data["amount"], lost[0].data["due"], _p(g).vp) == (2, 6, 0)
    # With nothing left, nothing is lost.
    turn_of(g, MADELINE)
    set_dice(g, {MADELINE: "g2"})
    refresh(g)
    events = choose(g, "B")
    assert [e.text for e in events if e.kind == "vp_lost"][0] == (
        "Blue would lose 2 VP (dice left in the compartment) but has no VP left to lose."
    )
    ok(g)


def test_an_unclamped_loss_reads_as_before():
    g = table()
    set_dice(g, {MADELINE: "o3"})
    events = choose(g, "B")
    assert [e.text for e in events if e.kind == "vp_lost"] == [
        "Blue loses 3 VP (dice left in the compartment)."
    ]


def test_hals_clamped_loss_reports_what_was_really_lost():
    from tests.engine.test_hal import hal, hal_plays, set_solo_dice, solo_table

    g = solo_table()
    set_solo_dice(g, player="o1 o2 o3")
    damage_supply_die(g, COLOUR_INDEX[MISSION_CARDS[0].colour])
    hal(g).vp = 0
    events = hal_plays(g, "A")
    assert [e.text for e in events if e.kind == "vp_lost"] == [
        "Hal would lose 1 VP (rolling a damaged orange die) but has no VP left to lose."
    ]
    assert hal(g).vp == 0


# --------------------------------------------------------------------------- live games survive


def _star_discover(record) -> int | None:
    """Index of a star die's Discover in a recorded log, if any."""
    actions = record["actions"]
    for i in range(len(actions) - 1):
        if actions[i][1] in ("die:o0", "die:o0r") and actions[i + 1][1] == "action:1":
            return i + 1
    return None


def test_an_old_version_log_where_a_star_discovers_still_replays():
    golden = json.loads(GOLDEN_V1.read_text())
    record = next(r for r in golden if _star_discover(r) is not None)
    assert "rules_version" not in record["options"]  # stored before versions existed
    options = options_from_json(record["options"])
    assert options.rules_version == 1
    i = _star_discover(record)
    game = Game.new(options, record["seed"])
    for seat, option in record["actions"][:i]:
        game.apply(Action(seat, option))
    events = game.apply(Action(*record["actions"][i]))
    assert [e.text for e in events if e.kind == "action"][0].endswith("with 0 activations.")
    for seat, option in record["actions"][i + 1 :]:
        game.apply(Action(seat, option))
    assert game.is_over
    assert game.result["scores"] == record["result"]["scores"]
    # The same log under today's rules breaks: that is why the version is kept.
    options.rules_version = 2
    game = Game.new(options, record["seed"])
    with pytest.raises(IllegalActionError):
        for seat, option in record["actions"][: i + 1]:
            game.apply(Action(seat, option))


@pytest.mark.parametrize(("players", "advanced"), [(1, False), (2, True), (3, False), (4, True)])
def test_random_version_2_games_use_a_die_worth_0_only_to_place_a_card(players, advanced):
    for seed in range(3):
        g = Game.new(GameOptions(players=players, advanced=advanced), seed)
        chooser = random.Random(seed)
        while not g.is_over:
            d = g.decision
            events = g.apply(Action(d.seat, chooser.choice(d.options).id))
            for e in events:
                hal = players == 1 and e.seat == 1
                if e.kind == "action" and not hal and "with 0 activation" in e.text:
                    assert "Command Your Ships" in e.text
                assert not (e.kind == "mission_activated" and "with 0 activation" in e.text)
