"""Shards: which process handles which guilds' games.

Discord assigns guild ``g`` to shard ``(g >> 22) % shard_count``; a bot
process run as ``SHARD_COUNT=8 SHARD_IDS=0-3`` receives the events of shards
0..3 only. A store opened with ``shards=ShardRange(8, 0, 3)`` limits the
queries that sweep *every* game (loading at start-up, the reminder and timeout
tick) to the games of those shards, so two processes on one database never
remind, time out or cache each other's games. Games without a guild (direct
messages, local mode) belong to shard 0, as Discord routes DMs there.

The same range names the process's instance lease (``shards:0-3/8``), so a
second process for an overlapping range on the same database refuses to start.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Discord snowflakes keep their creation time above bit 22.
SNOWFLAKE_SHIFT = 22


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord assigns a guild to (no guild: shard 0)."""
    return ((guild_id or 0) >> SNOWFLAKE_SHIFT) % shard_count


@dataclass(frozen=True, slots=True)
class ShardRange:
    """Shards ``first..last`` (inclusive) of ``count``."""

    count: int
    first: int
    last: int

    def __post_init__(self) -> None:
        if not (isinstance(self.count, int) and self.count >= 1):
            raise ValueError(f"the shard count must be a positive integer, not {self.count!r}")
        if not 0 <= self.first <= self.last < self.count:
            raise ValueError(
                f"shards {self.first}-{self.last} are not within 0-{self.count - 1}"
                f" (SHARD_COUNT={self.count})"
            )

    @classmethod
    def parse(cls, count: str, ids: str | None = None) -> ShardRange:
        """From ``SHARD_COUNT`` and ``SHARD_IDS`` (``"0-3"``, ``"2"``; empty: all)."""
        text = count.strip()
        if not text.isdecimal() or int(text) < 1:
            raise ValueError(f"SHARD_COUNT must be a positive whole number, not {count!r}")
        n = int(text)
        spec = (ids or "").strip()
        if not spec:
            return cls(n, 0, n - 1)
        lo, sep, hi = (part.strip() for part in spec.partition("-"))
        if not lo.isdecimal() or (sep and not hi.isdecimal()):
            raise ValueError(
                f"SHARD_IDS must be a range such as 0-3 or a single shard such as 2, not {ids!r}"
            )
        first, last = int(lo), int(hi) if sep else int(lo)
        if first > last:
            raise ValueError(f"SHARD_IDS {ids!r} runs backwards; write {last}-{first}")
        return cls(n, first, last)

    @property
    def ids(self) -> list[int]:
        return list(range(self.first, self.last + 1))

    @property
    def scope(self) -> str:
        """The instance lease scope for this range."""
        return f"shards:{self.first}-{self.last}/{self.count}"

    def owns(self, guild_id: int | None) -> bool:
        return self.first <= shard_of(guild_id, self.count) <= self.last

    def where(self, guild_column: str) -> tuple[str, tuple[int, int, int]]:
        """A SQL condition (``?`` placeholders) true for the games of these shards.
        ``>>`` and ``%`` mean the same on 64-bit integers in SQLite and PostgreSQL."""
        return (
            f"((COALESCE({guild_column}, 0) >> {SNOWFLAKE_SHIFT}) % ?) BETWEEN ? AND ?",
            (self.count, self.first, self.last),
        )

    def __str__(self) -> str:
        return f"shards {self.first}-{self.last} of {self.count}"
