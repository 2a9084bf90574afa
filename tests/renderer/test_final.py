"""Final scores: each finished game of each player count renders its breakdown."""

from __future__ import annotations

import pytest

from renderer import layout as L
from renderer import palette as P
from renderer import render_final
from renderer.common import seat_colour
from renderer.final import ROW_H, TOP, part_value, parts_of, ranking
from tests.renderer.helpers import CASES, close, game, open_png

FINISHED = [c for c in CASES if c[2] >= 100_000]


@pytest.mark.parametrize("case", FINISHED, ids=str)
def test_final_image_ranks_players_by_score(case: tuple[int, int, int]) -> None:
    g = game(*case)
    assert g.is_over, "the case must be a finished game"
    view = g.view(None)
    result = view["result"]
    data = render_final(view)
    img = open_png(data)
    assert img.width == L.WIDTH
    assert len(data) < 1_000_000
    order = ranking(result)
    scores = [result["scores"][s] for s in order]
    assert scores == sorted(scores, reverse=True)
    assert set(order[: len(result["winners"])]) == set(result["winners"])
    for row, seat in enumerate(order):
        # The row's robot badge is drawn in that player's colour (letter on top).
        pixel = img.getpixel((L.MARGIN + 18, TOP + row * ROW_H + (ROW_H - 8) // 2))
        colour = seat_colour(view, seat)  # a player, or Hal in solo
        assert colour is not None
        assert close(pixel, P.PLAYER_FILL[colour]), (row, seat, pixel)
    assert "track" in parts_of(result)
    for entry in result["breakdown"]:
        total = sum(part_value(entry[k]) for k in parts_of(result) if k in entry)
        assert total == entry["total"] == result["scores"][entry["seat"]]


def test_part_value_reads_every_shape() -> None:
    assert part_value(3) == 3
    assert part_value([{"vp": 2}, {"vp": 4}]) == 6
    assert part_value({"a": 1, "b": 2}) == 3
    assert part_value({"vp": 5, "cap": 4}) == 5
    assert part_value(None) == 0
