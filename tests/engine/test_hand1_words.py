"""Texts a tester read as wrong or missing in a hand-played solo game against
Hal (difficult, basic rules, seed 6262, data/hand1_solo_difficult.json: every
action of the game, replayed by today's engine)."""

from __future__ import annotations

from tests.engine.helpers import RecordedGame, refresh

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
        "Place Gray activation #28 on 3D (reward: 2 VP. Then 2 Ravagers appear (2 icons around);"
        " 1 Technology tile (orange) enters the display): Per activation, spend 1 resource"
        " and 1 debris to gain 3 VP."
    )


def _lines(upto: int | None) -> list[str]:
    _, logged = GAME.replay(upto)
    return [t for texts in logged for t in texts]


def test_hals_card_says_how_he_does_the_action_and_why_that_half_first():
    # Round 8, after Blue's Sequence B: "Hal reveals his card: gray Repair the
    # Black Angel / green Destroy Ravagers; he reads the bottom first." He then
    # destroyed at action 5 before action 3: the card's printed order (6 to 1)
    # and why the bottom came first were only in the board image.
    at = GAME.actions.index([0, "none"], 40)  # the reservation ending that Sequence B
    lines = _lines(at + 1)
    assert (
        "Hal reveals his card: gray Repair the Black Angel (actions 6 to 1) / green Destroy"
        " Ravagers (actions 6 to 1); he reads the bottom first (Blue performed Sequence B)."
    ) in lines
    # Round 6: his Discover with a 2 took an Advanced tile, as the card asks.
    assert (
        "Hal reveals his card: orange Discover Technology (Advanced tile first) / gray Command"
        " Your Ships; he reads the top first (Blue performed Sequence A)."
    ) in _lines(GAME.actions.index([0, "activate"]) + 2)


def test_hals_vp_show_the_weighting_they_come_from():
    # Round 7: "Hal scores 4 VP (Ravagers destroyed)." for 2 cards, and round 9
    # "Hal scores 4 VP (tiles discovered)." for a tile and an Advanced tile:
    # his weights change with every card (the back of his next one, shown only
    # after his reveal), so the sum could not be checked.
    lines = _lines(None)
    assert "Hal scores 4 VP (Ravagers destroyed: 2 Ravager cards × 2 VP)." in lines
    assert (
        "Hal scores 4 VP (tiles discovered: 1 Technology tile × 2 VP + 1 Advanced tile × 2 VP)."
    ) in lines
    assert "Hal scores 3 VP (debris from repairs: 3 debris × 1 VP)." in lines
    assert "Hal scores 2 VP (Mission reward: 1 ship × 2 VP)." in lines
    assert "Hal scores 2 VP (Mission reward: 2 VP)." in lines


def test_an_advanced_tile_on_a_button_says_what_it_scores():
    # Round 7: "Advanced slot 3 (cost 2): Advanced advanced tech" and "Advanced
    # slot 4 (cost 2): Advanced tech green", the tile kind's internal name.
    g = GAME.before("display:4", 0)
    assert [o.label for o in g.decision.options if o.id.startswith("advanced:")] == [
        "Advanced slot 1 (cost 2): Advanced (2 VP per ejected tile)",
        "Advanced slot 2 (cost 2): Advanced (2 VP per card in Space)",
        "Advanced slot 3 (cost 2): Advanced (2 VP per Advanced tile)",
        "Advanced slot 4 (cost 2): Advanced (2 VP per green tile)",
    ]


def test_an_arrow_ejecting_an_advanced_tile_names_it_within_a_label():
    # Blue's Advanced tile (2 VP per Ravager card) at C2, with row 2 full, is
    # what the row 2 arrow would eject; the label keeps to 70 characters.
    g = GAME.before("arrow:row3", 0)
    p = g.state.players[0]
    p.grid[3] = p.grid[4]  # A2 filled: the push reaches the row's end
    refresh(g)
    labels = {o.id: o.label for o in g.decision.options}
    assert labels["arrow:row2"] == "Row 2, from the right → C2, ejects A2 Starting tile"
    p.grid[3], p.grid[5] = p.grid[5], p.grid[3]  # the Advanced tile to A2
    refresh(g)
    labels = {o.id: o.label for o in g.decision.options}
    assert labels["arrow:row2"] == (
        "Row 2, from the right → C2, ejects A2 Advanced (2 VP per Ravager card)"
    )
    assert len(labels["arrow:row2"]) <= 70


