"""The async game store: lobby, seats, an append-only action log with snapshots.

Event-sourced: a game row keeps its options and seed; every applied action is
appended to ``actions`` (``seq`` 1, 2, ...); ``snapshots`` hold the engine
state after some actions. Loading a game = newest snapshot + replay of the
actions after it; the log is the truth and a snapshot only a cache (a snapshot
that cannot be restored falls back to a full replay of the log).

Concurrency
    A game's ``version`` is the number of actions in its log (== engine
    ``state.decisions``). :meth:`Store.append_action` carries the version the
    action was computed from; a stale one raises :class:`ConflictError` and
    writes nothing. One ``BEGIN IMMEDIATE`` transaction per append (version
    bump + action + optional snapshot).

    :meth:`Store.truncate_actions` cuts the log (undo, rollback), so
    ``version`` can go *down* and come back up to a value a stale client
    still holds. ``revision`` is the game's other counter: +1 on every append
    and every truncate, never down. Clients that may hold a state from before
    a truncate (buttons) carry the revision and pass ``expected_revision``;
    a revision, once passed, never matches again.

    One aiosqlite connection per store. Tasks sharing a connection would
    interleave their transactions (and a reader would see another task's
    uncommitted rows), so every operation holds ``self._lock``. Writes run as
    shielded tasks: once started, a cancelled caller cannot leave a
    transaction half done (the write completes or rolls back on its own).
    Other processes on the same file are kept apart by SQLite's own locking
    (WAL, ``BEGIN IMMEDIATE``, ``busy_timeout``).

Durability
    WAL journal, ``synchronous=FULL`` by default: a committed append survives
    a process kill and a power cut. ``synchronous="NORMAL"`` is faster and
    still survives a process kill (not a power cut).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final, Generic, Literal, TypeVar

import aiosqlite

from storage.codec import EngineCodec, GameCodec
from storage.errors import (
    ChannelBusyError,
    ConflictError,
    CorruptGameError,
    ExportFormatError,
    GameStateError,
    LobbyError,
    NotFoundError,
    StorageError,
)
from storage.models import (
    ACTIVE_STATUSES,
    STARTED_STATUSES,
    ActionRecord,
    AppendResult,
    GameLog,
    GameRecord,
    GameSettings,
    GameStatus,
    GuildSettings,
    JsonDict,
    LoadedGame,
    LoadReport,
    PlayerPrefs,
    Seat,
    SeatOrder,
    SnapshotRecord,
    StartPolicy,
)
from storage.schema import migrate

log = logging.getLogger(__name__)

G = TypeVar("G")
T = TypeVar("T")

#: Environment variable naming the database file.
DB_ENV: Final = "BLACK_ANGEL_DB"
#: Database file used when the environment does not name one (in the working dir).
DEFAULT_DB: Final = "black_angel.sqlite3"
#: Snapshot after every Nth action. Measured (bench/storage.py): ``Game.to_json``
#: costs the caller ~0.75 ms per snapshot, more than the append itself, while
#: replaying up to 9 actions on load costs < 0.6 ms (apply ~0.07 ms), and
#: 1,000 games load in ~1 s either way. Every 10th action, and always the final state.
DEFAULT_SNAPSHOT_EVERY: Final = 10
#: Snapshots kept per game (older ones are deleted when a new one is written).
DEFAULT_KEEP_SNAPSHOTS: Final = 1
#: Export document format name and version.
EXPORT_FORMAT: Final = "black-angel/game-export"
EXPORT_VERSION: Final = 1

SnapshotArg = JsonDict | str | Callable[[], JsonDict] | None

_GAME_COLS = (
    "id, guild_id, channel_id, status, options, seed, version, created_by, created_at, "
    "started_at, ended_at, updated_at, result, end_reason, revision"
)
_ACTIVE_SQL = "('lobby', 'running', 'paused')"
_RUNNING_SQL = "('running', 'paused')"


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = _Unset()


def default_db_path() -> str:
    """``$BLACK_ANGEL_DB`` if set (and not empty), else ``black_angel.sqlite3``."""
    return os.environ.get(DB_ENV) or DEFAULT_DB


def new_seed() -> int:
    """A random seed that fits SQLite's signed 64-bit INTEGER."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def dumps(value: JsonDict | str) -> str:
    """Compact JSON text (a str is taken as already-encoded JSON)."""
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _game(row: Sequence[Any]) -> GameRecord:
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
    )


def _seat(row: Sequence[Any]) -> Seat:
    return Seat(game_id=row[0], seat=row[1], user_id=row[2], colour=row[3], joined_at=row[4])


def _action(row: Sequence[Any]) -> ActionRecord:
    return ActionRecord(
        game_id=row[0],
        seq=row[1],
        seat=row[2],
        user_id=row[3],
        action_json=row[4],
        created_at=row[5],
    )


def _snapshot(row: Sequence[Any]) -> SnapshotRecord:
    return SnapshotRecord(game_id=row[0], seq=row[1], state_json=row[2], created_at=row[3])


def _check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ValueError(f"seed must be an int in [0, 2**63), got {seed!r}")
    return seed


def first_difference(a: Any, b: Any, path: str = "$") -> str | None:
    """Where two JSON values first differ (a JSON-path-like string), or None if equal."""
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: present on one side only"
            diff = first_difference(a[key], b[key], f"{path}.{key}")
            if diff:
                return diff
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            diff = first_difference(x, y, f"{path}[{i}]")
            if diff:
                return diff
        return None
    return None if a == b else f"{path}: {a!r} != {b!r}"


