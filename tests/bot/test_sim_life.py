"""The life of a game that lasts weeks, on SimCord: what the bot does on its
own (reminders, turn timeouts) when the world around a game changes — a
permission taken from the bot, a damaged game among healthy ones."""

from __future__ import annotations

import logging
import random
import sqlite3

import discord
import pytest

from bot.limits import DEFAULT_TIMEOUT_HOURS
from storage import GameStatus
from tests.bot.sim import (
    World,
    assert_private,
    choices,
    decider,
    make_bot,
    text,
    tool_id,
)
from tests.bot.simplay import lobby, step


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
    tm = world.turn_message()
    shown = await world.click(world.by_id(first), tm, custom_id=tool_id(tm, "choices"))
    panel = shown.response  # the player's options, privately
    assert panel is not None and choices(panel)
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
    # a player who decides meanwhile is told it is paused (no moderator paused it)
    r = await world.slash(world.by_id(first), "ba play", option=choices(panel)[0].option)
    said = assert_private(r)
    assert "paused" in said and "by a moderator" not in said
    # the permission back, a moderator plays on and the player is pinged anew
    await channel.set_permissions(world.me, overwrite=None)
    await world.env.settle()
    r = await world.slash(mod, "ba-mod resume")
    assert "Done" in text(r)
    assert "resumed the game" in world.turn_message().content
    assert decider(world.turn_message()) == first
    await world.advance(hours=13)
    assert "Reminder 1/3" in world.public_text()


async def test_a_thread_the_bot_may_not_post_in_names_the_one_permission_to_give(
    world: World,
) -> None:
    """A game thread the bot lost Send Messages in Threads in: its parent
    channel is told the game is paused, naming that permission alone (Discord
    takes Attach Files away with it; the notice named both, sending people
    after one that was never taken)."""
    alice, bob = world.players(2)
    tables = world.thread_channel()
    await world.slash(alice, "ba new", tables, players=2)
    thread = world.threads(tables)[0]
    await world.slash(bob, "ba join", thread)
    await world.slash(alice, "ba start", thread)
    parent = world.bot.get_channel(tables.id)
    assert isinstance(parent, discord.TextChannel)
    await parent.set_permissions(world.me, send_messages_in_threads=False)
    await world.env.settle()
    await world.advance(hours=13)
    told = next(m.content for m in world.public(tables) if "cannot post" in m.content)
    assert thread.mention in told and "game #1 is paused" in told
    assert "**Send Messages In Threads**" in told and "Attach Files" not in told


async def test_a_game_paused_for_a_refused_post_names_embed_links_too(world: World) -> None:
    """Without Embed Links Discord drops a decision's options (embeds) and
    players see bare numbered buttons: a paused game's notice named only what
    the bot needs to post, so the permission was granted back without it."""
    alice, bob = world.players(2)
    hall = world.guild.create_text_channel("hall")
    world.env.backend.edit_guild(world.guild.id, {"system_channel_id": hall.id})
    await lobby(world, [alice, bob])
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.set_permissions(world.me, attach_files=False, embed_links=False)
    await world.env.settle()
    world.env.inject_error(
        "POST", f"/channels/{world.channel.id}/messages", status=403, code=50013, times=None
    )
    await world.advance(hours=13)
    told = world.public_text(hall)
    assert "game #1 is paused" in told
    assert "I am missing **Attach Files**, **Embed Links**" in told, told


async def test_a_refusal_with_every_permission_in_place_says_what_discord_said(
    world: World,
) -> None:
    """Discord may refuse a post though every permission is there (a thread a
    moderator locked): the notice read 'I am missing a permission there',
    sending people to look for one; now it quotes Discord's reason."""
    alice, bob = world.players(2)
    hall = world.guild.create_text_channel("hall")
    world.env.backend.edit_guild(world.guild.id, {"system_channel_id": hall.id})
    await lobby(world, [alice, bob])
    world.env.inject_error(
        "POST",
        f"/channels/{world.channel.id}/messages",
        status=403,
        code=50083,
        message="Thread is archived",
        times=None,
    )
    await world.advance(hours=13)
    told = world.public_text(hall)
    assert "game #1 is paused" in told
    assert "Discord refused it: Thread is archived" in told and "missing" not in told


# --------------------------------------------------------------------------- reminders


async def test_the_reminders_start_again_at_each_decision_as_the_reply_says(
    world: World,
) -> None:
    """The count of reminders is kept per decision (any change of the game
    starts it again), but a reminder setting's reply said 'at most 3 a turn'."""
    alice, bob = world.players(2)
    mod = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob])
    r = await world.slash(mod, "ba-mod reminder", minutes=30)
    assert text(r).endswith("every 30 min, at most 3 per decision."), text(r)
    rng = random.Random(3)
    for _ in range(100):  # to a decision whose player decides next too
        await world.advance(hours=2)  # her reminders run out
        said = [m.content for m in world.public() if m.content.startswith("⏰ Reminder")]
        assert said[-1].startswith("⏰ Reminder 3/3"), said[-1]
        first = decider(world.turn_message())
        await step(world, rng)
        if decider(world.turn_message()) == first:
            break
    else:
        raise AssertionError("no player made two decisions in a row")
    await world.advance(minutes=31)
    said = [m.content for m in world.public() if m.content.startswith("⏰ Reminder")]
    assert said[-1].startswith(f"⏰ Reminder 1/3: <@{first}>"), said[-1]


