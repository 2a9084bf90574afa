"""Table settings: a player's direct-message notices and quiet hours, the turns
already announced by DM, and a server's "new games open in their own thread".

No row means every default: no DMs, no quiet hours, threads where the bot may
create them. A row is written on the first change.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from storage.backend import Conn
from storage.base import UNSET, G, StoreBase, _Unset

MINUTES_PER_DAY = 24 * 60


@dataclass(frozen=True, slots=True)
class NotifyPrefs:
    """A player's opt-in DMs and quiet hours (minutes after local midnight,
    ``quiet_start`` up to ``quiet_end``, crossing midnight when start > end)."""

    user_id: int
    dm_turn: bool = False  # "your turn" with a jump link
    dm_reminders: bool = False  # turn reminders
    quiet_start: int | None = None
    quiet_end: int | None = None
    utc_offset: int = 0  # the player's clock: minutes east of UTC
    updated_at: float | None = None

    @property
    def has_quiet_hours(self) -> bool:
        return (
            self.quiet_start is not None
            and self.quiet_end is not None
            and self.quiet_start != self.quiet_end
        )


_PREF_COLS = "user_id, dm_turn, dm_reminders, quiet_start, quiet_end, utc_offset, updated_at"


def _prefs(row: tuple) -> NotifyPrefs:  # type: ignore[type-arg]
    return NotifyPrefs(row[0], bool(row[1]), bool(row[2]), row[3], row[4], row[5], row[6])


def _check_minute(name: str, value: int | None) -> None:
    if value is not None and not 0 <= value < MINUTES_PER_DAY:
        raise ValueError(f"{name} must be a minute of the day (0-1439), not {value}")


class NotifyMixin(StoreBase[G]):
    # ------------------------------------------------------------------ player notices

    async def get_notify_prefs(self, user_id: int) -> NotifyPrefs:
        async def fn(db: Conn) -> NotifyPrefs:
            row = await db.one(
                f"SELECT {_PREF_COLS} FROM notify_prefs WHERE user_id = ?", (user_id,)
            )
            return _prefs(tuple(row)) if row else NotifyPrefs(user_id)

        return await self._read(fn)

    async def get_many_notify_prefs(self, user_ids: Iterable[int]) -> dict[int, NotifyPrefs]:
        ids = sorted(set(user_ids))
        if not ids:
            return {}

        async def fn(db: Conn) -> dict[int, NotifyPrefs]:
            rows = await db.all(
                f"SELECT {_PREF_COLS} FROM notify_prefs"
                f" WHERE user_id IN ({', '.join('?' * len(ids))})",
                ids,
            )
            found = {r[0]: _prefs(tuple(r)) for r in rows}
            return {u: found.get(u, NotifyPrefs(u)) for u in ids}

        return await self._read(fn)

    async def set_notify_prefs(
        self,
        user_id: int,
        *,
        dm_turn: bool | _Unset = UNSET,
        dm_reminders: bool | _Unset = UNSET,
        quiet_start: int | None | _Unset = UNSET,
        quiet_end: int | None | _Unset = UNSET,
        utc_offset: int | _Unset = UNSET,
    ) -> NotifyPrefs:
        """Change the given preferences (``None`` clears quiet hours)."""
        for name, value in (("quiet_start", quiet_start), ("quiet_end", quiet_end)):
            if not isinstance(value, _Unset):
                _check_minute(name, value)
        if not isinstance(utc_offset, _Unset) and not -14 * 60 <= utc_offset <= 14 * 60:
            raise ValueError("utc_offset must be within -14 h and +14 h (in minutes)")
        now = self._clock()

        async def fn(db: Conn) -> NotifyPrefs:
            row = await db.one(
                f"SELECT {_PREF_COLS} FROM notify_prefs WHERE user_id = ?", (user_id,)
            )
            old = _prefs(tuple(row)) if row else NotifyPrefs(user_id)

            def pick(new: object, current: object) -> object:
                return current if isinstance(new, _Unset) else new

            p = NotifyPrefs(
                user_id,
                bool(pick(dm_turn, old.dm_turn)),
                bool(pick(dm_reminders, old.dm_reminders)),
                pick(quiet_start, old.quiet_start),  # type: ignore[arg-type]
                pick(quiet_end, old.quiet_end),  # type: ignore[arg-type]
                int(pick(utc_offset, old.utc_offset)),  # type: ignore[call-overload]
                now,
            )
            await db.execute(
                f"INSERT INTO notify_prefs ({_PREF_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET"
                " dm_turn = excluded.dm_turn, dm_reminders = excluded.dm_reminders,"
                " quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,"
                " utc_offset = excluded.utc_offset, updated_at = excluded.updated_at",
                (
                    user_id,
                    int(p.dm_turn),
                    int(p.dm_reminders),
                    p.quiet_start,
                    p.quiet_end,
                    p.utc_offset,
                    now,
                ),
            )
            return p

        return await self._write(fn)

    # ------------------------------------------------------------------ turns announced by DM

    async def turn_dm_revision(self, game_id: int, user_id: int) -> int | None:
        """The game revision whose "your turn" DM this user got last (None: never)."""

        async def fn(db: Conn) -> int | None:
            row = await db.one(
                "SELECT revision FROM turn_dms WHERE game_id = ? AND user_id = ?",
                (game_id, user_id),
            )
            return int(row[0]) if row else None

        return await self._read(fn)

    async def record_turn_dm(self, game_id: int, user_id: int, revision: int) -> bool:
        """Note that ``user_id`` was told about ``revision``; False if they already
        were (for this revision or a later one), so two senders never both DM."""
        now = self._clock()

        async def fn(db: Conn) -> bool:
            changed = await db.execute(
                "INSERT INTO turn_dms (game_id, user_id, revision, sent_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, user_id) DO UPDATE"
                " SET revision = excluded.revision, sent_at = excluded.sent_at"
                " WHERE turn_dms.revision < excluded.revision",
                (game_id, user_id, revision, now),
            )
            return changed > 0

        return await self._write(fn)

    # ------------------------------------------------------------------ game threads

    async def get_game_threads(self, guild_id: int) -> bool | None:
        """The server's "new games open in their own thread" (None: the default)."""

        async def fn(db: Conn) -> bool | None:
            row = await db.one(
                "SELECT game_threads FROM guild_table_settings WHERE guild_id = ?", (guild_id,)
            )
            return None if row is None or row[0] is None else bool(row[0])

        return await self._read(fn)

    async def set_game_threads(self, guild_id: int, on: bool | None) -> bool | None:
        now = self._clock()
        value = None if on is None else int(on)

        async def fn(db: Conn) -> bool | None:
            await db.execute(
                "INSERT INTO guild_table_settings (guild_id, game_threads, updated_at)"
                " VALUES (?, ?, ?) ON CONFLICT (guild_id) DO UPDATE"
                " SET game_threads = excluded.game_threads, updated_at = excluded.updated_at",
                (guild_id, value, now),
            )
            return on

        return await self._write(fn)
