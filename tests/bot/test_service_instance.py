"""One running bot per database (issue 10): a second service on the same file
refuses to start while the first holds the lease, names the holder, and takes
over once the lease has expired; the first then stops serving."""

from __future__ import annotations

import asyncio
import random
from io import StringIO
from pathlib import Path

import pytest

from storage import LeaseHeldError
from tests.bot.helpers import FakeClock
from tests.bot.svc import current_button, open_proc, press, start_game

CID = 990
A, B = 41, 42


async def test_second_instance_refused_then_takes_over(tmp_path: Path) -> None:
    db, clock = str(tmp_path / "g.sqlite3"), FakeClock()
    one, two = await open_proc(db, clock), await open_proc(db, clock)
    lost: list[str] = []
    try:
        await one.svc.claim_instance(owner="bot-one", ttl=90, heartbeat=False, on_lost=lost.append)
        await start_game(one.svc, CID, [A, B])
        rng = random.Random(1)
        with pytest.raises(LeaseHeldError) as held:
            await two.svc.claim_instance(owner="bot-two", ttl=90, heartbeat=False)
        assert "bot-one holds 'all'" in str(held.value)
        clock.advance(1)  # heartbeats keep it
        await one.svc.heartbeat()
        clock.advance(1)
        with pytest.raises(LeaseHeldError):
            await two.svc.claim_instance(owner="bot-two", ttl=90, heartbeat=False)
        assert (await press(one.svc, CID, await current_button(one.svc, CID, rng))).ok
        clock.advance(2)  # 120 s without a heartbeat: the holder is taken for dead
        await two.svc.claim_instance(owner="bot-two", ttl=90, heartbeat=False)
        assert (await press(two.svc, CID, await current_button(two.svc, CID, rng))).ok
        # the first finds out at its next heartbeat and stops serving
        await one.svc.heartbeat()
        assert lost and "lost its lease" in lost[0] and "bot-two" in lost[0]
        r = await one.svc.board(CID)
        assert not r.ok and "replaced by another one" in r.text
        b = await current_button(two.svc, CID, rng)
        assert not (await press(one.svc, CID, b)).ok
        assert await one.svc.tick() == []  # no reminders twice
        assert (await press(two.svc, CID, b)).ok
    finally:
        await one.close()
        await two.close()


async def test_heartbeat_task_renews_and_fences(tmp_path: Path) -> None:
    db, clock = str(tmp_path / "g.sqlite3"), FakeClock()
    one, two = await open_proc(db, clock), await open_proc(db, clock)
    stopped = asyncio.Event()
    try:

        async def on_lost(message: str) -> None:
            stopped.set()

        await one.svc.claim_instance(owner="one", ttl=60, beat_seconds=0.01, on_lost=on_lost)
        first = (await one.store.leases())[0]
        clock.advance(0.5)  # 30 s later the task has renewed it
        for _ in range(100):
            await asyncio.sleep(0.01)
            if (await one.store.leases())[0].heartbeat_at > first.heartbeat_at:
                break
        else:
            raise AssertionError("the heartbeat task never renewed the lease")
        with pytest.raises(LeaseHeldError):
            await two.svc.claim_instance(owner="two", heartbeat=False)
        # as if it had been frozen past its expiry and taken over: the task notices
        await two.store.release_lease("all", "one")
        await two.svc.claim_instance(owner="two", heartbeat=False)
        await asyncio.wait_for(stopped.wait(), 5)
        assert one.svc.fenced
    finally:
        await one.close()
        await two.close()


async def test_local_mode_refuses_a_database_in_use(tmp_path: Path) -> None:
    from bot.local.session import Local

    db = str(tmp_path / "local.sqlite3")
    first = Local(db, tmp_path / "img", StringIO(), render=False)
    await first.open()
    try:
        out = StringIO()
        second = Local(db, tmp_path / "img", out, render=False)
        assert await second.run(StringIO("new 2\nquit\n")) == 3
        assert "Another bot instance is running on this database" in out.getvalue()
    finally:
        await first.close()
    out = StringIO()  # once the first has stopped, the next starts at once
    assert await Local(db, tmp_path / "img", out, render=False).run(StringIO("quit\n")) == 0
