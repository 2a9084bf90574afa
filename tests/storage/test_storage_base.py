"""A game resumed from a later intact snapshot (issue 24, schema 12), on both backends.

Rows 15 and 16 of a 34-action game are deleted: nothing vouches for #15 any
more, but the snapshots at 20 and 30 are tied by their digests to the chain the
later rows verify up to the head. Repair makes the snapshot at 20 the game's
``base`` and keeps every later action; then every reader starts from the base
or refuses clearly: load, start-up, snapshot pruning, cutting the log (undo and
rollback), the whole record (log, replay), verify, export and import, repair
again. Games without a base (every existing one) are untouched.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine import Game
from storage import BeforeBaseError, DamagedRowError, Store
from storage.transfer import parse_export
from tests.storage.helpers import Databases, play_random
from tests.storage.test_storage_damage import ACTIONS, three_games

BASE = 20  # the earliest intact snapshot after the damage (the other is at 30)


async def rebased(dbs: Databases, db: str) -> tuple[list[int], dict[int, dict[str, Any]]]:
    async with Store(db) as store:
        ids, states = await three_games(store)
    bad = ids[1]
    await dbs.execute(db, "DELETE FROM actions WHERE game_id = ? AND seq IN (15, 16)", (bad,))
    async with Store(db) as store:
        done = await store.repair_game(bad)
        assert (done.base, done.kept, done.dropped) == (BASE, ACTIONS, [])
        assert [a.seq for a in done.archived] == [*range(1, 15), *range(17, BASE + 1)]
        assert "action #15 is missing" in (done.why or "")
        assert f"resumed from the intact snapshot at version {BASE}" in (done.why or "")
    return ids, states


async def snapshot_seqs(dbs: Databases, db: str, game_id: int) -> list[int]:
    rows = await dbs.fetch(
        db, "SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq", (game_id,)
    )
    return [r[0] for r in rows]


async def test_a_rebased_game_loads_plays_on_and_restarts(dbs: Databases, db: str) -> None:
    ids, states = await rebased(dbs, db)
    bad = ids[1]
    async with Store(db) as store:
        report = await store.load_running_games()
        assert report.failed == [] and len(report.loaded) == 3
        for lg in report.loaded:  # the others untouched, the rebased one as played
            assert lg.game.to_json() == states[lg.record.id]
            assert lg.record.base == (BASE if lg.record.id == bad else 0)
        await store.verify_game(bad)
        h = await store.read_history(bad)
        assert (h.base, h.start.state.decisions) == (BASE, BASE)
        assert [a.seq for a in h.actions] == list(range(BASE + 1, ACTIONS + 1))
        assert [a.seq for a in await store.get_actions(bad)] == list(range(BASE + 1, ACTIONS + 1))

        # plays on: new snapshots come and old ones go, the base snapshot stays
        game = (await store.load_game(bad)).game
        await play_random(store, bad, game, random.Random(7), 16, {0: 12, 1: 22})
        assert game.state.decisions == 50
        assert await snapshot_seqs(dbs, db, bad) == [BASE, 40, 50]
    async with Store(db) as store:  # a restart
        loaded = await store.load_game(bad)
        assert loaded.game.to_json() == game.to_json()
        await store.verify_game(bad)
        report = await store.load_running_games()
        assert report.failed == []


async def test_nothing_goes_back_before_the_base(dbs: Databases, db: str) -> None:
    ids, states = await rebased(dbs, db)
    bad = ids[1]
    async with Store(db) as store:
        rec = await store.get_game(bad)
        with pytest.raises(BeforeBaseError, match=f"starts after action #{BASE}"):
            await store.truncate_actions(bad, BASE - 1, rec.version)
        assert (await store.get_game(bad)).revision == rec.revision  # nothing written
        # back to the base itself is fine: the base snapshot is the state there
        h = await store.read_history(bad)
        await store.truncate_actions(bad, BASE, rec.version, snapshot=h.start.to_json())
        loaded = await store.load_game(bad)
        assert loaded.game.to_json() == h.start.to_json()
        assert await snapshot_seqs(dbs, db, bad) == [BASE]
        await store.verify_game(bad)
        game = loaded.game
        await play_random(store, bad, game, random.Random(3), 5, {0: 12, 1: 22})
        assert (await store.load_game(bad)).game.to_json() == game.to_json()


async def test_a_rebased_game_exports_and_imports(dbs: Databases, db: str) -> None:
    ids, states = await rebased(dbs, db)
    bad = ids[1]
    async with Store(db) as store:
        doc = await store.export_game(bad)
        assert doc["format_version"] == 2 and doc["base"]["seq"] == BASE
        assert [a["seq"] for a in doc["actions"]] == list(range(BASE + 1, ACTIONS + 1))
        text = json.dumps(doc)
        rec = await store.import_game(text, 99, status="paused")
        assert (rec.base, rec.version) == (BASE, ACTIONS)
        assert (await store.load_game(rec.id)).game.to_json() == states[bad]
        await store.verify_game(rec.id)
        # a game without a base still exports as version 1 (older bots import it)
        plain = await store.export_game(ids[0])
        assert plain["format_version"] == 1 and "base" not in plain
        # a base snapshot edited in the document fails the replay check or the seats'
        bad_doc = json.loads(text)
        bad_doc["base"]["seq"] = BASE + 1
        with pytest.raises(Exception, match="actions\\[0\\] must be|holds version"):
            parse_export(bad_doc)
            await store.import_game(bad_doc, 98)
        v1 = dict(json.loads(text), format_version=1)
        with pytest.raises(Exception, match="needs format_version 2"):
            parse_export(v1)


async def test_a_damaged_base_snapshot_costs_only_its_game(dbs: Databases, db: str) -> None:
    ids, states = await rebased(dbs, db)
    bad = ids[1]
    await dbs.execute(
        db,
        "UPDATE snapshots SET state = REPLACE(state, '\"round\":', '\"round\": ')"
        " WHERE game_id = ? AND seq = ?",
        (bad, BASE),
    )
    async with Store(db) as store:
        report = await store.load_running_games()
        assert [e.game_id for e in report.failed] == [bad]
        assert isinstance(report.failed[0], DamagedRowError)
        assert f"snapshot at version {BASE} its record starts from" in str(report.failed[0])
        assert sorted(lg.record.id for lg in report.loaded) == [ids[0], ids[2]]
        # the newest snapshot is tied to the head: repair resumes from it
        done = await store.repair_game(bad)
        assert (done.base, done.kept, done.dropped) == (ACTIONS, ACTIONS, [])
        assert (await store.load_game(bad)).game.to_json() == states[bad]


async def test_damage_after_the_base_rebases_again_or_is_recovered(dbs: Databases, db: str) -> None:
    ids, states = await rebased(dbs, db)
    bad = ids[1]
    async with Store(db) as store:
        game = (await store.load_game(bad)).game
        await play_random(store, bad, game, random.Random(7), 16, {0: 12, 1: 22})
    final = game.to_json()
    # one flipped row after the base: recovered from its digest, the base kept
    ((text,),) = await dbs.fetch(
        db, "SELECT action FROM actions WHERE game_id = ? AND seq = 45", (bad,)
    )
    await dbs.execute(
        db,
        "UPDATE actions SET action = ? WHERE game_id = ? AND seq = 45",
        (text.replace('"seat":', '"seat": '), bad),
    )
    async with Store(db) as store:
        done = await store.repair_game(bad)
        assert (done.base, done.kept, done.recovered, done.dropped) == (BASE, 50, [45], [])
        assert (await store.load_game(bad)).game.to_json() == final
    # two rows deleted after the base: resumes from the newest snapshot (at the head)
    await dbs.execute(db, "DELETE FROM actions WHERE game_id = ? AND seq IN (41, 42)", (bad,))
    async with Store(db) as store:
        done = await store.repair_game(bad)
        assert (done.base, done.kept, done.dropped) == (50, 50, [])
        assert (await store.load_game(bad)).game.to_json() == final
        await store.verify_game(bad)


async def test_a_game_without_a_base_is_stored_as_before(dbs: Databases, db: str) -> None:
    """Live games are sacred: base 0, no snapshot kept for it, the chain from the seed."""
    async with Store(db) as store:
        ids, states = await three_games(store)
        for game_id in ids:
            rec = await store.get_game(game_id)
            assert rec.base == 0
            assert await snapshot_seqs(dbs, db, game_id) == [20, 30]
            h = await store.read_history(game_id)
            assert rec.seed is not None
            fresh = Game.new(engine.options_from_json(rec.options), rec.seed)
            assert h.start.to_json() == fresh.to_json()
            assert [a.seq for a in h.actions] == list(range(1, ACTIONS + 1))
            assert (await store.load_game(game_id)).game.to_json() == states[game_id]