def test_hals_placed_card_is_named_with_its_mission_and_the_icons_it_wakes():
    # Round 3: "Hal places an orange activation Mission card on 5C." then "A
    # Ravager attacks action 5." twice, unexplained; a player's placement names
    # the card and its mission (Blue could land a ship on it and take 2 ships
    # per activation) and the icons that call the Ravagers.
    lines = _lines(GAME.actions.index([0, "arrow:colB"]) + 1)
    at = lines.index("Hal places Orange activation #0 on 5C: Per activation, take 2 ships.")
    assert lines[at + 1 : at + 4] == [
        "Hal scores 2 VP (Mission reward: 2 VP).",
        "2 Ravager icons around 5C: Ravagers appear.",
        "A Ravager attacks action 5 (on top there: discard a Mission card).",
    ]


def test_an_arriving_ravager_says_what_it_does_to_its_action():
    # Round 5: "A Ravager attacks action 3." then Blue's Repair there cost a
    # robot; the effect showed only in the next turn's options.
    lines = _lines(GAME.actions.index([0, "arrow:colB"]) + 1)
    at = lines.index("2 Ravager icons around 5C: Ravagers appear.")
    assert lines[at + 3 : at + 5] == [
        "A Ravager attacks action 3 (on top there: put a robot from the break room on this card).",
        "Action 3 takes a damage cube.",
    ]


def test_hals_ejected_card_is_named():
    # Round 11: "Hal scores 3 VP (his Mission card is ejected)." right after
    # "The Black Angel advances toward Spes.": which card, and from where?
    lines = _lines(None)
    assert "Hal scores 3 VP (his Orange activation #0 at 1C is ejected)." in lines
    assert "Hal scores 3 VP (his Green neutralization #55 at 1C is ejected)." in lines


def test_hal_destroying_a_ravager_says_the_players_robot_on_it_comes_back():
    # Round 8: "Hal destroys 1 Ravager at action 3." and Blue's break room went
    # from 2 robots to 3 unexplained (the robot a Ravager made Blue put on it).
    at = GAME.actions.index([0, "none"], 40)
    _, logged = GAME.replay(at + 1)
    assert (
        "Hal destroys 1 Ravager at action 3; Blue's robot on it goes back to the break room."
        in logged[at]
    )


def test_sequence_b_names_the_cards_its_advance_ejects():
    # Round 8: "Sequence B: roll 4 dice: ..., reset your board, advance the
    # Black Angel" did not say that the advance ejects Blue's #28 (tucked, a
    # gray card for #59) and Hal's #55 (3 VP for Hal).
    g = GAME.before("B", 0)
    assert g.decision.option("B").detail == (
        "Sequence B: roll 4 dice: 1 orange, 2 gray, 1 green (one per robot in a workstation),"
        " reset your board, advance the Black Angel (ejecting Hal's Green neutralization #55"
        " at 1C and your Gray activation #28 at 1D)"
    )


def test_the_advance_says_hexes_are_renamed():
    # Blue placed #28 "on 3D" in round 1; after two advances the log said
    # "Blue's Mission card at 1D is ejected and tucked." with nothing between
    # to say the card had not moved but its hex's name had.
    at = GAME.actions.index([0, "none"])  # round 4's Sequence B
    _, logged = GAME.replay(at + 1)
    assert logged[at][1] == (
        "The Black Angel advances toward Spes; the first strip then goes to the far end,"
        " so every other hex is renamed one strip lower (2D becomes 1D)."
    )
