"""``/ba-server``: the server's settings. Server-only; Manage Server.

Discord shows the group only to members with Manage Server (set as its
``default_member_permissions``) and the service checks it again when a
command runs, at server level (``member.guild_permissions``), never with one
channel's overwrites.
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.respond import Visibility, run
from bot.cogs.table import ServerTableCommands
from bot.frontend import Frontend
from bot.limits import DEFAULT_TIMEOUT_HOURS, MAX_REMINDER_MINUTES, MAX_TIMEOUT_HOURS

PRIVATE, PUBLIC = Visibility.PRIVATE, Visibility.PUBLIC


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ServerCog(
    ServerTableCommands,
    commands.GroupCog,
    group_name="ba-server",
    group_description="Black Angel's server settings",
):
    def __init__(self, frontend: Frontend) -> None:
        self.fe = frontend
        self.svc = frontend.svc
        super().__init__()

    @app_commands.command(name="policy", description="Who may create games on this server")
    @app_commands.describe(who="anyone, or only moderators")
    async def policy(
        self, interaction: discord.Interaction, who: Literal["anyone", "moderators"]
    ) -> None:
        await run(
            interaction, lambda a, c: self.svc.set_policy(interaction.guild_id, a, who), PUBLIC
        )

    @app_commands.command(name="modrole", description="The role whose members moderate games")
    @app_commands.describe(role="the moderator role; leave empty to have none")
    async def modrole(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        role_id = role.id if role is not None else None
        await run(
            interaction,
            lambda a, c: self.svc.set_policy(interaction.guild_id, a, role_id=role_id),
            PUBLIC,
        )

    @app_commands.command(name="reminder", description="Default turn reminder on this server")
    @app_commands.describe(
        minutes=f"remind a player after this many minutes (0 = the default, at most {MAX_REMINDER_MINUTES})"
    )
    async def reminder(
        self,
        interaction: discord.Interaction,
        minutes: app_commands.Range[int, 0, MAX_REMINDER_MINUTES],
    ) -> None:
        await run(
            interaction,
            lambda a, c: self.svc.set_reminder(
                c, a, minutes, guild_id=interaction.guild_id, server_wide=True
            ),
            PUBLIC,
        )

    @app_commands.command(
        name="timeout", description="Default turn timeout on this server: after it the bot plays"
    )
    @app_commands.describe(
        hours=(
            f"hours a turn may wait before the bot plays it (0 = the default, "
            f"{DEFAULT_TIMEOUT_HOURS}; at most {MAX_TIMEOUT_HOURS})"
        )
    )
    async def timeout(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[int, 0, MAX_TIMEOUT_HOURS],
    ) -> None:
        await run(
            interaction,
            lambda a, c: self.svc.set_server_timeout(interaction.guild_id, a, hours),
            PUBLIC,
        )

    @app_commands.command(name="lobbies", description="How long a lobby may wait to start")
    @app_commands.describe(
        days="close a lobby not started after this many days (0 = 7, the default)"
    )
    async def lobbies(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 365]
    ) -> None:
        await run(
            interaction,
            lambda a, c: self.svc.set_lobby_days(interaction.guild_id, a, days),
            PUBLIC,
        )
