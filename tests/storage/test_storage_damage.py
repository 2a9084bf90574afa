"""Damage is found at load and costs only itself (issue 24), on both backends.

Three real games; the middle one is damaged behind the store's back, one kind
at a time (seeded): bytes that do not decode (SQLite only: PostgreSQL refuses
them), flipped and deleted action rows before and after the newest snapshot, an
action edited to another legal option, an edited seed. Each time only that game
fails to load, with a message naming the damage; repair keeps every intact
action (a damaged one is recovered from its digests), and the repaired game is
exactly the one that was played; a damaged seed is refused, and nothing written.
"""

from __future__ import annotations

import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import Game, GameOptions
from storage import CorruptGameError, SeedDamagedError, Store
from tests.storage.helpers import Databases, play_random

ACTIONS = 34  # snapshots at 30 (newest) and 20 (the one before)
SNAP = 30


async def three_games(store: Store[Any]) -> tuple[list[int], dict[int, dict[str, Any]]]:
    ids, states = [], {}
    for channel in (1, 2, 3):
        rec = await store.create_game(
            channel, options=engine.options_to_json(GameOptions(players=2))
        )
        await store.join_game(rec.id, 10 + channel)
        await store.join_game(rec.id, 20 + channel)
        await store.start_game(rec.id, channel)
        game = Game.new(GameOptions(players=2), channel)
        users = {0: 10 + channel, 1: 20 + channel}
        await play_random(store, rec.id, game, random.Random(channel), ACTIONS, users)
        assert game.state.decisions == ACTIONS
        ids.append(rec.id)
        states[rec.id] = game.to_json()
    return ids, states


Damage = Callable[[Databases, str, int, random.Random], Awaitable[str]]


async def action_text(dbs: Databases, db: str, game_id: int, seq: int) -> str:
    ((text,),) = await dbs.fetch(
        db, "SELECT action FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq)
    )
    return str(text)


def bad_bytes(seq: int | None) -> Damage:
    async def damage(dbs: Databases, db: str, game_id: int, rng: random.Random) -> str:
        if seq is None:
            await dbs.execute(
                db,
                "UPDATE snapshots SET state = CAST(? AS TEXT) WHERE game_id = ? AND seq = ?",
                (b'{"x": "\xff\xfe"}', game_id, SNAP),
            )
            return f"snapshot at version {SNAP} has bytes that are not UTF-8"
        text = (await action_text(dbs, db, game_id, seq)).encode()
        i = rng.randrange(len(text))
        broken = text[:i] + b"\xc3" + text[i + 1 :]  # a lone lead byte
        await dbs.execute(
            db,
            "UPDATE actions SET action = CAST(? AS TEXT) WHERE game_id = ? AND seq = ?",
            (broken, game_id, seq),
        )
        return f"action #{seq} has bytes that are not UTF-8"

    return damage


def flipped(seq: int) -> Damage:
    async def damage(dbs: Databases, db: str, game_id: int, rng: random.Random) -> str:
        text = bytearray((await action_text(dbs, db, game_id, seq)).encode())
        i = rng.randrange(len(text))
        text[i] ^= 1 << rng.randrange(7)  # stays ASCII (PostgreSQL takes it)
        await dbs.execute(
            db,
            "UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
            (text.decode(), game_id, seq),
        )
        return f"action #{seq} "

    return damage


