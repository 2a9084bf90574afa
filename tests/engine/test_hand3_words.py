"""Texts a tester read as wrong in a hand-played 3-player advanced game
against two simple bots (seed 3131, data/hand3_3p_advanced.json: every action
of the game, replayed by today's engine)."""

from __future__ import annotations

from tests.engine.helpers import RecordedGame

GAME = RecordedGame.load("hand3_3p_advanced.json")


def test_the_recorded_game_still_plays_to_its_result():
    g, _ = GAME.replay()
    assert g.is_over
    assert g.result["scores"] == [15, 16, 18]
    assert g.state.round == 14


def test_the_free_reservation_names_the_colour_the_tile_reserves():
    # Round 9: Red's green C3 ("1x: reserve a gray die for free in Sequence
    # B") asked "You may use a boost tile to reserve a die of its colour for
    # free.": its colour is green, the die it reserves gray.
    g = GAME.before("reserve:y2:C3", 1)
    assert g.decision.prompt == "You may use C3's boost to reserve a gray die for free."


def test_the_2_vp_boost_does_not_read_as_a_further_gain():
    # Round 8: "Use B1's boost: gain 2 VP; the tile flips to its standard side
    # (gain 1 VP)" read as 2 VP and then 1 more; the 1 VP is the standard
    # side's effect when the tile is activated later.
    g = GAME.before("flip:B1", 1)
    assert g.decision.option("flip:B1").detail == (
        "Use B1's boost: gain 2 VP; the tile flips to its standard side"
        " (when activated later: gain 1 VP)"
    )


def test_a_recoloured_die_says_the_two_cards_drawn_keep_its_colour():
    # Round 7: "make this die orange (you still draw a gray card)"; with the
    # advanced rules (the only ones with boosts) A.3 draws two cards of the
    # die's original colour and keeps one.
    g = GAME.before("recolour:C1:o", 1)
    assert g.decision.option("recolour:C1:o").detail == (
        "Use C1's boost (1x, the tile flips to its standard side): make this die orange"
        " (you still draw two gray cards, keeping one)"
    )


def test_a_flip_to_the_star_names_it_as_the_rolls_do():
    # Round 10: "flip your green 2 to its opposite face: green star", where
    # rolls and the rest of the options say "green star (0)".
    g = GAME.before("die:y2r:action:3", 1)
    assert g.decision.option("flip:g2").detail.startswith(
        "Spend a debris to flip your green 2 to its opposite face: green star (0)"
    )
