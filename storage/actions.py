"""The action log and its snapshots: append, cut back, read.

A game's ``version`` is the number of actions in its log (== engine
``state.decisions``). :meth:`ActionLogMixin.append_action` carries the version
the action was computed from; a stale one raises :class:`ConflictError` and
writes nothing: the version (and revision) check is the ``WHERE`` of the
``UPDATE`` inside the write transaction, so two racing clicks can never both
land, on either backend.

:meth:`ActionLogMixin.truncate_actions` cuts the log (undo, rollback), so
``version`` can go *down* and come back up to a value a stale client still
holds. ``revision`` is the game's other counter: +1 on every append and every
truncate, never down. Clients that may hold a state from before a truncate
(buttons) carry the revision and pass ``expected_revision``; a revision, once
passed, never matches again.

Snapshots hold the engine state after some actions (every ``snapshot_every``-th
and the final one); only the newest ``keep_snapshots`` are kept. The log is the
truth and a snapshot only a cache.
"""

from __future__ import annotations

import json

from storage.backend import Conn
from storage.base import (
    ACTION_COLS,
    GAME_COLS,
    SNAPSHOT_COLS,
    G,
    SnapshotArg,
    StoreBase,
    action_row,
    dumps,
    game_row,
    seat_row,
    snapshot_row,
)
from storage.digest import action_digest, snapshot_digest
from storage.errors import BeforeBaseError, ConflictError
from storage.models import (
    ActionRecord,
    AppendResult,
    GameLog,
    GameRecord,
    GameStatus,
    JsonDict,
    Seat,
    SnapshotRecord,
)


