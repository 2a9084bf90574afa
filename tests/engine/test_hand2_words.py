"""Texts a tester read as wrong in a hand-played 2-player advanced game
(seed 4242, data/hand2_2p_advanced.json: every action of the game, replayed
by today's engine)."""

from __future__ import annotations

import json
from pathlib import Path

from engine import Action, Game, options_from_json

RECORD = json.loads((Path(__file__).parent / "data" / "hand2_2p_advanced.json").read_text())


def replay(upto: int | None = None) -> tuple[Game, list[list[str]]]:
    """The recorded game after its first `upto` actions (all by default), and
    the texts each action logged."""
    g = Game.new(options_from_json(RECORD["options"]), RECORD["seed"])
    logged = []
    for seat, option in RECORD["actions"][:upto]:
        logged.append([e.text for e in g.apply(Action(seat, option))])
    return g, logged


def test_the_recorded_game_still_plays_to_its_result():
    g, _ = replay()
    assert g.is_over
    assert g.result["scores"] == [27, 14]


def test_one_ravager_icon_makes_a_ravager_appear_in_the_singular():
    # Blue placed a gray card on 4C, beside one Ravager icon: the log read
    # "1 Ravager icon around 4C: Ravagers appear."
    _, logged = replay()
    lines = [t for texts in logged for t in texts if " around " in t and "appear" in t]
    assert "1 Ravager icon around 4C: a Ravager appears." in lines
    assert "2 Ravager icons around 1B: Ravagers appear." in lines
    assert not any(t.startswith("1 Ravager icon") and t.endswith("Ravagers appear.") for t in lines)


def test_an_owners_neutralization_gain_has_no_parentheses_inside_parentheses():
    # It read "Red gains 1 ship and 1 resource (neutralization Mission (owner))."
    _, logged = replay()
    lines = [t for texts in logged for t in texts]
    assert "Red gains 1 ship and 1 resource (neutralization Mission, as its owner)." in lines
    assert "Blue gains 1 ship and 1 robot (neutralization Mission, as its owner)." in lines
    assert "Blue gains 3 resources (ship on a neutralization Mission)." in lines
    assert not any("((" in t or "))" in t for t in lines if t.endswith(")."))
