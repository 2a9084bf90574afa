"""Texts a tester read as wrong in a hand-played 4-player basic game against
three simple bots (seed 5151, data/hand4_4p_basic.json: every action of the
game, replayed by today's engine)."""

from __future__ import annotations

from tests.engine.helpers import RecordedGame

GAME = RecordedGame.load("hand4_4p_basic.json")


def test_the_recorded_game_still_plays_to_its_result():
    g, _ = GAME.replay()
    assert g.is_over
    assert g.result["scores"] == [25, 22, 24, 12]
    assert g.state.round == 12


def test_a_tile_that_activates_a_neighbour_says_which():
    # Yellow's gray B1 ("activate the tile left or right") activated the
    # Starting tile A1; the log read "Yellow plays a gray Mission card by row
    # 1. Yellow gains 1 debris (tile A1)." as if a gray card reached a Starting tile.
    _, logged = GAME.replay()
    lines = [t for texts in logged for t in texts]
    i = lines.index("Yellow plays a gray Mission card by row 1.")
    assert lines[i + 1 : i + 3] == ["Yellow's B1 activates A1.", "Yellow gains 1 debris (tile A1)."]


def test_a_tile_with_no_neighbour_to_activate_says_it_does_nothing():
    # Round 9: Yellow's orange card by column C reached only C3 ("activate the
    # tile above or below") with C2 empty; the option promised "activates C3
    # (orange tile (activate the tile above or below))" and the log said
    # nothing after "Yellow plays an orange Mission card by column C."
    g = GAME.before("play:m2:slot:colC", 2)
    play = g.decision.option("play:m2:slot:colC")
    assert play.detail.startswith(
        "Play Orange activation #2 by column C: activates C3 (orange tile (activate the tile"
        " above or below); no tile above or below it can be activated): nothing to do; its"
        " Mission is given up"
    )
    assert play.label.endswith("⚠ nothing to do")  # the button says it too
    _, logged = GAME.replay()
    at = GAME.actions.index([2, "play:m2:slot:colC"])
    assert logged[at] == [
        "Yellow plays an orange Mission card by column C.",
        "Yellow's C3 activates nothing: no tile above or below it can be activated.",
    ]


def test_a_die_on_a_mission_card_counts_activations_not_times():
    # Round 9: "Activate Green activation #45 at 3D, 1 time: …"; the log says
    # "uses the Mission card at 3D with 1 activation", and storage may pay for
    # fewer (R4), so the option counts activations as an action's option does.
    g = GAME.before("buy:3:g1:mission:3D", 1)
    assert g.decision.option("buy:3:g1:mission:3D").detail == (
        "Buy Purple's green 1 for 1 resource, paid to Purple → Activate Green activation #45"
        " at 3D with 1 activation: Per activation, spend 2 robots to gain 3 VP."
    )
    assert g.decision.option("buy:3:g3:mission:3D").detail == (
        "Buy Purple's green 3 for 1 resource, paid to Purple → Activate Green activation #45"
        " at 3D with 3 activations: Per activation, spend 2 robots to gain 3 VP. You can pay"
        " for only 1 (2 robots in your break room)."
    )


def test_a_command_with_no_robot_for_the_reward_says_no_card_follows():
    # Round 10: Red, no robot in the break room, bought Purple's green 3 for
    # "Action 6 Command Your Ships: 3 activations" and only then read, on every
    # hex, "no robot in your break room for the reward, so no green card can
    # be placed here": the die was spent on a ship that could only move.
    g = GAME.before("buy:3:g3:action:6", 1, 1)
    assert g.state.players[1].break_room == 0
    assert g.decision.option("buy:3:g3:action:6").detail == (
        "Buy Purple's green 3 for 1 resource, paid to Purple → Action 6 Command Your Ships:"
        " 3 activations; no robot in your break room for a card's reward: a ship can move,"
        " no card follows"
    )
    # with robots in the break room, nothing is added
    g = GAME.before("buy:3:g3:action:6", 1, 0)
    assert g.decision.option("buy:3:g3:action:6").detail == (
        "Buy Purple's green 3 for 1 resource, paid to Purple → Action 6 Command Your Ships:"
        " 3 activations"
    )


def test_a_ship_kept_where_it_is_is_logged():
    # Round 10: Red chose "Keep your ship at 2D"; the log went from "Red
    # performs action 6, Command Your Ships, with 3 activations." straight to
    # "Red draws a green Mission card."
    _, logged = GAME.replay()
    at = GAME.actions.index([1, "move:2D-2D"])
    assert logged[at][0] == "Red's ship stays at 2D."


def test_an_advanced_tile_says_an_ejection_alone_does_not_raise_its_cap():
    # Every Advanced slot read "at most 4 VP at the end unless ejected beside a
    # Mission colour", as if an ejection raised the cap; it grows by 2 VP per
    # Mission card tucked beside the slot ("Ejection of an Advanced Technology
    # Tile"), so Red, with none tucked, would still score at most 4.
    g = GAME.before("advanced:2", 1)
    assert g.decision.option("advanced:2").detail == (
        "Advanced slot 2 (cost 2): Advanced Technology, 2 VP per gray tile in the grid at the end;"
        " at most 4 VP at the end, or 4 + 2 per Mission card tucked beside the Advanced slot it is"
        " ejected into"
    )
