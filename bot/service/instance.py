"""One running bot per database: this process's instance lease.

Before a bot (or ``python -m bot --local``) serves anything it claims the
database's lease for its scope (``"all"``; a shard range such as
``"shards:0-3"`` once games are sharded). A second process on the same
database is refused with a message naming the holder, until the holder's lease
expires (it crashed) and the newcomer takes over. The Discord bot's start
waits that expiry out (:meth:`InstanceLease.claim_when_free`): a bot restarted
by its supervisor right after a crash comes back by itself. A heartbeat task renews the
lease; if it finds the lease taken over (this process was frozen or cut off
longer than the lease), the service is *fenced*: every call is refused and the
front end is told to stop, so two processes never serve one game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from storage import (
    DEFAULT_LEASE_SECONDS,
    Lease,
    LeaseHeldError,
    LeaseLostError,
    StorageError,
    new_owner,
)

log = logging.getLogger(__name__)

OnLost = Callable[[str], Awaitable[None] | None]

#: Sleeps that many seconds; False: the process was asked to stop meanwhile.
Wait = Callable[[float], Awaitable[bool]]

#: How often a start waiting out another instance's lease looks at it again: it
#: takes a crashed holder's place within this of the expiry, and sees a live
#: holder's heartbeat (every third of its lease) within this of it.
POLL_SECONDS = 5.0


class StoppedWaiting(Exception):
    """The process was asked to stop while it waited for another's lease to expire."""


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

    async def claim_when_free(self, wait: Wait) -> Lease:
        """Take the lease; while its holder does not renew it (it crashed: a kill -9,
        out of memory, the power), wait for it to expire and take it over.

        Raises :class:`storage.LeaseHeldError` once the holder is seen renewing it:
        another instance really is running, and a process left waiting for it
        would take its place unseen some day (an old version, another set-up).
        Bounded either way: a dead holder cannot renew its lease, a live one
        renews it within a third of it. :class:`StoppedWaiting` if ``wait`` says
        the process is stopping.
        """
        seen: Lease | None = None
        while True:
            try:
                return await self.claim()
            except LeaseHeldError as exc:
                holder: Lease = exc.holder  # type: ignore[assignment]
                if seen is None:
                    seen = holder
                    log.warning("%s", waiting_line(self.scope, holder))
                elif (holder.owner, holder.heartbeat_at) != (seen.owner, seen.heartbeat_at):
                    raise  # renewed (or taken by a third process): a live instance
            if not await wait(POLL_SECONDS):
                raise StoppedWaiting(f"stopped while waiting for {seen.owner}'s lease to expire")

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


def _utc(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(t))


def waiting_line(scope: str, holder: Lease) -> str:
    """What a start waiting for ``holder``'s lease logs, once."""
    return (
        f"{holder.owner} holds the lease on {holder.scope!r} (wanted: {scope!r}) until "
        f"{_utc(holder.expires_at)}, last heartbeat {_utc(holder.heartbeat_at)}. Waiting: "
        "if it crashed, this instance takes over when its lease expires; if it renews the "
        "lease (it is running), this one stops and says so."
    )
