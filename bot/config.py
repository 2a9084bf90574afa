"""Settings from the environment (and ``.env``); see ``.env.example``."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from bot.limits import MAX_REMINDER_MINUTES
from storage import DEFAULT_LEASE_SECONDS, ShardRange, default_db_path

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
BOT_LEVELS = ("simple", "strong")
YES = ("1", "true", "yes", "on")
NO = ("0", "false", "no", "off")


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
        """The settings; a value the bot cannot use raises :class:`ValueError`
        naming the variable and what it takes (the bot would otherwise run on
        with a guess, or fail later with a traceback)."""
        if load_dotenv:
            from dotenv import find_dotenv
            from dotenv import load_dotenv as _load

            # the .env where the bot is started (or above): without usecwd the
            # search starts beside this file, which an installed (not editable)
            # bot keeps in site-packages, so it never found the admin's .env
            _load(find_dotenv(usecwd=True))
        count = _env("SHARD_COUNT")
        ids = _env("SHARD_IDS")
        if ids and not count:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (the total number of shards)")
        return cls(
            token=_env("DISCORD_TOKEN") or None,
            db_path=default_db_path(),
            log_level=_choice("LOG_LEVEL", "INFO", LOG_LEVELS).upper(),
            test_guild_id=_guild_id("TEST_GUILD_ID"),
            reminder_minutes=_whole(
                "REMINDER_MINUTES", 12 * 60, 0, MAX_REMINDER_MINUTES, "minutes (0: no reminders)"
            ),
            max_reminders=_whole("MAX_REMINDERS", 3, 0, None, "reminders"),
            bot_level=_choice("BOT_LEVEL", "simple", BOT_LEVELS).lower(),
            bot_seconds=_seconds("BOT_SECONDS", 1.0),
            tick_seconds=_seconds("TICK_SECONDS", 60.0),
            lease_seconds=_seconds("LEASE_SECONDS", DEFAULT_LEASE_SECONDS),
            shards=ShardRange.parse(count, ids) if count else None,
            members_intent=_switch("MEMBERS_INTENT", True),
        )


def _env(name: str) -> str:
    return (os.environ.get(name) or "").strip()


def _bad(name: str, raw: str, wanted: str) -> ValueError:
    return ValueError(f"{name}={raw!r} is not {wanted}; correct it in .env or the environment")


def _whole(name: str, default: int, low: int, high: int | None, unit: str) -> int:
    raw = _env(name)
    if not raw:
        return default
    span = f"from {low} to {high}" if high is not None else f"at least {low}"
    if not raw.isdecimal() or not low <= int(raw) <= (high if high is not None else int(raw)):
        raise _bad(name, raw, f"a whole number of {unit}, {span}")
    return int(raw)


def _seconds(name: str, default: float) -> float:
    raw = _env(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise _bad(name, raw, "a number of seconds above 0 (such as 1.5)")
    return value


def _choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    raw = _env(name)
    if not raw:
        return default
    if raw.lower() not in (c.lower() for c in choices):
        raise _bad(name, raw, "one of " + ", ".join(choices))
    return raw


def _switch(name: str, default: bool) -> bool:
    raw = _env(name).lower()
    if not raw:
        return default
    if raw not in YES + NO:
        raise _bad(name, raw, "1 or 0 (on or off)")
    return raw in YES


def _guild_id(name: str) -> int | None:
    raw = _env(name)
    if not raw:
        return None
    if not raw.isdecimal():
        raise _bad(
            name,
            raw,
            "a server id (digits: right-click the server with Developer Mode on, Copy Server ID)",
        )
    return int(raw)
