"""The recolour boost's words (advanced rules, "1x: change a die's colour").

A recolour keeps the die's value. A star made gray is still worth 0: with
no ship in Space it has no use until a debris flips it, and the engine then
spends that debris with no question (the flip is the only option left). A
tester chose "make this die gray" and saw a debris spent that the option had
not named. And A3 draws the colour the die had before ANY recolour, so a
second recolour names that colour, not the one the first recolour gave.
"""

from __future__ import annotations

from tests.engine.helpers import choose, ids
from tests.engine.scenario import MADELINE, ok, set_dice
from tests.engine.test_advanced import T_RECOLOUR_ORANGE, adv_table, boost, me

T_RECOLOUR_GRAY = 27  # gray tile: activate above/below; boost: change a gray die's colour


def _option_text(g, oid: str) -> str:
    return next(o.text for o in g.decision.options if o.id == oid)


def test_recolouring_a_star_says_it_then_needs_a_debris_flip():
    g = adv_table()
    g.state.options.ask_stepwise = False  # as games are played: one option is not asked
    boost(g, MADELINE, {"A1": T_RECOLOUR_ORANGE})
    set_dice(g, {MADELINE: "o0"})
    me(g).debris = 1
    choose(g, "die:o0")
    assert "recolour:A1:y" in ids(g)
    assert _option_text(g, "recolour:A1:y").endswith(
        "; as a gray star (0) it has no use here until you spend a debris to flip it to 2"
    )
    events = choose(g, "recolour:A1:y")
    # What the words warned of: the flip is the only way on, and is made at once.
    assert any("spends a debris to flip a gray die from a star (0) to 2" in e.text for e in events)
    assert me(g).debris == 0
    ok(g)


def test_recolouring_a_die_that_can_be_used_adds_no_flip_warning():
    g = adv_table()
    boost(g, MADELINE, {"A1": T_RECOLOUR_ORANGE})
    set_dice(g, {MADELINE: "o2"})
    me(g).debris = 1
    choose(g, "die:o2")
    assert "debris" not in _option_text(g, "recolour:A1:y")


def test_a_second_recolour_names_the_colour_the_cards_are_drawn_in():
    g = adv_table()
    boost(g, MADELINE, {"A1": T_RECOLOUR_ORANGE, "B1": T_RECOLOUR_GRAY})
    set_dice(g, {MADELINE: "o2"})
    choose(g, "die:o2")
    choose(g, "recolour:A1:y")
    assert g.state.turn["die"]["original"] == "orange"
    assert "you still draw two orange cards" in _option_text(g, "recolour:B1:g")
    ok(g)
