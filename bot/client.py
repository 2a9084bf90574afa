"""The Discord client: start-up, dynamic items, command sync, shutdown."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import logging
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord.ext import commands

from bot.cogs.game import GameCog
from bot.cogs.history import HISTORY_ITEMS
from bot.cogs.moderation import ModerationCog
from bot.cogs.reminders import RemindersCog
from bot.cogs.respond import GameTree
from bot.cogs.server import ServerCog
from bot.cogs.table import TABLE_COG_ITEMS
from bot.config import Config
from bot.discordfmt import DiscordFmt
from bot.frontend import Frontend
from bot.lobby import TABLE_ITEMS
from bot.perms import NEEDED, NEEDED_IN_THREADS
from bot.service import GameService
from bot.service.format import Fmt
from bot.service.instance import OnLost, StoppedWaiting, Wait
from bot.views import DYNAMIC_ITEMS
from storage import LeaseHeldError, Store, new_seed
from storage.errors import StorageError
from storage.postgres import is_postgres_url, redact

log = logging.getLogger(__name__)


def discord_clock() -> float:
    """Now, as a POSIX timestamp, from discord.py's clock (``discord.utils.utcnow``):
    the same clock as message timestamps, so a simulated Discord can move it."""
    return discord.utils.utcnow().timestamp()


async def start_service(
    cfg: Config,
    db: str,
    fmt: Fmt,
    *,
    on_lost: OnLost | None = None,
    clock: Callable[[], float] = time.time,
    wait: Wait | None = None,
    **options: Any,
) -> GameService:
    """Open the store, claim this process's lease and start loading its games in
    the background: a bot's start.

    A sharded process (``cfg.shards``) loads, reminds and times out its own
    shards' games only. The lease (one process per database, or per shard range)
    is claimed before anything is served: :class:`LeaseHeldError` names the
    holder (with ``wait``, once the holder is seen alive: a crashed one's lease
    is waited out); ``on_lost`` is called if another process ever takes it over.
    """
    store = await Store.open(db, shards=cfg.shards, clock=clock)
    try:
        svc = GameService(
            store,
            fmt,
            clock=clock,
            max_reminders=cfg.max_reminders,
            default_reminder_minutes=cfg.reminder_minutes,
            bot_level=cfg.bot_level,
            bot_seconds=cfg.bot_seconds,
            **options,
        )
        await svc.claim_instance(cfg.lease_scope, on_lost=on_lost, ttl=cfg.lease_seconds, wait=wait)
    except BaseException:
        await store.close()
        raise
    # answer at once: the games load (and are checked) in the background, each
    # on its own, and a command for one not loaded yet loads it first (issue 24)
    svc.start_loading()
    where = f" ({cfg.shards})" if cfg.shards else ""
    log.info("serving from %s%s; running games load in the background", redact(db), where)
    return svc


#: Asked for by the invite link the bot logs at start: what it needs where games
#: are played (bot/perms.py).
INVITE_PERMISSIONS = discord.Permissions(
    create_public_threads=True,
    **dict.fromkeys((*NEEDED, *NEEDED_IN_THREADS), True),
)


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server, with its scopes and permissions."""
    return discord.utils.oauth_url(
        application_id, permissions=INVITE_PERMISSIONS, scopes=("bot", "applications.commands")
    )


class StartRefused(Exception):
    """The bot cannot serve as set up; the message says what to change."""


