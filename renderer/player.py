"""A player board image: grid, card slots, storage, ejected tiles, tucked cards, hand.

The hand is drawn only when the view carries it (the seat's own view), so a
public view can never show it: the renderer has nothing to leak.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.decision import Decision
from engine.words import plural
from renderer import advanced as ADV
from renderer import artwork as A
from renderer import cards as C
from renderer import hal as H
from renderer import layout as L
from renderer import palette as P
from renderer.common import (
    DRAW_LOCK,
    View,
    count,
    encode_png,
    panel,
    paste,
    paste_at,
    player_name,
    text,
    vp_of,
)
from renderer.decision import Rendered, with_decision
from renderer.fonts import font
from renderer.marks import Drawn, cell_clearances, draw_player_marks

ROWS = ("1", "2", "3")
COLUMNS = ("A", "B", "C")


def render_player(
    view: View, seat: int, names: dict[int, str] | None = None, decision: Decision | None = None
) -> bytes:
    """PNG bytes of `seat`'s player board as this view shows it. When `seat`
    is deciding `decision` (default: the view's), its options' cells and
    slots carry their numbers (renderer/decision.py)."""
    return render_player_marked(view, seat, names, decision).png


def render_player_marked(
    view: View, seat: int, names: dict[int, str] | None = None, decision: Decision | None = None
) -> Rendered:
    """`seat`'s player board's PNG and the numbered badges drawn on it."""
    view = with_decision(view, decision)
    with DRAW_LOCK:
        img, marks = draw_player_marked(view, seat, names)
    return Rendered(encode_png(img), tuple(marks))


def hand_of(view: View, seat: int) -> tuple[list[int], list[int]] | None:
    """(Mission ids, Ravager ids) of the hand if this view may show it, else None."""
    p = view["players"][seat]
    if "missions" not in p or "ravagers" not in p:
        return None
    return list(p["missions"]), list(p["ravagers"])


def draw_player(view: View, seat: int, names: dict[int, str] | None = None) -> Image.Image:
    return draw_player_marked(view, seat, names)[0]


def draw_player_marked(
    view: View, seat: int, names: dict[int, str] | None = None
) -> tuple[Image.Image, list[Drawn]]:
    """`seat`'s board as a Pillow image, and the decision's badges drawn on it."""
    p = view["players"][seat]
    hand = hand_of(view, seat)
    n_cards = None if hand is None else len(hand[0]) + len(hand[1])
    eject_rows = L.ejected_rows(len(ejected_tiles(p)))
    img = _frame(p["colour"], n_cards, eject_rows).copy()
    d = ImageDraw.Draw(img)
    _header(img, d, view, seat, names)
    boosts = p.get("grid_boost") or [False] * 9
    clear = cell_clearances(view, seat)  # a tile's words stay below its cell's badge
    for cell, tile_id in enumerate(p["grid"]):
        x0, y0, x1, y1 = L.cell_box(cell)
        if tile_id is not None:
            sprite = C.tile(tile_id, x1 - x0, y1 - y0, bool(boosts[cell]), clear.get(cell, 0))
            paste_at(img, sprite, (x0, y0))
        if p["grid_debris"][cell]:
            paste_at(img, A.cube(28, P.DEBRIS), L.debris_box(cell)[:2])
    for slot, card in enumerate(p["slots"]):
        if card is not None:
            _slot_card(img, d, slot, card)
    _side(img, d, p)
    _ejected(img, d, p)
    _hand(img, d, p, hand, eject_rows)
    marks = draw_player_marks(img, view, seat)  # the decision's cells and slots, numbered
    img = ADV.with_other_sides(img, view, seat)
    return H.with_band(img, view), marks


@lru_cache(maxsize=16)
def _frame(colour: str, hand_cards: int | None, eject_rows: int) -> Image.Image:
    """Labels, empty cells and slots of a player board of this colour."""
    img = Image.new("RGB", (L.P_WIDTH, L.player_height(hand_cards, eject_rows)), P.BACKGROUND)
    d = ImageDraw.Draw(img)
    fill, _, _ = P.player_style(colour)
    d.rectangle((0, 0, L.P_WIDTH, 8), fill=fill)
    for cell in range(9):
        d.rounded_rectangle(
            L.cell_box(cell), radius=10, fill=P.PANEL_DARK, outline=P.PANEL_LINE, width=2
        )
        x0, y0, x1, y1 = L.cell_box(cell)
        name = f"{COLUMNS[cell % 3]}{ROWS[cell // 3]}"
        text(d, ((x0 + x1) / 2, (y0 + y1) / 2), name, 26, P.PANEL_LINE, True, "mm")
    for col in range(3):
        x0, y0, x1, _ = L.cell_box(col)
        text(d, ((x0 + x1) / 2, y0 - 6), COLUMNS[col], 20, P.TEXT_DIM, True, "md")
    for slot in range(6):
        box = L.card_slot_box(slot)
        d.rounded_rectangle(box, radius=8, outline=P.PANEL_LINE, width=2, fill=P.BACKGROUND)
        cy = (box[1] + box[3]) / 2
        if slot < 3:
            text(d, ((box[0] + box[2]) / 2, cy), f"row {ROWS[slot]}", 18, P.TEXT_DIM, True, "mm")
        else:  # left: a column slot's numbered badge sits right of it (renderer/marks.py)
            name = f"col {COLUMNS[slot - 3]}"
            text(d, (box[0] + L.SLOT_NAME_X, cy), name, L.SLOT_NAME_SIZE, P.TEXT_DIM, True, "lm")
    text(d, (L.MARGIN, L.GRID_TOP - 26), "card slots", 16, P.TEXT_DIM, True)
    for slot in range(3):
        box = L.player_advanced_box(slot)
        panel(d, box, P.PANEL_DARK, P.DIE_FILL[slot])
        x0, y0, x1, _ = box
        d.rounded_rectangle((x0, y0, x1, y0 + 30), radius=10, fill=P.DIE_FILL[slot])
        text(
            d,
            (x0 + 10, y0 + 15),
            f"{P.DIE_SYMBOLS[slot]}  {P.DIE_NAMES[slot]}",
            19,
            P.TEXT_DARK,
            True,
            "lm",
        )
    text(d, (L.SIDE_LEFT, L.GRID_TOP - 26), "Advanced slots · tucked", 16, P.TEXT_DIM, True)
    text(d, (L.MARGIN, L.ejected_top()), "Ejected tiles", 19, P.TEXT_DIM, True)
    text(d, (L.MARGIN, L.hand_top(eject_rows)), "Hand", 22, P.TEXT_DIM, True)
    return img


def _header(
    img: Image.Image, d: ImageDraw.ImageDraw, view: View, seat: int, names: dict[int, str] | None
) -> None:
    p = view["players"][seat]
    paste(img, A.robot(p["colour"], 56), (L.MARGIN + 28, 48))
    order = ("1st", "2nd", "3rd", "4th")[seat]
    _, _, letter = P.player_style(p["colour"])
    text(
        d,
        (L.MARGIN + 66, 22),
        f"{player_name(view, seat, names)} ({letter})",
        30,
        P.TEXT,
        True,
        width=420,
    )
    turn = " · their turn" if view.get("current") == seat and not view.get("finished") else ""
    text(d, (L.MARGIN + 66, 58), f"{order} player{turn}", 19, P.TEXT_DIM, True)
    text(d, (L.P_WIDTH - L.MARGIN, 40), f"{vp_of(view, seat)} VP", 40, P.TEXT, True, "rm")
    y = 104
    for sprite, label, x in storage_items(p):
        paste(img, sprite, (x + 14, y))
        text(d, (x + 34, y), label, 21, P.TEXT, True, "lm")
    ws = ", ".join(f"{P.DIE_NAMES[c]} {n}" for c, n in enumerate(p["workstations"]))
    robots = f"robots: {p['robots_supply']} in supply · {p['break_room']} in break room · workstations {ws}"
    text(d, (L.MARGIN, y + 32), robots, 19, P.TEXT_DIM, True, "lm", L.P_WIDTH - 2 * L.MARGIN)


STORAGE_STEP = 170  # the items' spacing while their numbers are short
STORAGE_GAP = 18  # between a label's end and the next item's sprite


def storage_items(p: dict[str, Any]) -> list[tuple[Image.Image, str, int]]:
    """(sprite, label, left x) of the header's resources, debris and ships: each
    item starts after the previous label's measured end, so that two-digit
    counts ('resources: 16') do not run into the next sprite."""
    items = (
        (A.resource(26), f"resources: {p['resources']}"),
        (A.cube(22, P.DEBRIS), f"debris: {p['debris']}"),
        (A.ship(p["colour"], 32), f"ships: {p['ships']}"),
    )
    out = []
    x = L.MARGIN
    for sprite, label in items:
        out.append((sprite, label, x))
        end = x + 34 + int(font(21, True).getlength(label))
        x = max(x + STORAGE_STEP, end + STORAGE_GAP)
    return out


def _slot_card(img: Image.Image, d: ImageDraw.ImageDraw, slot: int, card: dict[str, Any]) -> None:
    """A card played face down: its type and, for a Mission, its colour (R15)."""
    x0, y0, x1, y1 = L.card_slot_box(slot)
    box = (x0 + 4, y0 + 4, x1 - 4, y1 - 4)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if card.get("kind") == "mission":
        c = P.die_index(card["colour"])
        d.rounded_rectangle(box, radius=8, fill=P.DIE_FILL[c], outline=P.HIGHLIGHT, width=3)
        text(d, (cx, cy - 14), P.DIE_SYMBOLS[c], 26, P.TEXT_DARK, True, "mm")
        text(d, (cx, cy + 18), "Mission", 17, P.TEXT_DARK, True, "mm")
    else:
        d.rounded_rectangle(box, radius=8, fill=P.RAVAGER_HEX, outline=P.RAVAGER_ICON, width=3)
        paste(img, A.ravager_icon(30), (cx, cy - 14))
        text(d, (cx, cy + 18), "Ravager", 17, P.TEXT, True, "mm")


def _side(img: Image.Image, d: ImageDraw.ImageDraw, p: dict[str, Any]) -> None:
    """The three ejected-Advanced slots with the Mission cards tucked beside them."""
    for slot in range(3):
        x0, y0, x1, y1 = L.player_advanced_box(slot)
        tile_id = p["advanced_slots"][slot]
        if tile_id is not None:
            paste_at(img, C.tile(tile_id, x1 - x0 - 16, L.P_ADV_TILE_H), (x0 + 8, y0 + 38))
        else:
            text(d, ((x0 + x1) / 2, y0 + 70), "no Advanced tile", 17, P.TEXT_DIM, False, "mm")
        tucked = count(p["tucked"][slot])
        text(d, (x0 + 10, y1 - 22), f"tucked Missions: {tucked}", 18, P.TEXT, True, "lm")


def ejected_tiles(p: dict[str, Any]) -> list[int]:
    return list(p.get("ejected", [])) + list(p.get("advanced_overflow", []))


def _ejected(img: Image.Image, d: ImageDraw.ImageDraw, p: dict[str, Any]) -> None:
    """Side by side at full size, a row at a time, so each tile's words show."""
    tiles = ejected_tiles(p)
    if not tiles:
        _, top = L.ejected_tile_xy(0)
        text(d, (L.MARGIN, top + L.EJECT_TILE / 2), "none", 18, P.TEXT_DIM, False, "lm")
        return
    for k, tile_id in enumerate(tiles):
        paste_at(img, C.tile(tile_id, L.EJECT_TILE, L.EJECT_TILE), L.ejected_tile_xy(k))
    text(
        d, (L.P_WIDTH - L.MARGIN, L.ejected_top()), f"{len(tiles)} ejected", 19, P.TEXT, True, "ra"
    )


def _hand(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    p: dict[str, Any],
    hand: tuple[list[int], list[int]] | None,
    eject_rows: int,
) -> None:
    summary = hand_summary(p)
    top = L.hand_top(eject_rows)
    if hand is None:
        text(d, (L.MARGIN + 70, top + 4), f"{summary} (hidden)", 20, P.TEXT, True)
        return
    text(
        d,
        (L.MARGIN + 70, top + 4),
        f"{summary} (private: only you see this)",
        20,
        P.TEXT,
        True,
    )
    cards = [("m", c) for c in hand[0]] + [("r", c) for c in hand[1]]
    for k, (kind, card_id) in enumerate(cards):
        x0, y0, x1, y1 = L.hand_card_box(k, eject_rows)
        if kind == "m":
            sprite = C.mission_card(card_id, x1 - x0, y1 - y0)
        else:
            sprite = C.ravager_card(card_id, x1 - x0, y1 - y0)
        paste_at(img, sprite, (x0, y0))


def hand_summary(p: dict[str, Any]) -> str:
    """'6 Missions, 1 Ravager': the hand's count, in every view."""
    missions = count(p.get("hand_missions", p.get("missions")))
    ravagers = count(p.get("hand_ravagers", p.get("ravagers")))
    return f"{plural(missions, 'Mission')}, {plural(ravagers, 'Ravager')}"