class Store(Generic[G]):
    """Async SQLite store for Black Angel games.

    Use as ``async with Store(path) as store: ...`` or
    ``store = await Store.open(path)`` ... ``await store.close()``.
    ``path`` defaults to :func:`default_db_path`; ``":memory:"`` works for tests.
    """

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
        self.busy_timeout_ms = busy_timeout_ms
        self.synchronous = synchronous
        self._clock = clock
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def open(cls, path: str | os.PathLike[str] | None = None, **kwargs: Any) -> Store[Any]:
        store: Store[Any] = cls(path, **kwargs)
        await store.connect()
        return store

    async def connect(self) -> None:
        """Open the database, set the pragmas and run pending migrations."""
        if self._db is not None:
            return
        if self.path != ":memory:" and not self.path.startswith("file:"):
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            async with db.execute("PRAGMA journal_mode = WAL") as cur:
                row = await cur.fetchone()
            mode = str(row[0]).lower() if row else "?"
            if mode != "wal" and self.path != ":memory:":
                log.warning("%s: journal_mode is %s, not wal", self.path, mode)
            await db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute(f"PRAGMA synchronous = {self.synchronous}")
            applied = await migrate(db)
            if applied:
                log.info("%s: migrated schema to version %s", self.path, applied[-1])
        except BaseException:
            await db.close()
            raise
        self._db = db

    async def close(self) -> None:
        """Close the connection (waiting for a write in progress to finish)."""
        if self._db is None:
            return
        async with self._lock:
            db, self._db = self._db, None
            if db is not None:
                await db.close()

    async def __aenter__(self) -> Store[G]:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ plumbing

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StorageError("the store is not open (call connect() or use 'async with')")
        return self._db

    @asynccontextmanager
    async def _tx(
        self, mode: Literal["IMMEDIATE", "DEFERRED"]
    ) -> AsyncIterator[aiosqlite.Connection]:
        """Hold the connection lock and run one transaction; roll back on any error."""
        async with self._lock:
            db = self._conn()
            await db.execute(f"BEGIN {mode}")
            try:
                yield db
                await db.commit()
            except BaseException:
                await db.rollback()
                raise

    async def _write(self, fn: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        """Run ``fn`` in one write transaction, shielded from the caller's cancellation."""

        async def run() -> T:
            async with self._tx("IMMEDIATE") as db:
                return await fn(db)

        return await asyncio.shield(run())

    async def _read(self, fn: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        """Run ``fn`` in one read transaction (a consistent view across statements)."""
        async with self._tx("DEFERRED") as db:
            return await fn(db)

    @staticmethod
    async def _one(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> Any:
        async with db.execute(sql, params) as cur:
            return await cur.fetchone()

    @staticmethod
    async def _all(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def _get_game(self, db: aiosqlite.Connection, game_id: int) -> GameRecord:
        row = await self._one(db, f"SELECT {_GAME_COLS} FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise NotFoundError(f"no game {game_id}")
        return _game(row)

    async def _get_seats(self, db: aiosqlite.Connection, game_id: int) -> list[Seat]:
        rows = await self._all(
            db,
            "SELECT game_id, seat, user_id, colour, joined_at FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [_seat(r) for r in rows]

    @staticmethod
    def _require(game: GameRecord, allowed: Iterable[GameStatus], doing: str) -> None:
        allowed = set(allowed)
        if game.status not in allowed:
            wanted = " or ".join(sorted(s.value for s in allowed))
            raise GameStateError(
                f"game {game.id} is {game.status.value}; cannot {doing} (needs {wanted})"
            )

    # ------------------------------------------------------------------ lobby

    async def create_game(
        self,
        channel_id: int,
        *,
        guild_id: int | None = None,
        created_by: int | None = None,
        options: JsonDict | None = None,
    ) -> GameRecord:
        """A new game in the lobby of ``channel_id`` (no seed yet).

        Raises :class:`ChannelBusyError` if the channel already has an active game.
        """
        options_json = dumps(options or {})
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> GameRecord:
            busy = await self._one(
                db,
                f"SELECT id FROM games WHERE channel_id = ? AND status IN {_ACTIVE_SQL}",
                (channel_id,),
            )
            if busy is not None:
                raise ChannelBusyError(channel_id, busy[0])
            cur = await db.execute(
                "INSERT INTO games (guild_id, channel_id, status, options, created_by, created_at, updated_at)"
                " VALUES (?, ?, 'lobby', ?, ?, ?, ?)",
                (guild_id, channel_id, options_json, created_by, now, now),
            )
            assert cur.lastrowid is not None
            return await self._get_game(db, cur.lastrowid)

        return await self._write(fn)

    async def set_options(self, game_id: int, options: JsonDict) -> GameRecord:
        """Change the options of a game still in the lobby."""
        options_json = dumps(options)
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> GameRecord:
            game = await self._get_game(db, game_id)
            self._require(game, {GameStatus.LOBBY}, "change options")
            await db.execute(
                "UPDATE games SET options = ?, updated_at = ? WHERE id = ?",
                (options_json, now, game_id),
            )
            return await self._get_game(db, game_id)

        return await self._write(fn)

    async def join_game(
        self,
        game_id: int,
        user_id: int,
        *,
        colour: str | None = None,
        max_seats: int | None = None,
    ) -> Seat:
        """Seat ``user_id`` at the next free seat of a lobby game."""
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> Seat:
            game = await self._get_game(db, game_id)
            self._require(game, {GameStatus.LOBBY}, "join")
            seats = await self._get_seats(db, game_id)
            if any(s.user_id == user_id for s in seats):
                raise LobbyError(f"user {user_id} is already seated in game {game_id}")
            if max_seats is not None and len(seats) >= max_seats:
                raise LobbyError(f"game {game_id} is full ({max_seats} seats)")
            if colour is not None and any(s.colour == colour for s in seats):
                raise LobbyError(f"colour {colour} is taken in game {game_id}")
            seat = Seat(game_id, len(seats), user_id, colour, now)
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, colour, joined_at) VALUES (?, ?, ?, ?, ?)",
                (game_id, seat.seat, user_id, colour, now),
            )
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return seat

        return await self._write(fn)

    async def leave_game(self, game_id: int, user_id: int) -> list[Seat]:
        """Remove ``user_id`` from a lobby; later seats move up. Returns the new seats."""
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> list[Seat]:
            game = await self._get_game(db, game_id)
            self._require(game, {GameStatus.LOBBY}, "leave")
            seats = await self._get_seats(db, game_id)
            if not any(s.user_id == user_id for s in seats):
                raise NotFoundError(f"user {user_id} is not seated in game {game_id}")
            kept = [s for s in seats if s.user_id != user_id]
            await self._rewrite_seats(db, game_id, kept)
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return await self._get_seats(db, game_id)

        return await self._write(fn)

    async def set_colour(self, game_id: int, user_id: int, colour: str | None) -> Seat:
        """Choose (or clear) a seated player's colour in the lobby; colours are unique."""
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> Seat:
            game = await self._get_game(db, game_id)
            self._require(game, {GameStatus.LOBBY}, "change colour")
            seats = await self._get_seats(db, game_id)
            mine = [s for s in seats if s.user_id == user_id]
            if not mine:
                raise NotFoundError(f"user {user_id} is not seated in game {game_id}")
            if colour is not None and any(
                s.colour == colour and s.user_id != user_id for s in seats
            ):
                raise LobbyError(f"colour {colour} is taken in game {game_id}")
            await db.execute(
                "UPDATE seats SET colour = ? WHERE game_id = ? AND seat = ?",
                (colour, game_id, mine[0].seat),
            )
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            s = mine[0]
            return Seat(s.game_id, s.seat, s.user_id, colour, s.joined_at)

        return await self._write(fn)

    @staticmethod
    async def _rewrite_seats(db: aiosqlite.Connection, game_id: int, seats: Sequence[Seat]) -> None:
        await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, colour, joined_at) VALUES (?, ?, ?, ?, ?)",
            [(game_id, i, s.user_id, s.colour, s.joined_at) for i, s in enumerate(seats)],
        )

    async def start_game(
        self,
        game_id: int,
        seed: int,
        *,
        order: Sequence[int] | None = None,
        colours: Sequence[str | None] | None = None,
        options: JsonDict | None = None,
        snapshot: JsonDict | str | None = None,
    ) -> GameRecord:
        """Lobby -> running, with its seed (version 0).

        ``order``: the seated user ids in turn order (seat 0 first), default the
        join order. ``colours``: colours by new seat, overriding the lobby's.
        ``options``: final options (default: the lobby's). ``snapshot``: the
        initial engine state, stored as the snapshot at version 0 (optional; a
        game without snapshots is rebuilt from options and seed).
        """
        _check_seed(seed)
        options_json = dumps(options) if options is not None else None
        snap_json = dumps(snapshot) if snapshot is not None else None
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> GameRecord:
            game = await self._get_game(db, game_id)
            self._require(game, {GameStatus.LOBBY}, "start")
            seats = await self._get_seats(db, game_id)
            if not seats:
                raise LobbyError(f"game {game_id} has no players")
            if order is not None:
                by_user = {s.user_id: s for s in seats}
                if sorted(order) != sorted(by_user) or len(set(order)) != len(order):
                    raise LobbyError(
                        f"turn order {list(order)} is not a permutation of the seated players "
                        f"{[s.user_id for s in seats]}"
                    )
                seats = [by_user[u] for u in order]
            if colours is not None:
                if len(colours) != len(seats):
                    raise LobbyError(f"{len(colours)} colours for {len(seats)} seats")
                seats = [
                    Seat(s.game_id, s.seat, s.user_id, c, s.joined_at)
                    for s, c in zip(seats, colours, strict=True)
                ]
            taken = [s.colour for s in seats if s.colour is not None]
            if len(taken) != len(set(taken)):
                raise LobbyError(f"two seats share a colour: {taken}")
            await self._rewrite_seats(db, game_id, seats)
            await db.execute(
                "UPDATE games SET status = 'running', seed = ?, version = 0, started_at = ?, updated_at = ?,"
                " options = COALESCE(?, options) WHERE id = ?",
                (seed, now, now, options_json, game_id),
            )
            if snap_json is not None:
                await db.execute(
                    "INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, 0, ?, ?)",
                    (game_id, snap_json, now),
                )
            return await self._get_game(db, game_id)

        return await self._write(fn)

    # ------------------------------------------------------------------ play

    def wants_snapshot(self, version: int) -> bool:
        """Whether the store's policy snapshots the state at ``version``."""
        return version % self.snapshot_every == 0

    async def append_action(
        self,
        game_id: int,
        expected_version: int,
        seat: int | None,
        user_id: int | None,
        action: JsonDict | str,
        snapshot: SnapshotArg = None,
        *,
        result: JsonDict | None = None,
        expected_revision: int | None = None,
    ) -> AppendResult:
        """Append one action computed from ``expected_version``; one transaction.

        ``snapshot`` is the engine state *after* the action: a dict (or JSON
        text) is always stored; a zero-argument callable (e.g. ``game.to_json``)
        is called, before the transaction, only when :meth:`wants_snapshot` says
        so for the new version, or when ``result`` is given. ``result`` (the
        engine's final result) also finishes the game in the same transaction.

        ``expected_revision`` (optional, :attr:`GameRecord.revision`) is checked
        as well: a caller whose state may predate a :meth:`truncate_actions`
        must pass it, since the log can be cut back to ``expected_version``
        and the version alone would then match a stale state again.

        Raises :class:`ConflictError` if the game is no longer at
        ``expected_version`` / ``expected_revision`` (nothing is written),
        :class:`GameStateError` if it is not running, :class:`NotFoundError` if
        there is no such game.
        """
        new_version = expected_version + 1
        action_json = dumps(action)
        if callable(snapshot):
            snapshot = (
                snapshot() if (result is not None or self.wants_snapshot(new_version)) else None
            )
        snap_json = dumps(snapshot) if snapshot is not None else None
        result_json = dumps(result) if result is not None else None
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> AppendResult:
            guard = (
                " WHERE id = ? AND version = ? AND status = 'running'"
                " AND (? IS NULL OR revision = ?)"
            )
            keys = (game_id, expected_version, expected_revision, expected_revision)
            if result_json is None:
                cur = await db.execute(
                    "UPDATE games SET version = ?, revision = revision + 1, updated_at = ?" + guard,
                    (new_version, now, *keys),
                )
            else:
                cur = await db.execute(
                    "UPDATE games SET version = ?, revision = revision + 1, updated_at = ?,"
                    " status = 'finished', result = ?, ended_at = ?" + guard,
                    (new_version, now, result_json, now, *keys),
                )
            if cur.rowcount != 1:
                game = await self._get_game(db, game_id)  # NotFoundError if none
                self._require(game, {GameStatus.RUNNING}, "apply an action")
                raise ConflictError(
                    game_id,
                    expected_version,
                    game.version,
                    expected_revision=expected_revision,
                    actual_revision=game.revision,
                )
            (revision,) = await self._one(db, "SELECT revision FROM games WHERE id = ?", (game_id,))
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, new_version, seat, user_id, action_json, now),
            )
            if snap_json is not None:
                await self._put_snapshot(db, game_id, new_version, snap_json, now)
            return AppendResult(
                new_version, snap_json is not None, result_json is not None, revision=revision
            )

        return await self._write(fn)

    async def truncate_actions(
        self,
        game_id: int,
        keep: int,
        expected_version: int,
        *,
        expected_revision: int | None = None,
        snapshot: SnapshotArg = None,
    ) -> GameRecord:
        """Cut the log back to its first ``keep`` actions (undo, rollback); one transaction.

        Deletes the actions with ``seq > keep`` and the snapshots past ``keep``,
        sets ``version = keep`` and bumps ``revision`` (which never goes down),
        so anything computed before the cut (carrying the old revision) is
        refused with :class:`ConflictError` by :meth:`append_action` and by
        another truncate. ``snapshot``: the engine state at ``keep`` (a dict,
        JSON text or a zero-argument callable), stored in the same transaction
        so the next load need not replay from the seed; it is checked to hold
        version ``keep``. ``keep == expected_version`` changes nothing.

        Raises :class:`ConflictError` if the game is no longer at
        ``expected_version`` (and ``expected_revision``, if given),
        :class:`GameStateError` unless it is running or paused,
        :class:`NotFoundError`, and ``ValueError`` for ``keep`` outside
        ``0..expected_version`` or a snapshot of another version.
        """
        if isinstance(keep, bool) or not 0 <= keep <= expected_version:
            raise ValueError(f"keep must be in 0..{expected_version}, got {keep!r}")
        if callable(snapshot):
            snapshot = snapshot()
        snap_json = dumps(snapshot) if snapshot is not None else None
        if snap_json is not None:
            try:
                held = self.codec.version(self.codec.restore(json.loads(snap_json)))
            except Exception as exc:
                raise ValueError(
                    f"the snapshot cannot be restored: {type(exc).__name__}: {exc}"
                ) from exc
            if held != keep:
                raise ValueError(f"the snapshot holds version {held}, not {keep}")
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> GameRecord:
            game = await self._get_game(db, game_id)
            self._require(game, {GameStatus.RUNNING, GameStatus.PAUSED}, "cut the action log")
            if game.version != expected_version or (
                expected_revision is not None and game.revision != expected_revision
            ):
                raise ConflictError(
                    game_id,
                    expected_version,
                    game.version,
                    expected_revision=expected_revision,
                    actual_revision=game.revision,
                )
            if keep == game.version:
                return game
            await db.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, keep))
            await db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, keep))
            await db.execute(
                "UPDATE games SET version = ?, revision = revision + 1, updated_at = ? WHERE id = ?",
                (keep, now, game_id),
            )
            if snap_json is not None:
                await self._put_snapshot(db, game_id, keep, snap_json, now)
            return await self._get_game(db, game_id)

        return await self._write(fn)

    async def _put_snapshot(
        self, db: aiosqlite.Connection, game_id: int, seq: int, state_json: str, now: float
    ) -> None:
        await db.execute(
            "INSERT OR REPLACE INTO snapshots (game_id, seq, state, created_at) VALUES (?, ?, ?, ?)",
            (game_id, seq, state_json, now),
        )
        if self.keep_snapshots is not None:
            await db.execute(
                "DELETE FROM snapshots WHERE game_id = ? AND seq < ("
                " SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)",
                (game_id, game_id, self.keep_snapshots - 1),
            )

    # ------------------------------------------------------------------ status

    async def _set_status(
        self,
        game_id: int,
        allowed: set[GameStatus],
        doing: str,
        status: GameStatus,
        *,
        result: JsonDict | None = None,
        end_reason: str | None = None,
    ) -> GameRecord:
        now = self._clock()
        ended = now if status in (GameStatus.FINISHED, GameStatus.ABORTED) else None
        result_json = dumps(result) if result is not None else None

        async def fn(db: aiosqlite.Connection) -> GameRecord:
            game = await self._get_game(db, game_id)
            self._require(game, allowed, doing)
            await db.execute(
                "UPDATE games SET status = ?, updated_at = ?, ended_at = COALESCE(?, ended_at),"
                " result = COALESCE(?, result), end_reason = COALESCE(?, end_reason) WHERE id = ?",
                (status.value, now, ended, result_json, end_reason, game_id),
            )
            return await self._get_game(db, game_id)

        return await self._write(fn)

    async def pause_game(self, game_id: int) -> GameRecord:
        """Running -> paused (actions are refused until resumed)."""
        return await self._set_status(game_id, {GameStatus.RUNNING}, "pause", GameStatus.PAUSED)

    async def resume_game(self, game_id: int) -> GameRecord:
        """Paused -> running."""
        return await self._set_status(game_id, {GameStatus.PAUSED}, "resume", GameStatus.RUNNING)

    async def finish_game(self, game_id: int, result: JsonDict | None = None) -> GameRecord:
        """Running/paused -> finished (archived), with the engine's result."""
        return await self._set_status(
            game_id,
            {GameStatus.RUNNING, GameStatus.PAUSED},
            "finish",
            GameStatus.FINISHED,
            result=result,
        )

    async def abort_game(self, game_id: int, reason: str | None = None) -> GameRecord:
        """Any active game (lobby included) -> aborted (archived); frees the channel."""
        return await self._set_status(
            game_id,
            set(ACTIVE_STATUSES),
            "abort",
            GameStatus.ABORTED,
            end_reason=reason or "aborted",
        )

    async def replace_player(self, game_id: int, seat: int, user_id: int) -> Seat:
        """Give ``seat`` of an active game to another user (a moderator's substitution)."""
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> Seat:
            game = await self._get_game(db, game_id)
            self._require(game, ACTIVE_STATUSES, "replace a player")
            seats = await self._get_seats(db, game_id)
            target = [s for s in seats if s.seat == seat]
            if not target:
                raise NotFoundError(f"game {game_id} has no seat {seat}")
            if any(s.user_id == user_id and s.seat != seat for s in seats):
                raise LobbyError(f"user {user_id} already holds another seat in game {game_id}")
            await db.execute(
                "UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                (user_id, game_id, seat),
            )
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            old = target[0]
            return Seat(game_id, seat, user_id, old.colour, old.joined_at)

        return await self._write(fn)

    # ------------------------------------------------------------------ queries

    async def get_game(self, game_id: int) -> GameRecord:
        return await self._read(lambda db: self._get_game(db, game_id))

    async def get_seats(self, game_id: int) -> list[Seat]:
        return await self._read(lambda db: self._get_seats(db, game_id))

    async def active_game(self, channel_id: int) -> GameRecord | None:
        """The channel's active (lobby, running or paused) game, if any."""

        async def fn(db: aiosqlite.Connection) -> GameRecord | None:
            row = await self._one(
                db,
                f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? AND status IN {_ACTIVE_SQL}",
                (channel_id,),
            )
            return _game(row) if row else None

        return await self._read(fn)

    async def list_games(
        self,
        statuses: Iterable[GameStatus | str] | None = None,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        user_id: int | None = None,
        limit: int | None = None,
    ) -> list[GameRecord]:
        """Games filtered by status / guild / channel / seated user, newest activity first."""
        where: list[str] = []
        params: list[Any] = []
        if statuses is not None:
            values = [GameStatus(s).value for s in statuses]
            where.append(f"status IN ({', '.join('?' * len(values))})" if values else "0")
            params += values
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if channel_id is not None:
            where.append("channel_id = ?")
            params.append(channel_id)
        if user_id is not None:
            where.append("id IN (SELECT game_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        sql = f"SELECT {_GAME_COLS} FROM games"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY updated_at DESC, id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)

        async def fn(db: aiosqlite.Connection) -> list[GameRecord]:
            return [_game(r) for r in await self._all(db, sql, params)]

        return await self._read(fn)

    async def list_running_games(self) -> list[GameRecord]:
        """Running and paused games (they have an engine state), oldest first."""

        async def fn(db: aiosqlite.Connection) -> list[GameRecord]:
            rows = await self._all(
                db, f"SELECT {_GAME_COLS} FROM games WHERE status IN {_RUNNING_SQL} ORDER BY id"
            )
            return [_game(r) for r in rows]

        return await self._read(fn)

    async def get_actions(self, game_id: int, after: int = 0) -> list[ActionRecord]:
        """The log of ``game_id`` from ``seq > after``, in order."""

        async def fn(db: aiosqlite.Connection) -> list[ActionRecord]:
            await self._get_game(db, game_id)
            rows = await self._all(
                db,
                "SELECT game_id, seq, seat, user_id, action, created_at FROM actions"
                " WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, after),
            )
            return [_action(r) for r in rows]

        return await self._read(fn)

    async def read_log(self, game_id: int, *, full: bool = False) -> GameLog:
        """Raw game data in one consistent read: record, seats, newest snapshot and
        the actions after it (every action if ``full``). No engine involved."""

        async def fn(db: aiosqlite.Connection) -> GameLog:
            game = await self._get_game(db, game_id)
            seats = await self._get_seats(db, game_id)
            row = await self._one(
                db,
                "SELECT game_id, seq, state, created_at FROM snapshots WHERE game_id = ?"
                " ORDER BY seq DESC LIMIT 1",
                (game_id,),
            )
            snap = _snapshot(row) if row else None
            after = 0 if (full or snap is None) else snap.seq
            rows = await self._all(
                db,
                "SELECT game_id, seq, seat, user_id, action, created_at FROM actions"
                " WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, after),
            )
            return GameLog(game, seats, snap, [_action(r) for r in rows])

        return await self._read(fn)

    async def read_running_logs(self) -> list[GameLog]:
        """:meth:`read_log` for every running/paused game, in four queries (start-up)."""

        async def fn(db: aiosqlite.Connection) -> list[GameLog]:
            games = [
                _game(r)
                for r in await self._all(
                    db, f"SELECT {_GAME_COLS} FROM games WHERE status IN {_RUNNING_SQL} ORDER BY id"
                )
            ]
            seats: dict[int, list[Seat]] = {g.id: [] for g in games}
            for r in await self._all(
                db,
                "SELECT s.game_id, s.seat, s.user_id, s.colour, s.joined_at FROM seats s"
                f" JOIN games g ON g.id = s.game_id WHERE g.status IN {_RUNNING_SQL}"
                " ORDER BY s.game_id, s.seat",
            ):
                seats[r[0]].append(_seat(r))
            snaps: dict[int, SnapshotRecord] = {}
            for r in await self._all(
                db,
                "SELECT s.game_id, s.seq, s.state, s.created_at FROM games g JOIN snapshots s"
                " ON s.game_id = g.id AND s.seq = (SELECT MAX(seq) FROM snapshots WHERE game_id = g.id)"
                f" WHERE g.status IN {_RUNNING_SQL}",
            ):
                snaps[r[0]] = _snapshot(r)
            actions: dict[int, list[ActionRecord]] = {g.id: [] for g in games}
            for r in await self._all(
                db,
                "SELECT a.game_id, a.seq, a.seat, a.user_id, a.action, a.created_at"
                " FROM games g JOIN actions a ON a.game_id = g.id"
                f" WHERE g.status IN {_RUNNING_SQL}"
                " AND a.seq > COALESCE((SELECT MAX(seq) FROM snapshots WHERE game_id = g.id), 0)"
                " ORDER BY a.game_id, a.seq",
            ):
                actions[r[0]].append(_action(r))
            return [GameLog(g, seats[g.id], snaps.get(g.id), actions[g.id]) for g in games]

        return await self._read(fn)

    # ------------------------------------------------------------------ rebuild with the engine

    def _replay(self, game_id: int, game: G, actions: Sequence[ActionRecord]) -> G:
        for a in actions:
            try:
                self.codec.apply(game, a.action)
            except CorruptGameError:
                raise
            except Exception as exc:
                raise CorruptGameError(
                    game_id, f"action #{a.seq} failed to replay: {type(exc).__name__}: {exc}"
                ) from exc
        return game

    def _new(self, record: GameRecord) -> G:
        if record.seed is None:
            raise CorruptGameError(record.id, f"{record.status.value} game has no seed")
        try:
            return self.codec.new_game(record.options, record.seed)
        except CorruptGameError:
            raise
        except Exception as exc:
            raise CorruptGameError(
                record.id, f"cannot set up the game from its options: {type(exc).__name__}: {exc}"
            ) from exc

    @staticmethod
    def _check_sequence(record: GameRecord, first: int, actions: Sequence[ActionRecord]) -> None:
        for i, a in enumerate(actions):
            if a.seq != first + i:
                raise CorruptGameError(
                    record.id, f"action log has a gap: expected #{first + i}, found #{a.seq}"
                )
        last = first + len(actions) - 1
        if last != record.version:
            raise CorruptGameError(
                record.id, f"action log ends at #{last} but the game is at version {record.version}"
            )

    def rebuild(self, game_log: GameLog) -> LoadedGame[G]:
        """The engine game for a log: newest snapshot + replay of later actions.

        Falls back to a full replay when the snapshot cannot be restored, if the
        log holds every action (``read_log(full=True)``); raises
        :class:`CorruptGameError` naming the game otherwise.
        """
        record = game_log.record
        if record.status not in STARTED_STATUSES:
            raise GameStateError(f"game {record.id} is {record.status.value}: no engine game yet")
        snap, actions = game_log.snapshot, game_log.actions
        has_full_log = actions[0].seq == 1 if actions else record.version == 0
        if snap is not None:
            tail = [a for a in actions if a.seq > snap.seq]
            try:
                self._check_sequence(record, snap.seq + 1, tail)
                game = self._replay(record.id, self._restore(snap), tail)
                return LoadedGame(record, game_log.seats, game, len(tail))
            except CorruptGameError as exc:
                if not has_full_log:
                    raise
                log.warning("%s; falling back to a full replay of the log", exc)
        self._check_sequence(record, 1, actions)
        game = self._replay(record.id, self._new(record), actions)
        return LoadedGame(record, game_log.seats, game, len(actions))

    def _restore(self, snap: SnapshotRecord) -> G:
        state = snap.state
        try:
            game = self.codec.restore(state)
            version = self.codec.version(game)
        except Exception as exc:
            raise CorruptGameError(
                snap.game_id,
                f"snapshot at version {snap.seq} cannot be restored: {type(exc).__name__}: {exc}",
            ) from exc
        if version != snap.seq:
            raise CorruptGameError(
                snap.game_id, f"snapshot stored as version {snap.seq} holds version {version}"
            )
        return game

    async def load_game(self, game_id: int) -> LoadedGame[G]:
        """Rebuild one started game (newest snapshot + later actions).

        Raises :class:`NotFoundError`, :class:`GameStateError` (a lobby has no
        engine game) or :class:`CorruptGameError` (this game only).
        """
        return await self._rebuild_or_reread(await self.read_log(game_id))

    async def _rebuild_or_reread(self, game_log: GameLog) -> LoadedGame[G]:
        try:
            return self.rebuild(game_log)
        except CorruptGameError:
            if game_log.snapshot is None:
                raise
            # The snapshot or its tail is unusable: retry from the whole log (the truth).
            return self.rebuild(await self.read_log(game_log.record.id, full=True))

    async def load_running_games(self) -> LoadReport[G]:
        """Every running/paused game, rebuilt; a broken game is reported in
        ``failed`` (and logged), never raised, so the others still load."""
        report: LoadReport[G] = LoadReport()
        for game_log in await self.read_running_logs():
            try:
                report.loaded.append(await self._rebuild_or_reread(game_log))
            except CorruptGameError as exc:
                log.error("%s", exc)
                report.failed.append(exc)
        return report

    async def verify_game(self, game_id: int) -> LoadedGame[G]:
        """Prove that a full replay of the log equals the stored snapshot.

        Replays every action from options and seed; at the newest snapshot's
        version compares the replayed state with the snapshot, and at the end
        with the state loaded the normal way (snapshot + tail). Raises
        :class:`CorruptGameError` with the first difference. Returns the fully
        replayed game.
        """
        game_log = await self.read_log(game_id, full=True)
        record = game_log.record
        if record.status not in STARTED_STATUSES:
            raise GameStateError(f"game {record.id} is {record.status.value}: no engine game yet")
        self._check_sequence(record, 1, game_log.actions)
        snap = game_log.snapshot
        game = self._new(record)
        upto = snap.seq if snap is not None else 0
        self._replay(record.id, game, game_log.actions[:upto])
        if snap is not None:
            diff = first_difference(self.codec.dump(game), snap.state)
            if diff is not None:
                raise CorruptGameError(
                    record.id,
                    f"full replay differs from the snapshot at version {snap.seq}: {diff}",
                )
        self._replay(record.id, game, game_log.actions[upto:])
        if snap is not None:
            loaded = self._replay(record.id, self._restore(snap), game_log.actions[upto:])
            diff = first_difference(self.codec.dump(game), self.codec.dump(loaded))
            if diff is not None:
                raise CorruptGameError(
                    record.id, f"snapshot + replay differs from the full replay at the end: {diff}"
                )
        return LoadedGame(record, game_log.seats, game, len(game_log.actions))

    async def write_snapshot(
        self,
        game_id: int,
        snapshot: JsonDict,
        version: int,
        *,
        expected_revision: int | None = None,
    ) -> None:
        """Store a snapshot at ``version`` (e.g. after repairing a game from its log).

        Refused with :class:`ConflictError` if the game is no longer at ``version``
        (or ``expected_revision``: pass it if the log may have been cut and
        regrown to the same length since the state was read).
        """
        snap_json = dumps(snapshot)
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> None:
            game = await self._get_game(db, game_id)
            if game.version != version or (
                expected_revision is not None and game.revision != expected_revision
            ):
                raise ConflictError(
                    game_id,
                    version,
                    game.version,
                    expected_revision=expected_revision,
                    actual_revision=game.revision,
                )
            await self._put_snapshot(db, game_id, version, snap_json, now)

        await self._write(fn)

    # ------------------------------------------------------------------ export / import

    async def export_game(self, game_id: int) -> JsonDict:
        """One JSON document with the whole game: options, seed, seats and every action."""
        game_log = await self.read_log(game_id, full=True)
        g = game_log.record
        return {
            "format": EXPORT_FORMAT,
            "format_version": EXPORT_VERSION,
            "exported_at": self._clock(),
            "game": {
                "id": g.id,
                "guild_id": g.guild_id,
                "channel_id": g.channel_id,
                "status": g.status.value,
                "options": g.options,
                "seed": g.seed,
                "version": g.version,
                "created_by": g.created_by,
                "created_at": g.created_at,
                "started_at": g.started_at,
                "ended_at": g.ended_at,
                "result": g.result,
                "end_reason": g.end_reason,
            },
            "seats": [
                {"seat": s.seat, "user_id": s.user_id, "colour": s.colour, "joined_at": s.joined_at}
                for s in game_log.seats
            ],
            "actions": [
                {
                    "seq": a.seq,
                    "seat": a.seat,
                    "user_id": a.user_id,
                    "action": a.action,
                    "created_at": a.created_at,
                }
                for a in game_log.actions
            ],
        }

    async def import_game(
        self,
        doc: JsonDict | str,
        channel_id: int,
        *,
        guild_id: int | None = None,
        created_by: int | None = None,
        status: GameStatus | str | None = None,
        verify: bool = True,
    ) -> GameRecord:
        """Create a new game in ``channel_id`` from :meth:`export_game` output.

        Keeps the exported status unless ``status`` is given (e.g. ``"paused"``
        to look at a bug report without players acting). With ``verify`` the
        log is replayed with the engine first, and the final state is stored as
        a snapshot; an import whose replay fails raises
        :class:`ExportFormatError` and writes nothing.
        """
        parsed = _parse_export(doc)
        g, seats, actions = parsed["game"], parsed["seats"], parsed["actions"]
        new_status = GameStatus(status) if status is not None else GameStatus(g["status"])
        if new_status in STARTED_STATUSES and g["seed"] is None:
            raise ExportFormatError(f"a {new_status.value} game needs a seed")
        if new_status is GameStatus.LOBBY and actions:
            raise ExportFormatError("a lobby game cannot have actions")
        snap_json: str | None = None
        if verify and new_status in STARTED_STATUSES:
            try:
                game = self.codec.new_game(g["options"], g["seed"])
                for a in actions:
                    self.codec.apply(game, a["action"])
            except Exception as exc:
                raise ExportFormatError(
                    f"the exported log does not replay: {type(exc).__name__}: {exc}"
                ) from exc
            snap_json = dumps(self.codec.dump(game))
        now = self._clock()
        ended = (
            (g.get("ended_at") or now)
            if new_status in (GameStatus.FINISHED, GameStatus.ABORTED)
            else None
        )

        async def fn(db: aiosqlite.Connection) -> GameRecord:
            if new_status in ACTIVE_STATUSES:
                busy = await self._one(
                    db,
                    f"SELECT id FROM games WHERE channel_id = ? AND status IN {_ACTIVE_SQL}",
                    (channel_id,),
                )
                if busy is not None:
                    raise ChannelBusyError(channel_id, busy[0])
            cur = await db.execute(
                "INSERT INTO games (guild_id, channel_id, status, options, seed, version, revision,"
                " created_by, created_at, started_at, ended_at, updated_at, result, end_reason)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    new_status.value,
                    dumps(g["options"]),
                    g["seed"],
                    len(actions),
                    len(actions),
                    created_by,
                    now,
                    now if new_status in STARTED_STATUSES else None,
                    ended,
                    now,
                    dumps(g["result"]) if g.get("result") is not None else None,
                    g.get("end_reason"),
                ),
            )
            game_id = cur.lastrowid
            assert game_id is not None
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, colour, joined_at) VALUES (?, ?, ?, ?, ?)",
                [
                    (game_id, s["seat"], s["user_id"], s.get("colour"), s.get("joined_at") or now)
                    for s in seats
                ],
            )
            await db.executemany(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        a["seq"],
                        a.get("seat"),
                        a.get("user_id"),
                        dumps(a["action"]),
                        a.get("created_at") or now,
                    )
                    for a in actions
                ],
            )
            if snap_json is not None:
                await self._put_snapshot(db, game_id, len(actions), snap_json, now)
            return await self._get_game(db, game_id)

        return await self._write(fn)

    # ------------------------------------------------------------------ guild settings / player prefs

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings (defaults if never saved)."""

        async def fn(db: aiosqlite.Connection) -> GuildSettings:
            row = await self._one(
                db,
                "SELECT guild_id, moderator_role_id, reminder_minutes, start_policy, updated_at"
                " FROM guild_settings WHERE guild_id = ?",
                (guild_id,),
            )
            return GuildSettings(*row) if row else GuildSettings(guild_id)

        return await self._read(fn)

    async def update_guild_settings(
        self,
        guild_id: int,
        *,
        moderator_role_id: int | None | _Unset = UNSET,
        reminder_minutes: int | None | _Unset = UNSET,
        start_policy: StartPolicy | _Unset = UNSET,
    ) -> GuildSettings:
        """Change the given settings (``None`` clears a role or the reminders)."""
        if not isinstance(start_policy, _Unset) and start_policy not in ("anyone", "moderators"):
            raise ValueError(f"start_policy must be 'anyone' or 'moderators', not {start_policy!r}")
        if isinstance(reminder_minutes, int) and reminder_minutes <= 0:
            raise ValueError("reminder_minutes must be positive (or None for no reminders)")
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> GuildSettings:
            row = await self._one(
                db,
                "SELECT guild_id, moderator_role_id, reminder_minutes, start_policy, updated_at"
                " FROM guild_settings WHERE guild_id = ?",
                (guild_id,),
            )
            old = GuildSettings(*row) if row else GuildSettings(guild_id)
            new = GuildSettings(
                guild_id,
                old.moderator_role_id
                if isinstance(moderator_role_id, _Unset)
                else moderator_role_id,
                old.reminder_minutes if isinstance(reminder_minutes, _Unset) else reminder_minutes,
                old.start_policy if isinstance(start_policy, _Unset) else start_policy,
                now,
            )
            await db.execute(
                "INSERT OR REPLACE INTO guild_settings"
                " (guild_id, moderator_role_id, reminder_minutes, start_policy, updated_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (new.guild_id, new.moderator_role_id, new.reminder_minutes, new.start_policy, now),
            )
            return new

        return await self._write(fn)

    async def get_player_prefs(self, user_id: int) -> PlayerPrefs:
        """The player's preferences (defaults if never saved)."""

        async def fn(db: aiosqlite.Connection) -> PlayerPrefs:
            row = await self._one(
                db,
                "SELECT user_id, mute_pings, updated_at FROM player_prefs WHERE user_id = ?",
                (user_id,),
            )
            return PlayerPrefs(row[0], bool(row[1]), row[2]) if row else PlayerPrefs(user_id)

        return await self._read(fn)

    async def set_player_prefs(self, user_id: int, *, mute_pings: bool) -> PlayerPrefs:
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> PlayerPrefs:
            await db.execute(
                "INSERT OR REPLACE INTO player_prefs (user_id, mute_pings, updated_at) VALUES (?, ?, ?)",
                (user_id, int(bool(mute_pings)), now),
            )
            return PlayerPrefs(user_id, bool(mute_pings), now)

        return await self._write(fn)

    # ------------------------------------------------------------------ per-game settings

    @staticmethod
    async def _game_settings(
        db: aiosqlite.Connection, game_ids: Sequence[int]
    ) -> dict[int, GameSettings]:
        """Settings of existing games (defaults for those without a row)."""
        out: dict[int, GameSettings] = {}
        for i in range(0, len(game_ids), 500):
            chunk = list(game_ids[i : i + 500])
            marks = ", ".join("?" * len(chunk))
            rows = await Store._all(
                db,
                "SELECT g.id, s.reminder_minutes, s.timeout_minutes, COALESCE(s.seat_order, 'random'),"
                " s.reminded_revision, COALESCE(s.reminders_sent, 0), s.last_reminder_at, s.updated_at"
                f" FROM games g LEFT JOIN game_settings s ON s.game_id = g.id WHERE g.id IN ({marks})",
                chunk,
            )
            muted: dict[int, set[int]] = {}
            for gid, uid in await Store._all(
                db,
                f"SELECT game_id, user_id FROM game_mutes WHERE game_id IN ({marks})",
                chunk,
            ):
                muted.setdefault(gid, set()).add(uid)
            for r in rows:
                out[r[0]] = GameSettings(
                    game_id=r[0],
                    reminder_minutes=r[1],
                    timeout_minutes=r[2],
                    seat_order=r[3],
                    muted=frozenset(muted.get(r[0], ())),
                    reminded_revision=r[4],
                    reminders_sent=r[5],
                    last_reminder_at=r[6],
                    updated_at=r[7],
                )
        return out

    async def _one_game_settings(self, db: aiosqlite.Connection, game_id: int) -> GameSettings:
        found = await self._game_settings(db, [game_id])
        if game_id not in found:
            raise NotFoundError(f"no game {game_id}")
        return found[game_id]

    async def get_game_settings(self, game_id: int) -> GameSettings:
        """The game's settings (defaults if never saved). :class:`NotFoundError` if no game."""
        return await self._read(lambda db: self._one_game_settings(db, game_id))

    async def get_many_game_settings(self, game_ids: Iterable[int]) -> dict[int, GameSettings]:
        """Settings by game id for many games in one read (unknown ids are left out)."""
        ids = sorted(set(game_ids))
        return await self._read(lambda db: self._game_settings(db, ids))

    @staticmethod
    async def _settings_row(db: aiosqlite.Connection, game_id: int, now: float) -> None:
        await db.execute(
            "INSERT OR IGNORE INTO game_settings (game_id, updated_at) VALUES (?, ?)",
            (game_id, now),
        )

    async def update_game_settings(
        self,
        game_id: int,
        *,
        reminder_minutes: int | None | _Unset = UNSET,
        timeout_minutes: int | None | _Unset = UNSET,
        seat_order: SeatOrder | _Unset = UNSET,
    ) -> GameSettings:
        """Change the given settings of one game (any status) and return them all.

        ``reminder_minutes``: ``None`` = the guild's / the bot's default, ``0`` =
        off. ``timeout_minutes``: ``None`` = no turn timeout. ``seat_order``:
        ``"random"`` or ``"lobby"`` (join order), used when the game starts.
        """
        changes: dict[str, Any] = {}
        if not isinstance(reminder_minutes, _Unset):
            if reminder_minutes is not None and (
                not _is_int(reminder_minutes) or reminder_minutes < 0
            ):
                raise ValueError("reminder_minutes must be >= 0 (0: off) or None (default)")
            changes["reminder_minutes"] = reminder_minutes
        if not isinstance(timeout_minutes, _Unset):
            if timeout_minutes is not None and (
                not _is_int(timeout_minutes) or timeout_minutes <= 0
            ):
                raise ValueError("timeout_minutes must be positive, or None for no timeout")
            changes["timeout_minutes"] = timeout_minutes
        if not isinstance(seat_order, _Unset):
            if seat_order not in ("random", "lobby"):
                raise ValueError(f"seat_order must be 'random' or 'lobby', not {seat_order!r}")
            changes["seat_order"] = seat_order
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> GameSettings:
            await self._get_game(db, game_id)  # NotFoundError
            await self._settings_row(db, game_id, now)
            sets = "".join(f"{col} = ?, " for col in changes)
            await db.execute(
                f"UPDATE game_settings SET {sets}updated_at = ? WHERE game_id = ?",
                (*changes.values(), now, game_id),
            )
            return await self._one_game_settings(db, game_id)

        return await self._write(fn)

    async def set_game_mute(self, game_id: int, user_id: int, muted: bool) -> GameSettings:
        """Mute (or unmute) turn pings for ``user_id`` in this game; idempotent."""
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> GameSettings:
            await self._get_game(db, game_id)  # NotFoundError
            if muted:
                await db.execute(
                    "INSERT OR IGNORE INTO game_mutes (game_id, user_id, muted_at) VALUES (?, ?, ?)",
                    (game_id, user_id, now),
                )
            else:
                await db.execute(
                    "DELETE FROM game_mutes WHERE game_id = ? AND user_id = ?", (game_id, user_id)
                )
            return await self._one_game_settings(db, game_id)

        return await self._write(fn)

    async def record_reminder(self, game_id: int, revision: int, at: float) -> GameSettings:
        """Count one turn reminder sent at ``at`` while the game is at ``revision``:
        the count goes on for the same revision and restarts at 1 for a new one."""
        now = self._clock()

        async def fn(db: aiosqlite.Connection) -> GameSettings:
            await self._get_game(db, game_id)  # NotFoundError
            await self._settings_row(db, game_id, now)
            await db.execute(
                "UPDATE game_settings SET"
                " reminders_sent = CASE WHEN reminded_revision IS ? THEN reminders_sent + 1 ELSE 1 END,"
                " reminded_revision = ?, last_reminder_at = ?, updated_at = ? WHERE game_id = ?",
                (revision, revision, at, now, game_id),
            )
            return await self._one_game_settings(db, game_id)

        return await self._write(fn)


