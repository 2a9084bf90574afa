"""Shared helpers: score chips show the final totals once the game is over;
PNG encoding is small and keeps the picture (issue 25)."""

import io

import pytest
from PIL import Image, ImageChops

from renderer.board import draw_board
from renderer.common import contenders, encode_png
from renderer.player import draw_player
from tests.engine.helpers import fresh, play_random
from tests.renderer.helpers import CASES, game, open_png


def test_contenders_use_final_totals_after_the_game_and_the_track_before():
    g = fresh(3, 4)
    running = g.view(None)
    assert [vp for _, _, vp in contenders(running)] == [p.vp for p in g.state.players]
    play_random(g, 100_000, seed=4, checked=False)
    done = g.view(None)
    totals = [vp for _, _, vp in contenders(done)]
    assert totals == g.result["scores"]
    assert totals != [p.vp for p in g.state.players]  # Spes exchange / Advanced tiles count


# Issue 25: the table PNG at most 100 KiB, with no visible loss.
TABLE_LIMIT = 100 * 1024


@pytest.mark.parametrize("case", [c for c in CASES if c[2] in (0, 60, 100)] + [(1, 2, 30)])
def test_images_are_small_palette_pngs_that_keep_every_colour(case):
    g = game(*case)
    for name, img in (
        ("table", draw_board(g.view(None))),
        ("own player board", draw_player(g.view(0), 0)),
    ):
        data = encode_png(img)
        if name == "table":
            assert len(data) <= TABLE_LIMIT, f"{len(data) / 1024:.0f} KiB"
        assert Image.open(io.BytesIO(data)).mode == "P"
        back = open_png(data)
        diff = ImageChops.difference(img, back).convert("L").histogram()
        # Flat colours and text survive: only a few anti-aliased edge pixels
        # move, and none by much.
        assert sum(diff[25:]) / (img.width * img.height) < 0.002, name
        assert sum(diff[90:]) == 0, name


def test_encoding_is_deterministic_and_fails_on_a_photo_like_image():
    g = game(3, 3, 60)
    img = draw_board(g.view(None))
    assert encode_png(img) == encode_png(img.copy())
    # The probe can fail: a smooth gradient has more colours than the palette.
    ramp = Image.linear_gradient("L").resize((256, 256)).convert("RGB")
    ramp = Image.merge(
        "RGB", (ramp.getchannel(0), ramp.rotate(90).getchannel(0), ramp.getchannel(0))
    )
    back = open_png(encode_png(ramp))
    worst = max(hi for _, hi in ImageChops.difference(ramp, back).getextrema())
    assert worst >= 25


def test_a_discord_name_is_printed_as_the_font_can_draw_it():
    # Names came through as they were: fullwidth letters, CJK and some emoji
    # drew as rows of empty boxes on every image.
    from renderer.common import player_name
    from renderer.fonts import drawable

    view = game(*CASES[4]).view(None)  # three players: Blue, Red, Yellow
    names = {0: "ＷＷＷ Ｗolf", 1: "🦊 Fox 🦊 of the north", 2: "山田太郎"}
    assert player_name(view, 0, names) == "WWW Wolf"
    assert player_name(view, 1, names) == "Fox of the north"
    assert player_name(view, 2, names) == "Yellow"  # nothing drawable: the colour's name
    assert player_name(view, 0, {0: "Zoë Ж ★"}) == "Zoë Ж ★"  # the font has these
    assert not drawable("山") and not drawable("🦊") and drawable("é")
