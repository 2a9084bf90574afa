"""Refit ai/solo.py's WEIGHTS: the final margin over Hal, linear in features.

    python bench/fit_solo.py --games 800 --seed 20000 --step 0.3   # prints the weights
    python bench/fit_solo.py --games 300 --seed 30000 --level strong --iterations 40

Plays `simple` (with the weights now in ai/solo.py; `--level strong` plays the
search instead, at `--iterations` play-outs a decision) solo against Hal at easy,
records ai.solo.features at the start of each of the player's turns, and fits
the game's final margin (player minus Hal) by least squares (a small ridge
keeps rarely-seen features tame). It prints the weights moved `--step` of the
way from today's toward the fit (a feature new to ai/solo.py starts from 0):
the fit judges positions by how `simple` plays on from them, and jumping all
the way to it changes how simple plays too much for that judgement to hold
(a full step made things worse twice, see below). Paste the printed dict
into ai/solo.py, then check it in the same run as the old weights (tests/ai
keep their seeds):

    python -m ai.arena --players 1 --difficulty easy --seats simple --games 120 --seed 3000

How the shipped weights were made (issue 14): starting from ai/worth.py's VP
values, two rounds of fit-and-play: 400 games (margin -9.2 VP -> -5.4 over 60
seeded games), then 600 games with those weights (-> -4.0). A third round
oscillated (-8.2) and was not kept. On 2026-11-23 the features of Hal's
coming income were added (his cards in Space, his dice, the damage and
Ravagers he turns into VP) and 800 games refitted: the full step lost
(simple on seeds 0-199: 39 wins, margin -5.95 against 50 and -5.13), a 0.3
step won (56, -4.01; seeds 200-399: 60 and -3.27 against 56 and -4.04).
A fit on strong's own games (the second command) did not beat the noise and
was not kept (bench/AI_RESULTS.md, "Tried 2026-11-23, later").
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import Budget, choose  # noqa: E402
from ai.solo import CONSTANT, FEATURES, WEIGHTS, features  # noqa: E402
from engine import Action, Game, GameOptions  # noqa: E402

RIDGE = 1e-3


def positions(job: tuple[int, str, int]) -> list[tuple[list[float], float]]:
    seed, level, iterations = job
    budget = Budget(iterations=iterations)
    game = Game.new(GameOptions(players=1, difficulty="easy"), seed)
    rng = random.Random(seed)
    rows = []
    while not game.is_over:
        d = game.decision
        assert d is not None
        if d.kind == "turn" and not game.state.turn:
            f = features(game, 0)
            rows.append([float(f[k]) for k in FEATURES])
        game.apply(Action(d.seat, choose(game.view(d.seat), rng=rng, level=level, budget=budget)))
    assert game.result is not None
    final = game.result["scores"][0] - game.result["scores"][1]
    return [(row, float(final)) for row in rows]


def least_squares(xs: list[list[float]], ys: list[float]) -> list[float]:
    k = len(xs[0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(xs, ys, strict=True):
        for i in range(k):
            b[i] += x[i] * y
            row = a[i]
            for j in range(k):
                row[j] += x[i] * x[j]
    for i in range(k):
        a[i][i] += RIDGE * len(xs)
    m = [a[i] + [b[i]] for i in range(k)]
    for c in range(k):  # Gauss-Jordan with partial pivoting
        p = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(k):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [u - f * v for u, v in zip(m[r], m[c], strict=True)]
    return [m[i][k] / m[i][i] for i in range(k)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=20000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--step", type=float, default=0.3, help="how far toward the fit (0-1)")
    parser.add_argument("--level", default="simple", help="who plays the games fitted")
    parser.add_argument("--iterations", type=int, default=40, help="strong's play-outs")
    args = parser.parse_args()
    jobs = [(s, args.level, args.iterations) for s in range(args.seed, args.seed + args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        rows = [r for game in pool.map(positions, jobs, chunksize=4) for r in game]
    xs = [x + [1.0] for x, _ in rows]
    ys = [y for _, y in rows]
    w = least_squares(xs, ys)
    mean = sum(ys) / len(ys)
    predicted = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs]
    r2 = 1 - sum((y - p) ** 2 for y, p in zip(ys, predicted, strict=True)) / sum(
        (y - mean) ** 2 for y in ys
    )
    print(f"{len(rows)} positions from {args.games} games; R^2 {r2:.3f}")
    step = args.step
    print(f"# {step} of the way from today's weights toward the fit")
    print("WEIGHTS: dict[str, float] = {")
    for name, weight in zip(FEATURES, w, strict=False):
        print(f'    "{name}": {(1 - step) * WEIGHTS.get(name, 0.0) + step * weight:.3f},')
    print("}")
    print(f"CONSTANT = {(1 - step) * CONSTANT + step * w[-1]:.3f}")


if __name__ == "__main__":
    main()
