"""The background loop: turn reminders and timeouts (``GameService.tick``) and
lobbies past their lifetime (``GameService.expire_lobbies``)."""

from __future__ import annotations

import logging

from discord.ext import commands, tasks

from bot.frontend import Frontend

log = logging.getLogger(__name__)


class RemindersCog(commands.Cog):
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
            await self.fe.notices.post(await self.svc.tick())
        except Exception:
            log.exception("reminder task failed")
        try:
            await self.fe.notices.post(await self.svc.expire_lobbies(self.svc.clock()))
        except Exception:
            log.exception("lobby expiry failed")
