"""Every image shown with a decision is of that decision (issue 25), on SimCord.

At every decision of played games, the images on the player's DM or private
panel that offers the decision are the table drawn from the game's view at
that decision: the renderer's own marks, numbered as the options listed beside
it (the table, or the deciding seat's board when the places are there:
renderer.images_for). An image next to a decision without places to number
carries no numbers at all (a pixel probe for the marks' colour, which no game
piece has). The channel's turn message: tests/bot/test_sim_turn_images.py."""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

from renderer import images_for
from renderer.decision_images import decision_images
from renderer.marks import MARK_FILL
from tests.bot.sim import World, choices, decider
from tests.bot.simplay import Person, dm_messages, lobby, person_step


def mark_pixels(png: bytes) -> int:
    """How many pixels have the marks' colour. The renderer writes palette PNGs
    (renderer/png.py): the pixels of each palette entry of that colour are
    counted, the count RGB pixels would give (0.2 s an image for those)."""
    img = Image.open(io.BytesIO(png))
    if img.mode == "P" and "transparency" not in img.info:
        palette = img.getpalette() or []
        return sum(
            n
            for i, n in enumerate(img.histogram())
            if n and tuple(palette[3 * i : 3 * i + 3]) == MARK_FILL
        )
    colours = img.convert("RGB").getcolors(maxcolors=1 << 24) or []
    return sum(n for n, px in colours if px == MARK_FILL)


async def _images(msg: Any) -> dict[str, bytes]:
    return {a.filename: await a.read() for a in msg.attachments if a.filename.endswith(".png")}


async def _check(world: World, msg: Any, seat: int | None, where: str) -> bool:
    """The decision's images on ``msg`` as ``seat`` may see it (None: everyone):
    exactly those that carry its numbers, each drawn from this decision."""
    svc = world.bot.frontend.svc  # type: ignore[union-attr]
    e = await svc.games.entry(world.channel.id)
    d = e.game.decision
    pngs = await _images(msg)
    made = decision_images(e.game.view(seat), d, svc.names(e)) if images_for(d) else {}
    if made:
        assert len(pngs) == len(made), f"{where}: {sorted(pngs)} for {sorted(made)} ({d.kind})"
        for name, png in pngs.items():
            image = "player" if name.endswith("board.png") else "table"
            assert png == made[image].png, f"{where}: {name} is not of this decision ({d.kind})"
            assert mark_pixels(png) > 0
            numbers = made[image].numbers
            assert numbers and numbers <= set(range(1, len(d.options) + 1))
        return True
    for name, png in pngs.items():
        assert mark_pixels(png) == 0, f"{where}: numbers on {name} beside a {d.kind} without places"
    return False


async def _play_and_check(world: World, people: dict[int, Person], steps: int, seed: int) -> int:
    rng = random.Random(seed)
    checked = 0
    svc = world.bot.frontend.svc  # type: ignore[union-attr]
    for _ in range(steps):
        tm = world.turn_message()
        e = await svc.games.entry(world.channel.id)
        if e is None or e.game.decision is None:
            break
        d = e.game.decision
        uid = decider(tm)
        me = people[uid]  # type: ignore[index]
        for m in dm_messages(world, me.member)[-1:]:
            if choices(m):
                checked += await _check(world, m, d.seat, f"DM, {d.kind}")
        if me.panel is not None and choices(me.panel):
            checked += await _check(world, me.panel, d.seat, f"panel, {d.kind}")
        await person_step(world, rng, people)
    return checked


async def test_every_decision_image_is_of_that_decision_with_dms(world: World) -> None:
    members = world.players(3)
    for m in members:
        await world.slash(m, "ba notify", dms=True)
    await lobby(world, members)
    people = {m.id: Person(m) for m in members}
    assert await _play_and_check(world, people, 70, 2) >= 10


async def test_every_decision_image_is_of_that_decision_in_panels(world: World) -> None:
    members = world.players(3)
    await lobby(world, members)
    people = {m.id: Person(m) for m in members}
    assert await _play_and_check(world, people, 70, 4) >= 10
