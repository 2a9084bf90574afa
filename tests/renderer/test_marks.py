"""The images mark the current decision's places with the options' numbers
(renderer/marks.py): pixel probes on constructed states."""

from __future__ import annotations

from PIL import Image

from engine import Game
from renderer import layout as L
from renderer import render_board, render_player
from renderer.board import layout_for
from renderer.marks import (
    MARK_FILL,
    MARK_SIZE,
    PLAYER_KINDS,
    TABLE_KINDS,
    badge,
    badge_text,
    mark_size,
    marked_places,
    player_point,
    table_point,
)
from tests.engine.helpers import choose, refresh, technology_tile
from tests.engine.scenario import MADELINE, give_missions, put_ship, set_dice, set_grid, table
from tests.renderer.helpers import close, open_png


def _merged(g: Game) -> Game:
    g.state.options.ask_stepwise = False
    refresh(g)
    return g


def _badge_matches(
    img: Image.Image, point: tuple[float, float], label: str, size: int = MARK_SIZE
) -> float:
    """Share of the badge's inner pixels equal (within quantization) to a
    badge with this label drawn alone at the same sub-pixel position."""
    x, y = point
    fx, fy = x - int(x), y - int(y)
    ref = Image.new("RGB", (240, 80), (0, 0, 0))
    x0, y0, x1, y1 = badge(ref, (120 + fx, 40 + fy), label, size)
    inner = (x0 + 7, y0 + 5, x1 - 7, y1 - 5)
    same = total = 0
    for px in range(inner[0], inner[2]):
        for py in range(inner[1], inner[3]):
            a = ref.getpixel((px, py))
            b = img.getpixel((px - 120 + int(x), py - 40 + int(y)))
            total += 1
            same += close(b, a, 64)  # anti-aliased edges move in the 48-colour PNG
    return same / total


def _magenta(img: Image.Image, box: tuple[int, int, int, int]) -> int:
    raw = img.crop(box).convert("RGB").tobytes()
    pixels = (tuple(raw[i : i + 3]) for i in range(0, len(raw), 3))
    return sum(1 for p in pixels if close(p, MARK_FILL, 40))


def command_game() -> Game:
    """Madeline's orange 3 on action 2: a Command decision (not secret)."""
    g = _merged(table(3))
    set_dice(g, {MADELINE: "o3 y1"})
    p = g.state.players[MADELINE]
    p.ships, p.break_room = 2, 2
    put_ship(g, "6A", MADELINE)
    refresh(g)
    choose(g, "die:o3:action:2")
    assert g.decision.kind == "command" and not g.decision.secret
    return g


def test_command_destinations_carry_their_option_numbers_on_the_board():
    g = command_game()
    view = g.view(None)
    img = open_png(render_board(view))
    layout = layout_for(view)
    places = marked_places(view, TABLE_KINDS)
    # Every option marks its destination hex; numbers follow the options.
    assert len(places) == len({o.marks[0] for o in g.decision.options})
    for i, o in enumerate(g.decision.options):
        assert i + 1 in places[o.marks[0]]
    for mark, numbers in places.items():
        point = table_point(view, layout, mark, badge_text(numbers))
        assert point is not None
        size = mark_size(mark)
        assert _badge_matches(img, point, badge_text(numbers), size) > 0.95, mark
        wrong = badge_text([n + 1 for n in numbers])
        assert _badge_matches(img, point, wrong, size) < 0.95, mark  # the probe can fail
    # An unmarked hex carries no badge.
    unmarked = {f"hex:{n}{c}" for n in range(1, 8) for c in "ABCDE"} - set(places)
    for mark in sorted(unmarked)[:10]:
        x, y = table_point(view, layout, mark)
        assert _magenta(img, (int(x) - 8, int(y) - 8, int(x) + 8, int(y) + 8)) == 0, mark


def test_the_public_board_of_a_secret_decision_shows_no_marks():
    g = _merged(table(3))
    set_dice(g, {MADELINE: "o3 y1"})
    refresh(g)
    assert g.decision.secret  # the turn decision shows the hand
    view = g.view(None)
    assert view["decision"]["options"] is None
    img = open_png(render_board(view))
    assert _magenta(img, (0, 0, img.width, img.height)) == 0
    # The deciding player's own view does mark its dice and actions.
    own = g.view(MADELINE)
    mine = open_png(render_board(own))
    layout = layout_for(own)
    places = marked_places(own, TABLE_KINDS)
    assert {"action:1", "action:3", "die:0:o3", "die:0:y1"} <= set(places)
    for mark, numbers in places.items():
        label = badge_text(numbers)
        point = table_point(own, layout, mark, label)
        size = mark_size(mark)
        assert point is not None and _badge_matches(mine, point, label, size) > 0.95, mark


