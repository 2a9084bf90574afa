"""Who may press what, stale and racing clicks, restarts, moderators, reminders,
undo, errors and long option lists."""

from __future__ import annotations

import asyncio
import random
from io import StringIO
from pathlib import Path

from bot.service import Actor, TurnPrompt
from bot.views import OptionButton, OptionSelect, PageButton, decision_view
from engine import Option
from tests.bot.helpers import Harness, choose_item, option_items, tool
from tests.bot.play import lobby, step

CID = 700
A, B, C = 1001, 1002, 1003


async def started(h: Harness, users=(A, B), seed: int = 3) -> None:
    await lobby(h, CID, list(users), seed=seed)


async def until_public_options(h: Harness, rng: random.Random, *, limit: int = 200):
    """Play until the pending decision is public (buttons on the turn message)."""
    for _ in range(limit):
        e = await h.svc._entry(CID)
        d = e.game.decision
        if not d.secret and option_items(h.turn_message(CID).view):
            return e, d
        await step(h, CID, rng)
    raise AssertionError("no public decision reached")


async def test_non_player_and_out_of_turn(quick: Harness) -> None:
    h = quick
    await started(h)
    e, d = await until_public_options(h, random.Random(1))
    tm = h.turn_message(CID)
    item = choose_item(tm.view, d.options[0].id)
    version = e.version
    outsider = await h.press(item, 4242, CID, tm)
    assert h.errors(outsider) == ["You are not playing in this game."]
    other = B if e.user(d.seat) == A else A
    wrong = await h.press(item, other, CID, tm)
    assert "decision now, not yours" in h.errors(wrong)[0]
    assert (await h.svc._entry(CID)).version == version  # nothing changed
    # the deciding player's 'Show my choices' works; the other's is refused
    show = await h.press(
        tool(decision_view(h.svc.prompt(e), private=False), "hand"), other, CID, tm
    )
    assert show.sent[-1].flags.ephemeral


async def test_stale_button(quick: Harness) -> None:
    h = quick
    await started(h)
    e, d = await until_public_options(h, random.Random(2))
    tm = h.turn_message(CID)
    old = choose_item(tm.view, d.options[0].id)
    uid = e.user(d.seat)
    await h.press(old, uid, CID, tm)
    version = (await h.svc._entry(CID)).version
    again = await h.press(old, uid, CID, tm)
    assert h.errors(again) == ["This choice is no longer current."]
    assert (await h.svc._entry(CID)).version == version


async def test_two_presses_at_once(quick: Harness) -> None:
    h = quick
    await started(h)
    e, d = await until_public_options(h, random.Random(3))
    tm = h.turn_message(CID)
    uid, version = e.user(d.seat), e.version
    a = choose_item(tm.view, d.options[0].id)
    b = choose_item(tm.view, d.options[-1].id)
    r1, r2 = await asyncio.gather(h.press(a, uid, CID, tm), h.press(b, uid, CID, tm))
    errors = h.errors(r1) + h.errors(r2)
    assert errors == ["This choice is no longer current."]
    assert (await h.svc._entry(CID)).version == version + 1
    assert len(await h.store.get_actions(e.record.id)) == version + 1


async def test_restart_in_the_middle(tmp_path: Path) -> None:
    db = str(tmp_path / "restart.sqlite3")
    h = await Harness(db, render=False).open()
    await started(h)
    rng = random.Random(4)
    for _ in range(25):
        await step(h, CID, rng)
    e, d = await until_public_options(h, rng)
    tm = h.turn_message(CID)
    item = choose_item(tm.view, d.options[0].id)
    before = e.game.to_json()
    await h.close()

    h2 = await Harness(db, render=False, clock=h.clock).open()  # a new process
    assert await h2.svc.load_all() == 1
    assert (await h2.svc._entry(CID)).game.to_json() == before
    it = await h2.press(item, e.user(d.seat), CID, tm)  # the old message's button
    assert not h2.errors(it)
    assert (await h2.svc._entry(CID)).version == e.version + 1
    await h2.close()


