"""The end of the game: the final scoring example (48 VP), the two end
triggers (Ravager deck running out in a Sequence A, reaching Spes), the rest
of the round plus one final round, and the final-round pass (R9, R10).

Seats: 0 Madeline, 1 Noelle, 2 Valentin, 3 a fourth player.
"""

from __future__ import annotations

from tests.engine.helpers import choose, ids
from tests.engine.scenario import (
    MADELINE,
    NOELLE,
    VALENTIN,
    give_missions,
    give_ravagers,
    kinds,
    ok,
    pull_mission,
    pull_tile,
    put_ship,
    ravager_deck_top,
    set_dice,
    set_grid,
    table,
    turn_of,
)

G_VP, G_VP2, G_VP3 = 32, 33, 34
ADV_TECH_GREEN, ADV_RAVAGERS, ADV_DEBRIS = 64, 70, 68


def _play_out(g) -> list[tuple[int, int, str]]:
    """Finish the game: everyone passes if they may, else takes Sequence B and
    reserves nothing. Returns (round, seat, choice) for every turn."""
    turns = []
    while not g.is_over:
        d = g.decision
        if d.kind == "turn":
            pick = "pass" if "pass" in ids(g) else "B"
            turns.append((g.state.round, d.seat, pick))
            choose(g, pick)
        else:
            assert d.kind == "reserve", d
            choose(g, "none")
    return turns


# --------------------------------------------------------------------------- final scoring


def test_final_scoring_example_noelle_ends_at_48_vp():
    g = table()
    s = g.state
    # The final round, the Black Angel at Spes; the fourth player, last in the
    # round, has no die and cannot buy one: she may pass (R10).
    s.round = s.last_round = 9
    s.end_trigger = "spes"
    s.board.at_spes = True
    turn_of(g, 3)
    n = g.state.players[NOELLE]
    n.vp = 34
    # Not ejected: 2 VP per green tile in the grid, 3 green tiles, capped at 4.
    set_grid(g, NOELLE, {"A1": G_VP, "B1": G_VP2, "C1": G_VP3, "B2": ADV_TECH_GREEN})
    # Ejected beside the gray slot with 3 gray cards: cap 10; 4 Ravager cards -> 8.
    n.advanced_slots[1] = pull_tile(g, ADV_RAVAGERS)
    n.tucked[1] = [pull_mission(g, c) for c in (20, 21, 22)]
    give_ravagers(g, NOELLE, 1, 2, 3, 4)
    # Spes exchange: 3 robots in the break room, 1 resource, 1 ship -> 2 VP.
    n.break_room, n.robots_supply = 3, n.robots_supply + 2
    n.resources, n.ships = 1, 1
    # Madeline: debris left on a tile counts as storage at the end.
    m = g.state.players[MADELINE]
    set_grid(g, MADELINE, {"A1": G_VP, "B2": ADV_DEBRIS})
    m.debris, m.grid_debris[0] = 1, True

    assert ids(g) == ["pass", "B"]
    events = choose(g, "pass")
    assert kinds(events) == ["pass", "end_debris", "game_over"]  # Madeline's debris is said
    assert g.is_over and g.decision is None
    r = g.result
    assert r["end"] == "spes"
    assert r["breakdown"][NOELLE] == {
        "seat": NOELLE,
        "track": 34,
        "advanced": [
            {"tile": ADV_TECH_GREEN, "kind": "tech_green", "where": "grid", "cap": 4, "vp": 4},
            {
                "tile": ADV_RAVAGERS,
                "kind": "ravager_cards",
                "where": "gray slot",
                "cap": 10,
                "vp": 8,
            },
        ],
        "spes": 2,
        "total": 48,
    }
    # Everyone else: 5 VP + 5 robots in the break room (2 VP); Madeline also
    # 2 debris (4 VP).
    assert r["scores"] == [11, 48, 7, 7]
    assert r["winners"] == [NOELLE]
    assert (m.debris, m.grid_debris[0]) == (2, False)