# ---------------------------------------------------------------------- export format


def _parse_export(doc: JsonDict | str) -> dict[str, Any]:
    """Validate an export document; return it (decoded) or raise ExportFormatError."""
    if isinstance(doc, str):
        try:
            doc = json.loads(doc)
        except ValueError as exc:
            raise ExportFormatError(f"not JSON: {exc}") from exc
    if not isinstance(doc, dict):
        raise ExportFormatError("an export is a JSON object")
    if doc.get("format") != EXPORT_FORMAT:
        raise ExportFormatError(
            f"unknown format {doc.get('format')!r} (expected {EXPORT_FORMAT!r})"
        )
    if doc.get("format_version") != EXPORT_VERSION:
        raise ExportFormatError(f"unsupported format_version {doc.get('format_version')!r}")
    g, seats, actions = doc.get("game"), doc.get("seats"), doc.get("actions")
    if not isinstance(g, dict) or not isinstance(seats, list) or not isinstance(actions, list):
        raise ExportFormatError("an export needs 'game' (object), 'seats' and 'actions' (lists)")
    try:
        GameStatus(g.get("status"))
    except ValueError as exc:
        raise ExportFormatError(f"unknown status {g.get('status')!r}") from exc
    if not isinstance(g.get("options"), dict):
        raise ExportFormatError("game.options must be an object")
    seed = g.get("seed")
    if seed is not None:
        try:
            _check_seed(seed)
        except ValueError as exc:
            raise ExportFormatError(str(exc)) from exc
    if g.get("result") is not None and not isinstance(g["result"], dict):
        raise ExportFormatError("game.result must be an object or null")
    for i, s in enumerate(seats):
        if not (isinstance(s, dict) and s.get("seat") == i and _is_int(s.get("user_id"))):
            raise ExportFormatError(f"seats[{i}] must be {{'seat': {i}, 'user_id': int, ...}}")
    for i, a in enumerate(actions, start=1):
        if not (isinstance(a, dict) and a.get("seq") == i and isinstance(a.get("action"), dict)):
            raise ExportFormatError(
                f"actions[{i - 1}] must be {{'seq': {i}, 'action': object, ...}}"
            )
    if g.get("version") is not None and g["version"] != len(actions):
        raise ExportFormatError(
            f"game.version is {g['version']} but the export holds {len(actions)} actions"
        )
    return {"game": g, "seats": seats, "actions": actions}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


__all__ = [
    "DB_ENV",
    "DEFAULT_DB",
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "Store",
    "UNSET",
    "default_db_path",
    "dumps",
    "first_difference",
    "new_seed",
]
