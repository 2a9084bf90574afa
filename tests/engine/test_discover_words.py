"""Discover Technology's words: what taking an Advanced tile does to the board.

The rulebook replaces an Advanced Technology tile taken "immediately …
by the top tile from the deck. If the deck is empty, the slot remains
empty": the new tile is public and anyone may take it next, so the log says
which tile came (a tester saw slot 3 change between two images with no word).
"""

from __future__ import annotations

from engine.describe import tile_in_sentence
from tests.engine.helpers import choose
from tests.engine.scenario import MADELINE, advanced_deck_top, ok, set_advanced_slots, set_dice
from tests.engine.test_advanced import adv_table

ADV_TAKEN, ADV_NEXT, ADV_OTHER = 64, 65, 66


def _take_advanced(g):
    set_dice(g, {MADELINE: "o3"})
    choose(g, "die:o3")
    choose(g, "action:1")
    return choose(g, "advanced:1")


def test_an_advanced_tile_taken_says_which_tile_refills_its_slot():
    g = adv_table()
    set_advanced_slots(g, ADV_TAKEN, ADV_OTHER)
    advanced_deck_top(g, ADV_NEXT)
    events = _take_advanced(g)
    assert g.state.board.advanced_slots[0] == ADV_NEXT
    texts = [e.text for e in events]
    assert f"Advanced slot 1 is refilled from the deck: {tile_in_sentence(ADV_NEXT)}." in texts
    ok(g)


def test_an_empty_advanced_deck_leaves_the_slot_empty_and_says_so():
    g = adv_table()
    set_advanced_slots(g, ADV_TAKEN, ADV_OTHER)
    g.state.board.advanced_deck.clear()
    events = _take_advanced(g)
    assert g.state.board.advanced_slots[0] is None
    assert "The Advanced deck is empty: Advanced slot 1 stays empty." in [e.text for e in events]


def test_the_log_names_a_vp_boost_without_a_you():
    """The log is everybody's: 'Red takes a green tile, boost side up (1x: 2 VP
    when you perform Destroy …)' read as if the reader gained the 2 VP (found
    watching a bot seat's Discover in the 2-player advanced game)."""
    from tests.engine.scenario import pull_tile
    from tests.engine.test_advanced import T_VP_DISCOVER

    g = adv_table()
    set_dice(g, {MADELINE: "o1"})
    g.state.board.display[3] = pull_tile(g, T_VP_DISCOVER)
    choose(g, "die:o1")
    choose(g, "action:1")
    events = choose(g, "display:4")
    line = next(e.text for e in events if e.kind == "discover")
    assert "1x: 2 VP when performing Discover" in line, line
    assert " you " not in line
