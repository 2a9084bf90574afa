"""An animated GIF of a game, one frame per turn, under an upload limit.

The frames are the table images (``draw_board``) of successive views. They are
drawn in RGB and mapped onto *one* palette (taken from the first and last
frames), so consecutive frames differ only where the table changed and the
GIF encoder stores just those rectangles: a 4-player game of ~50 turns at full
size is ~1.5 MiB (bench/replay.py). Over the limit, the frames are scaled down,
then thinned, until it fits.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from renderer.board import draw_board
from renderer.common import DRAW_LOCK, View

#: Discord's upload limit for a bot without boosts (10 MiB), with room for the request.
UPLOAD_LIMIT = 10 * 1024 * 1024 - 64 * 1024
FRAME_MS = 900
LAST_FRAME_MS = 4000
_SCALES = (1.0, 0.75, 0.5)


def draw_frames(views: Sequence[View], names: dict[int, str] | None = None) -> list[Image.Image]:
    """The table of each view, in RGB."""
    out = []
    for view in views:
        with DRAW_LOCK:
            out.append(draw_board(view, names).convert("RGB"))
    return out


def _palette(frames: Sequence[Image.Image]) -> Image.Image:
    """One 255-colour palette for every frame, from the first and the last."""
    first, last = frames[0], frames[-1]
    both = Image.new("RGB", (first.width + last.width, max(first.height, last.height)))
    both.paste(first, (0, 0))
    both.paste(last, (first.width, 0))
    return both.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _fit(frames: Sequence[Image.Image]) -> list[Image.Image]:
    """Every frame at the first one's size (a GIF's frames share one canvas)."""
    size = frames[0].size
    out = []
    for f in frames:
        if f.size != size:
            canvas = Image.new("RGB", size, (0, 0, 0))
            canvas.paste(f, (0, 0))
            f = canvas
        out.append(f)
    return out


def encode_gif(frames: Sequence[Image.Image], scale: float = 1.0) -> bytes:
    """The frames as a looping GIF at ``scale`` (the last frame held longer)."""
    frames = _fit(frames)
    if scale != 1.0:
        w, h = frames[0].size
        size = (max(1, round(w * scale)), max(1, round(h * scale)))
        frames = [f.resize(size, Image.Resampling.BILINEAR, reducing_gap=2.0) for f in frames]
    pal = _palette(frames)
    paletted = [f.quantize(palette=pal, dither=Image.Dither.NONE) for f in frames]
    durations = [FRAME_MS] * (len(paletted) - 1) + [LAST_FRAME_MS]
    buf = io.BytesIO()
    paletted[0].save(
        buf,
        format="GIF",
        save_all=True,
        append_images=paletted[1:],
        duration=durations if len(paletted) > 1 else LAST_FRAME_MS,
        loop=0,
    )
    return buf.getvalue()


def thin(frames: Sequence[Image.Image], keep: int) -> list[Image.Image]:
    """``keep`` frames spread evenly, the first and the last always among them."""
    n = len(frames)
    if keep >= n:
        return list(frames)
    if keep <= 1:
        return [frames[-1]]
    picks = sorted({round(i * (n - 1) / (keep - 1)) for i in range(keep)})
    return [frames[i] for i in picks]


def animate(frames: Sequence[Image.Image], limit: int = UPLOAD_LIMIT) -> tuple[bytes, float, int]:
    """A GIF of ``frames`` no larger than ``limit`` bytes: (gif, scale, frames kept).
    Tries full size, then smaller scales, then fewer frames at the smallest."""
    if not frames:
        raise ValueError("no frames to animate")
    gif = b""
    for scale in _SCALES:
        gif = encode_gif(frames, scale)
        if len(gif) <= limit:
            return gif, scale, len(frames)
    keep = len(frames)
    while keep > 1:
        keep = max(1, int(keep * min(0.9, limit / len(gif))))
        gif = encode_gif(thin(frames, keep), _SCALES[-1])
        if len(gif) <= limit:
            return gif, _SCALES[-1], keep
    raise ValueError(f"even one frame is over {limit} bytes")
