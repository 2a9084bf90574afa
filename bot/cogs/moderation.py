"""``/ba-mod``: moderating this channel's game. Server-only.

A top-level group, because Discord hides commands from members without the
``default_member_permissions`` only on top-level commands (not on a
subgroup): here Manage Channels. Server admins can show it to more members
(the moderator role) in Server Settings → Integrations. Every command is
still checked when it runs: Manage Channels in *this* channel, Manage Server,
or the server's moderator role (see :mod:`bot.perms`).

Every command works on this channel's game, or on the game ``game:`` names from
any channel of the server (a game whose thread was deleted, say); ``move``
brings a game into this channel, where its board and buttons work again.
``export`` and ``repair`` also take a game that is over (finished or ended) by
id; the others refuse it and say why (bot/service/absence.py ``ON_GAMES_OVER``).
"""

from __future__ import annotations

import contextlib
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.game import bot_can_play_here
from bot.cogs.respond import Visibility, run
from bot.frontend import Frontend
from bot.limits import MAX_REMINDER_MINUTES, MAX_TIMEOUT_MINUTES
from bot.service import BOT_USER, Reply, fail
from storage import StorageError
from storage.transfer import MAX_EXPORT_BYTES

log = logging.getLogger(__name__)

PRIVATE, PUBLIC, UPDATE = Visibility.PRIVATE, Visibility.PUBLIC, Visibility.UPDATE

GAME = "a game id (#4 in /ba games): that game, from any channel; default: this channel's"
GameId = app_commands.Range[int, 1]


