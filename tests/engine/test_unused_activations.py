"""A Repair or Destroy that the engine ends with activations left says so, as
Discover does ("can take no more tiles … (1 activation unused)"): in a
hand-played game the log read "Yellow performs action 5, Destroy Ravagers,
with 1 activation." and went straight on to the card draw."""

from __future__ import annotations

from engine.components.cards import RAVAGER_CARDS
from tests.engine.helpers import choose, ids
from tests.engine.scenario import ok, ravagers_at, set_dice, table, turn_of

SEAT = 0


def _unused(events) -> list[str]:
    return [e.text for e in events if e.kind.endswith("_unused")]


def test_a_repair_with_no_cube_left_says_its_activations_went_unused():
    g = table()
    turn_of(g, SEAT)
    set_dice(g, {SEAT: "y3"})
    g.state.board.damage[5] = 1
    choose(g, "die:y3")
    choose(g, "action:3")
    choose(g, "action:6")
    events = choose(g, "storage")
    assert _unused(events) == [
        f"{g.name(SEAT)} finds no damage cube left to repair (2 activations unused)."
    ]
    ok(g)


def test_a_repair_with_nothing_to_repair_says_so_at_once():
    g = table()
    turn_of(g, SEAT)
    set_dice(g, {SEAT: "y2"})
    choose(g, "die:y2")
    events = choose(g, "action:3")
    assert _unused(events) == [
        f"{g.name(SEAT)} finds no damage cube left to repair (2 activations unused)."
    ]
    ok(g)


def test_a_repair_stopped_by_the_player_logs_no_unused_line():
    g = table()
    turn_of(g, SEAT)
    set_dice(g, {SEAT: "y3"})
    g.state.board.damage[4:6] = [1, 1]
    choose(g, "die:y3")
    choose(g, "action:3")
    choose(g, "action:6")
    choose(g, "storage")
    assert "done" in ids(g)
    assert _unused(choose(g, "done")) == []
    ok(g)


def test_a_destroy_whose_ravagers_outnumber_what_is_left_says_so():
    g = table()
    turn_of(g, SEAT)
    set_dice(g, {SEAT: "g2"})
    at = [[c for c in g.state.board.ravager_deck if RAVAGER_CARDS[c].location == n] for n in (2, 3)]
    ravagers_at(g, 2, at[0][0])
    ravagers_at(g, 3, *at[1][:2])
    choose(g, "die:g2")
    choose(g, "action:5")
    events = choose(g, "location:2")
    assert _unused(events) == [
        f"{g.name(SEAT)} can destroy no more: the Ravagers at each action, which go together,"
        " outnumber the 1 activation left (1 activation unused)."
    ]
    ok(g)


def test_a_destroy_with_no_ravager_says_so():
    g = table()
    turn_of(g, SEAT)
    set_dice(g, {SEAT: "g1"})
    choose(g, "die:g1")
    events = choose(g, "action:5")
    assert _unused(events) == [
        f"{g.name(SEAT)} finds no Ravager left to destroy (1 activation unused)."
    ]
    ok(g)
