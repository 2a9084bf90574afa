"""The table's Technology band: the display, the Advanced slots, the tile
stacks and the decks' counts."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.components import ADVANCED_SLOTS, DISPLAY_COST, DISPLAY_SPACES
from renderer import cards as C
from renderer import layout as L
from renderer import palette as P
from renderer.common import View, count, paste_at, text


def draw_technology_frame(d: ImageDraw.ImageDraw, layout: L.BoardLayout) -> None:
    top = layout.tech_top
    text(d, (L.MARGIN, top + 4), "TECHNOLOGY", 22, P.TEXT_DIM, True)
    push = f"new tiles enter at 1 and push toward {DISPLAY_SPACES}"
    text(d, (L.MARGIN + 170, top + 8), push, 17, P.TEXT_DIM)
    for space, cost in enumerate(DISPLAY_COST):
        x0, y0, x1, y1 = L.display_box(layout, space)
        text(d, ((x0 + x1) / 2, y0 - 4), f"{space + 1} · cost {cost}", 17, P.TEXT_DIM, True, "md")
        d.rounded_rectangle(
            (x0, y0, x1, y1), radius=8, outline=P.PANEL_LINE, width=2, fill=P.PANEL_DARK
        )
    for slot in range(ADVANCED_SLOTS):
        box = L.advanced_box(layout, slot)
        d.rounded_rectangle(box, radius=8, outline=P.PANEL_LINE, width=2, fill=P.PANEL_DARK)


def draw_technology(
    img: Image.Image, d: ImageDraw.ImageDraw, view: View, layout: L.BoardLayout
) -> None:
    board = view["board"]
    boost = bool(view.get("options", {}).get("advanced"))
    for space, tile_id in enumerate(board["display"]):
        if tile_id is None:
            continue
        x0, y0, x1, y1 = L.display_box(layout, space)
        paste_at(img, C.tile(tile_id, x1 - x0, y1 - y0, boost), (x0, y0))
    for slot, tile_id in enumerate(board["advanced_slots"]):
        x0, y0, x1, y1 = L.advanced_box(layout, slot)
        # The number the options use ("Advanced slot 1"): slot 1 is the one
        # next to space 8, so the row reads 4 3 2 1.
        tag = f"slot {slot + 1}"
        if tile_id is None:
            text(d, ((x0 + x1) / 2, (y0 + y1) / 2), "empty", 18, P.TEXT_DIM, True, "mm")
            text(d, L.advanced_tag_point(layout, slot), tag, 14, P.TEXT_DIM, True, "la")
            continue
        paste_at(img, C.tile(tile_id, x1 - x0, y1 - y0), (x0, y0))
        text(d, L.advanced_tag_point(layout, slot), tag, 14, P.TEXT, True, "la")
    y = L.stacks_top(layout)
    x = L.MARGIN
    text(d, (x, y), "Tile stacks", 17, P.TEXT_DIM, True)
    for c, stack in enumerate(board["tech_stacks"]):
        n = stack["count"] if isinstance(stack, dict) else len(stack)
        top = stack.get("top") if isinstance(stack, dict) else (stack[-1] if stack else None)
        sx = x + c * 130
        if top is not None:
            paste_at(img, C.tile(top, L.STACK_TILE, L.STACK_TILE), (sx, y + 22))
        else:
            d.rounded_rectangle(
                (sx, y + 22, sx + 70, y + 92), radius=8, outline=P.DIE_FILL[c], width=2
            )
            text(d, (sx + 35, y + 57), P.DIE_SYMBOLS[c], 22, P.DIE_FILL[c], True, "mm")
        text(d, (sx + 76, y + 57), f"×{n}", 20, P.TEXT, True, "lm")
    x = L.MARGIN + 400
    lines = [
        f"Tile discard: {count(board.get('tech_discard'))}",
        f"Advanced deck: {count(board.get('advanced_deck'))}",
        f"Ravager deck: {count(board.get('ravager_deck'))} · discard {count(board.get('ravager_discard'))}",
    ]
    for i, line in enumerate(lines):
        text(d, (x, y + 4 + i * 28), line, 19, P.TEXT, True)
    mx = L.MARGIN + 740
    text(d, (mx, y), "Mission decks", 17, P.TEXT_DIM, True)
    for c, deck in enumerate(board["mission_decks"]):
        cy = y + 34 + c * 22
        d.rounded_rectangle((mx, cy - 9, mx + 28, cy + 9), radius=4, fill=P.DIE_FILL[c])
        text(d, (mx + 14, cy), P.DIE_SYMBOLS[c], 13, P.TEXT_DARK, True, "mm")
        text(d, (mx + 36, cy), f"{count(deck)}", 18, P.TEXT, True, "lm")
