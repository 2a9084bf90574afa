"""ai.choose: legal options only, hidden information never read, reproducible."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import LEVELS, Budget, NotDecidingError, choose
from ai.search import search
from tests.ai.helpers import position, rehide

QUICK = Budget(iterations=12)


@settings(max_examples=25, deadline=None)
@given(
    players=st.sampled_from([1, 2, 3, 4]),
    seed=st.integers(0, 5_000),
    steps=st.integers(0, 300),
    level=st.sampled_from(LEVELS),
)
def test_every_level_returns_a_legal_option(players, seed, steps, level):
    g = position(players, seed, steps, advanced=seed % 3 == 0)
    if g.is_over:
        return
    d = g.decision
    pick = choose(g.view(d.seat), rng=random.Random(seed), level=level, budget=QUICK)
    assert pick in {o.id for o in d.options}


@settings(max_examples=20, deadline=None)
@given(
    players=st.sampled_from([1, 2, 3, 4]),
    seed=st.integers(0, 5_000),
    steps=st.integers(0, 300),
    level=st.sampled_from(["simple", "strong"]),
    shuffle=st.integers(0, 1_000),
)
def test_choice_is_unchanged_when_hidden_information_is_reshuffled(
    players, seed, steps, level, shuffle
):
    g = position(players, seed, steps)
    if g.is_over:
        return
    seat = g.decision.seat
    other = rehide(g, seat, random.Random(shuffle))
    assert other.view(seat) == g.view(seat)  # the same situation for this seat
    if players > 1:
        hidden = [p.missions for p in g.state.players if p.seat != seat]
        assert hidden != [p.missions for p in other.state.players if p.seat != seat] or all(
            not h for h in hidden
        )
    a = choose(g.view(seat), rng=random.Random(9), level=level, budget=QUICK)
    b = choose(other.view(seat), rng=random.Random(9), level=level, budget=QUICK)
    assert a == b


def test_the_same_rng_gives_the_same_choice_and_a_search_is_reproducible():
    g = position(4, 11, 50)
    view = g.view(g.decision.seat)
    budget = Budget(iterations=40)
    first = search(view, random.Random(5), budget, early_stop=False)
    again = search(view, random.Random(5), budget, early_stop=False)
    assert first == again
    assert first.iterations == 40 and sum(first.visits.values()) == 40
    assert first.decisions > 40


def test_a_time_budget_runs_on_the_injected_clock():
    ticks = iter(range(10_000))
    budget = Budget(seconds=30, clock=lambda: float(next(ticks)))
    g = position(2, 4, 20)
    result = search(g.view(g.decision.seat), random.Random(1), budget, early_stop=False)
    # Tick 0 starts the budget; the check before iteration k reads tick k + 1,
    # so the 30th tick ends it after 29 iterations.
    assert result.iterations == 29


def test_a_bot_refuses_a_view_that_is_not_its_decision():
    g = position(3, 2, 10)
    d = g.decision
    with pytest.raises(NotDecidingError):
        choose(g.view((d.seat + 1) % 3), rng=random.Random(0))
    with pytest.raises(ValueError, match="rng"):
        choose(g.view(d.seat))
    with pytest.raises(ValueError, match="level"):
        choose(g.view(d.seat), rng=random.Random(0), level="genius")


def test_simple_uses_its_dice_before_sequence_b():
    """Never lose VP for nothing: with a usable die of value > 0 left, simple
    does not choose Sequence B (which loses a VP per pip left)."""
    for seed in range(12):
        g = position(3, seed, 0)
        while g.decision.kind == "reserve":
            g.apply(type(g.legal_actions()[0])(g.decision.seat, "none"))
        d = g.decision
        assert d.kind == "turn" and "B" in {o.id for o in d.options}
        pick = choose(g.view(d.seat), rng=random.Random(seed), level="simple")
        assert pick != "B"
