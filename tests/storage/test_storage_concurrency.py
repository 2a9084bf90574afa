"""Optimistic concurrency: racing appends never both apply, never leave a gap."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import random

import pytest

import engine
from engine import Action, Game, GameOptions
from storage import ConflictError, Store
from tests.storage.helpers import CounterCodec, running_counter_game


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
