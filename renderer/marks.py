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
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.components.strips import HEX_LETTERS, MIDDLE, SPES_HEX, STRIP_SIDES
from engine.ops import CELL_NAMES, SLOT_NAMES
from renderer import layout as L
from renderer import palette as P
from renderer.common import View, text
from renderer.fonts import text_width

Point = tuple[float, float]
Box = tuple[int, int, int, int]

MARK_FILL: P.RGB = P.DECISION_MARK
MARK_RING: P.RGB = P.HIGHLIGHT
MARK_TEXT: P.RGB = P.HIGHLIGHT
MARK_SIZE = 30  # badge height in pixels (smaller where the pieces are dense)
SMALL = 24  # hexes, actions, Ravager stacks, supply and workstations
DIE_MARK = 22  # compartment dice: a badge fits between two rows of dice
FONTS = {MARK_SIZE: 19, SMALL: 16, DIE_MARK: 15}
# The code letter of each die colour in the engine's marks ("supply:y",
# "die:1:y2r"): the engine's notation, parsed here and never printed.
DIE_CODES: tuple[str, ...] = ("o", "y", "g")


@dataclass(frozen=True, slots=True)
class Drawn:
    """One numbered badge on an image: the engine mark it stands on, the
    option numbers it shows (all of them: a badge is never cut) and its box."""

    mark: str
    numbers: tuple[int, ...]
    box: Box


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
    """'3', '3·7', '7–9' for a run: every number, so each option listed beside
    the image can be found on it."""
    return "·".join(_runs(numbers))


def _runs(numbers: list[int]) -> list[str]:
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return [str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs]


def badge_width(label: str, size: int = MARK_SIZE) -> int:
    return max(size, text_width(label, FONTS[size], True) + 12)


def badge_lines(label: str, size: int, max_width: int | None) -> tuple[list[str], int]:
    """(lines, font key): the label on one line at `size`, or, when wider than
    `max_width`, in the small font over as many lines as it takes: never cut."""
    if max_width is None or badge_width(label, size) <= max_width:
        return [label], size
    lines: list[str] = []
    for part in label.split("·"):
        if lines and badge_width(f"{lines[-1]}·{part}", DIE_MARK) <= max_width:
            lines[-1] += f"·{part}"
        else:
            lines.append(part)
    return lines, DIE_MARK


LINE_H = 16  # a line of a several-line badge (font 15)


def badge_box(
    centre: Point, label: str, size: int = MARK_SIZE, max_width: int | None = None
) -> Box:
    lines, key = badge_lines(label, size, max_width)
    w = max(badge_width(line, key) for line in lines)
    h = size if key == size else max(DIE_MARK, LINE_H * len(lines) + 6)
    x, y = centre
    return (int(x - w / 2), int(y - h / 2), int(x + w / 2), int(y + h / 2))


def badge(
    img: Image.Image,
    centre: Point,
    label: str,
    size: int = MARK_SIZE,
    max_width: int | None = None,
) -> Box:
    """A numbered badge centred on a point; returns its box."""
    box = badge_box(centre, label, size, max_width)
    sprite = _badge_sprite(label, size, max_width, box[2] - box[0], box[3] - box[1])
    img.paste(sprite, box[:2], sprite)
    return box


