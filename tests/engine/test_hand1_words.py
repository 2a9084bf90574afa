"""Texts a tester read as wrong or missing in a hand-played solo game against
Hal (difficult, basic rules, seed 6262, data/hand1_solo_difficult.json: every
action of the game, replayed by today's engine)."""

from __future__ import annotations

from tests.engine.helpers import RecordedGame

GAME = RecordedGame.load("hand1_solo_difficult.json")


def test_the_recorded_game_still_plays_to_its_result():
    g, _ = GAME.replay()
    assert g.is_over
    assert g.result["scores"] == [33, 48]
    assert g.result["end"] == "ravagers"
    assert g.state.round == 16


def test_placing_a_card_says_which_tiles_it_brings_into_the_display():
    # Round 1: "Place Gray activation #28 on 3D (reward: 2 VP; 2 Ravagers
    # appear (2 icons around))" left out the orange tile the card brings into
    # the display, which the keep-a-card options and the hand image name.
    g = GAME.before("card:28", 0)
    assert g.decision.option("card:28").detail == (
        "Place Gray activation #28 on 3D (reward: 2 VP; 2 Ravagers appear (2 icons around);"
        " 1 Technology tile (orange) enters the display): Per activation, spend 1 resource"
        " and 1 debris to gain 3 VP."
    )
