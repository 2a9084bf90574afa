"""Copy every game from one database to another, then prove the copy.

    python -m storage.copy SRC DST

SRC and DST are what ``BLACK_ANGEL_DB`` accepts: a SQLite file path or a
``postgresql://`` URL, so this moves an installation from SQLite to PostgreSQL
(and back). DST must hold no games yet (its schema is created or migrated
first), and no bot may be running on either (their leases are checked). Every row of every table is copied as it is, ids included, so buttons
already posted in Discord (which carry game ids and revisions) keep working.

Then the copy is verified: every table reads back equal row for row, and every
started game is replayed from its seed and log at the destination and must
equal its stored snapshot and its state at the source. Exit status 0 only when
everything matched; a game that is corrupt at the source is copied as it is and
reported.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from storage.backend import Conn
from storage.errors import CorruptGameError, StorageError
from storage.models import STARTED_STATUSES
from storage.postgres import is_postgres_url, redact
from storage.store import Store

#: Tables copied, each with its columns and the key that orders it. The
#: tests check these lists cover every column of the schema.
TABLES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (
        "games",
        (
            "id",
            "guild_id",
            "channel_id",
            "status",
            "options",
            "seed",
            "version",
            "created_by",
            "created_at",
            "started_at",
            "ended_at",
            "updated_at",
            "result",
            "end_reason",
            "revision",
            "digest",
            "head",
            "base",
        ),
        "id",
    ),
    (
        "seats",
        ("game_id", "seat", "user_id", "colour", "joined_at", "display_name"),
        "game_id, seat",
    ),
    (
        "actions",
        ("game_id", "seq", "seat", "user_id", "action", "created_at", "digest"),
        "game_id, seq",
    ),
    ("snapshots", ("id", "game_id", "seq", "state", "created_at", "digest"), "id"),
    (
        "guild_settings",
        (
            "guild_id",
            "moderator_role_id",
            "reminder_minutes",
            "start_policy",
            "updated_at",
            "lobby_days",
            "timeout_minutes",
        ),
        "guild_id",
    ),
    ("player_prefs", ("user_id", "mute_pings", "updated_at"), "user_id"),
    (
        "game_settings",
        (
            "game_id",
            "reminder_minutes",
            "timeout_minutes",
            "seat_order",
            "reminded_revision",
            "reminders_sent",
            "last_reminder_at",
            "updated_at",
        ),
        "game_id",
    ),
    ("game_mutes", ("game_id", "user_id", "muted_at"), "game_id, user_id"),
    ("game_faults", ("game_id", "reason", "detected_at", "notified_at"), "game_id"),
    (
        "notify_prefs",
        (
            "user_id",
            "dm_turn",
            "dm_reminders",
            "quiet_start",
            "quiet_end",
            "utc_offset",
            "updated_at",
        ),
        "user_id",
    ),
    ("turn_dms", ("game_id", "user_id", "revision", "sent_at"), "game_id, user_id"),
    ("guild_table_settings", ("guild_id", "game_threads", "updated_at"), "guild_id"),
    (
        "seat_timeouts",
        ("game_id", "seat", "user_id", "in_a_row", "away", "updated_at"),
        "game_id, seat",
    ),
    ("channels_gone", ("game_id", "channel_id", "gone_at"), "game_id"),
    ("rated_games", ("game_id", "guild_id", "ended_at", "rated", "rated_at"), "game_id"),
    (
        "ratings",
        ("guild_id", "user_id", "mu", "sigma", "games", "updated_at"),
        "guild_id, user_id",
    ),
)
#: Tables deliberately not copied: state of running processes, not of games
#: (the bots on the destination take their own leases).
NOT_COPIED: frozenset[str] = frozenset({"instance_leases"})
#: Tables whose ids come from an identity column (PostgreSQL must move it on).
IDENTITY_TABLES = ("games", "snapshots")
CHUNK = 1000


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _select(table: str, cols: Sequence[str], order: str) -> str:
    return f"SELECT {', '.join(cols)} FROM {table} ORDER BY {order}"


async def _read_tables(conn: Conn) -> dict[str, list[tuple[Any, ...]]]:
    return {
        table: [tuple(r) for r in await conn.all(_select(table, cols, order))]
        for table, cols, order in TABLES
    }


async def _write_tables(conn: Conn, dialect: str, data: dict[str, list[tuple[Any, ...]]]) -> None:
    (count,) = await conn.one("SELECT count(*) FROM games") or (0,)
    if count:
        raise StorageError(f"the destination already holds {count} games; copy into an empty one")
    for table, cols, _order in TABLES:
        sql = f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})"
        rows = data[table]
        for i in range(0, len(rows), CHUNK):
            await conn.executemany(sql, rows[i : i + CHUNK])
    if dialect == "postgresql":
        for table in IDENTITY_TABLES:
            await conn.one(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                f" COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM {table}"
            )


async def copy_database(src_target: str, dst_target: str) -> CopyReport:
    """Copy ``src_target`` into the empty ``dst_target`` and verify the copy."""
    if src_target == dst_target:
        raise StorageError("source and destination are the same database")
    if not is_postgres_url(src_target) and not Path(src_target).is_file():
        raise StorageError(f"no database file {src_target!r} to copy from")
    report = CopyReport()
    async with Store(src_target) as src, Store(dst_target) as dst:
        for store, which in ((src, "source"), (dst, "destination")):
            now = store._clock()
            running = [lease for lease in await store.leases() if lease.expires_at > now]
            if running:
                holders = ", ".join(f"{lease.owner} ({lease.scope})" for lease in running)
                raise StorageError(
                    f"a bot is running on the {which}: {holders}; stop it first"
                    " (a copy taken while games change would miss their last moves)"
                )
        data = await src.backend.read(_read_tables)
        await dst.backend.write(lambda conn: _write_tables(conn, dst.backend.dialect, data))
        report.rows = {table: len(rows) for table, rows in data.items()}

        # 1. every table reads back equal, row for row
        back = await dst.backend.read(_read_tables)
        for table, rows in data.items():
            if back[table] != rows:
                differ = sum(1 for a, b in zip(rows, back[table], strict=False) if a != b)
                report.problems.append(
                    f"{table}: {len(back[table])} rows at the destination for {len(rows)},"
                    f" {differ} differing"
                )
        # 2. every started game replays at the destination to its state at the source
        for record in await dst.list_games():
            if record.status not in STARTED_STATUSES:
                continue
            try:
                there = await dst.verify_game(record.id)  # a full replay of the log
            except CorruptGameError as exc:
                try:
                    await src.verify_game(record.id)
                except CorruptGameError:
                    report.problems.append(f"{exc} (at the source already; copied as it is)")
                else:
                    report.problems.append(f"at the destination: {exc}")
                continue
            report.replayed += 1
            try:
                here = await src.load_game(record.id)
            except CorruptGameError as exc:
                report.problems.append(f"at the source: {exc}")
                continue
            if src.codec.dump(here.game) != dst.codec.dump(there.game):
                report.problems.append(f"game {record.id}: replayed state differs from the source")
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m storage.copy",
        description="Copy every game (and all settings) from SRC to the empty DST, "
        "then verify by replaying each game at DST. SRC and DST: a SQLite file or a "
        "postgresql:// URL.",
    )
    parser.add_argument("src", metavar="SRC")
    parser.add_argument("dst", metavar="DST")
    args = parser.parse_args(argv)
    try:
        report = asyncio.run(copy_database(args.src, args.dst))
    except StorageError as exc:
        print(f"copy failed: {exc}", file=sys.stderr)
        return 2
    counts = ", ".join(f"{n} {table}" for table, n in report.rows.items())
    print(f"copied {redact(args.src)} -> {redact(args.dst)}: {counts}")
    print(f"replayed {report.replayed} started games at the destination")
    for problem in report.problems:
        print(f"MISMATCH {problem}", file=sys.stderr)
    if not report.ok:
        print(f"{len(report.problems)} problems: the copy is not faithful", file=sys.stderr)
        return 1
    print("verified: every row equal, every game replays to the same state")
    return 0


if __name__ == "__main__":
    sys.exit(main())
