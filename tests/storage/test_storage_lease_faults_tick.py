"""Instance leases (one running bot per database or shard range), games set
aside and repaired from their log, and the tick's one query; on both backends."""

from __future__ import annotations

import pytest

from storage import (
    ConflictError,
    GameSetAsideError,
    GameStatus,
    LeaseHeldError,
    LeaseLostError,
    Store,
    scopes_overlap,
)
from tests.storage.helpers import CounterCodec, running_counter_game


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_scopes_overlap() -> None:
    assert scopes_overlap("all", "shards:3-4") and scopes_overlap("shards:0-3", "all")
    assert scopes_overlap("shards:0-3", "shards:3-5")
    assert not scopes_overlap("shards:0-3", "shards:4-7")
    assert scopes_overlap("shards:2", "shards:0-3") and not scopes_overlap("shards:2", "shards:3")
    for bad in ("", "most", "shards:", "shards:3-1", "shards:a-b", "shards:²"):
        with pytest.raises(ValueError, match="a lease scope is"):
            scopes_overlap(bad, "all")


async def test_a_second_owner_is_refused_until_the_lease_expires(db: str) -> None:
    clock = Clock()
    async with Store(db, clock=clock) as one, Store(db, clock=clock) as two:
        first = await one.acquire_lease("all", "host-a:1", ttl=60)
        assert (first.owner, first.expires_at) == ("host-a:1", 1060.0)
        with pytest.raises(LeaseHeldError) as held:
            await two.acquire_lease("all", "host-b:2", ttl=60)
        msg = str(held.value)
        assert "host-a:1" in msg and "expires in 60 s" in msg and "Stop that instance" in msg
        with pytest.raises(LeaseHeldError):  # a shard range inside "all" is refused too
            await two.acquire_lease("shards:0-3", "host-b:2", ttl=60)
        clock.t += 30
        await one.renew_lease("all", "host-a:1", ttl=60)  # heartbeat: now until 1090
        clock.t += 45  # 1075: still held
        with pytest.raises(LeaseHeldError):
            await two.acquire_lease("all", "host-b:2", ttl=60)
        clock.t += 20  # 1095: expired (a crashed holder): taken over
        taken = await two.acquire_lease("all", "host-b:2", ttl=60)
        assert taken.owner == "host-b:2" and taken.acquired_at == 1095.0
        with pytest.raises(LeaseLostError, match="now held by host-b:2"):
            await one.renew_lease("all", "host-a:1", ttl=60)
        # a clean stop gives it up at once; its row keeps when the bot stopped
        await two.release_lease("all", "host-b:2")
        [stopped] = await one.leases()
        assert (stopped.owner, stopped.heartbeat_at, stopped.expires_at) == (
            "host-b:2",
            1095.0,
            0.0,  # expired by any clock
        )
        clock.t += 600
        again = await one.acquire_lease("all", "host-a:1")
        assert (again.owner, again.previous_heartbeat) == ("host-a:1", 1095.0)
        assert [x.owner for x in await one.leases()] == ["host-a:1"]


async def test_disjoint_shard_ranges_run_side_by_side(db: str) -> None:
    clock = Clock()
    async with Store(db, clock=clock) as store:
        await store.acquire_lease("shards:0-3", "a")
        await store.acquire_lease("shards:4-7", "b")
        with pytest.raises(LeaseHeldError, match="a holds 'shards:0-3'"):
            await store.acquire_lease("shards:2-5", "c")
        with pytest.raises(LeaseHeldError):
            await store.acquire_lease("all", "c")
        assert [(x.scope, x.owner) for x in await store.leases()] == [
            ("shards:0-3", "a"),
            ("shards:4-7", "b"),
        ]


