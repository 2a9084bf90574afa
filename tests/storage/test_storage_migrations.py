"""Schema migrations: from an empty database and from each earlier version,
with the data written under that version kept and usable."""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite
import pytest

from storage import SCHEMA_VERSION, GameSettings, GameStatus, SchemaError, Store
from storage.schema import MIGRATIONS, migrate, user_version
from tests.storage.helpers import CounterCodec


async def schema_of(path: Path) -> dict[str, object]:
    """Tables with their columns (name, type, notnull, default, pk) and indexes."""
    async with aiosqlite.connect(path) as db:
        async with db.execute(
            "SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        ) as cur:
            objects = list(await cur.fetchall())
        shape: dict[str, object] = {}
        for kind, name, table in objects:
            if kind == "table":
                async with db.execute(f"PRAGMA table_info({name})") as cur:
                    shape[name] = [tuple(r[1:]) for r in await cur.fetchall()]
            else:
                async with db.execute(f"PRAGMA index_info({name})") as cur:
                    shape[name] = (table, [r[2] for r in await cur.fetchall()])
        return shape


async def make_old_database(path: Path, version: int) -> None:
    """A database at schema ``version`` with a started game written the way that
    version's code would have written it."""
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await migrate(db, target=version)
        assert await user_version(db) == version
        if version >= 1:
            snap = {"seed": 3, "target": 9, "decisions": 2, "total": 5, "history": [2, 3]}
            await db.execute(
                "INSERT INTO games (id, guild_id, channel_id, status, options, seed, version,"
                " created_at, started_at, updated_at) VALUES (1, 9, 100, 'running', ?, 3, 2, 1, 2, 3)",
                (json.dumps({"target": 9}),),
            )
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, colour, joined_at) VALUES (1, ?, ?, ?, 1)",
                [(0, 501, "red"), (1, 502, "blue")],
            )
            await db.executemany(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at) VALUES (1, ?, ?, ?, ?, 2)",
                [(1, 0, 501, '{"add":2}'), (2, 1, 502, '{"add":3}')],
            )
            await db.execute(
                "INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (1, 2, ?, 3)",
                (json.dumps(snap),),
            )
        if version >= 4:  # revision == version for a log that was never cut
            await db.execute("UPDATE games SET revision = 2 WHERE id = 1")
        if version >= 2:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, moderator_role_id, reminder_minutes, updated_at)"
                " VALUES (9, 77, 30, 1)"
            )
            await db.execute(
                "INSERT INTO player_prefs (user_id, mute_pings, updated_at) VALUES (501, 1, 1)"
            )


async def test_empty_database_gets_the_latest_schema(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    async with Store(path, codec=CounterCodec()) as store:
        assert await user_version(store.backend.raw) == SCHEMA_VERSION
        assert await store.list_games() == []
    # an existing but empty file (version 0) as well
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    async with Store(empty, codec=CounterCodec()):
        pass
    assert await schema_of(empty) == await schema_of(path)
    # reopening runs nothing and changes nothing
    async with Store(path, codec=CounterCodec()) as store:
        assert await migrate(store.backend.raw) == []


@pytest.mark.parametrize("old", range(SCHEMA_VERSION))
async def test_migrate_from_each_earlier_version(tmp_path: Path, old: int) -> None:
    path = tmp_path / f"v{old}.sqlite3"
    await make_old_database(path, old)
    fresh = tmp_path / "fresh.sqlite3"
    async with Store(fresh, codec=CounterCodec()):
        pass

    async with Store(path, codec=CounterCodec()) as store:
        assert await user_version(store.backend.raw) == SCHEMA_VERSION
        if old >= 1:
            rec = await store.get_game(1)
            assert rec.status is GameStatus.RUNNING and rec.end_reason is None
            assert (rec.version, rec.revision) == (2, 2)  # v4: revision starts at the version
            assert [(s.user_id, s.colour) for s in await store.get_seats(1)] == [
                (501, "red"),
                (502, "blue"),
            ]
            loaded = await store.load_game(1)
            assert loaded.game.total == 5 and loaded.replayed == 0
            await store.verify_game(1)
            res = await store.append_action(1, 2, 0, 501, {"add": 4}, expected_revision=2)
            assert (res.version, res.revision) == (3, 3)
            assert (await store.load_game(1)).game.total == 9
            cut = await store.truncate_actions(1, 2, 3, expected_revision=3)  # v4: cut in place
            assert (cut.version, cut.revision) == (2, 4)
            await store.append_action(1, 2, 0, 501, {"add": 4}, expected_revision=4)
            # v5: the existing game has default settings, and they can be saved
            assert await store.get_game_settings(1) == GameSettings(1)
            await store.update_game_settings(1, reminder_minutes=45, seat_order="lobby")
            await store.set_game_mute(1, 501, True)
            await store.record_reminder(1, 4, 10.0)
            st = await store.get_game_settings(1)
            assert (st.reminder_minutes, st.seat_order, st.muted) == (45, "lobby", {501})
            assert st.reminders_for(4) == (1, 10.0)
            aborted = await store.abort_game(1, "migrated test")  # the v3 column works
            assert aborted.end_reason == "migrated test"
        if old >= 2:
            settings = await store.get_guild_settings(9)
            assert (settings.moderator_role_id, settings.reminder_minutes) == (77, 30)
            assert settings.start_policy == "anyone"
            assert (await store.get_player_prefs(501)).mute_pings is True
        await store.update_guild_settings(9, start_policy="moderators")
        await store.set_player_prefs(502, mute_pings=True)
    assert await schema_of(path) == await schema_of(fresh)


async def test_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    async with aiosqlite.connect(path) as db:
        await db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaError, match="newer than this code"):
        async with Store(path, codec=CounterCodec()):
            pass


async def test_failed_migration_rolls_back_completely(tmp_path: Path) -> None:
    """A v1 database where a v2 table already exists by accident: the v2 step
    fails, and the file is left exactly at v1 (no half-made tables)."""
    path = tmp_path / "odd.sqlite3"
    await make_old_database(path, 1)
    async with aiosqlite.connect(path) as db:
        await db.execute("CREATE TABLE player_prefs (user_id INTEGER PRIMARY KEY)")
        await db.commit()
    before = await schema_of(path)
    with pytest.raises(SchemaError, match="migration to version 2"):
        async with Store(path, codec=CounterCodec()):
            pass
    assert await schema_of(path) == before
    async with aiosqlite.connect(path) as db:
        assert await user_version(db) == 1
        async with db.execute("SELECT count(*) FROM actions") as cur:
            assert await cur.fetchone() == (2,)


def test_migration_steps_are_numbered_in_order() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))
    assert all(m.statements and m.description for m in MIGRATIONS)