class BlackAngelBot(commands.Bot):
    """The bot. ``seed_source`` makes new games' seeds (tests pass a fixed one)."""

    def __init__(
        self,
        cfg: Config,
        *,
        db: str | None = None,
        force_sync: bool = False,
        seed_source: Callable[[], int] = new_seed,
        **shards: Any,
    ) -> None:
        # a game bot never joins voice: discord.py's start-up warnings that voice's
        # libraries are missing read as a fault to whoever runs it
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False  # discord.py 2.7+
        intents = discord.Intents.default()
        # Server Members (privileged; switch it on in the Developer Portal, or set
        # MEMBERS_INTENT=0): tells the bot who left the server, so they are no
        # longer pinged. No member list is kept or fetched for it.
        intents.members = cfg.members_intent
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=GameTree,
            chunk_guilds_at_startup=False,
            member_cache_flags=discord.MemberCacheFlags.none(),
            **shards,
        )
        self.cfg = cfg
        self.db_path = db or cfg.db_path
        self.force_sync = force_sync
        self.seed_source = seed_source
        self.store: Store[Any] | None = None
        self.frontend: Frontend | None = None
        self._closing: asyncio.Task[None] | None = None
        self._store_closing: asyncio.Task[None] | None = None
        #: set by the real start (``run``): a crashed bot's lease is waited out;
        #: other starts (tests, tools) are refused at once while it lasts
        self.waits_out_leases = False

    async def setup_hook(self) -> None:
        svc = await start_service(
            self.cfg,
            self.db_path,
            DiscordFmt(self),
            on_lost=self._lease_lost,
            clock=discord_clock,
            wait=self._wait_for_lease if self.waits_out_leases else None,
            seed_source=self.seed_source,
        )
        self.store = svc.store
        self.frontend = Frontend(svc, self)
        self.add_dynamic_items(*DYNAMIC_ITEMS, *TABLE_ITEMS, *TABLE_COG_ITEMS, *HISTORY_ITEMS)
        for cog in (GameCog, ModerationCog, ServerCog):
            await self.add_cog(cog(self.frontend))
        await self.add_cog(RemindersCog(self.frontend, tick_seconds=self.cfg.tick_seconds))
        if self.cfg.shards is None or self.cfg.shards.first == 0:
            await self.sync_if_changed()  # commands are global: the process of shard 0 syncs
        if self.application_id is not None:
            log.info("to add the bot to a server, open %s", invite_url(self.application_id))

    async def _wait_for_lease(self, seconds: float) -> bool:
        """A restart right after a crash waits out the dead bot's lease (a
        supervisor's restarts would soon give up on a refusal); a stop ends it."""
        await asyncio.sleep(seconds)
        return not self.is_closed()

    async def _lease_lost(self, message: str) -> None:
        log.critical("stopping: %s", message)
        # not awaited here: close() stops the heartbeat task this runs in
        self._closing = asyncio.get_running_loop().create_task(self.close())

    async def sync_if_changed(self) -> None:
        """Sync slash commands only when they changed since the last sync (or --sync):
        to TEST_GUILD_ID instantly when set, globally otherwise."""
        guild = discord.Object(self.cfg.test_guild_id) if self.cfg.test_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        # commands belong to an application: another one (a new bot on the old
        # one's games) has none until it syncs its own
        signed = {"application": self.application_id, "commands": payload}
        digest = hashlib.sha256(json.dumps(signed, sort_keys=True).encode()).hexdigest()
        where = f"guild-{guild.id}" if guild else "global"
        # beside the SQLite file; in the working directory for a database server
        base = "black_angel" if is_postgres_url(self.db_path) else self.db_path
        stamp = Path(f"{base}.commands-{where}.sha256")
        if guild is None:
            await self._clear_test_servers(Path(base))
        if not self.force_sync and stamp.exists() and stamp.read_text().strip() == digest:
            log.info("slash commands unchanged (%s); not syncing", where)
            return
        try:
            synced = await self.tree.sync(guild=guild)
        except (discord.Forbidden, discord.NotFound) as exc:
            if guild is None:
                raise
            # without its commands in the test server the bot would run unusable there
            raise StartRefused(
                f"cannot sync the slash commands to the server TEST_GUILD_ID={guild.id}"
                f" ({exc.text or exc.status}): invite the bot to that server with the bot"
                " and applications.commands scopes (README), or empty TEST_GUILD_ID to"
                " sync them to every server"
            ) from exc
        try:
            stamp.write_text(digest)
        except OSError as exc:  # a read-only working directory: sync again next start
            log.warning("cannot note the sync in %s (%s); the next start syncs again", stamp, exc)
        log.info("synced %s slash commands (%s)", len(synced), where)

    async def _clear_test_servers(self, base: Path) -> None:
        """Commands synced to a TEST_GUILD_ID server stay there beside the global
        ones, so each showed twice in it once TEST_GUILD_ID was emptied: a server
        with a note of such a sync gets its copy cleared (and the note goes)."""
        for stamp in base.parent.glob(f"{base.name}.commands-guild-*.sha256"):
            guild_id = stamp.name.removeprefix(f"{base.name}.commands-guild-").split(".")[0]
            if not guild_id.isdecimal():
                continue
            try:
                await self.tree.sync(guild=discord.Object(int(guild_id)))  # none of its own
                stamp.unlink()
            except (discord.HTTPException, OSError) as exc:  # tried again at the next start
                log.warning("could not clear the test server %s's commands: %s", guild_id, exc)
                continue
            log.info("cleared the copy of the slash commands in the test server %s", guild_id)

    async def close(self) -> None:
        """Log out, release this process's lease, then close the store (its last
        transaction is already committed). Overlapping calls (a stop signal
        while the bot is closing already) share one release of the lease and
        one closing of the store, and none returns before it is done."""
        try:
            await super().close()
        finally:
            if self._store_closing is None:
                self._store_closing = asyncio.get_running_loop().create_task(self._close_store())
            await asyncio.shield(self._store_closing)

    async def _close_store(self) -> None:
        if self.frontend is not None:
            try:
                await self.frontend.svc.release_instance()
            except Exception:
                log.exception("could not release the instance lease")
        if self.store is not None:
            await self.store.close()
            self.store = None  # only once it is closed: "None" means closed
            log.info("store closed")

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))

    # ------------------------------------------------------------------ gateway events (issue 24)
    # The raw events: they come whether or not the thread or member was cached.

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        # its server too: the parent may be gone with it (a deleted channel's threads)
        guild = self.get_guild(payload.guild_id)
        await self._event(
            "thread deleted",
            self._deleted(payload.thread_id, payload.parent_id, guild=guild, thread=True),
        )

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        # Discord deletes a channel's threads with it, without an event per thread.
        threads = [t.id for t in getattr(channel, "threads", ())]
        guild = getattr(channel, "guild", None)
        await self._event(
            "channel deleted", self._deleted(channel.id, None, *threads, guild=guild, thread=False)
        )

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        if self.frontend is not None:
            fe = self.frontend
            await self._event(
                "member left", fe.notices.member_left(payload.guild_id, payload.user.id)
            )

    async def _deleted(
        self,
        channel_id: int,
        parent_id: int | None,
        *threads: int,
        guild: Any = None,
        thread: bool,
    ) -> None:
        """The game of a deleted channel or thread is paused and its parent
        channel told, else (a channel has none; a thread's may be gone with it)
        its server's system channel (``guild``)."""
        if self.frontend is None:
            return
        await self.frontend.notices.channel_deleted(
            channel_id, parent_id, guild=guild, thread=thread
        )
        for thread_id in threads:
            await self.frontend.notices.channel_deleted(thread_id, None, guild=guild, thread=True)

    @staticmethod
    async def _event(what: str, work: Any) -> None:
        try:
            await work
        except Exception:
            log.exception("%s: handling the event failed", what)


