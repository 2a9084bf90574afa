"""A corrupt game (bad JSON, a log that does not replay, a gap) is reported for
that game only, with a clear message; every other game keeps working."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import engine
from engine import Game, GameOptions
from storage import CorruptGameError, DamagedRowError, GameStatus, StorageError, Store
from tests.storage.helpers import CounterCodec, Databases, play_random, running_counter_game


async def three_games(store: Store) -> list[int]:
    ids = []
    for channel in (1, 2, 3):
        game_id = await running_counter_game(store, channel_id=channel)
        for v in range(5):
            await store.append_action(game_id, v, v % 2, 1, {"add": v + channel}, None)
        ids.append(game_id)
    return ids


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        (
            "UPDATE actions SET action = '{\"add\": 3' WHERE game_id = ? AND seq = 4",
            r"action #4 is not valid JSON",
        ),
        (
            "UPDATE actions SET action = '{\"add\": -1}' WHERE game_id = ? AND seq = 2",
            r"action #2 does not match its digest",
        ),
        (
            "UPDATE actions SET action = '[1, 2]' WHERE game_id = ? AND seq = 1",
            r"action #1 does not match its digest",
        ),
        ("DELETE FROM actions WHERE game_id = ? AND seq = 3", r"gap: expected #3, found #4"),
        (
            "DELETE FROM actions WHERE game_id = ? AND seq = 5",
            r"ends at #4 but the game is at version 5",
        ),
        ("UPDATE games SET options = 'oops' WHERE id = ?", r"options is not valid JSON"),
        ("UPDATE games SET seed = NULL WHERE id = ?", r"running game has no seed"),
    ],
)
async def test_one_corrupt_game_does_not_stop_the_others(
    dbs: Databases, db: str, sql: str, message: str
) -> None:
    async with Store(db, codec=CounterCodec(), snapshot_every=1000) as store:
        good1, bad, good2 = await three_games(store)
        # change the rows behind the store's back (as a disk fault or a bad hand edit would)
        await dbs.execute(db, sql, (bad,))
        with pytest.raises(CorruptGameError, match=message) as err:
            await store.load_game(bad)
        assert err.value.game_id == bad and f"game {bad} is corrupt" in str(err.value)
        report = await store.load_running_games()
        assert [e.game_id for e in report.failed] == [bad]
        assert {lg.record.id for lg in report.loaded} == {good1, good2}
        # the listing and the other games are unaffected
        assert {g.id for g in await store.list_running_games()} == {good1, bad, good2}
        for gid in (good1, good2):
            loaded = await store.load_game(gid)
            await store.append_action(gid, loaded.version, 0, 1, {"add": 1})
            await store.verify_game(gid)


async def test_an_unreadable_snapshot_is_found_and_repair_keeps_every_action(
    dbs: Databases, db: str
) -> None:
    async with Store(db, codec=CounterCodec(), snapshot_every=2) as store:
        game_id = await running_counter_game(store)
        for v in range(5):
            state = {"seed": 7, "target": 50, "decisions": v + 1, "total": 0, "history": []}
            await store.append_action(game_id, v, 0, 1, {"add": 0}, state)
        await dbs.execute(
            db, "UPDATE snapshots SET state = 'garbage' WHERE game_id = ?", (game_id,)
        )
        # the snapshot's digest no longer matches: named, not trusted, not skipped silently
        with pytest.raises(DamagedRowError, match="snapshot at version 5 is not valid JSON"):
            await store.load_game(game_id)
        report = await store.load_running_games()
        assert [e.game_id for e in report.failed] == [game_id] and report.loaded == []
        with pytest.raises(CorruptGameError, match="snapshot at version 5 is not valid JSON"):
            await store.verify_game(game_id)
        done = await store.repair_game(game_id)
        assert (done.kept, done.dropped, done.recovered) == (5, [], [])
        loaded = await store.load_game(game_id)
        assert loaded.game.decisions == 5
        await store.verify_game(game_id)


async def test_snapshot_holding_the_wrong_version_falls_back(db: str) -> None:
    async with Store(db, codec=CounterCodec()) as store:
        game_id = await running_counter_game(store)
        await store.append_action(game_id, 0, 0, 1, {"add": 2})
        wrong = {"seed": 7, "target": 50, "decisions": 9, "total": 2, "history": [2]}
        await store.append_action(game_id, 1, 0, 1, {"add": 3}, wrong)
        loaded = await store.load_game(game_id)
        assert loaded.game.total == 5 and loaded.game.decisions == 2


async def test_real_engine_log_that_does_not_replay(dbs: Databases, db: str) -> None:
    async with Store(db, snapshot_every=1000) as store:
        ids = []
        for channel in (1, 2):
            rec = await store.create_game(
                channel, options=engine.options_to_json(GameOptions(players=2))
            )
            await store.join_game(rec.id, 1)
            await store.join_game(rec.id, 2)
            await store.start_game(rec.id, channel)
            game = Game.new(GameOptions(players=2), channel)
            await play_random(store, rec.id, game, random.Random(channel), 20, {0: 1, 1: 2})
            ids.append(rec.id)
    ((text,),) = await dbs.fetch(
        db, "SELECT action FROM actions WHERE game_id = ? AND seq = 7", (ids[0],)
    )
    bogus = json.dumps({**json.loads(text), "option": "bogus"})
    await dbs.execute(
        db, "UPDATE actions SET action = ? WHERE game_id = ? AND seq = 7", (bogus, ids[0])
    )
    async with Store(db, snapshot_every=1000) as store:
        report = await store.load_running_games()
        assert [e.game_id for e in report.failed] == [ids[0]]
        assert "action #7 does not match its digest" in str(report.failed[0])
        assert [lg.record.id for lg in report.loaded] == [ids[1]]
        # a broken game can still be exported (for the bug report) and aborted
        doc = await store.export_game(ids[0])
        assert doc["actions"][6]["action"]["option"] == "bogus"
        assert (await store.abort_game(ids[0], "corrupt")).status is GameStatus.ABORTED


async def test_a_file_that_is_not_a_database_is_named_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    junk = random.Random(24).randbytes(8192)
    path.write_bytes(junk)
    with pytest.raises(StorageError, match=f"{path} is not a SQLite database") as err:
        await Store.open(str(path))
    assert "left as it is" in str(err.value)
    assert path.read_bytes() == junk  # never overwritten
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite3"]
