"""Optimistic concurrency: racing appends never both apply, never leave a gap."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import random
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import Action, Game, GameOptions
from storage import ConflictError, StorageError, Store
from tests.postgres import PostgresServer
from tests.storage.helpers import CounterCodec, Databases, running_counter_game


async def assert_log_is_contiguous(store: Store, game_id: int) -> list[int]:
    seqs = [a.seq for a in await store.get_actions(game_id)]
    assert seqs == list(range(1, len(seqs) + 1)), seqs
    assert (await store.get_game(game_id)).version == len(seqs)
    return seqs


async def test_two_clicks_on_the_same_version_real_engine(db: str) -> None:
    """Two players' clicks computed from the same engine state: one wins, one conflicts."""
    async with Store(db) as store:
        rec = await store.create_game(1, options=engine.options_to_json(GameOptions(players=2)))
        await store.join_game(rec.id, 11)
        await store.join_game(rec.id, 12)
        await store.start_game(rec.id, 99)
        game = Game.new(GameOptions(players=2), 99)
        rng = random.Random(4)
        for _round in range(15):
            version = game.state.decisions
            d = game.decision
            # two different clicks, each applied to its own copy of the same state
            picks = rng.sample(list(d.options), 2) if len(d.options) > 1 else [d.options[0]] * 2
            clicks = []
            for opt in picks:
                g = Game.from_json(copy.deepcopy(game.to_json()))
                action = Action(seat=d.seat, option=opt.id)
                g.apply(action)
                clicks.append((g, action))
            results = await asyncio.gather(
                *(
                    store.append_action(rec.id, version, a.seat, 11, a.to_json(), g.to_json())
                    for g, a in clicks
                ),
                return_exceptions=True,
            )
            wins = [i for i, r in enumerate(results) if not isinstance(r, BaseException)]
            losses = [r for r in results if isinstance(r, ConflictError)]
            assert len(wins) == 1 and len(losses) == 1, results
            assert losses[0].expected == version and losses[0].actual == version + 1
            game = clicks[wins[0]][0]
        await assert_log_is_contiguous(store, rec.id)
        loaded = await store.load_game(rec.id)
        assert loaded.game.to_json() == game.to_json()
        await store.verify_game(rec.id)


async def test_stale_append_writes_nothing(store: Store) -> None:
    game_id = await running_counter_game(store)
    await store.append_action(
        game_id,
        0,
        0,
        1,
        {"add": 1},
        {"seed": 7, "target": 50, "decisions": 1, "total": 1, "history": [1]},
    )
    with pytest.raises(ConflictError, match="version 0.*version 1"):
        await store.append_action(game_id, 0, 1, 2, {"add": 5}, {"bogus": True})
    with pytest.raises(ConflictError):
        await store.append_action(game_id, 7, 1, 2, {"add": 5})  # from the future
    log = await store.read_log(game_id, full=True)
    assert [a.action for a in log.actions] == [{"add": 1}]
    assert log.snapshot is not None and log.snapshot.seq == 1 and "bogus" not in log.snapshot.state
    await store.verify_game(game_id)


async def test_many_racing_tasks_and_two_connections(db: str) -> None:
    """Tasks on two separate connections (as two bot processes would be) race to
    append; each retries on conflict. Every success is in the log exactly once."""
    async with (
        Store(db, codec=CounterCodec(), snapshot_every=3) as a,
        Store(db, codec=CounterCodec(), snapshot_every=3) as b,
    ):
        game_id = await running_counter_game(a)
        successes: list[int] = []
        conflicts = 0

        async def player(store: Store, who: int, turns: int) -> None:
            nonlocal conflicts
            done = 0
            while done < turns:
                loaded = await store.load_game(game_id)
                game = loaded.game
                store.codec.apply(game, {"add": who})
                await asyncio.sleep(0)
                try:
                    await store.append_action(
                        game_id,
                        loaded.version,
                        0,
                        who,
                        {"add": who},
                        lambda g=game: store.codec.dump(g),
                    )
                except ConflictError:
                    conflicts += 1
                    continue
                successes.append(who)
                done += 1

        await asyncio.gather(*(player(a if i % 2 else b, i, 6) for i in range(1, 7)))
        seqs = await assert_log_is_contiguous(a, game_id)
        assert len(seqs) == len(successes) == 36
        assert conflicts > 0  # the race really happened
        actions = [x.action["add"] for x in await b.get_actions(game_id)]
        assert sorted(actions) == sorted(successes)
        loaded = await a.load_game(game_id)
        assert loaded.game.total == sum(successes) and loaded.game.history == actions
        await b.verify_game(game_id)