class ShardedBlackAngelBot(BlackAngelBot, commands.AutoShardedBot):
    """The same bot as an :class:`AutoShardedBot` running ``SHARD_IDS`` of ``SHARD_COUNT``."""

    def __init__(self, cfg: Config, **kwargs: Any) -> None:
        super().__init__(cfg, **kwargs)
        # discord.py makes this queue only when the shards launch, yet close() uses
        # it: a start refused before that (a held lease) must still close cleanly
        self._AutoShardedClient__queue: asyncio.PriorityQueue[Any] = asyncio.PriorityQueue()

    async def launch_shard(self, gateway: Any, shard_id: int, *, initial: bool = False) -> None:
        # discord.py retries a shard that cannot connect every 5 s for ever, even
        # once the bot is closed: a stop signal then never ended the process
        if self.is_closed():
            return
        await super().launch_shard(gateway, shard_id, initial=initial)


def make_bot(cfg: Config, *, db: str | None = None, force_sync: bool = False) -> BlackAngelBot:
    """The bot for ``cfg``: sharded when ``SHARD_COUNT`` is set."""
    if cfg.shards is None:
        return BlackAngelBot(cfg, db=db, force_sync=force_sync)
    return ShardedBlackAngelBot(
        cfg,
        db=db,
        force_sync=force_sync,
        shard_count=cfg.shards.count,
        shard_ids=cfg.shards.ids,
    )


