"""Shards: a store opened for a shard range sweeps only its guilds' games, and
the instance lease of a range keeps a second process off it (both backends)."""

from __future__ import annotations

import pytest

from storage import LeaseHeldError, ShardRange, Store, shard_of
from storage.lease import scopes_overlap
from tests.storage.helpers import CounterCodec

COUNT = 4


def guild_on(shard: int, n: int = 1) -> int:
    """A Discord-like guild id that lands on ``shard`` of ``COUNT``."""
    return ((n * COUNT + shard) << 22) | 12345


def test_shard_of_is_discords_formula() -> None:
    assert shard_of(81384788765712384, 4) == (81384788765712384 >> 22) % 4
    assert [shard_of(guild_on(s), COUNT) for s in range(COUNT)] == [0, 1, 2, 3]
    assert shard_of(None, COUNT) == 0  # direct messages go to shard 0


def test_parse_shard_settings() -> None:
    assert ShardRange.parse("8", "0-3") == ShardRange(8, 0, 3)
    assert ShardRange.parse("8", " 5 ") == ShardRange(8, 5, 5)
    assert ShardRange.parse("2") == ShardRange(2, 0, 1)  # no SHARD_IDS: all of them
    assert ShardRange(8, 2, 3).scope == "shards:2-3/8" and ShardRange(8, 2, 3).ids == [2, 3]
    for count, ids, message in [
        ("0", "", "positive whole number"),
        ("four", "", "positive whole number"),
        ("4", "2-9", "not within 0-3"),
        ("4", "3-1", "runs backwards"),
        ("4", "0,2", "a range such as 0-3"),
        ("4", "-1", "a range such as 0-3"),
    ]:
        with pytest.raises(ValueError, match=message):
            ShardRange.parse(count, ids)


def test_lease_scopes_overlap() -> None:
    assert not scopes_overlap("shards:0-1/4", "shards:2-3/4")
    assert scopes_overlap("shards:0-2/4", "shards:2-3/4")
    assert scopes_overlap("all", "shards:2-3/4")
    # another shard count splits the guilds another way: never side by side
    assert scopes_overlap("shards:0-1/4", "shards:4-5/8")


async def test_store_sweeps_only_its_shards(db: str) -> None:
    async with Store(db, codec=CounterCodec()) as everything:
        ids: dict[int, int] = {}
        for shard in range(COUNT):
            rec = await everything.create_game(100 + shard, guild_id=guild_on(shard))
            await everything.join_game(rec.id, 1)
            await everything.start_game(rec.id, 7)
            ids[shard] = rec.id
        dm = await everything.create_game(999)  # no guild: shard 0
        await everything.join_game(dm.id, 1)
        await everything.start_game(dm.id, 7)
        await everything.append_action(ids[3], 0, 0, 1, {"add": 2})
        await everything.update_game_settings(ids[3], reminder_minutes=5)
        assert len(await everything.tick_rows()) == COUNT + 1

    low, high = ShardRange(COUNT, 0, 1), ShardRange(COUNT, 2, 3)
    async with (
        Store(db, codec=CounterCodec(), shards=low) as a,
        Store(db, codec=CounterCodec(), shards=high) as b,
    ):
        want_a = {ids[0], ids[1], dm.id}
        want_b = {ids[2], ids[3]}
        assert {g.id for g in await a.list_running_games()} == want_a
        assert {g.id for g in await b.list_running_games()} == want_b
        assert {lg.record.id for lg in (await a.load_running_games()).loaded} == want_a
        loaded_b = (await b.load_running_games()).loaded
        assert {lg.record.id for lg in loaded_b} == want_b
        assert {lg.record.id: lg.game.total for lg in loaded_b}[ids[3]] == 2
        assert {r.game_id for r in await a.tick_rows()} == want_a
        rows_b = {r.game_id: r for r in await b.tick_rows()}
        assert set(rows_b) == want_b and rows_b[ids[3]].reminder_minutes == 5
        # a game is still reachable by id or channel from any process (a listing, an export)
        assert (await a.get_game(ids[3])).guild_id == guild_on(3)
        assert (await a.active_game(103)) is not None


async def test_one_process_per_shard_range(db: str) -> None:
    async with (
        Store(db, codec=CounterCodec()) as a,
        Store(db, codec=CounterCodec()) as b,
        Store(db, codec=CounterCodec()) as c,
    ):
        low, high = ShardRange(COUNT, 0, 1), ShardRange(COUNT, 2, 3)
        await a.acquire_lease(low.scope, "host-a:1")
        await b.acquire_lease(high.scope, "host-b:2")  # a disjoint range: side by side
        with pytest.raises(LeaseHeldError, match="host-b:2 holds 'shards:2-3/4'"):
            await c.acquire_lease(ShardRange(COUNT, 3, 3).scope, "host-c:3")
        with pytest.raises(LeaseHeldError):
            await c.acquire_lease("all", "host-c:3")  # an unsharded bot beside them
        with pytest.raises(LeaseHeldError):
            await c.acquire_lease(ShardRange(8, 6, 7).scope, "host-c:3")  # another count
        await b.release_lease(high.scope, "host-b:2")
        await c.acquire_lease(ShardRange(COUNT, 3, 3).scope, "host-c:3")
        assert [(x.scope, x.owner) for x in await a.leases()] == [
            ("shards:0-1/4", "host-a:1"),
            ("shards:3-3/4", "host-c:3"),
        ]
