"""The table image: a valid, small PNG whose pixels say what the view says."""

from __future__ import annotations

import pytest

from renderer import layout as L
from renderer import palette as P
from renderer.board import layout_for
from renderer.hal import band_height as hal_band_height
from tests.renderer.helpers import CASES, board_image, board_png, close, game


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"p{c[0]}-s{c[1]}-d{c[2]}")
def test_board_is_a_valid_png_of_the_layout_size(case: tuple[int, int, int]) -> None:
    view = game(*case).view(None)
    img = board_image(*case)
    layout = layout_for(view)
    assert img.size == (L.WIDTH, layout.height + hal_band_height(view))
    assert len(board_png(*case)) < 1_000_000
    assert layout.n_strips == len(view["board"]["strips"])


def _cube_probe(layout: L.BoardLayout, action: int, k: int) -> tuple[int, int]:
    x0, y0, x1, y1 = L.damage_space(layout, action, k)
    return (x0 + (x1 - x0) // 2, y0 + int((y1 - y0) * 0.82))  # in the cube, off its X


def test_damage_cubes_appear_where_the_state_says() -> None:
    seen = {0: 0, 1: 0, 2: 0}
    for case in CASES:
        view = game(*case).view(None)
        img, layout = board_image(*case), layout_for(view)
        for action in range(1, 7):
            damage = view["board"]["damage"][action - 1]
            seen[damage] += 1
            for k in range(2):
                pixel = img.getpixel(_cube_probe(layout, action, k))
                expected = P.DAMAGE_CUBE if k < damage else P.EMPTY_SPACE
                assert close(pixel, expected), (case, action, k, damage, pixel)
    assert all(seen.values()), seen  # the cases cover 0, 1 and 2 cubes


def test_ships_appear_in_their_players_colour() -> None:
    ships = 0
    for case in CASES:
        view = game(*case).view(None)
        img, layout = board_image(*case), layout_for(view)
        for i, strip in enumerate(view["board"]["strips"]):
            for pos in range(5):
                for k in range(2):
                    x, y = L.hex_ship_point(layout, i, pos, k)
                    pixel = img.getpixel((x + 11, y))  # the arrow's tip, clear of the letter
                    seats = strip["ships"][pos]
                    if k < len(seats):
                        colour = view["players"][seats[k]]["colour"]
                        assert close(pixel, P.PLAYER_FILL[colour]), (case, i, pos, k, pixel)
                        ships += 1
                    else:
                        assert not any(close(pixel, f) for f in P.PLAYER_FILL.values()), (
                            case,
                            i,
                            pos,
                            k,
                        )
    assert ships >= 5


def test_mission_cards_in_space_show_their_colour() -> None:
    from engine.components.cards import MISSION_CARDS

    cards = 0
    for case in CASES:
        view = game(*case).view(None)
        img, layout = board_image(*case), layout_for(view)
        for i, strip in enumerate(view["board"]["strips"]):
            for pos, placed in enumerate(strip["cards"]):
                x0, y0, x1, y1 = L.hex_card_box(layout, i, pos)
                pixel = img.getpixel((x0 + 8, y1 - 6))
                if placed is None:
                    continue
                colour = P.die_index(MISSION_CARDS[placed["card"]].colour.value)
                assert close(pixel, P.DIE_FILL[colour]), (case, i, pos, pixel)
                cards += 1
    assert cards >= 3


def test_display_tiles_show_their_colour() -> None:
    from renderer.cards import tile_colours

    tiles = 0
    for case in CASES:
        view = game(*case).view(None)
        img, layout = board_image(*case), layout_for(view)
        for space, tile_id in enumerate(view["board"]["display"]):
            x0, y0, x1, y1 = L.display_box(layout, space)
            pixel = img.getpixel((x0 + 4, (y0 + y1) // 2))
            expected = P.PANEL_DARK if tile_id is None else tile_colours(tile_id)[0]
            assert close(pixel, expected), (case, space, tile_id, pixel)
            tiles += tile_id is not None
    assert tiles >= 10


def test_supply_dice_mark_the_damaged_ones() -> None:
    damaged = 0
    for case in CASES:
        view = game(*case).view(None)
        img, layout = board_image(*case), layout_for(view)
        board = view["board"]
        for c in range(3):
            ok, dmg = board["supply"][c], board["supply_damaged"][c]
            for k in range(min(ok + dmg, 6)):
                x, y = L.supply_die_point(layout, c, k)
                off = int(L.DIE_SMALL * 0.3)
                pixel = img.getpixel((x - off, y + off))  # on the damage X, off the letter
                expected = P.DAMAGE_CUBE if k >= ok else P.DIE_FILL[c]
                assert close(pixel, expected, 45), (case, c, k, pixel)
                damaged += k >= ok
    assert damaged >= 1


def test_black_angel_stands_on_the_centre_strip_middle_hex() -> None:
    for case in CASES[:4]:
        view = game(*case).view(None)
        img, layout = board_image(*case), layout_for(view)
        centre = len(view["board"]["strips"]) // 2
        assert view["names"]["ba_hex"] == f"{centre + 1}C"
        x, y = L.hex_angel_point(layout, centre, 2)
        assert close(img.getpixel((x - 20, y)), P.BLACK_ANGEL, 20)


def test_public_board_is_the_same_from_any_seat_view() -> None:
    """The table draws only public facts, so a private view changes nothing."""
    from renderer import render_board

    g = game(3, 3, 60)
    public = render_board(g.view(None))
    d = g.decision
    for seat in range(3):
        if d.secret and seat == d.seat:
            continue  # the deciding seat's own view numbers its secret options
        assert render_board(g.view(seat)) == public


def test_solo_game_shows_hal() -> None:
    """Solo: Hal gets a score chip and a compartment row; his cards in Space use his colour."""
    for case in [c for c in CASES if c[0] == 1]:
        view = game(*case).view(None)
        hal = view["hal"]
        img, layout = board_image(*case), layout_for(view)
        assert layout.n_rows == 2
        x0, y0, x1, y1 = L.score_chip_box(2, 1)
        assert close(img.getpixel((x0 + 26 - 12, (y0 + y1) // 2)), P.PLAYER_FILL[hal["colour"]])
        x0, y0, x1, y1 = L.player_row_box(layout, 1)
        assert close(img.getpixel((x0 + 26 - 14, (y0 + y1) // 2)), P.PLAYER_FILL[hal["colour"]])


def test_no_label_names_a_die_colour_by_a_letter() -> None:
    """Gray dice were "y" beside the Yellow player's "Y" (issue 25): die colours
    are words or shapes in every label an image draws."""
    import re

    from renderer import labels

    texts = [
        t
        for table in vars(labels).values()
        if isinstance(table, dict)
        for t in table.values()
        if isinstance(t, str)
    ]
    assert any("gray" in t for t in texts)  # the Advanced slots are among them
    assert not [t for t in texts if re.search(r"\([oyg]\)", t)]


def test_advanced_slot_1_is_drawn_next_to_display_space_8() -> None:
    """Hal takes "the last tile in this display (the one closest to the
    Technology tile display)": the engine's slot 1 (engine/hal.py), next to
    space 8 (COMPONENTS.md 3). The slots run right to left beyond space 8."""
    from renderer import render_board
    from renderer.cards import tile_colours
    from tests.renderer.helpers import open_png

    view = game(*CASES[0]).view(None)
    tile = next(t for t in view["board"]["advanced_slots"] if t is not None)
    view["board"]["advanced_slots"] = [tile, None, None, None]
    img, layout = open_png(render_board(view)), layout_for(view)
    # Slot 1 lies under space 8, slot 4 under space 1.
    assert L.advanced_box(layout, 0)[0] < L.display_box(layout, 7)[0] < L.advanced_box(layout, 0)[2]
    assert L.advanced_box(layout, 3)[0] < L.display_box(layout, 0)[2] < L.advanced_box(layout, 3)[2]
    for slot in range(4):
        x0, y0, x1, y1 = L.advanced_box(layout, slot)
        pixel = img.getpixel((x0 + 4, (y0 + y1) // 2))
        expected = tile_colours(tile)[0] if slot == 0 else P.PANEL_DARK
        assert close(pixel, expected), (slot, pixel)


def test_every_compartment_die_is_drawn_even_beyond_six() -> None:
    # A hand-played 4-player game (tests/engine/data/hand4_4p_basic.json,
    # round 10): Blue rolled 8 dice; the board drew 6 and a "+2" over the
    # sixth, and the gray star and green star it left out were still offered
    # to buy, with no die for their option numbers to mark.
    import json
    from pathlib import Path

    from engine import Action, Game, options_from_json
    from renderer import render_board
    from renderer.marks import die_rows
    from tests.renderer.helpers import open_png

    path = Path(__file__).parents[1] / "engine" / "data" / "hand4_4p_basic.json"
    record = json.loads(path.read_text())
    g = Game.new(options_from_json(record["options"]), record["seed"])
    actions = record["actions"]
    at = [i for i, a in enumerate(actions) if a == [1, "buy:3:g3:action:6"]][-1]
    for seat, option in actions[:at]:
        g.apply(Action(seat, option))
    view = g.view(None)
    dice = view["players"][0]["standard"]
    assert len(dice) == 8
    img, layout = open_png(render_board(view)), layout_for(view)
    size = L.compartment_die_size(False, len(dice))
    for k, die in enumerate(dice):
        x, y = L.compartment_die_point(layout, 0, False, k, len(dice))
        top = (int(x), int(y - size // 2 + 4))  # inside the die's border, above its value
        assert close(img.getpixel(top), P.DIE_FILL[P.die_index(die["colour"])]), (k, die)
    # the next die would start past the last one, inside the standard area
    assert x + size // 2 < L.player_row_box(layout, 0)[0] + L.ROW_SECURE_X
    assert [len(d) for r, s, d in die_rows(view) if (r, s) == (0, False)] == [8]


def test_a_players_hand_reads_in_the_games_words_within_its_column() -> None:
    # The row said "hand: 6 Miss · 1 Rav": the cards are named as the game
    # names them, in two lines that fit the column above the storage icons.
    from renderer.fonts import font
    from renderer.player_rows import HAND_SIZE, STORAGE_DY, hand_lines

    view = game(4, 1, 100).view(None)
    layout = layout_for(view)
    counts = ((6, 12), (1, 1), (0, 0))
    want = (
        ["hand: 6 Missions", "12 Ravagers"],
        ["hand: 1 Mission", "1 Ravager"],
        ["hand: 0 Missions", "0 Ravagers"],
    )
    for row, ((missions, ravagers), words) in enumerate(zip(counts, want, strict=True)):
        p = {**view["players"][row], "hand_missions": missions, "hand_ravagers": ravagers}
        x0, y0, x1, y1 = L.player_row_box(layout, row)
        mid = (y0 + y1) / 2
        lines = hand_lines(p, x0 + L.ROW_INFO_X + 6, mid)
        assert [w for w, _ in lines] == words
        boxes = []
        for w, (x, y) in lines:
            bx0, by0, bx1, by1 = font(HAND_SIZE, True).getbbox(w, anchor="lm")
            boxes.append((x + bx0, y + by0, x + bx1, y + by1))
        storage = mid + STORAGE_DY - 10  # the icons' top (the tallest is 20 px)
        assert y0 < boxes[0][1] and boxes[0][3] < boxes[1][1] and boxes[1][3] < storage
        assert all(b[2] <= x1 - 6 for b in boxes)
        # The Ravagers' count stands under the Missions' count.
        assert boxes[1][0] > boxes[0][0] + 30


def test_every_robot_on_a_ravager_stack_is_counted() -> None:
    # Robots on a stack's cards were drawn one by one, six at most: a seventh
    # and eighth (common late in a four-player game) were not on the image.
    from renderer import render_board
    from renderer.angel import ravager_robot_point, ravager_robots
    from renderer.fonts import text_width
    from tests.renderer.helpers import open_png

    view = game(4, 1, 100).view(None)
    stack = [
        {"card": 24, "robots": [0, 1, 2, 3, 0]},
        {"card": 23, "robots": []},
        {"card": 19, "robots": [1, 2, 3, 3]},
    ]
    view["board"]["ravagers"][2] = stack
    assert ravager_robots(stack) == [(0, 2), (1, 2), (2, 2), (3, 3)]
    img, layout = open_png(render_board(view)), layout_for(view)
    for k, (seat, _) in enumerate(ravager_robots(stack)):
        x, y = ravager_robot_point(layout, 3, k)
        fill, _, _ = P.player_style(view["players"][seat]["colour"])
        assert close(img.getpixel((x - 6, y)), fill), (seat, img.getpixel((x - 6, y)))
    # Four seats' robots and counts fit inside the stack's box, apart.
    ends = [ravager_robot_point(layout, 3, k)[0] + 13 + text_width("9", 16, True) for k in range(4)]
    assert ends[-1] < L.ravager_box(layout, 3)[2]
    assert all(end < ravager_robot_point(layout, 3, k + 1)[0] - 10 for k, end in enumerate(ends))
