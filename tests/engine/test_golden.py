"""Recorded games replay with today's engine (see tests/engine/golden.py)."""

import json

import pytest

from engine import Action, Game, options_from_json
from tests.engine.golden import PATH

GOLDEN = json.loads(PATH.read_text())


@pytest.mark.parametrize("record", GOLDEN, ids=[f"seed{r['seed']}" for r in GOLDEN])
def test_recorded_game_replays_to_the_same_result(record):
    game = Game.new(options_from_json(record["options"]), record["seed"])
    for seat, option in record["actions"]:
        game.apply(Action(seat, option))
    assert game.is_over
    assert {k: game.result[k] for k in ("end", "scores", "winners")} == record["result"]
    assert game.state.round == record["round"]


def test_the_golden_set_covers_every_way_to_play():
    kinds = {(r["options"]["players"], r["options"]["advanced"]) for r in GOLDEN}
    assert {(1, False), (2, False), (3, False), (4, False), (1, True), (3, True)} <= kinds
