"""Hal, the solo opponent, in full view (rulebook "Playing Solitaire", R17).

Solo images get a band under everything else: Hal's last revealed card (both
halves, each a die colour and an action), the gain weightings on the back of
his next card (what each item he gains is worth to him now, as dots and a
number; his reveal turns that card up, so his own turn uses the back under
it, still hidden), his VP and difficulty, and his robots. Hal keeps one robot in each
workstation for the whole game (setup), so the table shows them there too.

Geometry lives here (not in layout.py) because only solo images have it; the
tests probe the same boxes the drawing uses.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.components import ACTION_NAMES
from engine.components.hal import DIFFICULTY_VP, HAL_CARDS, HalCard, action_number
from renderer import artwork as A
from renderer import layout as L
from renderer import palette as P
from renderer.common import View, count, paste, text, vp_of

Box = tuple[int, int, int, int]

BAND_H = 252
TITLE_H = 40
CARD_W = 300
HALF_H = 54
WEIGHTS_X = CARD_W + 30  # from the margin
NAME_W = 128
ROW_H = 22
DOT = 12
DOT_GAP = 4
MAX_WEIGHT = 3
#: Hal converts a gain by the back of the card on top of his deck (engine/hal.py),
#: and his reveal moves that card away: the panel shows what a gain is worth now,
#: not what his coming turn will use (the back after his reveal is still hidden).
WEIGHTS_TITLE = "Hal's gain → VP now"
WEIGHTS_NOTE = "(back of his next card; his reveal turns up the next one)"
NOTE_SIZE = 15
#: (weights field, what a player calls it), in the order printed on the card back.
WEIGHT_ITEMS: tuple[tuple[str, str], ...] = (
    ("ship", "ship"),
    ("resource", "resource"),
    ("robot", "robot"),
    ("debris", "debris"),
    ("ravager", "Ravager card"),
    ("tech", "Tech tile"),
    ("advanced", "Advanced tile"),
)


def is_solo(view: View) -> bool:
    return bool(view.get("hal"))


def last_card(view: View) -> HalCard | None:
    """The card Hal revealed last (the newest discard); None before his first
    turn or right after his deck was reshuffled."""
    hal = view.get("hal") or {}
    shown = hal.get("discard")
    if not isinstance(shown, list) or not shown:
        return None
    card = shown[-1]
    return HAL_CARDS[card] if isinstance(card, int) and 0 <= card < len(HAL_CARDS) else None


def workstation_groups(view: View) -> list[tuple[str | None, int]]:
    """Hal's robots in one workstation: one, in his colour (solo setup)."""
    hal = view.get("hal")
    return [(hal.get("colour"), 1)] if hal else []


# --------------------------------------------------------------------------- geometry


def band_height(view: View) -> int:
    """Height the Hal band adds to an image of this view (0 when not solo)."""
    return BAND_H if is_solo(view) else 0


def band_top(img_height: int) -> int:
    """Top of the Hal band on an image whose own content is `img_height` tall."""
    return img_height


def card_half_box(top: int, half: int) -> Box:
    """Half 0 (top) or 1 (bottom) of Hal's last card in a band starting at `top`."""
    y0 = top + TITLE_H + 26 + half * (HALF_H + 4)
    return (L.MARGIN, y0, L.MARGIN + CARD_W, y0 + HALF_H)


def weights_note_box(top: int, width: int) -> Box:
    """Where the note under the weighting rows may draw, in an image `width` wide."""
    y0 = top + TITLE_H + 26 + len(WEIGHT_ITEMS) * ROW_H + 2
    return (L.MARGIN + WEIGHTS_X, y0, width - L.MARGIN - 8, y0 + NOTE_SIZE + 4)


