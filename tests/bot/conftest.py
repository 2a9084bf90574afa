from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import simcord

from bot.client import BlackAngelBot
from bot.config import Config
from tests.bot.direct import Direct
from tests.bot.sim import ErrorLog, SeedCounter, World, make_bot, make_config


@pytest.fixture
async def direct(tmp_path: Path) -> AsyncIterator[Direct]:
    """The game service on a SQLite file, without Discord (see ``tests/bot/direct.py``)."""
    d = await Direct(str(tmp_path / "direct.sqlite3")).open()
    try:
        yield d
    finally:
        await d.close()


# ---------------------------------------------------------------------- SimCord


SETTLE_SECONDS = 60.0


@pytest.fixture
def bot_config(tmp_path: Path) -> Config:
    """The bot's settings: a fresh SQLite file in the test's temp dir."""
    return make_config(str(tmp_path / "bot.sqlite3"))


@pytest.fixture
def seeds() -> SeedCounter:
    return SeedCounter()


@pytest.fixture
def simcord_bot(bot_config: Config, seeds: SeedCounter) -> BlackAngelBot:
    """The bot SimCord's ``simcord_env`` fixture starts (its real setup_hook runs)."""
    return make_bot(bot_config, seeds)


@pytest.fixture
async def world(
    simcord_env: simcord.Env, bot_config: Config, seeds: SeedCounter
) -> AsyncIterator[World]:
    """A server with #games, members on demand and the bot; checks at the end
    that every interaction was acknowledged and no error was swallowed or logged."""
    # Boards and hands render in a thread: on a loaded or slow machine (two
    # cores shared with other test workers) one render can pass SimCord's
    # default 5 s, which then reads as a bot that never settles. A real hang
    # still fails, a little later.
    simcord_env.settle_timeout = SETTLE_SECONDS
    errors = ErrorLog()
    root = logging.getLogger()
    root.addHandler(errors)
    w = World(simcord_env, bot_config, seeds, errors)
    try:
        yield w
        w.check()
    finally:
        root.removeHandler(errors)
        await w.bot.close()
