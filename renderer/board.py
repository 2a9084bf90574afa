"""The table image: header, Space board, Black Angel board, compartments, Technology.

`render_board(view)` copies a cached static frame (titles, panels, labels,
empty spaces) and a cached Space map for the current strips, then paints only
the state: pieces, counts and texts.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.components import ACTIONS
from engine.components.strips import MIDDLE, SPES_HEX, STRIP_SIDES
from engine.decision import Decision, public_words
from engine.space import hex_name
from engine.words import plural
from renderer import advanced as ADV
from renderer import artwork as A
from renderer import cards as C
from renderer import hal as H
from renderer import labels
from renderer import layout as L
from renderer import palette as P
from renderer.common import (
    DRAW_LOCK,
    contenders,
    count,
    encode_png,
    panel,
    paste,
    paste_at,
    player_name,
    seat_colour,
    text,
    vp_of,
)
from renderer.decision import Rendered, with_decision
from renderer.fonts import text_width, wrap
from renderer.header import draw_decision
from renderer.marks import Drawn, draw_table_marks

View = dict[str, Any]


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
    _header(img, draw, view, names)
    ADV.draw_marker(draw, view)
    _space(img, draw, view, layout)
    _angel(img, draw, view, layout)
    _players(img, draw, view, layout, names)
    _technology(img, draw, view, layout)
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
    # Space title.
    text(d, (L.MARGIN, layout.space_top + 4), "SPACE", 22, P.TEXT_DIM, True)
    text(
        d,
        (L.MARGIN + 90, layout.space_top + 8),
        "← Black Angel board · toward Spes →",
        17,
        P.TEXT_DIM,
    )
    # Black Angel board columns.
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
    # Players table.
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
    # Technology.
    top = layout.tech_top
    text(d, (L.MARGIN, top + 4), "TECHNOLOGY", 22, P.TEXT_DIM, True)
    text(d, (L.MARGIN + 170, top + 8), "new tiles enter at 1 and push toward 8", 17, P.TEXT_DIM)
    for space in range(8):
        x0, y0, x1, y1 = L.display_box(layout, space)
        cost = 2 if space < 2 else 1
        text(d, ((x0 + x1) / 2, y0 - 4), f"{space + 1} · cost {cost}", 17, P.TEXT_DIM, True, "md")
        d.rounded_rectangle(
            (x0, y0, x1, y1), radius=8, outline=P.PANEL_LINE, width=2, fill=P.PANEL_DARK
        )
    for slot in range(4):
        box = L.advanced_box(layout, slot)
        d.rounded_rectangle(box, radius=8, outline=P.PANEL_LINE, width=2, fill=P.PANEL_DARK)
    return img


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
    for k in range(2):
        box = L.damage_space(layout, action, k)
        d.rectangle(box, fill=P.EMPTY_SPACE, outline=P.PANEL_LINE, width=2)
    dx0, _, _, dy1 = L.damage_space(layout, action, 0)
    text(d, (dx0, dy1 + 6), "damage", 15, P.TEXT_DIM)


@lru_cache(maxsize=16)
def _space_map(
    n_strips: int, n_rows: int, strips: tuple[tuple[int, int, bool], ...]
) -> Image.Image:
    """The Space band with its printed hexes, for this order/side of strips."""
    layout = L.board_layout(n_strips, n_rows)
    top = layout.space_top
    bottom = layout.angel_top
    band = _frame(n_strips, n_rows).crop((0, top, L.WIDTH, bottom))
    d = ImageDraw.Draw(band)
    for i, (number, side, spes_tile) in enumerate(strips):
        specs = STRIP_SIDES[(number, side)]
        for pos in range(5):
            spec = SPES_HEX if spes_tile and pos == MIDDLE else specs[pos]
            colour = P.die_index(spec.colour.value) if spec.colour else None
            sprite = A.hex_base(spec.kind.value, colour, spec.comet, 0, L.HEX_R)
            cx, cy = L.hex_centre(layout, i, pos)
            paste(band, sprite, (cx, cy - top))
            text(d, (cx, cy - top - L.HEX_R * 0.68), hex_name((i, pos)), 18, P.TEXT, True, "mm")
            if spec.kind.value == "ravager_ship":
                _icons(band, (cx, cy - top - 6), spec.icons)
        lx, ly = L.strip_label_point(layout, i)
        text(d, (lx, ly - top), f"strip #{number}", 15, P.TEXT_DIM, True, "mm")
    return band


def _strips_key(view: View) -> tuple[tuple[int, int, bool], ...]:
    return tuple(
        (s["number"], s["side"], bool(s.get("spes_tile"))) for s in view["board"]["strips"]
    )


def _icons(img: Image.Image, centre: tuple[float, float], n: int) -> None:
    icon = A.ravager_icon(22)
    for k in range(n):
        paste(img, icon, (centre[0] + 24 * k - 12 * (n - 1), centre[1]))


# --------------------------------------------------------------------------- header


def _header(
    img: Image.Image, d: ImageDraw.ImageDraw, view: View, names: dict[int, str] | None
) -> None:
    text(d, (L.MARGIN, 10), f"BLACK ANGEL · Round {view['round']}", 30, P.TEXT, True)
    result = view.get("result")
    badge = header_badge(view)
    if badge is not None:
        words, size, box = badge
        d.rounded_rectangle(box, radius=8, fill=P.ALERT)
        x0, y0, x1, y1 = box
        text(d, ((x0 + x1) / 2, (y0 + y1) / 2), words, size, P.TEXT_DARK, True, "mm")
    decision = view.get("decision")
    if decision:
        seat = decision["seat"]
        paste(img, A.robot(seat_colour(view, seat), 34), (L.MARGIN + 17, 68))
        draw_decision(d, (L.MARGIN + 42, 68), *decision_line(view, names), L.INNER - 44)
    elif result:
        winners = ", ".join(player_name(view, s, names) for s in result.get("winners", []))
        text(d, (L.MARGIN, 68), f"Winner: {winners}", 24, P.TEXT, True, "lm", L.INNER)
    current = view.get("current", 0)
    everyone = contenders(view)
    for seat, colour, vp in everyone:
        box = L.score_chip_box(len(everyone), seat)
        is_current = seat == current and not view.get("finished")
        fill, _, _ = P.player_style(colour)
        d.rounded_rectangle(
            box,
            radius=10,
            fill=P.PANEL,
            outline=P.HIGHLIGHT if is_current else fill,
            width=4 if is_current else 2,
        )
        x0, y0, x1, y1 = box
        paste(img, A.robot(colour, 36), (x0 + 26, (y0 + y1) / 2))
        order = ("1st", "2nd", "3rd", "4th")[seat]
        label = ("▶ " if is_current else "") + player_name(view, seat, names)
        text(d, (x0 + 50, y0 + 6), label, 19, P.TEXT, True, width=x1 - x0 - 120)
        text(d, (x0 + 50, y0 + 28), order + (" · turn" if is_current else ""), 16, P.TEXT_DIM)
        text(d, (x1 - 10, (y0 + y1) / 2), f"{vp} VP", 26, P.TEXT, True, "rm")


def decision_line(view: View, names: dict[int, str] | None) -> tuple[str, str]:
    """The header's words for the view's decision: who, and the prompt (which
    renderer/header.py may say shorter). A secret one seen by others (its
    options hidden from this view) is said of the player, as the channel's
    line says it: its prompt speaks to them ("You have 7 Mission cards…",
    "Your turn: …")."""
    decision = view["decision"]
    seat = decision["seat"]
    who = player_name(view, seat, names)
    prompt = decision.get("prompt") or decision.get("kind", "")
    if decision.get("options", ()) is None:
        p = view["players"][seat]
        hand = count(p.get("hand_missions", p.get("missions")))
        return f"{who} is choosing… ({public_words(decision['kind'], prompt, hand)})", ""
    return f"{who} to decide: ", prompt


BADGE_SIZE, BADGE_SMALL = 19, 16


def header_badge(view: View) -> tuple[str, int, L.Box] | None:
    """The alert badge at the right of the title line ("GAME OVER", or why
    the end is triggered and the last round): its words, font size and box.
    It must stay clear of the title and of the "ADVANCED RULES" tag beside
    it (renderer/advanced.py), so a long reason is said shorter, then
    smaller, until it fits."""
    from renderer.fonts import text_width

    trigger = view.get("end_trigger")
    if view.get("finished") or view.get("result"):
        choices = [("GAME OVER", BADGE_SIZE)]
    elif trigger:
        why = "Spes reached" if trigger == "spes" else "Ravager deck empty"
        last = view.get("last_round")
        if last:
            short = f"LAST ROUND {last} · {why}"
            full = f"END TRIGGERED: {why} · last round {last}"
            choices = [
                (full, BADGE_SIZE),
                (full, BADGE_SMALL),
                (short, BADGE_SIZE),
                (short, BADGE_SMALL),
                (f"LAST ROUND {last}", BADGE_SIZE),
            ]
        else:
            choices = [
                (f"END TRIGGERED: {why}", BADGE_SIZE),
                (f"END TRIGGERED: {why}", BADGE_SMALL),
            ]
    else:
        return None
    if ADV.is_advanced(view):
        left = ADV.marker_box(view)[2] + 10
    else:
        left = L.MARGIN + text_width(f"BLACK ANGEL · Round {view['round']}", 30, True) + 16
    right = L.WIDTH - L.MARGIN
    fits = [(s, size) for s, size in choices if text_width(s, size, True) + 20 <= right - left]
    words, size = fits[0] if fits else choices[-1]
    w = text_width(words, size, True) + 20
    return words, size, (right - w, 12, right, 42)


# --------------------------------------------------------------------------- space


def _space(img: Image.Image, d: ImageDraw.ImageDraw, view: View, layout: L.BoardLayout) -> None:
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
            for k, seat in enumerate(strip["ships"][pos][:2]):
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


# --------------------------------------------------------------------------- Black Angel board


def _angel(img: Image.Image, d: ImageDraw.ImageDraw, view: View, layout: L.BoardLayout) -> None:
    board = view["board"]
    players = view["players"]
    neutral = view.get("neutral")
    for c in range(3):
        x0, y0, x1, _ = L.column_box(layout, c)
        ok, dmg = board["supply"][c], board["supply_damaged"][c]
        for k in range(min(ok + dmg, 6)):
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
        for k in range(min(board["damage"][action - 1], 2)):
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


# --------------------------------------------------------------------------- compartments


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


def _players(
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


# --------------------------------------------------------------------------- technology


def _technology(
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
