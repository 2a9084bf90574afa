"""One response pattern: refusals private from the first byte, results public;
kind answers to outdated commands; buttons of an earlier game; a post that fails
after a saved move; the bot's own permissions at ``/ba new``."""

from __future__ import annotations

import random

import discord
from discord import app_commands

from tests.bot.sim import World, assert_private, public_messages, text, tool_id
from tests.bot.simplay import lobby, step


async def test_refusals_are_private_results_public(world: World) -> None:
    alice, bob = world.players(2)
    eve = world.bystander
    for name in ("ba join", "ba board", "ba log", "ba scores", "ba start", "ba cancel"):
        r = await world.slash(eve, name)
        assert "no game" in assert_private(r).lower(), name
    created = await world.slash(alice, "ba new", players=2)
    assert not created.ephemeral and public_messages(created)
    assert "`/ba join`" in text(created)
    r = await world.slash(eve, "ba start")
    assert "Only the player who created" in assert_private(r)
    joined = await world.slash(bob, "ba join")
    assert not joined.ephemeral and "joins (2/2)" in text(joined)
    again = await world.slash(bob, "ba join")
    assert "already in this lobby" in assert_private(again)
    started = await world.slash(alice, "ba start")
    assert assert_private(started) == "✔ Done."
    board = await world.slash(eve, "ba board")
    assert not board.ephemeral and [a.filename for a in board.response.attachments] == ["board.png"]
    # nothing private ever reached the channel
    public = world.public_text()
    assert "already in this lobby" not in public and "no game" not in public.lower()


async def test_an_outdated_command_gets_a_kind_answer(world: World) -> None:
    """Discord still lists a command this version of the bot no longer has."""
    alice = world.member("alice")
    tree = world.bot.tree

    @app_commands.command(name="ba-old", description="a command of an older version")
    async def old(interaction: discord.Interaction) -> None:
        raise AssertionError("never called")

    tree.add_command(old)
    await tree.sync()
    tree.remove_command("ba-old")
    r = await world.slash(alice, "ba-old")
    assert "changed since your Discord app loaded it" in assert_private(r)
    assert [type(e).__name__ for e in world.expect_swallowed()] == ["CommandNotFound"]


async def test_buttons_of_an_earlier_game_do_not_act_on_this_one(world: World) -> None:
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    rng = random.Random(3)
    await lobby(world, [alice, bob])
    for _ in range(4):
        await step(world, rng)
    old = world.turn_message()
    assert tool_id(old, "hand")
    # a bot restarted since knows no turn message: the end cannot take its
    # buttons away, and they still meet the next game's
    await world.restart()
    ended = await world.slash(admin, "ba-mod end")
    assert "ended game #1" in text(ended)

    await lobby(world, [alice, bob])
    for _ in range(2):
        await step(world, rng)
    current = world.turn_message()
    before = (current.id, current.content)
    for tool in ("hand", "board", "undo", "choices"):
        cid = tool_id(old, tool)
        if cid is None:
            continue
        r = await world.click(alice, old, custom_id=cid)
        assert "earlier game (#1)" in assert_private(r), tool
    now = world.turn_message()
    assert (now.id, now.content) == before  # game 2 untouched


async def test_new_names_the_permissions_the_bot_lacks(world: World) -> None:
    alice = world.member("alice")
    mute = world.new_channel(
        "no-images", {world.me: discord.PermissionOverwrite(attach_files=False)}
    )
    r = await world.slash(alice, "ba new", mute, players=1)
    said = assert_private(r)
    assert "**Attach Files**" in said and "Send Messages" not in said
    silent = world.new_channel(
        "read-only", {world.me: discord.PermissionOverwrite(send_messages=False)}
    )
    r = await world.slash(alice, "ba new", silent, players=1)
    assert "**Send Messages**" in assert_private(r)
    assert not world.public(silent) and not world.public(mute)


async def test_new_refuses_a_channel_without_embed_links(world: World) -> None:
    """A decision's options are embeds, which Discord drops without Embed Links:
    /ba new opened a game there whose players would see bare numbered buttons."""
    alice = world.member("alice")
    bare = world.new_channel(
        "no-embeds", {world.me: discord.PermissionOverwrite(embed_links=False)}
    )
    r = await world.slash(alice, "ba new", bare, players=1)
    said = assert_private(r)
    assert "I cannot run a game here: I am missing **Embed Links**" in said, said
    assert not world.public(bare)
    # beside a lost right to post it is not named: Discord takes it away with that
    mute = world.new_channel(
        "read-only",
        {world.me: discord.PermissionOverwrite(send_messages=False, embed_links=False)},
    )
    r = await world.slash(alice, "ba new", mute, players=1)
    said = assert_private(r)
    assert "**Send Messages**" in said and "Embed Links" not in said, said


async def test_a_failed_post_says_the_move_was_saved(world: World) -> None:
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    rng = random.Random(7)
    # the channel loses Send Messages for the bot in the middle of the game
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.set_permissions(world.me, send_messages=False)
    await world.env.settle()
    for _ in range(300):
        before = world.turn_message().id
        who, r = await step(world, rng)
        said = "\n".join(m.content for m in r.followups if m.ephemeral)
        if "Saved" in said:
            break
    else:
        raise AssertionError("no turn ended in 300 decisions")
    assert "could not post the update here: I am missing **Send Messages**" in said
    assert "unchanged" not in said
    # nothing new could be posted, but the last message now shows the saved
    # state and its buttons, so the game goes on
    assert world.turn_message().id == before
    assert "Saved" not in world.public_text()
    for _ in range(3):
        _, r = await step(world, rng)
        assert r.acknowledged
    await channel.set_permissions(world.me, overwrite=None)
    await world.env.settle()
    board = await world.slash(bob, "ba board")
    assert not board.ephemeral and "➡️" in text(board)


async def test_a_refused_post_is_reported_without_losing_the_move(world: World) -> None:
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    rng = random.Random(8)
    world.env.inject_error("POST", "/channels/*/messages", status=500, times=1)
    for _ in range(300):
        _, r = await step(world, rng)
        said = "\n".join(m.content for m in r.followups if m.ephemeral)
        if "Saved" in said:
            break
    else:
        raise AssertionError("no post was attempted in 300 decisions")
    assert "Discord refused the message (500" in said
    # the game goes on from the saved move, on the message that was there
    for _ in range(3):
        _, r = await step(world, rng)
        assert r.acknowledged
