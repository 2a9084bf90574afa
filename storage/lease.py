"""One running bot per database (or per shard range): instance leases.

A bot instance claims a *scope* before it serves anything: ``"all"`` (every
game), or a shard range ``"shards:0-3"`` once the games are sharded. The lease
row names its owner and is renewed by heartbeats; it lapses at ``expires_at``.
While an unexpired lease of another owner overlaps the scope, a claim is
refused with :class:`LeaseHeldError` naming the holder; once it has expired (a
crashed holder), the claim takes it over. A holder whose lease was taken over
finds out at its next heartbeat (:class:`LeaseLostError`) and must stop.

The SQL is the dialect SQLite and PostgreSQL share (``ON CONFLICT ... DO
UPDATE``); each claim runs in one write transaction, so two claims on one
database are serialized by the database (SQLite's ``BEGIN IMMEDIATE``).
"""

from __future__ import annotations

import dataclasses
import os
import socket
import uuid
from dataclasses import dataclass

from storage.backend import Conn
from storage.base import G, StoreBase
from storage.errors import LeaseHeldError, LeaseLostError

#: A lease lapses this long after its last heartbeat unless renewed.
DEFAULT_LEASE_SECONDS = 90.0


@dataclass(frozen=True, slots=True)
class Lease:
    scope: str
    owner: str
    acquired_at: float
    heartbeat_at: float
    expires_at: float
    #: on a claim: the last sign of life of the instance before it (its last
    #: heartbeat, or its clean stop); None when there was none to see
    previous_heartbeat: float | None = None


