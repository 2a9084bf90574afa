"""Sprites: pieces and hexes, drawn once and cached (tiles and cards:
renderer/cards.py).

Shapes are drawn at 4x and scaled down once (smooth edges without per-turn
cost); text is drawn at 1x so it stays crisp. Every sprite is an RGBA image
pasted with its own alpha, and every function here is memoised, so a turn's
drawing is mostly `paste`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer import palette as P
from renderer.fonts import font
from renderer.layout import HEX_DISC_R, hex_comet_box, hex_disc_point, hex_polygon

SS = 4  # supersampling factor for shapes

Painter = Callable[[ImageDraw.ImageDraw, int], None]


def smooth(w: int, h: int, paint: Painter) -> Image.Image:
    """Run `paint(draw, scale)` on a 4x transparent canvas; return it at 1x."""
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), SS)
    return big.resize((w, h), Image.Resampling.LANCZOS)


def centred_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: P.RGB,
    bold: bool = True,
) -> None:
    """Text centred on a point (anchor "mm")."""
    draw.text(xy, text, font=font(size, bold), fill=fill, anchor="mm")


def star_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        a = math.radians(-90 + 36 * i)
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


# --------------------------------------------------------------------------- pieces


@lru_cache(maxsize=256)
def die(colour: int, value: int | None, size: int, damaged: bool = False) -> Image.Image:
    """A die of colour index 0-2: its colour's shape, then its value. `value`
    None is a die waiting in the supply (the shape only); 0 is the star face.
    A damaged die carries a red cube mark."""
    fill, dark = P.DIE_FILL[colour], P.DIE_DARK[colour]

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle(
            (s, s, size * s - s, size * s - s),
            radius=size * s // 5,
            fill=fill,
            outline=dark,
            width=2 * s,
        )
        if value == 0:
            d.polygon(
                star_points(size * s * 0.66, size * s * 0.52, size * s * 0.25), fill=P.TEXT_DARK
            )
        if damaged:
            d.line(
                (3 * s, 3 * s, size * s - 3 * s, size * s - 3 * s), fill=P.DAMAGE_CUBE, width=4 * s
            )
            d.line(
                (size * s - 3 * s, 3 * s, 3 * s, size * s - 3 * s), fill=P.DAMAGE_CUBE, width=4 * s
            )

    img = smooth(size, size, paint)
    d = ImageDraw.Draw(img)
    symbol = P.DIE_SYMBOLS[colour]
    if value is None:
        centred_text(d, (size / 2, size / 2), symbol, int(size * 0.5), P.DIE_TEXT[colour])
        return img
    # The colour's shape, small, then the value.
    d.text(
        (size * 0.3, size * 0.5),
        symbol,
        font=font(int(size * 0.42), True),
        fill=P.TEXT_DARK,
        anchor="mm",
    )
    if value:
        centred_text(d, (size * 0.66, size * 0.5), str(value), int(size * 0.62), P.TEXT_DARK)
    return img


@lru_cache(maxsize=64)
def robot(colour: str | None, size: int) -> Image.Image:
    """A robot: a round piece in the player colour with the player letter."""
    fill, text, letter = P.player_style(colour)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.ellipse((s, s, size * s - s, size * s - s), fill=fill, outline=P.HIGHLIGHT, width=2 * s)

    img = smooth(size, size, paint)
    centred_text(ImageDraw.Draw(img), (size / 2, size / 2), letter, int(size * 0.58), text)
    return img


@lru_cache(maxsize=64)
def ship(colour: str, size: int) -> Image.Image:
    """A ship: an arrow pointing toward Spes, in the player colour, with the letter."""
    fill, text, letter = P.player_style(colour)
    w, h = size, int(size * 0.8)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        pts = [(0.04, 0.1), (0.62, 0.1), (0.97, 0.5), (0.62, 0.9), (0.04, 0.9)]
        d.polygon(
            [(x * w * s, y * h * s) for x, y in pts], fill=fill, outline=P.HIGHLIGHT, width=2 * s
        )

    img = smooth(w, h, paint)
    centred_text(ImageDraw.Draw(img), (w * 0.42, h / 2), letter, int(h * 0.62), text)
    return img


@lru_cache(maxsize=16)
def cube(size: int, colour: P.RGB = P.DAMAGE_CUBE) -> Image.Image:
    """A damage / debris cube (drawn as a shaded square with an X for shape).
    A light cube gets a dark rim and X so it shows on light tiles too."""
    light = sum(colour) > 500
    lighter = tuple(max(0, c - 40) if light else min(255, c + 60) for c in colour)
    rim = P.TEXT_DARK if light else P.HIGHLIGHT

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rectangle((s, s, size * s - s, size * s - s), fill=colour, outline=rim, width=2 * s)
        d.polygon(
            [
                (s, s),
                (size * s - s, s),
                (size * s * 0.8, size * s * 0.2),
                (size * s * 0.2, size * s * 0.2),
            ],
            fill=lighter,
        )
        m = size * s * 0.3
        d.line((m, m, size * s - m, size * s - m), fill=rim, width=2 * s)
        d.line((size * s - m, m, m, size * s - m), fill=rim, width=2 * s)

    return smooth(size, size, paint)


@lru_cache(maxsize=16)
def resource(size: int) -> Image.Image:
    """A resource: a cyan diamond."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        m = size * s / 2
        d.polygon(
            [(m, s), (size * s - s, m), (m, size * s - s), (s, m)],
            fill=P.RESOURCE,
            outline=P.HIGHLIGHT,
            width=2 * s,
        )

    return smooth(size, size, paint)


