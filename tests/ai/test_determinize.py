"""ai.determinize: a game rebuilt from one seat's view is a legal game that the
seat cannot tell apart from the real one."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.determinize import ViewError, determinize
from engine.invariants import check
from tests.ai.helpers import position


@settings(max_examples=40, deadline=None)
@given(
    players=st.sampled_from([1, 2, 3, 4]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 400),
    advanced=st.booleans(),
    sample=st.integers(0, 10_000),
)
def test_rebuilt_game_is_legal_and_looks_the_same_to_the_seat(
    players, seed, steps, advanced, sample
):
    g = position(players, seed, steps, advanced)
    if g.is_over:
        return
    seat = g.decision.seat
    view = g.view(seat)
    rebuilt = determinize(view, random.Random(sample))
    assert view == g.view(seat)  # the view itself is left untouched
    check(rebuilt)  # every card and tile accounted for exactly once
    assert rebuilt.view(seat) == view
    assert [o.id for o in rebuilt.decision.options] == [o.id for o in g.decision.options]


def test_samples_differ_in_what_is_hidden():
    g = position(4, 3, 40)
    seat = g.decision.seat
    view = g.view(seat)
    a = determinize(view, random.Random(1)).state
    b = determinize(view, random.Random(2)).state
    others = [p.seat for p in g.state.players if p.seat != seat]
    assert [a.players[s].missions for s in others] != [b.players[s].missions for s in others]
    assert a.board.mission_decks != b.board.mission_decks
    assert a.players[seat].missions == b.players[seat].missions == g.state.players[seat].missions


def test_a_view_without_the_turn_flow_is_refused():
    g = position(2, 1, 5)
    view = g.view(g.decision.seat)
    del view["flow"]
    with pytest.raises(ViewError):
        determinize(view, random.Random(0))


def test_a_tampered_view_is_refused():
    g = position(3, 1, 5)
    view = g.view(g.decision.seat)
    view["board"]["mission_decks"][0] += 5  # more hidden cards than exist
    with pytest.raises(ViewError):
        determinize(view, random.Random(0))


def test_the_turn_flow_in_a_view_hides_other_seats_drawn_cards():
    """views.flow: the frames show where the turn stands, but cards another seat
    is choosing among (advanced A3: draw two, keep one) are nulled (R15)."""
    for seed in range(40):
        g = position(3, seed, 0, advanced=True)
        for _ in range(400):
            d = g.decision
            if d is None or d.kind == "keep":
                break
            g.apply(type(g.legal_actions()[0])(d.seat, random.Random(seed).choice(d.options).id))
        if d is not None and d.kind == "keep":
            break
    else:
        raise AssertionError("no keep decision reached")
    own = [f for f in g.view(d.seat)["flow"]["frames"] if f["k"] == "keep"]
    other = [f for f in g.view((d.seat + 1) % 3)["flow"]["frames"] if f["k"] == "keep"]
    public = [f for f in g.view(None)["flow"]["frames"] if f["k"] == "keep"]
    assert own and all(c is not None for c in own[-1]["cards"])
    assert other[-1]["cards"] == [None, None] == public[-1]["cards"]
