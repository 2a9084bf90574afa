"""Seeded random self-play: every game ends, invariants hold after every step,
the log replays to the same state, and JSON round trips are lossless."""

import json
import subprocess
import sys

import pytest

from engine import Game, GameOptions, replay
from engine.invariants import violations
from engine.simulate import MAX_DECISIONS, play_random


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_replay_and_round_trip(players, seed):
    options = GameOptions(players=players)
    game, actions = play_random(options, seed, invariants=True)  # checks after every step
    assert game.is_over
    assert 0 < len(actions) < MAX_DECISIONS
    result = game.result
    assert result["end"] in ("spes", "ravagers")
    assert len(result["scores"]) == players
    assert result["winners"] and all(
        result["scores"][w] == max(result["scores"]) for w in result["winners"]
    )
    assert replay(options, seed, actions).to_json() == game.to_json()
    text = json.dumps(game.to_json())
    assert Game.from_json(json.loads(text)).to_json() == game.to_json()


def test_round_trip_mid_game_continues_identically():
    options = GameOptions(players=4)
    game, actions = play_random(options, 11, invariants=False)
    half = len(actions) // 2
    partial = replay(options, 11, actions[:half])
    restored = Game.from_json(json.loads(json.dumps(partial.to_json())))
    assert restored.decision == partial.decision
    for a in actions[half:]:
        restored.apply(a)
    assert restored.to_json() == game.to_json()
    assert violations(restored) == []


def test_different_seeds_give_different_games():
    a, _ = play_random(GameOptions(players=3), 1, invariants=False)
    b, _ = play_random(GameOptions(players=3), 2, invariants=False)
    assert a.to_json() != b.to_json()


def test_simulate_command_is_deterministic():
    cmd = [sys.executable, "-m", "engine.simulate", "--players", "3", "--games", "3", "--seed", "5"]
    first = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()
    second = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()
    assert first[:-1] == second[:-1]  # the summary line carries timings
    games = [json.loads(line) for line in first[:-1]]
    assert [g["seed"] for g in games] == [5, 6, 7]
    assert set(games[0]) == {"seed", "players", "decisions", "rounds", "end", "scores", "winners"}
    summary = json.loads(first[-1])
    assert summary["games"] == 3 and summary["decisions"] == sum(g["decisions"] for g in games)
    assert set(summary) == {"games", "decisions", "seconds", "decisions_per_second"}
