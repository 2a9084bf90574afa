"""Sprites: pieces, tiles, cards and hexes, drawn once and cached.

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

from engine.components import MISSION_CARDS, PLAYER_COLOURS, TILES, MissionKind, TileKind
from renderer import labels
from renderer import palette as P
from renderer.fonts import font, wrap
from renderer.layout import hex_polygon

SS = 4  # supersampling factor for shapes

Painter = Callable[[ImageDraw.ImageDraw, int], None]


def _smooth(w: int, h: int, paint: Painter) -> Image.Image:
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

    img = _smooth(size, size, paint)
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

    img = _smooth(size, size, paint)
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

    img = _smooth(w, h, paint)
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

    return _smooth(size, size, paint)


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

    return _smooth(size, size, paint)


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

    img = _smooth(w, h, paint)
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

    img = _smooth(size, size, paint)
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

    img = _smooth(size, size, paint)
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

    return _smooth(size, size, paint)


# --------------------------------------------------------------------------- tiles and cards


def tile_colours(tile_id: int) -> tuple[P.RGB, P.RGB, str]:
    """(fill, text colour, badge letter) of a tile: die colour for Technology,
    player colour for Starting tiles, violet-black with "A" for Advanced."""
    tile = TILES[tile_id]
    if tile.kind is TileKind.TECHNOLOGY:
        assert tile.colour is not None
        c = P.die_index(tile.colour.value)
        return P.DIE_FILL[c], P.TEXT_DARK, P.DIE_SYMBOLS[c]
    if tile.kind is TileKind.STARTING:
        colour = PLAYER_COLOURS[(tile_id - 48) // 3].value
        fill, text, letter = P.player_style(colour)
        return fill, text, letter
    return (60, 44, 90), P.TEXT, "A"


@lru_cache(maxsize=512)
def tile(tile_id: int, w: int, h: int, boost: bool = False, clear_top: int = 0) -> Image.Image:
    """A Technology / Starting / Advanced tile with its effect in words and its
    colour letter in a badge (top-left). The boost side has a white top border.
    `clear_top`: pixels at the top kept free of the words (a numbered badge
    sits there on a player board, renderer/marks.py)."""
    fill, text, letter = tile_colours(tile_id)
    badge = colour_badge(w, h)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle(
            (s, s, w * s - s, h * s - s),
            radius=8 * s,
            fill=fill,
            outline=P.HIGHLIGHT if boost else P.TEXT_DARK,
            width=2 * s,
        )
        if boost:
            d.rectangle((6 * s, 2 * s, w * s - 6 * s, 7 * s), fill=P.HIGHLIGHT)
        d.ellipse(
            (4 * s, 4 * s, (4 + badge) * s, (4 + badge) * s),
            fill=P.TEXT_DARK if text == P.TEXT_DARK else P.HIGHLIGHT,
        )

    img = _smooth(w, h, paint)
    d = ImageDraw.Draw(img)
    badge_text = P.HIGHLIGHT if text == P.TEXT_DARK else P.TEXT_DARK
    centred_text(d, (4 + badge / 2, 4 + badge / 2), letter, int(badge * 0.75), badge_text)
    lines, size, top = tile_words(tile_id, w, h, boost, clear_top)
    for i, line in enumerate(lines):
        centred_text(d, (w / 2, top + i * (size + 3)), line, size, text)
    return img


def colour_badge(w: int, h: int) -> int:
    """Diameter of a tile's colour-letter badge (top left)."""
    return max(16, min(w, h) // 4)


TILE_MIN_FONT = 12  # the smallest words a tile shrinks to under its colour badge
CLEARED_MIN_FONT = 10  # ... and under a tall numbered badge, rather than overlap it


@lru_cache(maxsize=1024)
def tile_words(
    tile_id: int, w: int, h: int, boost: bool = False, clear_top: int = 0
) -> tuple[list[str], int, float]:
    """(lines, font size, centre y of the first line) of a tile's words:
    centred in the room under the colour badge, the font shrinking until they
    fit there whole. With `clear_top` lower than the colour badge, the room
    starts under it and the words' glyphs are measured, so none reach it."""
    badge = colour_badge(w, h)
    body = labels.tile_text(tile_id, boost)
    size = max(12, min(22, h // 4, w // 5))
    max_lines = 3 if h < 120 else 4
    if clear_top <= badge:
        lines = wrap(body, w - 12, size, True, lines=max_lines)
        while size > TILE_MIN_FONT and (
            lines[-1].endswith("…") or len(lines) * (size + 3) > h - badge - 4
        ):
            size -= 1
            lines = wrap(body, w - 12, size, True, lines=max_lines)
        return lines, size, _first_line(h, badge, size, len(lines))
    room_top, room_bottom = clear_top + 2, h - 5
    while True:
        lines = wrap(body, w - 12, size, True, lines=max_lines)
        top = _first_line(room_bottom, room_top, size, len(lines))
        y0, y1 = _glyph_span(lines, size, top)
        fits = not lines[-1].endswith("…") and y0 >= room_top and y1 <= room_bottom
        if fits or size <= CLEARED_MIN_FONT:
            return lines, size, top
        size -= 1


def _first_line(bottom: float, top: float, size: int, n_lines: int) -> float:
    """Centre y of the first of n lines centred between top and bottom."""
    line_h = size + 3
    return (bottom + top) / 2 - line_h * n_lines / 2 + line_h / 2


def _glyph_span(lines: list[str], size: int, top: float) -> tuple[float, float]:
    """(top, bottom) y of the lines' glyphs, the first line centred at `top`."""
    f = font(size, True)
    first, last = f.getbbox(lines[0], anchor="mm"), f.getbbox(lines[-1], anchor="mm")
    return top + first[1], top + (len(lines) - 1) * (size + 3) + last[3]


def tile_words_box(
    tile_id: int, w: int, h: int, boost: bool = False, clear_top: int = 0
) -> tuple[int, int, int, int]:
    """The box the tile's words' glyphs cover, in tile pixels."""
    lines, size, top = tile_words(tile_id, w, h, boost, clear_top)
    f = font(size, True)
    x0 = min(w / 2 + f.getbbox(line, anchor="mm")[0] for line in lines)
    x1 = max(w / 2 + f.getbbox(line, anchor="mm")[2] for line in lines)
    y0, y1 = _glyph_span(lines, size, top)
    return (int(x0), int(y0), int(x1) + 1, int(y1) + 1)


@lru_cache(maxsize=128)
def mission_small(card_id: int, w: int, h: int) -> Image.Image:
    """A Mission card as placed in Space: colour, letter, ACT (gear) or NEU (target)."""
    card = MISSION_CARDS[card_id]
    c = P.die_index(card.colour.value)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle(
            (s, s, w * s - s, h * s - s),
            radius=5 * s,
            fill=P.DIE_FILL[c],
            outline=P.HIGHLIGHT,
            width=2 * s,
        )

    img = _smooth(w, h, paint)
    d = ImageDraw.Draw(img)
    kind = "ACT" if card.kind is MissionKind.ACTIVATION else "NEU"
    centred_text(d, (w / 2 + 5, h / 2), kind, int(h * 0.5), P.TEXT_DARK)
    d.text((3, 2), P.DIE_SYMBOLS[c], font=font(int(h * 0.36), True), fill=P.TEXT_DARK)
    return img


@lru_cache(maxsize=128)
def mission_card(card_id: int, w: int, h: int) -> Image.Image:
    """A Mission card in a hand: colour and letter, kind, reward, effect text."""
    card = MISSION_CARDS[card_id]
    c = P.die_index(card.colour.value)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle(
            (s, s, w * s - s, h * s - s),
            radius=10 * s,
            fill=P.DIE_FILL[c],
            outline=P.HIGHLIGHT,
            width=2 * s,
        )
        d.rounded_rectangle(
            (6 * s, 36 * s, w * s - 6 * s, h * s - 6 * s), radius=6 * s, fill=(250, 248, 240)
        )

    img = _smooth(w, h, paint)
    d = ImageDraw.Draw(img)
    kind = "Activation" if card.kind is MissionKind.ACTIVATION else "Neutralization"
    d.text((10, 6), f"{P.DIE_SYMBOLS[c]} {kind}", font=font(20, True), fill=P.TEXT_DARK)
    d.text((w - 10, 6), f"#{card_id}", font=font(16, False), fill=P.TEXT_DARK, anchor="ra")
    lines = wrap(card.text, w - 24, 17, False, lines=4)
    for i, line in enumerate(lines):
        d.text((12, 42 + i * 20), line, font=font(17, False), fill=P.TEXT_DARK)
    # Placing the card brings its printed Technology tiles into the display (the
    # option says so); the player weighs them when choosing which card to place.
    d.text((12, h - 56), MISSION_TILES_LABEL, font=font(16, True), fill=P.TEXT_DARK)
    for colour, box in zip(card.tiles, mission_tile_boxes(card_id, w, h), strict=True):
        t = P.die_index(colour.value)
        d.rounded_rectangle(box, radius=3, fill=P.DIE_FILL[t], outline=P.TEXT_DARK)
        centred_text(
            d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), P.DIE_SYMBOLS[t], 12, P.TEXT_DARK
        )
    d.text(
        (12, h - 30),
        f"reward: {labels.REWARD_TEXT[card.reward]}",
        font=font(17, True),
        fill=P.TEXT_DARK,
    )
    return img


MISSION_TILES_LABEL = "tiles to display:"
MISSION_TILE = 20


def mission_tile_boxes(card_id: int, w: int, h: int) -> list[tuple[int, int, int, int]]:
    """Where a hand Mission card of size w x h shows each Technology tile it
    brings into the display, after MISSION_TILES_LABEL (in card pixels)."""
    x = 12 + int(font(16, True).getlength(MISSION_TILES_LABEL)) + 8
    y = h - 57
    return [
        (x + k * (MISSION_TILE + 4), y, x + k * (MISSION_TILE + 4) + MISSION_TILE, y + MISSION_TILE)
        for k in range(len(MISSION_CARDS[card_id].tiles))
    ]


@lru_cache(maxsize=64)
def ravager_card(card_id: int | None, w: int, h: int) -> Image.Image:
    """A Ravager card: dark red with its location and permanent effect
    (face down, `card_id` None, shows only the Ravager icon)."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle(
            (s, s, w * s - s, h * s - s),
            radius=8 * s,
            fill=P.RAVAGER_HEX,
            outline=P.RAVAGER_ICON,
            width=2 * s,
        )

    img = _smooth(w, h, paint)
    d = ImageDraw.Draw(img)
    icon = ravager_icon(min(28, h // 3))
    img.alpha_composite(icon, (8, 8))
    if card_id is None:
        centred_text(d, (w / 2 + 14, h / 2), "Ravager", min(22, h // 3), P.TEXT)
        return img
    from engine.components import RAVAGER_CARDS

    card = RAVAGER_CARDS[card_id]
    d.text((44, 8), f"Ravager → action {card.location}", font=font(20, True), fill=P.TEXT)
    # The number the options name ("Play Ravager card #7"), where a Mission card shows its own.
    d.text((w - 10, h - 8), f"#{card_id}", font=font(16, False), fill=P.TEXT, anchor="rd")
    for i, line in enumerate(
        wrap("Permanent: " + labels.ravager_text(card_id), w - 24, 18, False, 3)
    ):
        d.text((12, 46 + i * 22), line, font=font(18, False), fill=P.TEXT)
    return img


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

    img = _smooth(w, h, paint)
    d = ImageDraw.Draw(img)
    cx, cy = w / 2, h / 2
    if kind == "alien":
        assert colour is not None
        lx, ly = cx - radius * 0.6, cy - 16
        d.ellipse(
            (lx - 13, ly - 13, lx + 13, ly + 13), fill=P.DIE_FILL[colour], outline=P.TEXT_DARK
        )
        centred_text(d, (lx, ly), P.DIE_SYMBOLS[colour], 15, P.TEXT_DARK)
    if kind == "asteroid":
        centred_text(d, (cx, cy + 2), "asteroids", 15, P.TEXT)
    if kind == "spes":
        img.alpha_composite(
            spes_planet(int(radius * 1.1)), (int(cx - radius * 0.55), int(cy - radius * 0.62))
        )
    if comet_mark:
        img.alpha_composite(comet(24), (int(cx + radius * 0.45), int(cy - 32)))
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
