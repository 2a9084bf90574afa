"""Permissions as Discord means them, on SimCord: roles, channel overwrites and
command visibility (``default_member_permissions``), checked again at run time."""

from __future__ import annotations

import discord
import pytest
import simcord

from tests.bot.sim import World, assert_private, text
from tests.bot.simplay import lobby


async def test_moderator_commands_are_hidden_from_players(world: World) -> None:
    alice = world.member("alice")
    admin = world.member("ann", roles=[world.admin])
    shown = alice.available_commands(world.channel)
    assert "ba new" in shown and "ba join" in shown
    assert not [c for c in shown if c.startswith(("ba-mod", "ba-server"))]
    assert "ba-mod end" in admin.available_commands(world.channel)
    assert "ba-server policy" in admin.available_commands(world.channel)
    with pytest.raises(simcord.SetupError, match="not visible"):
        await alice.slash(world.channel, "ba-mod end")


async def test_manage_channels_in_one_channel_moderates_that_channel_only(world: World) -> None:
    chanmod = world.member("chuck")
    mine = world.new_channel(
        "chucks-games", {chanmod: discord.PermissionOverwrite(manage_channels=True)}
    )
    # the server's settings are not his: hidden, and refused if shown to him anyway
    assert "ba-mod pause" in chanmod.available_commands(mine)
    assert not [c for c in chanmod.available_commands(mine) if c.startswith("ba-server")]
    await world.allow_command("ba-server", {chanmod: True})
    r = await world.slash(chanmod, "ba-server policy", mine, who="moderators")
    assert "Manage Server" in assert_private(r)
    # so anyone may still create games
    alice, bob = world.players(2)
    created = await world.slash(alice, "ba new", players=2)
    assert not created.ephemeral and "New 2-player" in text(created)

    # his channel's game he may moderate; in #games he may not (run-time check)
    await lobby(world, [alice, bob], channel=mine)
    paused = await world.slash(chanmod, "ba-mod pause", mine)
    assert not paused.ephemeral and "paused the game" in text(paused)
    await world.slash(bob, "ba join")
    await world.slash(alice, "ba start")
    await world.allow_command("ba-mod", {chanmod: True})
    r = await world.slash(chanmod, "ba-mod pause")
    assert "Only moderators" in assert_private(r)


async def test_only_manage_server_changes_the_moderator_role(world: World) -> None:
    admin = world.member("ann", roles=[world.admin])
    mod = world.member("mo", roles=[world.mod_role])
    r = await world.slash(admin, "ba-server modrole", role=world.mod_role)
    assert not r.ephemeral and world.mod_role.mention in text(r)
    # the moderator role moderates games…
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    await world.allow_command("ba-mod", {world.mod_role: True})
    paused = await world.slash(mod, "ba-mod pause")
    assert not paused.ephemeral and "paused" in text(paused)
    # …but cannot change who the moderators are, nor the server's policy
    await world.allow_command("ba-server", {world.mod_role: True})
    r = await world.slash(mod, "ba-server modrole")
    assert "Manage Server" in assert_private(r)
    r = await world.slash(mod, "ba-server policy", who="moderators")
    assert "Manage Server" in assert_private(r)
    r = await world.slash(mod, "ba-server reminder", minutes=5)
    assert "Manage Server" in assert_private(r)
    # the admin still can
    r = await world.slash(admin, "ba-server policy", who="moderators")
    # "games created by moderators; moderator role <@&…>" read as a list of games
    assert not r.ephemeral and text(r).endswith(
        f"updated the server: only moderators may create games; moderator role:"
        f" {world.mod_role.mention}."
    ), text(r)
    r = await world.slash(admin, "ba-server modrole")
    assert text(r).endswith(
        "only moderators may create games; moderator role: none (members with Manage"
        " Server or Manage Channels moderate)."
    ), text(r)


async def test_policy_refusal_is_answered_privately(world: World) -> None:
    """The report: a non-moderator's /ba mod policy got '404 Unknown Message' and no answer."""
    eve = world.bystander
    await world.allow_command("ba-server", {eve: True})
    r = await world.slash(eve, "ba-server policy", who="moderators")
    assert "Manage Server" in assert_private(r)
    assert "Manage Server" not in world.public_text()


async def test_game_commands_are_server_only(world: World) -> None:
    user = world.env.create_user("dm-user")
    assert not [c for c in user.available_commands() if c.startswith("ba")]
    with pytest.raises(simcord.SetupError, match="context"):
        await user.slash("ba new")
