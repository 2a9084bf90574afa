"""Every image shown with a decision is of that decision (issue 25): at every
decision of played games, the image(s) the bot sends with it carry exactly the
numbers of that decision's options that mark a place on them, each where its
place is, and the badges never cover each other or the dice, ships, cards and
tile letters they mark. Checked with the renderer's own list of what it drew
(renderer.decision.Rendered.marks), and on real PNGs for a sample."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from engine import Action, Decision, Game, GameOptions
from engine.decision import PLAYER_MARKS, TABLE_MARKS
from engine.ops import CELL_NAMES
from renderer import decision_images, images_for, render_board_marked, render_player_marked
from renderer import layout as L
from renderer.board import draw_board_marked, layout_for
from renderer.decision import with_decision
from renderer.hal import workstation_groups
from renderer.marks import MARK_FILL, die_rows, player_point, table_point
from renderer.player import draw_player_marked
from tests.renderer.helpers import close, open_png

Box = tuple[int, int, int, int]
# (players, advanced, seed): every kind of decision with places, solo included;
# the 4-player games fill the supplies and workstations their badges sit beside.
GAMES = ((3, False, 1), (2, True, 3), (1, False, 2), (4, False, 1), (4, False, 2))


@lru_cache(maxsize=8)
def decisions(players: int, advanced: bool, seed: int) -> list[tuple[Game, Decision]]:
    """(game at that moment, its decision) for every decision of a seeded random game."""
    g = Game.new(GameOptions(players=players, advanced=advanced), seed)
    rng = random.Random(seed)
    out = []
    while g.decision is not None:
        # The copy's own decision: an option's words are read from the game
        # it belongs to, before that game moves on (engine/decision.py).
        at = Game.from_json(g.to_json())
        out.append((at, at.decision))
        g.apply(Action(g.decision.seat, rng.choice(g.decision.options).id))
    return out


def expected(d: Decision, kinds: frozenset[str]) -> dict[str, set[int]]:
    """{mark: option numbers} of the decision's options on one image."""
    out: dict[str, set[int]] = {}
    for i, o in enumerate(d.options):
        for m in o.marks:
            if m.partition(":")[0] in kinds:
                out.setdefault(m, set()).add(i + 1)
    return out


def meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def table_pieces(view: dict, layout: L.BoardLayout) -> list[Box]:
    """What a badge must never cover on the table: compartment dice, supply
    dice, robots in workstations, ships, cards and the Black Angel in Space."""
    boxes = []
    for row, secure, dice in die_rows(view):
        half = L.compartment_die_size(secure, len(dice)) // 2
        for k in range(len(dice)):
            x, y = L.compartment_die_point(layout, row, secure, k, len(dice))
            boxes.append((int(x - half), int(y - half), int(x + half), int(y + half)))
    board = view["board"]
    for c in range(3):
        for k in range(min(board["supply"][c] + board["supply_damaged"][c], 6)):
            x, y = L.supply_die_point(layout, c, k)
            h = L.DIE_SMALL // 2
            boxes.append((int(x - h), int(y - h), int(x + h), int(y + h)))
        groups = sum(1 for p in view["players"] if p["workstations"][c])
        groups += bool(view.get("neutral") and view["neutral"]["workstations"][c])
        groups += len(workstation_groups(view))
        for k in range(min(groups, 4)):
            x, y = L.workstation_point(layout, c, k)  # a robot, then its count
            boxes.append((int(x - 23), int(y - 15), int(x + 20), int(y + 15)))
    for i, strip in enumerate(board["strips"]):
        for pos in range(5):
            if strip["cards"][pos] is not None:
                boxes.append(L.hex_card_box(layout, i, pos))
            for k, _ in enumerate(strip["ships"][pos][:2]):
                x, y = L.hex_ship_point(layout, i, pos, k)
                boxes.append((x - 19, y - 15, x + 19, y + 15))
    x, y = L.hex_angel_point(layout, len(board["strips"]) // 2, 2)
    boxes.append((x - 27, y - 16, x + 27, y + 16))
    return boxes


def cell_pieces() -> list[Box]:
    """A grid tile's colour badge, boost bar and the lightning space where debris sits."""
    boxes = []
    for cell in range(len(CELL_NAMES)):
        x0, y0, x1, _ = L.cell_box(cell)
        boxes.append((x0 + 4, y0 + 4, x0 + 39, y0 + 39))
        boxes.append((x0 + 6, y0 + 2, x1 - 6, y0 + 8))
        boxes.append(L.debris_box(cell))
    return boxes


def check(drawn, want: dict[str, set[int]], pieces: list[Box], size: tuple[int, int]) -> None:
    assert {m.mark: set(m.numbers) for m in drawn} == want
    for i, m in enumerate(drawn):
        assert m.box[0] >= 0 and m.box[1] >= 0 and m.box[2] <= size[0] and m.box[3] <= size[1]
        for other in drawn[i + 1 :]:
            assert not meets(m.box, other.box), (m, other)
        for piece in pieces:
            assert not meets(m.box, piece), (m, piece)


def image_views(g: Game, d: Decision) -> dict:
    """The view each image of the decision is drawn from: the public one for a
    public decision, the deciding seat's own for a secret one."""
    return g.view(d.seat if d.secret else None)


@pytest.mark.parametrize("case", GAMES, ids=str)
def test_every_decision_image_carries_exactly_its_numbers(case) -> None:
    seen = set()
    for g, d in decisions(*case):
        view = with_decision(image_views(g, d), d)
        img, drawn = draw_board_marked(view)
        layout = layout_for(view)
        check(drawn, expected(d, TABLE_MARKS), table_pieces(view, layout), img.size)
        pimg, pdrawn = draw_player_marked(view, d.seat)
        check(pdrawn, expected(d, PLAYER_MARKS), cell_pieces(), pimg.size)
        names = set(images_for(d))
        assert ("table" in names) == bool(drawn) and ("player" in names) == bool(pdrawn)
        if drawn or pdrawn:
            seen.add(d.kind)
        if d.secret:
            # The public images of a secret decision carry no number at all.
            public = g.view(None)
            assert not draw_board_marked(public)[1]
            assert not draw_player_marked(public, d.seat)[1]
    assert {"turn", "command"} <= seen


def test_a_secret_decision_is_refused_on_anyone_elses_view() -> None:
    g, d = next((g, d) for g, d in decisions(3, False, 1) if d.secret and images_for(d))
    for seat in (None, (d.seat + 1) % 3):
        with pytest.raises(ValueError, match="secret"):
            render_board_marked(g.view(seat), decision=d)
        with pytest.raises(ValueError, match="secret"):
            render_player_marked(g.view(seat), d.seat, decision=d)


def test_the_pngs_sent_with_decisions_show_the_numbers_where_the_marks_say() -> None:
    """On the real PNGs (every 7th decision): each badge is magenta where the
    renderer says it drew it, and the numbers match the options."""
    checked = 0
    for g, d in decisions(3, False, 1)[::7]:
        view = image_views(g, d)
        for name in images_for(d):
            if name == "table":
                r = render_board_marked(view, decision=d)
                want = expected(d, TABLE_MARKS)
            else:
                r = render_player_marked(view, d.seat, decision=d)
                want = expected(d, PLAYER_MARKS)
            assert r.numbers == set().union(*want.values())
            img = open_png(r.png)
            for m in r.marks:
                x0, y0, x1, y1 = m.box
                # Left of the number, inside the ring: the badge's fill.
                assert close(img.getpixel((x0 + 4, (y0 + y1) // 2)), MARK_FILL, 40), m
                checked += 1
    assert checked > 20


def test_a_command_with_many_destinations_numbers_every_one() -> None:
    """The longest Command of the games: every destination numbered on the map."""
    g, d = max(
        ((g, d) for case in GAMES for g, d in decisions(*case) if d.kind == "command"),
        key=lambda gd: len(gd[1].options),
    )
    assert len(d.options) >= 12 and not d.secret
    r = render_board_marked(g.view(None), decision=d)
    assert r.numbers == set(range(1, len(d.options) + 1))
    view = g.view(None)
    layout = layout_for(view)
    for m in r.marks:
        assert table_point(view, layout, m.mark) is not None
    assert player_point("cell:A1") is not None


def test_decision_images_makes_exactly_the_images_with_numbers() -> None:
    """The one call for the bot: a secret turn gets the table and the player's
    board, each with its own numbers; a Command the table only; a question
    with no places nothing."""
    found = set()
    for g, d in decisions(3, False, 1):
        images = decision_images(image_views(g, d), d)
        assert set(images) == set(images_for(d))
        if "table" in images:
            assert images["table"].numbers == set().union(*expected(d, TABLE_MARKS).values())
        if "player" in images:
            assert images["player"].numbers == set().union(*expected(d, PLAYER_MARKS).values())
        found.add((d.kind, tuple(sorted(images))))
        if {("turn", ("player", "table")), ("command", ("table",))} <= found and any(
            names == () for _, names in found
        ):
            break
    assert ("turn", ("player", "table")) in found and ("command", ("table",)) in found
    assert any(names == () for _, names in found)


def test_a_damaged_supply_die_is_numbered_beside_it_under_the_colour_header() -> None:
    # Repairing a die: the badge sat on the border above the supply, over the
    # colour's header (seen with both green dice damaged). Now it is in the
    # supply's row beside the damaged dice, or under the last of six.
    from tests.renderer.helpers import game

    base = game(4, 1, 100).view(None)
    decision = {
        "seat": 0,
        "kind": "repair",
        "prompt": "Repair",
        "options": [
            {"id": f"die:{c}", "label": c, "detail": c, "marks": [f"supply:{c}"]} for c in "oyg"
        ],
    }
    for ok, damaged in ((0, 1), (0, 2), (2, 2), (3, 2), (4, 1), (5, 1), (0, 6)):
        board = {**base["board"], "supply": [ok] * 3, "supply_damaged": [damaged] * 3}
        view = with_decision({**base, "board": board}, decision)
        img, drawn = draw_board_marked(view)
        layout = layout_for(view)
        check(drawn, expected_marks(decision), table_pieces(view, layout), img.size)
        rgb = img.convert("RGB")
        for m in drawn:
            c = "oyg".index(m.mark[-1])
            x0, y0, x1, y1 = L.column_box(layout, c)
            header = y0 + L.COLUMN_HEAD_H
            assert header <= m.box[1] and x0 <= m.box[0] and m.box[2] <= x1, (ok, damaged, m)
            # Beside or under the last (damaged) die, not far from it.
            last_x, _ = L.supply_die_point(layout, c, ok + damaged - 1)
            assert abs((m.box[0] + m.box[2]) / 2 - last_x) <= L.DIE_SMALL + L.DIE_SMALL / 2
            for x in range(x0, x1, 2):
                for y in range(y0, header, 2):
                    assert not close(rgb.getpixel((x, y)), MARK_FILL, 20), (ok, damaged, x, y)


def expected_marks(decision: dict) -> dict[str, set[int]]:
    return {m: {i + 1} for i, o in enumerate(decision["options"]) for m in o["marks"]}


def test_a_display_tiles_badge_leaves_its_words_whole() -> None:
    # The words of a display tile, fitted by their glyphs, rose to the colour
    # badge's edge: a Discover's number (top right) then touched 'free' in
    # '1x: free reserve gray'. They stay a gap below the colour badge, where
    # the number ends.
    from engine.components.tiles import TILES, TileKind
    from renderer.cards import tile_words_box
    from renderer.marks import badge_box, mark_size
    from tests.renderer.helpers import game

    view = game(3, 1, 0).view(None)
    layout = layout_for(view)
    x0, y0, x1, y1 = L.display_box(layout, 0)
    checked = 0
    for label in ("3", "12"):
        point = table_point(view, layout, "display:1", label)
        number = badge_box(point, label, mark_size("display:1"))
        for t in TILES:
            if t.kind is not TileKind.TECHNOLOGY:
                continue
            for boost in (False, True):
                wx0, wy0, wx1, wy1 = tile_words_box(t.id, x1 - x0, y1 - y0, boost)
                words = (x0 + wx0, y0 + wy0, x0 + wx1, y0 + wy1)
                assert not meets(number, words), (label, t.id, boost, number, words)
                checked += 1
    assert checked > 100
