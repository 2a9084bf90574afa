"""Cutting the action log back (undo, moderator rollback): one transaction,
the game keeps its id, and a click computed before the cut is never accepted."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

import engine
from engine import Action, Game
from storage import ConflictError, GameStateError, GameStatus, NotFoundError, Store
from tests.storage.helpers import (
    CounterCodec,
    new_engine_game,
    options_json,
    play_random,
    running_counter_game,
)


def counter_state(history: list[int]) -> dict[str, Any]:
    return {
        "seed": 7,
        "target": 50,
        "decisions": len(history),
        "total": sum(history),
        "history": list(history),
    }


async def append_n(store: Store, game_id: int, values: list[int], start: int = 0) -> None:
    history = [a.action["add"] for a in await store.get_actions(game_id)]
    for i, v in enumerate(values):
        history.append(v)
        await store.append_action(
            game_id, start + i, 0, 1, {"add": v}, lambda h=list(history): counter_state(h)
        )


async def snapshot_seqs(store: Store, game_id: int) -> list[int]:
    rows = await store._read(
        lambda db: db.all("SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq", (game_id,))
    )
    return [r[0] for r in rows]


async def test_truncate_real_engine_full_replay_equals_the_state_after(db: str) -> None:
    """A real engine game on a real file: cut 37 actions to 23, then the stored
    game is exactly the replay of the first 23 actions, and it plays on."""
    async with Store(db, snapshot_every=5, keep_snapshots=None) as store:
        rec = await store.create_game(5, options=options_json(2))
        await store.join_game(rec.id, 11)
        await store.join_game(rec.id, 12)
        await store.start_game(rec.id, 42, snapshot=new_engine_game(2, 42).to_json())
        game = await play_random(
            store, rec.id, new_engine_game(2, 42), random.Random(1), 37, {0: 11, 1: 12}
        )
        assert game.state.decisions == 37
        before = await store.get_game(rec.id)
        assert before.version == before.revision == 37
        actions = [Action.from_json(a.action) for a in await store.get_actions(rec.id)]

        after = await store.truncate_actions(rec.id, 23, 37)

        assert after.id == rec.id and after.status is GameStatus.RUNNING
        assert (after.version, after.revision) == (23, 38)
        assert [a.seq for a in await store.get_actions(rec.id)] == list(range(1, 24))
        assert await snapshot_seqs(store, rec.id) == [0, 5, 10, 15, 20]
        expected = engine.replay(engine.GameOptions(players=2), 42, actions[:23])
        loaded = await store.load_game(rec.id)
        assert loaded.game.to_json() == expected.to_json()
        assert loaded.replayed == 3  # from the snapshot at 20
        verified = await store.verify_game(rec.id)  # full replay == snapshot + tail
        assert verified.game.to_json() == expected.to_json()
        # the game plays on from the cut, and a restart sees the same
        game = await play_random(store, rec.id, expected, random.Random(2), 10, {0: 11, 1: 12})
        assert (await store.get_game(rec.id)).version == 33
    async with Store(db) as store:
        loaded = await store.load_game(rec.id)
        assert loaded.game.to_json() == game.to_json()
        assert loaded.record.revision == 48
        await store.verify_game(rec.id)


async def test_stale_clicks_are_refused_after_a_truncate(store: Store) -> None:
    game_id = await running_counter_game(store)
    await append_n(store, game_id, [1, 2, 3])
    old = await store.get_game(game_id)  # a button rendered at version 3
    at_two_rev = old.revision - 1  # a button rendered at version 2, before the cut
    cut = await store.truncate_actions(game_id, 2, 3, expected_revision=old.revision)
    assert cut.version == 2 and cut.revision == old.revision + 1

    # the click computed at version 3 (before the cut): version mismatch
    with pytest.raises(ConflictError) as exc:
        await store.append_action(game_id, 3, 0, 1, {"add": 9}, expected_revision=old.revision)
    assert (exc.value.expected, exc.value.actual) == (3, 2)
    # the click computed at version 2 before the cut: same version, old revision
    with pytest.raises(ConflictError, match="revision") as exc:
        await store.append_action(game_id, 2, 0, 1, {"add": 9}, expected_revision=at_two_rev)
    assert (exc.value.expected_revision, exc.value.actual_revision) == (at_two_rev, cut.revision)
    # ... also once the log has grown back past it: a revision never comes back
    res = await store.append_action(game_id, 2, 0, 1, {"add": 4}, expected_revision=cut.revision)
    assert (res.version, res.revision) == (3, cut.revision + 1)
    with pytest.raises(ConflictError):
        await store.append_action(game_id, 3, 0, 1, {"add": 9}, expected_revision=old.revision)
    assert [a.action["add"] for a in await store.get_actions(game_id)] == [1, 2, 4]
    # a stale truncate is refused too, and writes nothing
    with pytest.raises(ConflictError):
        await store.truncate_actions(game_id, 1, 3, expected_revision=old.revision)
    with pytest.raises(ConflictError):
        await store.truncate_actions(game_id, 1, 2)
    assert (await store.get_game(game_id)).version == 3
    # a snapshot read before the cut, written back at the same length: refused
    with pytest.raises(ConflictError):
        await store.write_snapshot(
            game_id, counter_state([1, 2, 3]), 3, expected_revision=old.revision
        )
    await store.write_snapshot(
        game_id, counter_state([1, 2, 4]), 3, expected_revision=cut.revision + 1
    )
    await store.verify_game(game_id)


async def test_revision_never_goes_down(store: Store) -> None:
    game_id = await running_counter_game(store)
    rng = random.Random(5)
    seen = [(await store.get_game(game_id)).revision]
    history: list[int] = []
    for _ in range(60):
        rec = await store.get_game(game_id)
        if history and rng.random() < 0.3:
            keep = rng.randrange(len(history))
            rec = await store.truncate_actions(game_id, keep, len(history))
            del history[keep:]
        else:
            v = rng.randrange(10)
            res = await store.append_action(game_id, len(history), 0, 1, {"add": v})
            history.append(v)
            assert res.revision == rec.revision + 1
            rec = await store.get_game(game_id)
        assert rec.revision == seen[-1] + 1 and rec.version == len(history)
        seen.append(rec.revision)
    loaded = await store.load_game(game_id)
    assert loaded.game.history == history
    await store.verify_game(game_id)


async def test_truncate_with_a_snapshot_and_the_snapshot_policy(db: str) -> None:
    async with Store(db, codec=CounterCodec(), snapshot_every=3, keep_snapshots=1) as store:
        game_id = await running_counter_game(store)
        await append_n(store, game_id, [1, 2, 3, 4, 5, 6, 7])
        assert await snapshot_seqs(store, game_id) == [6]
        # without a snapshot: every snapshot past the cut goes; load replays the log
        await store.truncate_actions(game_id, 5, 7)
        assert await snapshot_seqs(store, game_id) == []
        loaded = await store.load_game(game_id)
        assert loaded.game.history == [1, 2, 3, 4, 5] and loaded.replayed == 5
        # with the state at the cut: stored in the same transaction
        await store.truncate_actions(game_id, 4, 5, snapshot=lambda: counter_state([1, 2, 3, 4]))
        assert await snapshot_seqs(store, game_id) == [4]
        loaded = await store.load_game(game_id)
        assert loaded.game.history == [1, 2, 3, 4] and loaded.replayed == 0
        await store.verify_game(game_id)
        # a snapshot of another version is refused before anything is written
        with pytest.raises(ValueError, match="holds version 4, not 2"):
            await store.truncate_actions(game_id, 2, 4, snapshot=counter_state([1, 2, 3, 4]))
        with pytest.raises(ValueError, match="cannot be restored"):
            await store.truncate_actions(game_id, 2, 4, snapshot={"bogus": 1})
        rec = await store.get_game(game_id)
        assert rec.version == 4 and len(await store.get_actions(game_id)) == 4


async def test_truncate_refusals(store: Store) -> None:
    game_id = await running_counter_game(store)
    await append_n(store, game_id, [1, 2])
    rev = (await store.get_game(game_id)).revision
    for keep in (-1, 3, True):
        with pytest.raises(ValueError, match="keep must be"):
            await store.truncate_actions(game_id, keep, 2)
    with pytest.raises(NotFoundError):
        await store.truncate_actions(999, 0, 0)
    # keeping everything changes nothing (no new revision)
    same = await store.truncate_actions(game_id, 2, 2)
    assert (same.version, same.revision) == (2, rev)
    # a paused game can be cut (a moderator's rollback), a finished one cannot
    await store.pause_game(game_id)
    paused = await store.truncate_actions(game_id, 1, 2)
    assert paused.status is GameStatus.PAUSED and paused.version == 1
    await store.finish_game(game_id, {"winners": [0]})
    with pytest.raises(GameStateError, match="finished; cannot cut"):
        await store.truncate_actions(game_id, 0, 1)
    lobby = await store.create_game(555)
    with pytest.raises(GameStateError):
        await store.truncate_actions(lobby.id, 0, 0)
    assert [a.action["add"] for a in await store.get_actions(game_id)] == [1]


async def test_truncate_racing_an_append_exactly_one_wins(db: str) -> None:
    """A truncate and an append computed from the same version, on two
    connections to one file (as two processes): exactly one is applied."""
    async with (
        Store(db, codec=CounterCodec(), snapshot_every=2) as a,
        Store(db, codec=CounterCodec(), snapshot_every=2) as b,
    ):
        game_id = await running_counter_game(a)
        await append_n(a, game_id, [1, 2, 3])
        history = [1, 2, 3]
        winners = {"append": 0, "truncate": 0}
        rng = random.Random(5)
        for i in range(40):
            rec = await a.get_game(game_id)
            v, rev = rec.version, rec.revision
            new = [*history, i]
            append_store, cut_store = (a, b) if i % 2 else (b, a)
            append = append_store.append_action(
                game_id,
                v,
                0,
                1,
                {"add": i},
                lambda n=new: counter_state(n),
                expected_revision=rev,
            )
            cut = cut_store.truncate_actions(game_id, v - 1, v, expected_revision=rev)
            first, second = (append, cut) if i % 3 else (cut, append)

            async def after_a_moment(write: Any, pause: float = rng.uniform(0, 0.002)) -> Any:
                # on PostgreSQL an append (one statement before the row lock) would
                # nearly always beat a cut (four) started together; a head start of
                # up to 2 ms lets either win while their transactions still overlap
                await asyncio.sleep(pause)
                return await write

            results = await asyncio.gather(first, after_a_moment(second), return_exceptions=True)
            ok = [r for r in results if not isinstance(r, BaseException)]
            lost = [r for r in results if isinstance(r, BaseException)]
            assert len(ok) == 1 and len(lost) == 1 and isinstance(lost[0], ConflictError), results
            after = await b.get_game(game_id)
            assert after.revision == rev + 1
            if after.version == v + 1:
                winners["append"] += 1
                history = new
            else:
                assert after.version == v - 1
                winners["truncate"] += 1
                history = history[:-1]
            if len(history) < 2:  # keep something to cut
                await append_n(a, game_id, [7, 7], start=len(history))
                history += [7, 7]
            assert [x.action["add"] for x in await a.get_actions(game_id)] == history
        # both sides really won races
        assert winners["append"] and winners["truncate"], winners
        loaded = await b.load_game(game_id)
        assert loaded.game.history == history
        await a.verify_game(game_id)


async def test_import_starts_the_revision_at_the_log_length(store: Store) -> None:
    game_id = await running_counter_game(store)
    await append_n(store, game_id, [1, 2, 3])
    await store.truncate_actions(game_id, 2, 3)
    doc = await store.export_game(game_id)
    assert doc["game"]["version"] == 2 and len(doc["actions"]) == 2
    copy = await store.import_game(doc, 4242, status="paused")
    assert copy.id != game_id and (copy.version, copy.revision) == (2, 2)


async def test_engine_undo_of_one_action_restores_the_exact_state(db: str) -> None:
    """The bot's undo: apply one action, cut it, and the stored game equals the
    state before it (the engine is deterministic)."""
    async with Store(db) as store:
        rec = await store.create_game(6, options=options_json(3))
        for u in (1, 2, 3):
            await store.join_game(rec.id, u)
        await store.start_game(rec.id, 9)
        game = await play_random(
            store, rec.id, Game.new(engine.GameOptions(players=3), 9), random.Random(3), 12, {}
        )
        before = game.to_json()
        game = await play_random(store, rec.id, game, random.Random(4), 1, {})
        cut = await store.truncate_actions(rec.id, 12, 13, snapshot=before)
        assert cut.version == 12
        loaded = await store.load_game(rec.id)
        assert loaded.game.to_json() == before and loaded.replayed == 0
        await store.verify_game(rec.id)