#: A platform's stop (SIGTERM), Ctrl-C, and a closed terminal (SIGHUP, not on Windows).
STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name)
)


def close_on_signals(
    bot: discord.Client, signals: tuple[signal.Signals, ...] = STOP_SIGNALS
) -> list[signal.Signals]:
    """Close ``bot`` (and so its store) when the process is asked to stop: a
    platform stops a worker with SIGTERM, and discord.py's ``run`` would let
    that kill the process mid-write; a bot started in a terminal that is then
    closed gets SIGHUP, which held its lease for 90 s after. Returns the
    signals handled."""
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


async def _main(bot: BlackAngelBot, token: str) -> None:
    bot.waits_out_leases = True
    async with bot:
        close_on_signals(bot)
        await bot.start(token)


#: Said when Discord refuses the Server Members intent: an install from before
#: issue 24 has it switched off in the developer portal, and must keep running.
MEMBERS_INTENT_OFF = (
    "The Server Members intent is not switched on for this bot in the Discord developer "
    "portal, so the bot runs without it: a member who leaves a server is then noticed only "
    "by the turn timeouts. Switch it on (Bot > Privileged Gateway Intents), or set "
    "MEMBERS_INTENT=0 to run without it and without this notice."
)


UNREACHABLE = (
    "not starting: cannot reach Discord ({}); check this machine's network connection"
    " (and any proxy or firewall: the bot needs HTTPS and WebSockets to discord.com and"
    " gateway.discord.gg) and https://discordstatus.com, then start again"
)

#: Said when Discord answers the login with 401: the token is wrong, reset or not a token.
BAD_TOKEN = (
    "not starting: Discord refused the token in DISCORD_TOKEN. Copy it again from the "
    "developer portal (your application > Bot > Reset Token): the bot's token, not the "
    "application id or the client secret, into .env as DISCORD_TOKEN=... (the token "
    "alone, without 'Bot ')."
)


def run(cfg: Config, *, db: str | None = None, force_sync: bool = False) -> int:
    assert cfg.token
    try:
        try:
            asyncio.run(_main(make_bot(cfg, db=db, force_sync=force_sync), cfg.token))
        except discord.PrivilegedIntentsRequired:
            if not cfg.members_intent:
                raise
            # The members intent is the only privileged one we ask for: start again
            # without it (the first bot closed its store and released its lease).
            print(MEMBERS_INTENT_OFF, file=sys.stderr)
            log.warning("running without the Server Members intent")
            cfg = dataclasses.replace(cfg, members_intent=False)
            asyncio.run(_main(make_bot(cfg, db=db, force_sync=force_sync), cfg.token))
    except StoppedWaiting:  # stopped while waiting out a crashed bot's lease
        return 0
    except LeaseHeldError as exc:
        print(f"not starting: {exc}", file=sys.stderr)
        return 3
    except (StorageError, StartRefused) as exc:  # e.g. its database cannot be opened
        print(f"not starting: {exc}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return 2
    except (
        aiohttp.ClientConnectionError,
        discord.GatewayNotFound,
        discord.DiscordServerError,
    ) as exc:
        # the network, or Discord itself (an outage): nothing to change here but to wait
        print(UNREACHABLE.format(exc), file=sys.stderr)
        return 1
    except AttributeError as exc:
        # discord.py 2.7: a first gateway connection that fails is retried as a
        # resume of a session it never had ('NoneType' object has no attribute
        # 'sequence'); the failure it hides is the one to report
        cause = exc.__context__
        lost = isinstance(cause, OSError | aiohttp.ClientError | asyncio.TimeoutError)
        if not lost or "sequence" not in str(exc):
            raise
        print(UNREACHABLE.format(cause), file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print(
            "not starting: Discord refused a privileged intent this bot asked for",
            file=sys.stderr,
        )
        return 2
    return 0
