"""Fixtures for the storage tests: a temporary database file and a store on it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Store
from tests.storage.helpers import Counter, CounterCodec


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store[Counter]]:
    """A file-backed store with the fake counter game."""
    async with Store(db_path, codec=CounterCodec()) as s:
        yield s
