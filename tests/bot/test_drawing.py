"""The decisions' images drawn in the background (bot/service/drawing.py): newest
only per channel, in the render process, and keyed by what they show."""

from __future__ import annotations

import asyncio
import random

from bot.service.drawing import RENDER_PROCESSES, Drawer, background_pids, shown_key
from bot.service.model import Drawing
from engine import Action, Game, GameOptions
from renderer import render_board

NAMES = {0: "Alice", 1: "Bob", 2: "Carol"}


def _views(n: int, seed: int = 4) -> list[dict]:
    """Public views of the first ``n`` decisions of a seeded random game."""
    game = Game.new(GameOptions(players=3), seed)
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        out.append(game.view(None))
        d = game.decision
        assert d is not None
        game.apply(Action(d.seat, rng.choice(d.options).id))
    return out


def _drawing(channel: int, revision: int, view: dict) -> Drawing:
    return Drawing(channel, 1, revision, shown_key(view, NAMES, None), view, NAMES, None)


async def _threads(fn, *args):  # type: ignore[no-untyped-def]
    return await asyncio.to_thread(fn, *args)


async def test_only_the_newest_decision_of_a_channel_is_drawn() -> None:
    views = _views(4)
    drawer = Drawer(_threads)  # the render process
    first, second, third = (_drawing(10, r, views[r]) for r in range(3))
    other = _drawing(20, 0, views[3])
    tasks = [drawer.start(d) for d in (first, second, third, other)]
    got = await asyncio.gather(*tasks)
    assert got[0] is None and got[1] is None  # a newer decision came before they were drawn
    assert got[2] == [("board.png", render_board(views[2], NAMES))]
    assert got[3] == [("board.png", render_board(views[3], NAMES))]  # another channel's own
    assert (drawer.drawn, drawer.dropped) == (2, 2)
    assert background_pids()  # drawn in a render process


async def test_channels_are_drawn_side_by_side_one_render_process_each() -> None:
    views = _views(RENDER_PROCESSES)
    drawer = Drawer(_threads)
    assert drawer.lanes == RENDER_PROCESSES
    drawings = [_drawing(30 + k, 0, view) for k, view in enumerate(views)]
    got = await asyncio.gather(*(drawer.start(d) for d in drawings))
    assert got == [[("board.png", render_board(view, NAMES))] for view in views]
    assert len(background_pids()) == RENDER_PROCESSES


async def test_a_drawing_finished_after_a_newer_decision_is_dropped() -> None:
    views = _views(2)
    gate = asyncio.Event()

    async def slow(fn, *args):  # type: ignore[no-untyped-def]
        await gate.wait()
        return await asyncio.to_thread(fn, *args)

    drawer = Drawer(slow, process=False, lanes=2)
    old = drawer.start(_drawing(10, 0, views[0]))
    await asyncio.sleep(0.05)  # the old one is being drawn
    new = drawer.start(_drawing(10, 1, views[1]))
    gate.set()
    assert await old is None
    assert await new == [("board.png", render_board(views[1], NAMES))]


def test_the_key_is_what_the_image_shows() -> None:
    a, b = _views(2)
    assert shown_key(a, NAMES, None) == shown_key(dict(a), dict(NAMES), None)
    assert shown_key(a, NAMES, None) != shown_key(b, NAMES, None)
    assert shown_key(a, NAMES, None) != shown_key(a, {**NAMES, 0: "Alicia"}, None)
    assert shown_key(a, NAMES, None) != shown_key(a, NAMES, 0)
    # the options' words and the turn's flow are not drawn: the same image
    words = {
        **a,
        "flow": {"frames": []},
        "decision": {
            **a["decision"],
            "options": [{**o, "label": "x"} for o in a["decision"]["options"]],
        },
    }
    assert shown_key(words, NAMES, None) == shown_key(a, NAMES, None)
    assert render_board(words, NAMES) == render_board(a, NAMES)
    # their places are
    marks = [o.get("marks") for o in a["decision"]["options"]]
    assert any(marks), "the first decision numbers places on the table"
    moved = {**a, "decision": {**a["decision"], "options": a["decision"]["options"][::-1]}}
    assert shown_key(moved, NAMES, None) != shown_key(a, NAMES, None)
