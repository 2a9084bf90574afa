"""Property: whatever mix of fresh, stale and future appends and restarts, the
log equals exactly the accepted appends, without gap or duplicate."""

from __future__ import annotations

import asyncio
import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from storage import ConflictError, Store
from tests.storage.helpers import CounterCodec, running_counter_game

# (offset from the current version the append claims, value, reopen the store after it)
ops = st.lists(
    st.tuples(st.sampled_from([0, 0, 0, -1, -2, 1]), st.integers(0, 9), st.booleans()),
    min_size=1,
    max_size=25,
)


# every example plays a new game in its own channel of the test's database
channels = itertools.count(1)


async def run(path: str, steps: list[tuple[int, int, bool]], every: int) -> None:
    store = await Store.open(path, codec=CounterCodec(), snapshot_every=every)
    try:
        game_id = await running_counter_game(store, channel_id=next(channels))
        accepted: list[int] = []
        for offset, value, reopen in steps:
            claimed = len(accepted) + offset
            if claimed < 0:
                continue
            try:
                await store.append_action(
                    game_id,
                    claimed,
                    0,
                    1,
                    {"add": value},
                    lambda v=value: {
                        "seed": 7,
                        "target": 50,
                        "decisions": len(accepted) + 1,
                        "total": sum(accepted) + v,
                        "history": [*accepted, v],
                    },
                )
            except ConflictError as exc:
                assert offset != 0 and exc.actual == len(accepted)
            else:
                assert offset == 0
                accepted.append(value)
            if reopen:
                await store.close()
                store = await Store.open(path, codec=CounterCodec(), snapshot_every=every)
        assert [a.action["add"] for a in await store.get_actions(game_id)] == accepted
        loaded = await store.load_game(game_id)
        assert loaded.game.history == accepted and loaded.version == len(accepted)
        await store.verify_game(game_id)
    finally:
        await store.close()


SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@SETTINGS
@given(steps=ops, every=st.integers(1, 4))
def test_log_equals_accepted_appends(
    db: str, steps: list[tuple[int, int, bool]], every: int
) -> None:
    asyncio.run(run(db, steps, every))


# ("append", revision offset, value) | ("cut", actions to drop, stale?) ; reopen after it
mixed = st.lists(
    st.tuples(
        st.sampled_from(["append", "append", "cut"]),
        st.integers(-2, 0),
        st.integers(0, 9),
        st.booleans(),
    ),
    min_size=1,
    max_size=25,
)


async def run_mixed(path: str, steps: list[tuple[str, int, int, bool]], every: int) -> None:
    """Appends that claim the right version but maybe an old revision, and cuts
    of the log: only the ones carrying the current revision are applied, the
    revision only grows, and the log equals the model after every step."""
    store = await Store.open(path, codec=CounterCodec(), snapshot_every=every)
    try:
        game_id = await running_counter_game(store, channel_id=next(channels))
        model: list[int] = []
        revision = 0
        for kind, offset, value, reopen in steps:
            claimed = revision + offset
            try:
                if kind == "append":
                    res = await store.append_action(
                        game_id, len(model), 0, 1, {"add": value}, expected_revision=claimed
                    )
                    assert offset == 0 and res.revision == revision + 1
                    model.append(value)
                else:
                    keep = max(0, len(model) - value % 3)
                    rec = await store.truncate_actions(
                        game_id, keep, len(model), expected_revision=claimed
                    )
                    assert offset == 0
                    if keep < len(model):
                        assert rec.revision == revision + 1
                    del model[keep:]
            except ConflictError as exc:
                assert offset != 0 and exc.actual_revision == revision
            revision = (await store.get_game(game_id)).revision
            if reopen:
                await store.close()
                store = await Store.open(path, codec=CounterCodec(), snapshot_every=every)
        assert [a.action["add"] for a in await store.get_actions(game_id)] == model
        loaded = await store.load_game(game_id)
        assert loaded.game.history == model and loaded.version == len(model)
        await store.verify_game(game_id)
    finally:
        await store.close()


@SETTINGS
@given(steps=mixed, every=st.integers(1, 4))
def test_log_equals_the_model_with_cuts(
    db: str, steps: list[tuple[str, int, int, bool]], every: int
) -> None:
    asyncio.run(run_mixed(db, steps, every))
