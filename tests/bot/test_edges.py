"""The service's edges without Discord: racing clicks, reminder counting, undo
rules, long option lists, the local mode. (What users click is tested on
SimCord: ``test_sim_edges.py``.)"""

from __future__ import annotations

import asyncio
import random
from io import StringIO
from pathlib import Path

from bot.service import Actor, TurnPrompt
from bot.views import OptionButton, OptionSelect, PageButton, decision_view
from engine import Option
from tests.bot.direct import Direct, decide, start_game

CID = 700
A, B, C = 1001, 1002, 1003


async def started(h: Direct, users=(A, B), seed: int = 3) -> None:
    await start_game(h.svc, CID, list(users), seed=seed)


async def step(h: Direct, cid: int, rng: random.Random) -> None:
    await decide(h.svc, cid, rng)


async def test_two_presses_at_once(direct: Direct) -> None:
    h = direct
    await started(h)
    e = await h.svc.games.entry(CID)
    d = e.game.decision
    uid, version = e.user(d.seat), e.version
    a, b = d.options[0].id, d.options[-1].id
    kw = {"game_id": e.record.id, "revision": e.revision}
    r1, r2 = await asyncio.gather(
        h.svc.choose(CID, Actor(uid), a, **kw), h.svc.choose(CID, Actor(uid), b, **kw)
    )
    assert sorted([r1.ok, r2.ok]) == [False, True]
    refused = r1 if not r1.ok else r2
    assert refused.text == "This choice is no longer current."
    assert (await h.svc.games.entry(CID)).version == version + 1
    assert len(await h.store.get_actions(e.record.id)) == version + 1


async def test_reminders_fire_and_stop(direct: Direct) -> None:
    h = direct
    h.svc.max_reminders = 2
    await started(h)
    e = await h.svc.games.entry(CID)
    uid = e.user(e.game.decision.seat)
    assert await h.svc.tick() == []
    h.clock.advance(12 * 60 + 1)
    notes = await h.svc.tick()
    assert len(notes) == 1 and notes[0].ping == [uid] and notes[0].channel_id == CID
    assert "Reminder 1/2" in notes[0].text and "<t:" in notes[0].text  # relative timestamp
    assert await h.svc.tick() == []  # not again right away
    h.clock.advance(12 * 60 + 1)
    assert "Reminder 2/2" in (await h.svc.tick())[0].text
    h.clock.advance(23 * 60)
    assert await h.svc.tick() == []  # at most N
    # and the game does not wait for ever: the default turn timeout (48 h) plays
    h.clock.advance(60)
    notes = await h.svc.tick()
    assert len(notes) == 1 and "Time is up" in notes[0].text
    # muting
    rng = random.Random(7)
    await step(h, CID, rng)
    e = await h.svc.games.entry(CID)
    await h.svc.mute(CID, Actor(e.user(e.game.decision.seat)), True)
    h.clock.advance(13 * 60)
    assert await h.svc.tick() == []


async def test_undo_rules(direct: Direct) -> None:
    h = direct
    await started(h, seed=8)
    rng = random.Random(8)
    # reach a turn decision where a card can be played, play it, then undo
    for _ in range(300):
        e = await h.svc.games.entry(CID)
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
    e2 = await h.svc.games.entry(CID)
    assert e2.game.decision.kind == "turn" and e2.version == v0
    assert e2.game.to_json() == j0
    assert "takes back" in undone.text
    # Sequence B rolls dice: it cannot be taken back
    r = await h.svc.choose(CID, Actor(uid), "B")
    assert r.ok
    no = await h.svc.undo(CID, Actor(uid))
    assert not no.ok


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
    from bot.local.session import Local

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
        "my-choices-board.png",  # their board: the card slots numbered
        "my-choices.png",  # the deciding player's table, options numbered
    ]
    # the same file continues after a restart
    out2 = StringIO()
    local2 = Local(str(tmp_path / "local.sqlite3"), tmp_path / "img", out2, render=False)
    await local2.run(StringIO("options\n1\nquit\n"))
    assert "continues" in out2.getvalue()
