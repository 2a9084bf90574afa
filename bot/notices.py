"""What happens without an interaction: reminders and timeouts posted, and the
gateway's events (a channel or thread deleted, a member who left).

A deleted channel or thread (a gateway event, or a post answered "not found")
pauses its game and tells the parent channel; a member who left the server is
no longer pinged.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import perms
from bot.service import Reply

if TYPE_CHECKING:
    from bot.frontend import Frontend

log = logging.getLogger(__name__)


class Notices:
    """The bot's posts of its own accord (see the module doc)."""

    def __init__(self, frontend: Frontend) -> None:
        self.fe = frontend

    async def post(self, notices: list[Reply]) -> None:
        """Reminders and timeouts from :meth:`GameService.tick`."""
        fe = self.fe
        for r in notices:
            if r.channel_id is None or fe.client is None:
                continue
            channel = fe.client.get_channel(r.channel_id)
            if channel is None:
                try:
                    channel = await fe.client.fetch_channel(r.channel_id)
                except discord.NotFound:
                    log.warning("channel %s is gone; its game is paused", r.channel_id)
                    await self.channel_deleted(r.channel_id, None, thread=None)
                    continue
                except discord.HTTPException:
                    log.warning("channel %s cannot be fetched; notice dropped", r.channel_id)
                    continue
            try:
                # a reminder must ping: always a new message
                r.new_turn = True
                await fe.publish(channel, r)
                for uid, lines in r.private.items():
                    fe.inbox.setdefault(uid, []).extend(lines)
            except discord.NotFound:  # deleted, and the gateway's event missed
                log.warning("channel %s is gone; its game is paused", r.channel_id)
                await self.channel_deleted(
                    r.channel_id,
                    getattr(channel, "parent_id", None),
                    guild=getattr(channel, "guild", None),
                    thread=isinstance(channel, discord.Thread),
                )
            except discord.Forbidden as exc:  # nobody would see its turns
                await self.cannot_post(channel, r.channel_id, exc)
            except discord.HTTPException:
                log.exception("channel %s: cannot post a notice", r.channel_id)
        await fe.notifier.send_pending()

    async def cannot_post(self, channel: Any, channel_id: int, exc: discord.Forbidden) -> None:
        """A reminder or a timeout could not be posted (a permission taken from
        the bot, a locked thread): the game is paused and its parent or system
        channel told why."""
        missing = perms.missing_in(channel)
        if missing:
            why = f"I am missing {perms.missing_text(missing)}"
        else:  # its permissions are there: say what Discord said
            why = f"Discord refused it: {exc.text or exc.status}"
        notice = await self.fe.svc.cannot_post(channel_id, why)
        if notice is not None:
            parent = getattr(channel, "parent", None)
            await self._tell(parent, getattr(channel, "guild", None), channel_id, notice)

    async def channel_deleted(
        self,
        channel_id: int,
        parent_id: int | None,
        *,
        guild: Any = None,
        thread: bool | None = True,
    ) -> None:
        """A channel or thread was deleted: its game is paused (a lobby closed) and
        the parent channel told, with how to move or end the game; for a channel
        (no parent left to tell) its server's system channel, where there is one."""
        fe = self.fe
        fe.turns.forget(channel_id)
        notice = await fe.svc.channel_gone(channel_id, thread=thread)
        if notice is None or fe.client is None:
            return
        parent = fe.client.get_channel(parent_id) if parent_id is not None else None
        await self._tell(parent, guild, channel_id, notice)

    async def _tell(self, parent: Any, guild: Any, channel_id: int, notice: Reply) -> None:
        """Post ``notice`` about the game of ``channel_id`` where people see it:
        the thread's parent channel, else (none, or deleted with the thread)
        the server's system channel."""
        system = getattr(guild, "system_channel", None) if guild is not None else None
        for where in dict.fromkeys(c for c in (parent, system) if c is not None):
            try:
                await where.send(notice.text, allowed_mentions=discord.AllowedMentions.none())
                return
            except discord.HTTPException as exc:
                log.info("channel %s: could not tell %s: %s", channel_id, where.id, exc)
        log.warning("channel %s: its game is paused, and there is nobody to tell", channel_id)

    async def member_left(self, guild_id: int, user_id: int) -> None:
        """A member left the server: no more pings for them; each of their games
        is told that their seat is played at its turn timeouts."""
        await self.post(await self.fe.svc.member_left(guild_id, user_id))