def test_display_spaces_carry_the_discover_option_numbers():
    from engine.components import DieColour
    from engine.components.tiles import TILES, TileKind
    from tests.engine.scenario import pull_tile

    g = _merged(table(3))
    set_dice(g, {MADELINE: "o3"})
    tiles = [t.id for t in TILES if t.kind is TileKind.TECHNOLOGY and t.colour is DieColour.GRAY]
    g.state.board.display[2] = pull_tile(g, tiles[0])
    g.state.board.display[5] = pull_tile(g, tiles[1])
    refresh(g)
    choose(g, "die:o3:action:1")
    assert g.decision.kind == "discover"
    assert [o.id for o in g.decision.options][:3] == ["done", "display:3", "display:6"]
    view = g.view(None)
    img = open_png(render_board(view))
    layout = layout_for(view)
    for n, space in ((2, 3), (3, 6)):
        point = table_point(view, layout, f"display:{space}", str(n))
        assert _badge_matches(img, point, str(n), mark_size("display:1")) > 0.95
    x0, y0, x1, y1 = L.display_box(layout, 0)
    assert _magenta(img, (x0, y0, x1, y1)) == 0


def test_card_slots_and_cells_carry_the_play_option_numbers_on_the_player_board():
    from engine.components import DieColour
    from engine.components.cards import MISSION_CARDS

    g = _merged(table(3))
    set_dice(g, {MADELINE: "o3"})
    orange = next(m.id for m in MISSION_CARDS if m.colour is DieColour.ORANGE)
    give_missions(g, MADELINE, orange)
    set_grid(g, MADELINE, {"B2": technology_tile(DieColour.ORANGE)})
    refresh(g)
    view = g.view(MADELINE)
    numbers = {o.id: i + 1 for i, o in enumerate(g.decision.options)}
    row2, col_b = numbers[f"play:m{orange}:slot:row2"], numbers[f"play:m{orange}:slot:colB"]
    places = marked_places(view, PLAYER_KINDS)
    assert places == {"slot:row2": [row2], "slot:colB": [col_b], "cell:B2": [row2, col_b]}
    img = open_png(render_player(view, MADELINE))
    for mark, nums in places.items():
        label = badge_text(nums)
        assert _badge_matches(img, player_point(mark, label), label) > 0.95, mark
    # Another player's board, and the public view, carry no marks.
    other = open_png(render_player(g.view(1), 1))
    assert _magenta(other, (0, 0, other.width, other.height)) == 0
    public = open_png(render_player(g.view(None), MADELINE))
    assert _magenta(public, (0, 0, public.width, public.height)) == 0


def test_a_cell_badge_of_many_numbers_leaves_the_tile_words_readable():
    """Each card in hand numbers every cell of its row and column, so a cell's
    badge runs over several lines: the tile's words move below it, none under it."""
    from engine.components import DieColour
    from engine.components.cards import MISSION_CARDS
    from engine.components.tiles import TILES, TileEffect, TileKind
    from engine.ops import CELL_NAMES
    from renderer import cards as C
    from renderer.marks import cell_clearances
    from renderer.player import render_player_marked
    from tests.engine.scenario import give_ravagers

    g = _merged(table(3))
    set_dice(g, {MADELINE: "o3"})
    oranges = [m.id for m in MISSION_CARDS if m.colour is DieColour.ORANGE][:3]
    give_missions(g, MADELINE, *oranges)
    give_ravagers(g, MADELINE, g.state.board.ravager_deck[-1])
    draw = technology_tile(DieColour.ORANGE, TileEffect.DRAW_MISSION)
    others = (t.id for t in TILES if t.kind is TileKind.TECHNOLOGY and t.id != draw)
    # A full grid: the cards may go in every row and column slot.
    set_grid(g, MADELINE, {name: draw if name == "C2" else next(others) for name in CELL_NAMES})
    refresh(g)
    view = g.view(MADELINE)
    rendered = render_player_marked(view, MADELINE)
    img = open_png(rendered.png)
    cell = CELL_NAMES.index("C2")
    badge_box = next(m.box for m in rendered.marks if m.mark == "cell:C2")
    assert badge_box[3] - badge_box[1] > MARK_SIZE  # several lines of numbers
    x0, y0, x1, y1 = L.cell_box(cell)
    tile_id = view["players"][MADELINE]["grid"][cell]
    clear = cell_clearances(view, MADELINE).get(cell, 0)
    wx0, wy0, wx1, wy1 = C.tile_words_box(tile_id, x1 - x0, y1 - y0, False, clear)
    words = (x0 + wx0, y0 + wy0, x0 + wx1, y0 + wy1)
    assert words[1] >= badge_box[3] or words[3] <= badge_box[1], (words, badge_box)
    # ... and those are the words drawn: the cell under the badge is that tile.
    sprite = C.tile(tile_id, x1 - x0, y1 - y0, False, clear).convert("RGB")
    rows = range(badge_box[3] + 1, y1 - 3)
    same = sum(
        close(img.getpixel((x, y)), sprite.getpixel((x - x0, y - y0)), 48)
        for x in range(x0 + 4, x1 - 4)
        for y in rows
    )
    assert same / ((x1 - x0 - 8) * len(rows)) > 0.97


