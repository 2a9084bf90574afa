"""Small helpers shared by the table, player and final images."""

from __future__ import annotations

import threading
from typing import Any

from PIL import Image, ImageDraw

from renderer import palette as P
from renderer.fonts import fit, font, printable
from renderer.png import palette_png

#: What every image is drawn from: a view as the engine hands it out (Game.view).
View = dict[str, Any]

# Pillow's PNG encoder tries five row filters on every RGB row, which costs far
# more than drawing, so images go out as palette PNGs. These images are flat
# colours plus anti-aliased edges, and 48 colours keep both (no pixel moves by
# more than a barely visible step; see tests/renderer/test_common.py): a third
# smaller than 256 colours, which mostly spent the palette on edge shades that
# zlib then cannot match. The palette is chosen on a quarter-size sample (a
# sixteenth of the pixels: octree quantizing the whole image cost more than the
# rest of the encode) and the full image is mapped onto it, no dithering, so
# flat colours stay flat. The PNG is written with zlib-ng (renderer/png.py):
# every table under 100 KiB, encoded in about half the time Pillow's writer
# took at zlib level 6 (bench/render.py prints the old encoder beside it).
PALETTE_COLOURS = 48
SAMPLE_STEP = 4

# The bot renders in worker threads (asyncio.to_thread). Cached sprites and
# font faces are shared, and a FreeType face must not be used by two threads
# at once, so drawing is serialized; encoding (zlib, outside the lock) is not.
DRAW_LOCK = threading.Lock()
NAMED = P.named_colours()
NEAR = 24  # a named colour this close (sum over R, G, B) to a picked one is not added


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes of an image; the same pixels always give the same bytes."""
    return palette_png(paletted(img))


def paletted(img: Image.Image) -> Image.Image:
    """The image mapped onto PALETTE_COLOURS colours picked from a sample of it,
    plus any colour palette.py names that none of those is close to: a small
    badge or tag would otherwise be merged into a bigger neighbour's colour."""
    size = (max(1, img.width // SAMPLE_STEP), max(1, img.height // SAMPLE_STEP))
    sample = img.resize(size, Image.Resampling.NEAREST)
    picked = sample.quantize(
        colors=PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    flat = (picked.getpalette() or [])[: 3 * PALETTE_COLOURS]
    colours = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
    missing = [named for named in NAMED if not _near_any(named, colours)]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + [x for rgb in missing for x in rgb])
    return img.quantize(palette=palette, dither=Image.Dither.NONE)


def _near_any(named: P.RGB, colours: list[tuple[int, ...]]) -> bool:
    """Whether a picked colour is within NEAR of ``named`` (sum over R, G, B);
    spelled out, as this runs for every named colour of every image."""
    r, g, b = named
    return any(abs(r - pr) + abs(g - pg) + abs(b - pb) <= NEAR for pr, pg, pb in colours)


def count(value: Any) -> int:
    """A count from a view field that is either a number or a (visible) list."""
    if isinstance(value, int):
        return value
    return len(value or [])


def paste(img: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Paste an RGBA sprite centred on a point, using its own alpha."""
    x = int(round(centre[0] - sprite.width / 2))
    y = int(round(centre[1] - sprite.height / 2))
    img.paste(sprite, (x, y), sprite)


def paste_at(img: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    img.paste(sprite, xy, sprite)


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    size: int,
    fill: P.RGB = P.TEXT,
    bold: bool = False,
    anchor: str = "la",
    width: int | None = None,
) -> None:
    """Draw text with the shipped font, cut to `width` pixels if given."""
    if width is not None:
        s = fit(s, width, size, bold)
    draw.text(xy, s, font=font(size, bold), fill=fill, anchor=anchor)


def seat_colour(view: View, seat: Any) -> str | None:
    """Player colour of a seat; Hal (solo) sits after the players; None = neutral."""
    players = view["players"]
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]["colour"]
    hal = view.get("hal")
    if hal and isinstance(seat, int) and seat >= len(players):
        return hal.get("colour")
    return None


def player_name(view: View, seat: Any, names: dict[int, str] | None = None) -> str:
    """ "Blue" (or the Discord name the bot passes in), never colour alone:
    the letter goes with it wherever it is printed. Hal and the neutral player
    are named as such. A Discord name the font cannot draw (all CJK, all
    emoji) gives way to the colour's name rather than a row of boxes."""
    if names and seat in names and (shown := printable(names[seat])):
        return shown
    players = view["players"]
    if isinstance(seat, int) and 0 <= seat < len(players):
        colour = players[seat]["colour"]
        return P.PLAYER_NAMES.get(colour, colour.title())
    if view.get("hal") and isinstance(seat, int):
        return "Hal"
    return "Neutral"


def contenders(view: View) -> list[tuple[int, str | None, int]]:
    """(seat, colour, VP) of everyone scoring: the players, then Hal in solo.
    Once the game is over the VP are the final totals, not the score track."""
    out: list[tuple[int, str | None, int]] = [
        (seat, p["colour"], p["vp"]) for seat, p in enumerate(view["players"])
    ]
    hal = view.get("hal")
    if hal:
        out.append((len(out), hal.get("colour"), hal.get("vp", 0)))
    totals = (view.get("result") or {}).get("scores")
    if totals and len(totals) == len(out):
        out = [(seat, colour, totals[seat]) for seat, colour, _ in out]
    return out


def vp_of(view: View, seat: int) -> int:
    """The VP printed for a seat (Hal: the seat after the players), the same
    on every image: the final total once the game is over, else the score
    track (a row said 12 VP beside a chip saying 29)."""
    return next(vp for s, _, vp in contenders(view) if s == seat)


def panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    fill: P.RGB = P.PANEL,
    outline: P.RGB | None = P.PANEL_LINE,
    radius: int = 10,
    width: int = 2,
) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
