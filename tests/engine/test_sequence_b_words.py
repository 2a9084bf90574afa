"""What Sequence B says: the option names every VP it loses, the log says why
a compulsory Sequence B was compulsory and what the neutral dice rolled (R16).

Scenario tests from a plain table (tests/engine/scenario.py); seats 0
Madeline (Blue), 1 Noelle.
"""

from __future__ import annotations

from engine.components import DieColour
from engine.decision import public_words
from engine.scoring import finish
from engine.state import Die, PlayedCard
from tests.engine.helpers import choose, ids, refresh
from tests.engine.scenario import (
    MADELINE,
    NOELLE,
    damage_supply_die,
    give_missions,
    pull_mission,
    pull_ravager,
    set_dice,
    table,
)

M_ORANGE, M_GRAY = 0, 20


def _b_text(g) -> str:
    o = g.decision.option("B")
    assert o is not None, ids(g)
    return o.detail


def _lost(events) -> int:
    return sum(e.data.get("amount", 0) for e in events if e.kind == "vp_lost")


# --------------------------------------------------------------------------- the option


def test_the_option_names_the_vp_lost_for_a_damaged_die_it_must_roll(scripted_rolls):
    g = table()
    # Madeline keeps an orange 1; two gray dice for her two gray robots, but
    # only one undamaged gray die is left in the supply.
    set_dice(g, {MADELINE: "o1", NOELLE: "y1 y1", 2: "y2 y2"})
    damage_supply_die(g, 1)
    me = g.state.players[MADELINE]
    me.vp = 10
    me.break_room -= 1
    me.workstations = [1, 2, 1]
    refresh(g)
    assert g.state.board.supply[1] == 1 and g.state.board.supply_damaged[1] == 1
    assert _b_text(g) == (
        "Sequence B: lose 1 VP for the 1 die left in your compartment and 1 VP for a "
        "damaged gray die you must roll, roll 4 dice: 1 orange, 2 gray, 1 green (one "
        "per robot in a workstation), reset your board, advance the Black Angel"
    )
    scripted_rolls += [1, 2, 3, 1]
    events = choose(g, "B")
    assert _lost(events) == 2 and me.vp == 8  # as the option said


def test_dice_left_go_back_before_rolling_so_they_spare_a_damaged_die():
    g = table()
    # The gray die she keeps goes back first: her one gray robot rolls it
    # again, not the damaged one.
    set_dice(g, {MADELINE: "y2", NOELLE: "y1 y1 y1", 2: "y2"})
    damage_supply_die(g, 1)
    refresh(g)
    assert g.state.board.supply[1] == 0 and g.state.board.supply_damaged[1] == 1
    assert "damaged" not in _b_text(g)


def test_damaged_dice_of_two_colours_are_counted_together():
    g = table()
    set_dice(g, {NOELLE: "o1 o1 o1 o1 o1 y1 y1 y1 y1 y1"})
    damage_supply_die(g, 0)
    damage_supply_die(g, 1)
    refresh(g)
    assert _b_text(g).startswith(
        "Sequence B: lose 2 VP for 2 damaged dice (1 orange, 1 gray) you must roll, roll "
    )


def test_star_dice_left_are_returned_and_cost_nothing():
    g = table()
    set_dice(g, {MADELINE: "y0", NOELLE: "o3"})  # no resource: Noelle's die is not for sale
    give_missions(g, MADELINE, M_ORANGE)  # no gray card: the star has no use
    refresh(g)
    assert ids(g) == ["B"]
    assert _b_text(g).startswith(
        "Sequence B: return your star die (no VP lost), roll an orange, a gray and a green "
        "die (one per robot in a workstation)"
    )
    set_dice(g, {MADELINE: "y0 g0"})
    refresh(g)
    assert _b_text(g).startswith("Sequence B: return your 2 star dice (no VP lost), roll ")


def test_a_supply_too_short_for_every_robot_is_said():
    g = table()
    set_dice(g, {NOELLE: "g1 g1 g1 g1 g1", 2: "g1"})
    me = g.state.players[MADELINE]
    me.break_room -= 1
    me.workstations = [1, 1, 2]
    refresh(g)
    assert g.state.board.supply[2] == 0
    assert (
        "roll an orange and a gray die (one per robot in a workstation; no green die left "
        "in the supply)" in _b_text(g)
    )  # not "only 0 green left"
    set_dice(g, {NOELLE: "g1 g1 g1 g1 g1"})
    refresh(g)
    assert g.state.board.supply[2] == 1
    assert (
        "roll an orange, a gray and a green die (one per robot in a workstation; only 1 green "
        "die left in the supply)" in _b_text(g)
    )


