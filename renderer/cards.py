"""Sprites of tiles and cards: Technology, Starting and Advanced tiles with
their words fitted under the colour badge, and Mission and Ravager cards.

Drawn like every sprite (renderer/artwork.py): shapes at 4x, words at 1x,
each function memoised.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.components import PLAYER_COLOURS
from engine.components.cards import MISSION_CARDS, RAVAGER_CARDS, MissionKind
from engine.components.tiles import TILES, TileKind
from renderer import labels
from renderer import palette as P
from renderer.artwork import centred_text, ravager_icon, smooth
from renderer.fonts import font, wrap


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
        b0, b1 = BADGE_INSET * s, (BADGE_INSET + badge) * s
        d.ellipse((b0, b0, b1, b1), fill=P.TEXT_DARK if text == P.TEXT_DARK else P.HIGHLIGHT)

    img = smooth(w, h, paint)
    d = ImageDraw.Draw(img)
    badge_text = P.HIGHLIGHT if text == P.TEXT_DARK else P.TEXT_DARK
    centre = BADGE_INSET + badge / 2
    centred_text(d, (centre, centre), letter, int(badge * 0.75), badge_text)
    lines, size, top = tile_words(tile_id, w, h, boost, clear_top)
    for i, line in enumerate(lines):
        centred_text(d, (w / 2, top + i * (size + 3)), line, size, text)
    return img


BADGE_INSET = 4  # the colour badge's distance from the tile's top and left edges
BADGE_GAP = 2  # between the colour badge and the words (a numbered badge beside it ends there)


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
    their glyphs centred in the room under the colour badge and inside the
    border, the font shrinking until they fit there whole (measured glyphs:
    a descender, 'keep' or 'gray', on the border is not room). With
    `clear_top` lower than the colour badge, the room starts under that."""
    badge = colour_badge(w, h)
    body = labels.tile_text(tile_id, boost)
    size = max(12, min(22, h // 4, w // 5))
    max_lines = 3 if h < 120 else 4
    if clear_top > badge:
        room_top, smallest = clear_top + 2, CLEARED_MIN_FONT
    else:
        room_top, smallest = BADGE_INSET + badge + BADGE_GAP, TILE_MIN_FONT
    room_bottom = h - 5  # inside the border
    while True:
        lines = wrap(body, w - 12, size, True, lines=max_lines)
        y0, y1 = _glyph_span(lines, size, 0)
        top = (room_top + room_bottom) / 2 - (y0 + y1) / 2
        widest = max(font(size, True).getlength(line) for line in lines)
        fits = (
            not lines[-1].endswith("…")
            and y1 - y0 <= room_bottom - room_top
            and widest <= w - 10  # a long word ('Advanced') is not cut at the border
        )
        if fits or size <= smallest:
            return lines, size, top
        size -= 1


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

    img = smooth(w, h, paint)
    d = ImageDraw.Draw(img)
    kind = "ACT" if card.kind is MissionKind.ACTIVATION else "NEU"
    centred_text(d, (w / 2 + 5, h / 2), kind, int(h * 0.5), P.TEXT_DARK)
    d.text((3, 2), P.DIE_SYMBOLS[c], font=font(int(h * 0.36), True), fill=P.TEXT_DARK)
    return img


def card_text_lines(text: str, width: int) -> tuple[int, int, list[str]]:
    """A hand card's effect text: four lines of 17 px, or five of 15 px
    (17 px apart) when four would cut it (the neutralization cards that say
    who else scores); (font size, line step, lines)."""
    lines = wrap(text, width, 17, False, lines=4)
    if " ".join(lines).split() == text.split():
        return 17, 20, lines
    return 15, 17, wrap(text, width, 15, False, lines=5)


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

    img = smooth(w, h, paint)
    d = ImageDraw.Draw(img)
    kind = "Activation" if card.kind is MissionKind.ACTIVATION else "Neutralization"
    d.text((10, 6), f"{P.DIE_SYMBOLS[c]} {kind}", font=font(20, True), fill=P.TEXT_DARK)
    d.text((w - 10, 6), f"#{card_id}", font=font(16, False), fill=P.TEXT_DARK, anchor="ra")
    size, step, lines = card_text_lines(card.text, w - 24)
    for i, line in enumerate(lines):
        d.text((12, 42 + i * step), line, font=font(size, False), fill=P.TEXT_DARK)
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

    img = smooth(w, h, paint)
    d = ImageDraw.Draw(img)
    icon = ravager_icon(min(28, h // 3))
    img.alpha_composite(icon, (8, 8))
    if card_id is None:
        centred_text(d, (w / 2 + 14, h / 2), "Ravager", min(22, h // 3), P.TEXT)
        return img
    card = RAVAGER_CARDS[card_id]
    d.text((44, 8), f"Ravager → action {card.location}", font=font(20, True), fill=P.TEXT)
    # The number the options name ("Play Ravager card #7"), where a Mission card shows its own.
    d.text((w - 10, h - 8), f"#{card_id}", font=font(16, False), fill=P.TEXT, anchor="rd")
    for i, line in enumerate(
        wrap("Permanent: " + labels.ravager_text(card_id), w - 24, 18, False, 3)
    ):
        d.text((12, 46 + i * 22), line, font=font(18, False), fill=P.TEXT)
    return img
