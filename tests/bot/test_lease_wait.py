"""A bot restarted right after a crash (kill -9, out of memory, the power) found
the dead process's lease still valid for up to 90 s, said 'not starting' and
exited 3; systemd's default restarts gave up within a second and the bot stayed
down. Now the start waits out a lease nobody renews and takes over; a holder
that renews it (a second bot really running) still refuses it, within a third
of a lease. On SQLite and PostgreSQL, with the clock moved by the waits."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service.instance import POLL_SECONDS, StoppedWaiting
from storage import LeaseHeldError
from tests.bot.direct import FakeClock
from tests.bot.svc import open_proc

TTL = 90.0


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "lease.sqlite3")
        return
    yield request.getfixturevalue("postgres_database")


class Waits:
    """The waits of a start, on the fake clock; ``beat`` is called after each
    (the holder's heartbeat, when it runs)."""

    def __init__(self, clock: FakeClock, beat=None, stop_after: int | None = None) -> None:
        self.clock, self.beat, self.stop_after = clock, beat, stop_after
        self.slept = 0.0
        self.count = 0

    async def __call__(self, seconds: float) -> bool:
        self.count += 1
        assert self.slept < 3 * TTL, "still waiting long after any lease would have expired"
        self.clock.t += seconds
        self.slept += seconds
        if self.beat is not None:
            await self.beat()
        return self.stop_after is None or self.count < self.stop_after


async def test_a_crashed_bots_lease_is_waited_out_and_taken_over(db: str, caplog) -> None:
    clock = FakeClock()
    dead, new = await open_proc(db, clock), await open_proc(db, clock)
    try:
        await dead.svc.claim_instance(owner="host:111:dead", ttl=TTL, heartbeat=False)
        clock.t += 20  # it crashed 20 s after its last heartbeat
        waits = Waits(clock)
        with caplog.at_level(logging.WARNING, logger="bot.service.instance"):
            lease = await new.svc.claim_instance(
                owner="host:222:new", ttl=TTL, heartbeat=False, wait=waits
            )
        assert lease.owner == "host:222:new"
        # taken over when the dead one's lease expired (70 s on), not before
        assert TTL - 20 <= waits.slept < TTL - 20 + POLL_SECONDS
        said = [r.getMessage() for r in caplog.records]
        assert len(said) == 1  # one line, not one per look
        assert "host:111:dead holds the lease on 'all'" in said[0]
        assert "until 2027-01-15 08:01:30 UTC" in said[0] and "takes over" in said[0]
        assert [x.owner for x in await new.store.leases()] == ["host:222:new"]
    finally:
        await dead.close()
        await new.close()


async def test_a_running_bot_is_not_fought_the_start_gives_up(db: str) -> None:
    clock = FakeClock()
    live, new = await open_proc(db, clock), await open_proc(db, clock)
    beats = {"next": clock.t + TTL / 3}

    async def heartbeat() -> None:  # the live one's task: every third of its lease
        if clock.t >= beats["next"]:
            await live.svc.heartbeat()
            beats["next"] = clock.t + TTL / 3

    try:
        await live.svc.claim_instance(owner="host:111:live", ttl=TTL, heartbeat=False)
        waits = Waits(clock, heartbeat)
        with pytest.raises(LeaseHeldError, match="host:111:live holds 'all'"):
            await new.svc.claim_instance(owner="host:222:new", ttl=TTL, heartbeat=False, wait=waits)
        # seen renewing at its first heartbeat: given up then, not at its expiry
        assert waits.slept <= TTL / 3 + 2 * POLL_SECONDS
        assert [x.owner for x in await live.store.leases()] == ["host:111:live"]
        assert new.svc.instance is None
    finally:
        await live.close()
        await new.close()


async def test_a_stop_while_waiting_ends_the_wait(db: str) -> None:
    clock = FakeClock()
    dead, new = await open_proc(db, clock), await open_proc(db, clock)
    try:
        await dead.svc.claim_instance(owner="host:111:dead", ttl=TTL, heartbeat=False)
        waits = Waits(clock, stop_after=2)
        with pytest.raises(StoppedWaiting, match="host:111:dead"):
            await new.svc.claim_instance(owner="host:222:new", ttl=TTL, heartbeat=False, wait=waits)
        assert waits.count == 2 and new.svc.instance is None
        assert [x.owner for x in await new.store.leases()] == ["host:111:dead"]
    finally:
        await dead.close()
        await new.close()
