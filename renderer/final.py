"""The final scoring image: one row per player, one column per named part.

The breakdown parts are read generically (a number, a list of items with
"vp", or a dict of numbers), so a new part added by the engine still shows up.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.components.tiles import TILES
from renderer import artwork as A
from renderer import labels
from renderer import layout as L
from renderer import palette as P
from renderer.common import (
    DRAW_LOCK,
    View,
    contenders,
    encode_png,
    paste,
    player_name,
    seat_colour,
    text,
)
from renderer.fonts import fit

PART_NAMES: dict[str, str] = {
    "track": "Score track",
    "advanced": "Advanced Tech",
    "spes": "Spes exchange",
}
END_TEXT: dict[str, str] = {
    "spes": "The Black Angel reached Spes",
    "ravagers": "The Ravager deck ran out",
}
TOP = 172
ROW_H = 84
NAME_W = 230
TOTAL_W = 130


def render_final(view: View, names: dict[int, str] | None = None) -> bytes:
    """PNG bytes of the final scores of a finished game's view."""
    with DRAW_LOCK:
        img = draw_final(view, names)
    return encode_png(img)


def part_value(value: Any) -> int:
    """VP of one breakdown part, whatever its shape."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, list):
        return sum(part_value(v.get("vp", 0) if isinstance(v, dict) else v) for v in value)
    if isinstance(value, dict):
        return part_value(value.get("vp", sum(v for v in value.values() if isinstance(v, int))))
    return 0


def parts_of(result: dict[str, Any]) -> list[str]:
    """Named parts in a stable order: known ones first, then the rest."""
    keys: list[str] = []
    for entry in result.get("breakdown", []):
        for key in entry:
            if (
                key not in ("seat", "total")
                and not isinstance(entry[key], bool)
                and key not in keys
            ):
                keys.append(key)
    known = [k for k in PART_NAMES if k in keys]
    return known + sorted(k for k in keys if k not in PART_NAMES)


def ranking(result: dict[str, Any]) -> list[int]:
    """Seats by final score, best first (ties keep turn order)."""
    scores = result["scores"]
    return sorted(range(len(scores)), key=lambda s: (-scores[s], s))


def draw_final(view: View, names: dict[int, str] | None = None) -> Image.Image:
    result = view.get("result") or {}
    players = contenders(view)
    parts = parts_of(result)
    breakdown = {entry.get("seat", i): entry for i, entry in enumerate(result.get("breakdown", []))}
    details = [_details(breakdown.get(s, {})) for s in range(len(players))]
    detail_h = sum(24 * len(lines) + (12 if lines else 0) for lines in details)
    height = TOP + ROW_H * len(players) + 70 + detail_h + 20
    img = Image.new("RGB", (L.WIDTH, height), P.BACKGROUND)
    d = ImageDraw.Draw(img)
    text(d, (L.MARGIN, 14), "BLACK ANGEL · FINAL SCORES", 32, P.TEXT, True)
    end = END_TEXT.get(result.get("end", ""), str(result.get("end", "")))
    text(
        d,
        (L.MARGIN, 58),
        f"Game over after round {view.get('round', '?')}: {end}.",
        21,
        P.TEXT_DIM,
        True,
    )
    winners = result.get("winners", [])
    who = " and ".join(
        f"{player_name(view, s, names)} ({P.player_style(seat_colour(view, s))[2]})"
        for s in winners
    )
    verb = "share the victory" if len(winners) > 1 else "wins"
    text(d, (L.MARGIN, 90), f"★ {who} {verb}!", 26, P.TEXT, True, width=L.INNER)
    col_w = (L.INNER - NAME_W - TOTAL_W) // max(1, len(parts))
    for k, part in enumerate(parts):
        x = L.MARGIN + NAME_W + k * col_w + col_w / 2
        text(
            d,
            (x, TOP - 8),
            PART_NAMES.get(part, part.replace("_", " ").title()),
            18,
            P.TEXT_DIM,
            True,
            "md",
            col_w - 6,
        )
    text(d, (L.WIDTH - L.MARGIN - TOTAL_W / 2, TOP - 8), "Total", 18, P.TEXT_DIM, True, "md")
    for row, seat in enumerate(ranking(result) if result.get("scores") else range(len(players))):
        y0 = TOP + row * ROW_H
        y1 = y0 + ROW_H - 8
        mid = (y0 + y1) / 2
        win = seat in winners
        fill, _, _ = P.player_style(seat_colour(view, seat))
        d.rounded_rectangle(
            (L.MARGIN, y0, L.WIDTH - L.MARGIN, y1),
            radius=10,
            fill=P.PANEL,
            outline=P.HIGHLIGHT if win else fill,
            width=4 if win else 2,
        )
        paste(img, A.robot(seat_colour(view, seat), 46), (L.MARGIN + 34, mid))
        text(
            d,
            (L.MARGIN + 66, mid - 12),
            player_name(view, seat, names),
            24,
            P.TEXT,
            True,
            "lm",
            NAME_W - 70,
        )
        text(
            d,
            (L.MARGIN + 66, mid + 16),
            ("winner" if win else f"#{row + 1}"),
            17,
            P.TEXT_DIM,
            True,
            "lm",
        )
        entry = breakdown.get(seat, {})
        for k, part in enumerate(parts):
            x = L.MARGIN + NAME_W + k * col_w + col_w / 2
            text(d, (x, mid), str(part_value(entry.get(part, 0))), 28, P.TEXT, False, "mm")
        total = result["scores"][seat] if result.get("scores") else players[seat][2]
        text(d, (L.WIDTH - L.MARGIN - TOTAL_W / 2, mid), str(total), 36, P.TEXT, True, "mm")
    y = TOP + ROW_H * len(players) + 16
    text(d, (L.MARGIN, y), "Advanced Technology scored", 19, P.TEXT_DIM, True)
    y += 32
    for seat, lines in enumerate(details):
        if not lines:
            continue
        _, _, letter = P.player_style(seat_colour(view, seat))
        for line in lines:
            text(d, (L.MARGIN, y), fit(f"{letter} · {line}", L.INNER, 19), 19, P.TEXT)
            y += 24
        y += 12
    if not any(details):
        text(d, (L.MARGIN, y), "none", 19, P.TEXT_DIM)
    return img


def _details(entry: dict[str, Any]) -> list[str]:
    """One line per scored Advanced Technology tile: its effect, where, VP."""
    lines = []
    for item in entry.get("advanced", []) or []:
        if not isinstance(item, dict) or "tile" not in item or not 0 <= item["tile"] < len(TILES):
            continue
        where = item.get("where", "")
        cap = item.get("cap")
        extra = f" (cap {cap})" if cap is not None else ""
        lines.append(f"{labels.tile_text(item['tile'])}, {where}{extra}: {item.get('vp', 0)} VP")
    return lines
