"""The advanced rules in full view: a marker on the table, and the other side of
every tile on a player board.

Under the advanced rules a Technology tile is injected boost side up and flips
to its standard side when its 1x effect is used (engine/boosts.py); only one
side shows in the grid, so a player board gets a band below it with the side
that does not show, cell by cell. The table's header carries an "ADVANCED
RULES" tag next to the title so nobody mistakes the game for a basic one.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.components.tiles import TILES
from engine.ops import CELL_NAMES
from renderer import cards as C
from renderer import layout as L
from renderer import palette as P
from renderer.common import View, paste_at, text
from renderer.fonts import text_width

Box = tuple[int, int, int, int]

MARK_FILL: P.RGB = P.ADVANCED_TAG
MARK_TEXT = "ADVANCED RULES"
MARK_SIZE = 18
TITLE_SIZE = 30  # the table's title (renderer.header.draw_header)
BAND_TITLE_H = 34
LABEL_H = 20
TILE = 78
TILE_GAP = 6


def is_advanced(view: View) -> bool:
    return bool((view.get("options") or {}).get("advanced"))


# --------------------------------------------------------------------------- table marker


def marker_box(view: View) -> Box:
    """The "ADVANCED RULES" tag, just right of the title "BLACK ANGEL · Round n"."""
    title = f"BLACK ANGEL · Round {view['round']}"
    x0 = L.MARGIN + text_width(title, TITLE_SIZE, True) + 16
    return (x0, 14, x0 + text_width(MARK_TEXT, MARK_SIZE, True) + 20, 42)


def draw_marker(d: ImageDraw.ImageDraw, view: View) -> None:
    if not is_advanced(view):
        return
    x0, y0, x1, y1 = marker_box(view)
    d.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=MARK_FILL)
    text(d, ((x0 + x1) / 2, (y0 + y1) / 2), MARK_TEXT, MARK_SIZE, P.TEXT_DARK, True, "mm")


# --------------------------------------------------------------------------- other sides


def two_sided_cells(p: dict[str, Any]) -> list[int]:
    """Grid cells holding a tile with a boost side (Technology tiles), in cell order."""
    return [
        cell
        for cell, tile_id in enumerate(p["grid"])
        if tile_id is not None and TILES[tile_id].boost is not None
    ]


def band_height(view: View, seat: int) -> int:
    """Height of the other-sides band of this seat's board (0: none)."""
    if not is_advanced(view) or not two_sided_cells(view["players"][seat]):
        return 0
    return BAND_TITLE_H + LABEL_H + TILE + 16


def other_side_box(top: int, k: int) -> Box:
    """The k-th other-side tile in a band starting at `top`."""
    x0 = L.MARGIN + k * (TILE + TILE_GAP)
    y0 = top + BAND_TITLE_H + LABEL_H
    return (x0, y0, x0 + TILE, y0 + TILE)


def with_other_sides(img: Image.Image, view: View, seat: int) -> Image.Image:
    """`img` (a player board) with the other-sides band below, when there is one."""
    h = band_height(view, seat)
    if not h:
        return img
    out = Image.new("RGB", (img.width, img.height + h), P.BACKGROUND)
    out.paste(img, (0, 0))
    d = ImageDraw.Draw(out)
    top = img.height
    p = view["players"][seat]
    boosts = p.get("grid_boost") or [False] * 9
    text(
        d,
        (L.MARGIN, top + 6),
        "Other side of each tile (advanced rules)",
        19,
        P.TEXT_DIM,
        True,
    )
    text(
        d,
        (img.width - L.MARGIN, top + 10),
        "white top edge = boost side",
        15,
        P.TEXT_DIM,
        True,
        "ra",
    )
    for k, cell in enumerate(two_sided_cells(p)):
        x0, y0, x1, y1 = other_side_box(top, k)
        hidden_is_boost = not boosts[cell]
        paste_at(out, C.tile(p["grid"][cell], TILE, TILE, hidden_is_boost), (x0, y0))
        text(d, ((x0 + x1) / 2, y0 - 3), CELL_NAMES[cell], 16, P.TEXT, True, "md")
    return out
