"""People who stop playing, and games whose channel is gone (issue 24).

- **Timeouts in a row** (``seat_timeouts``): each turn timeout of a seat counts
  for the person who holds it; their own action starts the count again. After
  several in a row the bot takes the seat *for them* (``away``): it plays the
  seat until they join the game again and take it back.
- **Resigning**: the bot takes the seat for good; the game ends (aborted) when
  no person is left, in the same transaction.
- **A member who left the server**: muted in every active game of that server
  (no pings); their seat is played at its turn timeouts.
- **A deleted channel or thread** (``channels_gone``): its running game is
  paused, a lobby closed; a moderator moves the game into another channel
  (:meth:`AbsenceMixin.move_game`) or ends it.

Every change of a game's seats or status bumps its revision (buttons shown
before are stale) and checks ``expected_revision`` when one is given.
"""

from __future__ import annotations

from collections.abc import Iterable

from storage.backend import Conn
from storage.base import ACTIVE_SQL, GAME_COLS, G, StoreBase, game_row, refuse_busy_channel
from storage.errors import GameStateError, LobbyError
from storage.games import expect_revision
from storage.models import NOBODY, GameRecord, GameStatus

#: Why a game with no person left ends (``games.end_reason``).
ALL_RESIGNED = "every player resigned"
#: Why a lobby whose channel was deleted ends.
LOBBY_GONE = "its channel was deleted"


def _require_started(game: GameRecord, doing: str) -> None:
    if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
        raise GameStateError(f"game {game.id} is {game.status.value}; cannot {doing}")


