"""Schema migrations: from an empty database and from each earlier version,
with the data written under that version kept and usable."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg
import pytest

from storage import SCHEMA_VERSION, GameSettings, GameStatus, SchemaError, Store
from storage.digest import action_digest, game_digest, snapshot_digest
from storage.pg_schema import PG_MIGRATIONS, pg_user_version
from storage.pg_schema import migrate as pg_migrate
from storage.postgres import to_dollar
from storage.schema import MIGRATIONS, migrate, user_version
from tests.postgres import PostgresServer
from tests.storage.helpers import CounterCodec, Databases


class Raw:
    """A plain connection to either backend, outside the store (``?`` placeholders)."""

    def __init__(self, kind: str, target: str) -> None:
        self.kind, self.target = kind, target
        self.conn: Any = None

    async def __aenter__(self) -> Raw:
        if self.kind == "sqlite":
            self.conn = await aiosqlite.connect(self.target, isolation_level=None)
        else:
            self.conn = await asyncpg.connect(self.target)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.conn.close()

    async def execute(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        if self.kind == "sqlite":
            await self.conn.execute(sql, params)
        else:
            await self.conn.execute(to_dollar(sql), *params)

    async def fetch(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        if self.kind == "sqlite":
            async with self.conn.execute(sql, params) as cur:
                return [tuple(r) for r in await cur.fetchall()]
        return [tuple(r) for r in await self.conn.fetch(to_dollar(sql), *params)]

    async def migrate(self, target: int) -> list[int]:
        if self.kind == "sqlite":
            return await migrate(self.conn, target=target)
        return await pg_migrate(self.conn, target=target)

    async def version(self) -> int:
        if self.kind == "sqlite":
            return await user_version(self.conn)
        return await pg_user_version(self.conn)

    async def set_version(self, version: int) -> None:
        if self.kind == "sqlite":
            await self.conn.execute(f"PRAGMA user_version = {version}")
        else:
            await self.conn.execute(
                "CREATE TABLE schema_version (one BOOLEAN PRIMARY KEY, version BIGINT NOT NULL)"
            )
            await self.conn.execute("INSERT INTO schema_version VALUES (TRUE, $1)", version)

    async def schema(self) -> dict[str, object]:
        """Tables with their columns (name, type, not null, default, key) and indexes."""
        shape: dict[str, object] = {}
        if self.kind == "sqlite":
            for kind, name, table in await self.fetch(
                "SELECT type, name, tbl_name FROM sqlite_master"
                " WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
            ):
                if kind == "table":
                    shape[name] = [r[1:] for r in await self.fetch(f"PRAGMA table_info({name})")]
                else:
                    shape[name] = (
                        table,
                        [r[2] for r in await self.fetch(f"PRAGMA index_info({name})")],
                    )
            return shape
        for table, column, kind, nullable, default in await self.fetch(
            "SELECT table_name, column_name, data_type, is_nullable, column_default"
            " FROM information_schema.columns WHERE table_schema = 'public'"
            " ORDER BY table_name, ordinal_position"
        ):
            shape.setdefault(table, []).append((column, kind, nullable, default))  # type: ignore[union-attr]
        for name, definition in await self.fetch(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'"
        ):
            shape[name] = definition
        return shape


async def schema_of(dbs: Databases, target: str) -> dict[str, object]:
    async with Raw(dbs.kind, target) as raw:
        return await raw.schema()


async def make_old_database(dbs: Databases, target: str, version: int) -> None:
    """A database at schema ``version`` with a started game written the way that
    version's code would have written it."""
    async with Raw(dbs.kind, target) as db:
        await db.migrate(version)
        assert await db.version() == version
        if version >= 1:
            snap = {"seed": 3, "target": 9, "decisions": 2, "total": 5, "history": [2, 3]}
            await db.execute(
                "INSERT INTO games (id, guild_id, channel_id, status, options, seed, version,"
                " created_at, started_at, updated_at) VALUES (1, 9, 100, 'running', ?, 3, 2, 1, 2, 3)",
                (json.dumps({"target": 9}),),
            )
            for row in [(0, 501, "red"), (1, 502, "blue")]:
                await db.execute(
                    "INSERT INTO seats (game_id, seat, user_id, colour, joined_at) VALUES (1, ?, ?, ?, 1)",
                    row,
                )
            for row in [(1, 0, 501, '{"add":2}'), (2, 1, 502, '{"add":3}')]:
                await db.execute(
                    "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at)"
                    " VALUES (1, ?, ?, ?, ?, 2)",
                    row,
                )
            await db.execute(
                "INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (1, 2, ?, 3)",
                (json.dumps(snap),),
            )
            if dbs.is_postgres:  # an explicit id does not move the identity on
                await db.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), 1)")
        if version >= 4:  # revision == version for a log that was never cut
            await db.execute("UPDATE games SET revision = 2 WHERE id = 1")
        if version >= 11:  # v11 code writes every digest with its row
            d = [game_digest(3, json.dumps({"target": 9}))]
            for seq, seat, user, text in [(1, 0, 501, '{"add":2}'), (2, 1, 502, '{"add":3}')]:
                d.append(action_digest(d[-1], seq, seat, user, text))
                await db.execute(
                    "UPDATE actions SET digest = ? WHERE game_id = 1 AND seq = ?", (d[-1], seq)
                )
            await db.execute(
                "UPDATE snapshots SET digest = ? WHERE game_id = 1 AND seq = 2",
                (snapshot_digest(d[2], 2, json.dumps(snap)),),
            )
            await db.execute("UPDATE games SET digest = ?, head = ? WHERE id = 1", (d[0], d[2]))
        if version >= 2:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, moderator_role_id, reminder_minutes, updated_at)"
                " VALUES (9, 77, 30, 1)"
            )
            await db.execute(
                "INSERT INTO player_prefs (user_id, mute_pings, updated_at) VALUES (501, 1, 1)"
            )


