"""Undo and moderator rollback cut the log in place, also between two processes
on one database (the service's own guard; clicking Undo and stale buttons in
Discord is tested in ``test_sim_undo.py``)."""

from __future__ import annotations

import random

from bot.service import Actor
from tests.bot.direct import Direct, decide, start_game

CID = 710
A, B = 2001, 2002


async def until_undoable(h: Direct, rng: random.Random):
    """Play until the pending decision is a turn decision that offers a card."""
    for _ in range(300):
        e = await h.svc.games.entry(CID)
        d = e.game.decision
        if d.kind == "turn" and any(o.id.startswith("play:") for o in d.options):
            return e, d
        await decide(h.svc, CID, rng)
    raise AssertionError("no undoable decision reached")


async def test_old_button_after_restart_and_undo(tmp_path) -> None:
    """The guard is in storage too: a second service on the same file (as a
    second process, with its own cache) cannot apply a click from before the undo."""
    db = str(tmp_path / "two.sqlite3")
    h = await Direct(db).open()
    try:
        await start_game(h.svc, CID, [A, B], seed=8)
        e, d = await until_undoable(h, random.Random(8))
    except BaseException:
        await h.close()
        raise
    uid, card = e.user(d.seat), next(o.id for o in d.options if o.id.startswith("play:"))
    r0 = e.revision
    other = await Direct(db, h.clock).open()
    try:
        stale_entry = await other.svc.games.entry(CID)  # cached at r0 in the other process
        assert stale_entry.revision == r0
        assert (await h.svc.choose(CID, Actor(uid), card)).ok
        assert (await h.svc.undo(CID, Actor(uid))).ok
        # the other process still holds the game at r0 and the same version: storage refuses
        r = await other.svc.choose(CID, Actor(uid), card, game_id=e.record.id, revision=r0)
        assert r.text == "This choice is no longer current."
        assert (await h.store.get_game(e.record.id)).revision == r0 + 2
    finally:
        await other.close()
        await h.close()


async def test_rollback_from_a_stale_view_is_refused(tmp_path) -> None:
    """A moderator in a second process, whose cached game predates a rollback
    and a different new action (same number of actions again), cannot cut
    the action they never saw."""
    db = str(tmp_path / "mods.sqlite3")
    h = await Direct(db).open()
    other = await Direct(db, h.clock).open()
    try:
        await start_game(h.svc, CID, [A, B], seed=5)
        rng = random.Random(5)
        for _ in range(6):
            await decide(h.svc, CID, rng)
        stale = await other.svc.games.entry(CID)
        v, r = stale.version, stale.revision
        mod = Actor(9, moderator=True)
        assert (await h.svc.rollback(CID, mod)).ok
        e = await h.svc.games.entry(CID)
        d = e.game.decision
        last = (await h.store.get_actions(e.record.id))[-1].action
        # play something else than what was rolled back, when there is a choice
        pick = next((o.id for o in d.options if o.id != last["option"]), d.options[0].id)
        assert (await h.svc.choose(CID, Actor(e.user(d.seat)), pick)).ok
        now = await h.store.get_game(e.record.id)
        assert (now.version, now.revision) == (v, r + 2)
        refused = await other.svc.rollback(CID, mod)
        assert not refused.ok and "changed meanwhile" in refused.text
        assert (await h.store.get_game(e.record.id)).revision == r + 2
        # with a fresh look it works
        assert (await other.svc.rollback(CID, mod)).ok
        assert (await h.store.get_game(e.record.id)).version == v - 1
    finally:
        await other.close()
        await h.close()
