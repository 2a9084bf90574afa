"""Engine speed: milliseconds per random 4-player game for every rules
version, against Catanatron (the pure-Python Catan engine) in the same run.

    python bench/engine.py [--games 60] [--repeats 3] [--profile]

Goal (issue 26): ours at most one third of Catanatron's median, per rules
version. Catanatron is optional (`pip install catanatron==3.2.1`, the `bench`
extra); without it only our figures are printed. The engines take turns
within each repeat (ours per version, then Catanatron), so a busy machine
slows them alike; times are CPU seconds of this process (on a shared machine
wall time mostly measures the others); each figure is the best repeat's median.
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
from engine.rules_version import RULES_VERSIONS  # noqa: E402
from engine.simulate import play_random  # noqa: E402


def bench_ours(games: int, version: int, players: int = 4) -> tuple[list[float], int]:
    """Seconds per game and decisions, random play (words never built)."""
    times = []
    decisions = 0
    for seed in range(games):
        t0 = time.process_time()
        _, actions = play_random(
            GameOptions(players=players, rules_version=version), seed, invariants=False
        )
        times.append(time.process_time() - t0)
        decisions += len(actions)
    return times, decisions


def bench_catanatron(games: int) -> tuple[list[float], int] | None:
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        return None
    colours = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    times, decisions = [], 0
    for seed in range(games):
        t0 = time.process_time()
        game = Game([RandomPlayer(c) for c in colours], seed=seed)
        game.play()
        times.append(time.process_time() - t0)
        decisions += len(game.state.actions)
    return times, decisions


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="print where our time goes")
    args = parser.parse_args()

    ours: dict[int, list[tuple[list[float], int]]] = {v: [] for v in RULES_VERSIONS}
    catan: list[tuple[list[float], int]] = []
    for _ in range(args.repeats):
        for v in RULES_VERSIONS:
            ours[v].append(bench_ours(args.games, v))
        run = bench_catanatron(args.games)
        if run is not None:
            catan.append(run)

    def best(runs: list[tuple[list[float], int]]) -> tuple[float, float]:
        """(median ms per game, decisions per second) of the fastest repeat."""
        times, decisions = min(runs, key=lambda r: statistics.median(r[0]))
        return statistics.median(times) * 1000, decisions / sum(times)

    print(f"random 4-player games: {args.games} per engine and repeat, best of {args.repeats}")
    c_ms = None
    if catan:
        c_ms, c_rate = best(catan)
        print(
            f"catanatron            median ms per game: {c_ms:6.1f}   decisions/s: {c_rate:8,.0f}"
        )
    else:
        print("catanatron            not installed (pip install catanatron==3.2.1): no comparison")
    for v in RULES_VERSIONS:
        ms, rate = best(ours[v])
        line = f"black-angel rules v{v}  median ms per game: {ms:6.1f}   decisions/s: {rate:8,.0f}"
        if c_ms:
            ratio = ms / c_ms
            line += f"   ours/catanatron: {ratio:.2f} ({'meets' if ratio <= 1 / 3 else 'misses'} <= 1/3)"
        print(line)
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        bench_ours(args.games // 3 or 1, max(RULES_VERSIONS))
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())


if __name__ == "__main__":
    main()
