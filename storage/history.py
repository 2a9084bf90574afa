"""Finished games as history, and the skill ratings folded from them.

History is not stored twice: a finished game's row already keeps its options,
seed, dates and result, and its seats who played; these queries read them back
(newest first for ``/ba history``, oldest first for ratings).

Ratings are a cache of a fold over a server's finished games in a fixed order
(``ended_at``, then id). ``rated_games`` has one row per game folded in (its
primary key: a game is counted at most once), ``ratings`` the running result
per server and player. :meth:`HistoryMixin.rate_finished` folds in the games
not counted yet, in one write transaction, so two processes that both see a
game end count it once: the second finds it in ``rated_games`` (SQLite
serialises writers; PostgreSQL runs the transaction SERIALIZABLE and retries).
If a game that ended *before* the last counted one turns up (a process died
between the finish and its rating), the server's ratings are folded again from
the start, so the stored ratings always equal a fold over the whole history.

The rating maths is not storage's business: the caller passes a ``rater``, a
pure function (see :class:`Rater`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from storage.backend import Conn
from storage.base import GAME_COLS, G, StoreBase, game_row, seat_row
from storage.errors import CorruptGameError
from storage.models import FinishedGame, GameRecord, Rating, RatingRun, Seat

#: The ``guild_id`` under which games played outside any server (local mode) are rated.
NO_SERVER = 0
_CHUNK = 500  # ids per IN (...) list


class Rater(Protocol):
    """Rates one finished game: the new (mu, sigma) of each player it rates, from
    their ratings before it (a player missing from ``ratings`` is new). An empty
    result: the game does not count (solo, a single person, ...). Must be pure
    and deterministic: a write may be run again after a serialisation failure."""

    def __call__(
        self, ratings: Mapping[int, Rating], game: FinishedGame
    ) -> Mapping[int, tuple[float, float]]: ...


def _server_where(server: int, alias: str = "g") -> tuple[str, tuple[Any, ...]]:
    if server == NO_SERVER:
        return f"{alias}.guild_id IS NULL", ()
    return f"{alias}.guild_id = ?", (server,)


_ORDER_KEY = "COALESCE(g.ended_at, g.updated_at)"


class HistoryMixin(StoreBase[G]):
    # ------------------------------------------------------------------ history

    async def finished_games(
        self,
        server: int,
        *,
        user_id: int | None = None,
        offset: int = 0,
        limit: int | None = None,
        oldest_first: bool = False,
    ) -> list[FinishedGame]:
        """A server's finished games with their seats (``server`` 0: games with no
        server), newest first (or ``oldest_first``), optionally only those where
        ``user_id`` held a seat."""
        where, params = self._finished_where(server, user_id)
        order = "ASC" if oldest_first else "DESC"
        sql = (
            f"SELECT {', '.join('g.' + c.strip() for c in GAME_COLS.split(','))} FROM games g"
            f" WHERE {where} ORDER BY {_ORDER_KEY} {order}, g.id {order}"
        )
        args: list[Any] = list(params)
        if limit is not None:
            sql += " LIMIT ? OFFSET ?"
            args += [limit, offset]
        elif offset:
            raise ValueError("offset needs a limit")

        async def fn(db: Conn) -> list[FinishedGame]:
            records = [game_row(r) for r in await db.all(sql, args)]
            return await self._with_seats(db, records)

        return await self._read(fn)

    async def count_finished(self, server: int, *, user_id: int | None = None) -> int:
        where, params = self._finished_where(server, user_id)

        async def fn(db: Conn) -> int:
            row = await db.one(f"SELECT COUNT(*) FROM games g WHERE {where}", params)
            return int(row[0]) if row else 0

        return await self._read(fn)

    @staticmethod
    def _finished_where(server: int, user_id: int | None) -> tuple[str, tuple[Any, ...]]:
        on_server, params = _server_where(server)
        where = f"g.status = 'finished' AND {on_server}"
        if user_id is not None:
            where += " AND g.id IN (SELECT game_id FROM seats WHERE user_id = ?)"
            params = (*params, user_id)
        return where, params

    @staticmethod
    async def _with_seats(db: Conn, records: Sequence[GameRecord]) -> list[FinishedGame]:
        seats: dict[int, list[Seat]] = {r.id: [] for r in records}
        ids = list(seats)
        for i in range(0, len(ids), _CHUNK):
            chunk = ids[i : i + _CHUNK]
            rows = await db.all(
                "SELECT game_id, seat, user_id, colour, joined_at, display_name FROM seats"
                f" WHERE game_id IN ({', '.join('?' * len(chunk))}) ORDER BY game_id, seat",
                chunk,
            )
            for row in rows:
                seats[row[0]].append(seat_row(row))
        return [FinishedGame(r, seats[r.id]) for r in records]

    # ------------------------------------------------------------------ ratings

    async def get_ratings(self, server: int) -> dict[int, Rating]:
        """The server's ratings as last folded, by user id (``{}``: none yet)."""

        async def fn(db: Conn) -> dict[int, Rating]:
            return await self._ratings(db, server)

        return await self._read(fn)

    @staticmethod
    async def _ratings(db: Conn, server: int) -> dict[int, Rating]:
        rows = await db.all(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ?", (server,)
        )
        return {int(r[0]): Rating(int(r[0]), float(r[1]), float(r[2]), int(r[3])) for r in rows}

    async def rated_game_ids(self, server: int) -> list[int]:
        """The games folded into the server's ratings (rated or not), in fold order."""

        async def fn(db: Conn) -> list[int]:
            rows = await db.all(
                "SELECT game_id FROM rated_games WHERE guild_id = ? ORDER BY ended_at, game_id",
                (server,),
            )
            return [int(r[0]) for r in rows]

        return await self._read(fn)

    async def rate_finished(self, server: int, rater: Rater, *, refold: bool = False) -> RatingRun:
        """Fold the server's finished games not counted yet into its ratings, in one
        transaction (see the module docstring); ``refold``: start over from the
        first game (the same result, unless the rater changed)."""
        now = self._clock()
        on_server, sparams = _server_where(server)
        pending_sql = (
            f"SELECT {', '.join('g.' + c.strip() for c in GAME_COLS.split(','))} FROM games g"
            f" WHERE g.status = 'finished' AND {on_server}"
            " AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id)"
            f" ORDER BY {_ORDER_KEY}, g.id"
        )

        async def fn(db: Conn) -> RatingRun:
            pending = await self._with_seats(
                db, [game_row(r) for r in await db.all(pending_sql, sparams)]
            )
            if not pending and not refold:
                return RatingRun()
            last = await db.one(
                "SELECT ended_at, game_id FROM rated_games WHERE guild_id = ?"
                " ORDER BY ended_at DESC, game_id DESC LIMIT 1",
                (server,),
            )
            late = bool(pending) and last is not None and pending[0].order_key < (last[0], last[1])
            again = refold or late
            if again:
                await db.execute("DELETE FROM ratings WHERE guild_id = ?", (server,))
                await db.execute("DELETE FROM rated_games WHERE guild_id = ?", (server,))
                pending = await self._with_seats(
                    db, [game_row(r) for r in await db.all(pending_sql, sparams)]
                )
                current: dict[int, Rating] = {}
            else:
                current = await self._ratings(db, server)
            changed: set[int] = set()
            run = RatingRun(recomputed=again)
            for game in pending:
                try:
                    new = dict(rater(current, game))
                except CorruptGameError:
                    new = {}  # a result that cannot be read rates nobody; the game is listed
                for uid, (mu, sigma) in new.items():
                    old = current.get(uid)
                    current[uid] = Rating(uid, mu, sigma, (old.games if old else 0) + 1)
                    changed.add(uid)
                await db.execute(
                    "INSERT INTO rated_games (game_id, guild_id, ended_at, rated, rated_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (game.record.id, server, game.order_key[0], 1 if new else 0, now),
                )
                run.games.append(game.record.id)
                if new:
                    run.rated.append(game.record.id)
            if not changed:
                return run
            await db.executemany(
                "INSERT INTO ratings (guild_id, user_id, mu, sigma, games, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
                " updated_at = excluded.updated_at",
                [
                    (server, uid, current[uid].mu, current[uid].sigma, current[uid].games, now)
                    for uid in sorted(changed)
                ],
            )
            return run

        return await self._write(fn)
