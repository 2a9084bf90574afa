"""Games that never stall (issue 24), on SimCord: a default turn timeout, quiet
hours capped, the bot taking the seat of a player who keeps timing out (and the
player taking it back), resigning, a member leaving the server, a deleted game
thread (paused, told, moved or ended by game id from elsewhere), /ba games with
ended games, and a seated moderator who may not roll back what showed them a
hidden card."""

from __future__ import annotations

import random

import discord
import pytest

from bot.limits import DEFAULT_TIMEOUT_HOURS, TIMEOUTS_BEFORE_BOT
from storage import GameStatus
from tests.bot.sim import World, assert_private, custom_ids, decider, text
from tests.bot.simplay import lobby, step


@pytest.fixture(autouse=True)
def slow_machine(world: World) -> None:
    # the bot renders boards in a thread: under a loaded machine that can take
    # longer than SimCord's default 5 s settle time
    world.env.settle_timeout = 120.0


def pinged(world: World, message, channel=None) -> list[int]:
    """Whom Discord pinged with this message (its allowed mentions applied)."""
    ch = channel or world.channel
    return list(world.env.backend.messages[ch.id][message.id].ping_user_ids)


def timeouts_text(world: World, channel=None) -> str:
    return "\n".join(m.content for m in world.public(channel) if "Time is up" in m.content)


# --------------------------------------------------------------------------- the default timeout


async def test_with_nothing_set_a_turn_times_out_after_the_default(world: World) -> None:
    alice, bob = world.players(2)
    r = await world.slash(alice, "ba new", players=2)
    assert f"{DEFAULT_TIMEOUT_HOURS} h" in text(r)  # the lobby says how long a turn may wait
    await world.slash(bob, "ba join")
    await world.slash(alice, "ba start")
    first = decider(world.turn_message())
    await world.advance(hours=DEFAULT_TIMEOUT_HOURS - 1)
    assert "Time is up" not in world.public_text()
    await world.advance(hours=1.5)
    said = timeouts_text(world)
    assert "Time is up" in said and f"<@{first}>" in said


async def test_the_servers_default_and_a_games_own_timeout(world: World) -> None:
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    r = await world.slash(admin, "ba-server timeout", hours=3)
    assert not r.ephemeral and "3 h" in text(r)
    r = await world.slash(alice, "ba new", players=2)
    assert "3 h" in text(r)
    await world.slash(alice, "ba cancel")
    r = await world.slash(alice, "ba new", players=2, timeout_hours=1)
    assert "1 h" in text(r)
    await world.slash(bob, "ba join")
    await world.slash(alice, "ba start")
    await world.advance(hours=1.5)
    assert "Time is up" in world.public_text()


async def test_numbers_outside_the_limits_are_refused_with_the_limit(world: World) -> None:
    admin = world.member("ann", roles=[world.admin])
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    svc = world.bot.frontend.svc
    from bot.service import Actor

    mod = Actor(admin.id, moderator=True, admin=True)
    r = await svc.set_timeout(world.channel.id, mod, 1099511627776)
    assert not r.ok and "43200" in r.text
    r = await svc.set_reminder(world.channel.id, mod, 1099511627776)
    assert not r.ok and "10080" in r.text
    r = await svc.set_server_timeout(world.guild.id, mod, 10**9)
    assert not r.ok and "720" in r.text
    r = await world.slash(admin, "ba-mod timeout", minutes=90)
    assert not r.ephemeral and "1 h 30 min" in text(r)


# --------------------------------------------------------------------------- quiet hours


async def test_quiet_hours_are_at_most_12_hours_and_longer_stored_ones_are_cut(
    world: World,
) -> None:
    alice, bob = world.players(2)
    r = await world.slash(alice, "ba notify", quiet="7-6")
    assert "12 h" in assert_private(r)
    r = await world.slash(alice, "ba notify", quiet="20-8")
    assert "20:00-08:00" in assert_private(r)
    # quiet hours of 23 h stored before the limit: a 3 h timeout still fires
    # within 3 h + 12 h (it took 2 days 7 h before)
    store = world.bot.frontend.svc.store
    for who in (alice, bob):
        await store.set_notify_prefs(who.id, quiet_start=7 * 60, quiet_end=6 * 60)
    await world.restart()  # preferences are cached: a fresh process reads them
    await world.slash(alice, "ba new", players=2, timeout_hours=3)
    await world.slash(bob, "ba join")
    await world.slash(alice, "ba start")
    await world.advance(hours=15.5)
    assert "Time is up" in world.public_text()


# --------------------------------------------------------------------------- timeouts in a row


