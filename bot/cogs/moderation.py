"""``/ba-mod``: moderating this channel's game. Server-only.

A top-level group, because Discord hides commands from members without the
``default_member_permissions`` only on top-level commands (not on a
subgroup): here Manage Channels. Server admins can show it to more members
(the moderator role) in Server Settings → Integrations. Every command is
still checked when it runs: Manage Channels in *this* channel, Manage Server,
or the server's moderator role (see :mod:`bot.perms`).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.respond import Visibility, run
from bot.frontend import Frontend
from bot.service import BOT_USER, fail
from storage.transfer import MAX_EXPORT_BYTES

PRIVATE, PUBLIC, UPDATE = Visibility.PRIVATE, Visibility.PUBLIC, Visibility.UPDATE


@app_commands.guild_only()
@app_commands.default_permissions(manage_channels=True)
class ModerationCog(
    commands.GroupCog, group_name="ba-mod", group_description="Moderate this channel's game"
):
    def __init__(self, frontend: Frontend) -> None:
        self.fe = frontend
        self.svc = frontend.svc
        super().__init__()

    @app_commands.command(name="pause", description="Pause the game (nobody can play)")
    async def pause(self, interaction: discord.Interaction) -> None:
        await run(interaction, lambda a, c: self.svc.pause(c, a), PUBLIC)

    @app_commands.command(name="resume", description="Resume the paused game")
    async def resume(self, interaction: discord.Interaction) -> None:
        await run(interaction, lambda a, c: self.svc.resume(c, a), UPDATE)

    @app_commands.command(name="end", description="End the game now (it stays archived)")
    async def end(self, interaction: discord.Interaction) -> None:
        async def work(actor, cid):
            r = await self.svc.end(cid, actor)
            if r.ok:
                self.fe.turn_msgs.pop(cid, None)
            return r

        await run(interaction, work, PUBLIC)

    @app_commands.command(name="replace", description="Give a seat to another member")
    @app_commands.describe(seat="seat number 1-4 (turn order)", user="the member who takes it")
    async def replace(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 4],
        user: discord.Member,
    ) -> None:
        see = getattr(self.svc.fmt, "see", None)
        if see is not None:
            see(user)
        name = user.display_name
        await run(interaction, lambda a, c: self.svc.replace(c, a, seat - 1, user.id, name), UPDATE)

    @app_commands.command(
        name="remove", description="Remove a player: the bot plays that seat simply"
    )
    @app_commands.describe(seat="seat number 1-4 (turn order)")
    async def remove(
        self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 4]
    ) -> None:
        await run(interaction, lambda a, c: self.svc.replace(c, a, seat - 1, BOT_USER), UPDATE)

    @app_commands.command(name="rollback", description="Roll back the last action")
    async def rollback(self, interaction: discord.Interaction) -> None:
        await run(interaction, lambda a, c: self.svc.rollback(c, a), UPDATE)

    @app_commands.command(
        name="repair",
        description="Rebuild a game set aside after a failed check from its log",
    )
    async def repair(self, interaction: discord.Interaction) -> None:
        await run(interaction, lambda a, c: self.svc.repair(c, a), UPDATE)

    @app_commands.command(name="reminder", description="Turn reminders for this game")
    @app_commands.describe(minutes="remind the player after this many minutes (0 = off)")
    async def reminder(
        self, interaction: discord.Interaction, minutes: app_commands.Range[int, 0]
    ) -> None:
        await run(interaction, lambda a, c: self.svc.set_reminder(c, a, minutes), PUBLIC)

    @app_commands.command(name="timeout", description="Turn timeout: after it the bot plays")
    @app_commands.describe(minutes="play for the player after this many minutes (0 = never)")
    async def timeout(
        self, interaction: discord.Interaction, minutes: app_commands.Range[int, 0]
    ) -> None:
        await run(interaction, lambda a, c: self.svc.set_timeout(c, a, minutes), PUBLIC)

    @app_commands.command(
        name="export", description="This channel's game as a JSON file (only to you)"
    )
    async def export(self, interaction: discord.Interaction) -> None:
        await run(interaction, lambda a, c: self.svc.export(c, a), PRIVATE)

    @app_commands.command(
        name="import", description="Load a game from an export file into this channel"
    )
    @app_commands.describe(file="a black-angel-<id>.json file from /ba-mod export")
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        async def work(actor, cid):
            if file.size > MAX_EXPORT_BYTES:
                return fail(
                    f"That file is {file.size / 2**20:.1f} MiB; an export is at most "
                    f"{MAX_EXPORT_BYTES // 2**20} MiB. Nothing was imported."
                )
            if not actor.moderator:  # before downloading anything
                return fail("Only moderators can import a game.")
            data = await file.read()
            return await self.svc.import_game(cid, actor, data, guild_id=interaction.guild_id)

        await run(interaction, work, PUBLIC)
