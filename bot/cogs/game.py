"""The ``/ba`` slash commands (and ``/ba mod …`` for moderators).

Each command acknowledges at once (``defer``), asks the service, then answers:
game changes go to the channel's turn message (see :mod:`bot.frontend`), private
things ephemerally.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import text as T
from bot.frontend import SORRY, Frontend
from bot.service import BOT_USER, Reply

log = logging.getLogger(__name__)

Colour = Literal["blue", "red", "yellow", "purple"]
Difficulty = Literal["easy", "standard", "difficult", "extreme"]


class GameCog(commands.Cog):
    ba = app_commands.Group(name="ba", description="Play Black Angel in this channel")
    mod = app_commands.Group(name="mod", description="Moderate this channel's game", parent=ba)

    def __init__(self, frontend: Frontend, *, tick_seconds: float = 60.0) -> None:
        self.fe = frontend
        self.svc = frontend.svc
        self.reminders.change_interval(seconds=tick_seconds)

    async def cog_load(self) -> None:
        self.reminders.start()

    async def cog_unload(self) -> None:
        self.reminders.cancel()

    @tasks.loop(seconds=60)
    async def reminders(self) -> None:
        try:
            await self.fe.post_notices(await self.svc.tick())
        except Exception:
            log.exception("reminder task failed")

    # ------------------------------------------------------------------ helpers

    async def _run(self, interaction: discord.Interaction, work, *, ephemeral: bool, update: bool):
        """defer -> work(actor, channel_id) -> answer; errors answered kindly."""
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        try:
            actor = await self.fe.actor(interaction)
            reply: Reply = await work(actor, self.fe.channel_id(interaction))
            if update and reply.ok:
                await self.fe.game_update(interaction, reply)
            else:
                if not reply.ok and not ephemeral:
                    await _drop_thinking(interaction)
                await self.fe.answer(interaction, reply)
        except Exception:
            log.exception("channel %s: /ba command failed", interaction.channel_id)
            await interaction.followup.send(SORRY, ephemeral=True)

    # ------------------------------------------------------------------ lobby

    @ba.command(name="new", description="Create a game in this channel")
    @app_commands.describe(
        players="1-4 (1 = solo against Hal)",
        advanced="use the advanced rules",
        order="seat order at start: random, or the lobby's join order",
        difficulty="solo: Hal's difficulty",
        bots="seats played by bots (e.g. 2 in a 3-player game: you against two bots)",
        bot_level="how well the bots play: simple (quick) or strong (searches ~1 s a move)",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[int, 1, 4] = 2,
        advanced: bool = False,
        order: Literal["random", "lobby"] = "random",
        difficulty: Difficulty | None = None,
        bots: app_commands.Range[int, 0, 3] = 0,
        bot_level: Literal["simple", "strong"] = "simple",
    ) -> None:
        async def work(actor, cid):
            return await self.svc.create(
                cid,
                actor,
                players,
                guild_id=interaction.guild_id,
                advanced=advanced,
                difficulty=difficulty,
                order=order,
                bots=bots,
                bot_level=bot_level,
            )

        await self._run(interaction, work, ephemeral=False, update=False)

    @ba.command(name="join", description="Join the game in this channel's lobby")
    async def join(self, interaction: discord.Interaction, colour: Colour | None = None) -> None:
        await self._run(
            interaction, lambda a, c: self.svc.join(c, a, colour), ephemeral=False, update=False
        )

    @ba.command(name="leave", description="Leave the lobby")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._run(
            interaction, lambda a, c: self.svc.leave(c, a), ephemeral=False, update=False
        )

    @ba.command(name="colour", description="Pick a colour in the lobby")
    async def colour(self, interaction: discord.Interaction, colour: Colour) -> None:
        await self._run(
            interaction, lambda a, c: self.svc.colour(c, a, colour), ephemeral=False, update=False
        )

    @ba.command(name="start", description="Start the game (its creator or a moderator)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, lambda a, c: self.svc.start(c, a), ephemeral=True, update=True)

    # ------------------------------------------------------------------ playing

    @ba.command(name="play", description="Answer your pending decision")
    @app_commands.describe(option="start typing: the legal options are offered")
    async def play(self, interaction: discord.Interaction, option: str) -> None:
        await self._run(
            interaction, lambda a, c: self.svc.choose(c, a, option), ephemeral=True, update=True
        )

    @play.autocomplete("option")
    async def play_option(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        cid = self.fe.channel_id(interaction)
        try:
            await self.svc._entry(cid)
        except Exception:
            return []
        pairs = self.svc.autocomplete(cid, interaction.user.id, current)
        return [app_commands.Choice(name=name, value=value) for name, value in pairs]

    @ba.command(name="choices", description="Show your pending choices (only to you)")
    async def choices(self, interaction: discord.Interaction) -> None:
        await self._run(
            interaction, lambda a, c: self.svc.choices(c, a), ephemeral=True, update=False
        )

    @ba.command(name="undo", description="Take back your last decision of this turn")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, lambda a, c: self.svc.undo(c, a), ephemeral=True, update=True)

    @ba.command(name="board", description="Show the board")
    async def board(self, interaction: discord.Interaction) -> None:
        async def work(actor, cid):
            r = await self.svc.board(cid)
            r.turn = None
            return r

        await self._run(interaction, work, ephemeral=False, update=False)

    @ba.command(name="hand", description="Your hand and player board (only to you)")
    async def hand(self, interaction: discord.Interaction) -> None:
        async def work(actor, cid):
            r = await self.svc.hand(cid, actor)
            extra = self.fe.inbox.pop(actor.user_id, [])
            if extra and r.ok:
                r.text += "\n🔒 Since your last look:\n" + "\n".join(extra)
            return r

        await self._run(interaction, work, ephemeral=True, update=False)

    @ba.command(name="log", description="Recent events (page 1 = most recent)")
    async def log_(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1] = 1
    ) -> None:
        await self._run(
            interaction, lambda a, c: self.svc.event_log(c, page), ephemeral=False, update=False
        )

    @ba.command(name="scores", description="Scores now, or the final breakdown")
    async def scores(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, lambda a, c: self.svc.scores(c), ephemeral=False, update=False)

    @ba.command(name="rules", description="A short rule summary")
    async def rules(
        self,
        interaction: discord.Interaction,
        topic: Literal[tuple(T.RULES)] | None = None,  # type: ignore[valid-type]
    ) -> None:
        async def work(actor, cid):
            return Reply(T.rule_topic(topic), ephemeral=True)

        await self._run(interaction, work, ephemeral=True, update=False)

    @ba.command(name="help", description="How to play here")
    async def help(self, interaction: discord.Interaction) -> None:
        async def work(actor, cid):
            return Reply(T.HELP, ephemeral=True)

        await self._run(interaction, work, ephemeral=True, update=False)

    @ba.command(name="mute", description="Mute (or unmute) turn pings for this game")
    async def mute(self, interaction: discord.Interaction, on: bool = True) -> None:
        await self._run(
            interaction, lambda a, c: self.svc.mute(c, a, on), ephemeral=True, update=False
        )

    # ------------------------------------------------------------------ moderators

    @mod.command(name="pause", description="Pause the game")
    async def pause(self, interaction: discord.Interaction) -> None:
        await self._run(
            interaction, lambda a, c: self.svc.pause(c, a), ephemeral=False, update=False
        )

    @mod.command(name="resume", description="Resume the game")
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._run(
            interaction, lambda a, c: self.svc.resume(c, a), ephemeral=True, update=True
        )

    @mod.command(name="end", description="End the game now (it stays archived)")
    async def end(self, interaction: discord.Interaction) -> None:
        async def work(actor, cid):
            r = await self.svc.end(cid, actor)
            if r.ok:
                self.fe.turn_msgs.pop(cid, None)
            return r

        await self._run(interaction, work, ephemeral=False, update=False)

    @mod.command(name="replace", description="Give a seat to another member")
    @app_commands.describe(seat="seat number 1-4 (turn order)", user="the new player")
    async def replace(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 4],
        user: discord.User,
    ) -> None:
        see = getattr(self.svc.fmt, "see", None)
        if see is not None:
            see(user)
        await self._run(
            interaction,
            lambda a, c: self.svc.replace(c, a, seat - 1, user.id),
            ephemeral=True,
            update=True,
        )

    @mod.command(name="remove", description="Remove a player: the bot plays that seat simply")
    async def remove(
        self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 4]
    ) -> None:
        await self._run(
            interaction,
            lambda a, c: self.svc.replace(c, a, seat - 1, BOT_USER),
            ephemeral=True,
            update=True,
        )

    @mod.command(name="rollback", description="Roll back the last action")
    async def rollback(self, interaction: discord.Interaction) -> None:
        await self._run(
            interaction, lambda a, c: self.svc.rollback(c, a), ephemeral=True, update=True
        )

    @mod.command(name="reminder", description="Turn reminder interval (0 = off for this game)")
    async def reminder(
        self,
        interaction: discord.Interaction,
        minutes: app_commands.Range[int, 0],
        server: bool = False,
    ) -> None:
        await self._run(
            interaction,
            lambda a, c: self.svc.set_reminder(
                c, a, minutes, guild_id=interaction.guild_id, server_wide=server
            ),
            ephemeral=False,
            update=False,
        )

    @mod.command(name="timeout", description="Turn timeout: after it the bot plays (0 = none)")
    async def timeout(
        self, interaction: discord.Interaction, minutes: app_commands.Range[int, 0]
    ) -> None:
        await self._run(
            interaction,
            lambda a, c: self.svc.set_timeout(c, a, minutes),
            ephemeral=False,
            update=False,
        )

    @mod.command(name="export", description="Export this channel's game as JSON (bug reports)")
    async def export(self, interaction: discord.Interaction) -> None:
        await self._run(
            interaction, lambda a, c: self.svc.export(c, a), ephemeral=False, update=False
        )

    @mod.command(name="policy", description="Who may create games; the moderator role")
    async def policy(
        self,
        interaction: discord.Interaction,
        who: Literal["anyone", "moderators"] | None = None,
        role: discord.Role | None = None,
        clear_role: bool = False,
    ) -> None:
        role_arg: int | None | bool = None if clear_role else (role.id if role else False)
        await self._run(
            interaction,
            lambda a, c: self.svc.set_policy(interaction.guild_id, a, who, role_arg),
            ephemeral=False,
            update=False,
        )


async def _drop_thinking(interaction: discord.Interaction) -> None:
    """A public 'thinking…' placeholder is removed before a private refusal."""
    with contextlib.suppress(discord.HTTPException):
        await interaction.delete_original_response()
