"""``/ba games`` (the server's games, paged, with links) and ``/ba notify``
(opt-in DMs and quiet hours), mixed into the ``/ba`` group; ``/ba-server
threads`` (new games in their own thread) mixed into ``/ba-server``."""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot.cogs.respond import Visibility, frontend_of, run
from bot.service import Reply
from bot.views import dynamic_view

PRIVATE, PUBLIC = Visibility.PRIVATE, Visibility.PUBLIC


class GamesPage(
    discord.ui.DynamicItem[discord.ui.Button], template=r"ba:gl:(?P<p>\d+):(?P<l>[^:]{1,20})"
):
    """A page button of ``/ba games`` (the server comes from the interaction)."""

    def __init__(self, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"ba:gl:{page}:{label}"
            )
        )
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> GamesPage:
        return cls(int(match["p"]), match["l"])

    async def callback(self, interaction: discord.Interaction) -> None:
        fe = frontend_of(interaction)
        try:
            reply, page, pages = await fe.svc.games_page(interaction.guild_id, self.page)
            await interaction.response.edit_message(
                content=reply.text, view=games_view(page, pages)
            )
        except Exception as exc:
            await fe.sorry(interaction, exc, "a /ba games page")


def games_view(page: int, pages: int) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = dynamic_view()
    if page > 1:
        view.add_item(GamesPage(page - 1, "◀ Previous"))
    if page < pages:
        view.add_item(GamesPage(page + 1, "Next ▶"))
    return view


class TableCommands:
    """Mixed into the ``/ba`` group cog (``bot.cogs.game.GameCog``)."""

    @app_commands.command(name="games", description="This server's games, with links (only to you)")
    @app_commands.describe(page="1 = lobbies and running games first")
    async def games(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1] = 1
    ) -> None:
        fe = frontend_of(interaction)
        try:
            reply, page, pages = await fe.svc.games_page(interaction.guild_id, page)
            view = games_view(page, pages)
            kw = {"view": view} if view is not None else {}
            await interaction.response.send_message(
                reply.text,
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
                **kw,
            )
        except Exception as exc:
            await fe.sorry(interaction, exc, "/ba games")

    @app_commands.command(
        name="notify", description="DMs for your turns and reminders; quiet hours"
    )
    @app_commands.describe(
        dms="DM me when it is my turn (with a link)",
        reminders="DM me my turn reminders",
        quiet="quiet hours on your clock, e.g. 22-7 (off: none): no nudges, timeouts wait",
        utc_offset="your clock: hours from UTC, e.g. +2, -5, +5:30",
    )
    async def notify(
        self,
        interaction: discord.Interaction,
        dms: bool | None = None,
        reminders: bool | None = None,
        quiet: str | None = None,
        utc_offset: str | None = None,
    ) -> None:
        fe = frontend_of(interaction)

        async def work(actor, cid) -> Reply:
            return await fe.svc.notify_settings(
                actor, dms=dms, reminders=reminders, quiet=quiet, utc_offset=utc_offset
            )

        await run(interaction, work, PRIVATE)


class ServerTableCommands:
    """Mixed into the ``/ba-server`` group cog (``bot.cogs.server.ServerCog``)."""

    @app_commands.command(name="threads", description="Open new games in a thread of their own")
    @app_commands.describe(on="True: each new game gets its own thread (the default)")
    async def threads(self, interaction: discord.Interaction, on: bool) -> None:
        fe = frontend_of(interaction)
        await run(
            interaction,
            lambda a, c: fe.svc.set_game_threads(interaction.guild_id, a, on),
            PUBLIC,
        )


TABLE_COG_ITEMS = (GamesPage,)