class AbsenceMixin(StoreBase[G]):
    async def _bump(self, db: Conn, game_id: int, now: float) -> None:
        await db.execute(
            "UPDATE games SET updated_at = ?, revision = revision + 1 WHERE id = ?",
            (now, game_id),
        )

    # ------------------------------------------------------------------ timeouts in a row

    async def count_timeout(self, game_id: int, seat: int, user_id: int) -> int:
        """Count a turn timeout of ``user_id`` on ``seat``; how many in a row now."""
        now = self._clock()

        async def fn(db: Conn) -> int:
            await self._get_game(db, game_id)  # NotFoundError
            row = await db.one(
                "SELECT user_id, in_a_row FROM seat_timeouts WHERE game_id = ? AND seat = ?",
                (game_id, seat),
            )
            n = row[1] + 1 if row is not None and row[0] == user_id else 1
            await db.execute(
                "INSERT INTO seat_timeouts (game_id, seat, user_id, in_a_row, away, updated_at)"
                " VALUES (?, ?, ?, ?, 0, ?) ON CONFLICT (game_id, seat) DO UPDATE SET"
                " user_id = excluded.user_id, in_a_row = excluded.in_a_row, away = 0,"
                " updated_at = excluded.updated_at",
                (game_id, seat, user_id, n, now),
            )
            return n

        return await self._write(fn)

    async def clear_timeouts(self, game_id: int, seat: int) -> None:
        """The person on ``seat`` acted: their timeouts in a row start again
        (a seat the bot holds for someone keeps that)."""

        async def fn(db: Conn) -> None:
            await db.execute(
                "DELETE FROM seat_timeouts WHERE game_id = ? AND seat = ? AND away = 0",
                (game_id, seat),
            )

        await self._write(fn)

    async def seat_to_bot(
        self, game_id: int, seat: int, user_id: int, *, expected_revision: int | None = None
    ) -> GameRecord:
        """After timeouts in a row: the bot plays ``seat`` for ``user_id`` until
        they take it back (:meth:`take_back_seat`)."""
        now = self._clock()

        async def fn(db: Conn) -> GameRecord:
            game = await self._get_game(db, game_id)
            _require_started(game, "give a seat to the bot")
            expect_revision(game, expected_revision)
            seats = await self._get_seats(db, game_id)
            if not any(s.seat == seat and s.user_id == user_id for s in seats):
                raise LobbyError(f"user {user_id} does not hold seat {seat} of game {game_id}")
            await db.execute(
                "UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                (NOBODY, game_id, seat),
            )
            await db.execute(
                "INSERT INTO seat_timeouts (game_id, seat, user_id, in_a_row, away, updated_at)"
                " VALUES (?, ?, ?, 0, 1, ?) ON CONFLICT (game_id, seat) DO UPDATE SET"
                " user_id = excluded.user_id, away = 1, updated_at = excluded.updated_at",
                (game_id, seat, user_id, now),
            )
            await self._bump(db, game_id, now)
            return await self._get_game(db, game_id)

        return await self._write(fn)

    async def take_back_seat(
        self, game_id: int, user_id: int, *, expected_revision: int | None = None
    ) -> int:
        """``user_id`` joins again: the seat the bot held for them is theirs again.
        Returns the seat; :class:`LobbyError` when the bot holds none for them."""
        now = self._clock()

        async def fn(db: Conn) -> int:
            game = await self._get_game(db, game_id)
            _require_started(game, "take back a seat")
            expect_revision(game, expected_revision)
            row = await db.one(
                "SELECT seat FROM seat_timeouts WHERE game_id = ? AND user_id = ? AND away = 1",
                (game_id, user_id),
            )
            if row is None:
                raise LobbyError(f"the bot holds no seat for user {user_id} in game {game_id}")
            seat = int(row[0])
            seats = await self._get_seats(db, game_id)
            if any(s.user_id == user_id for s in seats):
                raise LobbyError(f"user {user_id} already holds a seat in game {game_id}")
            if not any(s.seat == seat and s.user_id == NOBODY for s in seats):
                raise LobbyError(f"seat {seat} of game {game_id} is no longer the bot's")
            await db.execute(
                "UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                (user_id, game_id, seat),
            )
            await db.execute(
                "DELETE FROM seat_timeouts WHERE game_id = ? AND seat = ?", (game_id, seat)
            )
            await self._bump(db, game_id, now)
            return seat

        return await self._write(fn)

    # ------------------------------------------------------------------ resigning, leaving

    async def resign_seat(
        self, game_id: int, user_id: int, *, expected_revision: int | None = None
    ) -> GameRecord:
        """``user_id`` resigns: the bot plays their seat for good; when no person
        is left the game ends (aborted, :data:`ALL_RESIGNED`). One transaction."""
        now = self._clock()

        async def fn(db: Conn) -> GameRecord:
            game = await self._get_game(db, game_id)
            _require_started(game, "resign")
            expect_revision(game, expected_revision)
            seats = await self._get_seats(db, game_id)
            mine = [s for s in seats if s.user_id == user_id]
            if not mine:
                raise LobbyError(f"user {user_id} holds no seat in game {game_id}")
            await db.execute(
                "UPDATE seats SET user_id = ? WHERE game_id = ? AND user_id = ?",
                (NOBODY, game_id, user_id),
            )
            await db.execute(
                "DELETE FROM seat_timeouts WHERE game_id = ? AND (seat = ? OR user_id = ?)",
                (game_id, mine[0].seat, user_id),
            )
            people = [s for s in seats if s.user_id > NOBODY and s.user_id != user_id]
            if people:
                await self._bump(db, game_id, now)
            else:
                await db.execute(
                    "UPDATE games SET status = 'aborted', updated_at = ?, ended_at = ?,"
                    " end_reason = ?, revision = revision + 1 WHERE id = ?",
                    (now, now, ALL_RESIGNED, game_id),
                )
            return await self._get_game(db, game_id)

        return await self._write(fn)

    async def member_left(self, guild_id: int, user_id: int) -> list[GameRecord]:
        """``user_id`` left the server: muted (no pings) in every active game of it
        where they hold a seat. Returns those games."""
        now = self._clock()

        async def fn(db: Conn) -> list[GameRecord]:
            rows = await db.all(
                f"SELECT {GAME_COLS} FROM games WHERE guild_id = ? AND status IN {ACTIVE_SQL}"
                " AND id IN (SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id",
                (guild_id, user_id),
            )
            games = [game_row(r) for r in rows]
            for g in games:
                await db.execute(
                    "INSERT INTO game_mutes (game_id, user_id, muted_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (game_id, user_id) DO NOTHING",
                    (g.id, user_id, now),
                )
            return games

        return await self._write(fn)

    # ------------------------------------------------------------------ channels gone

    async def channel_gone(self, channel_id: int) -> GameRecord | None:
        """The channel (or thread) was deleted: its running game is paused, its
        lobby closed, and the game remembered as homeless. Returns the game as
        it is now (None: the channel had no active game)."""
        now = self._clock()

        async def fn(db: Conn) -> GameRecord | None:
            row = await db.one(
                f"SELECT {GAME_COLS} FROM games WHERE channel_id = ? AND status IN {ACTIVE_SQL}",
                (channel_id,),
            )
            if row is None:
                return None
            game = game_row(row)
            await db.execute(
                "INSERT INTO channels_gone (game_id, channel_id, gone_at) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET channel_id = excluded.channel_id,"
                " gone_at = excluded.gone_at",
                (game.id, channel_id, now),
            )
            if game.status is GameStatus.LOBBY:
                await db.execute(
                    "UPDATE games SET status = 'aborted', updated_at = ?, ended_at = ?,"
                    " end_reason = ?, revision = revision + 1 WHERE id = ?",
                    (now, now, LOBBY_GONE, game.id),
                )
            elif game.status is GameStatus.RUNNING:
                await db.execute(
                    "UPDATE games SET status = 'paused', updated_at = ?,"
                    " revision = revision + 1 WHERE id = ?",
                    (now, game.id),
                )
            return await self._get_game(db, game.id)

        return await self._write(fn)

    async def gone_channels(self, game_ids: Iterable[int]) -> set[int]:
        """Which of these games lost their channel (and were not moved since)."""
        ids = sorted(set(game_ids))
        if not ids:
            return set()

        async def fn(db: Conn) -> set[int]:
            out: set[int] = set()
            for i in range(0, len(ids), 500):
                chunk = ids[i : i + 500]
                marks = ", ".join("?" * len(chunk))
                rows = await db.all(
                    f"SELECT game_id FROM channels_gone WHERE game_id IN ({marks})", chunk
                )
                out.update(int(r[0]) for r in rows)
            return out

        return await self._read(fn)

    async def move_game(
        self, game_id: int, channel_id: int, *, expected_revision: int | None = None
    ) -> GameRecord:
        """Move an active game into ``channel_id`` (its old channel may be gone);
        :class:`ChannelBusyError` when that channel has an active game already.
        A game paused because its channel was deleted runs again; any other
        keeps its status (a game a moderator paused stays paused)."""
        now = self._clock()

        async def fn(db: Conn) -> GameRecord:
            game = await self._get_game(db, game_id)
            if game.status not in (GameStatus.LOBBY, GameStatus.RUNNING, GameStatus.PAUSED):
                raise GameStateError(f"game {game_id} is {game.status.value}; cannot move it")
            expect_revision(game, expected_revision)
            if game.channel_id == channel_id:
                raise LobbyError(f"game {game_id} is already in channel {channel_id}")
            await refuse_busy_channel(db, channel_id)
            gone = await db.one("SELECT 1 FROM channels_gone WHERE game_id = ?", (game_id,))
            status = game.status
            if gone is not None and status is GameStatus.PAUSED:
                status = GameStatus.RUNNING
            await db.execute(
                "UPDATE games SET channel_id = ?, status = ?, updated_at = ?,"
                " revision = revision + 1 WHERE id = ?",
                (channel_id, status.value, now, game_id),
            )
            await db.execute("DELETE FROM channels_gone WHERE game_id = ?", (game_id,))
            return await self._get_game(db, game_id)

        return await self._write(fn)


__all__ = ["ALL_RESIGNED", "LOBBY_GONE", "AbsenceMixin"]