@lru_cache(maxsize=16)
def black_angel(size: int) -> Image.Image:
    """The Black Angel figurine: a black frigate with a white rim and "BA"."""
    w, h = size, int(size * 0.62)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        pts = [(0.02, 0.5), (0.3, 0.06), (0.98, 0.3), (0.98, 0.7), (0.3, 0.94)]
        d.polygon(
            [(x * w * s, y * h * s) for x, y in pts],
            fill=P.BLACK_ANGEL,
            outline=P.HIGHLIGHT,
            width=3 * s,
        )

    img = smooth(w, h, paint)
    centred_text(ImageDraw.Draw(img), (w * 0.58, h / 2), "BA", int(h * 0.5), P.HIGHLIGHT)
    return img


@lru_cache(maxsize=8)
def spes_planet(size: int, label: str = "SPES") -> Image.Image:
    """Planet Spes (the tile on a hex, or the token with a smaller label)."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.ellipse((s, s, size * s - s, size * s - s), fill=P.SPES, outline=P.HIGHLIGHT, width=2 * s)
        d.ellipse(
            (size * s * 0.2, size * s * 0.55, size * s * 0.55, size * s * 0.8), fill=(60, 150, 90)
        )

    img = smooth(size, size, paint)
    centred_text(
        ImageDraw.Draw(img), (size / 2, size * 0.38), label, max(10, size // 4), P.TEXT_DARK
    )
    return img


@lru_cache(maxsize=8)
def ravager_icon(size: int) -> Image.Image:
    """A Ravager icon: a red spiked triangle with "!"."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.polygon(
            [(size * s / 2, s), (size * s - s, size * s - s), (s, size * s - s)],
            fill=P.RAVAGER_ICON,
            outline=P.HIGHLIGHT,
            width=2 * s,
        )

    img = smooth(size, size, paint)
    centred_text(ImageDraw.Draw(img), (size / 2, size * 0.64), "!", int(size * 0.55), P.HIGHLIGHT)
    return img


@lru_cache(maxsize=8)
def comet(size: int) -> Image.Image:
    """A comet: a white head with a tail (solo placement bonus)."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        z = size * s
        d.polygon(
            [(0.05 * z, 0.15 * z), (0.7 * z, 0.5 * z), (0.55 * z, 0.75 * z)], fill=(200, 220, 255)
        )
        d.ellipse(
            (0.5 * z, 0.5 * z, 0.95 * z, 0.95 * z),
            fill=(255, 255, 255),
            outline=(120, 140, 200),
            width=s,
        )

    return smooth(size, size, paint)


# --------------------------------------------------------------------------- hexes


@lru_cache(maxsize=128)
def hex_base(
    kind: str, colour: int | None, comet_mark: bool, icons: int, radius: float
) -> Image.Image:
    """The printed artwork of one hex: fill by kind/colour, the colour letter,
    the comet, and the Ravager icons that are visible (none under a card)."""
    w, h = int(radius * math.sqrt(3)) + 2, int(radius * 2) + 2
    if kind == "alien":
        assert colour is not None
        fill = P.DIE_DARK[colour]
        rim = P.DIE_FILL[colour]
    elif kind == "asteroid":
        fill, rim = P.ASTEROID, P.ASTEROID_ROCK
    elif kind == "ravager_ship":
        fill, rim = P.RAVAGER_HEX, P.RAVAGER_ICON
    else:
        fill, rim = (30, 60, 90), P.SPES

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        pts = hex_polygon(w * s / 2, h * s / 2, (radius - 1.5) * s)
        d.polygon(pts, fill=rim)
        inner = hex_polygon(w * s / 2, h * s / 2, (radius - 6) * s)
        d.polygon(inner, fill=fill)
        if kind == "asteroid":
            for fx, fy, fr in (
                (0.3, 0.55, 0.09),
                (0.55, 0.62, 0.12),
                (0.72, 0.45, 0.07),
                (0.45, 0.4, 0.06),
            ):
                d.ellipse(
                    ((fx - fr) * w * s, (fy - fr) * h * s, (fx + fr) * w * s, (fy + fr) * h * s),
                    fill=P.ASTEROID_ROCK,
                )

    img = smooth(w, h, paint)
    d = ImageDraw.Draw(img)
    cx, cy = w / 2, h / 2
    if kind == "alien":
        assert colour is not None
        lx, ly = hex_disc_point(cx, cy, radius)
        r = HEX_DISC_R
        d.ellipse((lx - r, ly - r, lx + r, ly + r), fill=P.DIE_FILL[colour], outline=P.TEXT_DARK)
        centred_text(d, (lx, ly), P.DIE_SYMBOLS[colour], 15, P.TEXT_DARK)
    if kind == "asteroid":
        centred_text(d, (cx, cy + 2), "asteroids", 15, P.TEXT)
    if kind == "spes":
        img.alpha_composite(
            spes_planet(int(radius * 1.1)), (int(cx - radius * 0.55), int(cy - radius * 0.62))
        )
    if comet_mark:
        x0, y0, x1, _ = hex_comet_box(cx, cy, radius)
        img.alpha_composite(comet(x1 - x0), (x0, y0))
    if icons:
        icon = ravager_icon(22)
        for k in range(icons):
            img.alpha_composite(
                icon,
                (int(cx - 24 + 26 * k), int(cy - 14))
                if kind == "ravager_ship"
                else (int(cx - 11 + 24 * k - 12 * (icons - 1)), int(cy - 16)),
            )
    return img
