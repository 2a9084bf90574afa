"""The table's player rows: each player's break room, compartments' dice, hand
and storage, then the Neutral and Hal rows when they play."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.words import plural
from renderer import artwork as A
from renderer import layout as L
from renderer import palette as P
from renderer.common import View, count, panel, paste, player_name, text, vp_of
from renderer.fonts import text_width


def draw_player_rows_frame(d: ImageDraw.ImageDraw, layout: L.BoardLayout, n_rows: int) -> None:
    top = layout.players_top
    text(d, (L.MARGIN, top + 4), "PLAYERS: BREAK ROOM AND COMPARTMENTS", 22, P.TEXT_DIM, True)
    heads = (
        (0, "Player"),
        (L.ROW_BREAK_X, "Break room"),
        (L.ROW_STANDARD_X + 14, "Standard area"),
        (L.ROW_SECURE_X, "High-security"),
        (L.ROW_INFO_X, "Storage · hand"),
    )
    for x, label in heads:
        text(d, (L.MARGIN + x + 6, top + 34), label, 17, P.TEXT_DIM, True)
    for row in range(n_rows):
        panel(d, L.player_row_box(layout, row), P.PANEL)


def _dice_row(
    img: Image.Image,
    layout: L.BoardLayout,
    row: int,
    secure: bool,
    dice: list[dict[str, Any]],
) -> None:
    """Every die of the compartment, smaller when more than its area holds at
    full size (layout.compartment_die_size): a die left out of the picture
    could still be offered, its option with no place to point at."""
    size = L.compartment_die_size(secure, len(dice))
    for k, die in enumerate(dice):
        c = P.die_index(die["colour"])
        point = L.compartment_die_point(layout, row, secure, k, len(dice))
        paste(img, A.die(c, die["value"], size), point)


def draw_player_rows(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: View,
    layout: L.BoardLayout,
    names: dict[int, str] | None,
) -> None:
    players = view["players"]
    for row, p in enumerate(players):
        x0, y0, x1, y1 = L.player_row_box(layout, row)
        mid = (y0 + y1) / 2
        paste(img, A.robot(p["colour"], 38), (x0 + 26, mid))
        text(d, (x0 + 52, mid - 12), player_name(view, row, names), 20, P.TEXT, True, "lm", 120)
        text(d, (x0 + 52, mid + 14), f"{vp_of(view, row)} VP", 18, P.TEXT_DIM, True, "lm")
        bx = x0 + L.ROW_BREAK_X
        paste(img, A.robot(p["colour"], 30), (bx + 24, mid + 6))
        text(d, (bx + 44, mid + 6), f"×{p['break_room']}", 22, P.TEXT, True, "lm")
        _dice_row(img, layout, row, False, p.get("standard", []))
        _dice_row(img, layout, row, True, p.get("secure", []))
        ix = x0 + L.ROW_INFO_X + 6
        for words, xy in hand_lines(p, ix, mid):
            text(d, xy, words, HAND_SIZE, P.TEXT, True, "lm")
        _storage(img, d, (ix, mid + STORAGE_DY), p)
    neutral = view.get("neutral")
    if neutral:
        row = len(players)
        x0, y0, x1, y1 = L.player_row_box(layout, row)
        mid = (y0 + y1) / 2
        paste(img, A.robot(None, 38), (x0 + 26, mid))
        text(d, (x0 + 52, mid - 12), "Neutral", 20, P.TEXT, True, "lm")
        text(d, (x0 + 52, mid + 14), "pay to supply", 15, P.TEXT_DIM, False, "lm")
        _dice_row(img, layout, row, False, neutral.get("dice", []))
    hal = view.get("hal")
    if hal:
        row = len(players) + (1 if neutral else 0)
        x0, y0, x1, y1 = L.player_row_box(layout, row)
        mid = (y0 + y1) / 2
        paste(img, A.robot(hal.get("colour"), 38), (x0 + 26, mid))
        text(d, (x0 + 52, mid - 12), "Hal", 20, P.TEXT, True, "lm")
        text(d, (x0 + 52, mid + 14), f"{vp_of(view, len(players))} VP", 18, P.TEXT_DIM, True, "lm")
        _dice_row(img, layout, row, False, hal.get("dice", []))
        ix = x0 + L.ROW_INFO_X + 6
        deck, shown = count(hal.get("deck")), count(hal.get("discard"))
        text(d, (ix, mid - 13), f"Hal deck {deck} · shown {shown}", 17, P.TEXT, True, "lm", 200)
        text(
            d,
            (ix, mid + 14),
            f"tiles taken: {count(hal.get('tiles'))}",
            17,
            P.TEXT,
            True,
            "lm",
            200,
        )


HAND_SIZE = 17
HAND_DY = (-26, -5)  # the hand's two lines, from the row's middle
STORAGE_DY = 21  # the storage icons under them


def hand_lines(p: dict[str, Any], x: int, mid: float) -> list[tuple[str, tuple[float, float]]]:
    """(words, left-middle point) of a player's hand in the table's row, in
    the game's words: 'hand: 6 Missions' and '2 Ravagers' under its count
    (one line would not fit the column at a readable size)."""
    missions = count(p.get("hand_missions", p.get("missions")))
    ravagers = count(p.get("hand_ravagers", p.get("ravagers")))
    lead = "hand: "
    indent = text_width(lead, HAND_SIZE, True)
    return [
        (lead + plural(missions, "Mission"), (x, mid + HAND_DY[0])),
        (plural(ravagers, "Ravager"), (x + indent, mid + HAND_DY[1])),
    ]


def _storage(
    img: Image.Image, d: ImageDraw.ImageDraw, xy: tuple[float, float], p: dict[str, Any]
) -> None:
    """Resources, debris and ships in storage, each an icon and a number."""
    x, y = xy
    items = (
        (A.resource(20), p["resources"]),
        (A.cube(18, P.DEBRIS), p["debris"]),
        (A.ship(p["colour"], 24), p["ships"]),
    )
    for sprite, n in items:
        paste(img, sprite, (x + 11, y))
        text(d, (x + 25, y), str(n), 18, P.TEXT, True, "lm")
        x += 58
