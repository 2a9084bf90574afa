"""Where everything is drawn: the geometry of the table and of a player board.

All positions live here, as plain numbers and small functions, so that the
drawing code and the tests agree: a test asks `damage_space(3, 0)` where the
first damage cube of action 3 is and probes that pixel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from engine.space import to_axial

Box = tuple[int, int, int, int]  # left, top, right, bottom (right/bottom exclusive)
Point = tuple[int, int]

# --------------------------------------------------------------------------- the table

WIDTH = 960
MARGIN = 16
INNER = WIDTH - 2 * MARGIN

HEADER_H = 156
CHIP_TOP = 96
CHIP_H = 52

# Space board: pointy-top hexes; the travel axis runs left (the Black Angel
# board) to right (Spes). HEX_D is the distance between neighbouring centres.
HEX_D = 112
HEX_R = HEX_D / math.sqrt(3)  # centre to vertex
SPACE_TITLE_H = 34
SPACE_LABEL_H = 34  # strip numbers below the lower wing

# The Black Angel board: one column per die colour.
COLUMN_GAP = 12
COLUMN_W = (INNER - 2 * COLUMN_GAP) // 3
COLUMN_HEAD_H = 40
SUPPLY_H = 58
WORKSTATION_H = 58
ACTION_H = 156
ACTION_GAP = 10
DIE_SMALL = 32
SUPPLY_DICE_DRAWN = 6  # a colour's supply row holds six (its dice beyond are not drawn)
ROBOT_SMALL = 30
CUBE = 36

# Players (compartments and break room).
PLAYERS_TITLE_H = 60
PLAYER_ROW_H = 90  # room above and below the dice for numbered badges
DIE = 42

# Technology.
TECH_TITLE_H = 34
DISPLAY_LABEL_H = 26
DISPLAY_TILE = 110
DISPLAY_GAP = (INNER - 8 * DISPLAY_TILE) // 7
ADVANCED_H = 72
ADVANCED_GAP = 8
ADVANCED_W = (INNER - 3 * ADVANCED_GAP) // 4
STACKS_H = 96
STACK_TILE = 70  # the top tile of each Technology stack
SECTION_GAP = 18


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Vertical bands of the table image for one game shape."""

    n_strips: int
    n_rows: int  # player rows in the compartments table (players + neutral)
    space_top: int
    space_origin: Point  # pixel centre of hex (strip 0, middle)
    angel_top: int
    players_top: int
    tech_top: int
    height: int


@lru_cache(maxsize=16)
def board_layout(n_strips: int, n_rows: int) -> BoardLayout:
    """The bands for `n_strips` Space strips and `n_rows` compartment rows."""
    y = HEADER_H
    space_top = y
    span_x = n_strips * HEX_D  # centres from strip 0 middle to last strip's wing tip
    left = MARGIN + (INNER - span_x - HEX_D) // 2 + HEX_D // 2
    origin = (int(left), int(y + SPACE_TITLE_H + HEX_R + 2 * HEX_D * math.sqrt(3) / 2))
    y = int(origin[1] + 2 * HEX_D * math.sqrt(3) / 2 + HEX_R) + SPACE_LABEL_H + SECTION_GAP
    angel_top = y
    y += COLUMN_HEAD_H + SUPPLY_H + WORKSTATION_H + 2 * ACTION_H + ACTION_GAP + SECTION_GAP
    players_top = y
    y += PLAYERS_TITLE_H + n_rows * PLAYER_ROW_H + SECTION_GAP
    tech_top = y
    y += TECH_TITLE_H + DISPLAY_LABEL_H + DISPLAY_TILE + 12 + ADVANCED_H + 12 + STACKS_H
    return BoardLayout(
        n_strips, n_rows, space_top, origin, angel_top, players_top, tech_top, y + 12
    )


def hex_centre(layout: BoardLayout, strip: int, pos: int) -> tuple[float, float]:
    """Pixel centre of the hex at (strip index from 0, position 0-4 = A-E)."""
    q, r = to_axial((strip, pos))
    ox, oy = layout.space_origin
    return (ox + r * HEX_D + q * HEX_D / 2, oy + q * HEX_D * math.sqrt(3) / 2)


