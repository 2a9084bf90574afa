"""Rules version 6: on the game's last turn (the final round's last player,
no Hal after) a Sequence B asks no reservation, which would protect a die
from nobody (engine/READINGS.md 20). Version 5 asks it."""

from __future__ import annotations

import pytest

from engine import Game
from tests.engine.helpers import choose
from tests.engine.scenario import ok, table, turn_of


def _sequence_b(seat: int, *, final_round: bool, version: int) -> Game:
    g = table(players=3, rules_version=version)
    s = g.state
    if final_round:
        s.end_trigger, s.last_round = "spes", s.round
    turn_of(g, seat)
    s.players[seat].resources = 2
    choose(g, "B")
    return g


def test_the_games_last_turn_asks_no_reservation():
    g = _sequence_b(2, final_round=True, version=6)
    assert g.is_over  # the last turn ended with B.2: the game is scored
    assert g.state.players[2].resources == 2  # nothing paid
    ok(g)


def test_version_5_still_asks_it():
    g = _sequence_b(2, final_round=True, version=5)
    assert g.decision.kind == "reserve" and g.decision.seat == 2


@pytest.mark.parametrize(("seat", "final_round"), [(1, True), (2, False), (0, False)])
def test_a_player_followed_by_others_is_still_asked(seat, final_round):
    g = _sequence_b(seat, final_round=final_round, version=6)
    assert g.decision.kind == "reserve" and g.decision.seat == seat
