"""Two solo runs of bench/ai.py compared game by game (issue 27).

    python bench/ai.py --only hal --difficulty easy --hal-games 200 > before.jsonl
    (change the bot)
    python bench/ai.py --only hal --difficulty easy --hal-games 200 > after.jsonl
    python bench/paired.py before.jsonl after.jsonl

A solo game's margin over Hal varies by about 5 VP between two runs of the
same seed, so two runs' win rates over 200 games differ by several points by
luck alone. The same seed deals the same cards and dice until the two bots
part, so the difference of each seed's margins (after minus before) varies
less: its mean and standard error say whether a change helped, and are what
bench/AI_RESULTS.md reports as "game by game". Only the seeds both runs
played at the same difficulty are compared; a run that played two levels
names the one compared (`--before-level`, `--after-level`).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.components import STARTING_VP  # noqa: E402

Key = tuple[str, int]  # difficulty, seed


@dataclass(frozen=True)
class Game:
    score: int
    hal: int
    rounds: int

    @property
    def margin(self) -> int:
        return self.score - self.hal

    @property
    def won(self) -> bool:
        return self.score > self.hal  # strict: a tie is Hal's (R19)


def read_games(path: Path, level: str | None = None) -> dict[Key, Game]:
    """The per-game lines of a bench/ai.py solo run, of `level` if given (its
    summary lines and anything else are skipped). A run that played one seed
    at one difficulty with two levels must name the level to compare."""
    games: dict[Key, Game] = {}
    for line in path.read_text().splitlines():
        if not line.startswith("{"):
            continue
        row = json.loads(line)
        difficulty = row.get("vs_hal")
        if not isinstance(difficulty, str) or "seed" not in row:
            continue
        if level is not None and row["seats"][0] != level:
            continue
        key = (difficulty, row["seed"])
        if key in games:
            raise SystemExit(
                f"{path}: seed {row['seed']} at {difficulty} was played twice "
                "(two levels?): name one with --before-level / --after-level"
            )
        games[key] = Game(row["scores"][0], row["hal"], row["rounds"])
    return games


def summary(games: list[Game]) -> dict[str, float]:
    n = len(games)
    return {
        "games": n,
        "wins": sum(g.won for g in games),
        "ties": sum(g.margin == 0 for g in games),
        "mean_margin": round(sum(g.margin for g in games) / n, 2),
        # pooled, as bench/ai.py's vp_per_round_pooled: VP gained over rounds played
        "vp_per_round_pooled": round(
            sum(g.score - STARTING_VP for g in games) / sum(g.rounds for g in games), 3
        ),
        "mean_rounds": round(sum(g.rounds for g in games) / n, 2),
    }


def compare(before: dict[Key, Game], after: dict[Key, Game]) -> dict:
    """Both runs' figures on their common games, and the game-by-game
    difference of the margin (after minus before) with its standard error."""
    pairs = [(before[k], after[k]) for k in sorted(set(before) & set(after))]
    if not pairs:
        raise SystemExit("the two runs have no game in common (same difficulty and seed)")
    diffs = [b.margin - a.margin for a, b in pairs]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
    return {
        "before": summary([a for a, _ in pairs]),
        "after": summary([b for _, b in pairs]),
        "margin_difference": round(mean, 2),
        "standard_error": round(spread / math.sqrt(n), 2),
        "wins_difference": sum(b.won for _, b in pairs) - sum(a.won for a, _ in pairs),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path, help="bench/ai.py output (JSON lines)")
    parser.add_argument("after", type=Path)
    parser.add_argument(
        "--before-level", help="only BEFORE's games of this level (strong, simple, plan)"
    )
    parser.add_argument("--after-level", help="only AFTER's games of this level")
    args = parser.parse_args()
    before = read_games(args.before, args.before_level)
    after = read_games(args.after, args.after_level)
    print(json.dumps(compare(before, after)))


if __name__ == "__main__":
    main()
