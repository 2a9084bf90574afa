"""The replay GIF (renderer/animation.py): one frame per view, decodable, and
made to fit a size limit by scaling down, then thinning frames."""

from __future__ import annotations

import io
import random

from PIL import Image

from engine import Action, Game, GameOptions
from renderer.animation import animate, draw_frames, encode_gif, thin


def views(players: int, seed: int, every: int = 6, upto: int = 60) -> list[dict]:
    g = Game.new(GameOptions(players=players), seed)
    rng = random.Random(seed)
    out = [g.view(None)]
    for i in range(upto):
        if g.is_over:
            break
        d = g.decision
        g.apply(Action(d.seat, rng.choice(d.options).id))
        if i % every == every - 1:
            out.append(g.view(None))
    return out


def test_every_view_is_a_frame_of_a_looping_gif() -> None:
    frames = draw_frames(views(3, 4))
    gif, scale, kept = animate(frames)
    img = Image.open(io.BytesIO(gif))
    assert img.format == "GIF" and img.n_frames == len(frames) == kept and scale == 1.0
    assert img.size == frames[0].size
    # frames differ: the table changes between turns
    img.seek(0)
    first = img.convert("RGB").tobytes()
    img.seek(img.n_frames - 1)
    assert img.convert("RGB").tobytes() != first


def test_a_small_limit_scales_down_then_thins() -> None:
    frames = draw_frames(views(4, 2))
    full = encode_gif(frames)
    gif, scale, kept = animate(frames, limit=len(full) // 2)
    assert len(gif) <= len(full) // 2 and scale < 1.0
    tiny = len(encode_gif(frames[:2], 0.5))
    gif, scale, kept = animate(frames, limit=tiny + 1000)
    assert len(gif) <= tiny + 1000 and kept < len(frames)
    assert Image.open(io.BytesIO(gif)).n_frames == kept


def test_thinning_keeps_the_first_and_last_frames() -> None:
    items = list(range(50))
    picked = thin(items, 7)  # type: ignore[arg-type]
    assert picked[0] == 0 and picked[-1] == 49 and len(picked) == 7
    assert thin(items, 80) == items  # type: ignore[arg-type]
