"""``python -m storage.copy``: SQLite -> PostgreSQL -> SQLite, every game and
setting kept, ids included, each game replayed at the destination."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import Game, GameOptions
from storage import GameStatus, Store
from storage.copy import NOT_COPIED, TABLES, copy_database
from tests.postgres import PostgresServer
from tests.storage.helpers import Databases, play_random

ROOT = Path(__file__).resolve().parents[2]
USERS = {0: 11, 1: 12, 2: 13, 3: 14}

pytestmark = pytest.mark.postgres


async def fill(path: str) -> dict[int, dict]:
    """Games in every status, with settings, mutes, prefs; returns id -> state."""
    states: dict[int, dict] = {}
    async with Store(path, snapshot_every=4) as store:
        for channel, players, steps in [(1, 2, 30), (2, 3, 10_000), (3, 4, 17), (4, 2, 5)]:
            opts = GameOptions(players=players)
            rec = await store.create_game(
                channel, guild_id=100 + channel, options=engine.options_to_json(opts)
            )
            for seat in range(players):
                await store.join_game(
                    rec.id, USERS[seat], colour=["red", "blue", "green", "yellow"][seat]
                )
            await store.start_game(
                rec.id, channel * 7, snapshot=Game.new(opts, channel * 7).to_json()
            )
            game = await play_random(
                store, rec.id, Game.new(opts, channel * 7), random.Random(channel), steps, USERS
            )
            states[rec.id] = game.to_json()
        await store.truncate_actions(1, 20, 30)  # an undo: revision ahead of version

        async def lose_rows(db: Any) -> None:
            await db.execute("DELETE FROM actions WHERE game_id = 2 AND seq IN (5, 6)")

        await store.backend.write(lose_rows)  # the finished game, repaired from a later
        assert (await store.repair_game(2)).base > 6  # snapshot: its base
        states[1] = (await store.load_game(1)).game.to_json()
        await store.pause_game(3)
        await store.abort_game(4, "players left")
        lobby = await store.create_game(5, guild_id=105)
        await store.join_game(lobby.id, 11)
        await store.update_game_settings(1, reminder_minutes=30, timeout_minutes=60)
        await store.set_game_mute(1, 12, True)
        await store.record_reminder(1, 21, 1234.5)
        await store.update_guild_settings(101, moderator_role_id=555, start_policy="moderators")
        await store.set_player_prefs(11, mute_pings=True)
    return states


async def dump_all(dbs: Databases, target: str) -> dict[str, list[tuple]]:
    return {
        table: await dbs.fetch(target, f"SELECT {', '.join(cols)} FROM {table} ORDER BY {order}")
        for table, cols, order in TABLES
    }


def run_copy(src: str, dst: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "storage.copy", src, dst],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


async def test_sqlite_to_postgres_and_back(postgres_server: PostgresServer, tmp_path: Path) -> None:
    lite = Databases("sqlite", tmp_path, None)
    pg = Databases("postgresql", tmp_path, postgres_server)
    try:
        source = lite.new()
        states = await fill(source)
        rows = await dump_all(lite, source)
        assert len(rows["games"]) == 5 and rows["game_mutes"] and rows["player_prefs"]

        middle = pg.new()
        done = run_copy(source, middle)
        assert done.returncode == 0, done.stderr
        assert "replayed 4 started games" in done.stdout and "verified" in done.stdout
        assert await dump_all(pg, middle) == rows

        back = lite.new()
        done = run_copy(middle, back)
        assert done.returncode == 0, done.stderr
        assert await dump_all(lite, back) == rows

        # the copies are live databases: same games, same ids, and they play on
        for target in (middle, back):
            async with Store(target) as store:
                for game_id, state in states.items():
                    assert (await store.load_game(game_id)).game.to_json() == state
                rec = await store.get_game(1)
                assert (rec.version, rec.revision) == (20, 31)
                game = (await store.load_game(1)).game
                await play_random(store, 1, game, random.Random(9), 3, USERS)
                new = await store.create_game(99)  # ids go on after the copied ones
                assert new.id == 6
                assert (await store.get_game(3)).status is GameStatus.PAUSED
                assert (await store.get_game_settings(1)).reminders_for(21) == (1, 1234.5)
    finally:
        pg.drop_all()


async def test_refuses_a_destination_with_games(
    postgres_server: PostgresServer, tmp_path: Path
) -> None:
    pg = Databases("postgresql", tmp_path, postgres_server)
    try:
        source, target = str(tmp_path / "a.sqlite3"), pg.new()
        await fill(source)
        async with Store(target) as store:
            await store.create_game(42)
        done = run_copy(source, target)
        assert done.returncode == 2 and "already holds 1 games" in done.stderr
        done = run_copy(str(tmp_path / "typo.sqlite3"), pg.new())  # no such file: no copy
        assert done.returncode == 2 and "no database file" in done.stderr
        assert not (tmp_path / "typo.sqlite3").exists()
        async with Store(target) as store:
            assert [g.channel_id for g in await store.list_games()] == [42]  # untouched
    finally:
        pg.drop_all()


async def test_refuses_while_a_bot_runs_on_the_source(
    postgres_server: PostgresServer, tmp_path: Path
) -> None:
    pg = Databases("postgresql", tmp_path, postgres_server)
    try:
        source, target = str(tmp_path / "a.sqlite3"), pg.new()
        await fill(source)
        async with Store(source) as bot:
            await bot.acquire_lease("all", "host-1:42:cafe")
            done = run_copy(source, target)
            assert done.returncode == 2
            assert "a bot is running on the source: host-1:42:cafe (all)" in done.stderr
            await bot.release_lease("all", "host-1:42:cafe")
        done = run_copy(source, target)  # stopped: the copy goes ahead
        assert done.returncode == 0, done.stderr
    finally:
        pg.drop_all()


async def test_a_game_corrupt_at_the_source_is_reported(
    postgres_server: PostgresServer, tmp_path: Path
) -> None:
    lite = Databases("sqlite", tmp_path, None)
    pg = Databases("postgresql", tmp_path, postgres_server)
    try:
        source = lite.new()
        await fill(source)
        await lite.execute(source, "DELETE FROM actions WHERE game_id = 3 AND seq = 5")
        target = pg.new()
        report = await copy_database(source, target)
        assert not report.ok and report.replayed == 3
        assert report.problems == [
            "game 3 is corrupt: action log has a gap: expected #5, found #6"
            " (at the source already; copied as it is)"
        ]
        done = run_copy(source, pg.new())
        assert done.returncode == 1 and "MISMATCH game 3 is corrupt" in done.stderr
    finally:
        pg.drop_all()


async def test_the_copy_covers_every_column(tmp_path: Path) -> None:
    """A column added by a later migration must be added to storage.copy too."""
    path = str(tmp_path / "schema.sqlite3")
    async with Store(path):
        pass
    lite = Databases("sqlite", tmp_path, None)
    tables = [
        t for (t,) in await lite.fetch(path, "SELECT name FROM sqlite_master WHERE type = 'table'")
    ]
    listed = {table: cols for table, cols, _ in TABLES}
    for table in tables:
        if table in NOT_COPIED:
            continue
        columns = tuple(r[1] for r in await lite.fetch(path, f"PRAGMA table_info({table})"))
        assert listed.get(table) == columns, table