class ActionLogMixin(StoreBase[G]):
    # ------------------------------------------------------------------ play

    def wants_snapshot(self, version: int) -> bool:
        """Whether the store's policy snapshots the state at ``version``."""
        return version % self.snapshot_every == 0

    @staticmethod
    def _expect_at(game: GameRecord, version: int, expected_revision: int | None) -> None:
        """The game is still at ``version`` (and ``expected_revision``, when given),
        or :class:`ConflictError`: a writer's state was read before someone else's write."""
        if game.version != version or (
            expected_revision is not None and game.revision != expected_revision
        ):
            raise ConflictError(
                game.id,
                version,
                game.version,
                expected_revision=expected_revision,
                actual_revision=game.revision,
            )

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

        async def fn(db: Conn) -> AppendResult:
            prev = await db.one("SELECT head FROM games WHERE id = ?", (game_id,))
            digest = action_digest(
                (prev[0] if prev else None) or "", new_version, seat, user_id, action_json
            )
            guard = " WHERE id = ? AND version = ? AND status = 'running'"
            keys: tuple[int, ...] = (game_id, expected_version)
            if expected_revision is not None:
                guard += " AND revision = ?"
                keys += (expected_revision,)
            if result_json is None:
                row = await db.one(
                    "UPDATE games SET version = ?, revision = revision + 1, updated_at = ?, head = ?"
                    + guard
                    + " RETURNING revision",
                    (new_version, now, digest, *keys),
                )
            else:
                row = await db.one(
                    "UPDATE games SET version = ?, revision = revision + 1, updated_at = ?,"
                    " head = ?, status = 'finished', result = ?, ended_at = ?"
                    + guard
                    + " RETURNING revision",
                    (new_version, now, digest, result_json, now, *keys),
                )
            if row is None:
                game = await self._get_game(db, game_id)  # NotFoundError if none
                self._require(game, {GameStatus.RUNNING}, "apply an action")
                raise ConflictError(
                    game_id,
                    expected_version,
                    game.version,
                    expected_revision=expected_revision,
                    actual_revision=game.revision,
                )
            revision = row[0]
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at, digest)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, new_version, seat, user_id, action_json, now, digest),
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
        ``0..expected_version`` or a snapshot of another version;
        :class:`BeforeBaseError` for ``keep`` before the game's base (the
        actions before it were lost to damage: there is nothing to go back to).
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

        async def fn(db: Conn) -> GameRecord:
            game = await self._get_game(db, game_id)
            self._require(game, {GameStatus.RUNNING, GameStatus.PAUSED}, "cut the action log")
            self._expect_at(game, expected_version, expected_revision)
            if keep < game.base:
                raise BeforeBaseError(game_id, game.base)
            if keep == game.version:
                return game
            await db.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, keep))
            await db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, keep))
            await db.execute(
                "UPDATE games SET version = ?, revision = revision + 1, updated_at = ?, head = ?"
                " WHERE id = ?",
                (keep, now, await self._chain_at(db, game_id, keep), game_id),
            )
            if snap_json is not None:
                await self._put_snapshot(db, game_id, keep, snap_json, now)
            return await self._get_game(db, game_id)

        return await self._write(fn)

    @staticmethod
    async def _chain_at(db: Conn, game_id: int, seq: int) -> str:
        """``d[seq]`` as stored: the game's digest at 0, the base snapshot's at
        the game's base, else action ``seq``'s (storage/digest.py); ``""`` when
        there is none (a damaged log)."""
        if seq == 0:
            row = await db.one("SELECT digest FROM games WHERE id = ?", (game_id,))
        elif await _base_of(db, game_id) == seq:
            row = await db.one(
                "SELECT digest FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, seq)
            )
        else:
            row = await db.one(
                "SELECT digest FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq)
            )
        return (row[0] if row else None) or ""

    async def _put_snapshot(
        self, db: Conn, game_id: int, seq: int, state_json: str, now: float
    ) -> None:
        base = await _base_of(db, game_id)
        if base and seq == base:
            return  # the snapshot the record starts from is never rewritten (its digest roots the chain)
        digest = snapshot_digest(await self._chain_at(db, game_id, seq), seq, state_json)
        await db.execute(
            "INSERT INTO snapshots (game_id, seq, state, created_at, digest) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, seq) DO UPDATE"
            " SET state = excluded.state, created_at = excluded.created_at,"
            " digest = excluded.digest",
            (game_id, seq, state_json, now, digest),
        )
        if self.keep_snapshots is not None:
            # the base snapshot (base > 0) is kept: nothing before it replays
            await db.execute(
                "DELETE FROM snapshots WHERE game_id = ? AND seq < ("
                " SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)"
                + (" AND seq <> ?" if base else ""),
                (game_id, game_id, self.keep_snapshots - 1, *((base,) if base else ())),
            )

    async def get_actions(self, game_id: int, after: int = 0) -> list[ActionRecord]:
        """The log of ``game_id`` from ``seq > after``, in order."""

        async def fn(db: Conn) -> list[ActionRecord]:
            await self._get_game(db, game_id)
            rows = await db.all(
                f"SELECT {ACTION_COLS} FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, after),
            )
            return [action_row(r) for r in rows]

        return await self._read(fn)

    async def read_log(self, game_id: int, *, full: bool = False) -> GameLog:
        """Raw game data in one consistent read: record, seats, the two newest
        snapshots, every action (their digests chain from the seed: see
        storage/digest.py; ``full`` is kept for callers, every read is full),
        and why the game was set aside, if it was. No engine involved."""
        del full

        async def fn(db: Conn) -> GameLog:
            game = await self._get_game(db, game_id)
            seats = await self._get_seats(db, game_id)
            rows = await db.all(
                f"SELECT {SNAPSHOT_COLS} FROM snapshots WHERE game_id = ?"
                " ORDER BY seq DESC LIMIT 2",
                (game_id,),
            )
            snaps = [snapshot_row(r) for r in rows]
            snap = snaps[0] if snaps else None
            prev = snaps[1] if len(snaps) > 1 else None
            rows = await db.all(
                f"SELECT {ACTION_COLS} FROM actions WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
            fault = await db.one("SELECT reason FROM game_faults WHERE game_id = ?", (game_id,))
            base_snap = None
            if game.base:
                row = await db.one(
                    f"SELECT {SNAPSHOT_COLS} FROM snapshots WHERE game_id = ? AND seq = ?",
                    (game_id, game.base),
                )
                base_snap = snapshot_row(row) if row else None
            return GameLog(
                game,
                seats,
                snap,
                [action_row(r) for r in rows],
                previous=prev,
                fault=fault[0] if fault else None,
                base_snapshot=base_snap,
            )

        return await self._read(fn)

    async def read_running_logs(self) -> list[GameLog]:
        """:meth:`read_log` for every running/paused game, in five queries (start-up);
        only the store's shards' games when it has ``shards``."""

        running, shard_params = self._running("g")

        async def fn(db: Conn) -> list[GameLog]:
            games = [
                game_row(r)
                for r in await db.all(
                    f"SELECT {GAME_COLS} FROM games g WHERE {running} ORDER BY id", shard_params
                )
            ]
            seats: dict[int, list[Seat]] = {g.id: [] for g in games}
            for r in await db.all(
                "SELECT s.game_id, s.seat, s.user_id, s.colour, s.joined_at, s.display_name"
                f" FROM seats s JOIN games g ON g.id = s.game_id WHERE {running}"
                " ORDER BY s.game_id, s.seat",
                shard_params,
            ):
                seats[r[0]].append(seat_row(r))
            snaps: dict[int, list[SnapshotRecord]] = {g.id: [] for g in games}
            for r in await db.all(
                "SELECT s.game_id, s.seq, s.state, s.created_at, s.digest"
                " FROM games g JOIN snapshots s"
                " ON s.game_id = g.id AND s.seq IN (SELECT seq FROM snapshots"
                " WHERE game_id = g.id ORDER BY seq DESC LIMIT 2)"
                f" WHERE {running} ORDER BY s.game_id, s.seq DESC",
                shard_params,
            ):
                snaps[r[0]].append(snapshot_row(r))
            actions: dict[int, list[ActionRecord]] = {g.id: [] for g in games}
            for r in await db.all(
                "SELECT a.game_id, a.seq, a.seat, a.user_id, a.action, a.created_at, a.digest"
                " FROM games g JOIN actions a ON a.game_id = g.id"
                f" WHERE {running} ORDER BY a.game_id, a.seq",
                shard_params,
            ):
                actions[r[0]].append(action_row(r))
            faults = {
                r[0]: r[1]
                for r in await db.all(
                    "SELECT f.game_id, f.reason FROM game_faults f JOIN games g"
                    f" ON g.id = f.game_id WHERE {running}",
                    shard_params,
                )
            }
            bases = {
                r[0]: snapshot_row(r)
                for r in await db.all(
                    "SELECT s.game_id, s.seq, s.state, s.created_at, s.digest"
                    " FROM games g JOIN snapshots s ON s.game_id = g.id AND s.seq = g.base"
                    f" WHERE g.base > 0 AND {running}",
                    shard_params,
                )
            }
            return [
                GameLog(
                    g,
                    seats[g.id],
                    snaps[g.id][0] if snaps[g.id] else None,
                    actions[g.id],
                    previous=snaps[g.id][1] if len(snaps[g.id]) > 1 else None,
                    fault=faults.get(g.id),
                    base_snapshot=bases.get(g.id),
                )
                for g in games
            ]

        return await self._read(fn)

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

        async def fn(db: Conn) -> None:
            game = await self._get_game(db, game_id)
            self._expect_at(game, version, expected_revision)
            await self._put_snapshot(db, game_id, version, snap_json, now)

        await self._write(fn)


async def _base_of(db: Conn, game_id: int) -> int:
    """The game's base (schema 12): the version its record starts from."""
    row = await db.one("SELECT base FROM games WHERE id = ?", (game_id,))
    return int(row[0]) if row else 0
