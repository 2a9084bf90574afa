"""Engine speed: random decisions per second and milliseconds per 4-player
game, against Catanatron (the pure-Python Catan engine) in the same run.

    python bench/engine.py [--games 60] [--repeats 3] [--profile]

Catanatron is optional (`pip install catanatron==3.2.1`, the `bench` extra);
without it only our figures are printed. Figures are best-of-repeats to damp
a noisy machine; both engines run in the same process, one after the other.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GameOptions  # noqa: E402
from engine.simulate import play_random  # noqa: E402


def bench_ours(games: int, players: int = 4) -> tuple[float, list[float], int]:
    times = []
    decisions = 0
    for seed in range(games):
        t0 = time.perf_counter()
        _, actions = play_random(GameOptions(players=players), seed, invariants=False)
        times.append(time.perf_counter() - t0)
        decisions += len(actions)
    return decisions / sum(times), times, decisions


def bench_catanatron(games: int) -> tuple[float, list[float]] | None:
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        return None
    colours = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    times, decisions = [], 0
    for seed in range(games):
        t0 = time.perf_counter()
        game = Game([RandomPlayer(c) for c in colours], seed=seed)
        game.play()
        times.append(time.perf_counter() - t0)
        decisions += len(game.state.actions)
    return decisions / sum(times), times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="print where our time goes")
    args = parser.parse_args()

    best_ours = max((bench_ours(args.games) for _ in range(args.repeats)), key=lambda r: r[0])
    rate, times, decisions = best_ours
    print(
        f"black-angel  4p random games: {args.games}, decisions/game: {decisions / args.games:.0f}"
    )
    print(f"black-angel  decisions/s: {rate:,.0f}")
    print(f"black-angel  median ms per 4-player game: {statistics.median(times) * 1000:.1f}")
    runs = [bench_catanatron(args.games) for _ in range(args.repeats)]
    if runs[0] is None:
        print("catanatron   not installed (pip install catanatron==3.2.1): no comparison")
    else:
        c_rate, c_times = max(runs, key=lambda r: r[0])
        print(f"catanatron   decisions/s: {c_rate:,.0f}")
        print(f"catanatron   median ms per 4-player game: {statistics.median(c_times) * 1000:.1f}")
        print(f"ratio        black-angel / catanatron decisions/s: {rate / c_rate:.2f}")
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        bench_ours(args.games // 3 or 1)
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
        print(out.getvalue())


if __name__ == "__main__":
    main()
