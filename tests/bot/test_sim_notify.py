"""Turn notices by DM on SimCord: opt-in only, a jump link to the turn message,
never to the player who just acted, and quiet hours honoured by DMs, reminders
and turn timeouts."""

from __future__ import annotations

import random

import discord
from simcord import ChannelHandle, MemberActor

from tests.bot.sim import World, assert_private, decider
from tests.bot.simplay import lobby, step

# SimCord's virtual clock starts at 2026-01-01 00:00 UTC.


def dms(world: World, member: MemberActor) -> list[str]:
    """The DMs the bot sent ``member``, oldest first."""
    backend = world.env.backend
    cid = backend.dm_channels.get(member.id)
    if cid is None:
        return []
    return [m.content for m in ChannelHandle(world.env, None, backend.channels[cid]).history()]


async def wait(world: World, minutes: float) -> None:
    """Let virtual time pass in short steps (each tick of the reminder loop runs)."""
    while minutes > 0:
        step_ = min(20.0, minutes)
        await world.advance(minutes=step_)
        minutes -= step_


def moderator(world: World) -> MemberActor:
    """A member with Manage Channels (``/ba-mod``)."""
    role = world.guild.create_role(
        "Channel mods", permissions=discord.Permissions(manage_channels=True)
    )
    return world.member("mod", roles=[role])


async def play_until_turn_of(world: World, member: MemberActor, rng: random.Random) -> None:
    for _ in range(200):
        if decider(world.turn_message()) == member.id:
            return
        await step(world, rng)
    raise AssertionError("the turn never came")


async def play_while_turn_of(world: World, member: MemberActor, rng: random.Random) -> None:
    for _ in range(200):
        if decider(world.turn_message()) != member.id:
            return
        await step(world, rng)
    raise AssertionError("the turn never ended")


async def test_notify_shows_and_changes_the_settings(world: World) -> None:
    alice = world.member("alice")
    shown = assert_private(await world.slash(alice, "ba notify"))
    assert "your turn (with a link): off" in shown and "Quiet hours: none" in shown
    said = assert_private(
        await world.slash(alice, "ba notify", dms=True, quiet="22-7", utc_offset="+2")
    )
    assert "your turn (with a link): on" in said and "22:00-07:00 (UTC+2)" in said
    bad = assert_private(await world.slash(alice, "ba notify", quiet="late"))
    assert "Quiet hours look like" in bad
    await world.restart()
    kept = assert_private(await world.slash(alice, "ba notify"))
    assert "your turn (with a link): on" in kept and "22:00-07:00 (UTC+2)" in kept


async def test_your_turn_dm_only_for_those_who_opted_in_with_a_link(world: World) -> None:
    alice, bob = world.players(2)
    await world.slash(bob, "ba notify", dms=True)
    await lobby(world, [alice, bob])
    rng = random.Random(7)
    await play_until_turn_of(world, alice, rng)
    before = len(dms(world, bob))  # 1 if bob played first (alice started the game)
    await play_while_turn_of(world, alice, rng)  # alice's whole turn: then bob's
    got = dms(world, bob)
    assert len(got) == before + 1, got
    assert got[-1].startswith("🎲 Your turn in Black Angel game #1")
    # the link jumps to the message that names him
    assert world.turn_message().jump_url in got[-1]
    assert bob.mention in world.turn_message().content
    await play_while_turn_of(world, bob, rng)  # bob acts: no DM about his own moves
    assert len(dms(world, bob)) == before + 1
    assert dms(world, alice) == []  # alice never opted in


async def test_closed_dms_never_break_the_game(world: World) -> None:
    alice, bob = world.players(2)
    await world.slash(bob, "ba notify", dms=True)
    dm = world.env.backend.get_dm_channel(bob.id)  # bob's DMs are closed to the bot
    world.env.inject_error(
        "POST", f"/channels/{dm.id}/messages", status=403, code=50007, times=None
    )
    await lobby(world, [alice, bob])
    rng = random.Random(7)
    await play_until_turn_of(world, alice, rng)
    await play_while_turn_of(world, alice, rng)
    assert decider(world.turn_message()) == bob.id  # the game went on
    assert dms(world, bob) == []


async def test_quiet_hours_hold_dms_reminders_and_the_timeout(world: World) -> None:
    alice, bob = world.players(2)
    mod = moderator(world)
    # bob sleeps 00:00-02:00 UTC: right now
    await world.slash(bob, "ba notify", dms=True, reminders=True, quiet="0-2")
    await lobby(world, [alice, bob])
    await world.slash(mod, "ba-mod timeout", minutes=60)
    await world.slash(mod, "ba-mod reminder", minutes=30)
    rng = random.Random(7)
    if decider(world.turn_message()) == bob.id:
        await play_while_turn_of(world, bob, rng)
    await play_until_turn_of(world, bob, rng)
    waiting = world.turn_message()
    # 100 quiet minutes pass: no DM, no reminder, and the 60-minute timeout has not run
    await wait(world, 100)
    assert dms(world, bob) == []
    assert "Reminder" not in world.public_text()
    assert "Time is up" not in world.public_text()
    assert world.turn_message().id == waiting.id
    # 02:00: he wakes; the held "your turn" DM goes out, then reminders run
    await wait(world, 22)
    got = dms(world, bob)
    assert got and got[0].startswith("🎲 Your turn"), got
    await wait(world, 31)
    assert "Reminder 1/" in world.public_text()
    assert any(d.startswith("⏰ Reminder") for d in dms(world, bob))
    assert "Time is up" not in world.public_text()
    # an hour of awake time after the wait began: the timeout plays for him
    await wait(world, 30)
    assert "Time is up" in world.public_text()


async def test_a_player_without_quiet_hours_is_reminded_at_night(world: World) -> None:
    alice, bob = world.players(2)
    mod = moderator(world)
    await lobby(world, [alice, bob])
    await world.slash(mod, "ba-mod reminder", minutes=30)
    await wait(world, 31)
    assert "Reminder 1/" in world.public_text()
    assert isinstance(world.turn_message(), discord.Message)