async def test_moderator_replaces_a_player(quick: Harness) -> None:
    h = quick
    await started(h)
    e = await h.svc._entry(CID)
    seat_of_a = e.seat_of(A)
    refused = await h.cmd("mod replace", B, CID, seat=seat_of_a + 1, user=_user(C))
    assert "Only moderators" in h.errors(refused)[0]
    await h.cmd("mod replace", 9, CID, manage=True, seat=seat_of_a + 1, user=_user(C))
    announce = h.channel(CID).public[-1].content
    assert "(moderator) replaced <@1001>" in announce and "<@1003>" in announce
    e = await h.svc._entry(CID)
    assert e.seat_of(A) is None and e.seat_of(C) == seat_of_a
    # the old player can no longer act; the new one inherits the seat and plays on
    r = await h.svc.choose(CID, Actor(A), "1")
    assert r.text == "You are not playing in this game."
    rng = random.Random(5)
    for _ in range(30):
        await step(h, CID, rng)


async def test_removed_player_is_played_by_the_bot(quick: Harness) -> None:
    h = quick
    await started(h, users=(A, B, C))
    e = await h.svc._entry(CID)
    await h.cmd("mod remove", 9, CID, manage=True, seat=e.seat_of(B) + 1)
    rng = random.Random(6)
    for _ in range(40):
        await step(h, CID, rng)  # never waits for B
    assert "played by the bot" in "\n".join(h.public_texts())


async def test_reminders_fire_and_stop(quick: Harness) -> None:
    h = quick
    h.svc.max_reminders = 2
    await started(h)
    e = await h.svc._entry(CID)
    uid = e.user(e.game.decision.seat)
    assert await h.svc.tick() == []
    h.clock.advance(12 * 60 + 1)
    notes = await h.svc.tick()
    assert len(notes) == 1 and notes[0].ping == [uid] and notes[0].channel_id == CID
    assert "Reminder 1/2" in notes[0].text and "<t:" in notes[0].text  # relative timestamp
    await h.fe.post_notices(notes)
    sent = h.channel(CID).public[-1]
    assert [o.id for o in sent.mentions.users] == [uid]
    assert await h.svc.tick() == []  # not again right away
    h.clock.advance(12 * 60 + 1)
    assert "Reminder 2/2" in (await h.svc.tick())[0].text
    h.clock.advance(24 * 60)
    assert await h.svc.tick() == []  # at most N
    # muting
    rng = random.Random(7)
    await step(h, CID, rng)
    e = await h.svc._entry(CID)
    await h.svc.mute(CID, Actor(e.user(e.game.decision.seat)), True)
    h.clock.advance(13 * 60)
    assert await h.svc.tick() == []


async def test_turn_timeout_plays_and_tells(quick: Harness) -> None:
    h = quick
    await started(h)
    it = await h.cmd("mod timeout", 9, CID, manage=True, minutes=60)
    assert "timeout of 60 min" in it.sent[-1].content
    e = await h.svc._entry(CID)
    version = e.version
    h.clock.advance(61)
    notes = await h.svc.tick()
    assert len(notes) == 1 and "Time is up" in notes[0].text
    assert (await h.svc._entry(CID)).version > version


async def test_undo_rules(quick: Harness) -> None:
    h = quick
    await started(h, seed=8)
    rng = random.Random(8)
    # reach a turn decision where a card can be played, play it, then undo
    for _ in range(300):
        e = await h.svc._entry(CID)
        d = e.game.decision
        if d.kind == "turn" and any(o.id.startswith("play:") for o in d.options):
            break
        await step(h, CID, rng)
    uid = e.user(d.seat)
    other = B if uid == A else A
    card = next(o.id for o in d.options if o.id.startswith("play:"))
    v0, j0 = e.version, e.game.to_json()
    r = await h.svc.choose(CID, Actor(uid), card)
    assert r.ok
    refused = await h.svc.undo(CID, Actor(other))
    assert not refused.ok and "your own decisions" in refused.text
    undone = await h.svc.undo(CID, Actor(uid))
    assert undone.ok, undone.text
    e2 = await h.svc._entry(CID)
    assert e2.game.decision.kind == "turn" and e2.version == v0
    assert e2.game.to_json() == j0
    assert "takes back" in undone.text
    # Sequence B rolls dice: it cannot be taken back
    r = await h.svc.choose(CID, Actor(uid), "B")
    assert r.ok
    no = await h.svc.undo(CID, Actor(uid))
    assert not no.ok


