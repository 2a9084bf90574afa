"""Games and seats: the lobby, starting a game, its status, and listing games.

One active game (lobby, running or paused) per channel or thread: a unique
partial index guards it and :class:`ChannelBusyError` names the game in the way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from storage.backend import Conn
from storage.base import (
    ACTIVE_SQL,
    GAME_COLS,
    G,
    StoreBase,
    check_seed,
    dumps,
    game_row,
    refuse_busy_channel,
)
from storage.digest import game_digest, snapshot_digest
from storage.errors import ConflictError, LobbyError, NotFoundError
from storage.models import ACTIVE_STATUSES, NOBODY, GameRecord, GameStatus, JsonDict, Seat


def expect_revision(game: GameRecord, expected_revision: int | None) -> None:
    """Refuse a change computed from another revision of ``game`` than the stored one."""
    if expected_revision is not None and game.revision != expected_revision:
        raise ConflictError(
            game.id,
            game.version,
            game.version,
            expected_revision=expected_revision,
            actual_revision=game.revision,
        )


class GamesMixin(StoreBase[G]):
    # ------------------------------------------------------------------ lobby

    async def create_game(
        self,
        channel_id: int,
        *,
        guild_id: int | None = None,
        created_by: int | None = None,
        options: JsonDict | None = None,
        seats: Sequence[tuple[int, str | None]] = (),
        seat_order: str | None = None,
        timeout_minutes: int | None = None,
    ) -> GameRecord:
        """A new game in the lobby of ``channel_id`` (no seed yet).

        ``seats``: (user id, display name) seated at once, in order (the creator
        and any bot seats), and ``seat_order`` (``"random"`` or ``"lobby"``), in
        the same transaction: a crash never leaves a lobby without its creator.
        ``timeout_minutes``: the game's turn timeout (None: its server's default).
        Raises :class:`ChannelBusyError` if the channel already has an active game.
        """
        options_json = dumps(options or {})
        if len({user for user, _ in seats}) != len(seats):
            raise LobbyError("a user holds at most one seat")
        if seat_order not in (None, "random", "lobby"):
            raise ValueError(f"seat_order must be 'random' or 'lobby', not {seat_order!r}")
        now = self._clock()

        async def fn(db: Conn) -> GameRecord:
            await refuse_busy_channel(db, channel_id)
            row = await db.one(
                "INSERT INTO games (guild_id, channel_id, status, options, created_by, created_at, updated_at)"
                " VALUES (?, ?, 'lobby', ?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, options_json, created_by, now, now),
            )
            assert row is not None
            game_id = row[0]
            if seats:
                await db.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, colour, joined_at, display_name)"
                    " VALUES (?, ?, ?, NULL, ?, ?)",
                    [(game_id, i, user, now, name) for i, (user, name) in enumerate(seats)],
                )
            if seat_order is not None or timeout_minutes is not None:
                await db.execute(
                    "INSERT INTO game_settings (game_id, seat_order, timeout_minutes, updated_at)"
                    " VALUES (?, ?, ?, ?)",
                    (game_id, seat_order or "random", timeout_minutes, now),
                )
            return await self._get_game(db, game_id)

        return await self._write(fn)

    async def set_options(self, game_id: int, options: JsonDict) -> GameRecord:
        """Change the options of a game still in the lobby."""
        options_json = dumps(options)
        now = self._clock()

        async def fn(db: Conn) -> GameRecord:
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
        display_name: str | None = None,
    ) -> Seat:
        """Seat ``user_id`` at the next free seat of a lobby game (``display_name``:
        the name the front end sees them with, kept with the seat)."""
        now = self._clock()

        async def fn(db: Conn) -> Seat:
            game = await self._get_game(db, game_id)
            self._require(game, {GameStatus.LOBBY}, "join")
            seats = await self._get_seats(db, game_id)
            if any(s.user_id == user_id for s in seats):
                raise LobbyError(f"user {user_id} is already seated in game {game_id}")
            if max_seats is not None and len(seats) >= max_seats:
                raise LobbyError(f"game {game_id} is full ({max_seats} seats)")
            if colour is not None and any(s.colour == colour for s in seats):
                raise LobbyError(f"colour {colour} is taken in game {game_id}")
            seat = Seat(game_id, len(seats), user_id, colour, now, display_name)
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, colour, joined_at, display_name)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seat.seat, user_id, colour, now, display_name),
            )
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return seat

        return await self._write(fn)

    async def leave_game(self, game_id: int, user_id: int) -> list[Seat]:
        """Remove ``user_id`` from a lobby; later seats move up. Returns the new seats."""
        now = self._clock()

        async def fn(db: Conn) -> list[Seat]:
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

        async def fn(db: Conn) -> Seat:
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
            return Seat(s.game_id, s.seat, s.user_id, colour, s.joined_at, s.display_name)

        return await self._write(fn)

    @staticmethod
    async def _rewrite_seats(db: Conn, game_id: int, seats: Sequence[Seat]) -> None:
        await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, colour, joined_at, display_name)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                (game_id, i, s.user_id, s.colour, s.joined_at, s.display_name)
                for i, s in enumerate(seats)
            ],
        )

    async def remember_name(self, user_id: int, name: str) -> int:
        """Store ``name`` as ``user_id``'s display name on their seats in active
        games (lobby, running, paused) where it differs. Returns the seats changed."""

        async def fn(db: Conn) -> int:
            cur = await db.execute(
                "UPDATE seats SET display_name = ? WHERE user_id = ?"
                " AND (display_name IS NULL OR display_name <> ?)"
                " AND game_id IN (SELECT id FROM games"
                " WHERE status IN ('lobby', 'running', 'paused'))",
                (name, user_id, name),
            )
            return int(cur or 0)

        return await self._write(fn)

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
        check_seed(seed)
        options_json = dumps(options) if options is not None else None
        snap_json = dumps(snapshot) if snapshot is not None else None
        now = self._clock()

        async def fn(db: Conn) -> GameRecord:
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
                    Seat(s.game_id, s.seat, s.user_id, c, s.joined_at, s.display_name)
                    for s, c in zip(seats, colours, strict=True)
                ]
            taken = [s.colour for s in seats if s.colour is not None]
            if len(taken) != len(set(taken)):
                raise LobbyError(f"two seats share a colour: {taken}")
            await self._rewrite_seats(db, game_id, seats)
            final = options_json if options_json is not None else game.options_json
            d0 = game_digest(seed, final)
            await db.execute(
                "UPDATE games SET status = 'running', seed = ?, version = 0, started_at = ?,"
                " updated_at = ?, options = ?, digest = ?, head = ? WHERE id = ?",
                (seed, now, now, final, d0, d0, game_id),
            )
            if snap_json is not None:
                await db.execute(
                    "INSERT INTO snapshots (game_id, seq, state, created_at, digest)"
                    " VALUES (?, 0, ?, ?, ?)",
                    (game_id, snap_json, now, snapshot_digest(d0, 0, snap_json)),
                )
            return await self._get_game(db, game_id)

        return await self._write(fn)

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
        expected_revision: int | None = None,
    ) -> GameRecord:
        """Change the status; the revision goes up (a button from before is stale).
        ``expected_revision``: refuse with :class:`ConflictError` if the game moved on."""
        now = self._clock()
        ended = now if status in (GameStatus.FINISHED, GameStatus.ABORTED) else None
        result_json = dumps(result) if result is not None else None

        async def fn(db: Conn) -> GameRecord:
            game = await self._get_game(db, game_id)
            self._require(game, allowed, doing)
            self._expect_revision(game, expected_revision)
            await db.execute(
                "UPDATE games SET status = ?, updated_at = ?, ended_at = COALESCE(?, ended_at),"
                " result = COALESCE(?, result), end_reason = COALESCE(?, end_reason),"
                " revision = revision + 1 WHERE id = ?",
                (status.value, now, ended, result_json, end_reason, game_id),
            )
            return await self._get_game(db, game_id)

        return await self._write(fn)

    @staticmethod
    def _expect_revision(game: GameRecord, expected_revision: int | None) -> None:
        expect_revision(game, expected_revision)

    async def pause_game(self, game_id: int, *, expected_revision: int | None = None) -> GameRecord:
        """Running -> paused (actions are refused until resumed)."""
        return await self._set_status(
            game_id,
            {GameStatus.RUNNING},
            "pause",
            GameStatus.PAUSED,
            expected_revision=expected_revision,
        )

    async def resume_game(
        self, game_id: int, *, expected_revision: int | None = None
    ) -> GameRecord:
        """Paused -> running."""
        return await self._set_status(
            game_id,
            {GameStatus.PAUSED},
            "resume",
            GameStatus.RUNNING,
            expected_revision=expected_revision,
        )

    async def finish_game(self, game_id: int, result: JsonDict | None = None) -> GameRecord:
        """Running/paused -> finished (archived), with the engine's result."""
        return await self._set_status(
            game_id,
            {GameStatus.RUNNING, GameStatus.PAUSED},
            "finish",
            GameStatus.FINISHED,
            result=result,
        )

    async def abort_game(
        self, game_id: int, reason: str | None = None, *, expected_revision: int | None = None
    ) -> GameRecord:
        """Any active game (lobby included) -> aborted (archived); frees the channel."""
        return await self._set_status(
            game_id,
            set(ACTIVE_STATUSES),
            "abort",
            GameStatus.ABORTED,
            end_reason=reason or "aborted",
            expected_revision=expected_revision,
        )

    async def replace_player(
        self, game_id: int, seat: int, user_id: int, *, expected_revision: int | None = None
    ) -> Seat:
        """Give ``seat`` of an active game to another user (a moderator's substitution).

        ``user_id`` 0 means nobody (the bot plays the seat); several seats may
        have it. The revision goes up, so the old player's buttons are stale
        in every process. ``expected_revision``: as for :meth:`pause_game`.
        """
        now = self._clock()

        async def fn(db: Conn) -> Seat:
            game = await self._get_game(db, game_id)
            self._require(game, ACTIVE_STATUSES, "replace a player")
            self._expect_revision(game, expected_revision)
            seats = await self._get_seats(db, game_id)
            target = [s for s in seats if s.seat == seat]
            if not target:
                raise NotFoundError(f"game {game_id} has no seat {seat}")
            if user_id != NOBODY and any(s.user_id == user_id and s.seat != seat for s in seats):
                raise LobbyError(f"user {user_id} already holds another seat in game {game_id}")
            await db.execute(
                "UPDATE seats SET user_id = ?, display_name = NULL WHERE game_id = ? AND seat = ?",
                (user_id, game_id, seat),
            )
            await db.execute(
                "UPDATE games SET updated_at = ?, revision = revision + 1 WHERE id = ?",
                (now, game_id),
            )
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

        async def fn(db: Conn) -> GameRecord | None:
            row = await db.one(
                f"SELECT {GAME_COLS} FROM games WHERE channel_id = ? AND status IN {ACTIVE_SQL}",
                (channel_id,),
            )
            return game_row(row) if row else None

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
            where.append(f"status IN ({', '.join('?' * len(values))})" if values else "1 = 0")
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
        sql = f"SELECT {GAME_COLS} FROM games"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY updated_at DESC, id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)

        async def fn(db: Conn) -> list[GameRecord]:
            return [game_row(r) for r in await db.all(sql, params)]

        return await self._read(fn)

    async def list_running_games(self) -> list[GameRecord]:
        """Running and paused games (they have an engine state), oldest first; only
        the store's shards' games when it has ``shards``."""
        running, params = self._running("g")

        async def fn(db: Conn) -> list[GameRecord]:
            rows = await db.all(
                f"SELECT {GAME_COLS} FROM games g WHERE {running} ORDER BY id", params
            )
            return [game_row(r) for r in rows]

        return await self._read(fn)