# --------------------------------------------------------------------------- channels deleted


async def test_a_channel_deleted_with_its_game_thread_tells_the_server(world: World) -> None:
    """Deleting the channel that holds a game's thread deletes the thread too:
    its game was paused with nobody told (the thread's parent was gone, and
    its server's system channel was not tried). Now the system channel is."""
    alice, bob = world.players(2)
    hall = world.guild.create_text_channel("hall")
    world.env.backend.edit_guild(world.guild.id, {"system_channel_id": hall.id})
    tables = world.thread_channel()
    await world.slash(alice, "ba new", tables, players=2)
    thread = world.threads(tables)[0]
    await world.slash(bob, "ba join", thread)
    await world.slash(alice, "ba start", thread)
    store = world.bot.frontend.svc.store
    gid = (await store.active_game(thread.id)).id
    world.env.backend.delete_channel(tables.id)
    await world.env.settle()
    assert (await store.get_game(gid)).status is GameStatus.PAUSED
    told = world.public_text(hall)
    assert f"game #{gid} was deleted" in told and f"`game:{gid}`" in told


# --------------------------------------------------------------------------- a player away


async def test_a_player_back_after_days_is_told_the_bot_holds_their_seat(world: World) -> None:
    """After three turn timeouts in a row the bot plays a player's seat until
    they join again; coming back days later and clicking 'Show my choices' or
    'My hand' they read 'You are not playing in this game.', as if they were
    out of it. Now they are told the bot holds their seat and how to take it."""
    alice, bob = world.players(2)
    await world.slash(alice, "ba new", players=2, timeout_hours=1)
    await world.slash(bob, "ba join")
    await world.slash(alice, "ba start")
    rng = random.Random(3)
    for _ in range(400):  # bob plays whenever it is his turn; alice is away
        if "plays their seat from now on" in world.public_text():
            break
        if decider(world.turn_message()) == bob.id:
            await step(world, rng)
        else:
            await world.advance(minutes=30)
    else:
        raise AssertionError("the bot never took alice's seat")
    tm = world.turn_message()
    for tool in ("choices", "hand"):
        cid = tool_id(tm, tool)
        assert cid is not None, tool
        said = assert_private(await world.click(alice, tm, custom_id=cid))
        assert "The bot plays your seat, Red" in said or "The bot plays your seat, Blue" in said
        assert "`/ba join` takes it back" in said, said
    # a bystander is still told plainly
    said = assert_private(await world.click(world.bystander, tm, custom_id=tool_id(tm, "hand")))
    assert said == "You are not playing in this game."
    r = await world.slash(alice, "ba join")
    assert "is back" in text(r)


async def test_a_game_nobody_plays_ends_with_its_result_posted(world: World) -> None:
    """Both players away: each seat goes to the bot after three timeouts, and
    the last timeout plays the rest of the game at once. Its notice, every
    move to the end, ran past Discord's 2,000 characters (the end of a game
    was not clipped as every other update is): Discord refused it, so the
    result was never posted and an ERROR was logged. Now it is clipped."""
    alice, bob = world.players(2)
    await world.slash(alice, "ba new", players=2, timeout_hours=1)
    await world.slash(bob, "ba join")
    await world.slash(alice, "ba start")
    await world.advance(hours=12)
    store = world.bot.frontend.svc.store
    rec = (await store.list_games(channel_id=world.channel.id))[0]
    assert rec.status is GameStatus.FINISHED
    end = world.turn_message()
    assert "The game is over" in end.content and len(end.content) <= 2000
    assert "more lines here: `/ba log` shows every move" in end.content


# --------------------------------------------------------------------------- a damaged game


DAMAGE = {
    # the stored options no longer decode (a disk fault, a bad hand edit)
    "options": "UPDATE games SET options = '{not json' WHERE id = ?",
    # the snapshot the game loads from no longer decodes
    "snapshot": "UPDATE snapshots SET state = '{broken' WHERE game_id = ?",
}


