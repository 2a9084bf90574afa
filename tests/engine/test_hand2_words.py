"""Texts a tester read as wrong in a hand-played 2-player advanced game
(seed 4242, data/hand2_2p_advanced.json: every action of the game, replayed
by today's engine)."""

from __future__ import annotations

from tests.engine.helpers import RecordedGame

GAME = RecordedGame.load("hand2_2p_advanced.json")


def test_the_recorded_game_still_plays_to_its_result():
    g, _ = GAME.replay()
    assert g.is_over
    assert g.result["scores"] == [27, 14]


def test_one_ravager_icon_makes_a_ravager_appear_in_the_singular():
    # Blue placed a gray card on 4C, beside one Ravager icon: the log read
    # "1 Ravager icon around 4C: Ravagers appear."
    _, logged = GAME.replay()
    lines = [t for texts in logged for t in texts if " around " in t and "appear" in t]
    assert "1 Ravager icon around 4C: a Ravager appears." in lines
    assert "2 Ravager icons around 1B: Ravagers appear." in lines
    assert not any(t.startswith("1 Ravager icon") and t.endswith("Ravagers appear.") for t in lines)


def test_an_owners_neutralization_gain_has_no_parentheses_inside_parentheses():
    # It read "Red gains 1 ship and 1 resource (neutralization Mission (owner))."
    _, logged = GAME.replay()
    lines = [t for texts in logged for t in texts]
    assert "Red gains 1 ship and 1 resource (neutralization Mission, as its owner)." in lines
    assert "Blue gains 1 ship and 1 robot (neutralization Mission, as its owner)." in lines
    assert "Blue gains 3 resources (ship on a neutralization Mission)." in lines
    assert not any("((" in t or "))" in t for t in lines if t.endswith(")."))


def test_moving_a_robot_to_a_workstation_says_the_neutral_robot_there_leaves():
    # Blue's first robot move (round 2): "(you will roll 2 orange dice in
    # Sequence B)", silent about the neutral robot that then left (R16).
    g = GAME.before("to:o", 0)
    assert g.decision.option("to:o").detail == (
        "Move a robot from the break room to the orange workstation (you will roll up to"
        " 2 orange dice in Sequence B; the neutral robot there leaves the game)"
    )
    assert g.decision.option("from:o").detail == (
        "Move a robot from the orange workstation to the break room"
        " (you will roll no orange die in Sequence B)"
    )


def test_a_robot_move_promises_no_more_dice_than_the_supply_may_hold():
    # Round 7: Blue, 2 robots in the green workstation, read "you will roll 3
    # green dice in Sequence B"; with Red's and the neutral's green dice held,
    # at most 2 of the 4 could come back to Blue (B.1: "limited by their
    # availability"). The neutral robots had all gone: nothing is said of them.
    g = GAME.before("robot", 0)
    assert g.decision.option("to:g").detail == (
        "Move a robot from the break room to the green workstation"
        " (you will roll up to 3 green dice in Sequence B)"
    )
    texts = [o.detail for o in g.decision.options if o.id.startswith(("to:", "from:"))]
    assert not any("neutral" in t for t in texts)
    # Round 6, Blue's robot to green sent the last neutral robot away.
    g = GAME.before("to:g", 0)
    assert g.decision.option("to:g").detail.endswith(
        "(you will roll up to 2 green dice in Sequence B; the neutral robot there leaves the game)"
    )
