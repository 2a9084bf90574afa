"""The final board: after the end the table image still draws, marked GAME OVER,
with the final totals in the score chips and no pending decision."""

from __future__ import annotations

import pytest

from renderer import layout as L
from renderer import palette as P
from renderer import render_board
from renderer.board import layout_for
from renderer.fonts import text_width
from tests.renderer.helpers import CASES, close, game, open_png

FINISHED = [c for c in CASES if c[2] >= 100_000]


def _badge_pixel(img):
    w = text_width("GAME OVER", 19, True) + 20
    return img.getpixel((L.WIDTH - L.MARGIN - w + 4, 27))


@pytest.mark.parametrize("case", FINISHED, ids=str)
def test_the_final_board_is_drawn_and_marked_game_over(case) -> None:
    g = game(*case)
    assert g.is_over
    view = g.view(None)
    img = open_png(render_board(view))
    assert img.height >= layout_for(view).height
    assert close(_badge_pixel(img), P.ALERT)
    # nobody's turn: no score chip carries the white "turn" outline
    chips = len(view["players"]) + (1 if view.get("hal") else 0)
    for order in range(chips):
        x0, y0, x1, _ = L.score_chip_box(chips, order)
        assert not close(img.getpixel(((x0 + x1) // 2, y0 + 1)), P.HIGHLIGHT, 20)
    # every ship still in Space is drawn where it ended
    layout = layout_for(view)
    for i, strip in enumerate(view["board"]["strips"]):
        for pos in range(5):
            for k, seat in enumerate(strip["ships"][pos][:2]):
                x, y = L.hex_ship_point(layout, i, pos, k)
                colour = view["players"][seat]["colour"]
                assert close(img.getpixel((x + 11, y)), P.PLAYER_FILL[colour])


@pytest.mark.parametrize("case", [c for c in CASES if c[2] < 1000], ids=str)
def test_a_running_board_has_no_game_over_badge(case) -> None:
    view = game(*case).view(None)
    if view.get("end_trigger"):  # "END TRIGGERED …" is a (wider) alert badge of its own
        return
    img = open_png(render_board(view))
    assert not close(_badge_pixel(img), P.ALERT)


def test_most_running_cases_have_no_end_trigger() -> None:
    running = [c for c in CASES if c[2] < 1000]
    assert sum(not game(*c).view(None).get("end_trigger") for c in running) >= len(running) - 2


@pytest.mark.parametrize("case", FINISHED, ids=str)
def test_once_over_every_image_prints_each_final_total_not_the_score_track(case) -> None:
    # The chips said "Purple 29 VP" above a row saying "Purple 12 VP" (the
    # track): once over, a seat's VP is its total on the table, its board and
    # Hal's band alike, so the images do not depend on the track at all.
    import copy

    from renderer import render_player

    view = game(*case).view(None)
    totals = view["result"]["scores"]
    track = [p["vp"] for p in view["players"]] + ([view["hal"]["vp"]] if view.get("hal") else [])
    assert len(track) == len(totals)
    tracked = copy.deepcopy(view)
    for p, total in zip(tracked["players"], totals, strict=False):
        p["vp"] = total
    if tracked.get("hal"):
        tracked["hal"]["vp"] = totals[-1]
    assert render_board(view) == render_board(tracked)
    for seat in range(len(view["players"])):
        assert render_player(view, seat) == render_player(tracked, seat)