def weight_dot_box(top: int, item: int, k: int) -> Box:
    """The k-th dot (0-2) of weighting row `item` (see WEIGHT_ITEMS)."""
    y = top + TITLE_H + 26 + item * ROW_H + ROW_H // 2
    x0 = L.MARGIN + WEIGHTS_X + NAME_W + k * (DOT + DOT_GAP)
    return (x0, y - DOT // 2, x0 + DOT, y + DOT // 2)


# --------------------------------------------------------------------------- drawing


def with_band(img: Image.Image, view: View) -> Image.Image:
    """`img` with the Hal band added below (the image unchanged when not solo)."""
    if not is_solo(view):
        return img
    out = Image.new("RGB", (img.width, img.height + BAND_H), P.BACKGROUND)
    out.paste(img, (0, 0))
    draw_band(out, ImageDraw.Draw(out), view, band_top(img.height))
    return out


def draw_band(img: Image.Image, d: ImageDraw.ImageDraw, view: View, top: int) -> None:
    hal = view["hal"]
    width = img.width
    colour = hal.get("colour")
    fill, _, letter = P.player_style(colour)
    d.rounded_rectangle(
        (L.MARGIN - 6, top + 4, width - L.MARGIN + 6, top + BAND_H - 8),
        radius=12,
        fill=P.PANEL_DARK,
        outline=fill,
        width=3,
    )
    paste(img, A.robot(colour, 30), (L.MARGIN + 16, top + 24))
    difficulty = (view.get("options") or {}).get("difficulty") or "standard"
    start = DIFFICULTY_VP.get(difficulty)
    started = f", started on {start} VP" if start is not None else ""
    text(
        d,
        (L.MARGIN + 38, top + 24),
        f"HAL ({letter}) · solo opponent · {difficulty}{started}",
        21,
        P.TEXT,
        True,
        "lm",
        width - 2 * L.MARGIN - 140,
    )
    vp = vp_of(view, len(view["players"]))
    text(d, (width - L.MARGIN - 8, top + 24), f"{vp} VP", 28, P.TEXT, True, "rm")
    text(d, (L.MARGIN, top + TITLE_H + 4), "His last card", 17, P.TEXT_DIM, True)
    _card(d, last_card(view), top)
    _weights(img, d, hal.get("weights"), top)
    if hal.get("weights"):
        x0, y0, x1, y1 = weights_note_box(top, width)
        text(d, (x0, (y0 + y1) / 2), WEIGHTS_NOTE, NOTE_SIZE, P.TEXT_DIM, False, "lm", x1 - x0)
    _facts(d, hal, top, width)


def _card(d: ImageDraw.ImageDraw, card: HalCard | None, top: int) -> None:
    if card is None:
        x0, y0, _, _ = card_half_box(top, 0)
        _, _, x1, y1 = card_half_box(top, 1)
        d.rounded_rectangle((x0, y0, x1, y1), radius=8, outline=P.PANEL_LINE, width=2)
        text(d, ((x0 + x1) / 2, (y0 + y1) / 2), "no card shown yet", 18, P.TEXT_DIM, False, "mm")
        return
    for half, (colour, kind) in enumerate((card.top, card.bottom)):
        x0, y0, x1, y1 = card_half_box(top, half)
        c = P.die_index(colour.value)
        d.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=P.DIE_FILL[c], outline=P.HIGHLIGHT)
        where = "top: first after your A" if half == 0 else "bottom: first after your B"
        label = f"{P.DIE_SYMBOLS[c]} {P.DIE_NAMES[c]} · {where}"
        text(d, (x0 + 10, y0 + 15), label, 15, P.TEXT_DARK, True, "lm", CARD_W - 20)
        action = f"{action_number(colour, kind)} {ACTION_NAMES[kind]}"
        text(d, (x0 + 10, y0 + 37), action, 20, P.TEXT_DARK, True, "lm", CARD_W - 20)
    _, _, _, y1 = card_half_box(top, 1)
    discover = "Advanced tile first" if card.advanced_first else "Technology tiles only"
    order = "1 to 6 (clockwise)" if card.clockwise else "6 to 1 (anticlockwise)"
    text(d, (L.MARGIN, y1 + 6), f"Discover: {discover}", 15, P.TEXT, True, width=CARD_W)
    text(d, (L.MARGIN, y1 + 24), f"Repair/Destroy: {order}", 15, P.TEXT, True, width=CARD_W)


def _weights(
    img: Image.Image, d: ImageDraw.ImageDraw, weights: dict[str, int] | None, top: int
) -> None:
    """The back of his next card: VP per item he gains now, as dots and a number."""
    x = L.MARGIN + WEIGHTS_X
    text(d, (x, top + TITLE_H + 4), WEIGHTS_TITLE, 17, P.TEXT_DIM, True, width=NAME_W + 100)
    if not weights:
        text(d, (x, top + TITLE_H + 40), "deck empty: reshuffled", 17, P.TEXT_DIM)
        return
    for item, (key, name) in enumerate(WEIGHT_ITEMS):
        vp = int(weights.get(key, 0))
        x0, y0, x1, y1 = weight_dot_box(top, item, 0)
        mid = (y0 + y1) / 2
        text(d, (x, mid), name, 16, P.TEXT, True, "lm", NAME_W - 6)
        for k in range(MAX_WEIGHT):
            box = weight_dot_box(top, item, k)
            if k < vp:
                d.ellipse(box, fill=P.HIGHLIGHT)
            else:
                d.ellipse(box, outline=P.PANEL_LINE, width=2)
        _, _, xe, _ = weight_dot_box(top, item, MAX_WEIGHT - 1)
        text(d, (xe + 8, mid), f"{vp} VP", 16, P.TEXT, True, "lm")


def _facts(d: ImageDraw.ImageDraw, hal: dict[str, Any], top: int, width: int) -> None:
    x = L.MARGIN + WEIGHTS_X + NAME_W + MAX_WEIGHT * (DOT + DOT_GAP) + 56
    w = width - L.MARGIN - x - 4
    text(d, (x, top + TITLE_H + 4), "Hal's pieces", 17, P.TEXT_DIM, True)
    lines = (
        f"deck {count(hal.get('deck'))} · shown {count(hal.get('discard'))}",
        f"tiles taken: {count(hal.get('tiles'))}",
        f"dice in compartment: {len(hal.get('dice') or [])}",
        "1 robot per workstation",
        "no storage: gains → VP",
    )
    for i, line in enumerate(lines):
        text(d, (x, top + TITLE_H + 36 + i * 24), line, 16, P.TEXT, True, width=w)
