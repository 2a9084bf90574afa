"""Lobbies that cannot get stuck, and names that survive a restart (SimCord)."""

from __future__ import annotations

import re

from tests.bot.sim import World, assert_private, text


async def test_a_lobby_lasts_7_days_by_default_and_says_so(world: World) -> None:
    alice, bob = world.players(2)
    created = await world.slash(alice, "ba new", players=2)
    started_at = world.env.now().timestamp()
    found = re.search(r"the lobby closes <t:(\d+):R>", text(created))
    assert found, text(created)  # announced, in Discord's own timestamp
    assert abs(int(found[1]) - (started_at + 7 * 24 * 3600)) <= 1
    await world.advance(hours=12)
    assert "did not start" not in world.public_text()
    r = await world.slash(bob, "ba join")
    assert not r.ephemeral


async def test_the_server_sets_the_lobby_lifetime_and_lobbies_expire(world: World) -> None:
    admin = world.member("ann", roles=[world.admin])
    alice, bob = world.players(2)
    r = await world.slash(admin, "ba-server lobbies", days=1)
    assert not r.ephemeral and "1 day." in text(r)
    created = await world.slash(alice, "ba new", players=2)
    assert "the lobby closes <t:" in text(created)
    await world.advance(hours=23)
    assert "did not start" not in world.public_text()
    await world.advance(hours=1.5)
    assert "did not start within 1 day and is closed" in world.public_text()
    r = await world.slash(bob, "ba join")
    assert "no game" in assert_private(r).lower()
    again = await world.slash(alice, "ba new", players=2)
    assert not again.ephemeral


async def test_the_creator_cancels(world: World) -> None:
    alice, bob = world.players(2)
    await world.slash(alice, "ba new", players=2)
    await world.slash(bob, "ba join")
    r = await world.slash(bob, "ba cancel")
    assert "Only the player who created" in assert_private(r)
    r = await world.slash(alice, "ba cancel")
    assert not r.ephemeral and "cancelled the lobby" in text(r)
    r = await world.slash(alice, "ba new", players=2)
    assert not r.ephemeral


async def test_when_the_creator_leaves_the_next_player_may_start(world: World) -> None:
    alice, bob, carol = world.players(3)
    await world.slash(alice, "ba new", players=2)
    await world.slash(bob, "ba join")
    left = await world.slash(alice, "ba leave")
    assert f"{bob.mention} may now start" in text(left)
    await world.slash(carol, "ba join")
    r = await world.slash(carol, "ba start")
    assert "Only the player who created" in assert_private(r)
    r = await world.slash(bob, "ba start")
    assert assert_private(r) == "✔ Done."
    assert "The game starts" in world.turn_message().content


async def test_when_the_next_starter_leaves_too_the_one_after_may_start(world: World) -> None:
    alice, bob, carol = world.players(3)
    await world.slash(alice, "ba new", players=3)
    await world.slash(bob, "ba join")
    await world.slash(carol, "ba join")
    await world.slash(alice, "ba leave")
    # bob may start now (above); when he leaves too, carol is told she may
    left = await world.slash(bob, "ba leave")
    assert f"{carol.mention} may now start" in text(left)
    # a player who is not the starter leaving names no one
    dave = world.member("dave")
    await world.slash(dave, "ba join")
    left = await world.slash(dave, "ba leave")
    assert "may now start" not in text(left)


async def test_names_survive_a_restart(world: World) -> None:
    alice = world.member("alice", display="Alice the Bold")
    bob = world.member("bob", display="Bobby")
    carol = world.member("carol")
    await world.slash(alice, "ba new", players=3)
    await world.slash(bob, "ba join")
    await world.restart()
    # carol is the first the new process sees; the others' names come from storage
    joined = await world.slash(carol, "ba join")
    assert "Lobby: Alice the Bold, Bobby, Carol" in text(joined)
    await world.slash(alice, "ba start")
    await world.restart()
    svc = world.bot.frontend.svc
    e = await svc.games.entry(world.channel.id)
    assert sorted(svc.names(e).values()) == ["Alice the Bold", "Bobby", "Carol"]


async def test_a_new_display_name_is_kept_once_the_player_is_seen(world: World) -> None:
    alice, bob = world.players(2)
    await world.slash(alice, "ba new", players=3)
    guild = world.bot.get_guild(world.guild.id)
    member = await guild.fetch_member(alice.id)
    await member.edit(nick="Queen Alice")  # renamed on the server, while the lobby waits
    await world.env.settle()
    await world.slash(alice, "ba colour", colour="red")  # the bot sees her again
    await world.restart()
    joined = await world.slash(bob, "ba join")
    assert "Lobby: Queen Alice (Red), Bob" in text(joined)


async def test_a_start_short_of_players_says_how_to_get_on(world: World) -> None:
    """The words "create a new game with the right count" left out that this lobby must
    be cancelled first (a channel holds one game): the commands are named."""
    alice = world.member("alice")
    await world.slash(alice, "ba new", players=3)
    said = assert_private(await world.slash(alice, "ba start"))
    assert said == (
        "This is a 3-player game and 1 joined. Wait for more players (`/ba join`), or"
        " `/ba cancel` this lobby and `/ba new` one with the right count."
    )


async def test_a_started_lobby_writes_the_seats_colours_as_the_game_does(world: World) -> None:
    """The lobby message, once started, read 'Seated 2/2: @bob (blue), @alice
    (red)' above a game that says 'Blue' and 'Red' everywhere else."""
    alice, bob = world.players(2)
    await world.slash(alice, "ba new", players=2)
    await world.slash(bob, "ba join")
    await world.slash(alice, "ba start")
    lobby_msg = next(m for m in world.public() if "Seated 2/2" in m.content)
    seated = next(ln for ln in lobby_msg.content.splitlines() if ln.startswith("Seated 2/2"))
    assert "(Blue)" in seated and "(Red)" in seated, seated
    assert "(blue)" not in seated and "(red)" not in seated, seated
