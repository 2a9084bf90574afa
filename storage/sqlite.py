"""The SQLite backend: one aiosqlite connection to a file (or ``:memory:``).

Tasks sharing a connection would interleave their transactions (and a reader
would see another task's uncommitted rows), so every transaction holds
``self._lock``. Writes are ``BEGIN IMMEDIATE`` and run as shielded tasks: once
started, a cancelled caller cannot leave a transaction half done. Other
processes on the same file are kept apart by SQLite's own locking (WAL,
``BEGIN IMMEDIATE``, ``busy_timeout``).

Durability: WAL journal, ``synchronous=FULL`` by default, so a committed
append survives a process kill and a power cut. ``NORMAL`` is faster and still
survives a process kill (not a power cut).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite

from storage.backend import Row
from storage.digest import sqlite_text
from storage.errors import StorageError
from storage.schema import migrate

log = logging.getLogger(__name__)

T = TypeVar("T")


async def _connect(path: str) -> aiosqlite.Connection:
    """``aiosqlite.connect``; when it fails, once its worker thread has stopped:
    the thread answers on this event loop, and a loop closed meanwhile (a bot
    that stops because of the failure) would print the thread's traceback."""
    conn = aiosqlite.connect(path, isolation_level=None)
    try:
        return await conn
    except BaseException:
        thread = getattr(conn, "_thread", conn)  # aiosqlite < 0.20: the Connection is the thread
        await asyncio.to_thread(thread.join, 5)
        raise


def _cannot_write(path: str, exc: BaseException) -> str:
    if "locked" in str(exc):  # another program holds a write past the busy timeout
        return (
            f"{path} is locked by another program ({exc}): something other than a bot"
            " (an sqlite3 shell, a backup or copy tool) is writing it; close that and"
            " start again; nothing was changed"
        )
    return (
        f"cannot open {path} for writing ({exc}): the bot writes the file and, beside it,"
        " SQLite's -wal and -shm files, so its folder must be writable; nothing was"
        " changed (give the bot write access there, or name another file)"
    )


class SQLiteConn:
    """:class:`storage.backend.Conn` over an aiosqlite connection."""

    __slots__ = ("raw",)

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self.raw.execute(sql, params) as cur:
            return cur.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.raw.executemany(sql, rows)

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with self.raw.execute(sql, params) as cur:
            row = await cur.fetchone()
        return tuple(row) if row is not None else None

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self.raw.execute(sql, params) as cur:
            return [tuple(r) for r in await cur.fetchall()]


class SQLiteBackend:
    dialect = "sqlite"

    def __init__(
        self,
        path: str,
        *,
        busy_timeout_ms: int = 5000,
        synchronous: Literal["FULL", "NORMAL"] = "FULL",
    ) -> None:
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError("synchronous must be 'FULL' or 'NORMAL'")
        self.path = path
        self.busy_timeout_ms = busy_timeout_ms
        self.synchronous = synchronous
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    @property
    def is_open(self) -> bool:
        return self._db is not None

    @property
    def raw(self) -> aiosqlite.Connection:
        """The aiosqlite connection (for tests and tools that need PRAGMAs)."""
        if self._db is None:
            raise StorageError("the store is not open (call connect() or use 'async with')")
        return self._db

    async def connect(self) -> None:
        """Open the file, set the pragmas and run pending migrations."""
        if self._db is not None:
            return
        try:
            if self.path != ":memory:" and not self.path.startswith("file:"):
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            db = await _connect(self.path)
        except (OSError, sqlite3.Error) as exc:
            raise StorageError(_cannot_write(self.path, exc)) from exc
        # bytes that are not UTF-8 (a damaged row) read as BadText, never an error,
        # so the one game that holds them is named and set aside
        db.text_factory = sqlite_text
        try:
            async with db.execute("PRAGMA journal_mode = WAL") as cur:
                row = await cur.fetchone()
            mode = str(row[0]).lower() if row else "?"
            if mode != "wal" and self.path != ":memory:":
                log.warning("%s: journal_mode is %s, not wal", self.path, mode)
            await db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute(f"PRAGMA synchronous = {self.synchronous}")
            applied = await migrate(db)
            if applied:
                log.info("%s: migrated schema to version %s", self.path, applied[-1])
        except sqlite3.OperationalError as exc:
            # a read-only folder or file, a path that is a folder, a full disk:
            # nothing is wrong with the file, so no talk of backups
            await db.close()
            raise StorageError(_cannot_write(self.path, exc)) from exc
        except sqlite3.DatabaseError as exc:
            await db.close()
            # SQLite writes nothing to a file it cannot read as a database
            raise StorageError(
                f"{self.path} is not a SQLite database the bot can use ({exc}); it was"
                " left as it is: name another file, or restore this one from a backup"
            ) from exc
        except BaseException:
            await db.close()
            raise
        self._db = db

    async def close(self) -> None:
        """Close the connection (waiting for a write in progress to finish). A
        second call while one is closing waits for it under the same lock, so
        no caller sees the store closed before its file is."""
        async with self._lock:
            db, self._db = self._db, None
            if db is not None:
                await db.close()

    @asynccontextmanager
    async def _tx(self, mode: Literal["IMMEDIATE", "DEFERRED"]) -> AsyncIterator[SQLiteConn]:
        """Hold the connection lock and run one transaction; roll back on any error."""
        async with self._lock:
            db = self.raw
            await db.execute(f"BEGIN {mode}")
            try:
                yield SQLiteConn(db)
                await db.commit()
            except BaseException:
                await db.rollback()
                raise

    async def write(self, fn: Callable[[SQLiteConn], Awaitable[T]]) -> T:
        async def run() -> T:
            async with self._tx("IMMEDIATE") as conn:
                return await fn(conn)

        return await asyncio.shield(run())

    async def read(self, fn: Callable[[SQLiteConn], Awaitable[T]]) -> T:
        async with self._tx("DEFERRED") as conn:
            return await fn(conn)