def deleted(seq: int) -> Damage:
    async def damage(dbs: Databases, db: str, game_id: int, rng: random.Random) -> str:
        await dbs.execute(db, "DELETE FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq))
        if seq == ACTIONS:
            return f"ends at #{seq - 1} but the game is at version {seq}"
        return f"gap: expected #{seq}, found #{seq + 1}"

    return damage


def other_option(seq: int) -> Damage:
    """The action replaced by another option that was legal at that point."""

    async def damage(dbs: Databases, db: str, game_id: int, rng: random.Random) -> str:
        rows = await dbs.fetch(
            db, "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        ((seed, options),) = await dbs.fetch(
            db, "SELECT seed, options FROM games WHERE id = ?", (game_id,)
        )
        game = Game.new(engine.options_from_json(json.loads(options)), seed)
        for (text,) in rows[: seq - 1]:
            game.apply(engine.Action.from_json(json.loads(text)))
        real = json.loads(rows[seq - 1][0])
        others = [a.to_json() for a in game.legal_actions() if a.to_json() != real]
        assert others, "the seeded game must offer a choice here"
        fake = rng.choice(others)
        await dbs.execute(
            db,
            "UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
            (json.dumps(fake, separators=(",", ":")), game_id, seq),
        )
        return f"action #{seq} does not match its digest"

    return damage


async def edited_seed(dbs: Databases, db: str, game_id: int, rng: random.Random) -> str:
    await dbs.execute(db, "UPDATE games SET seed = seed + 1 WHERE id = ?", (game_id,))
    return "the seed or options do not match their digest"


#: kind -> (the damage, the action it damages: the one repair must recover)
async def damaged_game_digest(dbs: Databases, db: str, game_id: int, rng: random.Random) -> str:
    """Only the digest column of the seed and options: repair can tell (the first
    action's digest is chained to the real one) and keeps the game."""
    await dbs.execute(db, "UPDATE games SET digest = 'ffff' WHERE id = ?", (game_id,))
    return "the seed or options do not match their digest"


def beyond_recovery(kind: Callable[[int], Damage], seq: int) -> Damage:
    """``kind`` at ``seq`` with nothing left to vouch for it: its digest column
    wiped and the next row deleted. Repair cannot recover it; the intact
    snapshot after it (tied to the chain the later rows verify) resumes the game."""
    hit = kind(seq)

    async def damage(dbs: Databases, db: str, game_id: int, rng: random.Random) -> str:
        message = await hit(dbs, db, game_id, rng)
        await dbs.execute(
            db,
            "UPDATE actions SET digest = NULL WHERE game_id = ? AND seq = ?",
            (game_id, seq),
        )
        await dbs.execute(
            db, "DELETE FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq + 1)
        )
        return message.replace(f"found #{seq + 1}", f"found #{seq + 2}")

    return damage


KINDS: dict[str, tuple[Damage, int | None]] = {
    "snapshot-bytes": (bad_bytes(None), None),
    "action-bytes-before-snapshot": (bad_bytes(12), 12),
    "action-bytes-after-snapshot": (bad_bytes(32), 32),
    "flip-before-snapshot": (flipped(7), 7),
    "flip-after-snapshot": (flipped(33), 33),
    "delete-before-snapshot": (deleted(15), 15),
    "delete-after-snapshot": (deleted(31), 31),
    "delete-last": (deleted(ACTIONS), ACTIONS),
    "other-option-before-snapshot": (other_option(25), 25),
    "other-option-after-snapshot": (other_option(32), 32),
    "seed": (edited_seed, None),
    "seed-digest": (damaged_game_digest, None),
    # beyond recovery before the newest snapshot: the game resumes from it (its base)
    "action-bytes-beyond-recovery-before-snapshot": (beyond_recovery(bad_bytes, 25), None),
    "flip-beyond-recovery-before-snapshot": (beyond_recovery(flipped, 25), None),
    "delete-beyond-recovery-before-snapshot": (beyond_recovery(deleted, 25), None),
    "other-option-beyond-recovery-before-snapshot": (beyond_recovery(other_option, 25), None),
}
#: kinds after which the game resumes from a later intact snapshot: its new base
REBASED: dict[str, int] = {k: SNAP for k in KINDS if "beyond-recovery" in k}


@pytest.mark.parametrize("kind", sorted(k for k in KINDS if "bytes" not in k))
async def test_damage_costs_only_itself(dbs: Databases, db: str, kind: str) -> None:
    await damaged_and_repaired(dbs, db, kind)


@pytest.mark.parametrize("kind", sorted(k for k in KINDS if "bytes" in k))
async def test_bytes_that_do_not_decode_cost_only_themselves(tmp_path: Path, kind: str) -> None:
    """SQLite only: PostgreSQL refuses to store bytes that are not UTF-8."""
    dbs = Databases("sqlite", tmp_path, None)
    await damaged_and_repaired(dbs, dbs.new(), kind)


async def damaged_and_repaired(dbs: Databases, db: str, kind: str) -> None:
    rng = random.Random(f"damage:{kind}")
    async with Store(db) as store:
        ids, states = await three_games(store)
    bad = ids[1]
    damage, seq = KINDS[kind]
    message = await damage(dbs, db, bad, rng)
    before = await dbs.fetch(
        db, "SELECT seq, digest FROM actions WHERE game_id = ? ORDER BY seq", (bad,)
    )

    async with Store(db) as store:
        report = await store.load_running_games()
        assert [e.game_id for e in report.failed] == [bad]
        assert message in str(report.failed[0])
        assert sorted(lg.record.id for lg in report.loaded) == [ids[0], ids[2]]
        for lg in report.loaded:  # the others are exactly what was played
            assert lg.game.to_json() == states[lg.record.id]
        with pytest.raises(CorruptGameError, match=f"game {bad} is corrupt"):
            await store.load_game(bad)
        # every read of the damaged game answers with a CorruptGameError or its rows, never a raw error
        await store.get_actions(bad)
        await store.read_log(bad)

        if kind == "seed":
            with pytest.raises(SeedDamagedError, match="backup"):
                await store.repair_game(bad)
            after = await dbs.fetch(
                db, "SELECT seq, digest FROM actions WHERE game_id = ? ORDER BY seq", (bad,)
            )
            assert after == before  # refused: nothing written
            return

        done = await store.repair_game(bad)
        assert done.kept == ACTIONS and done.dropped == []  # no intact action lost
        assert done.recovered == ([] if seq is None else [seq])
        assert done.base == REBASED.get(kind, 0)
        if done.base:  # the record starts at the snapshot; the actions after it are all kept
            assert [a.seq for a in await store.get_actions(bad)] == list(
                range(done.base + 1, ACTIONS + 1)
            )
        loaded = await store.load_game(bad)
        assert loaded.game.to_json() == states[bad]  # not silently different
        await store.verify_game(bad)
        report = await store.load_running_games()
        assert report.failed == [] and len(report.loaded) == 3


async def test_what_cannot_be_recovered_is_cut_and_logged_before_the_commit(
    dbs: Databases, db: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Two neighbouring rows deleted after the newest snapshot: nothing vouches
    for the first any more and no later snapshot helps, so the verified prefix
    ends before it; the rows cut are in the bot's log before the repair commits
    (a crash at the commit leaves both the game and the trace)."""
    async with Store(db) as store:
        ids, _ = await three_games(store)
    bad = ids[1]
    await dbs.execute(db, "DELETE FROM actions WHERE game_id = ? AND seq IN (31, 32)", (bad,))
    async with Store(db) as store:
        real_write = store.backend.write

        async def crash_at_commit(fn: Callable[[Any], Awaitable[Any]]) -> Any:
            async def then_fail(conn: Any) -> Any:
                await fn(conn)
                raise RuntimeError("killed at the commit")

            return await real_write(then_fail)

        store.backend.write = crash_at_commit  # type: ignore[method-assign]
        with caplog.at_level("WARNING", logger="storage"), pytest.raises(RuntimeError):
            await store.repair_game(bad)
        assert f"game {bad} repaired: action #31 is missing" in caplog.text
        assert '"seq": 33' in caplog.text and f'"seq": {ACTIONS}' in caplog.text
        assert (await store.get_game(bad)).version == ACTIONS  # rolled back: nothing lost
        store.backend.write = real_write  # type: ignore[method-assign]

        done = await store.repair_game(bad)
        assert done.kept == SNAP and [a.seq for a in done.dropped] == list(range(33, ACTIONS + 1))
        assert "action #31 is missing" in (done.why or "") and done.base == 0
        assert (await store.load_game(bad)).game.state.decisions == SNAP
        await store.verify_game(bad)


async def test_a_later_intact_snapshot_verified_by_the_chain_counts(
    dbs: Databases, db: str
) -> None:
    """Issue 24: "Repair keeps the longest verified prefix (a later intact snapshot
    verified by the chain counts)". Rows 15 and 16 are gone (nothing vouches for
    15), but the snapshot at 20 is tied by its digest to row 20's, and rows 21..34
    chain from it to the head: the game resumes from it, exactly as played, and
    no verified action after it is cut (before games had a base, repair kept 14;
    tests/storage/test_storage_base.py checks which snapshot becomes the base)."""
    async with Store(db) as store:
        ids, states = await three_games(store)
    bad = ids[1]
    await dbs.execute(db, "DELETE FROM actions WHERE game_id = ? AND seq IN (15, 16)", (bad,))
    async with Store(db) as store:
        done = await store.repair_game(bad)
        assert done.kept == ACTIONS, done.why
        assert [a.seq for a in done.dropped] == []
        loaded = await store.load_game(bad)
        assert loaded.game.to_json() == states[bad]