def hex_polygon(cx: float, cy: float, radius: float = HEX_R) -> list[tuple[float, float]]:
    """Vertices of a pointy-top hex."""
    return [
        (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]


# A hex's printed marks, from its centre and radius: drawn by renderer/artwork.py
# (colour disc, comet) and space.py (name), kept clear of by the badges (marks.py).
HEX_DISC_R = 13  # the alien hex's colour disc
COMET = 24


def hex_name_point(cx: float, cy: float, radius: float) -> Point:
    return (cx, cy - radius * 0.68)


def hex_disc_point(cx: float, cy: float, radius: float) -> Point:
    return (cx - radius * 0.6, cy - 16)


def hex_comet_box(cx: float, cy: float, radius: float) -> Box:
    x, y = int(cx + radius * 0.45), int(cy - 32)
    return (x, y, x + COMET, y + COMET)


HEX_SHIPS_DRAWN = 2  # a hex shows its first two ships


def hex_ship_point(layout: BoardLayout, strip: int, pos: int, k: int) -> Point:
    """Centre of the k-th (0/1) ship drawn in a hex."""
    cx, cy = hex_centre(layout, strip, pos)
    return (int(cx - 21 + 42 * k), int(cy + 18))


def hex_card_box(layout: BoardLayout, strip: int, pos: int) -> Box:
    """Where a placed Mission card is drawn in a hex."""
    cx, cy = hex_centre(layout, strip, pos)
    return (int(cx - 22), int(cy - 30), int(cx + 32), int(cy - 2))


def hex_angel_point(layout: BoardLayout, strip: int, pos: int) -> Point:
    """Centre of the Black Angel figurine when it stands in this hex."""
    cx, cy = hex_centre(layout, strip, pos)
    return (int(cx), int(cy + 45))


def strip_label_point(layout: BoardLayout, strip: int) -> Point:
    """Centre of the printed strip number under the strip's lower wing tip."""
    cx, cy = hex_centre(layout, strip, 4)
    return (int(cx), int(cy + HEX_R + SPACE_LABEL_H // 2 + 2))


def column_box(layout: BoardLayout, colour: int) -> Box:
    """The Black Angel board column of die colour 0-2 (its two actions)."""
    x = MARGIN + colour * (COLUMN_W + COLUMN_GAP)
    bottom = layout.angel_top + COLUMN_HEAD_H + SUPPLY_H + WORKSTATION_H + 2 * ACTION_H + ACTION_GAP
    return (x, layout.angel_top, x + COLUMN_W, bottom)


def supply_die_point(layout: BoardLayout, colour: int, k: int) -> Point:
    """Centre of the k-th die drawn in a colour's supply (undamaged first)."""
    x0, y0, _, _ = column_box(layout, colour)
    return (x0 + 96 + k * (DIE_SMALL + 4), y0 + COLUMN_HEAD_H + SUPPLY_H // 2)


def workstation_point(layout: BoardLayout, colour: int, k: int) -> Point:
    """Centre of the k-th robot group drawn in a colour's workstation."""
    x0, y0, _, _ = column_box(layout, colour)
    return (x0 + 112 + k * 52, y0 + COLUMN_HEAD_H + SUPPLY_H + WORKSTATION_H // 2)


def action_box(layout: BoardLayout, action: int) -> Box:
    """Panel of action 1-6 (two per colour column, the lower number on top)."""
    colour = (action - 1) // 2
    x0, y0, x1, _ = column_box(layout, colour)
    top = (
        y0 + COLUMN_HEAD_H + SUPPLY_H + WORKSTATION_H + ((action - 1) % 2) * (ACTION_H + ACTION_GAP)
    )
    return (x0, top, x1, top + ACTION_H)


def damage_space(layout: BoardLayout, action: int, k: int) -> Box:
    """Box of damage space k (0 or 1) of action 1-6."""
    x0, y0, _, _ = action_box(layout, action)
    left = x0 + 12 + k * (CUBE + 8)
    top = y0 + 72
    return (left, top, left + CUBE, top + CUBE)


def ravager_box(layout: BoardLayout, action: int) -> Box:
    """The Ravager card stack beside action 1-6."""
    x0, y0, x1, y1 = action_box(layout, action)
    return (x0 + 100, y0 + 62, x1 - 8, y1 - 8)


def player_row_box(layout: BoardLayout, row: int) -> Box:
    top = layout.players_top + PLAYERS_TITLE_H + row * PLAYER_ROW_H
    return (MARGIN, top, WIDTH - MARGIN, top + PLAYER_ROW_H - 6)


# Columns of a player row.
ROW_NAME_X = 0
ROW_BREAK_X = 160
ROW_STANDARD_X = 258
ROW_SECURE_X = 550
ROW_INFO_X = 714


def compartment_die_size(secure: bool, n: int) -> int:
    """The side of each die in a compartment holding `n` dice: full size while
    they fit (6 in the standard area, 3 in the high-security one), smaller
    beyond, so every die a player may take or buy is drawn in its area (a
    player with many robots in workstations rolls 7 or 8)."""
    room = (ROW_INFO_X - ROW_SECURE_X if secure else ROW_SECURE_X - ROW_STANDARD_X) - 12
    return max(16, min(DIE, room // max(n, 1) - 4))


def compartment_die_point(layout: BoardLayout, row: int, secure: bool, k: int, n: int = 1) -> Point:
    """Centre of the k-th of `n` dice in a compartment (standard or high-security)."""
    x0, y0, _, y1 = player_row_box(layout, row)
    base = ROW_SECURE_X if secure else ROW_STANDARD_X
    size = compartment_die_size(secure, n)
    return (x0 + base + 8 + size // 2 + k * (size + 4), (y0 + y1) // 2)


def display_box(layout: BoardLayout, space: int) -> Box:
    """Technology display space 0-7 (printed 1-8)."""
    left = MARGIN + space * (DISPLAY_TILE + DISPLAY_GAP)
    top = layout.tech_top + TECH_TITLE_H + DISPLAY_LABEL_H
    return (left, top, left + DISPLAY_TILE, top + DISPLAY_TILE)


def advanced_box(layout: BoardLayout, slot: int) -> Box:
    """Advanced Technology slot 0-3 (printed 1-4) on the Black Angel board.
    The slots sit beyond display space 8, slot 1 next to it (COMPONENTS.md 3:
    the "last tile" Hal takes, engine/hal.py), so they run right to left:
    slot 1 under spaces 7-8, slot 4 under spaces 1-2."""
    left = MARGIN + (3 - slot) * (ADVANCED_W + ADVANCED_GAP)
    top = layout.tech_top + TECH_TITLE_H + DISPLAY_LABEL_H + DISPLAY_TILE + 12
    return (left, top, left + ADVANCED_W, top + ADVANCED_H)


def advanced_tag_point(layout: BoardLayout, slot: int) -> tuple[int, int]:
    """Where the slot's number goes: top left, after the tile's "A" icon,
    clear of the tile's words (centred) and of an option's number (top right)."""
    x0, y0, _, _ = advanced_box(layout, slot)
    return (x0 + 30, y0 + 5)


def stacks_top(layout: BoardLayout) -> int:
    return advanced_box(layout, 0)[3] + 12


def score_chip_box(n_players: int, order: int) -> Box:
    """Score chip of the player at turn-order position `order` in the header."""
    w = (INNER - (n_players - 1) * 8) // n_players
    left = MARGIN + order * (w + 8)
    return (left, CHIP_TOP, left + w, CHIP_TOP + CHIP_H)


# --------------------------------------------------------------------------- a player board

P_WIDTH = 800
P_HEADER_H = 150
CELL = 140
CELL_GAP = 8
SLOT_W = 92  # row slots, left of the grid
GRID_LEFT = MARGIN + SLOT_W + 10
GRID_TOP = P_HEADER_H + 30
GRID_SIZE = 3 * CELL + 2 * CELL_GAP
SLOT_H = 92  # column slots, below the grid
SLOT_NAME_X = 14  # a column slot's name ('col C'), left in the slot
SLOT_NAME_SIZE = 18
SIDE_LEFT = GRID_LEFT + GRID_SIZE + 20
SIDE_W = P_WIDTH - MARGIN - SIDE_LEFT
P_ADV_H = 150
P_ADV_TILE_H = 64  # an ejected Advanced tile in its slot (as wide as the slot)
EJECT_TILE = 80  # 3 lines of words at 14-15 px under the colour badge (64 cut them)
HAND_CARD_W = 246
HAND_CARD_H = 186  # effect (4 lines), the tiles it brings, reward
HAND_GAP = 10


def cell_box(cell: int) -> Box:
    """Grid cell 0-8 (row * 3 + column; A1 is the top-left)."""
    row, col = divmod(cell, 3)
    left = GRID_LEFT + col * (CELL + CELL_GAP)
    top = GRID_TOP + row * (CELL + CELL_GAP)
    return (left, top, left + CELL, top + CELL)


def debris_box(cell: int) -> Box:
    """The lightning space of a grid cell, where debris sits."""
    x0, y0, x1, _ = cell_box(cell)
    return (x1 - 34, y0 + 6, x1 - 6, y0 + 34)


def card_slot_box(slot: int) -> Box:
    """Card slot 0-5: row1-row3 left of the rows, colA-colC below the columns."""
    if slot < 3:
        _, y0, _, y1 = cell_box(slot * 3)
        return (MARGIN, y0, MARGIN + SLOT_W, y1)
    x0, _, x1, y1 = cell_box(6 + slot - 3)
    return (x0, y1 + 10, x1, y1 + 10 + SLOT_H)


def player_advanced_box(slot: int) -> Box:
    """Ejected Advanced Technology slot 0-2 (orange, gray, green) on a player board."""
    top = GRID_TOP + slot * (P_ADV_H + 8)
    return (SIDE_LEFT, top, SIDE_LEFT + SIDE_W, top + P_ADV_H)


def ejected_top() -> int:
    return card_slot_box(3)[3] + 20


EJECT_STEP = EJECT_TILE + 6
#: ejected tiles a row holds at full size, side by side (9); more start a new
#: row: squeezed into one, past 9 they covered each other's words
EJECT_PER_ROW = (P_WIDTH - 2 * MARGIN - EJECT_TILE) // EJECT_STEP + 1


def ejected_rows(tiles: int) -> int:
    """Rows of ejected tiles a board shows (one even when there are none)."""
    return max(1, -(-tiles // EJECT_PER_ROW))


def ejected_tile_xy(k: int) -> tuple[int, int]:
    """Top-left of the k-th ejected tile."""
    row, col = divmod(k, EJECT_PER_ROW)
    return (MARGIN + col * EJECT_STEP, ejected_top() + 28 + row * EJECT_STEP)


def hand_top(eject_rows: int = 1) -> int:
    return ejected_top() + 30 + eject_rows * EJECT_STEP - 6 + 24


def hand_card_box(k: int, eject_rows: int = 1) -> Box:
    """The k-th card of the hand (private view only), three per row."""
    row, col = divmod(k, 3)
    left = MARGIN + col * (HAND_CARD_W + HAND_GAP)
    top = hand_top(eject_rows) + 34 + row * (HAND_CARD_H + HAND_GAP)
    return (left, top, left + HAND_CARD_W, top + HAND_CARD_H)


def player_height(hand_cards: int | None, eject_rows: int = 1) -> int:
    """Image height: the hand adds rows only in a private view (None = public),
    and ejected tiles past a row's worth another row each."""
    if hand_cards is None:
        return hand_top(eject_rows) + 40
    rows = max(1, -(-hand_cards // 3))
    return hand_top(eject_rows) + 34 + rows * (HAND_CARD_H + HAND_GAP) + 10
