"""Rules version 5: in the final round a player's turn is their last, so a
late flip (R20) of a reserved die changes nothing (no Sequence B comes to
cost it, nobody may buy it) and is not offered (engine/READINGS.md 19).
Version 4 offers it, and its words now say it changes nothing."""

from __future__ import annotations

import pytest

from engine import Game
from tests.engine.helpers import choose, ids, refresh
from tests.engine.scenario import MADELINE, NOELLE, set_dice, table


def _final_round_repair(rules_version: int, standard: str, reserved: str) -> Game:
    """Madeline's turn in the final round: a gray 1 repairs action 1's cube
    into storage (her first debris); other dice stay in her compartment."""
    g = table(rules_version=rules_version)
    g.state.options.ask_stepwise = False
    g.state.last_round = g.state.round
    g.state.board.damage[0] = 1
    set_dice(g, {MADELINE: f"y1 {standard}".strip(), NOELLE: "g2"}, {MADELINE: reserved})
    refresh(g)
    choose(g, "die:y1:action:3")
    choose(g, "action:1")
    assert g.state.players[MADELINE].debris == 1
    return g


def test_no_late_flip_of_a_reserved_die_in_the_final_round():
    g = _final_round_repair(5, "", "o3")
    assert g.decision.seat == NOELLE  # no question: the flip would change nothing
    assert g.state.players[MADELINE].debris == 1


def test_version_4_still_offers_it_and_says_it_changes_nothing():
    g = _final_round_repair(4, "", "o3")
    assert g.decision.kind == "late_flip"
    assert g.decision.option("flip:o3r").detail.endswith(
        "(this changes nothing: this is your last turn, so no Sequence B of yours comes, "
        "and nobody may buy a reserved die)"
    )


@pytest.mark.parametrize("version", [4, 5])
def test_an_unreserved_die_may_still_be_lowered_for_the_buyers_of_the_final_round(version):
    g = _final_round_repair(version, "o3", "g3")
    assert g.decision.kind == "late_flip"
    flips = [i for i in ids(g) if i.startswith("flip:")]
    assert flips == (["flip:o3"] if version == 5 else ["flip:o3", "flip:g3r"])
    why = "only lowering flips now: a lower die is worth less to a buyer"
    assert g.decision.prompt.endswith(
        f"{why[:1].upper()}{why[1:]}; this is your last turn, so no Sequence B of yours"
        " will cost you these dice."
    )
    # the prompt's reason, not repeated on the flip
    assert g.decision.option("flip:o3").detail == (
        "Spend a debris to flip your orange 3 to its opposite face: orange 1"
    )


def test_the_late_flip_words_do_not_deny_the_others_their_sequence_b():
    """The final round keeps Sequence B (rulebook, END OF THE GAME: "Sequence
    B can still be chosen, but skip phase B.3"); only the player whose turn
    ends has none left. The words said "the final round has no Sequence B"
    while the next player was offered one."""
    g = _final_round_repair(5, "o3", "")
    assert "final round has no Sequence B" not in g.decision.prompt
    assert "your last turn" in g.decision.prompt
    choose(g, "done")
    assert g.decision.seat == NOELLE and "B" in ids(g)
