"""Settings from the environment (and ``.env``); see ``.env.example``."""

from __future__ import annotations

import os
from dataclasses import dataclass

from storage import DEFAULT_LEASE_SECONDS, ShardRange, default_db_path


@dataclass(frozen=True, slots=True)
class Config:
    token: str | None
    db_path: str
    log_level: str
    test_guild_id: int | None
    reminder_minutes: int
    max_reminders: int
    #: how often reminders, timeouts and lobby lifetimes are checked
    tick_seconds: float = 60.0
    #: the instance lease's lifetime (renewed every third of it); a crashed
    #: process's lease is taken over after it
    lease_seconds: float = DEFAULT_LEASE_SECONDS
    #: SHARD_COUNT / SHARD_IDS: run an AutoShardedBot for these shards only (None: one process)
    shards: ShardRange | None = None
    bot_level: str = "simple"  # who plays timed-out turns and removed players' seats
    bot_seconds: float = 1.0  # the bot's thinking time per decision
    #: the Server Members intent (privileged): the bot learns who left a server
    members_intent: bool = True

    @property
    def lease_scope(self) -> str:
        """The instance lease this process takes: its shard range, or the whole database."""
        return self.shards.scope if self.shards is not None else "all"

    @classmethod
    def from_env(cls, *, load_dotenv: bool = True) -> Config:
        if load_dotenv:
            from dotenv import load_dotenv as _load

            _load()
        guild = (os.environ.get("TEST_GUILD_ID") or "").strip()
        count = (os.environ.get("SHARD_COUNT") or "").strip()
        ids = (os.environ.get("SHARD_IDS") or "").strip()
        if ids and not count:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (the total number of shards)")
        return cls(
            token=(os.environ.get("DISCORD_TOKEN") or "").strip() or None,
            db_path=default_db_path(),
            log_level=(os.environ.get("LOG_LEVEL") or "INFO").upper(),
            test_guild_id=int(guild) if guild.isdigit() else None,
            reminder_minutes=int(os.environ.get("REMINDER_MINUTES") or 12 * 60),
            max_reminders=int(os.environ.get("MAX_REMINDERS") or 3),
            bot_level=(os.environ.get("BOT_LEVEL") or "simple").strip().lower(),
            bot_seconds=float(os.environ.get("BOT_SECONDS") or 1.0),
            tick_seconds=float(os.environ.get("TICK_SECONDS") or 60),
            lease_seconds=float(os.environ.get("LEASE_SECONDS") or DEFAULT_LEASE_SECONDS),
            shards=ShardRange.parse(count, ids) if count else None,
            members_intent=(os.environ.get("MEMBERS_INTENT") or "1").strip().lower()
            not in ("0", "false", "no", "off"),
        )
