"""Fixtures for the storage tests: every test that takes ``store``, ``db`` or
``dbs`` runs twice, on a SQLite file and on a PostgreSQL database."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from storage import Store
from tests.postgres import PostgresServer
from tests.storage.helpers import Counter, CounterCodec, Databases

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


@pytest.fixture(params=BACKENDS)
def dbs(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Databases]:
    """Makes fresh databases of one backend (SQLite files or PostgreSQL databases)."""
    server: PostgresServer | None = None
    if request.param == "postgresql":
        server = request.getfixturevalue("postgres_server")
    made = Databases(request.param, tmp_path, server)
    try:
        yield made
    finally:
        made.drop_all()


@pytest.fixture
def db(dbs: Databases) -> str:
    """One fresh database: a SQLite file path or a ``postgresql://`` URL."""
    return dbs.new()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A SQLite file, for the tests about SQLite itself (pragmas, files, crashes)."""
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def store(db: str) -> AsyncIterator[Store[Counter]]:
    """A store with the fake counter game, on each backend."""
    async with Store(db, codec=CounterCodec()) as s:
        yield s
