"""Undo and moderator rollback cut the log in place: the game keeps its id, and
every button shown before answers "no longer current", even when the log is
back at the same number of actions."""

from __future__ import annotations

import random

from bot.service import Actor
from storage import GameStatus
from tests.bot.helpers import Harness, choose_item, option_items, tool
from tests.bot.play import lobby, step

CID = 710
A, B = 2001, 2002


async def until_undoable(h: Harness, rng: random.Random):
    """Play until the pending decision is a turn decision that offers a card
    (a secret decision: its buttons are on the player's private message)."""
    for _ in range(300):
        e = await h.svc._entry(CID)
        d = e.game.decision
        if d.kind == "turn" and any(o.id.startswith("play:") for o in d.options):
            return e, d
        await step(h, CID, rng)
    raise AssertionError("no undoable decision reached")


async def private_choices(h: Harness, uid: int):
    """Press "Show my choices" on the turn message; the private message it sends."""
    tm = h.turn_message(CID)
    it = await h.press(tool(tm.view, "choices"), uid, CID, tm)
    private = it.sent[-1]
    assert private.flags.ephemeral and option_items(private.view)
    return private


async def test_undo_keeps_the_game_and_old_buttons_go_stale(quick: Harness) -> None:
    h = quick
    await lobby(h, CID, [A, B], seed=8)
    e, d = await until_undoable(h, random.Random(8))
    game_id, v0, r0, j0 = e.record.id, e.version, e.revision, e.game.to_json()
    uid = e.user(d.seat)
    card = next(o.id for o in d.options if o.id.startswith("play:"))
    mine = await private_choices(h, uid)
    old_card = choose_item(mine.view, card)  # rendered at (v0, r0)
    assert f":{r0}:" in old_card.custom_id

    played = await h.press(old_card, uid, CID, mine)
    assert not h.errors(played)
    undone = await h.cmd("undo", uid, CID)
    assert not h.errors(undone)
    assert "takes back" in h.channel(CID).public[-1].content

    e2 = await h.svc._entry(CID)
    assert e2.record.id == game_id and e2.record.status is GameStatus.RUNNING
    assert e2.version == v0 and e2.revision == r0 + 2
    assert e2.game.to_json() == j0
    # one game in the channel, no archived copy of it
    assert [g.id for g in await h.store.list_games(channel_id=CID)] == [game_id]
    # the old button: same game, same number of actions, but from before the undo
    again = await h.press(old_card, uid, CID, mine)
    assert h.errors(again) == ["This choice is no longer current."]
    assert (await h.svc._entry(CID)).revision == r0 + 2
    # the same choice from fresh private choices works
    mine2 = await private_choices(h, uid)
    fresh = choose_item(mine2.view, card)
    assert f":{r0 + 2}:" in fresh.custom_id
    ok = await h.press(fresh, uid, CID, mine2)
    assert not h.errors(ok)
    e3 = await h.svc._entry(CID)
    assert (e3.version, e3.revision) == (v0 + 1, r0 + 3)
    # ... after which the old button is still stale (its revision never returns)
    late = await h.press(old_card, uid, CID, mine)
    assert h.errors(late) == ["This choice is no longer current."]
    # the stored game is the cached one, and a full replay agrees
    verified = await h.store.verify_game(game_id)
    assert verified.game.to_json() == e3.game.to_json()


async def test_moderator_rollback_in_place(quick: Harness) -> None:
    h = quick
    await lobby(h, CID, [A, B], seed=4)
    rng = random.Random(4)
    for _ in range(12):
        await step(h, CID, rng)
    e = await h.svc._entry(CID)
    game_id, v, r = e.record.id, e.version, e.revision
    before_last = (await h.store.get_actions(game_id))[:-1]
    tm = h.turn_message(CID)
    stale = option_items(tm.view) or [tool(tm.view, "choices")]

    refused = await h.cmd("mod rollback", A, CID)
    assert "Only moderators" in h.errors(refused)[0]
    await h.cmd("mod rollback", 9, CID, manage=True)
    assert "rolled back the last action" in h.channel(CID).public[-1].content

    e2 = await h.svc._entry(CID)
    assert (e2.record.id, e2.version, e2.revision) == (game_id, v - 1, r + 1)
    assert [a.action for a in await h.store.get_actions(game_id)] == [a.action for a in before_last]
    await h.store.verify_game(game_id)
    if option_items(tm.view):
        d = e.game.decision
        it = await h.press(stale[0], e.user(d.seat), CID, tm)
        assert h.errors(it) == ["This choice is no longer current."]
    # a paused game can be rolled back too, and stays paused
    await h.cmd("mod pause", 9, CID, manage=True)
    await h.cmd("mod rollback", 9, CID, manage=True)
    e3 = await h.svc._entry(CID)
    assert e3.record.status is GameStatus.PAUSED and e3.version == v - 2
    # the game goes on after resuming, and survives a reload from storage
    await h.cmd("mod resume", 9, CID, manage=True)
    for _ in range(5):
        await step(h, CID, rng)
    h.svc.drop(CID)
    assert (await h.svc._entry(CID)).version == v + 3


async def test_old_button_after_restart_and_undo(tmp_path) -> None:
    """The guard is in storage too: a second service on the same file (as a
    second process, with its own cache) cannot apply a click from before the undo."""
    db = str(tmp_path / "two.sqlite3")
    h = await Harness(db, render=False).open()
    try:
        await lobby(h, CID, [A, B], seed=8)
        e, d = await until_undoable(h, random.Random(8))
    except BaseException:
        await h.close()
        raise
    uid, card = e.user(d.seat), next(o.id for o in d.options if o.id.startswith("play:"))
    r0 = e.revision
    other = await Harness(db, render=False, clock=h.clock).open()
    try:
        stale_entry = await other.svc._entry(CID)  # cached at r0 in the other process
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
    h = await Harness(db, render=False).open()
    other = await Harness(db, render=False, clock=h.clock).open()
    try:
        await lobby(h, CID, [A, B], seed=5)
        rng = random.Random(5)
        for _ in range(6):
            await step(h, CID, rng)
        stale = await other.svc._entry(CID)
        v, r = stale.version, stale.revision
        mod = Actor(9, moderator=True)
        assert (await h.svc.rollback(CID, mod)).ok
        e = await h.svc._entry(CID)
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
