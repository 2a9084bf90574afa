"""Rules version 4 (issue 26): debris may flip a die after the action (R20),
and solo a tie is Hal's (R19). Older versions keep their rules."""

from __future__ import annotations

import pytest

from engine import Game, GameOptions
from engine.components import HAND_LIMIT, DieColour
from engine.components.cards import MISSION_CARDS
from engine.scoring import finish
from tests.engine.helpers import choose, ids, refresh
from tests.engine.scenario import MADELINE, NOELLE, give_missions, ok, set_dice, table


def _repairing(rules_version: int, dice: str = "y1 o3") -> Game:
    """Madeline's turn: a gray 1 can repair action 1's cube into storage (her
    first debris), and an orange 3 stays in her compartment. Noelle, next,
    has a die to decide about."""
    g = table(rules_version=rules_version)
    g.state.options.ask_stepwise = False
    g.state.board.damage[0] = 1
    set_dice(g, {MADELINE: dice, NOELLE: "g2"})
    refresh(g)
    return g


def _over_the_hand_limit() -> Game:
    """`_repairing` (version 4) with a full hand: the gray card drawn in A.3
    is one too many, so the turn ends on the hand-limit question."""
    g = _repairing(4)
    gray = [m.id for m in MISSION_CARDS if m.colour is DieColour.GRAY]
    give_missions(g, MADELINE, *gray[:HAND_LIMIT])
    refresh(g)
    choose(g, "die:y1:action:3")
    choose(g, "action:1")
    return g


def test_debris_gained_during_the_action_can_flip_a_die_as_the_turn_ends():
    g = _repairing(4)
    assert g.state.players[MADELINE].debris == 0
    choose(g, "die:y1:action:3")  # repair: the cube goes to storage (the only place)
    choose(g, "action:1")
    p = g.state.players[MADELINE]
    assert p.debris == 1
    d = g.decision
    assert (d.seat, d.kind) == (MADELINE, "late_flip")
    assert ids(g) == ["done", "flip:o3"]  # "end your turn" first
    events = choose(g, "flip:o3")
    assert [e.text for e in events if e.kind == "flip"] == [
        "Blue spends a debris to flip an orange die from 3 to 1 as the turn ends."
    ]
    assert [d.code for d in p.standard] == ["o1"] and p.debris == 0
    assert g.decision.seat == NOELLE  # no debris left: the turn is over
    ok(g)


def test_the_late_flip_says_why_only_lowering_flips_are_offered():
    # Testers saw an orange 3 offered a flip as the turn ended but never an
    # orange 1, with nothing saying why (engine/READINGS.md 19).
    g = _repairing(4)
    choose(g, "die:y1:action:3")
    choose(g, "action:1")
    why = (
        "a lower die is worth less to a buyer and costs you less VP at Sequence B; "
        "a flip up can wait for your next Sequence A"
    )
    assert g.decision.prompt == (
        f"Before your turn ends: flip a die in your compartment with debris? "
        f"Only lowering flips now: {why}."
    )
    # said once, by the prompt: not again on every flip
    assert g.decision.option("flip:o3").detail == (
        "Spend a debris to flip your orange 3 to its opposite face: orange 1"
    )
    assert g.decision.option("flip:o3").label == "Flip your orange 3 to 1 (1 debris)"


def test_the_flips_a_hand_limit_question_carries_say_why_they_only_lower():
    # The discard's prompt is about Mission cards: each flip says it instead.
    g = _over_the_hand_limit()
    assert g.decision.kind == "hand_limit"
    assert g.decision.option("flip:o3").detail == (
        "Spend a debris to flip your orange 3 to its opposite face: orange 1 (only lowering "
        "flips now: a lower die is worth less to a buyer and costs you less VP at Sequence B; "
        "a flip up can wait for your next Sequence A)"
    )


def test_before_version_4_the_turn_ends_after_the_action():
    g = _repairing(3)
    choose(g, "die:y1:action:3")
    choose(g, "action:1")
    assert g.state.players[MADELINE].debris == 1
    assert g.decision.seat == NOELLE
    assert g.decision.kind != "late_flip"


def test_the_late_flip_is_asked_only_when_it_can_lower_a_die():
    # An orange 1 would only go up (to a 3): that can wait for her next turn.
    g = _repairing(4, "y1 o1")
    choose(g, "die:y1:action:3")
    choose(g, "action:1")
    assert g.state.players[MADELINE].debris == 1
    assert g.decision.seat == NOELLE