def test_no_spes_exchange_when_the_black_angel_has_not_reached_spes():
    g = table()
    s = g.state
    s.round = s.last_round = 9
    s.end_trigger = "ravagers"
    turn_of(g, 3)
    n = g.state.players[NOELLE]
    n.resources, n.ships = 3, 3
    choose(g, "pass")
    assert g.result["breakdown"][NOELLE]["spes"] == 0
    assert g.result["scores"] == [5, 5, 5, 5]
    assert g.result["winners"] == [0, 1, 2, 3]  # R14: a shared victory


# --------------------------------------------------------------------------- end triggers


def test_ravager_deck_running_out_in_sequence_a_ends_the_game_after_one_more_round():
    g = table()
    b = g.state.board
    # Madeline places a card next to 2 Ravager icons; the deck holds 2 cards.
    set_dice(g, {MADELINE: "o2"})
    give_missions(g, MADELINE, 12)
    put_ship(g, "5D", MADELINE)
    ravager_deck_top(g, 11, 21)
    b.ravager_discard += b.ravager_deck[:-2]
    del b.ravager_deck[:-2]
    discard = len(b.ravager_discard)
    choose(g, "die:o2")
    choose(g, "action:2")
    choose(g, "move:5D-3D")
    events = choose(g, "card:12")
    assert "end_triggered" in kinds(events)
    assert kinds(events).count("ravager") == 2
    assert (g.state.end_trigger, g.state.round, g.state.last_round) == ("ravagers", 1, 2)
    # The discard pile became the new deck (R9).
    assert (len(b.ravager_deck), b.ravager_discard) == (discard, [])
    strips = [(st.number, st.side) for st in b.strips]
    turns = _play_out(g)
    # The rest of round 1, then the final round 2. Madeline has no die and no
    # resource left in round 2: she may pass.
    assert turns == [
        (1, 1, "B"),
        (1, 2, "B"),
        (1, 3, "B"),
        (2, 0, "pass"),
        (2, 1, "B"),
        (2, 2, "B"),
        (2, 3, "B"),
    ]
    # From the trigger on, Sequence B never advances the Black Angel.
    assert [(st.number, st.side) for st in b.strips] == strips
    assert g.result["end"] == "ravagers"
    assert g.state.end_trigger == "ravagers"


def test_pass_is_offered_only_in_the_final_round():
    g = table()
    s = g.state
    s.end_trigger, s.round, s.last_round = "ravagers", 4, 5
    turn_of(g, 3)
    assert ids(g) == ["B"]  # not yet the final round
    s.round = 5
    turn_of(g, 3)
    assert ids(g) == ["pass", "B"]
    set_dice(g, {3: "g1"})
    turn_of(g, 3)
    assert ids(g) == ["die:g1", "B"]  # Sequence A possible: no pass


def test_reaching_spes_in_sequence_b_ends_the_game_after_one_more_round():
    g = table()
    s = g.state
    b = s.board
    s.round = 6
    b.spes_token = None
    b.strips[4].spes_tile = True  # Spes is the next hex of the Black Angel
    turn_of(g, VALENTIN)
    events = choose(g, "B")
    assert "end_triggered" in kinds(events)
    assert b.at_spes is True
    assert (s.end_trigger, s.last_round) == ("spes", 7)
    # The Black Angel is on Spes: the middle hex of the centre strip.
    assert b.strips[3].spes_tile is True
    strips = [(st.number, st.side) for st in b.strips]
    assert strips[-1] == (1, 1)
    turns = _play_out(g)
    # Madeline and Noelle hold no dice in the final round (they rolled none
    # in this constructed round 6): they pass.
    assert turns == [(6, 3, "B"), (7, 0, "pass"), (7, 1, "pass"), (7, 2, "B"), (7, 3, "B")]
    assert [(st.number, st.side) for st in b.strips] == strips
    assert g.result["end"] == "spes"
    # The exchange counts now: 5 robots in the break room each (2 VP), plus
    # whatever the rolls cost.
    assert all(x["spes"] == 2 for x in g.result["breakdown"])
    ok(g)
