"""Rules versions (engine/rules_version.py): new games get the current one,
stored options without one load as version 1, unknown versions are refused."""

import json

import pytest

from engine import (
    RULES_VERSION,
    Game,
    GameOptions,
    InvalidOptionsError,
    options_from_json,
    options_to_json,
)
from engine.rules_version import (
    ravager_arrival_stops_when_every_location_is_full,
    zero_die_commands_only,
)


def test_new_games_get_the_current_rules_version():
    assert RULES_VERSION == 6
    assert GameOptions(players=3).rules_version == RULES_VERSION
    assert Game.new(GameOptions(players=3), 1).state.options.rules_version == RULES_VERSION


def test_options_json_carries_the_rules_version():
    data = options_to_json(GameOptions(players=2, rules_version=1))
    assert data["rules_version"] == 1
    assert options_from_json(json.loads(json.dumps(data))).rules_version == 1
    data = options_to_json(GameOptions(players=2))
    assert options_from_json(data) == GameOptions(players=2, rules_version=RULES_VERSION)


def test_options_stored_before_versions_existed_load_as_version_1():
    stored = {"players": 2, "advanced": False, "difficulty": None, "colours": None}
    assert options_from_json(stored).rules_version == 1
    # A snapshot (the whole state) stored without it too.
    data = Game.new(GameOptions(players=2), 5).to_json()
    del data["options"]["rules_version"]
    assert Game.from_json(data).state.options.rules_version == 1


def test_an_unknown_rules_version_is_refused_with_a_clear_message():
    for bad in (0, RULES_VERSION + 1):
        with pytest.raises(InvalidOptionsError, match="rules version"):
            Game.new(GameOptions(players=2, rules_version=bad), 1)


def test_the_zero_die_predicate_is_on_from_version_2():
    assert not zero_die_commands_only(GameOptions(rules_version=1))
    assert zero_die_commands_only(GameOptions(rules_version=2))


def test_the_ravager_arrival_predicate_is_on_from_version_3():
    assert not ravager_arrival_stops_when_every_location_is_full(GameOptions(rules_version=2))
    assert ravager_arrival_stops_when_every_location_is_full(GameOptions(rules_version=3))


def test_simulate_plays_the_rules_version_asked_for(capsys):
    from engine import simulate
    from tests.engine.golden import PATH

    v1 = next(r for r in json.loads(PATH.read_text()) if r["seed"] == 101)
    assert (
        simulate.main(["--players", "2", "--games", "1", "--seed", "101", "--rules-version", "1"])
        == 0
    )
    line = json.loads(capsys.readouterr().out.splitlines()[0])
    assert (line["decisions"], line["scores"]) == (len(v1["actions"]), v1["result"]["scores"])
    assert simulate.main(["--players", "2", "--games", "1", "--seed", "101"]) == 0
    line2 = json.loads(capsys.readouterr().out.splitlines()[0])
    assert line2["decisions"] != line["decisions"]  # version 2 plays differently