def test_a_column_slot_badge_leaves_the_slot_name_readable():
    """The column slot's badge (top right) grows down as the hand grows: its
    name ("col C") is drawn where no badge goes."""
    from engine.components import DieColour
    from engine.components.cards import MISSION_CARDS
    from engine.components.tiles import TILES, TileKind
    from engine.ops import CELL_NAMES
    from renderer import palette as P
    from renderer.player import render_player_marked
    from tests.engine.scenario import give_ravagers

    g = _merged(table(3))
    set_dice(g, {MADELINE: "o3"})
    give_missions(g, MADELINE, *[m.id for m in MISSION_CARDS if m.colour is DieColour.ORANGE][:3])
    give_ravagers(g, MADELINE, g.state.board.ravager_deck[-1])
    tiles = (t.id for t in TILES if t.kind is TileKind.TECHNOLOGY)
    set_grid(g, MADELINE, {name: next(tiles) for name in CELL_NAMES})
    refresh(g)
    badge_box = next(
        m.box
        for m in render_player_marked(g.view(MADELINE), MADELINE).marks
        if m.mark == "slot:colC"
    )
    assert badge_box[3] - badge_box[1] > MARK_SIZE  # several lines of numbers
    plain = open_png(render_player(g.view(None), MADELINE))  # a secret decision: no badges
    x0, y0, x1, y1 = L.card_slot_box(5)  # col C
    ink = [
        (x, y)
        for x in range(x0 + 3, x1 - 3)
        for y in range(y0 + 3, y1 - 3)
        if close(plain.getpixel((x, y)), P.TEXT_DIM, 40)
    ]
    assert len(ink) > 50
    name = (
        min(x for x, _ in ink),
        min(y for _, y in ink),
        max(x for x, _ in ink),
        max(y for _, y in ink),
    )
    apart = name[2] < badge_box[0] or name[0] > badge_box[2] or name[3] < badge_box[1]
    assert apart or name[1] > badge_box[3], (name, badge_box)


def test_a_big_hands_slot_badges_stay_inside_their_slots():
    """Six Missions and six Ravagers in hand number each free slot seven
    times: a column slot's badge, half the slot wide, ran five lines down out
    of the slot; it now takes the room right of the slot's name."""
    from engine.components.cards import MISSION_CARDS
    from engine.components.tiles import TILES, TileKind
    from engine.ops import CELL_NAMES, SLOT_NAMES
    from renderer.fonts import text_width
    from renderer.player import render_player_marked
    from tests.engine.scenario import give_ravagers

    g = _merged(table(3))
    set_dice(g, {MADELINE: "o3"})
    give_missions(g, MADELINE, *[m.id for m in MISSION_CARDS][:6])
    give_ravagers(g, MADELINE, *g.state.board.ravager_deck[-6:])
    tiles = (t.id for t in TILES if t.kind is TileKind.TECHNOLOGY)
    set_grid(g, MADELINE, {name: next(tiles) for name in CELL_NAMES[:7]})
    refresh(g)
    slots = [m for m in render_player_marked(g.view(MADELINE), MADELINE).marks if "slot:" in m.mark]
    assert len(slots) == 6 and all(len(m.numbers) >= 7 for m in slots)
    for m in slots:
        name = m.mark.partition(":")[2]
        x0, y0, x1, y1 = L.card_slot_box(SLOT_NAMES.index(name))
        assert x0 < m.box[0] and y0 < m.box[1] and m.box[2] < x1 and m.box[3] <= y1 - 3, m
        if name.startswith("col"):
            words = text_width(f"col {name[-1]}", L.SLOT_NAME_SIZE, True)
            assert m.box[0] > x0 + L.SLOT_NAME_X + words, m
