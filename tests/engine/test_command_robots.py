"""A Command's card needs a robot for its reward, and a new ship its pilot
first (rulebook A.2, Command step 2): the move options and the action option
say when no card can follow, from the same count (engine/space_board.py
`robots_for_a_card`)."""

from __future__ import annotations

import pytest

from engine import Game, GameOptions
from engine.command import move_option
from engine.components import DieColour
from engine.components.cards import RAVAGER_CARDS, RavagerEffect
from engine.components.strips import HexKind
from engine.describe import action_text
from engine.space_board import all_hexes, ba_hex, hex_spec, robots_for_a_card, ship_hexes
from tests.engine.scenario import ravagers_at

SEAT = 0
GREEN_COMMAND = 6  # action 6: Command Your Ships (green)


def _game() -> Game:
    g = Game.new(GameOptions(players=2), 7)
    g.state.board.ravagers[GREEN_COMMAND - 1].clear()  # no Ravager taking a robot
    return g


def _green_alien_hex(g: Game):
    return next(
        h
        for h in all_hexes(g)
        if hex_spec(g, h).kind is HexKind.ALIEN
        and hex_spec(g, h).colour is DieColour.GREEN
        and g.state.board.strips[h[0]].cards[h[1]] is None
    )


def test_a_launch_needs_the_pilot_and_the_rewards_robot():
    assert robots_for_a_card(launch=True) == 2
    assert robots_for_a_card(launch=False) == 1


@pytest.mark.parametrize(
    ("robots", "launch", "warning"),
    [
        (2, True, None),
        (1, True, "LAST ROBOT: it pilots the ship, so no green card can be placed here"),
        (1, False, None),
        (0, False, "no robot in your break room for the reward, so no green card"),
    ],
)
def test_a_move_option_warns_when_no_card_can_follow(robots, launch, warning):
    g = _game()
    g.state.players[SEAT].break_room = robots
    dst = _green_alien_hex(g)
    src = None if launch else ba_hex(g)
    detail = move_option(g, SEAT, src, dst, DieColour.GREEN).detail
    if warning is None:
        assert "if you place a green card here" in detail
        assert "no green card" not in detail
    else:
        assert warning in detail
        assert "if you place a green card here" not in detail


@pytest.mark.parametrize(
    ("robots", "in_space", "words"),
    [
        (2, False, None),
        (1, False, "your last robot would pilot the new ship: no card can follow"),
        (0, False, "no robot in your break room to pilot a new ship: no ship moves"),
        (1, True, None),
        (0, True, "no robot in your break room for a card's reward: a ship can move"),
    ],
)
def test_the_command_action_option_says_when_no_card_can_follow(robots, in_space, words):
    g = _game()
    p = g.state.players[SEAT]
    if in_space:
        g.state.board.strips[_green_alien_hex(g)[0]].ships[_green_alien_hex(g)[1]].append(SEAT)
        assert ship_hexes(g, SEAT)
    assert bool(ship_hexes(g, SEAT)) == in_space
    p.break_room = robots
    text = action_text(g, SEAT, GREEN_COMMAND, 3, 3)
    if words is None:
        assert "no card" not in text
    else:
        assert words in text


@pytest.mark.parametrize(
    ("robots", "in_space", "words"),
    [
        (3, False, None),
        (
            2,
            False,
            "the Ravager takes a robot, so your last one would pilot the new ship: no card can"
            " follow",
        ),
        (
            1,
            False,
            "the Ravager takes your last robot, so none is left to pilot a new ship: no ship"
            " moves, no card follows",
        ),
        (
            1,
            True,
            "the Ravager takes your last robot, so none is left for a card's reward: a ship can"
            " move, no card follows",
        ),
    ],
)
def test_a_ravager_taking_the_robot_is_named_as_the_reason(robots, in_space, words):
    # A player with a robot in the break room read "no robot in your break
    # room to pilot a new ship": the action's Ravager ("put a robot from the
    # break room on this card") takes it first, and the words did not say so.
    g = _game()
    deck = g.state.board.ravager_deck
    card = next(c for c in deck if RAVAGER_CARDS[c].effect is RavagerEffect.ROBOT_ON_CARD)
    ravagers_at(g, GREEN_COMMAND, card)  # from the deck, the game stays whole
    if in_space:
        g.state.board.strips[_green_alien_hex(g)[0]].ships[_green_alien_hex(g)[1]].append(SEAT)
    g.state.players[SEAT].break_room = robots
    text = action_text(g, SEAT, GREEN_COMMAND, 3, 3)
    if words is None:
        assert "no card" not in text and "Ravager takes" not in text
    else:
        assert text.endswith(words)
