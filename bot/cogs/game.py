"""``/ba``: the players' commands (lobby, playing, looking). Server-only.

Each command says how its answer is shown (:class:`~bot.cogs.respond.Visibility`)
and hands the work to the service; :func:`bot.cogs.respond.run` does the rest.
Moderators' commands are in :mod:`bot.cogs.moderation` (``/ba-mod``), server
settings in :mod:`bot.cogs.server` (``/ba-server``).
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import perms
from bot import text as T
from bot.cogs.history import HistoryCommands
from bot.cogs.respond import Visibility, run, run_for_game
from bot.cogs.table import TableCommands
from bot.frontend import Frontend
from bot.limits import DEFAULT_TIMEOUT_HOURS, MAX_TIMEOUT_HOURS
from bot.service import Reply

Colour = Literal["blue", "red", "yellow", "purple"]
Difficulty = Literal["easy", "standard", "difficult", "extreme"]

PRIVATE, PUBLIC, UPDATE = Visibility.PRIVATE, Visibility.PUBLIC, Visibility.UPDATE


def bot_can_play_here(interaction: discord.Interaction) -> str | None:
    """Refuse to open or start a game where the bot cannot post its messages."""
    missing = perms.missing_for_bot(interaction)
    if not missing:
        return None
    return (
        f"I cannot run a game here: I am missing {perms.missing_text(missing)} in this channel. "
        "A moderator can grant it (channel settings → Permissions → Black Angel), then try again."
    )


@app_commands.guild_only()
class GameCog(
    TableCommands,
    HistoryCommands,
    commands.GroupCog,
    group_name="ba",
    group_description="Play Black Angel here",
):
    """The ``/ba`` group."""

    def __init__(self, frontend: Frontend) -> None:
        self.fe = frontend
        self.svc = frontend.svc
        super().__init__()

    # ------------------------------------------------------------------ lobby

    def _lobby_change(self, work):  # type: ignore[no-untyped-def]
        """``work`` then, when it succeeded, the lobby message refreshed (its buttons)."""
        from bot.lobby import refresh_lobby

        async def wrapped(actor, cid):  # type: ignore[no-untyped-def]
            reply = await work(actor, cid)
            if reply.ok:
                await refresh_lobby(self.fe, cid)
            return reply

        return wrapped

    @app_commands.command(name="new", description="Create a game in this channel")
    @app_commands.describe(
        players="1-4 players (1 = solo against Hal)",
        advanced="use the advanced rules",
        order="seat order at start: random, or the lobby's join order",
        difficulty="solo only: Hal's difficulty",
        bots="seats played by bots (e.g. 2 in a 3-player game: you against two bots)",
        bot_level="how well the bots play: simple (quick) or strong (searches ~1 s a move)",
        timeout_hours=(
            f"hours a turn may wait before the bot plays it (default: the server's, "
            f"else {DEFAULT_TIMEOUT_HOURS})"
        ),
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
        timeout_hours: app_commands.Range[int, 1, MAX_TIMEOUT_HOURS] | None = None,
    ) -> None:
        from bot.lobby import open_game  # a thread, the lobby message and its buttons

        await open_game(
            self.fe,
            interaction,
            players=players,
            advanced=advanced,
            order=order,
            difficulty=difficulty,
            bots=bots,
            bot_level=bot_level,
            timeout_hours=timeout_hours,
        )

    @app_commands.command(
        name="join", description="Join this channel's lobby, or take back your seat from the bot"
    )
    @app_commands.describe(colour="the colour you would like (if still free)")
    async def join(self, interaction: discord.Interaction, colour: Colour | None = None) -> None:
        from bot.lobby import follow_thread

        async def work(actor, cid):  # type: ignore[no-untyped-def]
            reply = await self.svc.join(cid, actor, colour)
            if reply.ok:  # in the game's thread: follow it, as the Join button does
                await follow_thread(interaction)
            return reply

        await run_for_game(interaction, self._lobby_change(work), PUBLIC)

    @app_commands.command(name="leave", description="Leave this channel's lobby")
    async def leave(self, interaction: discord.Interaction) -> None:
        await run_for_game(
            interaction, self._lobby_change(lambda a, c: self.svc.leave(c, a)), PUBLIC
        )

    @app_commands.command(name="colour", description="Pick the colour you would like")
    @app_commands.describe(colour="blue, red, yellow or purple")
    async def colour(self, interaction: discord.Interaction, colour: Colour) -> None:
        await run_for_game(
            interaction, self._lobby_change(lambda a, c: self.svc.colour(c, a, colour)), PUBLIC
        )

    @app_commands.command(name="cancel", description="Close the lobby without playing")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await run_for_game(
            interaction, self._lobby_change(lambda a, c: self.svc.cancel(c, a)), PUBLIC
        )

    @app_commands.command(name="start", description="Start the game (its creator or a moderator)")
    async def start(self, interaction: discord.Interaction) -> None:
        await run_for_game(
            interaction,
            self._lobby_change(lambda a, c: self.svc.start(c, a)),
            UPDATE,
            check=bot_can_play_here,
        )

    # ------------------------------------------------------------------ playing

    @app_commands.command(name="play", description="Answer your pending decision")
    @app_commands.describe(option="start typing: your legal options are offered")
    async def play(self, interaction: discord.Interaction, option: str) -> None:
        await run_for_game(interaction, lambda a, c: self.svc.choose(c, a, option), UPDATE)

    @play.autocomplete("option")
    async def play_option(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        cid = self.fe.channel_id(interaction)
        try:
            await self.svc.games.entry(cid)
        except Exception:
            return []
        pairs = self.svc.autocomplete(cid, interaction.user.id, current)
        return [app_commands.Choice(name=name, value=value) for name, value in pairs]

    @app_commands.command(name="choices", description="Show your pending choices (only to you)")
    async def choices(self, interaction: discord.Interaction) -> None:
        await run_for_game(interaction, lambda a, c: self.fe.desk.opening(c, a), PRIVATE)

    @app_commands.command(
        name="resign", description="Leave the running game: the bot plays your seat from now on"
    )
    async def resign(self, interaction: discord.Interaction) -> None:
        await run_for_game(interaction, lambda a, c: self.svc.resign(c, a), UPDATE)

    @app_commands.command(name="undo", description="Take back your last decision of this turn")
    async def undo(self, interaction: discord.Interaction) -> None:
        await run_for_game(interaction, lambda a, c: self.svc.undo(c, a), UPDATE)

    # ------------------------------------------------------------------ looking

    @app_commands.command(name="board", description="Show the board, or a seat's player board")
    @app_commands.describe(
        colour="A seat's player board: its grid, Advanced slots, tucked Missions and ejected "
        "tiles (public; never its hand)"
    )
    async def board(self, interaction: discord.Interaction, colour: Colour | None = None) -> None:
        async def work(actor, cid):
            if colour is not None:  # every player board is public at the table
                return await self.svc.player_board(cid, colour)
            r = await self.svc.board(cid)
            r.turn = None
            return r

        await run_for_game(interaction, work, PUBLIC)

    @app_commands.command(name="hand", description="Your hand and player board (only to you)")
    async def hand(self, interaction: discord.Interaction) -> None:
        async def work(actor, cid):
            r = await self.svc.hand(cid, actor)
            extra = self.fe.inbox.pop(actor.user_id, [])
            if extra and r.ok:
                r.text += "\n🔒 Since your last look:\n" + "\n".join(extra)
            return r

        await run_for_game(interaction, work, PRIVATE)

    @app_commands.command(name="log", description="Recent events of this channel's game")
    @app_commands.describe(page="1 = the most recent events, 2 = those before, …")
    async def log_(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1] = 1
    ) -> None:
        await run_for_game(interaction, lambda a, c: self.svc.event_log(c, page), PUBLIC)

    @app_commands.command(name="scores", description="Scores now, or the final breakdown")
    async def scores(self, interaction: discord.Interaction) -> None:
        await run_for_game(interaction, lambda a, c: self.svc.scores(c), PUBLIC)

    @app_commands.command(name="rules", description="A short rule summary (only to you)")
    @app_commands.describe(topic="which part of the rules")
    async def rules(
        self,
        interaction: discord.Interaction,
        topic: Literal[tuple(T.RULES)] | None = None,  # type: ignore[valid-type]
    ) -> None:
        async def work(actor, cid):
            return Reply(T.rule_topic(topic), ephemeral=True)

        await run(interaction, work, PRIVATE)

    @app_commands.command(name="help", description="The bot's commands (only to you)")
    async def help(self, interaction: discord.Interaction) -> None:
        tree = interaction.client.tree  # type: ignore[attr-defined]

        async def work(actor, cid):
            return Reply(T.help_from_tree(tree), ephemeral=True)

        await run(interaction, work, PRIVATE)

    @app_commands.command(name="mute", description="Mute (or unmute) your turn pings in this game")
    @app_commands.describe(on="True: no pings for your turns; False: pings again")
    async def mute(self, interaction: discord.Interaction, on: bool = True) -> None:
        await run_for_game(interaction, lambda a, c: self.svc.mute(c, a, on), PRIVATE)
