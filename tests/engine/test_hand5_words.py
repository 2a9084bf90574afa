"""Texts a tester read as wrong in a hand-played 3-player advanced game
against two simple bots (seed 7, data/hand5_advanced_3p.json: every action
of the game, replayed by today's engine)."""

from __future__ import annotations

from tests.engine.helpers import RecordedGame

GAME = RecordedGame.load("hand5_advanced_3p.json")


def test_the_recorded_game_still_plays_to_its_result():
    g, _ = GAME.replay()
    assert g.is_over
    assert g.result["scores"] == [21, 28, 24]
    assert g.state.round == 16


def _pending_option(at: int, option: str) -> str:
    """The words of `option` in the decision answered by action `at`."""
    g, _ = GAME.replay(at)
    o = g.decision.option(option)
    assert o is not None
    return o.detail


def test_a_command_whose_ravager_takes_the_last_robot_says_so():
    # Round 8: Red had one robot in the break room and read, for her green 3
    # on action 6, "no robot in your break room for a card's reward": the
    # action's Ravager ("put a robot from the break room on this card") was
    # what would take it.
    assert GAME.actions[95] == [1, "die:o1"]
    assert _pending_option(95, "die:g3:action:6").endswith(
        "Ravager: put a robot from the break room on this card; the Ravager takes your last"
        " robot, so none is left for a card's reward: a ship can move, no card follows"
    )
    # Round 11, no ship in Space: "no robot in your break room to pilot a new ship".
    assert GAME.actions[145] == [1, "buy:0:g3:action:6"]
    assert _pending_option(145, "buy:0:g3:action:6").endswith(
        "Ravager: put a robot from the break room on this card; the Ravager takes your last"
        " robot, so none is left to pilot a new ship: no ship moves, no card follows"
    )


def test_a_command_where_no_ship_can_move_says_so():
    # Round 11: the Ravager took Red's last robot and she had no ship in
    # Space; the log read "performs action 6, Command Your Ships, with 3
    # activations. Red puts a robot on the Ravager at action 6." and went on
    # to her card draw, as if the 3 activations had done something unsaid.
    _, logged = GAME.replay()
    assert logged[145] == [
        "Red buys Blue's green 3 for 1 resource.",
        "Red performs action 6, Command Your Ships, with 3 activations.",
        "Red puts a robot on the Ravager at action 6.",
        "Red has no ship in Space and no robot left in their break room to pilot one: no ship"
        " moves.",
        "Red draws 2 green Mission cards to keep one.",
    ]


def test_a_ship_moving_tile_says_what_it_did():
    # Round 3: Yellow's green Mission card by row 1 reached B1 ("move a ship
    # up to 2 hexes") with no ship of hers in Space; the log said only
    # "Yellow flips B1 to its standard side (early, to activate it)."
    _, logged = GAME.replay()
    assert GAME.actions[44] == [2, "tile:B1"]
    assert logged[44] == [
        "Yellow flips B1 to its standard side (early, to activate it).",
        "Yellow's B1 moves no ship: Yellow has no ship in Space.",
    ]
    # Round 8: her Ravager card by column A reached A2 (a Starting tile: take
    # a ship or move one); the move read like a Command's, with no tile named
    # as the line before it ("Yellow gains 1 resource (tile A1).") names A1.
    assert GAME.actions[105] == [2, "move:3B-1B"]
    assert logged[104:106] == [
        ["Yellow plays a Ravager card by column A.", "Yellow gains 1 resource (tile A1)."],
        ["Yellow's ship moves from 3B to 1B (tile A2)."],
    ]


def test_an_advanced_tile_of_a_colour_says_it_counts_the_grid():
    # Round 15: "Advanced Technology (2 VP per orange tile at the end)" read as
    # if the orange tiles Red had ejected counted too; the rulebook counts the
    # tiles "that you have in your technology grid".
    assert GAME.actions[214] == [1, "advanced:1"]
    assert _pending_option(214, "advanced:1").startswith(
        "Advanced slot 1 (cost 2): Advanced Technology, 2 VP per orange tile in the grid at the"
        " end; "
    )
    _, logged = GAME.replay()
    assert logged[214][0] == (
        "Red takes an Advanced Technology tile (2 VP per orange tile in the grid at the end) from"
        " Advanced slot 1."
    )
    # and the tile that replaced it from the deck (rulebook: "immediately replaced")
    assert logged[214][1].startswith("Advanced slot 1 is refilled from the deck: an Advanced")
    assert len(logged[214]) == 2


def test_a_spent_technology_says_which_tile_left_the_grid():
    # Round 14: Red paid her orange Mission card at 3A with three tiles; the log
    # read "Red spends a Starting tile (take 1 resource OR 1 debris)." (she had
    # three Starting tiles) and "Red spends a gray tile (take 1 debris)." for a
    # tile that was boost side up.
    _, logged = GAME.replay()
    assert GAME.actions[195] == [1, "cell:A1"]
    assert logged[195][0] == "Red spends a Starting tile (take 1 resource OR 1 debris) from A1."
    assert logged[197][0] == (
        "Red spends a gray tile, boost side up (1x: change a gray die's colour; standard side:"
        " take 1 debris) from C1."
    )
