"""Games set aside after a failed check, and their repair from the log.

When a game's newest snapshot disagrees with its log, or its log no longer
replays, the bot sets the game aside (:meth:`FaultsMixin.set_aside`) instead of
trusting either: loading it raises :class:`GameSetAsideError` until a
moderator repairs it. :meth:`FaultsMixin.repair_game` rebuilds the game from
options, seed and the log up to the last action that replays, in one
transaction: the actions after it are cut, every snapshot is replaced by the
rebuilt state, the revision goes up and the game is no longer set aside.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from storage.backend import Conn
from storage.base import G, dumps
from storage.errors import ConflictError, GameStateError
from storage.models import STARTED_STATUSES, ActionRecord, GameRecord
from storage.replay import ReplayMixin


@dataclass(frozen=True, slots=True)
class Fault:
    game_id: int
    channel_id: int
    reason: str
    detected_at: float
    notified_at: float | None


@dataclass(frozen=True, slots=True)
class Repair:
    """What :meth:`FaultsMixin.repair_game` did."""

    record: GameRecord
    kept: int  # actions kept (the new version)
    dropped: list[ActionRecord] = field(default_factory=list)  # cut: they did not replay
    why: str | None = None  # why the replay stopped before the end of the log


class FaultsMixin(ReplayMixin[G]):
    async def set_aside(self, game_id: int, reason: str) -> bool:
        """Mark the game as failing a check; False if it already was (the first
        reason is kept)."""
        now = self._clock()

        async def fn(db: Conn) -> bool:
            await self._get_game(db, game_id)  # NotFoundError
            changed = await db.execute(
                "INSERT INTO game_faults (game_id, reason, detected_at) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO NOTHING",
                (game_id, reason, now),
            )
            return changed == 1

        return await self._write(fn)

    async def get_fault(self, game_id: int) -> Fault | None:
        async def fn(db: Conn) -> Fault | None:
            row = await db.one(
                "SELECT f.game_id, g.channel_id, f.reason, f.detected_at, f.notified_at"
                " FROM game_faults f JOIN games g ON g.id = f.game_id WHERE f.game_id = ?",
                (game_id,),
            )
            return Fault(*row) if row else None

        return await self._read(fn)

    async def mark_fault_notified(self, game_id: int) -> None:
        now = self._clock()

        async def fn(db: Conn) -> None:
            await db.execute(
                "UPDATE game_faults SET notified_at = ? WHERE game_id = ?", (now, game_id)
            )

        await self._write(fn)

    async def repair_game(self, game_id: int, *, expected_revision: int | None = None) -> Repair:
        """Rebuild the game from its log up to the last action that replays.

        Loses nothing the log still holds: every action that replays is kept;
        the ones after the first that does not (or after a gap) are cut and
        returned in :attr:`Repair.dropped`. Raises :class:`GameStateError`
        unless the game is running or paused, :class:`ConflictError` if it
        changed since ``expected_revision``, :class:`CorruptGameError` if even
        its options and seed cannot set it up.
        """
        game_log = await self.read_log(game_id, full=True)
        record = game_log.record
        if record.status not in STARTED_STATUSES:
            raise GameStateError(f"game {game_id} is {record.status.value}: nothing to rebuild")
        game = self._new(record)
        kept, why = 0, None
        for i, a in enumerate(game_log.actions, start=1):
            if a.seq != i:
                why = f"action #{i} is missing"
                break
            try:
                self.codec.apply(game, a.action)
            except Exception as exc:
                why = f"action #{a.seq} does not replay: {type(exc).__name__}: {exc}"
                break
            kept = i
        dropped = [a for a in game_log.actions if a.seq > kept]
        state = dumps(self.codec.dump(game))
        now = self._clock()

        async def fn(db: Conn) -> GameRecord:
            current = await self._get_game(db, game_id)
            if current.revision != record.revision or (
                expected_revision is not None and current.revision != expected_revision
            ):
                raise ConflictError(
                    game_id,
                    record.version,
                    current.version,
                    expected_revision=expected_revision or record.revision,
                    actual_revision=current.revision,
                )
            await db.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, kept))
            await db.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
            await db.execute(
                "INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, ?, ?, ?)",
                (game_id, kept, state, now),
            )
            await db.execute(
                "UPDATE games SET version = ?, revision = revision + 1, updated_at = ?"
                " WHERE id = ?",
                (kept, now, game_id),
            )
            await db.execute("DELETE FROM game_faults WHERE game_id = ?", (game_id,))
            return await self._get_game(db, game_id)

        rec = await self._write(fn)
        return Repair(rec, kept, dropped, why)


__all__ = ["Fault", "FaultsMixin", "Repair"]
