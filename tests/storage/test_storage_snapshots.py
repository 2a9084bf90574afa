"""Snapshot policy: when snapshots are taken, how many are kept, what loading replays."""

from __future__ import annotations

import pytest

from storage import Store
from tests.storage.helpers import Counter, CounterCodec, Databases, running_counter_game


async def snapshot_seqs(dbs: Databases, db: str, game_id: int) -> list[int]:
    rows = await dbs.fetch(
        db, "SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq", (game_id,)
    )
    return [r[0] for r in rows]


async def play(store: Store, game_id: int, n: int, game: Counter) -> list[int]:
    """n appends passing a lazy snapshot; returns the versions whose snapshot was computed."""
    dumped: list[int] = []
    for _ in range(n):
        version = game.decisions
        store.codec.apply(game, {"add": 1})

        def dump(g: Counter = game) -> dict:
            dumped.append(g.decisions)
            return store.codec.dump(g)

        res = await store.append_action(game_id, version, 0, 1, {"add": 1}, dump)
        assert res.snapshot_written == (res.version in dumped)
    return dumped


@pytest.mark.parametrize(
    ("every", "keep", "kept"), [(4, 1, [12]), (4, 2, [8, 12]), (5, None, [5, 10])]
)
async def test_every_n_and_retention(
    dbs: Databases, db: str, every: int, keep: int | None, kept: list[int]
) -> None:
    async with Store(db, codec=CounterCodec(), snapshot_every=every, keep_snapshots=keep) as store:
        game_id = await running_counter_game(store)
        game = CounterCodec().new_game({"target": 50}, 7)
        dumped = await play(store, game_id, 13, game)
        assert dumped == [v for v in range(1, 14) if v % every == 0]  # the callable ran only then
        assert await snapshot_seqs(dbs, db, game_id) == kept
        loaded = await store.load_game(game_id)
        assert loaded.replayed == 13 - kept[-1] and loaded.game == game
        await store.verify_game(game_id)


async def test_final_state_is_always_snapshotted(dbs: Databases, db: str) -> None:
    async with Store(db, codec=CounterCodec(), snapshot_every=100, keep_snapshots=1) as store:
        game_id = await running_counter_game(store)
        game = CounterCodec().new_game({"target": 50}, 7)  # the options running_counter_game stores
        await play(store, game_id, 3, game)
        store.codec.apply(game, {"add": 1})
        res = await store.append_action(
            game_id, 3, 0, 1, {"add": 1}, lambda: store.codec.dump(game), result={"winners": [0]}
        )
        assert res.snapshot_written and res.finished
        assert await snapshot_seqs(dbs, db, game_id) == [4]
        assert (await store.load_game(game_id)).replayed == 0


async def test_explicit_snapshot_is_always_stored_and_start_snapshot(
    dbs: Databases, db: str
) -> None:
    async with Store(db, codec=CounterCodec(), snapshot_every=100, keep_snapshots=None) as store:
        rec = await store.create_game(5)
        await store.join_game(rec.id, 1)
        initial = CounterCodec().dump(CounterCodec().new_game({}, 3))
        await store.start_game(rec.id, 3, snapshot=initial)
        assert await snapshot_seqs(dbs, db, rec.id) == [0]
        state = dict(initial, decisions=1, total=2, history=[2])
        await store.append_action(rec.id, 0, 0, 1, {"add": 2}, state)
        assert await snapshot_seqs(dbs, db, rec.id) == [0, 1]
        await store.verify_game(rec.id)


def test_bad_policy_arguments() -> None:
    with pytest.raises(ValueError):
        Store(":memory:", snapshot_every=0)
    with pytest.raises(ValueError):
        Store(":memory:", keep_snapshots=0)
    with pytest.raises(ValueError):
        Store(":memory:", synchronous="OFF")  # type: ignore[arg-type]
