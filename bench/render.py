"""Renderer benchmark: median and p95 ms for the table and a player board.

    python bench/render.py [--players 4] [--seed 2] [--decisions 60] [--runs 60]

Prints, for each image, the full render (draw + PNG encode), the drawing
alone, the PNG encoding alone of the same image, and the PNG size. Goals
(issue 5): table < 80 ms, player board < 30 ms on one core of a small
machine; drawing should cost less than half of the encode. The first render
(which fills the static-artwork caches) is reported separately.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from renderer.board import draw_board  # noqa: E402
from renderer.common import encode_png  # noqa: E402
from renderer.demo import play  # noqa: E402
from renderer.player import draw_player  # noqa: E402


def timings(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """(median, p95) in milliseconds of `runs` calls."""
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[min(len(samples) - 1, int(len(samples) * 0.95))]


def report(name: str, draw: Callable[[], object], runs: int) -> None:
    start = time.perf_counter()
    img = draw()
    cold = (time.perf_counter() - start) * 1000
    data = encode_png(img)  # type: ignore[arg-type]
    full = timings(lambda: encode_png(draw()), runs)  # type: ignore[arg-type]
    drawing = timings(draw, runs)
    encoding = timings(lambda: encode_png(img), runs)  # type: ignore[arg-type]
    size = f"{img.width}x{img.height}"  # type: ignore[attr-defined]
    print(f"{name} ({size}, first draw with empty caches {cold:.0f} ms)")
    print(f"  render (draw + encode): median {full[0]:6.1f} ms   p95 {full[1]:6.1f} ms")
    print(f"  draw only:              median {drawing[0]:6.1f} ms   p95 {drawing[1]:6.1f} ms")
    print(f"  PNG encode only:        median {encoding[0]:6.1f} ms   p95 {encoding[1]:6.1f} ms")
    print(f"  PNG size: {len(data) / 1024:.0f} KiB; draw/encode = {drawing[0] / encoding[0]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description="Renderer benchmark")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--runs", type=int, default=60)
    args = parser.parse_args()
    game = play(args.players, args.seed, args.decisions)
    public = game.view(None)
    private = game.view(0)
    print(f"{args.players} players, seed {args.seed}, {game.state.decisions} decisions")
    report("table", lambda: draw_board(public), args.runs)
    report("player board (private, with hand)", lambda: draw_player(private, 0), args.runs)


if __name__ == "__main__":
    main()
