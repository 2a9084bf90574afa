"""Per-game settings live in storage: a restart (a new Store and service on the
same file) keeps the reminder interval, the turn timeout, the mutes, the
reminder count and the lobby's seat-order choice."""

from __future__ import annotations

import random
from pathlib import Path

from bot.service import Actor
from tests.bot.direct import MOD, Direct, start_game

CID, LOBBY = 720, 721
A, B, C, D = 3001, 3002, 3003, 3004


async def test_settings_survive_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "settings.sqlite3")
    h = await Direct(db).open()
    h.svc.max_reminders = 3
    try:
        await start_game(h.svc, CID, [A, B], seed=3)
        e = await h.svc.games.entry(CID)
        decider = e.user(e.game.decision.seat)
        other = B if decider == A else A
        assert (await h.svc.set_reminder(CID, MOD, 30)).ok
        assert (await h.svc.set_timeout(CID, MOD, 240)).ok
        assert (await h.svc.mute(CID, Actor(other), True)).ok
        h.clock.advance(31)
        notes = await h.svc.tick()  # every 30 min now, not the 12 h default
        assert len(notes) == 1 and "Reminder 1/3" in notes[0].text
        assert notes[0].ping == [decider]
        # a lobby whose creator chose the join order
        assert (await h.svc.create(LOBBY, Actor(C), 2, order="lobby")).ok
        assert (await h.svc.join(LOBBY, Actor(D))).ok
    finally:
        await h.close()

    h2 = await Direct(db, h.clock).open()  # a new process
    h2.svc.max_reminders = 3
    try:
        assert await h2.svc.load_all() == 1
        e = await h2.svc.games.entry(CID)
        st = e.settings
        assert (st.reminder_minutes, st.timeout_minutes, st.muted) == (30, 240, {other})
        assert h2.svc.prompt(e).deadline == e.record.updated_at + 240 * 60
        h2.svc.games.drop(CID)  # loaded one by one (not at start-up): the same settings
        assert (await h2.svc.games.entry(CID)).settings == st
        # the reminder count goes on where it was
        assert await h2.svc.tick() == []  # not 30 min since the last one yet
        h2.clock.advance(30)
        notes = await h2.svc.tick()
        assert len(notes) == 1 and "Reminder 2/3" in notes[0].text
        # the muted player gets no ping on their turn, and no reminder
        rng = random.Random(3)
        reply = None
        for _ in range(100):
            e = await h2.svc.games.entry(CID)
            d = e.game.decision
            if e.user(d.seat) == other:
                break
            reply = await h2.svc.choose(CID, Actor(e.user(d.seat)), rng.choice(d.options).id)
            assert reply.ok, reply.text
        assert reply is not None and reply.turn.user_id == other
        assert reply.ping == []  # their turn, unpinged
        h2.clock.advance(31)
        assert await h2.svc.tick() == []
        # the turn timeout still applies
        h2.clock.advance(240)
        notes = await h2.svc.tick()
        assert len(notes) == 1 and "Time is up" in notes[0].text
        # the lobby starts in join order, as chosen before the restart
        started = await h2.svc.start(LOBBY, Actor(C))
        assert started.ok and "lobby seat order" in started.text
        assert [s.user_id for s in (await h2.svc.games.entry(LOBBY)).seats] == [C, D]
    finally:
        await h2.close()
