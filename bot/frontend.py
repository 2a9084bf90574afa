"""Discord glue: who is asking, where their game is, and a game update posted.

The :class:`Frontend` holds the parts of the bot layer, each its own object:

- :class:`~bot.turns.TurnMessages`: each channel's public turn message;
- :class:`~bot.desk.Desk`: private panels and decision DMs; the public turn
  message of a secret decision says who is choosing and offers "Show my
  choices", whose private panel then follows the player's decisions; a player
  who opted in to DMs gets their secret decisions there
  (:class:`~bot.notify.Notifier`: the plain "your turn" DM);
- :class:`~bot.buttons.PlayButtons`: what a decision's buttons do;
- :class:`~bot.notices.Notices`: reminders, timeouts and gateway events.

Answers to an interaction are in :mod:`bot.answers`. Here:

- an unexpected error is logged with the game and answered kindly; the service
  has already reloaded the game from storage;
- a post that fails after the move was saved says so, and names the
  permission the bot lacks.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot import perms
from bot.answers import post_failed_text, reply_privately
from bot.buttons import PlayButtons
from bot.desk import Desk
from bot.discordfmt import DiscordFmt
from bot.notices import Notices
from bot.notify import ACTING, Notifier
from bot.service import Actor, GameService, Reply
from bot.turns import TurnMessages

log = logging.getLogger(__name__)

SORRY = (
    "Something went wrong on our side; it is logged for the moderators. "
    "Look at the game (`/ba board`) and try again."
)


class Frontend:
    def __init__(self, service: GameService, client: Any = None) -> None:
        self.svc = service
        self.client = client
        self.inbox: dict[int, list[str]] = {}  # private lines for users not at hand
        self.turns = TurnMessages(service, client)
        self.notifier = Notifier(service, client)  # opt-in DMs (bot/notify.py)
        self.desk = Desk(self)  # private panels and decision DMs (bot/desk.py)
        self.buttons = PlayButtons(self)
        self.notices = Notices(self)
        # the service tells us of slow bot moves as they are made
        service.on_bot_progress = self.turns.bot_progress

    # ------------------------------------------------------------------ who

    async def actor(self, interaction: discord.Interaction) -> Actor:
        """Who is asking and what they may do, as Discord means it (see :mod:`bot.perms`)."""
        user = interaction.user
        ACTING.set(user.id)  # who caused what this interaction posts (turn DMs)
        fmt = self.svc.fmt
        if isinstance(fmt, DiscordFmt):
            fmt.see(user)
        admin = perms.is_server_admin(interaction)
        roles = perms.role_ids(interaction)
        mod = await self.svc.is_moderator(
            interaction.guild_id,
            manage=admin or perms.manages_channel(interaction),
            role_ids=roles,
        )
        name = getattr(user, "display_name", None)
        if isinstance(name, str):
            await self.svc.remember_name(user.id, name)
        return Actor(user.id, moderator=mod, role_ids=roles, admin=admin, name=name)

    # ------------------------------------------------------------------ where

    def channel_id(self, interaction: discord.Interaction) -> int:
        return int(interaction.channel_id or 0)

    async def game_channel_id(self, interaction: discord.Interaction, game_id: int) -> int:
        """The channel of the game a component belongs to: the interaction's
        channel, or for a button pressed in a DM the channel its game is played in."""
        if interaction.guild_id is not None or not game_id:
            return self.channel_id(interaction)
        try:
            return int((await self.svc.store.get_game(game_id)).channel_id)
        except Exception:
            return 0

    async def game_channel(self, interaction: discord.Interaction, cid: int) -> Any:
        """The channel to post a game's update in (the interaction's, unless it came in a DM)."""
        if cid == self.channel_id(interaction):
            return interaction.channel
        if self.client is None:
            return None
        channel = self.client.get_channel(cid)
        if channel is None:
            with contextlib.suppress(discord.HTTPException):
                channel = await self.client.fetch_channel(cid)
        return channel

    # ------------------------------------------------------------------ a game update

    async def publish(self, channel: Any, reply: Reply, *, pressed: Any = None) -> None:
        """Post or edit the channel's turn message for a game update, then tell
        its private followers."""
        if channel is None:
            return
        msg = await self.turns.post(channel, reply, pressed=pressed)
        await self._after_post(channel, reply, msg)

    async def _after_post(self, channel: Any, reply: Reply, message: Any) -> None:
        """Private followers of the update: panels and decision DMs, else the
        plain "your turn" DM to a player who opted in."""
        told = False
        try:
            told = await self.desk.follow(channel, reply, message)
        except Exception:
            log.exception("channel %s: private panels not updated", getattr(channel, "id", "?"))
        if not told:
            await self.notifier.turn_posted(channel, reply, message)

    async def private(self, interaction: discord.Interaction, reply: Reply) -> None:
        """Send each user their private lines: the presser ephemerally, others later."""
        me = interaction.user.id
        for uid, lines in reply.private.items():
            if uid == me:
                await interaction.followup.send("🔒 " + "\n".join(lines), ephemeral=True)
            else:
                self.inbox.setdefault(uid, []).extend(lines)

    async def game_update(
        self, interaction: discord.Interaction, reply: Reply, *, channel: Any = None
    ) -> None:
        """A command that changed the game: channel update + a private ack.
        ``channel``: where the game is, when not here (a moderator's ``game:``)."""
        if not reply.ok:
            await interaction.followup.send(reply.text, ephemeral=True)
            return
        failed = await self.try_publish(interaction, reply, channel=channel)
        await interaction.followup.send(failed or "✔ Done.", ephemeral=True)
        await self.private(interaction, reply)

    async def try_publish(
        self,
        interaction: discord.Interaction,
        reply: Reply,
        *,
        pressed: Any = None,
        channel: Any = None,
    ) -> str | None:
        """Publish a saved change (in ``channel``, default the interaction's);
        None when posted, else what to tell the user: the change is saved, and
        which permission the bot lacks here."""
        try:
            await self.publish(channel or interaction.channel, reply, pressed=pressed)
            return None
        except discord.HTTPException as exc:
            game = reply.turn.game_id if reply.turn is not None else "?"
            log.warning(
                "game %s: saved, but the post in channel %s failed: %s",
                game,
                interaction.channel_id,
                exc,
            )
            return post_failed_text(interaction, exc)

    # ------------------------------------------------------------------ errors

    async def sorry(self, interaction: discord.Interaction, exc: BaseException, where: str) -> None:
        """Answer an unexpected error kindly and log it with the channel's game."""
        cid = self.channel_id(interaction)
        try:
            game: int | str | None = await self.svc.current_game_id(cid)
        except Exception:
            game = "?"
        log.error("game %s (channel %s): %s failed", game, cid, where, exc_info=exc)
        await reply_privately(interaction, SORRY)
