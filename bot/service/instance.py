"""One running bot per database: this process's instance lease.

Before a bot (or ``python -m bot --local``) serves anything it claims the
database's lease for its scope (``"all"``; a shard range such as
``"shards:0-3"`` once games are sharded). A second process on the same
database is refused with a message naming the holder, until the holder's lease
expires (it crashed) and the newcomer takes over. A heartbeat task renews the
lease; if it finds the lease taken over (this process was frozen or cut off
longer than the lease), the service is *fenced*: every call is refused and the
front end is told to stop, so two processes never serve one game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from storage import DEFAULT_LEASE_SECONDS, Lease, LeaseLostError, StorageError, new_owner

log = logging.getLogger(__name__)

OnLost = Callable[[str], Awaitable[None] | None]


class InstanceLease:
    """Claim, renew and release this process's lease on a store."""

    def __init__(
        self,
        store: Any,
        scope: str = "all",
        *,
        owner: str | None = None,
        ttl: float = DEFAULT_LEASE_SECONDS,
        beat_seconds: float | None = None,
    ) -> None:
        self.store = store
        self.scope = scope
        self.owner = owner or new_owner()
        self.ttl = ttl
        self.beat_seconds = beat_seconds if beat_seconds is not None else ttl / 3
        self.lease: Lease | None = None
        self._task: asyncio.Task[None] | None = None

    async def claim(self) -> Lease:
        """Take the lease; :class:`storage.LeaseHeldError` while another holds it."""
        self.lease = await self.store.acquire_lease(self.scope, self.owner, ttl=self.ttl)
        log.info("instance %s holds the lease on %r", self.owner, self.scope)
        return self.lease

    async def heartbeat(self) -> Lease:
        """Renew once; :class:`storage.LeaseLostError` if another instance took over."""
        self.lease = await self.store.renew_lease(self.scope, self.owner, ttl=self.ttl)
        return self.lease

    def start(self, on_lost: OnLost) -> None:
        """Renew every ``beat_seconds`` in the background; ``on_lost(message)`` once
        the lease is gone."""
        if self._task is None:
            self._task = asyncio.create_task(self._beat(on_lost), name="instance-lease")

    async def _beat(self, on_lost: OnLost) -> None:
        while True:
            await asyncio.sleep(self.beat_seconds)
            try:
                await self.heartbeat()
            except LeaseLostError as exc:
                log.critical("%s", exc)
                result = on_lost(str(exc))
                if result is not None:
                    await result
                return
            except StorageError:  # the database is busy or briefly away: try again
                log.exception("instance lease heartbeat failed")

    async def release(self) -> None:
        """Stop the heartbeat and give the lease up (a clean shutdown)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self.lease is not None:
            with contextlib.suppress(StorageError):
                await self.store.release_lease(self.scope, self.owner)
            self.lease = None
