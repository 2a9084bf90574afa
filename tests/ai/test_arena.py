"""python -m ai.arena: one JSON line per game and a summary, the same for the same arguments."""

import json

import pytest

from ai.arena import main, parse_seats


def run(capsys, *args: str) -> list[dict]:
    assert main(list(args)) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_arena_prints_a_line_per_game_and_a_summary_and_repeats_itself(capsys):
    args = ("--players", "4", "--seats", "strong,simple,random,random")
    args += ("--seed", "7", "--iterations", "8")
    first = run(capsys, *args, "--games", "2")
    again = run(capsys, *args, "--games", "1")
    assert again[0] == first[0]  # the same game from the same arguments
    games, summary = first[:-1], first[-1]["summary"]
    assert [g["seed"] for g in games] == [7, 8]
    for g in games:
        assert g["seats"] == ["strong", "simple", "random", "random"]
        assert len(g["scores"]) == 4 and g["winners"] and g["decisions"] > 50
        assert set(g["winners"]) <= set(range(4))
        assert max(g["scores"]) == g["scores"][g["winners"][0]]
    assert summary["games"] == 2
    levels = summary["levels"]
    assert set(levels) == {"strong", "simple", "random"}
    assert levels["random"]["seats"] == 4 and levels["strong"]["seats"] == 2
    wins = sum(0 in g["winners"] for g in games)
    assert levels["strong"]["wins"] == wins
    assert levels["strong"]["mean_vp"] == sum(g["scores"][0] for g in games) / 2


def test_solo_arena_plays_against_hal(capsys):
    out = run(capsys, "--players", "1", "--seats", "simple", "--difficulty", "easy", "--games", "1")
    game = out[0]
    assert len(game["scores"]) == 1 and isinstance(game["hal"], int)
    assert game["winners"] == ([0] if game["scores"][0] > game["hal"] else [])  # R19
    assert game["rounds"] >= 2


def test_bad_seats_are_refused():
    with pytest.raises(ValueError, match="unknown level"):
        parse_seats("strong,genius", 2)
    with pytest.raises(ValueError, match="give 3"):
        parse_seats("simple,simple", 3)
