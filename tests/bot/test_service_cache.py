"""The cache is only a faster read of the database (issue 10): readers cannot
overwrite a click, a click newer than the cache reloads, every change of a
game (pause, resume, replace, remove) bumps the revision and refreshes the
engine game, so the stored log always replays to the game served."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from bot.service import BOT_USER, Actor
from tests.bot.helpers import FakeClock
from tests.bot.svc import (
    MOD,
    current_button,
    open_proc,
    press,
    start_game,
    stored_equals_served,
)

CID = 900
A, B, C = 11, 12, 13


async def test_a_reader_missing_the_cache_cannot_overwrite_a_click(tmp_path: Path) -> None:
    """Drop the cache, press a button and "Board" at once: the board's load
    (read before the click was stored, finished after) must not replace the
    clicked game in the cache; the next presses of the current button work."""
    p = await open_proc(str(tmp_path / "g.sqlite3"), FakeClock())
    try:
        svc = p.svc
        await start_game(svc, CID, [A, B])
        rng = random.Random(1)
        button = await current_button(svc, CID, rng)
        svc.games.drop(CID)  # evicted, or dropped after an error
        appended = asyncio.Event()
        real_append, real_load = p.store.append_action, p.store.load_game

        async def append(*a, **kw):
            res = await real_append(*a, **kw)
            appended.set()
            return res

        async def load(game_id):  # a load by the reader returns only after the click
            loaded = await real_load(game_id)
            task = asyncio.current_task()
            if task is not None and task.get_name() == "reader":
                await asyncio.wait_for(appended.wait(), 5)
            return loaded

        p.store.append_action = append  # type: ignore[method-assign]
        p.store.load_game = load  # type: ignore[method-assign]
        click = asyncio.create_task(press(svc, CID, button), name="click")
        reader = asyncio.create_task(svc.board(CID), name="reader")
        clicked, board = await asyncio.gather(click, reader)
        assert clicked.ok, clicked.text
        assert board.ok
        for _ in range(3):
            r = await press(svc, CID, await current_button(svc, CID, rng))
            assert r.ok, r.text
        await stored_equals_served(svc, CID)
    finally:
        await p.close()


async def test_a_click_newer_than_the_cache_reloads(tmp_path: Path) -> None:
    db, clock = str(tmp_path / "g.sqlite3"), FakeClock()
    one, two = await open_proc(db, clock), await open_proc(db, clock)
    try:
        await start_game(one.svc, CID, [A, B])
        rng = random.Random(2)
        await current_button(one.svc, CID, rng)  # cached in process one
        b = await current_button(two.svc, CID, rng)
        assert (await press(two.svc, CID, b)).ok  # the game moved on in process two
        newer = await current_button(two.svc, CID, rng)  # the button now on the message
        r = await press(one.svc, CID, newer)
        assert r.ok, r.text
        await stored_equals_served(one.svc, CID)
    finally:
        await one.close()
        await two.close()


async def test_resume_after_a_stale_cache_serves_the_stored_game(tmp_path: Path) -> None:
    """Pause and resume refresh the engine game, not only the record: after
    them the clicks are stored against the right state and the log replays."""
    db, clock = str(tmp_path / "g.sqlite3"), FakeClock()
    one, two = await open_proc(db, clock), await open_proc(db, clock)
    try:
        await start_game(one.svc, CID, [A, B])
        rng = random.Random(3)
        await current_button(one.svc, CID, rng)  # process one caches the game now
        for _ in range(2):
            assert (await press(two.svc, CID, await current_button(two.svc, CID, rng))).ok
        assert (await two.svc.pause(CID, MOD)).ok
        r = await one.svc.resume(CID, MOD)
        if not r.ok:  # its view was old: told so, and the next look is fresh
            assert "changed meanwhile" in r.text
            r = await one.svc.resume(CID, MOD)
        assert r.ok, r.text
        for _ in range(6):
            r = await press(one.svc, CID, await current_button(one.svc, CID, rng))
            assert r.ok, r.text
        await stored_equals_served(one.svc, CID)
        # process two is behind (that is what the instance lease prevents): the
        # current button still works there, judged against the stored game
        r = await press(two.svc, CID, await current_button(one.svc, CID, rng))
        assert r.ok, r.text
        await stored_equals_served(two.svc, CID)
    finally:
        await one.close()
        await two.close()


async def test_pause_and_resume_make_old_buttons_stale(tmp_path: Path) -> None:
    p = await open_proc(str(tmp_path / "g.sqlite3"), FakeClock())
    try:
        await start_game(p.svc, CID, [A, B])
        old = await current_button(p.svc, CID, random.Random(4))
        assert (await p.svc.pause(CID, MOD)).ok
        assert (await p.svc.resume(CID, MOD)).ok
        r = await press(p.svc, CID, old)
        assert not r.ok and r.text == "This choice is no longer current."
        assert (await p.svc.games.entry(CID)).revision == old.revision + 2
        await stored_equals_served(p.svc, CID)
    finally:
        await p.close()


async def test_a_replaced_players_buttons_stop_working_in_every_process(tmp_path: Path) -> None:
    db, clock = str(tmp_path / "g.sqlite3"), FakeClock()
    one, two = await open_proc(db, clock), await open_proc(db, clock)
    try:
        await start_game(one.svc, CID, [A, B])
        button = await current_button(one.svc, CID, random.Random(5))  # cached in one
        e = await two.svc.games.entry(CID)
        seat = e.seat_of(button.user)
        assert (await two.svc.replace(CID, MOD, seat, C)).ok
        r = await press(one.svc, CID, button)  # the old player, in the other process
        assert not r.ok and r.text == "This choice is no longer current."
        assert (await one.svc.games.entry(CID)).seat_of(button.user) is None
        await stored_equals_served(one.svc, CID)
    finally:
        await one.close()
        await two.close()


async def test_two_seats_can_be_removed(tmp_path: Path) -> None:
    """Removing gives the seat to nobody (the bot); several seats may be nobody's."""
    p = await open_proc(str(tmp_path / "g.sqlite3"), FakeClock())
    try:
        await start_game(p.svc, CID, [A, B, C])
        assert (await p.svc.replace(CID, MOD, 1, BOT_USER)).ok
        r = await p.svc.replace(CID, MOD, 2, BOT_USER)
        assert r.ok, r.text
        e = await p.svc.games.entry(CID)
        assert [s.user_id for s in e.seats] == [A, BOT_USER, BOT_USER]
        await stored_equals_served(p.svc, CID)
    finally:
        await p.close()


