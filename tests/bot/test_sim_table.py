"""A table people want to join, on SimCord: games in their own threads, lobby
buttons, the server's game list (/ba games)."""

from __future__ import annotations

import random
import re

import discord
import pytest
from simcord import SetupError

from tests.bot.sim import World, assert_private, custom_ids, private_messages, text
from tests.bot.simplay import lobby, play_out, step


def lobby_message(world: World, channel) -> discord.Message:
    """The newest message with lobby buttons in ``channel``."""
    for m in reversed(world.public(channel)):
        if custom_ids(m, "ba:l:"):
            return m
    raise AssertionError("no lobby message")


def told(result) -> str:
    """What a button press told its presser privately (the lobby message itself
    is edited in public)."""
    assert result.acknowledged
    return "\n".join(m.content for m in private_messages(result))


# --------------------------------------------------------------------------- threads


async def test_a_new_game_opens_in_its_own_thread_with_a_link_in_the_channel(world: World) -> None:
    alice, bob = world.players(2)
    tables = world.thread_channel()
    r = await world.slash(alice, "ba new", tables, players=2)
    assert not r.ephemeral
    (thread,) = world.threads(tables)
    assert thread.name == "Black Angel · Alice's 2-player game"
    # one line in the channel, with the thread's link
    said = text(r)
    assert said.count("\n") == 0 and thread.mention in said and "game #1" in said
    ours = [m.content for m in world.public(tables) if m.type != discord.MessageType.thread_created]
    assert ours == [said]  # (Discord itself may add its "started a thread" notice)
    # the lobby lives in the thread, buttons and all
    lobby = lobby_message(world, thread)
    assert "game #1" in lobby.content and "Seated 1/2" in lobby.content
    assert sorted(c.split(":")[2] for c in custom_ids(lobby, "ba:l:")) == [
        "cancel",
        "join",
        "leave",
        "start",
    ]
    # the channel stays free: a second game opens a second thread
    carol = world.member("carol")
    await world.slash(carol, "ba new", tables, players=1, difficulty="extreme")
    threads = world.threads(tables)
    assert len(threads) == 2 and threads[1].name == "Black Angel · Carol vs Hal (extreme)"
    # the game is played in the thread
    await world.slash(bob, "ba join", thread)
    started = await world.slash(alice, "ba start", thread)
    assert_private(started)
    assert "The game starts" in world.turn_message(thread).content


async def test_joining_by_command_or_button_follows_the_games_thread(world: World) -> None:
    alice, bob, carol = world.players(3)
    tables = world.thread_channel()
    await world.slash(alice, "ba new", tables, players=3)
    (thread,) = world.threads(tables)

    async def following() -> set[int]:
        channel = world.bot.get_channel(thread.id)
        assert isinstance(channel, discord.Thread)
        return {m.id for m in await channel.fetch_members()}

    assert alice.id in await following() and bob.id not in await following()
    await world.slash(bob, "ba join", thread)  # typed in the thread
    assert bob.id in await following()
    await world.click(carol, lobby_message(world, thread), label="Join")
    assert carol.id in await following()


async def test_the_server_can_keep_new_games_in_the_channel(world: World) -> None:
    alice = world.member("alice")
    admin = world.member("root", roles=[world.admin])
    tables = world.thread_channel()
    r = await world.slash(admin, "ba-server threads", tables, on=False)
    assert "in the channel itself" in text(r)
    await world.slash(alice, "ba new", tables, players=2)
    assert world.threads(tables) == []
    assert "Seated 1/2" in lobby_message(world, tables).content
    # only server admins see the command at all
    with pytest.raises(SetupError):
        await alice.slash(tables, "ba-server threads", on=True)


async def test_no_thread_where_the_bot_may_not_create_one(world: World) -> None:
    alice = world.member("alice")
    await world.slash(alice, "ba new", players=2)  # #games: no thread permission
    assert world.threads() == []
    assert "Seated 1/2" in lobby_message(world, world.channel).content


# --------------------------------------------------------------------------- lobby buttons


async def test_lobby_buttons_join_leave_start_and_survive_a_restart(world: World) -> None:
    alice, bob, carol = world.players(3)
    await world.slash(alice, "ba new", players=3)
    lobby = lobby_message(world, world.channel)
    r = await world.click(bob, lobby, label="Join")
    assert "You joined" in told(r)
    lobby = lobby_message(world, world.channel)
    assert "Seated 2/3" in lobby.content and bob.mention in lobby.content
    r = await world.click(bob, lobby, label="Join")  # twice: refused, nothing changes
    assert "already" in told(r)
    await world.restart()
    # the buttons of the message posted before the restart still work
    r = await world.click(carol, lobby, label="Join")
    assert "You joined" in told(r)
    r = await world.click(carol, lobby, label="Leave")
    assert "You left" in told(r)
    assert "Seated 2/3" in lobby_message(world, world.channel).content
    r = await world.click(bob, lobby, label="Start")  # not the creator
    assert "Only the player who created" in told(r)
    await world.click(carol, lobby, label="Join")
    r = await world.click(alice, lobby, label="Start")
    assert r.acknowledged
    assert "The game starts" in world.turn_message().content
    # the lobby message keeps its list and loses its buttons
    after = [m for m in world.public() if m.id == lobby.id][0]
    assert "Started" in after.content and not custom_ids(after, "ba:l:")
    # the game plays on from there
    rng = random.Random(3)
    _, res = await step(world, rng)
    assert res.acknowledged