@lru_cache(maxsize=512)
def _badge_sprite(label: str, size: int, max_width: int | None, w: int, h: int) -> Image.Image:
    """A badge drawn once and pasted wherever it goes (a Command numbers two
    dozen hexes: drawing each badge's text was a third of the table's time)."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    lines, key = badge_lines(label, size, max_width)
    radius = min(h, key) // 2
    d.rounded_rectangle((0, 0, w, h), radius=radius, fill=MARK_FILL, outline=MARK_RING, width=2)
    top = h / 2 - LINE_H * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        text(d, (w / 2, top + i * LINE_H), line, FONTS[key], MARK_TEXT, True, "mm")
    return img


# --------------------------------------------------------------------------- the table

TABLE_KINDS = frozenset(
    {"hex", "action", "ravagers", "display", "advanced", "supply", "die", "workstation"}
)


def mark_size(mark: str) -> int:
    """The badge height used for a mark (dense places get smaller badges)."""
    kind = mark.partition(":")[0]
    if kind == "die":
        return DIE_MARK
    if kind in ("hex", "action", "ravagers", "supply", "workstation"):
        return SMALL
    return MARK_SIZE


def table_point(
    view: View,
    layout: L.BoardLayout,
    mark: str,
    label: str = "0",
    pieces: list[Box] | None = None,
) -> Point | None:
    """The centre of a table mark's badge with this label (None: not on this
    image). Each sits beside what it marks, never on it: a hex's badge under
    its ships, a die's above or below it, an action's under its damage spaces.
    `pieces` is space_pieces(view, layout), when the caller has it already."""
    kind, _, arg = mark.partition(":")
    half = badge_width(label, mark_size(mark)) / 2
    if kind == "hex":
        if len(arg) < 2 or arg[-1] not in HEX_LETTERS or not arg[:-1].isdigit():
            return None
        strip, pos = int(arg[:-1]) - 1, HEX_LETTERS.index(arg[-1])
        if not 0 <= strip < layout.n_strips:
            return None
        if pieces is None:
            pieces = space_pieces(view, layout)
        return _hex_point(layout, strip, pos, label, pieces)
    if kind in ("action", "ravagers", "display", "advanced") and arg.isdigit():
        n = int(arg)
        if kind == "action" and 1 <= n <= 6:
            # Bottom left, under the damage spaces and their label.
            x0, _, _, y1 = L.action_box(layout, n)
            return (x0 + 12 + half, y1 - 13)
        if kind == "ravagers" and 1 <= n <= 6:
            x0, y0, x1, _ = L.ravager_box(layout, n)
            return (x1 - 4 - half, y0 + 1)
        if kind == "display" and 1 <= n <= 8:
            x0, y0, x1, _ = L.display_box(layout, n - 1)
            return (x1 - 4 - half, y0 + 18)
        if kind == "advanced" and 1 <= n <= 4:
            x0, y0, x1, _ = L.advanced_box(layout, n - 1)
            return (x1 - 4 - half, y0 + 18)
        return None
    if kind == "supply" and arg in DIE_CODES:
        return _supply_point(view, layout, DIE_CODES.index(arg), half)
    if kind == "workstation" and arg in DIE_CODES:
        x0, y0, x1, _ = L.column_box(layout, DIE_CODES.index(arg))
        # On the border above the robots: clear of them and of the supply dice.
        return (x1 - 4 - half, y0 + L.COLUMN_HEAD_H + L.SUPPLY_H - 1)
    if kind == "die":
        return _die_point(view, layout, arg)
    return None


def _supply_point(view: View, layout: L.BoardLayout, c: int, half: float) -> Point:
    """Beside the supply's damaged dice (drawn last, on the right), in the
    supply's row: on the border above them it covered the colour's header.
    Six dice leave no room beside them: then under the last one, above the
    workstation's robots."""
    board = view["board"]
    n = min(board["supply"][c] + board["supply_damaged"][c], L.SUPPLY_DICE_DRAWN)
    x, y = L.supply_die_point(layout, c, max(n - 1, 0))
    beside = x + L.DIE_SMALL / 2 + 4 + half
    if beside + half <= L.column_box(layout, c)[2] - 4:
        return (beside, y)
    return (x, y + L.DIE_SMALL / 2 + SMALL / 2)