def test_declining_the_late_flip_keeps_the_die_and_the_debris():
    g = _repairing(4)
    choose(g, "die:y1:action:3")
    choose(g, "action:1")
    choose(g, "done")
    p = g.state.players[MADELINE]
    assert ([d.code for d in p.standard], p.debris) == (["o3"], 1)
    assert g.decision.seat == NOELLE


def test_a_hand_limit_question_carries_the_late_flips():
    g = _over_the_hand_limit()
    d = g.decision
    assert d.kind == "hand_limit"
    assert [o.id for o in d.options if o.id.startswith("flip:")] == ["flip:o3"]
    choose(g, "flip:o3")
    assert g.decision.kind == "hand_limit"  # still one card too many: the discard is still due
    assert not any(i.startswith("flip:") for i in ids(g))  # no debris left
    choose(g, ids(g)[0])
    assert g.decision.seat == NOELLE
    ok(g)


def test_a_discard_with_the_flips_offered_ends_the_turn_without_asking_again():
    g = _over_the_hand_limit()
    choose(g, next(i for i in ids(g) if i.startswith("discard:")))
    assert g.decision.seat == NOELLE
    assert g.state.players[MADELINE].debris == 1


def _solo_tie(rules_version: int) -> Game:
    g = Game.new(GameOptions(players=1, difficulty="easy", rules_version=rules_version), 3)
    g.state.players[0].vp = 21
    g.state.hal.vp = 21
    finish(g)
    return g


@pytest.mark.parametrize(("version", "winners"), [(4, [1]), (3, [0, 1]), (1, [0, 1])])
def test_solo_a_tie_is_hals_from_version_4(version, winners):
    g = _solo_tie(version)
    assert g.result["scores"] == [21, 21]
    assert g.result["winners"] == winners


def test_solo_a_tie_says_hal_wins():
    g = Game.new(GameOptions(players=1, difficulty="easy"), 3)
    g.state.players[0].vp = g.state.hal.vp = 21
    g._events = []
    finish(g)
    assert [e.text for e in g._events if e.kind == "game_over"] == [
        "The game is over. Hal wins with 21 VP: a tie is Hal's (the player must score more)."
    ]


def test_a_multiplayer_tie_is_still_shared():
    g = Game.new(GameOptions(players=2), 3)
    for p in g.state.players:
        p.vp = 12
    finish(g)
    assert g.result["winners"] == [0, 1]


@pytest.mark.parametrize(("version", "offered"), [(4, False), (3, True)])
def test_no_flip_of_the_die_in_use_that_only_a_flip_back_could_use(version, offered):
    # Found by version 4's self-play: a gray 3 in use, flipped to a 1 that
    # nothing can use (Repair and gray Command damaged, no ship to command).
    # Versions 2-3 offered the flip, counting on a flip back they never offer:
    # the die was then lost at the end of the turn.
    from engine.dice_use import transform_usable

    g = table(rules_version=version)
    g.state.options.ask_stepwise = False
    g.state.board.damage[2] = g.state.board.damage[3] = 2
    g.state.players[MADELINE].debris = 2
    die = {"colour": "gray", "value": 3, "bought": False}
    assert transform_usable(g, MADELINE, die, "flip") is offered


def test_a_reserved_dies_late_flip_does_not_speak_of_a_buyer():
    # nobody may buy a reserved die: its flip only lowers what Sequence B costs
    g = table(rules_version=4)
    g.state.options.ask_stepwise = False
    g.state.board.damage[0] = 1
    set_dice(g, {MADELINE: "y1 g3", NOELLE: "g2"}, secure={MADELINE: "o3"})
    refresh(g)
    choose(g, "die:y1:action:3")
    choose(g, "action:1")
    assert g.decision.kind == "late_flip"
    reserved = g.decision.option("flip:o3r")
    assert "buyer" not in reserved.detail
    assert reserved.detail.endswith(
        "(nobody may buy a reserved die, so lowering it only costs you less VP at Sequence B)"
    )
    # an unreserved die keeps the prompt's reason, said once
    assert "buyer" in g.decision.prompt and "(" not in g.decision.option("flip:g3").detail
