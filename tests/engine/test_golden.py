"""Recorded games replay with today's engine (see tests/engine/golden.py)."""

import json

import pytest

from engine import Action, Game, options_from_json
from tests.engine.golden import FEATURES, PATH, PATHS, event_texts, load, record, shows

GOLDEN = load()


@pytest.mark.parametrize(
    "record_",
    GOLDEN,
    ids=[f"v{options_from_json(r['options']).rules_version}-seed{r['seed']}" for r in GOLDEN],
)
def test_recorded_game_replays_to_the_same_result(record_):
    game = Game.new(options_from_json(record_["options"]), record_["seed"])
    for seat, option in record_["actions"]:
        game.apply(Action(seat, option))
    assert game.is_over
    assert {k: game.result[k] for k in ("end", "scores", "winners")} == record_["result"]
    assert game.state.round == record_["round"]


@pytest.mark.parametrize("version", sorted(PATHS))
def test_the_golden_set_covers_every_way_to_play_in_every_rules_version(version):
    records = json.loads(PATHS[version].read_text())
    assert {options_from_json(r["options"]).rules_version for r in records} == {version}
    kinds = {(r["options"]["players"], r["options"]["advanced"]) for r in records}
    assert {(1, False), (2, False), (3, False), (4, False), (1, True), (3, True)} <= kinds


def test_version_1_records_were_stored_without_a_version_and_random_play_still_makes_them():
    stored = json.loads(PATH.read_text())
    assert all("rules_version" not in r["options"] for r in stored)
    # The version-1 engine of today makes exactly the recorded games.
    again = record(1)
    for r in again:
        del r["options"]["rules_version"]
        del r["options"]["ask_stepwise"]
    assert again == stored


@pytest.mark.parametrize("version", sorted(v for v in PATHS if v in FEATURES))
def test_each_versions_records_play_the_rule_it_introduced(version):
    records = json.loads(PATHS[version].read_text())
    assert any(shows(event_texts(r), version) for r in records)