def _hex_point(layout: L.BoardLayout, strip: int, pos: int, label: str, pieces: list[Box]) -> Point:
    """Below the ships, above the bottom vertex; where the Black Angel stands
    there, the first other place that covers no piece (ships, cards, comets,
    the colour disc, hex names) of this hex or its neighbours."""
    cx, cy = L.hex_centre(layout, strip, pos)
    r = L.HEX_R
    candidates = [
        (cx, cy + r * 0.71),
        (cx + r * 0.6, cy - 20),
        (cx - r * 0.55, cy - 16),
        (cx + 5, cy - 16),
        (cx, cy - r - 1),  # over the top vertex: the last resort, between three hexes
    ]
    for point in candidates:
        box = badge_box(point, label, SMALL)
        if not any(_meets(box, piece) for piece in pieces):
            return point
    return candidates[0]


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def space_pieces(view: View, layout: L.BoardLayout) -> list[Box]:
    """Boxes of what a hex badge must not cover: ships, placed cards, the
    Black Angel, printed comets and colour discs, hex names."""
    boxes: list[Box] = []
    strips = view["board"]["strips"]
    r = L.HEX_R
    for i, strip in enumerate(strips):
        specs = STRIP_SIDES[(strip["number"], strip["side"])]
        for pos in range(5):
            cx, cy = L.hex_centre(layout, i, pos)
            _, ny = L.hex_name_point(cx, cy, r)
            boxes.append((int(cx - 18), int(ny - 9), int(cx + 18), int(ny + 9)))
            spec = SPES_HEX if strip.get("spes_tile") and pos == MIDDLE else specs[pos]
            if spec.comet:
                boxes.append(L.hex_comet_box(cx, cy, r))
            if spec.kind.value == "alien":
                lx, ly = L.hex_disc_point(cx, cy, r)
                dr = L.HEX_DISC_R
                boxes.append((int(lx - dr), int(ly - dr), int(lx + dr), int(ly + dr)))
            if strip["cards"][pos] is not None:
                boxes.append(L.hex_card_box(layout, i, pos))
            for k, _ in enumerate(strip["ships"][pos][: L.HEX_SHIPS_DRAWN]):
                x, y = L.hex_ship_point(layout, i, pos, k)
                boxes.append((int(x - 19), int(y - 15), int(x + 19), int(y + 15)))
    x, y = L.hex_angel_point(layout, len(strips) // 2, MIDDLE)
    boxes.append((int(x - 27), int(y - 17), int(x + 27), int(y + 17)))
    return boxes


def die_rows(view: View) -> list[tuple[int, bool, list[dict[str, Any]]]]:
    """(row, secure, dice) of every compartment drawn on the table."""
    players = view["players"]
    out = []
    for row, p in enumerate(players):
        out.append((row, False, list(p.get("standard", []))))
        out.append((row, True, list(p.get("secure", []))))
    if view.get("neutral"):
        out.append((len(players), False, list(view["neutral"].get("dice", []))))
    if view.get("hal"):
        row = len(players) + (1 if view.get("neutral") else 0)
        out.append((row, False, list(view["hal"].get("dice", []))))
    return out


def _die_point(view: View, layout: L.BoardLayout, arg: str) -> Point | None:
    """'<seat|n|h>:<code>': the first die showing that code in that compartment."""
    owner, _, code = arg.partition(":")
    if len(code) < 2:
        return None
    secure = code.endswith("r")
    players = view["players"]
    if owner == "n" and view.get("neutral"):
        row = len(players)
    elif owner == "h" and view.get("hal"):
        row = len(players) + (1 if view.get("neutral") else 0)
    elif owner.isdigit() and int(owner) < len(players):
        row = int(owner)
    else:
        return None
    dice = next((d for r, s, d in die_rows(view) if r == row and s == secure), [])
    for k, die in enumerate(dice):
        if DIE_CODES[P.die_index(die["colour"])] == code[0] and str(die["value"]) == code[1]:
            # Above the die, or below it for every other die: neighbours'
            # badges never meet, and the rows are far enough apart for both.
            x, y = L.compartment_die_point(layout, row, secure, k, len(dice))
            off = L.compartment_die_size(secure, len(dice)) // 2 + 1 + DIE_MARK / 2
            return (x, y - off if k % 2 == 0 else y + off)
    return None


def draw_table_marks(img: Image.Image, view: View, layout: L.BoardLayout) -> list[Drawn]:
    drawn: list[Drawn] = []
    places = marked_places(view, TABLE_KINDS)
    if not places:
        return drawn
    pieces = space_pieces(view, layout)  # once, not once per hex
    for mark, numbers in places.items():
        label = badge_text(numbers)
        point = table_point(view, layout, mark, label, pieces)
        if point is not None:
            box = badge(img, point, label, mark_size(mark))
            drawn.append(Drawn(mark, tuple(numbers), box))
    return drawn


# --------------------------------------------------------------------------- a player board

PLAYER_KINDS = frozenset({"cell", "slot", "aslot"})


def player_point(mark: str, label: str = "0") -> Point | None:
    """The centre of a player-board mark's badge with this label."""
    place = player_place(mark, label)
    return None if place is None else place[0]


def player_place(mark: str, label: str = "0") -> tuple[Point, int] | None:
    """(centre, widest badge) of a player-board mark: a wider label goes over
    several lines rather than onto what the badge marks."""
    kind, _, arg = mark.partition(":")
    if kind == "cell" and arg in CELL_NAMES:
        # Top centre: between the tile's colour badge (top left) and the
        # lightning space where debris sits (top right), under a boost side's bar.
        x0, y0, x1, _ = L.cell_box(CELL_NAMES.index(arg))
        width = CELL_BAND
        h = badge_box((0, 0), label, MARK_SIZE, width)
        return ((x0 + 41 + width / 2, y0 + 9 + (h[3] - h[1]) / 2), width)
    if kind == "slot" and arg in SLOT_NAMES:
        x0, y0, x1, _ = L.card_slot_box(SLOT_NAMES.index(arg))
        if arg.startswith("row"):
            width = x1 - x0 - 8
            h = badge_box((0, 0), label, MARK_SIZE, width)
            return (((x0 + x1) / 2, y0 + 5 + (h[3] - h[1]) / 2), width)  # above a card's letter
        # Top right, as wide as the room right of the slot's name: a narrower
        # badge of a big hand's numbers ran out of the slot at the bottom.
        # (Only an empty slot is offered: no played card's letter is under it.)
        name = text_width(f"col {arg[-1]}", L.SLOT_NAME_SIZE, True)
        width = x1 - 6 - (x0 + L.SLOT_NAME_X + name + 8)
        b = badge_box((0, 0), label, MARK_SIZE, width)
        return ((x1 - 6 - (b[2] - b[0]) / 2, y0 + 5 + (b[3] - b[1]) / 2), width)
    if kind == "aslot" and arg in DIE_CODES:
        x0, y0, x1, _ = L.player_advanced_box(DIE_CODES.index(arg))
        return ((x1 - 6 - badge_width(label) / 2, y0 + 15), x1 - x0 - 120)
    return None


CELL_BAND = 63  # between a tile's colour badge and its lightning space


def player_badges(view: View, seat: int) -> list[tuple[str, list[int], str, Point, int]]:
    """(mark, numbers, label, centre, widest) of each badge on `seat`'s board,
    only when that seat is the one deciding."""
    decision = view.get("decision") or {}
    if decision.get("seat") != seat:
        return []
    out = []
    for mark, numbers in marked_places(view, PLAYER_KINDS).items():
        label = badge_text(numbers)
        place = player_place(mark, label)
        if place is not None:
            out.append((mark, numbers, label, *place))
    return out


def cell_clearances(view: View, seat: int) -> dict[int, int]:
    """{grid cell: pixels from its top its numbered badge covers}: the tile
    there keeps its words below (a badge of many numbers runs over lines)."""
    out = {}
    for mark, _, label, point, width in player_badges(view, seat):
        kind, _, arg = mark.partition(":")
        if kind == "cell":
            cell = CELL_NAMES.index(arg)
            out[cell] = badge_box(point, label, MARK_SIZE, width)[3] - L.cell_box(cell)[1]
    return out


def draw_player_marks(img: Image.Image, view: View, seat: int) -> list[Drawn]:
    """Marks on `seat`'s board, only when that seat is the one deciding."""
    drawn = []
    for mark, numbers, label, point, width in player_badges(view, seat):
        box = badge(img, point, label, MARK_SIZE, width)
        drawn.append(Drawn(mark, tuple(numbers), box))
    return drawn
