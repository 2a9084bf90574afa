"""Games set aside after a failed check, and their repair from the log.

When a game's rows do not match their digests, its newest snapshot disagrees
with its log, or its log no longer replays, the bot sets the game aside
(:meth:`FaultsMixin.set_aside`) instead of trusting either: loading it raises
:class:`GameSetAsideError` until a moderator repairs it.
:meth:`FaultsMixin.repair_game` rebuilds the game from options, seed and the
longest verified prefix of the log (recovering damaged actions the digests
vouch for), in one transaction: the actions after it are cut, every snapshot is
replaced by the rebuilt state, the revision goes up and the game is no longer
set aside.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic

from storage.backend import Conn
from storage.base import SNAPSHOT_COLS, G, dumps, snapshot_row
from storage.digest import BadText, action_digest, base_digest, game_digest, snapshot_digest
from storage.errors import ConflictError, CorruptGameError, GameStateError, SeedDamagedError
from storage.models import (
    NOBODY,
    STARTED_STATUSES,
    ActionRecord,
    GameLog,
    GameRecord,
    JsonDict,
    SnapshotRecord,
)
from storage.replay import ReplayMixin, seats_missing

log = logging.getLogger(__name__)


def _last_person(actions: list[ActionRecord], seat: int) -> int:
    """The person the log last names as deciding for ``seat``; NOBODY (the
    bot) when it names none."""
    for a in reversed(actions):
        if a.seat == seat and a.user_id is not None and a.user_id > 0:
            return a.user_id
    return NOBODY


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
    kept: int  # the new version: the actions whose effect the game keeps
    dropped: list[ActionRecord] = field(default_factory=list)  # cut: their effect is lost
    why: str | None = None  # why the replay stopped before the end of the log
    recovered: list[int] = field(default_factory=list)  # seqs rebuilt from their digests
    #: the version the game's record now starts from (0: the seed)
    base: int = 0
    #: actions before a new base: out of the log, their effect kept in the base snapshot
    archived: list[ActionRecord] = field(default_factory=list)
    #: seats that had no row, seated again: seat -> the person the log last names
    #: for it (NOBODY: the bot)
    reseated: dict[int, int] = field(default_factory=dict)


@dataclass(slots=True)
class _Origin(Generic[G]):
    """Where a repair walk starts: version ``seq`` with chain digest ``digest``."""

    seq: int
    digest: str
    game: G
    snapshot: SnapshotRecord | None  # None: the seed


@dataclass(slots=True)
class _Walk(Generic[G]):
    """A repair walk from ``origin``: the actions kept, up to version ``reach``."""

    origin: _Origin[G]
    game: G
    reach: int
    kept: list[tuple[int, int | None, int | None, str, float]] = field(default_factory=list)
    recovered: list[int] = field(default_factory=list)
    why: str | None = None


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
        """Rebuild the game from the longest verified part of its record.

        Walks the log from where the record starts (the seed, or the game's
        base snapshot): an action is kept when its digest chains
        (storage/digest.py) and it replays. A damaged action (bytes that do not
        decode, flipped, edited to another option, deleted) is recovered when
        exactly the legal option the digests vouch for can be found (its own
        digest, the next action's, or the end of the log): nothing is lost and
        nothing is silently different.

        When the walk stops at an action that can be neither verified nor
        recovered, a later intact snapshot counts: one whose digest is tied to
        the chain that the actions after it verify (up to the end of the log)
        is restored, and the walk goes on from it. The game then resumes from
        it: it becomes the game's ``base`` (schema 12), the snapshot its record
        starts from, and the actions before it leave the log (their effect is
        in the snapshot; :attr:`Repair.archived`). Whatever leaves the log (cut
        or archived) is written to the log of ``storage.faults`` (the bot's
        log) *before* the transaction commits; :attr:`Repair.dropped` holds
        the actions whose effect is lost.

        One transaction: every kept action is rewritten with fresh digests,
        every snapshot replaced by the rebuilt state (and the base snapshot),
        the revision goes up and the game is no longer set aside. Once it has
        committed nothing raises.

        Raises :class:`GameStateError` unless the game is started,
        :class:`ConflictError` if it changed since ``expected_revision``, and
        :class:`SeedDamagedError` (writing nothing) when the seed or options are
        damaged: then only a backup or an export can bring the game back.
        """
        game_log = await self.read_log(game_id, full=True)
        record = game_log.record
        if record.status not in STARTED_STATUSES:
            raise GameStateError(f"game {game_id} is {record.status.value}: nothing to rebuild")
        d = game_digest(record.seed, record.options_json) if record.seed is not None else None
        if d is None or not _seed_vouched(record, game_log, d):
            raise SeedDamagedError(
                game_id,
                "its seed or options are damaged (they do not match their digest), so it"
                " cannot be rebuilt from them: restore a backup, or import an export made"
                " before the damage",
            )
        d0 = d  # vouched for: the chain is rewritten from it
        self._new(record)  # options that do not set up raise CorruptGameError
        rows = {a.seq: a for a in game_log.actions}
        end = max([record.version, *rows])
        users = self._candidate_users(game_log)
        now = self._clock()

        # where the record may start: its own origin, then every later snapshot
        origins: list[_Origin[G]] = []
        if not record.base:
            origins.append(_Origin(0, d0, self._new(record), None))
        else:
            bs = game_log.base_snapshot
            if bs is not None and bs.digest == base_digest(d0, record.base, bs.state_json):
                with contextlib.suppress(CorruptGameError):  # unrestorable: a later one may do
                    origins.append(_Origin(record.base, bs.digest, self._restore(bs), bs))
        walks = [self._walk(o, end, rows, record, users) for o in origins[:1]]
        reach = walks[0].reach if walks else -1
        if not walks or walks[0].why is not None:
            for snap in await self._snapshots(game_id):
                if snap.seq <= max(reach, record.base) or snap.seq > end:
                    continue
                o = self._later_origin(record, rows, snap, end)
                if o is None:
                    continue
                w = self._walk(o, end, rows, record, users)
                if w.reach > reach:  # the earliest snapshot that goes furthest
                    walks.append(w)
                    reach = w.reach
        if not walks:
            raise CorruptGameError(
                game_id,
                f"the snapshot at version {record.base} its record starts from is damaged and"
                " no later snapshot is intact: restore a backup, or import an export made"
                " before the damage",
            )
        walk = walks[-1]
        base, version = walk.origin.seq, walk.reach
        dropped = [a for a in game_log.actions if a.seq > version]
        archived = [a for a in game_log.actions if a.seq <= base] if base > record.base else []
        why = walk.why
        if base > record.base:
            lost = walks[0].why if origins and walks[0] is not walk else None
            why = (
                f"{lost or 'the record before it is damaged'}; resumed from the intact"
                f" snapshot at version {base}" + (f"; then {walk.why}" if walk.why else "")
            )
        state = dumps(self.codec.dump(walk.game))
        base_state = walk.origin.snapshot.state_json if walk.origin.snapshot else None
        players = int(record.options.get("players", len(game_log.seats)))
        reseated = {
            n: _last_person(game_log.actions, n) for n in seats_missing(record, game_log.seats)
        }
        # the chain restarts at the base: tied to the seed and the base snapshot's text
        root = base_digest(d0, base, base_state) if base else d0

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
            chain = root
            await db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
            rewritten = []
            for seq, seat, user_id, text, created_at in walk.kept:
                chain = action_digest(chain, seq, seat, user_id, text)
                rewritten.append((game_id, seq, seat, user_id, text, created_at, chain))
            await db.executemany(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at, digest)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                rewritten,
            )
            await db.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
            if base:
                await db.execute(
                    "INSERT INTO snapshots (game_id, seq, state, created_at, digest)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (game_id, base, base_state, now, root),
                )
            if version != base or not base:
                await db.execute(
                    "INSERT INTO snapshots (game_id, seq, state, created_at, digest)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (game_id, version, state, now, snapshot_digest(chain, version, state)),
                )
            await db.execute(
                "UPDATE games SET version = ?, base = ?, revision = revision + 1, updated_at = ?,"
                " head = ?, digest = ? WHERE id = ?",
                (version, base, now, chain, d0, game_id),
            )
            await db.execute("DELETE FROM game_faults WHERE game_id = ?", (game_id,))
            # seats lost to damage: rows of no seat go, each seat without one gets one
            await db.execute(
                "DELETE FROM seats WHERE game_id = ? AND (seat < 0 OR seat >= ?)",
                (game_id, players),
            )
            if reseated:
                await db.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, colour, joined_at)"
                    " VALUES (?, ?, ?, NULL, ?)",
                    [(game_id, seat, user, now) for seat, user in reseated.items()],
                )
            rec = await self._get_game(db, game_id)
            if reseated:
                log.warning("game %s repaired: seats seated again: %s", game_id, reseated)
            # before the commit: what leaves the log is never gone without a trace
            if archived:
                log.warning(
                    "game %s repaired: %s; %d earlier action(s) left the log (their effect is"
                    " in the snapshot at version %d; as stored): %s",
                    game_id,
                    why,
                    len(archived),
                    base,
                    json.dumps([_raw(a) for a in archived]),
                )
            if dropped:
                log.warning(
                    "game %s repaired: %s; %d action(s) cut (as stored): %s",
                    game_id,
                    why,
                    len(dropped),
                    json.dumps([_raw(a) for a in dropped]),
                )
            if walk.recovered:
                log.warning(
                    "game %s repaired: action(s) %s recovered from their digests",
                    game_id,
                    ", ".join(f"#{s}" for s in walk.recovered),
                )
            return rec

        rec = await self._write(fn)
        return Repair(
            rec,
            version,
            dropped,
            why,
            walk.recovered,
            base=base,
            archived=archived,
            reseated=reseated,
        )

    async def _snapshots(self, game_id: int) -> list[SnapshotRecord]:
        """Every stored snapshot of the game, oldest first."""

        async def fn(db: Conn) -> list[SnapshotRecord]:
            rows = await db.all(
                f"SELECT {SNAPSHOT_COLS} FROM snapshots WHERE game_id = ? ORDER BY seq", (game_id,)
            )
            return [snapshot_row(r) for r in rows]

        return await self._read(fn)

    def _later_origin(
        self, record: GameRecord, rows: dict[int, ActionRecord], snap: SnapshotRecord, end: int
    ) -> _Origin[G] | None:
        """``snap`` as a place to resume from: its digest ties it to ``d[seq]``
        as the chain after it stores it (the row at ``seq``, or the game's head
        at the end of the log), and it restores to its version. None if not."""
        tied = [rows[snap.seq].digest] if snap.seq in rows else []
        if snap.seq == end:
            tied.append(record.head)
        for d in tied:
            if d and snap.digest == snapshot_digest(d, snap.seq, snap.state_json):
                try:
                    return _Origin(snap.seq, d, self._restore(snap), snap)
                except CorruptGameError:
                    return None
        return None

    def _walk(
        self,
        origin: _Origin[G],
        end: int,
        rows: dict[int, ActionRecord],
        record: GameRecord,
        users: list[int | None],
    ) -> _Walk[G]:
        """Verify (or recover) the actions after ``origin`` until one is neither."""
        game, d = origin.game, origin.digest
        walk: _Walk[G] = _Walk(origin, game, origin.seq)
        now = self._clock()
        for seq in range(origin.seq + 1, end + 1):
            a = rows.get(seq)
            if a is not None and a.digest == action_digest(
                d, seq, a.seat, a.user_id, a.action_json
            ):
                try:
                    self.codec.apply(game, a.action)
                except Exception as exc:
                    walk.why = f"action #{seq} does not replay: {type(exc).__name__}: {exc}"
                    break
                d = a.digest
                walk.kept.append((seq, a.seat, a.user_id, a.action_json, a.created_at))
                walk.reach = seq
                continue
            found = self._recover(game, d, seq, users, _anchors(record, rows, seq))
            if found is None:
                what = "is missing" if a is None else "is damaged"
                walk.why = f"action #{seq} {what} and cannot be recovered from its digests"
                break
            seat, user_id, text, action = found
            self.codec.apply(game, action)
            d = action_digest(d, seq, seat, user_id, text)
            walk.kept.append((seq, seat, user_id, text, a.created_at if a is not None else now))
            walk.recovered.append(seq)
            walk.reach = seq
        return walk

    @staticmethod
    def _candidate_users(game_log: GameLog) -> list[int | None]:
        """Who may have taken a damaged action: a seated user, nobody (the bot),
        or anyone the log names."""
        users: list[int | None] = [s.user_id for s in game_log.seats]
        users += [a.user_id for a in game_log.actions]
        users += [NOBODY, None]
        return list(dict.fromkeys(users))

    def _recover(
        self,
        game: G,
        prev: str,
        seq: int,
        users: list[int | None],
        anchors: list[tuple[str, Callable[[str], str]]],
    ) -> tuple[int | None, int | None, str, JsonDict] | None:
        """The one legal action at ``seq`` whose digest the ``anchors`` vouch for
        (seat, user id, text, action), or None: none, or more than one."""
        candidates = getattr(self.codec, "candidates", None)
        if candidates is None or not anchors:
            return None
        try:
            options = candidates(game)
        except Exception:
            return None
        found: list[tuple[int | None, int | None, str, JsonDict]] = []
        for action in options:
            text = dumps(action)
            seat = action.get("seat")
            for user_id in users:
                d = action_digest(prev, seq, seat, user_id, text)
                if any(link(d) == want for want, link in anchors):
                    found.append((seat, user_id, text, action))
        if len({(f[0], f[2]) for f in found}) != 1:
            return None
        return found[0]


def _seed_vouched(record: GameRecord, game_log: GameLog, d: str) -> bool:
    """The seed and options are what the game started with: their digest says so,
    or (when only that column was damaged) the first action's or the initial
    snapshot's digest, both chained to it, does."""
    if record.digest == d:
        return True
    first = game_log.actions[0] if game_log.actions else None
    if first is not None and first.seq == 1 and not record.base and first.digest:
        return first.digest == action_digest(d, 1, first.seat, first.user_id, first.action_json)
    for snap in (game_log.snapshot, game_log.previous):
        if snap is not None and snap.seq == 0 and snap.digest:
            return snap.digest == snapshot_digest(d, 0, snap.state_json)
    bs = game_log.base_snapshot
    if record.base and bs is not None and bs.digest:
        return bs.digest == base_digest(d, record.base, bs.state_json)
    return False


def _anchors(
    record: GameRecord, rows: dict[int, ActionRecord], seq: int
) -> list[tuple[str, Callable[[str], str]]]:
    """What vouches for ``d[seq]``: the row's stored digest, the next row's
    (chained over it), or the game's head at the end of the log."""
    out: list[tuple[str, Callable[[str], str]]] = []
    a = rows.get(seq)
    if a is not None and a.digest:
        out.append((a.digest, lambda d: d))
    nxt = rows.get(seq + 1)
    if nxt is not None and nxt.digest:
        out.append(
            (
                nxt.digest,
                lambda d: action_digest(d, nxt.seq, nxt.seat, nxt.user_id, nxt.action_json),
            )
        )
    if seq == record.version and record.head:
        out.append((record.head, lambda d: d))
    return out


def _raw(a: ActionRecord) -> JsonDict:
    """A cut action as stored, even when its bytes are not UTF-8."""
    text = a.action_json
    stored: str = text.raw.hex() if isinstance(text, BadText) else text
    return {"seq": a.seq, "seat": a.seat, "user_id": a.user_id, "action": stored}


__all__ = ["Fault", "FaultsMixin", "Repair"]
