"""ai.rules: simple settles the steps inside its turn in full when it decides
a solo seat by itself, within the time it is given."""

import itertools
import random

from ai import Budget, choose
from ai.determinize import determinize
from ai.rules import ALONE_DEPTH, ranked_options, simple_choice
from engine import Action, Game, GameOptions


def positions(seed: int, decisions: int = 40):
    """Our decisions with a choice in a solo game at easy played by simple."""
    g = Game.new(GameOptions(players=1, difficulty="easy"), seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if g.is_over:
            return
        d = g.decision
        if d.seat == 0 and len(d.options) > 1:
            yield g.copy()
        g.apply(Action(d.seat, simple_choice(g, rng)))


def test_settling_the_steps_inside_the_turn_ends_it_no_worse_and_sometimes_better():
    better = 0
    for g in positions(0):
        flat = {i: v for v, i in ranked_options(g, None)}
        deep = {i: v for v, i in ranked_options(g, None, 1)}
        assert deep.keys() == flat.keys()
        for option, v in deep.items():
            # the greedy step is among those settled; only the small
            # preference for acting over stopping may separate them
            assert v >= flat[option] - 0.2, (option, v, flat[option])
        better += sum(deep[i] > flat[i] + 0.5 for i in deep)
    assert better >= 3, better  # a card play's die, judged where its action ends


def inside_a_turn() -> Game:
    """A step inside our turn (seed 0 after 13 of simple's decisions: a die
    to use or a card to play after a flip) where settling deeper changes
    simple's choice clearly (no near tie) and cheaply."""
    g = Game.new(GameOptions(players=1, difficulty="easy"), 0)
    rng = random.Random(0)
    for _ in range(13):
        g.apply(Action(g.decision.seat, simple_choice(g, rng)))
    assert g.decision.kind == "turn" and g.state.turn
    return g


def test_simple_alone_settles_deeper_solo_and_not_among_players():
    view = inside_a_turn().view(0)
    rng = random.Random(5)
    sample = determinize(view, rng)
    shallow = simple_choice(sample.copy(), random.Random(1))
    deep = simple_choice(sample.copy(), random.Random(1), ALONE_DEPTH)
    assert shallow != deep  # this position tells the two apart
    rng = random.Random(5)
    expected = simple_choice(determinize(view, rng), rng, ALONE_DEPTH)
    assert choose(view, rng=random.Random(5), level="simple") == expected == deep

    two = Game.new(GameOptions(players=2), 3)
    seat = two.decision.seat
    rng = random.Random(5)
    expected = simple_choice(determinize(two.view(seat), rng), rng)
    assert choose(two.view(seat), rng=random.Random(5), level="simple") == expected


def test_a_deeper_level_the_time_cuts_short_is_not_used():
    sample = determinize(inside_a_turn().view(0), random.Random(5))
    shallow = simple_choice(sample.copy(), random.Random(1))
    deep = simple_choice(sample.copy(), random.Random(1), ALONE_DEPTH)
    assert shallow != deep
    ticks = itertools.count()  # one second a reading: the time is up at once
    late = Budget(seconds=1.5, clock=lambda: float(next(ticks)))
    assert simple_choice(sample.copy(), random.Random(1), ALONE_DEPTH, late) == shallow
    frozen = Budget(seconds=1.0, clock=lambda: 0.0)  # time never passes
    assert simple_choice(sample.copy(), random.Random(1), ALONE_DEPTH, frozen) == deep
    plenty = Budget(iterations=1)  # no time set: every level
    assert simple_choice(sample.copy(), random.Random(1), ALONE_DEPTH, plenty) == deep
