"""The PostgreSQL backend (asyncpg), for installations with several bot processes.

Same queries as SQLite (the store writes them once, with ``?`` placeholders;
:func:`to_dollar` numbers them ``$1, $2, ...``), same schema and migrations
(:mod:`storage.pg_schema`), same concurrency semantics:

- Every write transaction runs at ``SERIALIZABLE``, so a read-check-write
  (a seat taken, a channel busy, a version still current) behaves as under
  SQLite's single writer even with many processes. PostgreSQL may refuse one
  of two overlapping transactions with a serialization failure; it has written
  nothing, so the write function runs again on a fresh snapshot (and then
  typically raises :class:`ConflictError`, as the loser of a race should).
- Reads run at ``REPEATABLE READ READ ONLY``: one consistent view across the
  statements of a read, never a serialization failure.
- Writes are shielded from the caller's cancellation, as with SQLite.

A pool of connections serves the tasks of one process; no process-wide lock.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
from collections.abc import Awaitable, Callable, Sequence
from functools import lru_cache
from typing import Any, Literal, TypeVar
from urllib.parse import urlsplit, urlunsplit

from storage.backend import Row
from storage.errors import StorageError
from storage.pg_schema import migrate

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Attempts of one write before giving up on serialization failures.
WRITE_ATTEMPTS = 50


def is_postgres_url(target: str) -> bool:
    return target.startswith(("postgresql://", "postgres://"))


def redact(url: str) -> str:
    """The URL without its password (for logs and messages): the one before the
    host, and a ``password=`` parameter (libpq's other way to give it)."""
    parts = urlsplit(url)
    if parts.password is not None:
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
        url = urlunsplit(parts._replace(netloc=netloc))
    return re.sub(r"([?&]password=)[^&#]*", r"\1***", url, flags=re.IGNORECASE)


@lru_cache(maxsize=1024)
def to_dollar(sql: str) -> str:
    """``?`` placeholders -> ``$1, $2, ...`` (none of our SQL has ``?`` in a literal)."""
    out: list[str] = []
    n = 0
    in_quote = False
    for ch in sql:
        if ch == "'":
            in_quote = not in_quote
        if ch == "?" and not in_quote:
            n += 1
            out.append(f"${n}")
        else:
            out.append(ch)
    return "".join(out)


def _rowcount(status: str) -> int:
    """Rows changed, from a command tag such as ``UPDATE 1`` or ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresConn:
    """:class:`storage.backend.Conn` over an asyncpg connection."""

    __slots__ = ("raw",)

    def __init__(self, raw: Any) -> None:
        self.raw = raw

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rowcount(await self.raw.execute(to_dollar(sql), *params))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await self.raw.executemany(to_dollar(sql), rows)

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        row: Row | None = await self.raw.fetchrow(to_dollar(sql), *params)
        return row

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        rows: list[Row] = await self.raw.fetch(to_dollar(sql), *params)
        return rows


class PostgresBackend:
    dialect = "postgresql"

    def __init__(
        self,
        url: str,
        *,
        synchronous: Literal["FULL", "NORMAL"] = "FULL",
        min_size: int = 1,
        max_size: int = 10,
    ) -> None:
        self.url = url
        # FULL: a commit waits for the server's WAL flush (survives a power cut).
        # NORMAL: synchronous_commit off, like SQLite's NORMAL: a crash of the
        # server may lose the last commits, never corrupts, never half-applies.
        self.server_settings = {"synchronous_commit": "off"} if synchronous == "NORMAL" else {}
        self.min_size = min_size
        self.max_size = max_size
        self._pool: Any = None
        self._closing = asyncio.Lock()

    @property
    def is_open(self) -> bool:
        return self._pool is not None

    def _need_pool(self) -> Any:
        if self._pool is None:
            raise StorageError("the store is not open (call connect() or use 'async with')")
        return self._pool

    async def connect(self) -> None:
        """Open a connection pool and run pending migrations."""
        if self._pool is not None:
            return
        import asyncpg

        try:
            pool = await asyncpg.create_pool(
                self.url,
                min_size=self.min_size,
                max_size=self.max_size,
                server_settings=self.server_settings,
            )
        except (OSError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            # ValueError: a URL asyncpg cannot read (a port that is no number, a bad sslmode)
            raise StorageError(
                f"cannot connect to {redact(self.url)}: {exc}; check that the server is"
                " running and reachable from here, and the URL's user, password, host,"
                " port and database name"
            ) from exc
        try:
            async with pool.acquire() as conn:
                applied = await migrate(conn)
            if applied:
                log.info("%s: migrated schema to version %s", redact(self.url), applied[-1])
        except asyncpg.PostgresError as exc:
            await pool.close()
            # e.g. no CREATE on schema public (PostgreSQL 15+) for a role that does
            # not own the database: nothing was written (a migration is one transaction)
            raise StorageError(
                f"cannot set up the bot's tables in {redact(self.url)}: {exc}; the role in"
                " the URL must own the database (createdb --owner, README) or be allowed"
                " to create tables in it"
            ) from exc
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def close(self) -> None:
        """Close the pool (waiting for transactions in progress to finish). A
        second call while one is closing waits for it (as SQLite's does)."""
        async with self._closing:
            pool, self._pool = self._pool, None
            if pool is not None:
                await pool.close()

    async def _transaction(
        self, fn: Callable[[PostgresConn], Awaitable[T]], isolation: str, readonly: bool
    ) -> T:
        """Run ``fn`` in one transaction on a pooled connection; a connection the
        server or the network cut raises :class:`_ConnectionLost`."""
        pool = self._need_pool()
        async with pool.acquire() as conn:
            try:
                async with conn.transaction(isolation=isolation, readonly=readonly):
                    return await fn(PostgresConn(conn))
            except Exception as exc:
                if _is_lost(exc):
                    raise _ConnectionLost(str(exc)) from exc
                raise

    async def write(self, fn: Callable[[PostgresConn], Awaitable[T]]) -> T:
        import asyncpg

        self._need_pool()

        async def run() -> T:
            for attempt in range(WRITE_ATTEMPTS):
                try:
                    return await self._transaction(fn, "serializable", False)
                except (
                    asyncpg.SerializationError,
                    asyncpg.DeadlockDetectedError,
                ) as exc:
                    log.debug("write retried after %s (attempt %d)", type(exc).__name__, attempt)
                    # a short random pause so racing writers do not collide again in step
                    await asyncio.sleep(random.uniform(0, 0.002 * (attempt + 1)))
                except _ConnectionLost as exc:
                    # not retried: the commit may or may not have happened; the
                    # caller reloads, and a repeated click meets the revision check
                    raise StorageError(
                        f"the connection to the database was lost during a write: {exc}"
                    ) from exc
            raise StorageError(
                f"a write kept colliding with concurrent writes ({WRITE_ATTEMPTS} attempts)"
            )

        return await asyncio.shield(run())

    async def read(self, fn: Callable[[PostgresConn], Awaitable[T]]) -> T:
        self._need_pool()
        try:
            return await self._transaction(fn, "repeatable_read", True)
        except _ConnectionLost as exc:
            log.warning("a read lost its database connection (%s); trying again", exc)
        try:  # a read is safe to repeat on a fresh connection
            return await self._transaction(fn, "repeatable_read", True)
        except _ConnectionLost as exc:
            raise StorageError(f"the database cannot be reached: {exc}") from exc


class _ConnectionLost(Exception):
    """The connection went away under a transaction (not a bad query)."""


def _is_lost(exc: BaseException) -> bool:
    """Whether ``exc`` means the connection (or the server) went away. On a cut
    connection asyncpg may raise "cannot call Transaction.__aexit__()" for the
    failed rollback, with the real cause as its context: follow the chain."""
    import asyncpg

    lost = (
        OSError,
        asyncpg.PostgresConnectionError,  # connection does not exist, failure, ...
        asyncpg.OperatorInterventionError,  # admin shutdown, crash shutdown, starting up
    )
    seen: BaseException | None = exc
    for _ in range(5):
        if seen is None:
            return False
        if isinstance(seen, lost):
            return True
        seen = seen.__cause__ or seen.__context__
    return False
