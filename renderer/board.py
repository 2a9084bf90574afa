"""The table image: header, Space board, Black Angel board, compartments, Technology.

`render_board(view)` copies a cached static frame (titles, panels, labels,
empty spaces) and a cached Space map for the current strips, then paints only
the state: pieces, counts and texts. Each band draws its own parts, frame and
state: renderer/header.py, space.py, angel.py, player_rows.py, technology.py.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.decision import Decision
from renderer import advanced as ADV
from renderer import hal as H
from renderer import layout as L
from renderer import palette as P
from renderer.angel import draw_angel, draw_angel_frame
from renderer.common import DRAW_LOCK, View, encode_png
from renderer.decision import Rendered, with_decision
from renderer.header import draw_header
from renderer.marks import Drawn, draw_table_marks
from renderer.player_rows import draw_player_rows, draw_player_rows_frame
from renderer.space import draw_printed_hexes, draw_space, draw_space_title
from renderer.technology import draw_technology, draw_technology_frame


def render_board(
    view: View, names: dict[int, str] | None = None, decision: Decision | None = None
) -> bytes:
    """PNG bytes of the table for a public (or any) view.

    `names` optionally maps seats to display names (the bot knows them, the
    engine does not); the colour letter is printed with them anyway.
    `decision` is the one listed beside the image (default: the view's);
    its options' table places carry their numbers (renderer/decision.py)."""
    return render_board_marked(view, names, decision).png


def render_board_marked(
    view: View, names: dict[int, str] | None = None, decision: Decision | None = None
) -> Rendered:
    """The table's PNG and the numbered badges drawn on it."""
    view = with_decision(view, decision)
    with DRAW_LOCK:
        img, marks = draw_board_marked(view, names)
    return Rendered(encode_png(img), tuple(marks))


def draw_board(view: View, names: dict[int, str] | None = None) -> Image.Image:
    """The table as a Pillow image (separate from encoding, for the benchmark)."""
    return draw_board_marked(view, names)[0]


def draw_board_marked(
    view: View, names: dict[int, str] | None = None
) -> tuple[Image.Image, list[Drawn]]:
    """The table as a Pillow image, and the decision's badges drawn on it."""
    layout = layout_for(view)
    img = _frame(layout.n_strips, layout.n_rows).copy()
    img.paste(_space_map(layout.n_strips, layout.n_rows, _strips_key(view)), (0, layout.space_top))
    draw = ImageDraw.Draw(img)
    draw_header(img, draw, view, names)
    ADV.draw_marker(draw, view)
    draw_space(img, draw, view, layout)
    draw_angel(img, draw, view, layout)
    draw_player_rows(img, draw, view, layout, names)
    draw_technology(img, draw, view, layout)
    marks = draw_table_marks(img, view, layout)  # the decision's places, numbered (on top)
    return H.with_band(img, view), marks


def layout_for(view: View) -> L.BoardLayout:
    """The layout of this view's table (depends on strips and player rows)."""
    rows = len(view["players"]) + (1 if view.get("neutral") else 0) + (1 if view.get("hal") else 0)
    return L.board_layout(len(view["board"]["strips"]), rows)


# --------------------------------------------------------------------------- static frame


@lru_cache(maxsize=8)
def _frame(n_strips: int, n_rows: int) -> Image.Image:
    """Everything that never changes for this game shape."""
    layout = L.board_layout(n_strips, n_rows)
    img = Image.new("RGB", (L.WIDTH, layout.height), P.BACKGROUND)
    d = ImageDraw.Draw(img)
    draw_space_title(d, layout)
    draw_angel_frame(img, d, layout)
    draw_player_rows_frame(d, layout, n_rows)
    draw_technology_frame(d, layout)
    return img


@lru_cache(maxsize=16)
def _space_map(
    n_strips: int, n_rows: int, strips: tuple[tuple[int, int, bool], ...]
) -> Image.Image:
    """The Space band with its printed hexes, for this order/side of strips."""
    layout = L.board_layout(n_strips, n_rows)
    top = layout.space_top
    bottom = layout.angel_top
    band = _frame(n_strips, n_rows).crop((0, top, L.WIDTH, bottom))
    draw_printed_hexes(band, layout, strips)
    return band


def _strips_key(view: View) -> tuple[tuple[int, int, bool], ...]:
    return tuple(
        (s["number"], s["side"], bool(s.get("spes_tile"))) for s in view["board"]["strips"]
    )
