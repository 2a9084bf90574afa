from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.helpers import Harness


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    h = await Harness(str(tmp_path / "bot.sqlite3")).open()
    try:
        yield h
    finally:
        await h.close()


@pytest.fixture
async def quick(tmp_path: Path) -> AsyncIterator[Harness]:
    """Like ``harness`` without rendering (for tests about the flow, not images)."""
    h = await Harness(str(tmp_path / "bot.sqlite3"), render=False).open()
    try:
        yield h
    finally:
        await h.close()
