"""The one interface the store's queries run through, whatever the database.

The store's modules (games, action log, settings, import/export) write their
SQL once, with ``?`` placeholders, in the dialect SQLite and PostgreSQL share
(``INSERT ... ON CONFLICT``, ``RETURNING``, partial indexes). A backend turns
that into its driver's calls and owns what differs: connections, transactions,
isolation, migrations and the schema version.

- :meth:`Backend.read` runs a function in one read transaction (one consistent
  view across its statements).
- :meth:`Backend.write` runs it in one write transaction, shielded from the
  caller's cancellation; the optimistic version/revision checks happen inside
  it. A backend may run the function again after a serialization failure, so
  a write function only touches the database (and its own locals).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

Row = Sequence[Any]


class Conn(Protocol):
    """A connection inside a transaction. SQL uses ``?`` placeholders."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; return the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...


class Backend(Protocol):
    """A database the store can run on (SQLite file or PostgreSQL server)."""

    #: ``"sqlite"`` or ``"postgresql"``
    dialect: str

    async def connect(self) -> None:
        """Open, then bring the schema to the latest version."""
        ...

    async def close(self) -> None: ...

    @property
    def is_open(self) -> bool: ...

    async def read(self, fn: Callable[[Conn], Awaitable[T]]) -> T: ...

    async def write(self, fn: Callable[[Conn], Awaitable[T]]) -> T: ...