def test_the_dice_rolled_read_as_english():
    # Not "roll 1 orange, 1 gray, 1 green dice" (a tester's report).
    g = table()
    me = g.state.players[MADELINE]
    for workstations, words in [
        ([1, 1, 1], "roll an orange, a gray and a green die ("),
        ([0, 1, 0], "roll a gray die ("),
        ([0, 2, 0], "roll 2 gray dice ("),
        ([1, 2, 1], "roll 4 dice: 1 orange, 2 gray, 1 green ("),
    ]:
        me.break_room += sum(me.workstations) - sum(workstations)
        me.workstations = workstations
        refresh(g)
        assert words in _b_text(g), _b_text(g)


# --------------------------------------------------------------------------- the log


def _b_line(events) -> str:
    return next(e.text for e in events if e.kind == "sequence_b")


def test_a_compulsory_sequence_b_says_why():
    g = table()
    set_dice(g, {MADELINE: "o0 y0 g0", NOELLE: "o3"})
    give_missions(g, MADELINE, M_ORANGE, M_GRAY)
    refresh(g)
    assert ids(g) == ["B"]
    assert _b_line(choose(g, "B")) == (
        "Blue performs Sequence B (none of their dice can be used and they have no "
        "resource to buy one: Sequence B is compulsory)."
    )


def test_without_dice_a_compulsory_sequence_b_says_so():
    g = table()
    set_dice(g, {NOELLE: "o0"})
    g.state.players[MADELINE].resources = 1  # a star for sale has no use either
    refresh(g)
    assert ids(g) == ["B"]
    assert _b_line(choose(g, "B")) == (
        "Blue performs Sequence B (no die left and no die for sale they could use: "
        "Sequence B is compulsory)."
    )


def test_a_chosen_sequence_b_gives_no_reason():
    g = table()
    set_dice(g, {MADELINE: "o1"})
    refresh(g)
    assert "die:o1" in ids(g)
    assert _b_line(choose(g, "B")) == "Blue performs Sequence B."
    # In the final round a pass is offered too: B is chosen, not compulsory.
    g = table()
    set_dice(g, {MADELINE: "y0"})
    g.state.end_trigger, g.state.last_round = "ravagers", g.state.round
    refresh(g)
    assert ids(g) == ["pass", "B"]
    assert _b_line(choose(g, "B")) == "Blue performs Sequence B."


def test_the_neutral_dice_rerolled_are_logged(scripted_rolls):
    g = table(players=2)
    set_dice(g, {MADELINE: "o1"})
    # The neutral player shows an orange 2 and a gray star; its green die was bought.
    b = g.state.board
    g.state.neutral.dice = [Die(DieColour.ORANGE, 2), Die(DieColour.GRAY, 0)]
    b.supply[0] -= 1
    b.supply[1] -= 1
    refresh(g)
    scripted_rolls += [3, 1, 2, 2, 3]  # hers (orange, gray, green), then the neutral's
    events = choose(g, "B")
    rolls = [e for e in events if e.kind == "roll"]
    assert [e.text for e in rolls] == [
        "Blue rolls orange 3, gray 1, green 2.",
        "The neutral player rerolls its gray star and rolls a green die (it had none): "
        "gray 2, green 3.",
    ]
    assert rolls[1].data["dice"] == ["y2", "g3"]
    assert [d.code for d in g.state.neutral.dice] == ["o2", "y2", "g3"]


def test_neutral_dice_rolled_anew_are_one_list(scripted_rolls):
    """Found playing a 2-player game on Discord: 'The neutral player rolls an
    orange die (it had none) and a gray die (it had none) and a green die (it
    had none): …' (all three of its dice had been bought)."""
    g = table(players=2)
    set_dice(g, {MADELINE: "o1"})
    g.state.neutral.dice = []  # every neutral die was bought
    refresh(g)
    scripted_rolls += [3, 1, 2, 1, 2, 3]  # hers (orange, gray, green), then the neutral's
    events = choose(g, "B")
    rolls = [e.text for e in events if e.kind == "roll"]
    assert rolls[1] == (
        "The neutral player rolls an orange, a gray and a green die (it had none of these): "
        "orange 1, gray 2, green 3."
    ), rolls


