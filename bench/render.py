"""Renderer benchmark: median and p95 ms and PNG size of every image the bot sends.

    python bench/render.py [--players 4] [--seed 2] [--decisions 60] [--runs 40]

In CPU milliseconds, for the table, a private player board (with hand), the
solo table (Hal's band), the table with a Command's numbered map (what the bot
sends with that decision) and the final scores, it prints the drawing alone,
then the PNG encoding of the same image two ways in the same run: "old" is the encoder before issue 25 (256
colours octree-quantized on the full image, zlib level 1) and "new" is
renderer.common.encode_png (48 colours picked on a quarter-size sample, written with zlib-ng at level 5, renderer/png.py).
Goals: the table PNG <= 100 KiB (issue 25) and a render (draw + encode) well
under the 150 ms click-to-image budget of bench/bot.py.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from engine import Action, Decision, Game, GameOptions  # noqa: E402
from renderer.board import draw_board  # noqa: E402
from renderer.common import encode_png  # noqa: E402
from renderer.decision import with_decision  # noqa: E402
from renderer.demo import play_game as play  # noqa: E402
from renderer.final import draw_final  # noqa: E402
from renderer.player import draw_player  # noqa: E402


def old_encode_png(img: Image.Image) -> bytes:
    """The encoder before issue 25, kept here as the baseline."""
    paletted = img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    paletted.save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def first_command(options: GameOptions, seed: int) -> tuple[Game, Decision] | None:
    """The game at its largest Command decision among the first 400 (the
    numbered map the bot sends with it)."""
    game = Game.new(options, seed)
    rng = random.Random(seed)
    best: tuple[Game, Decision] | None = None
    for _ in range(400):
        d = game.decision
        if d is None:
            break
        if d.kind == "command" and (best is None or len(d.options) > len(best[1].options)):
            # the copy's own decision: the words of this game's options are built
            # when read, and this game moves on below
            copy = Game.from_json(game.to_json())
            assert copy.decision is not None
            best = (copy, copy.decision)
        game.apply(Action(d.seat, rng.choice(d.options).id))
    return best


def timings(fns: dict[str, Callable[[], object]], runs: int) -> dict[str, tuple[float, float]]:
    """{name: (median, p95)} in CPU milliseconds of `runs` calls of each, taken
    in turn (old, new, old, new...) so that both see the same machine; CPU time
    because other processes on a shared machine must not count."""
    samples: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(runs):
        for name, fn in fns.items():
            start = time.process_time()
            fn()
            samples[name].append((time.process_time() - start) * 1000)
    out = {}
    for name, s in samples.items():
        s.sort()
        out[name] = (statistics.median(s), s[min(len(s) - 1, int(len(s) * 0.95))])
    return out


def report(name: str, draw: Callable[[], Image.Image], runs: int) -> None:
    start = time.process_time()
    img = draw()
    cold = (time.process_time() - start) * 1000
    encoders = {"old": old_encode_png, "new": encode_png}
    fns: dict[str, Callable[[], object]] = {"draw": draw}
    for label, encode in encoders.items():
        fns[f"{label} encode"] = lambda encode=encode: encode(img)
        fns[f"{label} render"] = lambda encode=encode: encode(draw())
    t = timings(fns, runs)
    print(f"{name} ({img.width}x{img.height}, first draw with empty caches {cold:.0f} ms)")
    print(f"  draw only:  median {t['draw'][0]:6.1f} ms   p95 {t['draw'][1]:6.1f} ms")
    for label, encode in encoders.items():
        size = len(encode(img)) / 1024
        enc, full = t[f"{label} encode"], t[f"{label} render"]
        print(
            f"  {label}: encode median {enc[0]:5.1f} p95 {enc[1]:5.1f} ms · draw+encode"
            f" median {full[0]:5.1f} p95 {full[1]:5.1f} ms · PNG {size:4.0f} KiB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description="Renderer benchmark")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    game = play(GameOptions(players=args.players), args.seed, args.decisions)
    public, private = game.view(None), game.view(0)
    solo = play(GameOptions(players=1), args.seed, args.decisions).view(None)
    final = play(GameOptions(players=args.players), args.seed, 100_000).view(None)
    command = first_command(GameOptions(players=args.players), args.seed)
    print(f"{args.players} players, seed {args.seed}, {game.state.decisions} decisions")
    report("table", lambda: draw_board(public), args.runs)
    report("player board (private, with hand)", lambda: draw_player(private, 0), args.runs)
    report("solo table (Hal's band)", lambda: draw_board(solo), args.runs)
    if command is not None:
        game, decision = command
        view = with_decision(game.view(None), decision)
        n = len(decision.options)
        report(
            f"table of a Command, {n} destinations numbered", lambda: draw_board(view), args.runs
        )
    report("final scores", lambda: draw_final(final), args.runs)


if __name__ == "__main__":
    main()