async def test_unexpected_error_keeps_the_game(quick: Harness, monkeypatch) -> None:
    h = quick
    await started(h)
    e, d = await until_public_options(h, random.Random(9))
    before, version = e.game.to_json(), e.version
    calls = {"n": 0}
    real = h.store.append_action

    async def broken(*a, **kw):
        calls["n"] += 1
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(h.store, "append_action", broken)
    tm = h.turn_message(CID)
    it = await h.press(choose_item(tm.view, d.options[0].id), e.user(d.seat), CID, tm)
    assert "the game is unchanged" in h.errors(it)[0]
    monkeypatch.setattr(h.store, "append_action", real)
    e2 = await h.svc._entry(CID)
    assert e2.version == version and e2.game.to_json() == before


async def test_hand_is_private(harness: Harness) -> None:
    h = harness
    await started(h)
    it = await h.cmd("hand", A, CID)
    msg = it.sent[-1]
    assert msg.flags.ephemeral and "Your hand" in msg.content
    assert "Your hand" not in "\n".join(h.public_texts())
    # the button anywhere does the same, ephemerally, for any player
    it = await h.press(tool(h.turn_message(CID).view, "hand"), B, CID, h.turn_message(CID))
    assert it.sent[-1].flags.ephemeral and "my-board.png" in [
        p for m in h.ephemeral for p in m.files
    ]


def test_many_options_are_paged_never_cut() -> None:
    from bot import prompt as P

    for n in (10, 42, 100, 130):
        opts = tuple(Option(f"o{i}", f"Option label {i} " + "x" * 120) for i in range(n))
        turn = TurnPrompt(1, 2, 0, 5, "Blue", "k", "p", opts, False)
        seen: set[str] = set()
        pages = P.pages(opts)
        for page, p in enumerate(pages):
            view = decision_view(turn, private=True, page=page)
            assert len(view.children) <= 25
            sel = [i for i in view.children if isinstance(i, OptionSelect)]
            expected = 0 if n <= 15 else -(-(p.stop - p.start) // 25)
            assert len(sel) == expected <= 4
            for s in sel:
                assert len(s.item.options) <= 25
                seen |= {o.value for o in s.item.options}
                assert all(len(o.label) <= 100 for o in s.item.options)
            seen |= {i.option for i in view.children if isinstance(i, OptionButton)}
            pagers = [i for i in view.children if isinstance(i, PageButton)]
            assert bool(pagers) == (len(pages) > 1)
            assert all(len(i.custom_id) <= 100 for i in view.children)
        assert seen == {o.id for o in opts}


async def test_local_mode_piped(tmp_path: Path) -> None:
    from bot.local import Local

    script = "\n".join(
        [
            "help",
            "new 2",
            "join bob",
            "start 4",
            "options",
            "1",
            "board",
            "hand",
            "scores",
            "log",
            "rules end",
            "bogus",
            "wait 800",
            "quit",
        ]
    )
    out = StringIO()
    local = Local(str(tmp_path / "local.sqlite3"), tmp_path / "img", out)
    assert await local.run(StringIO(script)) == 0
    text = out.getvalue()
    assert "The game starts" in text and "Your hand" in text and "Unknown command" in text
    assert "Reminder 1/" in text
    assert sorted(p.name.split("-", 1)[1] for p in (tmp_path / "img").iterdir()) == [
        "board.png",
        "board.png",
        "my-board.png",
        "my-choices.png",  # the deciding player's table, options numbered
    ]
    # the same file continues after a restart
    out2 = StringIO()
    local2 = Local(str(tmp_path / "local.sqlite3"), tmp_path / "img", out2, render=False)
    await local2.run(StringIO("options\n1\nquit\n"))
    assert "continues" in out2.getvalue()


def _user(uid: int):
    from unittest.mock import MagicMock

    import discord

    u = MagicMock(spec=discord.User)
    u.id = uid
    u.display_name = u.name = f"user{uid}"
    return u