async def test_after_timeouts_in_a_row_the_bot_takes_the_seat_until_they_join(
    world: World,
) -> None:
    alice, bob = world.players(2)
    await world.slash(alice, "ba new", players=2, timeout_hours=1)
    await world.slash(bob, "ba join")
    await world.slash(alice, "ba start")
    rng = random.Random(3)
    # bob plays whenever it is his turn; alice never does
    for _ in range(400):
        if "plays their seat from now on" in world.public_text():
            break
        tm = world.turn_message()
        if decider(tm) == bob.id:
            await step(world, rng)
        else:
            await world.advance(minutes=30)
    said = world.public_text()
    assert "plays their seat from now on" in said
    took = next(m for m in world.public() if "plays their seat from now on" in m.content)
    assert alice.mention in took.content
    assert f"{TIMEOUTS_BEFORE_BOT} times in a row" in took.content
    # the bot holds her seat now: bob's turns come back at once
    for _ in range(3):
        tm = world.turn_message()
        assert decider(tm) in (bob.id, None)
        if decider(tm) is None:
            break
        await step(world, rng)
    r = await world.slash(bob, "ba join")
    assert "already playing" in assert_private(r)
    r = await world.slash(alice, "ba join")
    assert not r.ephemeral and "is back" in text(r) and alice.mention in text(r)
    store = world.bot.frontend.svc.store
    rec = await store.active_game(world.channel.id)
    assert alice.id in [s.user_id for s in await store.get_seats(rec.id)]


# --------------------------------------------------------------------------- resign


async def test_resigning_gives_the_seat_to_the_bot_and_the_last_person_ends_the_game(
    world: World,
) -> None:
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    r = await world.slash(world.bystander, "ba resign")
    assert "not playing" in assert_private(r)
    r = await world.slash(alice, "ba resign")
    assert r.ephemeral  # "✔ Done." to her; the channel is told
    said = world.public_text()
    assert "resigned: the bot" in said and alice.mention in said
    tm = world.turn_message()
    assert decider(tm) in (bob.id, None)  # the game waits on bob only
    r = await world.slash(bob, "ba resign")
    assert "Nobody is left playing" in world.public_text()
    rec = (await world.bot.frontend.svc.store.list_games(channel_id=world.channel.id))[0]
    assert rec.status is GameStatus.ABORTED
    r = await world.slash(bob, "ba games")
    said = assert_private(r)
    assert f"#{rec.id}" in said and "resigned" in said


# --------------------------------------------------------------------------- a member leaves


async def test_a_member_who_left_is_not_pinged_and_their_seat_is_played_at_timeouts(
    world: World,
) -> None:
    alice, bob = world.players(2)
    await world.slash(alice, "ba new", players=2, timeout_hours=1)
    await world.slash(bob, "ba join")
    await world.slash(alice, "ba start")
    rng = random.Random(5)
    while decider(world.turn_message()) != bob.id:  # bob is to play
        await step(world, rng)
    world.guild.remove_member(bob)
    await world.env.settle()
    said = world.public_text()
    assert "left the server" in said and bob.mention in said
    before = len(world.public())
    await world.advance(hours=1.5)
    assert "Time is up" in timeouts_text(world)
    for m in world.public()[before:]:
        assert bob.id not in pinged(world, m), m.content


# --------------------------------------------------------------------------- a deleted thread


async def _running_in_a_thread(world: World):
    alice, bob = world.players(2)
    tables = world.thread_channel()
    await world.slash(alice, "ba new", tables, players=2)
    (thread,) = world.threads(tables)
    await world.slash(bob, "ba join", thread)
    await world.slash(alice, "ba start", thread)
    await step(world, random.Random(1), thread)
    rec = await world.bot.frontend.svc.store.active_game(thread.id)
    assert rec is not None
    return alice, bob, tables, thread, rec.id


async def test_a_deleted_thread_pauses_its_game_and_a_moderator_moves_it_by_id(
    world: World,
) -> None:
    alice, bob, tables, thread, gid = await _running_in_a_thread(world)
    mod = world.member("ann", roles=[world.admin])
    world.env.backend.delete_channel(thread.id)
    await world.env.settle()
    told = world.public_text(tables)
    assert f"game #{gid} was deleted" in told and f"game:{gid}" in told
    store = world.bot.frontend.svc.store
    assert (await store.get_game(gid)).status is GameStatus.PAUSED
    r = await world.slash(bob, "ba games")
    line = next(ln for ln in assert_private(r).splitlines() if f"#{gid}" in ln)
    assert "<#" not in line and "deleted" in line
    # a moderator brings it into #games, where its board and buttons work again
    r = await world.slash(mod, "ba-mod move", game=gid)
    assert r.ephemeral and "Done" in text(r)
    rec = await store.get_game(gid)
    assert (rec.channel_id, rec.status) == (world.channel.id, GameStatus.RUNNING)
    assert f"moved game #{gid} here" in world.public_text()
    tm = world.turn_message()  # the board and the buttons, here
    assert f"moved game #{gid} here" in tm.content and custom_ids(tm)
    assert tm.attachments  # the board image
    who, r = await step(world, random.Random(2))
    assert r.acknowledged and (await store.get_game(gid)).version >= 2
    r = await world.slash(mod, "ba games")
    line = next(ln for ln in assert_private(r).splitlines() if f"#{gid}" in ln)
    assert world.channel.mention in line


