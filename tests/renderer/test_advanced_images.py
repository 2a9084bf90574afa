"""Advanced rules in full view: the table is marked, a player board shows each tile's other side."""

from __future__ import annotations

import pytest

from renderer import advanced as ADV
from renderer import layout as L
from renderer import palette as P
from renderer import render_board, render_player
from renderer.cards import tile_colours
from tests.renderer.helpers import ADVANCED_CASES, close, game, open_png

# (players, seed, decisions): seat grids with tiles on both sides, and solo advanced.
CASES = (*ADVANCED_CASES, (3, 5, 100), (3, 2, 200))


def _marker_pixel(view):
    img = open_png(render_board(view))
    x0, y0, x1, y1 = ADV.marker_box(view)
    return img.getpixel((x0 + 6, (y0 + y1) // 2))


@pytest.mark.parametrize("case", CASES, ids=str)
def test_advanced_games_carry_the_marker_next_to_the_title(case) -> None:
    view = game(*case, advanced=True).view(None)
    assert close(_marker_pixel(view), ADV.MARK_FILL)


@pytest.mark.parametrize("case", [(3, 3, 60), (2, 1, 100_000), (1, 2, 30)], ids=str)
def test_basic_games_have_no_marker(case) -> None:
    view = game(*case).view(None)
    assert not close(_marker_pixel(view), ADV.MARK_FILL)


def test_solo_advanced_is_marked_too() -> None:
    view = game(1, 4, 40, advanced=True).view(None)
    assert view["hal"] and close(_marker_pixel(view), ADV.MARK_FILL)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_each_tile_shows_its_other_side_below_the_board(case) -> None:
    view = game(*case, advanced=True).view(None)
    for seat, p in enumerate(view["players"]):
        img = open_png(render_player(view, seat))
        cells = ADV.two_sided_cells(p)
        h = ADV.band_height(view, seat)
        assert (h > 0) == bool(cells)
        top = L.player_height(None)
        assert img.height == top + h
        for k, cell in enumerate(cells):
            x0, y0, x1, y1 = ADV.other_side_box(top, k)
            tile_id = p["grid"][cell]
            # the same tile (its colour) ...
            assert close(img.getpixel((x0 + 4, (y0 + y1) // 2)), tile_colours(tile_id)[0])
            # ... with the side that is not showing: a white top edge marks a boost side
            hidden_boost = not p["grid_boost"][cell]
            top_edge = img.getpixel(((x0 + x1) // 2, y0 + 4))
            assert close(top_edge, P.HIGHLIGHT, 20) == hidden_boost, (case, seat, cell)


def test_the_cases_show_both_hidden_sides() -> None:
    hidden = set()
    for case in CASES:
        for p in game(*case, advanced=True).view(None)["players"]:
            hidden |= {not p["grid_boost"][c] for c in ADV.two_sided_cells(p)}
    assert hidden == {True, False}


def test_basic_player_boards_have_no_other_side_band() -> None:
    two_sided = 0
    for case in [(2, 1, 100_000), (3, 4, 100_000), (4, 2, 100_000)]:
        view = game(*case).view(None)
        for seat, p in enumerate(view["players"]):
            two_sided += len(ADV.two_sided_cells(p))
            assert ADV.band_height(view, seat) == 0
            assert open_png(render_player(view, seat)).height == L.player_height(None)
    assert two_sided >= 3  # basic games with Technology tiles in their grids


@pytest.mark.parametrize("trigger", ["ravagers", "spes"])
def test_the_end_trigger_badge_stays_clear_of_the_marker(trigger) -> None:
    """The final round of an advanced game: "END TRIGGERED: Ravager deck
    empty · last round 13" was drawn under the "ADVANCED RULES" tag; it is
    said shorter until it fits between the tag and the right margin."""
    view = game(*ADVANCED_CASES[0], advanced=True).view(None)
    view.update({"round": 13, "end_trigger": trigger, "last_round": 13})
    img = open_png(render_board(view))
    x0, y0, x1, y1 = ADV.marker_box(view)
    # Just right of the tag: the background, not the alert badge running under it.
    assert not close(img.getpixel((x1 + 4, (y0 + y1) // 2)), P.ALERT)
    from renderer.header import header_badge

    words, _, box = header_badge(view)
    assert box[0] > x1 and box[2] <= L.WIDTH - L.MARGIN
    assert words.startswith("LAST ROUND 13 · ")  # still says why
    # Without the tag there is room for the whole sentence.
    view["options"]["advanced"] = False
    assert header_badge(view)[0].startswith("END TRIGGERED: ")
