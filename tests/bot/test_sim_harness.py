"""The SimCord harness itself, and a short game played by clicking."""

from __future__ import annotations

import random

from tests.bot.sim import World, assert_private, choices, tool_id
from tests.bot.simplay import is_over, lobby, play_out, step


async def test_solo_game_by_clicking_with_restarts(world: World) -> None:
    (alice,) = world.players(1)
    started = await lobby(world, [alice], difficulty="easy")
    assert_private(started)
    first = world.turn_message()
    assert "The game starts" in first.content
    assert [a.filename for a in first.attachments] == ["board.png"]

    n = await play_out(world, seed=5, restart_every=15)
    assert n > 20 and world.restarts >= 1
    final = world.turn_message()
    assert is_over(world)
    assert [a.filename for a in final.attachments] == ["final.png"]


async def test_buttons_survive_a_restart(world: World) -> None:
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    rng = random.Random(1)
    for _ in range(3):
        await step(world, rng)
    before = world.turn_message()
    await world.restart()
    assert world.turn_message().id == before.id
    # the persistent buttons of the message posted before the restart still work
    who, result = await step(world, rng)
    assert result.acknowledged
    hand = await world.click(
        who, world.turn_message(), custom_id=tool_id(world.turn_message(), "hand")
    )
    said = assert_private(hand)
    assert "Your hand" in said
    assert "Your hand" not in world.seen_by(world.bystander)
    assert choices(world.turn_message()) or tool_id(world.turn_message(), "choices")