@app_commands.guild_only()
@app_commands.default_permissions(manage_channels=True)
class ModerationCog(
    commands.GroupCog,
    group_name="ba-mod",
    group_description="Moderate a game: this channel's, or any of the server's with game:<id>",
):
    def __init__(self, frontend: Frontend) -> None:
        self.fe = frontend
        self.svc = frontend.svc
        super().__init__()

    @app_commands.command(name="pause", description="Pause the game (nobody can play)")
    @app_commands.describe(game=GAME)
    async def pause(self, interaction: discord.Interaction, game: GameId | None = None) -> None:
        async def work(actor, cid):
            r = await self.svc.pause(cid, actor)
            if r.ok:
                try:
                    await self.fe.turns.take_buttons_away(cid)
                except Exception:  # paused and stored: the moderator is told so all the same
                    log.exception("channel %s: the paused game's turn message not edited", cid)
            return r

        await run(interaction, work, PUBLIC, game=game)

    @app_commands.command(name="resume", description="Resume the paused game")
    @app_commands.describe(game=GAME)
    async def resume(self, interaction: discord.Interaction, game: GameId | None = None) -> None:
        await run(interaction, lambda a, c: self.svc.resume(c, a), UPDATE, game=game)

    @app_commands.command(name="end", description="End the game now (it stays archived)")
    @app_commands.describe(game=GAME)
    async def end(self, interaction: discord.Interaction, game: GameId | None = None) -> None:
        async def work(actor, cid):
            r = await self.svc.end(cid, actor)
            if r.ok:
                try:
                    await self._retire_buttons(cid)
                except Exception:  # ended and stored: the moderator is told so all the same
                    log.exception("channel %s: the ended game's buttons not taken away", cid)
            return r

        await run(interaction, work, PUBLIC, game=game)

    async def _retire_buttons(self, cid: int) -> None:
        """The ended game's buttons go: on its turn message, and on the open
        private panels and decision DMs of its players (typed in another
        channel, the end is no update of that channel: nothing else takes
        them away). A message Discord refuses to edit keeps them; a click
        there is told the game is over."""
        await self.fe.turns.take_buttons_away(cid)
        channel = self.fe.client.get_channel(cid) if self.fe.client is not None else None
        if channel is not None:
            await self.fe.desk.follow(channel, Reply(""), None)

    @app_commands.command(
        name="move", description="Move a game into this channel (e.g. after its thread was deleted)"
    )
    @app_commands.describe(game="the game's id (#4 in /ba games)")
    async def move(self, interaction: discord.Interaction, game: GameId) -> None:
        async def work(actor, cid):
            try:
                old: int | None = (await self.svc.store.get_game(game)).channel_id
            except StorageError:
                old = None  # the service says why it cannot move it
            r = await self.svc.move(cid, actor, game, guild_id=interaction.guild_id)
            if r.ok and old is not None and old != cid:
                try:
                    await self._tell_moved(old, game, cid, actor.user_id)
                except Exception:  # moved and stored: the moderator is told so all the same
                    log.exception("channel %s: not told that game %s moved", old, game)
            return r

        await run(interaction, work, UPDATE, check=bot_can_play_here)

    async def _tell_moved(self, old: int, game: int, new: int, mod: int) -> None:
        """The channel a game left, when it is still there: its turn message's
        buttons go (a click there would find no game), and its players are
        told where the game went on."""
        await self.fe.turns.take_buttons_away(old)
        channel = self.fe.client.get_channel(old) if self.fe.client is not None else None
        if channel is None:  # deleted: the usual reason for a move
            return
        with contextlib.suppress(discord.HTTPException):
            await channel.send(
                f"📦 {self.svc.fmt.mention(mod)} (moderator) moved game #{game} to <#{new}>:"
                " it goes on there.",
                allowed_mentions=discord.AllowedMentions.none(),
            )

    @app_commands.command(name="replace", description="Give a seat to another member")
    @app_commands.describe(
        seat="seat number 1-4 (turn order)", user="the member who takes it", game=GAME
    )
    async def replace(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 4],
        user: discord.Member,
        game: GameId | None = None,
    ) -> None:
        see = getattr(self.svc.fmt, "see", None)
        if see is not None:
            see(user)
        name = user.display_name
        await run(
            interaction,
            lambda a, c: self.svc.replace(c, a, seat - 1, user.id, name),
            UPDATE,
            game=game,
        )

    @app_commands.command(
        name="remove", description="Remove a player: the bot plays their seat from now on"
    )
    @app_commands.describe(seat="seat number 1-4 (turn order)", game=GAME)
    async def remove(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 4],
        game: GameId | None = None,
    ) -> None:
        await run(
            interaction,
            lambda a, c: self.svc.replace(c, a, seat - 1, BOT_USER),
            UPDATE,
            game=game,
        )

    @app_commands.command(
        name="rollback", description="Roll back the last player's action (announced in full)"
    )
    @app_commands.describe(game=GAME)
    async def rollback(self, interaction: discord.Interaction, game: GameId | None = None) -> None:
        await run(interaction, lambda a, c: self.svc.rollback(c, a), UPDATE, game=game)

    @app_commands.command(
        name="repair",
        description="Rebuild a game set aside after a failed check from its log",
    )
    @app_commands.describe(game=GAME)
    async def repair(self, interaction: discord.Interaction, game: GameId | None = None) -> None:
        await run(interaction, lambda a, c: self.svc.repair(c, a, game_id=game), UPDATE, game=game)

    @app_commands.command(name="reminder", description="Turn reminders for this game")
    @app_commands.describe(
        minutes=f"remind the player after this many minutes (0 = off, at most {MAX_REMINDER_MINUTES})",
        game=GAME,
    )
    async def reminder(
        self,
        interaction: discord.Interaction,
        minutes: app_commands.Range[int, 0, MAX_REMINDER_MINUTES],
        game: GameId | None = None,
    ) -> None:
        await run(interaction, lambda a, c: self.svc.set_reminder(c, a, minutes), PUBLIC, game=game)

    @app_commands.command(name="timeout", description="Turn timeout: after it the bot plays")
    @app_commands.describe(
        minutes=(
            f"play for the player after this many minutes (0 = the server's default, "
            f"at most {MAX_TIMEOUT_MINUTES})"
        ),
        game=GAME,
    )
    async def timeout(
        self,
        interaction: discord.Interaction,
        minutes: app_commands.Range[int, 0, MAX_TIMEOUT_MINUTES],
        game: GameId | None = None,
    ) -> None:
        await run(interaction, lambda a, c: self.svc.set_timeout(c, a, minutes), PUBLIC, game=game)

    @app_commands.command(
        name="export",
        description="A game as a JSON file, only to you: this channel's, or any with game:<id>",
    )
    @app_commands.describe(game=GAME)
    async def export(self, interaction: discord.Interaction, game: GameId | None = None) -> None:
        await run(interaction, lambda a, c: self.svc.export(c, a, game_id=game), PRIVATE, game=game)

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
