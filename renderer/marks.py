"""The current decision on the images: each legal place carries the number of
its option, the same number as the buttons and the message (bot/prompt.py).

Marks come from the view: ``view["decision"]["options"][i]["marks"]`` (engine
Option.marks), present only when the view may show the options (the deciding
seat's own view, or a decision that is not secret), so an image can never
show more than its view. Table marks: hex, action, ravagers, display,
advanced, supply, die, workstation; player-board marks: cell, slot, aslot.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from PIL import Image, ImageDraw

from engine.components import HEX_LETTERS
from renderer import layout as L
from renderer import palette as P
from renderer.common import text
from renderer.fonts import text_width

View = dict[str, Any]
Point = tuple[float, float]

MARK_FILL: P.RGB = P.DECISION_MARK
MARK_RING: P.RGB = P.HIGHLIGHT
MARK_TEXT: P.RGB = P.HIGHLIGHT
MARK_SIZE = 30  # badge height in pixels
FONT = 19


def marked_places(view: View, kinds: frozenset[str]) -> dict[str, list[int]]:
    """{mark: [option numbers]} for the view's decision, only these kinds."""
    decision = view.get("decision") or {}
    out: dict[str, list[int]] = defaultdict(list)
    for i, o in enumerate(decision.get("options") or []):
        for mark in o.get("marks") or ():
            if mark.partition(":")[0] in kinds:
                out[mark].append(i + 1)
    return dict(out)


def badge_text(numbers: list[int]) -> str:
    """'3', '3·7', '7–9' for a run, '3·7–9+2' when many options share a place."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs]
    shown = "·".join(parts[:3])
    return shown + (f"+{len(parts) - 3}" if len(parts) > 3 else "")


def badge_width(label: str) -> int:
    return max(MARK_SIZE, text_width(label, FONT, True) + 14)


def badge(img: Image.Image, centre: Point, label: str) -> tuple[int, int, int, int]:
    """A numbered badge centred on a point; returns its box."""
    d = ImageDraw.Draw(img)
    w = badge_width(label)
    x, y = centre
    box = (int(x - w / 2), int(y - MARK_SIZE / 2), int(x + w / 2), int(y + MARK_SIZE / 2))
    d.rounded_rectangle(box, radius=MARK_SIZE // 2, fill=MARK_FILL, outline=MARK_RING, width=2)
    text(d, (x, y), label, FONT, MARK_TEXT, True, "mm")
    return box


# --------------------------------------------------------------------------- the table

TABLE_KINDS = frozenset(
    {"hex", "action", "ravagers", "display", "advanced", "supply", "die", "workstation"}
)


def table_point(view: View, layout: L.BoardLayout, mark: str, label: str = "0") -> Point | None:
    """The centre of a table mark's badge with this label (None: not on this
    image). Badges beside text start at a left edge, so they grow away from it."""
    kind, _, arg = mark.partition(":")
    half = badge_width(label) / 2
    if kind == "hex":
        if len(arg) < 2 or arg[-1] not in HEX_LETTERS or not arg[:-1].isdigit():
            return None
        strip, pos = int(arg[:-1]) - 1, HEX_LETTERS.index(arg[-1])
        if not 0 <= strip < layout.n_strips:
            return None
        cx, cy = L.hex_centre(layout, strip, pos)
        return (cx + L.HEX_R * 0.42, cy - L.HEX_R * 0.38)
    if kind in ("action", "ravagers", "display", "advanced") and arg.isdigit():
        n = int(arg)
        if kind == "action" and 1 <= n <= 6:
            # Bottom left, under the damage spaces: clear of the action's name.
            x0, _, _, y1 = L.action_box(layout, n)
            return (x0 + 12 + half, y1 - 12)
        if kind == "ravagers" and 1 <= n <= 6:
            x0, y0, x1, _ = L.ravager_box(layout, n)
            return (x1 - 20, y0 + 2)
        if kind == "display" and 1 <= n <= 8:
            x0, y0, x1, _ = L.display_box(layout, n - 1)
            return (x1 - 18, y0 + 18)
        if kind == "advanced" and 1 <= n <= 4:
            x0, y0, x1, _ = L.advanced_box(layout, n - 1)
            return (x1 - 20, y0 + 18)
        return None
    if kind in ("supply", "workstation") and arg in P.DIE_LETTERS:
        c = P.DIE_LETTERS.index(arg)
        x0, y0, x1, _ = L.column_box(layout, c)
        if kind == "supply":
            return (x1 - 24, L.supply_die_point(layout, c, 0)[1])
        return (x1 - 24, L.workstation_point(layout, c, 0)[1])
    if kind == "die":
        return _die_point(view, layout, arg)
    return None


def _die_point(view: View, layout: L.BoardLayout, arg: str) -> Point | None:
    """'<seat|n|h>:<code>': the first die showing that code in that compartment."""
    owner, _, code = arg.partition(":")
    if len(code) < 2:
        return None
    secure = code.endswith("r")
    players = view["players"]
    if owner == "n" and view.get("neutral"):
        row, dice = len(players), view["neutral"].get("dice", [])
    elif owner == "h" and view.get("hal"):
        row = len(players) + (1 if view.get("neutral") else 0)
        dice = view["hal"].get("dice", [])
    elif owner.isdigit() and int(owner) < len(players):
        row = int(owner)
        p = players[row]
        dice = p.get("secure" if secure else "standard", [])
    else:
        return None
    for k, die in enumerate(dice):
        if P.DIE_LETTERS[P.die_index(die["colour"])] == code[0] and str(die["value"]) == code[1]:
            # Above the die, or below it for every other die: neighbours'
            # badges never meet.
            x, y = L.compartment_die_point(layout, row, secure, k)
            return (x, y - L.DIE // 2 - 7 if k % 2 == 0 else y + L.DIE // 2 + 7)
    return None


def draw_table_marks(img: Image.Image, view: View, layout: L.BoardLayout) -> None:
    for mark, numbers in marked_places(view, TABLE_KINDS).items():
        label = badge_text(numbers)
        point = table_point(view, layout, mark, label)
        if point is not None:
            badge(img, point, label)


# --------------------------------------------------------------------------- a player board

PLAYER_KINDS = frozenset({"cell", "slot", "aslot"})
SLOTS = ("row1", "row2", "row3", "colA", "colB", "colC")
CELLS = tuple(f"{'ABC'[i % 3]}{i // 3 + 1}" for i in range(9))


def player_point(mark: str) -> Point | None:
    kind, _, arg = mark.partition(":")
    if kind == "cell" and arg in CELLS:
        x0, y0, _, _ = L.cell_box(CELLS.index(arg))
        return (x0 + 24, y0 + 22)
    if kind == "slot" and arg in SLOTS:
        x0, y0, x1, _ = L.card_slot_box(SLOTS.index(arg))
        return ((x0 + x1) / 2, y0 + 20)
    if kind == "aslot" and arg in P.DIE_LETTERS:
        x0, y0, x1, _ = L.player_advanced_box(P.DIE_LETTERS.index(arg))
        return (x1 - 24, y0 + 15)
    return None


def draw_player_marks(img: Image.Image, view: View, seat: int) -> None:
    """Marks on `seat`'s board, only when that seat is the one deciding."""
    decision = view.get("decision") or {}
    if decision.get("seat") != seat:
        return
    for mark, numbers in marked_places(view, PLAYER_KINDS).items():
        point = player_point(mark)
        if point is not None:
            badge(img, point, badge_text(numbers))
