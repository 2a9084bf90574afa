"""Write the images of a seeded random game: ``python -m renderer.demo``.

    python -m renderer.demo --players 3 --seed 7 --decisions 80 --out out/demo

plays D random legal decisions (the same seeded choices every time), then
writes board.png (public view), player-<seat>.png (each seat's own view, with
its hand) and, when the game is over, final.png.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from engine import Action, Game, GameOptions
from renderer.board import render_board
from renderer.final import render_final
from renderer.player import render_player


def play(players: int, seed: int, decisions: int) -> Game:
    """A game after `decisions` random legal choices drawn from Random(seed)."""
    return play_game(GameOptions(players=players), seed, decisions)


def play_game(options: GameOptions, seed: int, decisions: int) -> Game:
    """A game of ``options`` after `decisions` random legal choices drawn from Random(seed)."""
    game = Game.new(options, seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        d = game.decision
        if d is None:
            break
        game.apply(Action(d.seat, rng.choice(d.options).id))
    return game


def write_images(game: Game, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    path = out / "board.png"
    path.write_bytes(render_board(game.view(None)))
    written.append(path)
    for seat in range(len(game.state.players)):
        path = out / f"player-{seat}.png"
        path.write_bytes(render_player(game.view(seat), seat))
        written.append(path)
    if game.is_over:
        path = out / "final.png"
        path.write_bytes(render_final(game.view(None)))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--out", type=Path, default=Path("out/demo"))
    args = parser.parse_args(argv)
    game = play(args.players, args.seed, args.decisions)
    for path in write_images(game, args.out):
        print(f"{path} ({path.stat().st_size // 1024} KiB)")
    state = "over" if game.is_over else f"round {game.state.round}"
    print(f"{game.state.decisions} decisions applied; game {state}")


if __name__ == "__main__":
    main()