async def test_cancelled_append_is_all_or_nothing(store: Store) -> None:
    game_id = await running_counter_game(store)
    for i in range(30):
        task = asyncio.create_task(store.append_action(game_id, i, 0, 1, {"add": 1}))
        for _ in range(i % 4):
            await asyncio.sleep(0)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await asyncio.sleep(0.01)  # let a shielded write finish
        version = (await store.get_game(game_id)).version
        if version == i:  # not applied (yet): the slot looks free
            # a write that began before the cancel may still land first: then this
            # one conflicts, and either way exactly one action takes the slot
            with contextlib.suppress(ConflictError):
                await store.append_action(game_id, i, 0, 1, {"add": 1})
    await assert_log_is_contiguous(store, game_id)
    assert (await store.get_game(game_id)).version == 30
    await store.verify_game(game_id)


async def test_read_check_write_races_between_connections(db: str) -> None:
    """Two connections (two processes) racing on checks made in the transaction:
    one active game per channel, the last free seat, a colour. On PostgreSQL the
    writes are SERIALIZABLE, so exactly as under SQLite's single writer one wins
    and the other gets the store's own error."""
    async with (
        Store(db, codec=CounterCodec()) as a,
        Store(db, codec=CounterCodec()) as b,
    ):
        for channel in range(1, 9):
            results = await asyncio.gather(
                a.create_game(channel), b.create_game(channel), return_exceptions=True
            )
            assert sorted(type(r).__name__ for r in results) == ["ChannelBusyError", "GameRecord"]
            rec = next(r for r in results if not isinstance(r, BaseException))
            await a.join_game(rec.id, 1)
            seats = await asyncio.gather(
                a.join_game(rec.id, 2, max_seats=2, colour="red"),
                b.join_game(rec.id, 3, max_seats=2, colour="red"),
                return_exceptions=True,
            )
            assert sorted(type(r).__name__ for r in seats) == ["LobbyError", "Seat"], seats
            assert len(await a.get_seats(rec.id)) == 2
        assert len(await b.list_games()) == 8


@pytest.mark.postgres
async def test_postgres_connections_cut_by_the_server(
    postgres_server: PostgresServer, tmp_path: Path
) -> None:
    """The server drops a connection in the middle of a transaction (a restart, a
    failover, an admin): a read tries again on a fresh connection, a write says
    so as a StorageError (its outcome unknown), never a driver error; the store
    goes on working."""
    pg = Databases("postgresql", tmp_path, postgres_server)
    try:
        async with Store(pg.new(), codec=CounterCodec()) as store:
            game_id = await running_counter_game(store)
            calls = 0

            async def read(db: Any) -> int:
                nonlocal calls
                calls += 1
                if calls == 1:  # the server ends this connection under the read
                    await db.one("SELECT pg_terminate_backend(pg_backend_pid())")
                row = await db.one("SELECT version FROM games WHERE id = ?", (game_id,))
                return int(row[0])

            assert await store._read(read) == 0 and calls == 2

            async def write(db: Any) -> None:
                await db.execute("UPDATE games SET updated_at = 1 WHERE id = ?", (game_id,))
                await db.one("SELECT pg_terminate_backend(pg_backend_pid())")

            with pytest.raises(StorageError, match="connection to the database was lost"):
                await store._write(write)
            assert (await store.get_game(game_id)).updated_at != 1  # never committed
            await store.append_action(game_id, 0, 0, 1, {"add": 2})
            assert [a.seq for a in await store.get_actions(game_id)] == [1]
    finally:
        pg.drop_all()
