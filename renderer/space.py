"""The table's Space band: its title, the printed hexes of the strips in play
(drawn once per order and side of strips, renderer/board.py caches them), and
what lies on them: Mission cards, ships, the Spes token and the Black Angel."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.components.strips import MIDDLE, SPES_HEX, STRIP_SIDES
from engine.space import hex_name
from renderer import artwork as A
from renderer import cards as C
from renderer import layout as L
from renderer import palette as P
from renderer.common import View, paste, paste_at, seat_colour, text


def draw_space_title(d: ImageDraw.ImageDraw, layout: L.BoardLayout) -> None:
    text(d, (L.MARGIN, layout.space_top + 4), "SPACE", 22, P.TEXT_DIM, True)
    text(
        d,
        (L.MARGIN + 90, layout.space_top + 8),
        "← Black Angel board · toward Spes →",
        17,
        P.TEXT_DIM,
    )


def draw_printed_hexes(
    band: Image.Image, layout: L.BoardLayout, strips: tuple[tuple[int, int, bool], ...]
) -> None:
    """The strips' hexes as printed, on the Space band cropped from the frame."""
    top = layout.space_top
    d = ImageDraw.Draw(band)
    for i, (number, side, spes_tile) in enumerate(strips):
        specs = STRIP_SIDES[(number, side)]
        for pos in range(5):
            spec = SPES_HEX if spes_tile and pos == MIDDLE else specs[pos]
            colour = P.die_index(spec.colour.value) if spec.colour else None
            sprite = A.hex_base(spec.kind.value, colour, spec.comet, 0, L.HEX_R)
            cx, cy = L.hex_centre(layout, i, pos)
            paste(band, sprite, (cx, cy - top))
            name_at = L.hex_name_point(cx, cy - top, L.HEX_R)
            text(d, name_at, hex_name((i, pos)), 18, P.TEXT, True, "mm")
            if spec.kind.value == "ravager_ship":
                _icons(band, (cx, cy - top - 6), spec.icons)
        lx, ly = L.strip_label_point(layout, i)
        text(d, (lx, ly - top), f"strip #{number}", 15, P.TEXT_DIM, True, "mm")
    return band


def _icons(img: Image.Image, centre: tuple[float, float], n: int) -> None:
    icon = A.ravager_icon(22)
    for k in range(n):
        paste(img, icon, (centre[0] + 24 * k - 12 * (n - 1), centre[1]))


def draw_space(img: Image.Image, d: ImageDraw.ImageDraw, view: View, layout: L.BoardLayout) -> None:
    board = view["board"]
    strips = board["strips"]
    for i, strip in enumerate(strips):
        specs = STRIP_SIDES[(strip["number"], strip["side"])]
        for pos in range(5):
            spec = SPES_HEX if strip.get("spes_tile") and pos == MIDDLE else specs[pos]
            placed = strip["cards"][pos]
            cx, cy = L.hex_centre(layout, i, pos)
            if placed is not None:
                x0, y0, x1, y1 = L.hex_card_box(layout, i, pos)
                paste_at(img, C.mission_small(placed["card"], x1 - x0, y1 - y0), (x0, y0))
                owner = seat_colour(view, placed["owner"])
                paste(img, A.robot(owner, 22), (x1 - 2, y0 + 2))
            elif spec.kind.value == "alien" and spec.icons:
                _icons(img, (cx, cy - 12), spec.icons)
            for k, seat in enumerate(strip["ships"][pos][: L.HEX_SHIPS_DRAWN]):
                paste(img, A.ship(seat_colour(view, seat), 38), L.hex_ship_point(layout, i, pos, k))
        if strip.get("number") == board.get("spes_token"):
            lx, ly = L.strip_label_point(layout, i)
            paste(img, A.spes_planet(30, "S"), (lx + 50, ly))
            text(
                d,
                (L.WIDTH - L.MARGIN, layout.space_top + 8),
                f"Spes token (S) on strip #{strip['number']}",
                17,
                P.TEXT,
                True,
                "ra",
            )
    if board.get("at_spes"):
        text(
            d,
            (L.WIDTH - L.MARGIN, layout.space_top + 8),
            "The Black Angel has reached Spes",
            17,
            P.TEXT,
            True,
            "ra",
        )
    centre = len(strips) // 2
    cx, cy = L.hex_centre(layout, centre, MIDDLE)
    d.polygon(L.hex_polygon(cx, cy, L.HEX_R - 1), outline=P.HIGHLIGHT, width=4)
    paste(img, A.black_angel(54), L.hex_angel_point(layout, centre, MIDDLE))
