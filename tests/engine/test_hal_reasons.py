"""Hal's log lines give the true reason for his 3 VP (rulebook, Hal's actions; R18).

The VP and the state are the same whatever the reason (test_hal.py checks
them); here the text a player reads must name the real cause: a star die, a
damaged action reducing a 1 to 0, or nothing to take.
"""

from __future__ import annotations

import pytest

from tests.engine.test_hal import (
    ADV,
    R1_DISCARD_MISSION,
    R2_DISCARD_MISSION,
    R2_DISCARD_RAVAGER,
    T_O1,
    _ravagers,
    display,
    hal,
    hal_deck,
    hal_plays,
    set_advanced_slots,
    set_solo_dice,
    solo_table,
)


def _vp_lines(events) -> list[str]:
    return [e.text for e in events if e.kind == "hal_vp"]


@pytest.mark.parametrize(
    ("card", "die", "damage", "why"),
    [
        (4, "g0", 0, "a star die"),  # green Destroy with a star (a Ravager is there)
        (6, "o0", 0, "a star die"),  # orange Discover with a star
        (2, "y0", 0, "a star die"),  # gray Repair with a star (damage to repair)
        (6, "o1", 2, "the damaged action reduces his 1 to 0"),
        (4, "g1", 2, "the damaged action reduces his 1 to 0"),
    ],
)
def test_a_die_worth_0_is_named_as_the_reason(card, die, damage, why):
    g = solo_table()
    hal_deck(g, card, 0)
    set_solo_dice(g, hal=die)
    _ravagers(g, 1, R1_DISCARD_MISSION)
    set_advanced_slots(g, ADV[0], ADV[1], ADV[2], ADV[3])
    display(g, {5: T_O1})
    g.state.board.damage = [damage if n in (1, 5) else 0 for n in range(1, 7)]
    g.state.board.damage[1] = 1  # something to repair
    events = hal_plays(g, "A")
    assert _vp_lines(events) == [f"Hal scores 3 VP ({why})."]
    assert hal(g).vp == 8


def test_destroy_with_no_ravager_says_so():
    g = solo_table()
    hal_deck(g, 4, 0)
    set_solo_dice(g, hal="g3")
    events = hal_plays(g, "A")
    assert _vp_lines(events) == ["Hal scores 3 VP (no Ravager to destroy)."]


def test_destroy_with_only_a_stack_too_big_says_so():
    g = solo_table()
    hal_deck(g, 4, 0)
    set_solo_dice(g, hal="g1")
    _ravagers(g, 2, R2_DISCARD_MISSION, R2_DISCARD_RAVAGER)
    events = hal_plays(g, "A")
    assert _vp_lines(events) == ["Hal scores 3 VP (no Ravager stack small enough for a 1)."]
    assert len(g.state.board.ravagers[1]) == 2


def test_repair_with_no_damage_says_so():
    g = solo_table()
    hal_deck(g, 2, 3)
    set_solo_dice(g, hal="y3")
    events = hal_plays(g, "A")
    assert _vp_lines(events) == ["Hal scores 3 VP (no Damage cube to repair)."]


def test_discover_with_nothing_to_take_names_the_die():
    g = solo_table()
    hal_deck(g, 6, 2)  # orange Discover, Advanced first: a 1 wants a cost-1 tile
    set_solo_dice(g, hal="o1")
    events = hal_plays(g, "A")
    assert _vp_lines(events) == ["Hal scores 3 VP (no tile he can take with a 1)."]
