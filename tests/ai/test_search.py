"""ai.search: how a finished play-out is rewarded."""

import random

import pytest

from ai.rules import simple_choice
from ai.search import _rewards
from engine import Action, Game, GameOptions
from engine.components.hal import HAL_SEAT


def finished_solo(rules_version: int, ours: int, hals: int) -> Game:
    """A solo game played to its end by simple, its final totals set to `ours` and `hals`."""
    g = Game.new(GameOptions(players=1, rules_version=rules_version), 11)
    rng = random.Random(11)
    while not g.is_over:
        g.apply(Action(g.decision.seat, simple_choice(g, rng)))
    for line in g.state.final_scores:
        line["total"] = hals if line["seat"] == HAL_SEAT else ours
    return g


def test_a_solo_tie_is_rewarded_as_a_loss_where_it_is_hals():
    # R19 (rules version 4): the player must score more than Hal. A play-out
    # that ties must not look like a win to the search.
    tie = _rewards(finished_solo(4, 30, 30))[0]
    strict = _rewards(finished_solo(4, 31, 30))[0]
    loss = _rewards(finished_solo(4, 29, 30))[0]
    assert loss < tie < 0.5 < strict


@pytest.mark.parametrize("rules_version", [1, 3])
def test_before_r19_a_solo_tie_shares_the_win(rules_version):
    tie = _rewards(finished_solo(rules_version, 30, 30))[0]
    assert tie > 0.5
