"""The cache of started games: only a faster read of the database.

The database is the source of truth. The cache holds, per channel, the last
state of its game that this process *stored* (an :class:`Entry`), so a read
(board, hand, choices) needs no query. Three rules keep it from ever serving
something the database does not hold:

- :meth:`GameCache.put` runs only under the channel's lock (it checks that the
  lock is held) and never replaces a cached game with an older one: a reader
  that loaded the game before a click committed cannot overwrite the click.
- While an action is applied and stored, its entry is marked ``busy`` (the
  game is ahead of the database until the append commits, and dropped if it
  fails); a reader finding it busy waits for the lock (:mod:`bot.service.write`).
- Eviction (above ``max_size`` games) skips channels whose lock is held.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Iterator

from bot.service.model import Entry


def newer_or_same(new: Entry, old: Entry) -> bool:
    """Whether ``new`` is not older than ``old`` (a later game, or a revision not lower)."""
    return (new.record.id, new.revision) >= (old.record.id, old.revision)


class GameCache:
    """Started games by channel, least recently used first; one lock per channel."""

    def __init__(self, max_size: int = 5000) -> None:
        self.max_size = max_size
        self._entries: OrderedDict[int, Entry] = OrderedDict()
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, channel_id: int) -> asyncio.Lock:
        lk = self._locks.get(channel_id)
        if lk is None:
            lk = self._locks[channel_id] = asyncio.Lock()
        return lk

    def get(self, channel_id: int) -> Entry | None:
        e = self._entries.get(channel_id)
        if e is not None:
            self._entries.move_to_end(channel_id)
        return e

    def put(self, channel_id: int, entry: Entry) -> Entry:
        """Cache ``entry`` unless the cached game is newer; returns the cached one.
        The caller must hold the channel's lock."""
        if not self.lock(channel_id).locked():
            raise RuntimeError(f"channel {channel_id}: cache put without the channel's lock")
        old = self._entries.get(channel_id)
        if old is not None and old is not entry and not newer_or_same(entry, old):
            self._entries.move_to_end(channel_id)
            return old
        self._entries[channel_id] = entry
        self._entries.move_to_end(channel_id)
        self.evict()
        return entry

    def drop(self, channel_id: int) -> None:
        self._entries.pop(channel_id, None)

    def evict(self) -> None:
        """Forget the least recently used games above ``max_size`` (never a locked one)."""
        while len(self._entries) > self.max_size:
            for cid in self._entries:
                if not self.lock(cid).locked():
                    del self._entries[cid]
                    break
            else:
                return

    def clear(self) -> None:
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, channel_id: object) -> bool:
        return channel_id in self._entries

    def __iter__(self) -> Iterator[int]:
        return iter(list(self._entries))