def test_neutral_dice_that_need_no_reroll_log_nothing(scripted_rolls):
    g = table(players=2)
    set_dice(g, {MADELINE: "o1"})
    b = g.state.board
    g.state.neutral.dice = [Die(c, 1) for c in DieColour]
    for c in range(3):
        b.supply[c] -= 1
    refresh(g)
    scripted_rolls += [3, 1, 2]
    events = choose(g, "B")
    assert [e.text for e in events if e.kind == "roll"] == ["Blue rolls orange 3, gray 1, green 2."]


# --------------------------------------------------------------------------- the reset (B.2)


def _sequence_b(g) -> list:
    events = choose(g, "B")
    while g.decision.seat == MADELINE and g.decision.kind != "turn":
        events += choose(g, ids(g)[0])  # the die to reserve
    return events


def test_the_reset_says_what_it_moved():
    g = table()
    me = g.state.players[MADELINE]
    me.slots[0] = PlayedCard("mission", pull_mission(g, M_ORANGE))
    me.slots[3] = PlayedCard("ravager", pull_ravager(g, 5))
    me.grid_debris[4] = True
    refresh(g)
    texts = [e.text for e in _sequence_b(g)]
    assert "Blue resets their board: 2 cards discarded, 1 debris back to storage." in texts, texts
    assert me.slots == [None] * 6 and me.debris == 1


def test_a_reset_that_moves_nothing_logs_nothing():
    g = table()
    assert not any(e.kind == "b_reset" for e in _sequence_b(g))


def test_debris_back_to_storage_at_the_end_is_logged():
    g = table(3)
    g.state.players[1].grid_debris[2] = g.state.players[1].grid_debris[5] = True
    mark = len(g._events)
    finish(g)
    texts = [e.text for e in g._events[mark:]]
    assert f"{g.name(1)} moves 2 debris from their tiles back to storage." in texts, texts
    assert sum("debris" in t for t in texts) == 1, texts  # only the seat whose debris moved


def test_a_final_round_turn_without_sequence_a_does_not_propose_it():
    """The final round, no die to take and use, none to buy: the options are
    to pass or play Sequence B, yet the prompt read 'Your turn: Sequence A (play
    a card / take a die) or Sequence B (reroll, reset, advance).' (found playing
    a 2-player game on Discord); the final round's Sequence B advances nothing."""
    g = table(players=2)
    s = g.state
    s.end_trigger, s.last_round = "spes", s.round
    refresh(g)
    assert ids(g) == ["pass", "B"]
    prompt = g.decision.prompt
    assert prompt == (
        "Your turn: the final round, with no die you can take and use or buy"
        " (no Sequence A). Pass, or play Sequence B (reroll, reset)."
    )
    # the channel reads it of the player, as any turn's
    assert public_words(g.decision.kind, prompt, 0) == "their turn"
    assert "advance" not in _b_text(g)  # as the prompt says
    # any other round's turn still proposes both sequences
    s.last_round = None
    set_dice(g, {MADELINE: "o2"})
    refresh(g)
    assert "pass" not in ids(g) and g.decision.prompt.startswith("Your turn: Sequence A")


def test_a_neutral_star_whose_robot_left_says_it_goes_back_to_the_supply(scripted_rolls):
    """R16: a player's robot in a workstation makes the neutral robot there
    leave the game; its die showing a star is then not rerolled at Sequence B
    but put back in the supply. The die left the neutral compartment with no
    word (found auditing the 2-player neutral dice)."""
    g = table(players=2)
    set_dice(g, {MADELINE: "o1"})
    b = g.state.board
    g.state.neutral.dice = [
        Die(DieColour.ORANGE, 0),
        Die(DieColour.GRAY, 1),
        Die(DieColour.GREEN, 1),
    ]
    for c in range(3):
        b.supply[c] -= 1
    g.state.neutral.workstations[0] = False  # Blue's robot took the orange workstation
    refresh(g)
    scripted_rolls += [3, 1, 2]
    events = choose(g, "B")
    assert [d.code for d in g.state.neutral.dice] == ["y1", "g1"]
    assert (
        "The neutral player's orange star goes back to the supply: no neutral robot is left "
        "in the orange workstation to roll it."
    ) in [e.text for e in events]
