"""Settings: per guild (moderator role, reminders, who may start), per player
(mute pings), and per game (reminders, turn timeout, seat order, mutes, and the
count of reminders sent for the current revision).

No row means every default; a row is written on the first change.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from storage.backend import Conn
from storage.base import UNSET, G, StoreBase, _Unset, is_int
from storage.errors import NotFoundError
from storage.models import (
    GameSettings,
    GuildSettings,
    PlayerPrefs,
    SeatOrder,
    SeatTimeouts,
    StartPolicy,
)

GUILD_COLS = (
    "guild_id, moderator_role_id, reminder_minutes, start_policy, updated_at, lobby_days,"
    " timeout_minutes"
)


class SettingsMixin(StoreBase[G]):
    # ------------------------------------------------------------------ guild settings / player prefs

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings (defaults if never saved)."""

        async def fn(db: Conn) -> GuildSettings:
            row = await db.one(
                f"SELECT {GUILD_COLS} FROM guild_settings WHERE guild_id = ?",
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
        lobby_days: int | None | _Unset = UNSET,
        timeout_minutes: int | None | _Unset = UNSET,
    ) -> GuildSettings:
        """Change the given settings (``None`` clears a role or the reminders, or
        makes the lobby lifetime or the turn timeout the default)."""
        if isinstance(timeout_minutes, int) and timeout_minutes <= 0:
            raise ValueError("timeout_minutes must be positive (or None for the default)")
        if isinstance(lobby_days, int) and lobby_days <= 0:
            raise ValueError("lobby_days must be positive (or None for the default)")
        if not isinstance(start_policy, _Unset) and start_policy not in ("anyone", "moderators"):
            raise ValueError(f"start_policy must be 'anyone' or 'moderators', not {start_policy!r}")
        if isinstance(reminder_minutes, int) and reminder_minutes <= 0:
            raise ValueError("reminder_minutes must be positive (or None for no reminders)")
        now = self._clock()

        async def fn(db: Conn) -> GuildSettings:
            row = await db.one(
                f"SELECT {GUILD_COLS} FROM guild_settings WHERE guild_id = ?",
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
                old.lobby_days if isinstance(lobby_days, _Unset) else lobby_days,
                old.timeout_minutes if isinstance(timeout_minutes, _Unset) else timeout_minutes,
            )
            await db.execute(
                "INSERT INTO guild_settings"
                " (guild_id, moderator_role_id, reminder_minutes, start_policy, updated_at,"
                " lobby_days, timeout_minutes)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                " moderator_role_id = excluded.moderator_role_id,"
                " reminder_minutes = excluded.reminder_minutes,"
                " start_policy = excluded.start_policy, updated_at = excluded.updated_at,"
                " lobby_days = excluded.lobby_days, timeout_minutes = excluded.timeout_minutes",
                (
                    new.guild_id,
                    new.moderator_role_id,
                    new.reminder_minutes,
                    new.start_policy,
                    now,
                    new.lobby_days,
                    new.timeout_minutes,
                ),
            )
            return new

        return await self._write(fn)

    async def get_player_prefs(self, user_id: int) -> PlayerPrefs:
        """The player's preferences (defaults if never saved)."""

        async def fn(db: Conn) -> PlayerPrefs:
            row = await db.one(
                "SELECT user_id, mute_pings, updated_at FROM player_prefs WHERE user_id = ?",
                (user_id,),
            )
            return PlayerPrefs(row[0], bool(row[1]), row[2]) if row else PlayerPrefs(user_id)

        return await self._read(fn)

    async def set_player_prefs(self, user_id: int, *, mute_pings: bool) -> PlayerPrefs:
        now = self._clock()

        async def fn(db: Conn) -> PlayerPrefs:
            await db.execute(
                "INSERT INTO player_prefs (user_id, mute_pings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE"
                " SET mute_pings = excluded.mute_pings, updated_at = excluded.updated_at",
                (user_id, int(bool(mute_pings)), now),
            )
            return PlayerPrefs(user_id, bool(mute_pings), now)

        return await self._write(fn)

    # ------------------------------------------------------------------ per-game settings

    @staticmethod
    async def _game_settings(db: Conn, game_ids: Sequence[int]) -> dict[int, GameSettings]:
        """Settings of existing games (defaults for those without a row)."""
        out: dict[int, GameSettings] = {}
        for i in range(0, len(game_ids), 500):
            chunk = list(game_ids[i : i + 500])
            marks = ", ".join("?" * len(chunk))
            rows = await db.all(
                "SELECT g.id, s.reminder_minutes, s.timeout_minutes, COALESCE(s.seat_order, 'random'),"
                " s.reminded_revision, COALESCE(s.reminders_sent, 0), s.last_reminder_at, s.updated_at"
                f" FROM games g LEFT JOIN game_settings s ON s.game_id = g.id WHERE g.id IN ({marks})",
                chunk,
            )
            muted: dict[int, set[int]] = {}
            for gid, uid in await db.all(
                f"SELECT game_id, user_id FROM game_mutes WHERE game_id IN ({marks})",
                chunk,
            ):
                muted.setdefault(gid, set()).add(uid)
            timeouts: dict[int, list[SeatTimeouts]] = {}
            for gid, seat, uid, in_a_row, away in await db.all(
                "SELECT game_id, seat, user_id, in_a_row, away FROM seat_timeouts"
                f" WHERE game_id IN ({marks}) ORDER BY game_id, seat",
                chunk,
            ):
                timeouts.setdefault(gid, []).append(SeatTimeouts(seat, uid, in_a_row, bool(away)))
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
                    timeouts=tuple(timeouts.get(r[0], ())),
                )
        return out

    async def _one_game_settings(self, db: Conn, game_id: int) -> GameSettings:
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
    async def _settings_row(db: Conn, game_id: int, now: float) -> None:
        await db.execute(
            "INSERT INTO game_settings (game_id, updated_at) VALUES (?, ?)"
            " ON CONFLICT (game_id) DO NOTHING",
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
                not is_int(reminder_minutes) or reminder_minutes < 0
            ):
                raise ValueError("reminder_minutes must be >= 0 (0: off) or None (default)")
            changes["reminder_minutes"] = reminder_minutes
        if not isinstance(timeout_minutes, _Unset):
            if timeout_minutes is not None and (
                not is_int(timeout_minutes) or timeout_minutes <= 0
            ):
                raise ValueError("timeout_minutes must be positive, or None for no timeout")
            changes["timeout_minutes"] = timeout_minutes
        if not isinstance(seat_order, _Unset):
            if seat_order not in ("random", "lobby"):
                raise ValueError(f"seat_order must be 'random' or 'lobby', not {seat_order!r}")
            changes["seat_order"] = seat_order
        now = self._clock()

        async def fn(db: Conn) -> GameSettings:
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

        async def fn(db: Conn) -> GameSettings:
            await self._get_game(db, game_id)  # NotFoundError
            if muted:
                await db.execute(
                    "INSERT INTO game_mutes (game_id, user_id, muted_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (game_id, user_id) DO NOTHING",
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

        async def fn(db: Conn) -> GameSettings:
            await self._get_game(db, game_id)  # NotFoundError
            await self._settings_row(db, game_id, now)
            await db.execute(
                "UPDATE game_settings SET"
                " reminders_sent = CASE WHEN reminded_revision = ? THEN reminders_sent + 1 ELSE 1 END,"
                " reminded_revision = ?, last_reminder_at = ?, updated_at = ? WHERE game_id = ?",
                (revision, revision, at, now, game_id),
            )
            return await self._one_game_settings(db, game_id)

        return await self._write(fn)
