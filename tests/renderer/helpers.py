"""Seeded real-engine games for the renderer tests, and pixel probes."""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image

from engine import Game, GameOptions
from renderer.demo import play_game

# (players, seed, decisions) chosen to cover damage 0/1/2, ships and cards in
# Space, debris on grids, played cards, the neutral player and finished games.
CASES: tuple[tuple[int, int, int], ...] = (
    (2, 1, 0),
    (2, 3, 60),
    (2, 4, 60),
    (2, 1, 100_000),
    (3, 1, 0),
    (3, 3, 60),
    (3, 5, 60),
    (3, 4, 100_000),
    (4, 1, 100),
    (4, 4, 60),
    (4, 5, 60),
    (4, 2, 100_000),
    (1, 2, 30),  # solo against Hal
    (1, 2, 100_000),
)
# Advanced games (boost sides): (players, seed, decisions) with a boost tile in a grid.
ADVANCED_CASES: tuple[tuple[int, int, int], ...] = ((3, 3, 80), (3, 4, 120), (3, 5, 40))


@lru_cache(maxsize=64)
def game(players: int, seed: int, decisions: int, advanced: bool = False) -> Game:
    """A game after `decisions` random legal choices from Random(seed) (cached:
    tests must not change it)."""
    return play_game(GameOptions(players=players, advanced=advanced), seed, decisions)


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def close(pixel: tuple[int, ...], colour: tuple[int, int, int], tol: int = 30) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(pixel[:3], colour, strict=True))


@lru_cache(maxsize=64)
def board_png(players: int, seed: int, decisions: int) -> bytes:
    from renderer import render_board

    return render_board(game(players, seed, decisions).view(None))


@lru_cache(maxsize=64)
def board_image(players: int, seed: int, decisions: int) -> Image.Image:
    return open_png(board_png(players, seed, decisions))
