"""Property: whatever mix of fresh, stale and future appends and restarts, the
log equals exactly the accepted appends, without gap or duplicate."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

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


async def run(path: Path, steps: list[tuple[int, int, bool]], every: int) -> None:
    store = await Store.open(path, codec=CounterCodec(), snapshot_every=every)
    try:
        game_id = await running_counter_game(store)
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


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=ops, every=st.integers(1, 4))
def test_log_equals_accepted_appends(steps: list[tuple[int, int, bool]], every: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(run(Path(tmp) / "p.sqlite3", steps, every))
