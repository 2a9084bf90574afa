"""Illegal actions are rejected with a clear error and change nothing."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Action, GameOverError, IllegalActionError, NotYourDecisionError
from engine.errors import InvalidOptionsError
from tests.engine.helpers import fresh, play_random


def test_wrong_seat_is_refused_and_changes_nothing():
    g = fresh(3, 4)
    before = g.to_json()
    d = g.decision
    with pytest.raises(NotYourDecisionError, match="Blue's turn"):
        g.apply(Action((d.seat + 1) % 3, d.options[0].id))
    assert g.to_json() == before


def test_unknown_option_is_refused_with_the_legal_ones_named():
    g = fresh(2, 4)
    before = g.to_json()
    with pytest.raises(IllegalActionError) as err:
        g.apply(Action(g.decision.seat, "action:9"))
    assert "'action:9' is not a legal choice" in str(err.value)
    assert "B" in str(err.value)
    assert g.to_json() == before


def test_sequence_b_is_gone_once_sequence_a_has_begun():
    g = fresh(3, 4)
    flip = next(o.id for o in g.decision.options if o.id.startswith("flip:"))
    g.apply(Action(0, flip))
    before = g.to_json()
    with pytest.raises(IllegalActionError):
        g.apply(Action(0, "B"))
    assert g.to_json() == before


def test_finished_game_refuses_everything():
    g = fresh(2, 3)
    play_random(g, 100_000, seed=3, checked=False)
    assert g.is_over
    before = g.to_json()
    with pytest.raises(GameOverError):
        g.apply(Action(0, "B"))
    assert g.to_json() == before
    assert g.decision is None and g.legal_actions() == []


def test_unsupported_options_are_refused():
    from engine import Game, GameOptions

    for players in (0, 5):
        with pytest.raises(InvalidOptionsError):
            Game.new(GameOptions(players=players), 1)


@settings(max_examples=60, deadline=None)
@given(
    steps=st.integers(min_value=0, max_value=120),
    seat=st.integers(min_value=-1, max_value=4),
    option=st.text(max_size=12),
)
def test_any_illegal_input_leaves_the_state_unchanged(steps, seat, option):
    g = fresh(4, 8)
    play_random(g, steps, seed=steps, checked=False)
    if g.is_over:
        return
    d = g.decision
    legal = seat == d.seat and d.option(option) is not None
    before = g.to_json()
    if legal:
        g.apply(Action(seat, option))
        return
    with pytest.raises(IllegalActionError):
        g.apply(Action(seat, option))
    assert g.to_json() == before