def new_owner() -> str:
    """A name for this process that a person can find: ``host:pid:random``."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def _parse_scope(scope: str) -> tuple[range, int | None] | None:
    """``"all"`` -> None; ``"shards:A-B"`` or ``"shards:A-B/N"`` (of N shards) ->
    (range, N or None). ValueError if malformed."""
    if scope == "all":
        return None
    kind, _, spec = scope.partition(":")
    if kind == "shards" and spec:
        spec, slash, count = spec.partition("/")
        lo, _, hi = spec.partition("-")
        ok = lo.isdecimal() and (not hi or hi.isdecimal()) and lo.isascii() and hi.isascii()
        if ok and (not slash or (count.isdecimal() and count.isascii() and int(count) > 0)):
            first, last = int(lo), int(hi or lo)
            n = int(count) if slash else None
            if first <= last and (n is None or last < n):
                return range(first, last + 1), n
    raise ValueError(
        f"a lease scope is 'all' or 'shards:A-B' (A <= B, optionally '/N' of N shards), not {scope!r}"
    )


def scope_shards(scope: str) -> range | None:
    """The shards a scope covers; None for ``"all"``. ValueError if malformed."""
    parsed = _parse_scope(scope)
    return None if parsed is None else parsed[0]


def scopes_overlap(a: str, b: str) -> bool:
    """Whether two scopes may serve the same game. Ranges of different shard
    counts split the guilds differently, so they always overlap: every process
    on one database must run with the same ``SHARD_COUNT``."""
    pa, pb = _parse_scope(a), _parse_scope(b)
    if pa is None or pb is None:
        return True
    (ra, na), (rb, nb) = pa, pb
    if na is not None and nb is not None and na != nb:
        return True
    return ra.start < rb.stop and rb.start < ra.stop


def _lease(row: tuple) -> Lease:  # type: ignore[type-arg]
    return Lease(row[0], row[1], row[2], row[3], row[4])


_COLS = "scope, owner, acquired_at, heartbeat_at, expires_at"


class LeaseMixin(StoreBase[G]):
    async def acquire_lease(
        self, scope: str, owner: str, *, ttl: float = DEFAULT_LEASE_SECONDS
    ) -> Lease:
        """Claim ``scope`` for ``owner`` (a claim by the same owner renews it).

        Raises :class:`LeaseHeldError` while another owner's unexpired lease
        overlaps it; an expired overlapping lease is taken over.
        """
        scope_shards(scope)  # ValueError early
        now = self._clock()

        async def fn(db: Conn) -> Lease:
            previous: float | None = None
            for row in await db.all(f"SELECT {_COLS} FROM instance_leases"):
                other = _lease(tuple(row))
                if other.owner == owner or not scopes_overlap(scope, other.scope):
                    continue
                if other.expires_at > now:
                    raise LeaseHeldError(scope, other, _held_message(scope, other, now))
                hb = other.heartbeat_at
                previous = hb if previous is None else max(previous, hb)
                await db.execute(
                    "DELETE FROM instance_leases WHERE scope = ? AND owner = ?",
                    (other.scope, other.owner),
                )
            await db.execute(
                f"INSERT INTO instance_leases ({_COLS}) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (scope) DO UPDATE SET owner = excluded.owner,"
                " acquired_at = CASE WHEN instance_leases.owner = excluded.owner"
                " THEN instance_leases.acquired_at ELSE excluded.acquired_at END,"
                " heartbeat_at = excluded.heartbeat_at, expires_at = excluded.expires_at",
                (scope, owner, now, now, now + ttl),
            )
            row = await db.one(f"SELECT {_COLS} FROM instance_leases WHERE scope = ?", (scope,))
            assert row is not None
            return dataclasses.replace(_lease(tuple(row)), previous_heartbeat=previous)

        return await self._write(fn)

    async def renew_lease(
        self, scope: str, owner: str, *, ttl: float = DEFAULT_LEASE_SECONDS
    ) -> Lease:
        """Heartbeat: push the expiry on. :class:`LeaseLostError` if the lease is
        no longer ``owner``'s (it expired and another instance took it over)."""
        now = self._clock()

        async def fn(db: Conn) -> Lease:
            changed = await db.execute(
                "UPDATE instance_leases SET heartbeat_at = ?, expires_at = ?"
                " WHERE scope = ? AND owner = ?",
                (now, now + ttl, scope, owner),
            )
            row = await db.one(f"SELECT {_COLS} FROM instance_leases WHERE scope = ?", (scope,))
            if changed != 1 or row is None:
                holder = f"now held by {row[1]}" if row is not None else "no longer held"
                raise LeaseLostError(
                    f"this instance ({owner}) lost its lease on {scope!r} ({holder}); "
                    "another instance took over after it missed its heartbeats"
                )
            return _lease(tuple(row))

        return await self._write(fn)

    async def release_lease(self, scope: str, owner: str) -> None:
        """Give the lease up (a clean shutdown), so the next start need not wait:
        it is expired by any clock (0: local mode's ``wait`` runs its clock
        ahead of the next process's), and its row says when the bot stopped
        (the next claim's ``previous_heartbeat``: how long games waited on no
        bot)."""
        now = self._clock()

        async def fn(db: Conn) -> None:
            await db.execute(
                "UPDATE instance_leases SET heartbeat_at = ?, expires_at = 0"
                " WHERE scope = ? AND owner = ?",
                (now, scope, owner),
            )

        await self._write(fn)

    async def leases(self) -> list[Lease]:
        """Every lease row (expired ones included), by scope."""

        async def fn(db: Conn) -> list[Lease]:
            rows = await db.all(f"SELECT {_COLS} FROM instance_leases ORDER BY scope")
            return [_lease(tuple(r)) for r in rows]

        return await self._read(fn)


def _held_message(scope: str, other: Lease, now: float) -> str:
    return (
        f"Another bot instance is running on this database: {other.owner} holds "
        f"{other.scope!r} (wanted: {scope!r}), last heartbeat {now - other.heartbeat_at:.0f} s "
        f"ago, lease expires in {other.expires_at - now:.0f} s. Stop that instance first; "
        "if it crashed, this one can start once its lease has expired."
    )


__all__ = [
    "DEFAULT_LEASE_SECONDS",
    "Lease",
    "LeaseMixin",
    "new_owner",
    "scope_shards",
    "scopes_overlap",
]