async def test_a_game_whose_thread_is_gone_is_ended_by_id_from_another_channel(
    world: World,
) -> None:
    alice, bob, tables, thread, gid = await _running_in_a_thread(world)
    mod = world.member("ann", roles=[world.admin])
    world.env.backend.delete_channel(thread.id)
    await world.env.settle()
    r = await world.slash(mod, "ba-mod end", game=gid + 100)
    assert f"no game #{gid + 100}" in assert_private(r)
    r = await world.slash(mod, "ba-mod end", game=gid)
    assert not r.ephemeral and f"ended game #{gid}" in text(r)
    store = world.bot.frontend.svc.store
    assert (await store.get_game(gid)).status is GameStatus.ABORTED
    r = await world.slash(mod, "ba games")
    said = assert_private(r)
    line = next(ln for ln in said.splitlines() if f"#{gid}" in ln)
    assert "<#" not in line and "ended" in line.lower()


# --------------------------------------------------------------------------- /ba games


async def test_games_lists_ended_and_aborted_games_too(world: World) -> None:
    alice, bob = world.players(2)
    mod = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob])
    await world.slash(mod, "ba-mod end")
    solo = world.new_channel("solo")
    await world.slash(alice, "ba new", solo, players=1)
    await world.slash(alice, "ba start", solo)
    await world.slash(alice, "ba resign", solo)
    r = await world.slash(bob, "ba games")
    said = assert_private(r)
    lines = said.splitlines()
    first = next(ln for ln in lines if ln.startswith("• #1 "))
    second = next(ln for ln in lines if ln.startswith("• #2 "))
    assert "ended by a moderator" in first and "resigned" in second


# --------------------------------------------------------------------------- rollback


async def test_a_seated_moderator_cannot_roll_back_what_showed_them_a_hidden_card(
    world: World,
) -> None:
    bob = world.member("bob")
    other = world.member("ann", roles=[world.admin])
    admin_alice = world.member("alicemod", roles=[world.admin], display="Alicemod")
    await lobby(world, [admin_alice, bob])
    rng = random.Random(11)
    store = world.bot.frontend.svc.store
    gid = (await store.active_game(world.channel.id)).id
    for _ in range(400):
        who, r = await step(world, rng)
        if who.id == admin_alice.id and any(
            f.content.startswith("🔒") for f in r.followups if f.ephemeral
        ):
            break
    else:
        raise AssertionError("alice never drew a hidden card")
    version = (await store.get_game(gid)).version
    r = await world.slash(admin_alice, "ba-mod rollback")
    said = assert_private(r)
    assert "hidden" in said and "another moderator" in said
    assert (await store.get_game(gid)).version == version
    r = await world.slash(other, "ba-mod rollback")
    assert r.ephemeral and "Done" in text(r)
    after = await store.get_game(gid)
    assert after.version < version
    note = next(m.content for m in reversed(world.public()) if "rolled back" in m.content)
    cut = version - after.version
    assert f"rolled back {cut} action" in note and admin_alice.mention in note


async def test_a_deleted_channel_tells_the_servers_system_channel(world: World) -> None:
    """A game kept in a plain channel has no parent channel to tell: the
    server's system channel hears of it (issue 24: no zombie games)."""
    alice, bob = world.players(2)
    lobby_hall = world.guild.create_text_channel("lobby-hall")
    world.env.backend.edit_guild(world.guild.id, {"system_channel_id": lobby_hall.id})
    plain = world.guild.create_text_channel(
        "plain",
        overwrites={world.env.bot.user: discord.PermissionOverwrite(create_public_threads=False)},
    )
    await world.slash(alice, "ba new", plain, players=2)
    await world.slash(bob, "ba join", plain)
    await world.slash(alice, "ba start", plain)
    rec = await world.bot.frontend.svc.store.active_game(plain.id)
    assert rec is not None
    world.env.backend.delete_channel(plain.id)
    await world.env.settle()
    told = world.public_text(lobby_hall)
    assert f"The channel of game #{rec.id} was deleted" in told and f"game:{rec.id}" in told
    assert (await world.bot.frontend.svc.store.get_game(rec.id)).status is GameStatus.PAUSED


async def test_a_game_whose_plain_channel_was_deleted_is_not_said_to_have_lost_a_thread(
    world: World,
) -> None:
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])  # in #games, where the bot may not create threads
    lounge = world.new_channel("lounge")
    world.env.backend.delete_channel(world.channel.id)
    await world.env.settle()
    r = await world.slash(bob, "ba games", lounge)
    line = next(ln for ln in assert_private(r).splitlines() if "#1" in ln)
    assert "(its channel was deleted)" in line and "thread" not in line
