"""bench/paired.py: two solo runs of bench/ai.py compared seed by seed."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from ai.arena import GameRecord
from bench.paired import compare, read_games

ROOT = Path(__file__).resolve().parent.parent


def _run(path: Path, games: list[tuple[int, str, int, int, int]]) -> Path:
    """A bench/ai.py solo output: the budget line, one line per game as
    bench/ai.py prints it (GameRecord.to_json), the summary line."""
    lines = [json.dumps({"budget": "1.0 s per decision"})]
    for seed, level, score, hal, rounds in games:
        record = GameRecord(
            seed, [level], [score], [0] if score > hal else [], 40, "ravagers", hal, rounds
        )
        lines.append(json.dumps({"vs_hal": "easy", **record.to_json()}))
    lines.append(json.dumps({"vs_hal": {"level": "strong", "games": len(games)}, "budget": "x"}))
    path.write_text("\n".join(lines) + "\n")
    return path


def test_margins_are_compared_seed_by_seed_and_a_tie_is_no_win(tmp_path: Path) -> None:
    before = _run(
        tmp_path / "a",
        [(0, "strong", 20, 18, 8), (1, "strong", 15, 15, 6), (2, "strong", 9, 14, 5)],
    )
    # seed 3 only in the second run: not compared
    after = _run(
        tmp_path / "b",
        [
            (0, "strong", 19, 18, 8),
            (1, "strong", 17, 15, 7),
            (2, "strong", 12, 14, 5),
            (3, "strong", 30, 1, 9),
        ],
    )
    out = compare(read_games(before), read_games(after))
    assert out["before"] == {
        "games": 3,
        "wins": 1,  # the 15-15 tie is Hal's (R19)
        "ties": 1,
        "mean_margin": round((2 + 0 - 5) / 3, 2),
        "vp_per_round_pooled": round((15 + 10 + 4) / 19, 3),
        "mean_rounds": round(19 / 3, 2),
    }
    assert out["after"]["games"] == 3 and out["after"]["wins"] == 2 and out["after"]["ties"] == 0
    diffs = [1 - 2, 2 - 0, -2 - (-5)]  # after minus before, seed by seed
    mean = sum(diffs) / 3
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / 2) / math.sqrt(3)
    assert out["margin_difference"] == round(mean, 2)
    assert out["standard_error"] == round(se, 2)
    assert out["wins_difference"] == 1


def test_a_run_of_two_levels_must_name_the_one_compared(tmp_path: Path) -> None:
    both = _run(tmp_path / "a", [(0, "strong", 20, 18, 8), (0, "simple", 12, 18, 8)])
    with pytest.raises(SystemExit, match="--before-level"):
        read_games(both)
    assert read_games(both, "simple")[("easy", 0)].score == 12


def test_the_command_prints_the_comparison(tmp_path: Path) -> None:
    before = _run(tmp_path / "a", [(0, "simple", 10, 12, 6), (1, "simple", 14, 12, 7)])
    after = _run(tmp_path / "b", [(0, "strong", 13, 12, 6), (1, "strong", 14, 12, 7)])
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "paired.py"), str(before), str(after)],
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(done.stdout)
    assert out["margin_difference"] == 1.5 and out["wins_difference"] == 1
    empty = _run(tmp_path / "c", [(5, "strong", 1, 2, 3)])
    failed = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "paired.py"), str(before), str(empty)],
        capture_output=True,
        text=True,
    )
    assert failed.returncode != 0 and "no game in common" in failed.stderr
