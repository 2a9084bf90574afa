"""The Discord client: start-up, dynamic items, command sync, shutdown."""

from __future__ import annotations

import hashlib
import json
import logging
import sys
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.cogs.game import GameCog
from bot.config import Config
from bot.frontend import DiscordFmt, Frontend
from bot.service import GameService
from bot.views import DYNAMIC_ITEMS
from storage import LeaseHeldError, Store

log = logging.getLogger(__name__)


class BlackAngelBot(commands.Bot):
    def __init__(self, cfg: Config, *, db: str | None = None, force_sync: bool = False) -> None:
        intents = discord.Intents.default()  # no privileged intents needed
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.cfg = cfg
        self.db_path = db or cfg.db_path
        self.force_sync = force_sync
        self.store: Store[Any] | None = None
        self.frontend: Frontend | None = None
        self.svc: GameService | None = None

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.db_path)
        svc = GameService(
            self.store,
            DiscordFmt(self),
            max_reminders=self.cfg.max_reminders,
            default_reminder_minutes=self.cfg.reminder_minutes,
        )
        # one running bot per database: refuse to start while another holds it
        await svc.claim_instance(on_lost=self._lease_lost)
        self.svc = svc
        loaded = await svc.load_all()
        log.info("%s running games loaded from %s", loaded, self.db_path)
        self.frontend = Frontend(svc, self)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.add_cog(GameCog(self.frontend))
        await self.sync_if_changed()

    async def sync_if_changed(self) -> None:
        """Sync slash commands only when they changed since the last sync (or --sync):
        to TEST_GUILD_ID instantly when set, globally otherwise."""
        guild = discord.Object(self.cfg.test_guild_id) if self.cfg.test_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        where = f"guild-{guild.id}" if guild else "global"
        stamp = Path(f"{self.db_path}.commands-{where}.sha256")
        if not self.force_sync and stamp.exists() and stamp.read_text().strip() == digest:
            log.info("slash commands unchanged (%s); not syncing", where)
            return
        synced = await self.tree.sync(guild=guild)
        stamp.write_text(digest)
        log.info("synced %s slash commands (%s)", len(synced), where)

    async def _lease_lost(self, message: str) -> None:
        log.critical("stopping: %s", message)
        await self.close()

    async def close(self) -> None:
        await super().close()
        if self.svc is not None:
            await self.svc.release_instance()
        if self.store is not None:
            await self.store.close()

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))


def run(cfg: Config, *, db: str | None = None, force_sync: bool = False) -> int:
    bot = BlackAngelBot(cfg, db=db, force_sync=force_sync)
    assert cfg.token
    try:
        bot.run(cfg.token, log_handler=None)
    except LeaseHeldError as exc:
        print(exc, file=sys.stderr)
        return 3
    return 0
