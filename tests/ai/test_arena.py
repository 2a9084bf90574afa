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


def test_a_transcript_tells_the_game_on_stderr_and_leaves_the_json_lines_alone(capsys):
    args = ["--players", "1", "--seats", "simple", "--difficulty", "easy"]
    args += ["--games", "1", "--seed", "50", "--iterations", "1"]
    assert main(args) == 0
    plain = capsys.readouterr()
    assert main([*args, "--transcript"]) == 0
    told = capsys.readouterr()
    assert told.out == plain.out and plain.err == ""  # the same game, the same lines
    game = json.loads(told.out.splitlines()[0])
    lines = told.err.splitlines()
    assert lines[0] == "Game 1, seed 50"
    assert lines[1] == "Round 1 · VP: Blue 5, Hal 0 · Ravager deck 15"
    assert lines[2].startswith("  Blue: 1 resource, 1 debris, 1 ship; 5 robots in the break room")
    assert lines[2].endswith("; dice: orange 2, gray 3, green 3")
    # One line per decision, in the words a player reads; the events follow it.
    decisions = [line for line in lines if line.startswith("  Blue (simple), ")]
    assert len(decisions) == game["decisions"]
    assert decisions[0].startswith("  Blue (simple), turn: Your ")
    assert any(line.startswith("    Hal reveals his card") for line in lines)
    assert any(line.startswith("    Blue gains ") for line in lines)
    rounds = [line for line in lines if line.startswith("Round ")]
    assert rounds[-1].startswith(f"Round {game['rounds']} · VP: ")
    assert "the end is triggered" in rounds[-1]
