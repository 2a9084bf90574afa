"""The channel's turn message shows the image of its own decision (issue 25), on SimCord.

A click within a turn is answered at once (text and buttons) and the table of
the decision it leads to is drawn in the background, then edited into the
message (bot/service/drawing.py, bot/frontend.py). At every decision of a
played game, once the click has settled, the images on the turn message are
exactly the table (and, when the decision numbers places there, the deciding
seat's board) drawn from the game's public view at that decision: the same
bytes as the renderer makes, whose own marks are numbered as the options
listed beside them; a secret decision's table carries no numbers (a pixel
probe for the marks' colour). And a drawing that finishes after a newer
decision was shown is dropped: no edit ever puts it on the message.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from renderer import images_for
from renderer.decision_images import table_images
from tests.bot.sim import World, choices, decider
from tests.bot.simplay import GAME_OVER, lobby, step
from tests.bot.test_sim_decision_images import mark_pixels

FOOTER_WITH_IMAGE = "the numbers match the buttons and the image"


async def _images(msg: Any) -> list[tuple[str, bytes]]:
    return [(a.filename, await a.read()) for a in msg.attachments if a.filename.endswith(".png")]


def _footer(msg: Any) -> str:
    for e in reversed(msg.embeds):
        if e.footer and e.footer.text:
            return e.footer.text
    return ""


async def _check_turn_message(world: World) -> tuple[str, bool]:
    """The turn message's images are its decision's own; returns the decision's
    kind and whether its table carries numbers."""
    svc = world.bot.frontend.svc  # type: ignore[union-attr]
    e = await svc.games.entry(world.channel.id)
    d = e.game.decision
    tm = world.turn_message()
    where = f"{d.kind} (revision {e.revision})"
    shown = await _images(tm)
    board_seat = d.seat if not d.secret and "player" in images_for(d) else None
    made = table_images(e.game.view(None), svc.names(e), board_seat)
    assert [png for _, png in shown] == [r.png for r in made.values()], (
        f"{where}: {[n for n, _ in shown]} are not the images of this decision"
    )
    table = made["table"]
    listed = set(range(1, len(d.options) + 1))
    if d.secret or "table" not in images_for(d):
        assert mark_pixels(shown[0][1]) == 0, f"{where}: numbers on a table with none to show"
        assert not table.numbers
    else:
        assert mark_pixels(shown[0][1]) > 0, f"{where}: no numbers on the table"
        assert table.numbers and table.numbers <= listed, (where, table.numbers)
    if board_seat is not None:
        assert made["player"].numbers and made["player"].numbers <= listed
    if not d.secret and any(o.marks for o in d.options):
        assert choices(tm), where
        assert _footer(tm).endswith(FOOTER_WITH_IMAGE), f"{where}: {_footer(tm)!r}"
    return d.kind, bool(table.numbers)


async def test_every_public_decision_shows_its_own_numbered_image(world: World) -> None:
    members = world.players(3)
    await lobby(world, members)
    rng = random.Random(7)
    kinds: set[str] = set()
    numbered = within_turn = 0
    for _ in range(90):
        if GAME_OVER in world.turn_message().content:
            break
        before = world.turn_message().id
        kind, has_numbers = await _check_turn_message(world)
        kinds.add(kind)
        numbered += has_numbers
        await step(world, rng)
        within_turn += world.turn_message().id == before  # edited, not posted anew
    assert numbered >= 10, (numbered, kinds)
    assert within_turn >= 20, within_turn  # the images drawn after the click were checked
    assert len(kinds) >= 4, kinds


async def test_an_old_decisions_image_never_comes_with_a_newer_ones_options(
    world: World,
) -> None:
    """Two quick clicks: the first decision's image is still being drawn when the
    second click shows a newer decision. It is dropped, never edited in; the
    newer decision's own image is."""
    members = world.players(3)
    await lobby(world, members)
    svc = world.bot.frontend.svc  # type: ignore[union-attr]
    drawer = svc.images.drawer
    drawer.lanes = 2  # the held drawing must not hold up the newer one
    real_render, real_later = drawer._render, svc.images.draw_later
    gate = asyncio.Event()
    held: list[Any] = []
    armed = [False]

    def later(drawing: Any) -> Any:
        images = real_later(drawing)
        if not (armed[0] and not held):
            return images
        held.append(drawing)
        # SimCord's settling knows the wait for this drawing is on purpose
        return asyncio.ensure_future(world.env.external_wait(images, reason="held drawing"))

    async def held_render(drawing: Any) -> Any:
        if held and drawing is held[0]:
            await world.env.external_wait(gate.wait(), reason="the test holds this drawing")
        return await real_render(drawing)

    drawer._render = held_render  # type: ignore[method-assign]
    svc.images.draw_later = later  # type: ignore[method-assign]
    rng = random.Random(3)
    try:
        for _ in range(60):
            armed[0] = True
            await step(world, rng)
            armed[0] = False
            if held:
                break
        assert held, "no click led to a decision within the turn"
        old = held[0]
        tm = world.turn_message()
        assert tm.attachments == [], "the last decision's image stays while the new one is drawn"
        assert FOOTER_WITH_IMAGE not in _footer(tm), "the footer claims an image not there yet"
        assert decider(tm) is not None
        await step(world, rng)  # the second click, on the newer decision
        e = await svc.games.entry(world.channel.id)
        assert e.revision > old.revision
        dropped = drawer.dropped
        start = len(world.env.http_requests)
        gate.set()
        await world.env.settle()
        edits = [r for r in world.env.http_requests[start:] if r.method == "PATCH"]
        assert edits == [], f"the old decision's drawing edited a message: {edits}"
        assert drawer.dropped == dropped + 1, "the old drawing was not dropped"
        await _check_turn_message(world)
    finally:
        gate.set()