async def test_set_aside_blocks_loading_until_repaired(db: str) -> None:
    async with Store(db, codec=CounterCodec()) as store:
        game_id = await running_counter_game(store)
        for v in range(4):
            await store.append_action(game_id, v, 0, 1, {"add": v + 1})
        assert await store.set_aside(game_id, "a test said so")
        assert not await store.set_aside(game_id, "again")  # the first reason stays
        with pytest.raises(GameSetAsideError, match="set aside: a test said so"):
            await store.load_game(game_id)
        report = await store.load_running_games()
        assert [e.game_id for e in report.failed] == [game_id]
        fault = await store.get_fault(game_id)
        assert fault is not None and fault.reason == "a test said so" and fault.notified_at is None
        rec = await store.get_game(game_id)
        with pytest.raises(ConflictError):
            await store.repair_game(game_id, expected_revision=rec.revision - 1)
        done = await store.repair_game(game_id, expected_revision=rec.revision)
        assert (done.kept, done.dropped, done.why) == (4, [], None)
        assert done.record.revision == rec.revision + 1 and done.record.version == 4
        assert await store.get_fault(game_id) is None
        loaded = await store.load_game(game_id)
        assert loaded.game.history == [1, 2, 3, 4]
        await store.verify_game(game_id)


async def test_tick_rows_in_one_read(db: str) -> None:
    clock = Clock()
    async with Store(db, codec=CounterCodec(), clock=clock) as store:
        ids = [await running_counter_game(store, channel_id=c) for c in (1, 2, 3)]
        await store.update_guild_settings(9, reminder_minutes=30)
        await store.update_game_settings(ids[0], reminder_minutes=0, timeout_minutes=60)
        await store.record_reminder(ids[1], 0, 1234.0)
        await store.pause_game(ids[2])
        await store.set_aside(ids[2], "bad snapshot")
        rows = {r.game_id: r for r in await store.tick_rows()}
        assert set(rows) == set(ids)
        a, b, c = (rows[i] for i in ids)
        assert (a.reminder_minutes, a.timeout_minutes, a.guild_reminder_minutes) == (0, 60, 30)
        assert b.reminders_for(0) == (1, 1234.0) and b.reminders_for(1) == (0, None)
        assert c.status is GameStatus.PAUSED and c.fault == "bad snapshot"
        await store.mark_fault_notified(ids[2])
        assert ids[2] not in {r.game_id for r in await store.tick_rows()}  # told: paused again
        assert not any(r.bot_seats for r in await store.tick_rows())


async def test_tick_rows_say_which_games_have_a_seat_the_bot_plays(db: str) -> None:
    async with Store(db, codec=CounterCodec()) as store:
        people = await running_counter_game(store, channel_id=1)
        removed = await running_counter_game(store, channel_id=2)
        await store.replace_player(removed, 0, 0)  # a removed player: the bot plays it
        with_bot = await store.create_game(3, created_by=1, seats=[(1, "Ann"), (-1, None)])
        await store.start_game(with_bot.id, 5)
        rows = {r.game_id: r.bot_seats for r in await store.tick_rows()}
        assert rows == {people: False, removed: True, with_bot.id: True}


async def test_the_time_away_is_given_back_to_running_games_only(db: str) -> None:
    """After an outage the running games last changed before the bot's start
    get the time back (their turn timers); a paused game keeps its own."""
    clock = Clock()
    async with Store(db, codec=CounterCodec(), clock=clock) as store:
        waiting = await running_counter_game(store, channel_id=1)
        paused = await running_counter_game(store, channel_id=2)
        await store.pause_game(paused)
        clock.t = 5000.0
        later = await running_counter_game(store, channel_id=3)  # changed after the start
        assert await store.give_back_time(4000.0, 600.0) == 1
        assert (await store.get_game(waiting)).updated_at == 1600.0
        assert (await store.get_game(paused)).updated_at == 1000.0
        assert (await store.get_game(later)).updated_at == 5000.0


async def test_a_released_lease_is_expired_for_a_clock_behind_the_releasers(db: str) -> None:
    """Local mode's `wait` runs its clock ahead; the next start reads the real
    one: a clean stop must not hold the database for the time waited."""
    ahead, behind = Clock(), Clock()
    ahead.t += 48_000
    async with Store(db, clock=ahead) as one:
        await one.acquire_lease("all", "host-a:1", ttl=60)
        await one.release_lease("all", "host-a:1")
    async with Store(db, clock=behind) as two:
        lease = await two.acquire_lease("all", "host-b:2", ttl=60)
        assert lease.owner == "host-b:2"
