"""Direct messages for players who opted in (``/ba notify``): "your turn" with a
jump link to the turn message, and turn reminders.

The service decides whom to tell (opted in, not the player who just acted,
not in their quiet hours, once per turn); this module only sends. A player
whose DMs are closed is skipped quietly (logged), never an error in the game.
The user who caused a channel update is kept in a context variable set when
the interaction's actor is resolved, so the turn message's poster knows it.
"""

from __future__ import annotations

import contextvars
import logging
from typing import Any

import discord

from bot.service import GameService, Reply
from bot.service.table import DirectMessage

log = logging.getLogger(__name__)

#: The user whose interaction is being handled (None in background work).
ACTING: contextvars.ContextVar[int | None] = contextvars.ContextVar("acting", default=None)


def jump_link(message: Any, guild_id: int | None, channel_id: int) -> str:
    url = getattr(message, "jump_url", None)
    if isinstance(url, str) and url:
        return url
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


class Notifier:
    def __init__(self, service: GameService, client: Any) -> None:
        self.svc = service
        self.client = client
        self.sent: list[tuple[int, str]] = []  # (user, text): what went out, for logs

    async def turn_posted(self, channel: Any, reply: Reply, message: Any) -> None:
        """After a turn message was posted or edited: DM its decider if due."""
        if reply.turn is None or self.client is None:
            return
        cid = int(getattr(channel, "id", 0) or 0)
        try:
            dm = await self.svc.turn_dm(
                reply.turn, cid, actor=ACTING.get(), reminder=reply.reminder
            )
            if dm is not None:
                guild = getattr(getattr(channel, "guild", None), "id", None)
                await self.send(dm, jump_link(message, guild, cid))
        except Exception:
            log.exception("channel %s: turn DM failed", cid)

    async def send_pending(self) -> None:
        """Turns not yet announced (e.g. begun in a player's quiet hours)."""
        if self.client is None:
            return
        for cid, dm in await self.svc.pending_turn_dms():
            channel = self.client.get_channel(cid)
            guild = getattr(getattr(channel, "guild", None), "id", None)
            await self.send(dm, jump_link(None, guild, cid))

    async def send(self, dm: DirectMessage, link: str) -> bool:
        try:
            user = self.client.get_user(dm.user_id) or await self.client.fetch_user(dm.user_id)
            await user.send(f"{dm.text}\n{link}")
        except discord.HTTPException as exc:  # DMs closed, unknown user: skip
            log.info("DM to %s not delivered: %s", dm.user_id, exc)
            return False
        self.sent.append((dm.user_id, dm.text))
        return True
