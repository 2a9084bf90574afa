"""Schema and forward migrations, tracked in ``PRAGMA user_version``.

``MIGRATIONS[i]`` takes a database from version ``i`` to ``i + 1``; a new
database runs them all. :func:`migrate` runs the missing steps at start in one
``BEGIN IMMEDIATE`` transaction (SQLite DDL and ``user_version`` are
transactional), so a failed migration leaves the file exactly as it was. A
database newer than this code is refused rather than guessed at.

Never edit a released step; add a new one. Each step is a list of single SQL
statements (``executescript`` would commit behind our back).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import aiosqlite

from storage.backend import Conn
from storage.digest import seal_all
from storage.errors import SchemaError


@dataclass(frozen=True, slots=True)
class Migration:
    version: int  # the schema version after this step
    description: str
    statements: tuple[str, ...]
    #: run after the statements, in the same transaction (rows computed in Python)
    backfill: Callable[[Conn], Awaitable[None]] | None = None


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "games, seats, append-only action log, snapshots",
        (
            """
            CREATE TABLE games (
                id          INTEGER PRIMARY KEY,
                guild_id    INTEGER,
                channel_id  INTEGER NOT NULL,
                status      TEXT NOT NULL
                            CHECK (status IN ('lobby', 'running', 'paused', 'finished', 'aborted')),
                options     TEXT NOT NULL,
                seed        INTEGER,
                version     INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
                created_by  INTEGER,
                created_at  REAL NOT NULL,
                started_at  REAL,
                ended_at    REAL,
                updated_at  REAL NOT NULL,
                result      TEXT
            )
            """,
            # One active game per channel (or thread); archived games do not count.
            """
            CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id)
                WHERE status IN ('lobby', 'running', 'paused')
            """,
            "CREATE INDEX games_by_status ON games (status)",
            """
            CREATE TABLE seats (
                game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                seat        INTEGER NOT NULL CHECK (seat >= 0),
                user_id     INTEGER NOT NULL,
                colour      TEXT,
                joined_at   REAL NOT NULL,
                PRIMARY KEY (game_id, seat)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX seats_by_user ON seats (user_id)",
            """
            CREATE TABLE actions (
                game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                seq         INTEGER NOT NULL CHECK (seq >= 1),
                seat        INTEGER,
                user_id     INTEGER,
                action      TEXT NOT NULL,
                created_at  REAL NOT NULL,
                PRIMARY KEY (game_id, seq)
            ) WITHOUT ROWID
            """,
            # Big rows: a rowid table with a unique key (WITHOUT ROWID suits small rows).
            """
            CREATE TABLE snapshots (
                id          INTEGER PRIMARY KEY,
                game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                seq         INTEGER NOT NULL CHECK (seq >= 0),
                state       TEXT NOT NULL,
                created_at  REAL NOT NULL,
                UNIQUE (game_id, seq)
            )
            """,
        ),
    ),
    Migration(
        2,
        "guild settings and per-player preferences",
        (
            """
            CREATE TABLE guild_settings (
                guild_id            INTEGER PRIMARY KEY,
                moderator_role_id   INTEGER,
                reminder_minutes    INTEGER CHECK (reminder_minutes IS NULL OR reminder_minutes > 0),
                start_policy        TEXT NOT NULL DEFAULT 'anyone'
                                    CHECK (start_policy IN ('anyone', 'moderators')),
                updated_at          REAL NOT NULL
            )
            """,
            """
            CREATE TABLE player_prefs (
                user_id     INTEGER PRIMARY KEY,
                mute_pings  INTEGER NOT NULL DEFAULT 0 CHECK (mute_pings IN (0, 1)),
                updated_at  REAL NOT NULL
            )
            """,
        ),
    ),
    Migration(
        3,
        "why a game ended early; a guild's games listed by recency",
        (
            "ALTER TABLE games ADD COLUMN end_reason TEXT",
            "CREATE INDEX games_by_guild ON games (guild_id, updated_at)",
        ),
    ),
    Migration(
        4,
        "a per-game revision that only ever grows (stale clicks after a truncated log)",
        (
            # ``version`` is the log length and goes down when the log is cut;
            # ``revision`` counts every change to the log and never goes down.
            # Before this step a log was never cut in place, so they were equal.
            "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0 CHECK (revision >= 0)",
            "UPDATE games SET revision = version",
        ),
    ),
    Migration(
        5,
        "per-game settings (reminders, turn timeout, seat order, reminder state) and mutes",
        (
            # No row: every default. reminder_minutes NULL: the guild's or the
            # bot's default, 0: off. timeout_minutes NULL: no turn timeout.
            # reminders_sent / last_reminder_at count for reminded_revision only.
            """
            CREATE TABLE game_settings (
                game_id             INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
                reminder_minutes    INTEGER CHECK (reminder_minutes IS NULL OR reminder_minutes >= 0),
                timeout_minutes     INTEGER CHECK (timeout_minutes IS NULL OR timeout_minutes > 0),
                seat_order          TEXT NOT NULL DEFAULT 'random'
                                    CHECK (seat_order IN ('random', 'lobby')),
                reminded_revision   INTEGER,
                reminders_sent      INTEGER NOT NULL DEFAULT 0 CHECK (reminders_sent >= 0),
                last_reminder_at    REAL,
                updated_at          REAL NOT NULL
            )
            """,
            """
            CREATE TABLE game_mutes (
                game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                user_id     INTEGER NOT NULL,
                muted_at    REAL NOT NULL,
                PRIMARY KEY (game_id, user_id)
            ) WITHOUT ROWID
            """,
        ),
    ),
    Migration(
        6,
        "one running bot per database (instance leases); games set aside after a failed check",
        (
            # scope: "all", or a shard range such as "shards:0-3"; a lease is
            # held while expires_at is in the future and renewed by heartbeats.
            """
            CREATE TABLE instance_leases (
                scope           TEXT PRIMARY KEY,
                owner           TEXT NOT NULL,
                acquired_at     REAL NOT NULL,
                heartbeat_at    REAL NOT NULL,
                expires_at      REAL NOT NULL
            )
            """,
            # A game whose snapshot disagrees with its log (or whose log does not
            # replay) is set aside until a moderator repairs it; notified_at: the
            # channel has been told.
            """
            CREATE TABLE game_faults (
                game_id         INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
                reason          TEXT NOT NULL,
                detected_at     REAL NOT NULL,
                notified_at     REAL
            )
            """,
        ),
    ),
    Migration(
        7,
        "display names stored with the seat; a guild's lobby lifetime",
        (
            # The name a player was last seen with, so images name them after
            # a restart (the bot does not ask Discord for members).
            "ALTER TABLE seats ADD COLUMN display_name TEXT",
            # NULL: the default lifetime (7 days).
            "ALTER TABLE guild_settings ADD COLUMN lobby_days INTEGER"
            " CHECK (lobby_days IS NULL OR lobby_days > 0)",
        ),
    ),
    Migration(
        8,
        "players' DM notices and quiet hours, turns announced by DM, servers' game threads",
        (
            # quiet_start/quiet_end: minutes after the player's midnight (NULL:
            # none); utc_offset: the player's clock, minutes east of UTC.
            """
            CREATE TABLE notify_prefs (
                user_id         INTEGER PRIMARY KEY,
                dm_turn         INTEGER NOT NULL DEFAULT 0 CHECK (dm_turn IN (0, 1)),
                dm_reminders    INTEGER NOT NULL DEFAULT 0 CHECK (dm_reminders IN (0, 1)),
                quiet_start     INTEGER CHECK (quiet_start IS NULL OR quiet_start BETWEEN 0 AND 1439),
                quiet_end       INTEGER CHECK (quiet_end IS NULL OR quiet_end BETWEEN 0 AND 1439),
                utc_offset      INTEGER NOT NULL DEFAULT 0 CHECK (utc_offset BETWEEN -840 AND 840),
                updated_at      REAL NOT NULL
            )
            """,
            # The revision of the last "your turn" DM per game and player (at most one per turn).
            """
            CREATE TABLE turn_dms (
                game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                user_id     INTEGER NOT NULL,
                revision    INTEGER NOT NULL,
                sent_at     REAL NOT NULL,
                PRIMARY KEY (game_id, user_id)
            ) WITHOUT ROWID
            """,
            # game_threads NULL: the default (a thread where the bot may create one).
            """
            CREATE TABLE guild_table_settings (
                guild_id        INTEGER PRIMARY KEY,
                game_threads    INTEGER CHECK (game_threads IS NULL OR game_threads IN (0, 1)),
                updated_at      REAL NOT NULL
            )
            """,
        ),
    ),
    Migration(
        9,
        "games that move on by themselves: a server's default turn timeout, seats the bot"
        " holds after timeouts in a row, games whose channel or thread was deleted",
        (
            # NULL: the bot's default (48 h); every game has a turn timeout.
            "ALTER TABLE guild_settings ADD COLUMN timeout_minutes INTEGER"
            " CHECK (timeout_minutes IS NULL OR timeout_minutes > 0)",
            # Timeouts in a row of the person user_id on a seat; away = 1: the bot
            # plays the seat for them until they join again (storage/absence.py).
            """
            CREATE TABLE seat_timeouts (
                game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                seat        INTEGER NOT NULL CHECK (seat >= 0),
                user_id     INTEGER NOT NULL,
                in_a_row    INTEGER NOT NULL DEFAULT 0 CHECK (in_a_row >= 0),
                away        INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1)),
                updated_at  REAL NOT NULL,
                PRIMARY KEY (game_id, seat)
            ) WITHOUT ROWID
            """,
            # The game's channel or thread was deleted: the game is paused until a
            # moderator moves it (/ba-mod move game:<id>) or ends it.
            """
            CREATE TABLE channels_gone (
                game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
                channel_id  INTEGER NOT NULL,
                gone_at     REAL NOT NULL
            )
            """,
        ),
    ),
    Migration(
        10,
        "skill ratings per server and player, folded from finished games once each",
        (
            # One row per finished game folded into its server's ratings (rated:
            # 0 when it counts for nobody, e.g. solo); the key makes a game count
            # once. guild_id 0: games played outside a server. ended_at: the fold order.
            """
            CREATE TABLE rated_games (
                game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
                guild_id    INTEGER NOT NULL,
                ended_at    REAL NOT NULL,
                rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
                rated_at    REAL NOT NULL
            )
            """,
            "CREATE INDEX rated_games_by_guild ON rated_games (guild_id, ended_at, game_id)",
            # The fold's result (a cache: rebuilt from the finished games at will).
            """
            CREATE TABLE ratings (
                guild_id    INTEGER NOT NULL,
                user_id     INTEGER NOT NULL,
                mu          REAL NOT NULL,
                sigma       REAL NOT NULL CHECK (sigma > 0),
                games       INTEGER NOT NULL CHECK (games >= 0),
                updated_at  REAL NOT NULL,
                PRIMARY KEY (guild_id, user_id)
            ) WITHOUT ROWID
            """,
        ),
    ),
    Migration(
        11,
        "digests chaining each game's seed, options, actions and snapshots (damage found at load)",
        (
            # storage/digest.py: games.digest is d[0] (seed and options), each
            # action's digest is chained to the one before, games.head is
            # d[version]; a snapshot's digest ties it to d[seq]. Existing games
            # are sealed as they are by the backfill.
            "ALTER TABLE games ADD COLUMN digest TEXT",
            "ALTER TABLE games ADD COLUMN head TEXT",
            "ALTER TABLE actions ADD COLUMN digest TEXT",
            "ALTER TABLE snapshots ADD COLUMN digest TEXT",
        ),
        seal_all,
    ),
    Migration(
        12,
        "a game's base: the snapshot its record starts from when earlier actions were lost",
        (
            # storage/digest.py base_digest: a repair that resumes a game from a
            # later intact snapshot (its earlier actions damaged) makes it the
            # game's base; 0 (every existing game) is the seed, as before.
            "ALTER TABLE games ADD COLUMN base INTEGER NOT NULL DEFAULT 0 CHECK (base >= 0)",
        ),
    ),
)

