"""The life of a game that lasts weeks, on SimCord: what the bot does on its
own (reminders, turn timeouts) when the world around a game changes — a
permission taken from the bot, a damaged game among healthy ones."""

from __future__ import annotations

import discord
import pytest

from bot.limits import DEFAULT_TIMEOUT_HOURS
from storage import GameStatus
from tests.bot.sim import World, decider, text
from tests.bot.simplay import lobby


@pytest.fixture(autouse=True)
def slow_machine(world: World) -> None:
    world.env.settle_timeout = 120.0


# --------------------------------------------------------------------------- permissions


async def test_a_channel_the_bot_may_not_post_in_pauses_its_game_and_says_so(
    world: World,
) -> None:
    """Without Send Messages the reminders and the turn timeouts went on unseen:
    the bot played both players' turns for days and gave their seats to itself
    (three timeouts in a row), with an ERROR logged at every post. Now the
    first notice it cannot post pauses the game and tells the server."""
    alice, bob = world.players(2)
    mod = world.member("ann", roles=[world.admin])
    hall = world.guild.create_text_channel("hall")
    world.env.backend.edit_guild(world.guild.id, {"system_channel_id": hall.id})
    await lobby(world, [alice, bob])
    store = world.bot.frontend.svc.store
    rec = await store.active_game(world.channel.id)
    first = decider(world.turn_message())
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.set_permissions(world.me, send_messages=False)
    await world.env.settle()
    await world.advance(hours=4 * DEFAULT_TIMEOUT_HOURS)
    now = await store.get_game(rec.id)
    assert now.status is GameStatus.PAUSED
    assert now.version == rec.version  # nobody's turn was played unseen
    seats = {s.user_id for s in await store.get_seats(rec.id)}
    assert seats == {alice.id, bob.id}  # nor a seat handed to the bot
    told = world.public_text(hall)
    assert f"game #{rec.id} is paused" in told
    assert "**Send Messages**" in told and world.channel.mention in told
    assert "/ba-mod resume" in told
    # the permission back, a moderator plays on and the player is pinged anew
    await channel.set_permissions(world.me, overwrite=None)
    await world.env.settle()
    r = await world.slash(mod, "ba-mod resume")
    assert "Done" in text(r)
    assert "resumed the game" in world.turn_message().content
    assert decider(world.turn_message()) == first
    await world.advance(hours=13)
    assert "Reminder 1/3" in world.public_text()
