"""The Discord client: start-up, dynamic items, command sync, shutdown."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.cogs.game import GameCog
from bot.cogs.moderation import ModerationCog
from bot.cogs.reminders import RemindersCog
from bot.cogs.respond import GameTree
from bot.cogs.server import ServerCog
from bot.cogs.table import TABLE_COG_ITEMS
from bot.config import Config
from bot.frontend import DiscordFmt, Frontend
from bot.lobby import TABLE_ITEMS
from bot.service import GameService
from bot.views import DYNAMIC_ITEMS
from storage import Store, new_seed

log = logging.getLogger(__name__)


def discord_clock() -> float:
    """Now, as a POSIX timestamp, from discord.py's clock (``discord.utils.utcnow``):
    the same clock as message timestamps, so a simulated Discord can move it."""
    return discord.utils.utcnow().timestamp()


class BlackAngelBot(commands.Bot):
    """The bot. ``seed_source`` makes new games' seeds (tests pass a fixed one)."""

    def __init__(
        self,
        cfg: Config,
        *,
        db: str | None = None,
        force_sync: bool = False,
        seed_source: Callable[[], int] = new_seed,
    ) -> None:
        intents = discord.Intents.default()  # no privileged intents needed
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=GameTree,
        )
        self.cfg = cfg
        self.db_path = db or cfg.db_path
        self.force_sync = force_sync
        self.seed_source = seed_source
        self.store: Store[Any] | None = None
        self.frontend: Frontend | None = None

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.db_path, clock=discord_clock)
        svc = GameService(
            self.store,
            DiscordFmt(self),
            seed_source=self.seed_source,
            clock=discord_clock,
            max_reminders=self.cfg.max_reminders,
            default_reminder_minutes=self.cfg.reminder_minutes,
        )
        loaded = await svc.load_all()
        log.info("%s running games loaded from %s", loaded, self.db_path)
        self.frontend = Frontend(svc, self)
        self.add_dynamic_items(*DYNAMIC_ITEMS, *TABLE_ITEMS, *TABLE_COG_ITEMS)
        for cog in (GameCog, ModerationCog, ServerCog):
            await self.add_cog(cog(self.frontend))
        await self.add_cog(RemindersCog(self.frontend, tick_seconds=self.cfg.tick_seconds))
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

    async def close(self) -> None:
        """Log out, then close the store (its last transaction is already committed)."""
        try:
            await super().close()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None  # only once it is closed: "None" means closed
                log.info("store closed")

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))


def close_on_signals(
    bot: discord.Client, signals: tuple[signal.Signals, ...] = (signal.SIGTERM, signal.SIGINT)
) -> list[signal.Signals]:
    """Close ``bot`` (and so its store) when the process is asked to stop: a
    platform stops a worker with SIGTERM, and discord.py's ``run`` would let
    that kill the process mid-write. Returns the signals handled."""
    loop = asyncio.get_running_loop()
    done: list[signal.Signals] = []

    def stop(sig: signal.Signals) -> None:
        log.info("%s: closing the bot", sig.name)
        loop.create_task(bot.close())

    for sig in signals:
        try:
            loop.add_signal_handler(sig, stop, sig)
        except (NotImplementedError, RuntimeError):  # e.g. Windows
            continue
        done.append(sig)
    return done


async def _main(cfg: Config, db: str | None, force_sync: bool) -> None:
    bot = BlackAngelBot(cfg, db=db, force_sync=force_sync)
    assert cfg.token
    async with bot:
        close_on_signals(bot)
        await bot.start(cfg.token)


def run(cfg: Config, *, db: str | None = None, force_sync: bool = False) -> int:
    asyncio.run(_main(cfg, db, force_sync))
    return 0