@pytest.mark.parametrize("damage", list(DAMAGE))
async def test_a_damaged_game_does_not_hide_the_servers_other_games(
    world: World, damage: str
) -> None:
    """/ba games answered 'Something went wrong' for the whole server when one
    game's options no longer decoded, and listed a game set aside as 'cannot
    be loaded right now'; now that line says it is set aside and how it is
    repaired, and the other games are listed (and reminded) as ever."""
    alice, bob, carol, dave = world.players(4)
    other = world.new_channel("other")
    await lobby(world, [alice, bob])
    await lobby(world, [carol, dave], other)
    store = world.bot.frontend.svc.store
    damaged = (await store.active_game(world.channel.id)).id
    healthy = (await store.active_game(other.id)).id
    await world.bot.close()  # damaged while the bot is down
    with sqlite3.connect(world.cfg.db_path) as db:
        db.execute(DAMAGE[damage], (damaged,))
    db.close()
    await world.env.restart_bot(make_bot(world.cfg, world.seeds))
    r = await world.slash(carol, "ba games", other)
    lines = assert_private(r).splitlines()
    mine = next(ln for ln in lines if ln.startswith(f"• #{damaged} "))
    assert "set aside" in mine and f"/ba-mod repair` `game:{damaged}`" in mine
    theirs = next(ln for ln in lines if ln.startswith(f"• #{healthy} "))
    assert "to play" in theirs
    await world.advance(hours=13)
    assert "Reminder 1/3" in world.public_text(other)
    world.expect_logged_errors()  # the failed check is logged for the operator


async def test_a_lost_seat_row_sets_the_game_aside_and_repair_seats_its_player(
    world: World,
) -> None:
    """The digests do not cover seats: with a seat's row lost the game loaded,
    its turn pinged the wrong player ('Blue (@Bob)'), who was then told it was
    not his decision, and at its timeout every tick failed with an ERROR, for
    ever: a game stalled with nobody told. Now it is set aside and said so,
    and a moderator's repair seats the player the log names again."""
    alice, bob = world.players(2)
    mod = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob])
    rng = random.Random(3)
    for _ in range(6):  # both players decide at least once
        await step(world, rng)
    store = world.bot.frontend.svc.store
    gid = (await store.active_game(world.channel.id)).id
    blue = next(s.user_id for s in await store.get_seats(gid) if s.seat == 0)
    await world.bot.close()  # damaged while the bot is down
    with sqlite3.connect(world.cfg.db_path) as db:
        db.execute("DELETE FROM seats WHERE game_id = ? AND seat = 0", (gid,))
    db.close()
    await world.env.restart_bot(make_bot(world.cfg, world.seeds))
    store = world.bot.frontend.svc.store
    await world.advance(hours=13)
    told = world.public_text()
    assert f"Game #{gid} is set aside" in told and "its seats are damaged" in told
    assert "`/ba-mod repair` seats each player again" in told
    world.expect_logged_errors()  # the failed check is logged for the operator
    r = await world.slash(mod, "ba-mod repair")
    assert "Done" in text(r)
    said = world.public_text()
    assert f"Blue (<@{blue}>) seated again" in said
    assert {s.user_id for s in await store.get_seats(gid)} == {alice.id, bob.id}
    who, r = await step(world, rng)  # and the game plays on
    assert r.acknowledged and "not yours" not in text(r)


async def test_a_game_set_aside_and_told_is_left_alone_until_repaired(world: World) -> None:
    """Once its channel was told, a game set aside was still loaded at every
    tick its reminder was due (every minute in production: its whole log read
    again, a warning logged) though nothing can be played until a repair."""
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    store = world.bot.frontend.svc.store
    gid = (await store.active_game(world.channel.id)).id
    await world.bot.close()
    with sqlite3.connect(world.cfg.db_path) as db:
        db.execute(DAMAGE["snapshot"], (gid,))
    db.close()
    await world.env.restart_bot(make_bot(world.cfg, world.seeds))
    await world.advance(hours=13)  # its reminder is due: the tick finds it damaged
    assert f"Game #{gid} is set aside" in world.public_text()
    world.expect_logged_errors()  # the failed check is logged for the operator
    seen: list[logging.LogRecord] = []
    handler = logging.Handler(level=logging.DEBUG)
    handler.emit = seen.append  # type: ignore[method-assign]
    logging.getLogger("bot").addHandler(handler)
    try:
        await world.advance(hours=48)
    finally:
        logging.getLogger("bot").removeHandler(handler)
    again = [r.getMessage() for r in seen if f"game {gid}" in r.getMessage().lower()]
    assert not again, again[:2]
    assert world.public_text().count("is set aside") == 1  # told once


# --------------------------------------------------------------------------- the bot away


async def test_a_turn_waiting_while_the_bot_was_down_gets_that_time_back(world: World) -> None:
    """With the bot stopped for three days (nobody can play then), the turn
    waiting when it stopped timed out the moment it came back: 'Time is up'
    was the first thing posted, and its player never had a reminder. Now the
    outage is given back: a reminder on its return, and the turn times out
    48 h after it began as counted while the bot ran."""
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    first = decider(world.turn_message())
    await world.advance(hours=10)
    await world.bot.close()  # stopped; three days pass
    await world.env.advance_time(3 * 24 * 3600)
    await world.env.restart_bot(make_bot(world.cfg, world.seeds))
    await world.env.settle()
    assert "Time is up" not in world.public_text()
    await world.advance(hours=37)  # 10 h before it stopped + 37 h since: 47 h
    said = world.public_text()
    assert "Time is up" not in said and f"Reminder 1/3: <@{first}>" in said
    await world.advance(hours=1.5)
    assert "Time is up" in world.public_text()
