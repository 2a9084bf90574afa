"""The async game store: lobby, seats, an append-only action log with snapshots.

Event-sourced: a game row keeps its options and seed; every applied action is
appended to ``actions`` (``seq`` 1, 2, ...); ``snapshots`` hold the engine
state after some actions. Loading a game = newest snapshot + replay of the
actions after it; the log is the truth and a snapshot only a cache.

:class:`Store` is the one interface the bot uses (storage/API.md). Its parts,
each in its own module:

- :mod:`storage.schema` (SQLite) and :mod:`storage.pg_schema` (PostgreSQL): the
  tables and forward migrations, step for step the same (schema version in the
  database).
- :mod:`storage.games`: games and seats (lobby, start, status, listings).
- :mod:`storage.actions`: the action log and snapshots (append, truncate,
  read), with the optimistic version/revision checks.
- :mod:`storage.replay`: rebuilding engine games (load, load all, verify).
- :mod:`storage.settings`: guild, player and per-game settings.
- :mod:`storage.transfer`: import and export documents.
- :mod:`storage.history`: finished games as history; skill ratings folded from
  them once per game.
- :mod:`storage.faults`: games set aside after a failed check; repair from the log.
- :mod:`storage.lease`: one running bot per database (or shard range).
- :mod:`storage.tick`: what the reminder tick needs, in one query.
- :mod:`storage.absence`: timeouts in a row, resigning, members who left,
  games whose channel was deleted (moving a game).
- :mod:`storage.shards`: which guilds' games a sharded process sweeps.
- :mod:`storage.backend`: the interface the queries run through;
  :mod:`storage.sqlite` (a database file) and :mod:`storage.postgres` (a
  ``postgresql://`` URL, asyncpg) implement it.
- :mod:`storage.copy`: ``python -m storage.copy SRC DST`` between the two.
"""

from __future__ import annotations

import os
from typing import Any

from storage.absence import AbsenceMixin
from storage.base import (
    DB_ENV,
    DEFAULT_DB,
    DEFAULT_KEEP_SNAPSHOTS,
    DEFAULT_SNAPSHOT_EVERY,
    UNSET,
    G,
    default_db_path,
    dumps,
    new_seed,
)
from storage.faults import FaultsMixin
from storage.games import GamesMixin
from storage.history import HistoryMixin
from storage.lease import LeaseMixin
from storage.notify import NotifyMixin
from storage.replay import ReplayMixin, first_difference
from storage.settings import SettingsMixin
from storage.tick import TickMixin
from storage.transfer import EXPORT_FORMAT, EXPORT_VERSION, TransferMixin


class Store(
    GamesMixin[G],
    FaultsMixin[G],
    ReplayMixin[G],
    TransferMixin[G],
    SettingsMixin[G],
    LeaseMixin[G],
    TickMixin[G],
    NotifyMixin[G],
    AbsenceMixin[G],
    HistoryMixin[G],
):
    """Async store for Black Angel games.

    Use as ``async with Store(path) as store: ...`` or
    ``store = await Store.open(path)`` ... ``await store.close()``.
    ``path`` defaults to :func:`default_db_path`; ``":memory:"`` works for tests.
    """

    @classmethod
    async def open(cls, path: str | os.PathLike[str] | None = None, **kwargs: Any) -> Store[Any]:
        store: Store[Any] = cls(path, **kwargs)
        await store.connect()
        return store

    async def __aenter__(self) -> Store[G]:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


__all__ = [
    "DB_ENV",
    "DEFAULT_DB",
    "DEFAULT_KEEP_SNAPSHOTS",
    "DEFAULT_SNAPSHOT_EVERY",
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "UNSET",
    "Store",
    "default_db_path",
    "dumps",
    "first_difference",
    "new_seed",
]