SCHEMA_VERSION: int = MIGRATIONS[-1].version

assert [m.version for m in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))


async def user_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    assert row is not None
    return int(row[0])


def check_target(target: int) -> None:
    """``target`` must be a schema version this code knows (0 to the latest)."""
    if not 0 <= target <= SCHEMA_VERSION:
        raise ValueError(f"no schema version {target}")


def refuse_newer(current: int) -> None:
    """A database newer than this code is refused rather than guessed at."""
    if current > SCHEMA_VERSION:
        raise SchemaError(
            f"database schema version {current} is newer than this code "
            f"(knows up to {SCHEMA_VERSION}); upgrade the bot, do not downgrade the database"
        )


async def run_step(
    step: Migration, execute: Callable[[str], Awaitable[object]], conn: Conn
) -> None:
    """Run one step (its statements, then its backfill on ``conn``) inside the
    caller's transaction; a failure names the step. Both backends run their
    steps through here, so they fail alike."""
    try:
        for sql in step.statements:
            await execute(sql)
        if step.backfill is not None:
            await step.backfill(conn)
    except Exception as exc:
        raise SchemaError(
            f"migration to version {step.version} ({step.description}) failed: {exc}"
        ) from exc


async def migrate(db: aiosqlite.Connection, target: int = SCHEMA_VERSION) -> list[int]:
    """Bring the database to ``target``; return the versions applied (may be empty).

    ``target`` below the latest is for tests that build an older schema.
    The connection must be in autocommit mode (``isolation_level=None``).
    """
    from storage.sqlite import SQLiteConn  # not at import: sqlite imports this module

    check_target(target)
    backfill_conn = SQLiteConn(db)
    await db.execute("BEGIN IMMEDIATE")
    try:
        current = await user_version(db)
        refuse_newer(current)
        applied: list[int] = []
        for step in MIGRATIONS[current:target]:
            await run_step(step, db.execute, backfill_conn)
            await db.execute(f"PRAGMA user_version = {int(step.version)}")
            applied.append(step.version)
        await db.commit()
    except BaseException:
        await db.rollback()
        raise
    return applied
