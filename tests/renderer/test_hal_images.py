"""Solo in full view: Hal's card halves, gain weightings, robots and VP in every image."""

from __future__ import annotations

import pytest

from engine.components.hal import HAL_CARDS
from renderer import hal as H
from renderer import layout as L
from renderer import palette as P
from renderer import render_board, render_player
from renderer.board import layout_for
from tests.renderer.helpers import close, game, open_png

# Solo games at several points: before Hal's first card, then after different
# cards with different weightings on the next card's back.
SOLO = [(1, 2, 0), (1, 2, 5), (1, 2, 10), (1, 2, 20), (1, 3, 10), (1, 2, 100_000)]


def _images(case):
    view = game(*case).view(None)
    board = open_png(render_board(view))
    player = open_png(render_player(game(*case).view(0), 0))
    return view, [
        (board, layout_for(view).height),
        (player, player.height - H.BAND_H),
    ]


def _dot_filled(img, box) -> bool:
    x0, y0, x1, y1 = box
    return close(img.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)), P.HIGHLIGHT, 40)


@pytest.mark.parametrize("case", SOLO, ids=str)
def test_hals_last_card_shows_both_halves_in_their_die_colours(case) -> None:
    view, images = _images(case)
    shown = view["hal"]["discard"]
    for img, top in images:
        for half in range(2):
            x0, y0, x1, y1 = H.card_half_box(top, half)
            pixel = img.getpixel((x0 + 6, (y0 + y1) // 2))
            if not shown:
                assert close(pixel, P.PANEL_DARK), (case, half, pixel)
                continue
            card = HAL_CARDS[shown[-1]]
            colour = (card.top, card.bottom)[half][0]
            assert close(pixel, P.DIE_FILL[P.die_index(colour.value)]), (case, half, pixel)


def test_the_cases_show_every_die_colour_on_both_halves() -> None:
    seen = set()
    for case in SOLO:
        shown = game(*case).view(None)["hal"]["discard"]
        if shown:
            card = HAL_CARDS[shown[-1]]
            seen |= {(0, card.top[0]), (1, card.bottom[0])}
    assert len(seen) >= 5


@pytest.mark.parametrize("case", SOLO, ids=str)
def test_gain_weightings_are_dots_as_many_as_the_vp(case) -> None:
    view, images = _images(case)
    weights = view["hal"]["weights"]
    for img, top in images:
        for item, (key, _) in enumerate(H.WEIGHT_ITEMS):
            for k in range(H.MAX_WEIGHT):
                filled = _dot_filled(img, H.weight_dot_box(top, item, k))
                assert filled == (k < weights[key]), (case, key, k, weights[key])


def test_the_weighting_cases_differ() -> None:
    backs = {tuple(game(*c).view(None)["hal"]["weights"].values()) for c in SOLO}
    assert len(backs) >= 4


@pytest.mark.parametrize("case", SOLO, ids=str)
def test_hals_robot_stands_in_each_workstation(case) -> None:
    view = game(*case).view(None)
    img, layout = open_png(render_board(view)), layout_for(view)
    hal_fill = P.PLAYER_FILL[view["hal"]["colour"]]
    player = view["players"][0]
    for c in range(3):
        k = 1 if player["workstations"][c] else 0  # Hal's robot comes after the player's
        px, py = L.workstation_point(layout, c, k)
        assert close(img.getpixel((px - 8 - 10, py)), hal_fill), (case, c)


def test_hals_band_is_only_in_solo_images() -> None:
    view = game(3, 3, 60).view(None)
    assert H.band_height(view) == 0
    assert open_png(render_board(view)).height == layout_for(view).height
    solo = game(1, 2, 20).view(None)
    assert open_png(render_board(solo)).height == layout_for(solo).height + H.BAND_H
    # the band's frame is drawn in Hal's colour
    top = layout_for(solo).height
    img = open_png(render_board(solo))
    x = img.width // 2
    edge = [img.getpixel((x, y)) for y in range(top + 2, top + 10)]
    assert any(close(p, P.PLAYER_FILL[solo["hal"]["colour"]]) for p in edge)


def _ink(img, box: tuple[int, int, int, int]) -> int:
    """Pixels in `box` that are not the band's dark panel (text drawn there)."""
    x0, y0, x1, y1 = box
    return sum(
        not close(img.getpixel((x, y)), P.PANEL_DARK, 40)
        for x in range(x0, x1)
        for y in range(y0, y1)
    )


def test_the_weighting_title_says_it_is_worth_now_not_on_his_coming_turn() -> None:
    """Hal's reveal moves the shown card away before his turn's gains, which use
    the back under it: 'next card' read as the weights of his coming turn."""
    assert "now" in H.WEIGHTS_TITLE and "next card" not in H.WEIGHTS_TITLE
    assert "reveal" in H.WEIGHTS_NOTE and "next card" in H.WEIGHTS_NOTE


@pytest.mark.parametrize("case", SOLO, ids=str)
def test_the_weighting_note_is_drawn_under_the_rows_inside_the_band(case) -> None:
    view, images = _images(case)
    for img, top in images:
        x0, y0, x1, y1 = H.weights_note_box(top, img.width)
        last_dot = H.weight_dot_box(top, len(H.WEIGHT_ITEMS) - 1, 0)
        assert y0 >= last_dot[3] + 2 and y1 <= top + H.BAND_H - 10, (case, y0, y1)
        drawn = _ink(img, (x0, y0, x1, y1))
        # no weights (deck empty) -> no note: nothing to explain
        assert (drawn > 100) == bool(view["hal"]["weights"]), (case, drawn)
