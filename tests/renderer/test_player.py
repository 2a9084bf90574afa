"""Player boards: the grid, debris, played cards, and a hand that only its owner sees."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops

from engine.components.cards import MISSION_CARDS
from renderer import layout as L
from renderer import palette as P
from renderer import render_player
from renderer.cards import tile_colours
from renderer.hal import band_height as hal_band_height
from tests.renderer.helpers import ADVANCED_CASES, CASES, close, game, open_png

IDS = [f"p{c[0]}-s{c[1]}-d{c[2]}" for c in CASES]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_grid_tiles_debris_and_slots_match_the_view(case: tuple[int, int, int]) -> None:
    g = game(*case)
    view = g.view(None)
    for seat, p in enumerate(view["players"]):
        data = render_player(view, seat)
        assert len(data) < 1_000_000
        img = open_png(data)
        assert img.size == (L.P_WIDTH, L.player_height(None) + hal_band_height(view))
        for cell, tile_id in enumerate(p["grid"]):
            x0, y0, x1, y1 = L.cell_box(cell)
            pixel = img.getpixel((x0 + 4, (y0 + y1) // 2))
            expected = P.PANEL_DARK if tile_id is None else tile_colours(tile_id)[0]
            assert close(pixel, expected), (case, seat, cell, tile_id, pixel)
            dx0, dy0, dx1, dy1 = L.debris_box(cell)
            pixel = img.getpixel(((dx0 + dx1) // 2, dy0 + int((dy1 - dy0) * 0.82)))
            assert close(pixel, P.DEBRIS, 8) == p["grid_debris"][cell], (case, seat, cell, pixel)
        for slot, card in enumerate(p["slots"]):
            x0, y0, x1, y1 = L.card_slot_box(slot)
            pixel = img.getpixel((x0 + 8, (y0 + y1) // 2))
            if card is None:
                expected = P.BACKGROUND
            elif card["kind"] == "mission":
                expected = P.DIE_FILL[P.die_index(card["colour"])]
            else:
                expected = P.RAVAGER_HEX
            assert close(pixel, expected), (case, seat, slot, card, pixel)


def test_cases_cover_debris_and_played_cards() -> None:
    """Guards the test above: it must see debris and both kinds of played card."""
    kinds: set[str] = set()
    debris = 0
    for case in CASES:
        for p in game(*case).view(None)["players"]:
            debris += sum(p["grid_debris"])
            kinds |= {c["kind"] for c in p["slots"] if c}
    assert debris >= 1
    assert kinds == {"mission", "ravager"}


@pytest.mark.parametrize("case", [c for c in CASES if c[2] and c[2] < 1000], ids=str)
def test_hand_only_in_the_owners_view(case: tuple[int, int, int]) -> None:
    g = game(*case)
    n = len(g.state.players)
    for seat in range(n):
        public = render_player(g.view(None), seat)
        private = render_player(g.view(seat), seat)
        for other in range(n):
            # Another seat's view draws exactly the public board: nothing hidden leaks.
            if other != seat:
                assert render_player(g.view(other), seat) == public
        assert private != public
        hand = g.state.players[seat]
        cards = len(hand.missions) + len(hand.ravagers)
        img = open_png(private)
        extra = hal_band_height(g.view(seat))
        assert img.size == (L.P_WIDTH, L.player_height(cards) + extra)
        # no room for a card
        assert open_png(public).size[1] - extra < L.hand_card_box(0)[3]
        if cards:
            x0, y0, _, _ = L.hand_card_box(0)
            pixel = img.getpixel((x0 + 4, y0 + 20))
            if hand.missions:
                colour = P.die_index(MISSION_CARDS[hand.missions[0]].colour.value)
                assert close(pixel, P.DIE_FILL[colour]), pixel
            else:
                assert close(pixel, P.RAVAGER_HEX), pixel


def test_boost_side_is_marked_in_advanced_games() -> None:
    """A tile boost side up carries a white bar along its top edge (and 1x text)."""
    boosts = 0
    for case in ADVANCED_CASES:
        view = game(*case, advanced=True).view(None)
        for seat, p in enumerate(view["players"]):
            img = open_png(render_player(view, seat))
            for cell, tile_id in enumerate(p["grid"]):
                if tile_id is None:
                    continue
                x0, y0, x1, _ = L.cell_box(cell)
                pixel = img.getpixel(((x0 + x1) // 2, y0 + 4))
                assert close(pixel, P.HIGHLIGHT, 20) == p["grid_boost"][cell], (case, seat, cell)
                boosts += p["grid_boost"][cell]
    assert boosts >= 2


def test_a_ravager_card_in_the_hand_shows_the_number_its_options_name() -> None:
    """Options read "Play Ravager card #7", and a Mission card may carry the
    same number: the hand's image writes the Ravager card's number in its
    bottom-right corner, which is otherwise bare."""
    from renderer.cards import ravager_card

    w, h = L.HAND_CARD_W, L.HAND_CARD_H
    for card in (7, 28):
        corner = ravager_card(card, w, h).convert("L").crop((w - 50, h - 28, w - 8, h - 6))
        light = sum(corner.histogram()[151:])  # the text, on dark red
        assert light > 15, (card, light)


def test_a_mission_card_in_the_hand_shows_the_tiles_it_brings_into_the_display() -> None:
    """Placing a card brings its printed Technology tiles into the display (the
    option says '1 Technology tile (orange) enters the display'); the hand's
    card shows them as squares in their die colours, clear of its effect text
    and its reward."""
    from renderer.cards import mission_card, mission_tile_boxes
    from renderer.fonts import font, wrap

    w, h = L.HAND_CARD_W, L.HAND_CARD_H
    body = font(17, False)
    for card in MISSION_CARDS:
        img = mission_card(card.id, w, h).convert("RGB")
        boxes = mission_tile_boxes(card.id, w, h)
        assert len(boxes) == len(card.tiles) >= 1, card.id
        lines = wrap(card.text, w - 24, 17, False, lines=4)
        text_bottom = 42 + (len(lines) - 1) * 20 + body.getbbox(lines[-1])[3]
        reward_top = h - 30 + font(17, True).getbbox("reward:")[1]
        for colour, (x0, y0, x1, y1) in zip(card.tiles, boxes, strict=True):
            assert text_bottom < y0 and y1 < reward_top and x1 < w - 8, (card.id, y0, y1)
            fill = P.DIE_FILL[P.die_index(colour.value)]
            assert close(img.getpixel((x0 + 3, (y0 + y1) // 2)), fill, 12), (card.id, colour)


def test_two_digit_storage_counts_do_not_run_into_the_next_item() -> None:
    """'resources: 16' ran into the debris cube (items were 170 px apart
    whatever their labels' widths): between each label's end and the next
    item's sprite the header is bare background."""
    from renderer.fonts import font
    from renderer.player import storage_items

    view = game(4, 4, 60).view(0)
    me = {**view["players"][0], "resources": 16, "debris": 12, "ships": 19}
    view = {**view, "players": [me, *view["players"][1:]]}
    img = open_png(render_player(view, 0))
    items = storage_items(me)
    for (_, label, x), (sprite, _, nx) in zip(items, items[1:], strict=False):
        end = x + 34 + int(font(21, True).getlength(label))
        sprite_left = nx + 14 - sprite.width // 2
        assert end + 4 < sprite_left, (label, end, sprite_left)
        for px in range(end + 2, sprite_left):
            for py in range(92, 117):
                assert close(img.getpixel((px, py)), P.BACKGROUND, 8), (label, px, py)


def test_the_hand_is_counted_in_the_games_words() -> None:
    # It read "6 Mission, 1 Ravager": each count with its noun, one or many.
    from renderer.player import hand_summary

    assert hand_summary({"hand_missions": 6, "hand_ravagers": 1}) == "6 Missions, 1 Ravager"
    assert hand_summary({"hand_missions": 1, "hand_ravagers": 0}) == "1 Mission, 0 Ravagers"
    # The owner's view counts the cards it holds.
    assert hand_summary({"missions": [3, 9], "ravagers": [4, 5]}) == "2 Missions, 2 Ravagers"


def test_many_ejected_tiles_each_show_their_words() -> None:
    """Late in a long game a board holds a dozen ejected tiles or more: past 9
    they were squeezed into one row, each covering the next one's words; a
    full row goes on below, every tile whole and clear of the hand."""
    from engine.components.tiles import ADVANCED_TILE_IDS, TECH_TILE_IDS
    from renderer.cards import tile, tile_words_box

    g = game(2, 3, 60)
    tiles = [t for ids in TECH_TILE_IDS.values() for t in ids][:12] + [ADVANCED_TILE_IDS[0]]
    for seat in (None, 0):  # the public board, and the owner's with the hand
        view = g.view(seat)
        p = view["players"][0]
        p["ejected"], p["advanced_overflow"] = tiles[:-1], tiles[-1:]
        img = open_png(render_player(view, 0))
        rows = L.ejected_rows(len(tiles))
        assert rows == 2
        size = L.EJECT_TILE
        boxes = []
        for k, tile_id in enumerate(tiles):
            x, y = L.ejected_tile_xy(k)
            boxes.append((x, y, x + size, y + size))
            alone = Image.new("RGB", (size, size), P.BACKGROUND)
            sprite = tile(tile_id, size, size)
            alone.paste(sprite, (0, 0), sprite)
            words = tile_words_box(tile_id, size, size)
            drawn = img.convert("RGB").crop((x, y, x + size, y + size)).crop(words)
            # as drawn alone, up to the PNG's palette
            _, most = ImageChops.difference(drawn, alone.crop(words)).convert("L").getextrema()
            assert most <= 40, (seat, k, tile_id, most)  # covered, it was 133 to 242
        for a, b in itertools.combinations(boxes, 2):
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
        assert max(b[2] for b in boxes) <= L.P_WIDTH - L.MARGIN
        assert max(b[3] for b in boxes) < L.hand_top(rows)
        if seat is not None:
            assert max(b[3] for b in boxes) < L.hand_card_box(0, rows)[1]
