"""What the bot's background tick needs about every running game, in one query.

The reminder/timeout tick runs every minute over every running game. It must
not load games or open a transaction per game to find out that nothing is due:
:meth:`TickMixin.tick_rows` returns, in one ``SELECT``, each running game's
revision and last change, its reminder and timeout settings (with the guild's
default interval) and the reminder count, whether a seat is the bot's, plus
the games set aside whose channel has not been told yet. The bot decides what is due from these rows and
only then takes the game's lock.
"""

from __future__ import annotations

from dataclasses import dataclass

from storage.backend import Conn
from storage.base import G, StoreBase
from storage.models import GameStatus


@dataclass(frozen=True, slots=True)
class TickRow:
    game_id: int
    channel_id: int
    guild_id: int | None
    status: GameStatus
    revision: int
    updated_at: float
    reminder_minutes: int | None  # the game's: None = guild/default, 0 = off
    guild_reminder_minutes: int | None
    timeout_minutes: int | None
    reminded_revision: int | None
    reminders_sent: int
    last_reminder_at: float | None
    fault: str | None  # set aside, and the channel not told yet
    guild_timeout_minutes: int | None = None  # the server's default turn timeout
    #: a seat the bot plays (a bot seat, a removed player's): the game may wait on it
    bot_seats: bool = False

    def reminders_for(self, revision: int) -> tuple[int, float | None]:
        """Reminders sent, and when the last was, while the game was at ``revision``."""
        if self.reminded_revision != revision:
            return 0, None
        return self.reminders_sent, self.last_reminder_at


_TICK_SQL = (
    "SELECT g.id, g.channel_id, g.guild_id, g.status, g.revision, g.updated_at,"
    " s.reminder_minutes, gs.reminder_minutes, s.timeout_minutes,"
    " s.reminded_revision, COALESCE(s.reminders_sent, 0), s.last_reminder_at,"
    " CASE WHEN f.notified_at IS NULL THEN f.reason END, gs.timeout_minutes,"
    " EXISTS (SELECT 1 FROM seats b WHERE b.game_id = g.id AND b.user_id <= 0)"
    " FROM games g"
    " LEFT JOIN game_settings s ON s.game_id = g.id"
    " LEFT JOIN guild_settings gs ON gs.guild_id = g.guild_id"
    " LEFT JOIN game_faults f ON f.game_id = g.id"
    # a game set aside whose channel was told waits for a moderator's repair: the
    # tick has nothing to do there (loading it every minute only read its log again)
    " WHERE ((g.status = 'running' AND (f.game_id IS NULL OR f.notified_at IS NULL))"
    " OR (g.status = 'paused' AND f.game_id IS NOT NULL AND f.notified_at IS NULL))"
)


class TickMixin(StoreBase[G]):
    async def tick_rows(self) -> list[TickRow]:
        """One row per running game (and per paused game set aside, not yet told;
        not a game set aside whose channel was told); only the store's shards'
        games when it has ``shards``."""
        sql = _TICK_SQL
        params: tuple[int, ...] = ()
        if self.shards is not None:
            on_shards, params = self.shards.where("g.guild_id")
            sql += f" AND {on_shards}"

        async def fn(db: Conn) -> list[TickRow]:
            return [
                TickRow(
                    game_id=r[0],
                    channel_id=r[1],
                    guild_id=r[2],
                    status=GameStatus(r[3]),
                    revision=r[4],
                    updated_at=r[5],
                    reminder_minutes=r[6],
                    guild_reminder_minutes=r[7],
                    timeout_minutes=r[8],
                    reminded_revision=r[9],
                    reminders_sent=r[10],
                    last_reminder_at=r[11],
                    fault=r[12],
                    guild_timeout_minutes=r[13],
                    bot_seats=bool(r[14]),
                )
                for r in await db.all(sql + " ORDER BY g.id", params)
            ]

        return await self._read(fn)

    async def give_back_time(self, before: float, seconds: float) -> int:
        """The bot was away ``seconds`` (nobody could play): each running game
        last changed before ``before`` (the bot's start) gets that time back, so
        its reminders and turn timeout count only time a player could play.
        Only this store's shards' games. Returns how many games."""
        sql = (
            "UPDATE games SET updated_at = updated_at + ?"
            " WHERE status = 'running' AND updated_at < ?"
        )
        params: tuple[float | int, ...] = (seconds, before)
        if self.shards is not None:
            on_shards, more = self.shards.where("guild_id")
            sql += f" AND {on_shards}"
            params += more

        async def fn(db: Conn) -> int:
            return int(await db.execute(sql, params))

        return await self._write(fn)


__all__ = ["TickMixin", "TickRow"]
