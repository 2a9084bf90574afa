"""Rebuilding engine games from the log: load, load all at start-up, verify.

Loading a game = the previous snapshot + replay of the actions after it,
checked against the newest snapshot on the way (a snapshot is only trusted
once the log agrees with it). A snapshot that cannot be restored falls back to
a full replay of the log (logged as a warning); one that disagrees with its
log raises :class:`SnapshotMismatchError`, and a game whose log does not
replay raises :class:`CorruptGameError`, naming that game only, so the other
games still load.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from storage.actions import ActionLogMixin
from storage.base import G
from storage.digest import (
    action_digest,
    base_digest,
    describe_text,
    game_digest,
    snapshot_digest,
)
from storage.errors import (
    CorruptGameError,
    DamagedRowError,
    GameSetAsideError,
    GameStateError,
    SeedDamagedError,
    SnapshotMismatchError,
)
from storage.models import (
    STARTED_STATUSES,
    ActionRecord,
    GameLog,
    GameRecord,
    History,
    LoadedGame,
    LoadReport,
    SnapshotRecord,
)

log = logging.getLogger(__name__)


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


def seats_missing(record: GameRecord, seats: Sequence[Any]) -> list[int]:
    """The seats of a started game that have no row (the digests do not cover
    seats: a row lost to damage left its seat's turns to nobody)."""
    players = int(record.options.get("players", len(seats)))
    have = {s.seat for s in seats}
    return [n for n in range(players) if n not in have]


def check_seats(record: GameRecord, seats: Sequence[Any]) -> None:
    """:class:`DamagedRowError` when a seat of the game has no row, or a row is
    of no seat: its turns would wait on the wrong person, and never time out."""
    players = int(record.options.get("players", len(seats)))
    missing = seats_missing(record, seats)
    extra = sorted(s.seat for s in seats if not 0 <= s.seat < players)
    if missing or extra:
        what = [f"seat {n + 1} has no row" for n in missing]
        what += [f"a row names seat {n + 1} of {players}" for n in extra]
        raise DamagedRowError(record.id, f"its seats are damaged: {', '.join(what)}")


class ReplayMixin(ActionLogMixin[G]):
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

    @staticmethod
    def check_chain(game_log: GameLog) -> dict[int, str]:
        """Every digest of the game (storage/digest.py): its seed and options,
        each action chained to the one before, the end of the log and the
        snapshots read; a game with a base (schema 12) chains from its base
        snapshot. Returns ``d[seq]`` for every action (and the base). Raises
        :class:`SeedDamagedError` or :class:`DamagedRowError` naming the first
        damage, or :class:`CorruptGameError` for a gap."""
        record = game_log.record
        if record.seed is None:
            raise SeedDamagedError(record.id, f"{record.status.value} game has no seed")
        d = game_digest(record.seed, record.options_json)
        if record.digest != d:
            what = describe_text(record.options_json)
            raise SeedDamagedError(
                record.id,
                f"options {what} (the seed and options do not match their digest)"
                if what
                else "the seed or options do not match their digest (changed since the game started)",
            )
        base = record.base
        if base:
            bs = game_log.base_snapshot
            if bs is None:
                raise DamagedRowError(
                    record.id, f"the snapshot at version {base} its record starts from is missing"
                )
            if bs.digest != base_digest(d, base, bs.state_json):
                what = describe_text(bs.state_json) or "does not match its digest"
                raise DamagedRowError(
                    record.id, f"the snapshot at version {base} its record starts from {what}"
                )
            d = bs.digest
        chain = {0: d} if not base else {base: d}
        for i, a in enumerate(game_log.actions, start=base + 1):
            if a.seq != i:
                raise CorruptGameError(
                    record.id, f"action log has a gap: expected #{i}, found #{a.seq}"
                )
            d = action_digest(d, a.seq, a.seat, a.user_id, a.action_json)
            if a.digest != d:
                what = describe_text(a.action_json)
                raise DamagedRowError(
                    record.id,
                    f"action #{a.seq} {what} (its digest does not match)"
                    if what
                    else f"action #{a.seq} does not match its digest (changed after it was written)",
                )
            chain[a.seq] = d
        last = base + len(game_log.actions)
        if last != record.version:
            raise CorruptGameError(
                record.id, f"action log ends at #{last} but the game is at version {record.version}"
            )
        if record.head != d:
            raise DamagedRowError(
                record.id, f"the log does not end as written (action #{last} is not the last one)"
            )
        for snap in (game_log.snapshot, game_log.previous):
            if snap is None or (base and snap.seq == base and snap == game_log.base_snapshot):
                continue
            at = chain.get(snap.seq)
            if at is None or snap.digest != snapshot_digest(at, snap.seq, snap.state_json):
                what = describe_text(snap.state_json) or "does not match its digest"
                raise DamagedRowError(record.id, f"snapshot at version {snap.seq} {what}")
        return chain

    def rebuild(self, game_log: GameLog, *, from_seed: bool = False) -> LoadedGame[G]:
        """The engine game for a log, with its newest snapshot checked.

        The game is replayed from the previous snapshot (or from options and
        seed when there is none, or with ``from_seed``) up to the newest
        snapshot, which must equal the replayed state; then the later actions
        are replayed. A snapshot that cannot be read at all (bad JSON, another
        version) is no evidence against the log: it is skipped with a warning.
        One that can be read but differs raises :class:`SnapshotMismatchError`:
        the snapshot or the log is damaged, and a moderator must decide. A
        game set aside earlier raises :class:`GameSetAsideError`.
        """
        record = game_log.record
        if record.status not in STARTED_STATUSES:
            raise GameStateError(f"game {record.id} is {record.status.value}: no engine game yet")
        if game_log.fault is not None:
            raise GameSetAsideError(record.id, f"set aside: {game_log.fault}")
        self.check_chain(game_log)
        check_seats(record, game_log.seats)
        snap, prev, actions = game_log.snapshot, game_log.previous, game_log.actions
        if from_seed or prev is None or prev.seq <= record.base:
            base_seq, game = record.base, self.origin(game_log)
        else:
            base_seq, game = prev.seq, self._restore(prev)
        tail = [a for a in actions if a.seq > base_seq]
        self._check_sequence(record, base_seq + 1, tail)
        replayed = len(tail)  # after the newest snapshot that agrees with the log
        if snap is not None and snap.seq >= base_seq:
            upto = snap.seq - base_seq
            self._replay(record.id, game, tail[:upto])
            if self._check_snapshot(record, game, snap, from_seed=base_seq == record.base):
                replayed -= upto
            tail = tail[upto:]
        self._replay(record.id, game, tail)
        return LoadedGame(record, game_log.seats, game, replayed)

    def _check_snapshot(
        self, record: GameRecord, game: G, snap: SnapshotRecord, *, from_seed: bool
    ) -> bool:
        """The replayed ``game`` (at ``snap.seq``) must equal the stored snapshot.
        False: the snapshot is unreadable (skipped); raises if it disagrees."""
        try:
            stored = snap.state
        except CorruptGameError as exc:
            log.warning("%s; falling back to a full replay of the log", exc)
            return False
        diff = first_difference(self.codec.dump(game), stored)
        if diff is None:
            return True
        try:
            self._restore(snap)
        except CorruptGameError as exc:  # unreadable or of another version: only a bad cache
            log.warning("%s; falling back to a full replay of the log", exc)
            return False
        where = (
            ("options and seed" if not record.base else f"its base at version {record.base}")
            if from_seed
            else "the snapshot before it"
        )
        raise SnapshotMismatchError(
            record.id,
            f"the snapshot at version {snap.seq} is not what its log replays to "
            f"(replayed from {where}): {diff}",
        )

    def origin(self, game_log: GameLog) -> G:
        """The game where its record starts: set up from options and seed, or
        (a game with a base, schema 12) its base snapshot restored."""
        record = game_log.record
        if not record.base:
            return self._new(record)
        if game_log.base_snapshot is None:
            raise CorruptGameError(
                record.id,
                f"the snapshot at version {record.base} its record starts from is missing",
            )
        return self._restore(game_log.base_snapshot)

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
        except (GameSetAsideError, DamagedRowError, SeedDamagedError):
            raise  # the damage is named: a replay from the seed would not help
        except CorruptGameError as exc:
            if game_log.previous is None:
                raise  # already replayed from options and seed
            # The previous snapshot or the log after it is unusable, or they
            # disagree with the newest snapshot: retry from the whole log (the truth).
            log.warning("%s; checking against a full replay of the log", exc)
            return self.rebuild(await self.read_log(game_log.record.id, full=True), from_seed=True)

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
            except Exception as exc:  # a bug must not stop the other games either
                log.exception("game %s could not be loaded", game_log.record.id)
                report.failed.append(
                    CorruptGameError(
                        game_log.record.id, f"it cannot be loaded: {type(exc).__name__}: {exc}"
                    )
                )
        return report

    async def verify_game(self, game_id: int) -> LoadedGame[G]:
        """Prove that a full replay of the log equals the stored snapshot.

        Replays every action from options and seed (from the base snapshot
        for a game with a base, schema 12); at the newest snapshot's
        version compares the replayed state with the snapshot, and at the end
        with the state loaded the normal way (snapshot + tail). Raises
        :class:`CorruptGameError` with the first difference. Returns the fully
        replayed game.
        """
        game_log = await self.read_log(game_id, full=True)
        record = game_log.record
        if record.status not in STARTED_STATUSES:
            raise GameStateError(f"game {record.id} is {record.status.value}: no engine game yet")
        self.check_chain(game_log)
        snap = game_log.snapshot
        game = self.origin(game_log)
        upto = (snap.seq if snap is not None else record.base) - record.base
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

    async def read_history(self, game_id: int) -> History[G]:
        """What a reader of the whole game replays (log, replay, undo, rollback):
        the game where its record starts (:meth:`origin`: the seed, or the base
        snapshot of a game whose earlier actions were lost to damage) and every
        action after it, in one consistent read. The digests are not checked
        here (a load does that); a base snapshot that cannot be restored raises
        :class:`CorruptGameError`."""
        game_log = await self.read_log(game_id, full=True)
        record = game_log.record
        if record.status not in STARTED_STATUSES:
            raise GameStateError(f"game {record.id} is {record.status.value}: no engine game yet")
        return History(record, game_log.seats, self.origin(game_log), game_log.actions)