async def test_cancel_button_only_for_the_creator_and_the_channel_is_free_again(
    world: World,
) -> None:
    alice, bob = world.players(2)
    await world.slash(alice, "ba new", players=2)
    lobby = lobby_message(world, world.channel)
    r = await world.click(bob, lobby, label="Cancel")
    assert "Only the player who created" in told(r)
    r = await world.click(alice, lobby, label="Cancel")
    assert "Cancelled" in told(r)
    after = [m for m in world.public() if m.id == lobby.id][0]
    assert "Closed" in after.content and not custom_ids(after, "ba:l:")
    # the channel is free again: a new lobby, with its own game id on its buttons
    await world.slash(bob, "ba new", players=2)
    fresh = lobby_message(world, world.channel)
    assert fresh.id != lobby.id and all(c.endswith(":2") for c in custom_ids(fresh, "ba:l:"))


# --------------------------------------------------------------------------- /ba games


async def test_games_lists_the_servers_games_with_links_and_pages(world: World) -> None:
    alice, bob, carol, dave = world.players(4)
    tables = world.thread_channel()
    # a lobby, a running game and a finished solo game in threads
    await world.slash(alice, "ba new", tables, players=3)
    await world.slash(bob, "ba new", tables, players=2)
    t_lobby, t_running = world.threads(tables)
    await world.slash(carol, "ba join", t_running)
    await world.slash(bob, "ba start", t_running)
    r = await world.slash(dave, "ba games")
    said = assert_private(r)
    assert "Lobbies waiting for players" in said and "Running" in said
    lobby_line = next(ln for ln in said.splitlines() if t_lobby.mention in ln)
    assert "1/3 seated" in lobby_line
    running_line = next(ln for ln in said.splitlines() if t_running.mention in ln)
    assert "round 1" in running_line and (
        f"({bob.mention}) to play" in running_line or f"({carol.mention}) to play" in running_line
    )
    assert said.index(t_lobby.mention) < said.index(t_running.mention)


async def test_games_names_seats_by_colour_and_person(world: World) -> None:
    """/ba games names a seat as the turn message and the log do, "Blue (@Bob)":
    whose turn it is, and who won."""
    alice, bob, carol = world.players(3)
    solo = world.new_channel("solo")
    await lobby(world, [alice], solo, difficulty="easy")
    await play_out(world, 12, channel=solo)
    await lobby(world, [bob, carol])
    e = await world.bot.frontend.svc.games.entry(world.channel.id)
    seat = e.game.decision.seat
    said = assert_private(await world.slash(carol, "ba games"))
    running = next(ln for ln in said.splitlines() if world.channel.mention in ln)
    assert f"round 1, {e.game.name(seat)} (<@{e.user(seat)}>) to play" in running
    finished = next(ln for ln in said.splitlines() if solo.mention in ln)
    alice_seat = f"Blue ({alice.mention})"
    assert re.search(
        rf"{re.escape(alice_seat)} vs Hal \(easy\): ({re.escape(alice_seat)}|Hal) won$", finished
    ), finished


async def test_games_pages_with_buttons(world: World) -> None:
    people = [world.member(f"p{i}") for i in range(10)]
    for i, p in enumerate(people):
        ch = world.new_channel(f"room{i}")
        await world.slash(p, "ba new", ch, players=2)
    r = await world.slash(people[0], "ba games")
    first = assert_private(r)
    assert "page 1/2" in first and first.count("• #") == 8
    msg = r.response
    nxt = await world.click(people[0], msg, label="Next ▶")
    assert nxt.acknowledged
    page2 = nxt.response.content if nxt.response is not None else ""
    assert "page 2/2" in page2 and page2.count("• #") == 2


async def test_slash_commands_keep_the_lobby_message_true(world: World) -> None:
    alice, bob = world.players(2)
    await world.slash(alice, "ba new", players=2)
    lobby = lobby_message(world, world.channel)
    await world.slash(bob, "ba join")
    now = [m for m in world.public() if m.id == lobby.id][0]
    assert "Seated 2/2" in now.content and bob.mention in now.content
    await world.slash(alice, "ba start")
    now = [m for m in world.public() if m.id == lobby.id][0]
    assert "Started" in now.content and not custom_ids(now, "ba:l:")


async def test_solo_difficulty_from_discord_and_hal_in_scores(world: World) -> None:
    alice, bob = world.players(2)
    other = world.new_channel("other")
    r = await world.slash(bob, "ba new", other, players=2, difficulty="extreme")
    assert "solo games only" in assert_private(r)
    r = await world.slash(alice, "ba new", players=1, difficulty="extreme")
    assert "he starts on 15 VP" in text(r)
    await world.slash(alice, "ba start")
    r = await world.slash(alice, "ba scores")
    assert "Hal: 15 VP" in text(r)


async def test_a_command_typed_where_the_game_was_created_points_to_its_thread(
    world: World,
) -> None:
    alice, bob = world.players(2)
    tables = world.thread_channel()
    await world.slash(alice, "ba new", tables, players=2)
    (thread,) = world.threads(tables)
    # typed in the channel the game came from: no game there, but hers is in the thread
    r = await world.slash(alice, "ba start", tables)
    said = assert_private(r)
    assert f"Your game #1 (a lobby) in {thread.mention}: use the command there." in said
    # bob has no game: nothing to point to
    r = await world.slash(bob, "ba hand", tables)
    assert "Your game" not in assert_private(r)
    await world.slash(bob, "ba join", thread)
    await world.slash(alice, "ba start", thread)
    r = await world.slash(bob, "ba hand", tables)
    assert f"Your game #1 in {thread.mention}" in assert_private(r)
    # in the game's own thread a refusal says nothing of elsewhere
    r = await world.slash(bob, "ba start", thread)
    assert "Your game" not in assert_private(r)