async def test_empty_database_gets_the_latest_schema(dbs: Databases, db: str) -> None:
    async with Store(db, codec=CounterCodec()) as store:
        assert await store.list_games() == []
    async with Raw(dbs.kind, db) as raw:
        assert await raw.version() == SCHEMA_VERSION
        assert await raw.migrate(SCHEMA_VERSION) == []  # reopening runs nothing
    if not dbs.is_postgres:  # an existing but empty file (version 0) as well
        empty = dbs.tmp_path / "empty.sqlite3"
        empty.touch()
        async with Store(empty, codec=CounterCodec()):
            pass
        assert await schema_of(dbs, str(empty)) == await schema_of(dbs, db)
    before = await schema_of(dbs, db)
    async with Store(db, codec=CounterCodec()):
        pass
    assert await schema_of(dbs, db) == before


@pytest.mark.parametrize("old", range(SCHEMA_VERSION))
async def test_migrate_from_each_earlier_version(dbs: Databases, db: str, old: int) -> None:
    path = db
    await make_old_database(dbs, path, old)
    fresh = dbs.new()
    async with Store(fresh, codec=CounterCodec()):
        pass

    async with Store(path, codec=CounterCodec()) as store:
        async with Raw(dbs.kind, path) as raw:
            assert await raw.version() == SCHEMA_VERSION
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
    assert await schema_of(dbs, path) == await schema_of(dbs, fresh)


async def test_database_newer_than_the_code_is_refused(dbs: Databases, db: str) -> None:
    async with Raw(dbs.kind, db) as raw:
        await raw.set_version(SCHEMA_VERSION + 1)
    with pytest.raises(SchemaError, match="newer than this code"):
        async with Store(db, codec=CounterCodec()):
            pass


async def test_failed_migration_rolls_back_completely(dbs: Databases, db: str) -> None:
    """A v1 database where a v2 table already exists by accident: the v2 step
    fails, and the database is left exactly at v1 (no half-made tables)."""
    await make_old_database(dbs, db, 1)
    async with Raw(dbs.kind, db) as raw:
        await raw.execute("CREATE TABLE player_prefs (user_id BIGINT PRIMARY KEY)")
    before = await schema_of(dbs, db)
    with pytest.raises(SchemaError, match="migration to version 2"):
        async with Store(db, codec=CounterCodec()):
            pass
    assert await schema_of(dbs, db) == before
    async with Raw(dbs.kind, db) as raw:
        assert await raw.version() == 1
        assert await raw.fetch("SELECT count(*) FROM actions") == [(2,)]


async def test_failed_backfill_names_its_step_and_rolls_back(
    dbs: Databases, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A step's Python backfill (v11 seals the digests) that fails reads like a
    failed statement on both backends, and leaves the database at v10."""
    import storage.pg_schema
    import storage.schema

    async def broken(conn: object) -> None:
        raise RuntimeError("backfill broke")

    for module, name in ((storage.schema, "MIGRATIONS"), (storage.pg_schema, "PG_MIGRATIONS")):
        steps = list(getattr(module, name))
        steps[10] = dataclasses.replace(steps[10], backfill=broken)
        monkeypatch.setattr(module, name, tuple(steps))
    await make_old_database(dbs, db, 10)
    before = await schema_of(dbs, db)
    step = MIGRATIONS[10]
    with pytest.raises(SchemaError) as caught:
        async with Store(db, codec=CounterCodec()):
            pass
    assert str(caught.value) == (
        f"migration to version 11 ({step.description}) failed: backfill broke"
    )
    assert await schema_of(dbs, db) == before
    async with Raw(dbs.kind, db) as raw:
        assert await raw.version() == 10


@pytest.mark.postgres
async def test_both_backends_build_the_same_tables(
    postgres_server: PostgresServer, tmp_path: Path
) -> None:
    """Same tables, columns in the same order, same NOT NULLs, same indexes: the
    two schemas differ in type names only."""
    name, url = postgres_server.new_database()
    try:
        lite = str(tmp_path / "same.sqlite3")
        for target in (lite, url):
            async with Store(target, codec=CounterCodec()):
                pass
        async with Raw("sqlite", lite) as raw:
            tables = {
                t: [
                    (r[1], bool(r[3]) or bool(r[5]))
                    for r in await raw.fetch(f"PRAGMA table_info({t})")
                ]
                for (t,) in await raw.fetch(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                )
            }
            indexes = {
                n
                for (n,) in await raw.fetch(
                    "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
                )
            }
        async with Raw("postgresql", url) as raw:
            pg_tables: dict[str, list[tuple[str, bool]]] = {}
            for table, column, nullable in await raw.fetch(
                "SELECT table_name, column_name, is_nullable FROM information_schema.columns"
                " WHERE table_schema = 'public' AND table_name <> 'schema_version'"
                " ORDER BY table_name, ordinal_position"
            ):
                pg_tables.setdefault(table, []).append((column, nullable == "NO"))
            pg_indexes = {
                n
                for (n,) in await raw.fetch(
                    "SELECT indexname FROM pg_indexes WHERE schemaname = 'public'"
                    " AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'"
                )
            }
        assert pg_tables == tables
        assert pg_indexes == indexes
    finally:
        postgres_server.drop_database(name)


def test_migration_steps_are_numbered_in_order() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))
    assert all(m.statements and m.description for m in MIGRATIONS)
    # PostgreSQL takes the same steps, described the same
    assert [(m.version, m.description) for m in PG_MIGRATIONS] == [
        (m.version, m.description) for m in MIGRATIONS
    ]