async def test_cache_of_one_game_serves_two_channels(tmp_path: Path) -> None:
    """With room for one game, two channels take turns in the cache and every
    click is judged against the stored game."""
    p = await open_proc(str(tmp_path / "g.sqlite3"), FakeClock(), max_cached=1)
    try:
        await start_game(p.svc, CID, [A, B], seed=1)
        await start_game(p.svc, CID + 1, [A, B], seed=2)
        rng = random.Random(6)
        for i in range(20):
            cid = CID + i % 2
            r = await press(p.svc, cid, await current_button(p.svc, cid, rng))
            assert r.ok, r.text
            assert len(p.svc.games.cache) == 1
        for cid in (CID, CID + 1):
            await stored_equals_served(p.svc, cid)
    finally:
        await p.close()


async def test_cache_put_needs_the_lock_and_never_goes_back(tmp_path: Path) -> None:
    p = await open_proc(str(tmp_path / "g.sqlite3"), FakeClock())
    try:
        await start_game(p.svc, CID, [A, B])
        old = await p.svc.games.entry(CID)
        stale = type(old)(old.record, old.seats, old.game, old.settings)  # as read before
        assert (await press(p.svc, CID, await current_button(p.svc, CID, random.Random(7)))).ok
        new = await p.svc.games.entry(CID)
        assert new.revision == stale.revision + 1
        try:
            p.svc.games.cache.put(CID, stale)
        except RuntimeError as exc:
            assert "without the channel's lock" in str(exc)
        else:
            raise AssertionError("a put without the lock was accepted")
        async with p.svc.games.lock(CID):
            assert p.svc.games.cache.put(CID, stale) is new  # older: the cached game stays
        assert (await p.svc.games.entry(CID)).revision == new.revision
        _ = Actor  # the public names stay importable
    finally:
        await p.close()


async def test_a_reader_never_sees_an_action_the_database_does_not_hold(tmp_path: Path) -> None:
    """While a click's append is in flight the game is ahead of the database:
    a reader waits; when the append fails, it sees the stored game."""
    p = await open_proc(str(tmp_path / "g.sqlite3"), FakeClock())
    try:
        svc = p.svc
        await start_game(svc, CID, [A, B])
        button = await current_button(svc, CID, random.Random(8))
        stored = (await svc.games.entry(CID)).game.to_json()
        entered, release = asyncio.Event(), asyncio.Event()

        async def append(*a, **kw):
            entered.set()
            await release.wait()
            raise RuntimeError("disk full")

        p.store.append_action = append  # type: ignore[method-assign]
        click = asyncio.create_task(press(svc, CID, button))
        await asyncio.wait_for(entered.wait(), 5)
        seen: list[dict] = []

        async def read() -> None:
            e = await svc.games.entry(CID)
            seen.append(e.game.to_json())

        reader = asyncio.create_task(read())
        board = asyncio.create_task(svc.board(CID))
        for _ in range(20):
            await asyncio.sleep(0)
        assert not reader.done() and not board.done()  # waiting for the lock
        assert svc.autocomplete(CID, button.user, "") == []  # nothing from a busy game
        release.set()
        r = await click
        assert not r.ok and "the game is unchanged" in r.text
        await reader
        assert (await board).ok
        assert seen == [stored]
        await stored_equals_served(svc, CID)
    finally:
        await p.close()
