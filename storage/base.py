"""What every part of the store shares: the backend, row decoding, small checks.

:class:`StoreBase` opens the backend named by the path or URL and runs each
operation as one transaction on it (:meth:`StoreBase._read`,
:meth:`StoreBase._write`). The parts of the store (games and seats, the action
log, rebuilding games, settings, import/export) are mixins on top of it.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, Final, Generic, Literal, TypeVar

from storage.backend import Backend, Conn
from storage.codec import EngineCodec, GameCodec
from storage.errors import ChannelBusyError, GameStateError, NotFoundError, StorageError
from storage.models import (
    ActionRecord,
    GameRecord,
    GameStatus,
    JsonDict,
    Seat,
    SnapshotRecord,
)
from storage.shards import ShardRange

G = TypeVar("G")
T = TypeVar("T")

#: Environment variable naming the database: a file path or a ``postgresql://`` URL.
DB_ENV: Final = "BLACK_ANGEL_DB"
#: Read when ``BLACK_ANGEL_DB`` is not set (the name hosting platforms use).
URL_ENV: Final = "DATABASE_URL"
#: Database file used when the environment does not name one (in the working dir).
DEFAULT_DB: Final = "black_angel.sqlite3"
#: Snapshot after every Nth action. Measured (bench/storage.py): ``Game.to_json``
#: costs the caller ~0.75 ms per snapshot, more than the append itself, while
#: replaying up to 9 actions on load costs < 0.6 ms (apply ~0.07 ms), and
#: 1,000 games load in ~1 s either way. Every 10th action, and always the final state.
DEFAULT_SNAPSHOT_EVERY: Final = 10
#: Snapshots kept per game (older ones are deleted when a new one is written). Two,
#: so that loading checks the newest against a replay from the one before (replay.py).
DEFAULT_KEEP_SNAPSHOTS: Final = 2

SnapshotArg = JsonDict | str | Callable[[], JsonDict] | None

GAME_COLS: Final = (
    "id, guild_id, channel_id, status, options, seed, version, created_by, created_at, "
    "started_at, ended_at, updated_at, result, end_reason, revision, digest, head, base"
)
ACTION_COLS: Final = "game_id, seq, seat, user_id, action, created_at, digest"
SNAPSHOT_COLS: Final = "game_id, seq, state, created_at, digest"
ACTIVE_SQL: Final = "('lobby', 'running', 'paused')"
RUNNING_SQL: Final = "('running', 'paused')"


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = _Unset()


def default_db_path() -> str:
    """Where the games live: ``$BLACK_ANGEL_DB`` if set (and not empty), else
    ``$DATABASE_URL`` (the name hosting platforms use), else
    ``black_angel.sqlite3``. A ``postgresql://`` URL selects PostgreSQL; anything
    else is a SQLite file (``sqlite:///path`` is read as ``path``)."""
    target = os.environ.get(DB_ENV) or os.environ.get(URL_ENV) or DEFAULT_DB
    if target.startswith("sqlite:///"):
        target = target.removeprefix("sqlite:///") or DEFAULT_DB
    return target


def new_seed() -> int:
    """A random seed that fits a signed 64-bit INTEGER."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def dumps(value: JsonDict | str) -> str:
    """Compact JSON text (a str is taken as already-encoded JSON)."""
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ValueError(f"seed must be an int in [0, 2**63), got {seed!r}")
    return seed


def is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def game_row(row: Sequence[Any]) -> GameRecord:
    return GameRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        status=GameStatus(row[3]),
        options_json=row[4],
        seed=row[5],
        version=row[6],
        created_by=row[7],
        created_at=row[8],
        started_at=row[9],
        ended_at=row[10],
        updated_at=row[11],
        result_json=row[12],
        end_reason=row[13],
        revision=row[14],
        digest=row[15],
        head=row[16],
        base=row[17],
    )


def seat_row(row: Sequence[Any]) -> Seat:
    return Seat(
        game_id=row[0],
        seat=row[1],
        user_id=row[2],
        colour=row[3],
        joined_at=row[4],
        display_name=row[5] if len(row) > 5 else None,
    )


def action_row(row: Sequence[Any]) -> ActionRecord:
    return ActionRecord(
        game_id=row[0],
        seq=row[1],
        seat=row[2],
        user_id=row[3],
        action_json=row[4],
        created_at=row[5],
        digest=row[6] if len(row) > 6 else None,
    )


def snapshot_row(row: Sequence[Any]) -> SnapshotRecord:
    return SnapshotRecord(
        game_id=row[0],
        seq=row[1],
        state_json=row[2],
        created_at=row[3],
        digest=row[4] if len(row) > 4 else None,
    )


async def refuse_busy_channel(db: Conn, channel_id: int) -> None:
    """One active game per channel (or thread): raise ChannelBusyError naming
    the game already there. The unique index games_one_active_per_channel
    holds it too; this says which game."""
    busy = await db.one(
        f"SELECT id FROM games WHERE channel_id = ? AND status IN {ACTIVE_SQL}",
        (channel_id,),
    )
    if busy is not None:
        raise ChannelBusyError(channel_id, int(busy[0]))


def open_backend(
    target: str,
    *,
    busy_timeout_ms: int = 5000,
    synchronous: Literal["FULL", "NORMAL"] = "FULL",
) -> Backend:
    """The backend for a ``postgresql://`` URL (PostgreSQL), else a path (SQLite)."""
    from storage.postgres import PostgresBackend, is_postgres_url
    from storage.sqlite import SQLiteBackend

    if is_postgres_url(target):
        return PostgresBackend(target, synchronous=synchronous)
    if "://" in target:  # not a file name: a URL of a database we do not speak
        scheme = target.split("://", 1)[0]
        raise StorageError(
            f"unsupported database URL scheme {scheme!r}: use a SQLite file path"
            " or a postgresql:// URL"
        )

    return SQLiteBackend(target, busy_timeout_ms=busy_timeout_ms, synchronous=synchronous)


class StoreBase(Generic[G]):
    """The backend, the codec and the helpers every part of the store uses."""

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        codec: GameCodec[G] | None = None,
        snapshot_every: int = DEFAULT_SNAPSHOT_EVERY,
        keep_snapshots: int | None = DEFAULT_KEEP_SNAPSHOTS,
        busy_timeout_ms: int = 5000,
        synchronous: Literal["FULL", "NORMAL"] = "FULL",
        clock: Callable[[], float] = time.time,
        shards: ShardRange | None = None,
    ) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be >= 1")
        if keep_snapshots is not None and keep_snapshots < 1:
            raise ValueError("keep_snapshots must be >= 1 (or None: keep all)")
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError("synchronous must be 'FULL' or 'NORMAL'")
        self.path: str = os.fspath(path) if path is not None else default_db_path()
        self.codec: GameCodec[G] = codec if codec is not None else EngineCodec()  # type: ignore[assignment]
        self.snapshot_every = snapshot_every
        self.keep_snapshots = keep_snapshots
        self._clock = clock
        #: only these shards' games are swept at start-up and by the tick (None: all)
        self.shards = shards
        self.backend: Backend = open_backend(
            self.path, busy_timeout_ms=busy_timeout_ms, synchronous=synchronous
        )

    # ------------------------------------------------------------------ lifecycle

    async def connect(self) -> None:
        """Open the database and run pending migrations."""
        await self.backend.connect()

    async def close(self) -> None:
        """Close the database (waiting for a write in progress to finish)."""
        await self.backend.close()

    # ------------------------------------------------------------------ plumbing

    async def _write(self, fn: Callable[[Conn], Awaitable[T]]) -> T:
        """Run ``fn`` in one write transaction, shielded from the caller's cancellation."""
        return await self.backend.write(fn)

    async def _read(self, fn: Callable[[Conn], Awaitable[T]]) -> T:
        """Run ``fn`` in one read transaction (a consistent view across statements)."""
        return await self.backend.read(fn)

    @staticmethod
    async def _get_game(db: Conn, game_id: int) -> GameRecord:
        row = await db.one(f"SELECT {GAME_COLS} FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise NotFoundError(f"no game {game_id}")
        return game_row(row)

    @staticmethod
    async def _get_seats(db: Conn, game_id: int) -> list[Seat]:
        rows = await db.all(
            "SELECT game_id, seat, user_id, colour, joined_at, display_name"
            " FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [seat_row(r) for r in rows]

    def _running(self, alias: str = "g") -> tuple[str, tuple[int, ...]]:
        """SQL for "running or paused, and on this store's shards" (with its parameters)."""
        cond = f"{alias}.status IN {RUNNING_SQL}"
        if self.shards is None:
            return cond, ()
        on_shards, params = self.shards.where(f"{alias}.guild_id")
        return f"{cond} AND {on_shards}", params

    @staticmethod
    def _require(game: GameRecord, allowed: Iterable[GameStatus], doing: str) -> None:
        allowed = set(allowed)
        if game.status not in allowed:
            wanted = " or ".join(sorted(s.value for s in allowed))
            raise GameStateError(
                f"game {game.id} is {game.status.value}; cannot {doing} (needs {wanted})"
            )
