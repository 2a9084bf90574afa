"""Issue 24's corruption test through the bot's service, on SQLite: for each
damage kind (bytes that do not decode in a snapshot or an action, flipped and
deleted action rows before and after the newest snapshot, an action edited to
another legal option, an edited seed) the bot starts the way ``python -m bot``
does, only the damaged game is set aside (with its own message, once), every
command on it answers without a raw error, the other games play on, and a
moderator's repair loses no intact action: the game is exactly the one played.
The same damage kinds on PostgreSQL: tests/storage/test_storage_damage.py."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.client import start_service
from bot.config import Config
from bot.service import Actor, GameService, PlainFmt
from storage import NO_SERVER, Store
from tests.bot.helpers import FakeClock
from tests.bot.svc import MOD, current_button, open_proc, press, start_game, stored_equals_served
from tests.storage.helpers import Databases
from tests.storage.test_storage_damage import ACTIONS, KINDS, REBASED

CHANNELS = (501, 502, 503)
DAMAGED = 502


def users(cid: int) -> list[int]:
    return [cid * 10 + 1, cid * 10 + 2]


async def three_played_games(db: str, clock: FakeClock) -> dict[int, dict[str, Any]]:
    """Three two-player games of ACTIONS clicks each; their states by game id."""
    p = await open_proc(db, clock)
    try:
        states = {}
        for cid in CHANNELS:
            await start_game(p.svc, cid, users(cid), seed=cid)
            rng = random.Random(cid)
            for _ in range(ACTIONS):
                assert (await press(p.svc, cid, await current_button(p.svc, cid, rng))).ok
            e = await p.svc.games.entry(cid)
            assert e is not None and e.version == ACTIONS
            states[e.record.id] = e.game.to_json()
        return states
    finally:
        await p.close()


def config(db: str) -> Config:
    return Config(
        token=None,
        db_path=db,
        log_level="WARNING",
        test_guild_id=None,
        reminder_minutes=720,
        max_reminders=3,
    )


async def started(db: str, clock: FakeClock) -> GameService:
    """The bot's start (open, migrate, lease, games loading in the background)."""
    svc = await start_service(config(db), db, PlainFmt(), clock=clock, render=False)
    assert svc.games.loading is not None
    await svc.games.loading
    return svc


@pytest.mark.parametrize("kind", sorted(KINDS))
async def test_the_bot_starts_and_only_the_damaged_game_is_set_aside(
    tmp_path: Path, kind: str
) -> None:
    db, clock = str(tmp_path / "g.sqlite3"), FakeClock()
    states = await three_played_games(db, clock)
    async with Store(db) as store:
        bad = (await store.active_game(DAMAGED)).id  # type: ignore[union-attr]
    damage, seq = KINDS[kind]
    await damage(Databases("sqlite", tmp_path, None), db, bad, random.Random(kind))

    svc = await started(db, clock)
    try:
        assert sorted(svc.games.cache) == [501, 503]  # loaded; the damaged one is not
        notes = await svc.tick()
        assert [n.channel_id for n in notes] == [DAMAGED]
        assert f"Game #{bad} is set aside" in notes[0].text
        if kind == "seed":
            assert "seed or options are damaged" in notes[0].text
        # every way in answers with a message; none raises
        player = Actor(users(DAMAGED)[0])
        for r in (
            await svc.board(DAMAGED),
            await svc.event_log(DAMAGED, 1),
            await svc.undo(DAMAGED, player),
            await svc.choose(DAMAGED, player, "1"),
            await svc.export(DAMAGED, MOD),
        ):
            assert r.text and "Traceback" not in r.text
        assert not (await svc.board(DAMAGED)).ok
        # the other games play on
        for cid in (501, 503):
            assert (await press(svc, cid, await current_button(svc, cid, random.Random(1)))).ok

        fixed = await svc.repair(DAMAGED, MOD)
        if kind == "seed":
            assert not fixed.ok and "seed or options are damaged" in fixed.text
            assert "backup" in fixed.text and "export" in fixed.text
            assert not (await svc.board(DAMAGED)).ok  # still set aside, nothing rebuilt
            return
        assert fixed.ok, fixed.text
        assert f"{ACTIONS} actions kept" in fixed.text and "cut" not in fixed.text
        if seq is not None:
            assert "1 damaged one recovered" in fixed.text
        e = await svc.games.entry(DAMAGED)
        assert e is not None and e.game.to_json() == states[bad]  # not silently different
        await stored_equals_served(svc, DAMAGED)
        assert (await press(svc, DAMAGED, await current_button(svc, DAMAGED, random.Random(2)))).ok
        if kind in REBASED:
            await readers_of_a_rebased_game(svc, bad, REBASED[kind])
    finally:
        await svc.release_instance()
        await svc.store.close()


async def readers_of_a_rebased_game(svc: GameService, game_id: int, base: int) -> None:
    """A game resumed from a later snapshot: every reader starts there or says why not."""
    resumes = f"the record resumes after move {base}"
    log = await svc.event_log(DAMAGED, 999)  # the oldest page: where the record starts
    assert log.ok and f"Moves 1-{base} were lost to damage; {resumes}" in log.text
    replay, tl, _ = await svc.replay_turn(NO_SERVER, game_id, 0)
    assert replay.ok and f"the table after move {base}" in replay.text, replay.text
    assert tl is not None and tl.base == base
    # roll back to the base, then nothing more: the moderator is told why
    e = await svc.games.entry(DAMAGED)
    assert e is not None
    for _ in range(ACTIONS):  # far more than there are
        r = await svc.rollback(DAMAGED, MOD)
        if not r.ok:
            break
    assert not r.ok and f"moves 1-{base} were lost to damage" in r.text, r.text
    e = await svc.games.entry(DAMAGED)
    assert e is not None and e.version == base
    undo = await svc.undo(DAMAGED, Actor(users(DAMAGED)[0]))
    assert not undo.ok and "lost to damage" in undo.text, undo.text
    await stored_equals_served(svc, DAMAGED)
    # a complete export of it imports (format version 2, with its base snapshot)
    assert (await svc.end(DAMAGED, MOD)).ok
    exported = await svc.export(DAMAGED, MOD)
    assert exported.ok and exported.file is not None, exported.text
    doc = json.loads(exported.file[1])
    assert doc["format_version"] == 2 and doc["base"]["seq"] == base
    imported = await svc.import_game(777, MOD, exported.file[1])
    assert imported.ok, imported.text


async def test_bytes_that_do_not_decode_in_every_game_still_let_the_bot_start(
    tmp_path: Path,
) -> None:
    """The start-up that raised for all games (issue 24): now every game is set
    aside on its own and the bot answers."""
    db, clock = str(tmp_path / "g.sqlite3"), FakeClock()
    await three_played_games(db, clock)
    dbs = Databases("sqlite", tmp_path, None)
    async with Store(db) as store:
        ids = [(await store.active_game(c)).id for c in CHANNELS]  # type: ignore[union-attr]
    for game_id in ids:
        await KINDS["snapshot-bytes"][0](dbs, db, game_id, random.Random(game_id))
    svc = await started(db, clock)
    try:
        assert len(svc.games.cache) == 0
        assert sorted(n.channel_id for n in await svc.tick()) == list(CHANNELS)
        r = await svc.create(900, Actor(1), 2)  # and it serves: a new game in another channel
        assert r.ok, r.text
    finally:
        await svc.release_instance()
        await svc.store.close()
