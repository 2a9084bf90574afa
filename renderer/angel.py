"""The table's Black Angel board: the three die columns (supply and
workstations), the six actions with their damage and Ravager stacks."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.components import ACTIONS, MAX_DAMAGE
from renderer import artwork as A
from renderer import hal as H
from renderer import labels
from renderer import layout as L
from renderer import palette as P
from renderer.common import View, panel, paste, paste_at, seat_colour, text
from renderer.fonts import text_width, wrap


def draw_angel_frame(img: Image.Image, d: ImageDraw.ImageDraw, layout: L.BoardLayout) -> None:
    """The columns' and actions' printed parts (the static frame)."""
    for c in range(3):
        x0, y0, x1, y1 = L.column_box(layout, c)
        panel(d, (x0, y0, x1, y1), P.PANEL_DARK)
        d.rounded_rectangle((x0, y0, x1, y0 + L.COLUMN_HEAD_H), radius=10, fill=P.DIE_FILL[c])
        text(
            d,
            (x0 + 12, y0 + L.COLUMN_HEAD_H // 2),
            f"{P.DIE_SYMBOLS[c]}  {P.DIE_NAMES[c].upper()}",
            24,
            P.TEXT_DARK,
            True,
            "lm",
        )
        ys = y0 + L.COLUMN_HEAD_H + L.SUPPLY_H // 2
        text(d, (x0 + 10, ys), "Supply", 19, P.TEXT_DIM, True, "lm")
        yw = y0 + L.COLUMN_HEAD_H + L.SUPPLY_H + L.WORKSTATION_H // 2
        text(d, (x0 + 10, yw - 10), "Work-", 19, P.TEXT_DIM, True, "lm")
        text(d, (x0 + 10, yw + 10), "station", 19, P.TEXT_DIM, True, "lm")
    for action in ACTIONS:
        _action_frame(img, d, layout, action)


def _action_frame(
    img: Image.Image, d: ImageDraw.ImageDraw, layout: L.BoardLayout, action: int
) -> None:
    x0, y0, x1, y1 = L.action_box(layout, action)
    c = (action - 1) // 2
    panel(d, (x0 + 4, y0, x1 - 4, y1), P.PANEL, P.DIE_FILL[c], 10, 3)
    d.ellipse((x0 + 12, y0 + 8, x0 + 56, y0 + 52), fill=P.DIE_FILL[c], outline=P.HIGHLIGHT, width=2)
    text(d, (x0 + 34, y0 + 30), str(action), 30, P.TEXT_DARK, True, "mm")
    lines = wrap(labels.action_name(action), x1 - x0 - 76, 22, True, lines=2)
    for i, line in enumerate(lines):
        text(d, (x0 + 66, y0 + 8 + i * 26), line, 22, P.TEXT, True)
    for k in range(MAX_DAMAGE):
        box = L.damage_space(layout, action, k)
        d.rectangle(box, fill=P.EMPTY_SPACE, outline=P.PANEL_LINE, width=2)
    dx0, _, _, dy1 = L.damage_space(layout, action, 0)
    text(d, (dx0, dy1 + 6), "damage", 15, P.TEXT_DIM)


def draw_angel(img: Image.Image, d: ImageDraw.ImageDraw, view: View, layout: L.BoardLayout) -> None:
    board = view["board"]
    players = view["players"]
    neutral = view.get("neutral")
    for c in range(3):
        x0, y0, x1, _ = L.column_box(layout, c)
        ok, dmg = board["supply"][c], board["supply_damaged"][c]
        for k in range(min(ok + dmg, L.SUPPLY_DICE_DRAWN)):
            paste(img, A.die(c, None, L.DIE_SMALL, k >= ok), L.supply_die_point(layout, c, k))
        sx, sy = L.supply_die_point(layout, c, 0)
        if ok + dmg == 0:
            text(d, (sx - 16, sy), "empty", 18, P.TEXT_DIM, True, "lm")
        groups: list[tuple[str | None, int]] = [
            (p["colour"], p["workstations"][c]) for p in players if p["workstations"][c]
        ]
        if neutral and neutral["workstations"][c]:
            groups.append((None, 1))
        groups += H.workstation_groups(view)
        for k, (colour, n) in enumerate(groups[:4]):
            px, py = L.workstation_point(layout, c, k)
            paste(img, A.robot(colour, L.ROBOT_SMALL), (px - 8, py))
            text(d, (px + 8, py + 2), f"{n}", 18, P.TEXT, True, "lm")
        if not groups:
            px, py = L.workstation_point(layout, c, 0)
            text(d, (px - 20, py), "empty", 18, P.TEXT_DIM, True, "lm")
    for action in ACTIONS:
        for k in range(min(board["damage"][action - 1], MAX_DAMAGE)):
            paste_at(img, A.cube(L.CUBE), L.damage_space(layout, action, k)[:2])
        _ravagers(img, d, layout, action, board["ravagers"][action - 1], view)


def ravager_top_line(card_id: int, width: int) -> tuple[str, int]:
    """The top card's effect beside an action and its font size: a smaller size
    rather than an ellipsis, so that "damage 1 orange die" is read whole."""
    words = "top: " + labels.ravager_text(card_id)
    size = next((z for z in (16, 15, 14, 13) if text_width(words, z) <= width), 13)
    return words, size


def _ravagers(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    layout: L.BoardLayout,
    action: int,
    stack: list[dict[str, Any]],
    view: View,
) -> None:
    x0, y0, x1, y1 = L.ravager_box(layout, action)
    if not stack:
        text(d, (x0 + 4, (y0 + y1) / 2), "no Ravager", 17, P.TEXT_DIM, False, "lm")
        return
    d.rounded_rectangle(
        (x0, y0, x1, y1), radius=8, fill=P.RAVAGER_HEX, outline=P.RAVAGER_ICON, width=2
    )
    paste(img, A.ravager_icon(24), (x0 + 18, y0 + 18))
    text(d, (x0 + 36, y0 + 18), f"Ravagers ×{len(stack)}", 18, P.TEXT, True, "lm")
    words, size = ravager_top_line(stack[-1]["card"], x1 - x0 - 12)
    text(d, (x0 + 8, y0 + 44), words, size, P.TEXT, False, "lm", x1 - x0 - 12)
    for k, (seat, n) in enumerate(ravager_robots(stack)):
        x, y = ravager_robot_point(layout, action, k)
        paste(img, A.robot(seat_colour(view, seat), 20), (x, y))
        text(d, (x + 13, y + 1), str(n), 16, P.TEXT, True, "lm")


RAVAGER_ROBOT_STEP = 40  # a robot and its count


def ravager_robots(stack: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """(seat, robots) on a Ravager stack, each seat once, in the order they
    came: every robot is counted (six drawn one by one hid a seventh)."""
    counts: dict[int, int] = {}
    for card in stack:
        for seat in card.get("robots", []):
            counts[seat] = counts.get(seat, 0) + 1
    return list(counts.items())


def ravager_robot_point(layout: L.BoardLayout, action: int, k: int) -> tuple[int, int]:
    """Centre of the k-th seat's robot on the Ravager stack beside an action."""
    x0, _, _, y1 = L.ravager_box(layout, action)
    return (x0 + 16 + RAVAGER_ROBOT_STEP * k, y1 - 14)
