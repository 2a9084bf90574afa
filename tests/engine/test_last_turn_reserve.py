"""On the game's last turn a paid reservation buys nothing: nobody plays
after, and the resource would have counted in the Spes exchange. Version 6
no longer asks it (tests/engine/test_rules_v6.py); in version 5 games the
question stays, and its words say so, where they asked the final round's
last player to pay as on any other turn."""

from __future__ import annotations

from tests.engine.helpers import choose
from tests.engine.scenario import ok, table, turn_of


def _reserve_asked(seat: int, final_round: bool):
    g = table(players=3, rules_version=5)
    s = g.state
    if final_round:
        s.end_trigger, s.last_round = "spes", s.round
    turn_of(g, seat)
    g.state.players[seat].resources = 2
    choose(g, "B")
    d = g.decision
    assert d.kind == "reserve" and d.seat == seat
    return g, d


def test_the_games_last_turn_says_a_reservation_buys_nothing():
    g, d = _reserve_asked(2, final_round=True)
    assert d.prompt == (
        "You may reserve one die for 1 resource (no one can buy it). This is the game's last"
        " turn: nobody plays after you, so a reservation buys nothing."
    )
    paid = [o for o in d.options if o.id != "none"]
    assert paid and all(
        o.detail.endswith(
            ": no one can buy it (the game's last turn: nobody plays after you, so it buys nothing)"
        )
        for o in paid
    )
    ok(g)


def test_a_player_still_followed_this_round_reads_no_such_words():
    for seat, final_round in ((1, True), (2, False)):
        _, d = _reserve_asked(seat, final_round)
        assert d.prompt == "You may reserve one die for 1 resource (no one can buy it)."
        assert not [o for o in d.options if "last turn" in o.detail]
