"""A stateful property test of the game service (issue 10).

Hypothesis drives two channels' games through the service on a real SQLite
file with a cache of ONE game: clicks (also two at once, and alongside reads),
old buttons, Board/hand/choices/log/scores reads, undo, moderator rollback,
pause, resume, replace, remove, cache evictions and restarts of the process.
After every step, for every channel:

- the stored log replays (from options and seed) to exactly the game the
  service serves, and the cached copy (if any) is that same game;
- the stored log is the model's log: no acknowledged action lost or doubled,
  only undo and rollback take the last one back;
- record, seats and settings served are the stored ones.

And during the steps: a current button (read from the service just before)
is never refused.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from bot.service import BOT_USER, Actor, GameService
from bot.service.model import is_bot
from storage import GameStatus, Store
from tests.bot.helpers import FakeClock

CHANNELS = (1001, 1002)
PLAYERS = {1001: [1, 2, 3], 1002: [4, 5]}
SPARE = [7, 8, 9]  # users a moderator can give a seat to
MOD = Actor(99, moderator=True)
READS = ("board", "hand", "choices", "event_log", "scores")


class ServiceMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.dir = tempfile.mkdtemp(prefix="svc-stateful-")
        self.db = f"{self.dir}/bot.sqlite3"
        self.clock = FakeClock()
        self.store: Store[Any] | None = None
        self.svc: GameService | None = None
        self.model: dict[int, list[dict]] = {}  # channel -> acknowledged actions, in order
        self.games: dict[int, int] = {}  # channel -> active game id
        self.old_buttons: list[tuple[int, Any]] = []
        self.restarts = 0
        self.run(self._open())
        for i, cid in enumerate(CHANNELS):
            self.run(self._new_game(cid, seed=i + 1))

    # ------------------------------------------------------------------ plumbing

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    async def _open(self) -> None:
        self.store = await Store.open(self.db, clock=self.clock)
        self.svc = GameService(self.store, render=False, clock=self.clock, max_cached=1)
        await self.svc.claim_instance(owner=f"run-{self.restarts}", heartbeat=False)

    async def _close(self) -> None:
        assert self.svc is not None and self.store is not None
        await self.svc.release_instance()
        await self.store.close()

    def teardown(self) -> None:
        try:
            self.run(self._close())
        finally:
            self.loop.close()
            shutil.rmtree(self.dir, ignore_errors=True)

    async def _new_game(self, cid: int, seed: int) -> None:
        svc = self.svc
        assert svc is not None
        users = PLAYERS[cid]
        assert (await svc.create(cid, Actor(users[0]), len(users))).ok
        for u in users[1:]:
            assert (await svc.join(cid, Actor(u))).ok
        r = await svc.start(cid, Actor(users[0]), seed=seed, order="lobby")
        assert r.ok, r.text
        rec = await svc.store.active_game(cid)
        assert rec is not None
        self.games[cid] = rec.id
        self.model[cid] = [a.action for a in await svc.store.get_actions(rec.id)]

    async def _button(self, cid: int, pick: int) -> tuple[Actor, str, int, int] | None:
        """The current decision as its button carries it: read from the service."""
        svc = self.svc
        assert svc is not None
        e = await svc.games.entry(cid)
        if e is None:
            return None
        p = svc.prompt(e)
        if p is None:
            return None
        mine = await svc.choices(cid, Actor(p.user_id))  # the private copy (secret options)
        assert mine.ok and mine.turn is not None, mine.text
        t = mine.turn
        assert t.options is not None
        option = t.options[pick % len(t.options)].id
        return Actor(p.user_id), option, t.game_id, t.revision

    async def _stored_actions(self, cid: int) -> list[dict]:
        assert self.svc is not None
        return [a.action for a in await self.svc.store.get_actions(self.games[cid])]

    async def _acknowledged(self, cid: int, action: dict) -> None:
        """An accepted click: the log is the old log + this action (+ the bot's
        moves for removed seats); the game may have ended."""
        log = await self._stored_actions(cid)
        n = len(self.model[cid])
        assert log[:n] == self.model[cid], "an acknowledged action was lost or changed"
        assert log[n] == action, "the click is not the next action stored"
        for extra in log[n + 1 :]:
            e = await self.svc.store.get_game(self.games[cid])
            assert e is not None
            seat = extra["seat"]
            seats = await self.svc.store.get_seats(self.games[cid])
            assert seats[seat].user_id == BOT_USER, "an action nobody acknowledged was stored"
        self.model[cid] = log

    async def _maybe_next_game(self, cid: int) -> None:
        rec = await self.svc.store.get_game(self.games[cid])
        if rec.status is GameStatus.FINISHED:
            await self._new_game(cid, seed=rec.id + 10)

    # ------------------------------------------------------------------ rules

    @rule(
        ch=st.sampled_from(CHANNELS),
        pick=st.integers(0, 50),
        read=st.sampled_from(READS),
        cold=st.booleans(),
    )
    def click(self, ch: int, pick: int, read: str, cold: bool = False) -> None:
        """A click with a read at the same time; ``cold``: the game was evicted
        first, so both the click and the read must load it."""

        async def go() -> None:
            b = await self._button(ch, pick)
            if b is None:
                return
            actor, option, game_id, revision = b
            self.old_buttons.append((ch, b))
            if cold:
                self.svc.games.drop(ch)
            reader = self._read(ch, read, actor)
            r, _ = await asyncio.gather(
                self.svc.choose(ch, actor, option, game_id=game_id, revision=revision), reader
            )
            assert r.ok, f"a current button was refused: {r.text}"
            seat = await self.svc.store.get_seats(game_id)
            who = next(s.seat for s in seat if s.user_id == actor.user_id)
            await self._acknowledged(ch, {"seat": who, "option": option})
            await self._maybe_next_game(ch)

        self.run(go())

    @rule(ch=st.sampled_from(CHANNELS), a=st.integers(0, 50), b=st.integers(0, 50))
    def two_clicks_at_once(self, ch: int, a: int, b: int) -> None:
        async def go() -> None:
            btn = await self._button(ch, a)
            if btn is None:
                return
            actor, first, game_id, revision = btn
            second = (await self._button(ch, b))[1]
            r1, r2 = await asyncio.gather(
                self.svc.choose(ch, actor, first, game_id=game_id, revision=revision),
                self.svc.choose(ch, actor, second, game_id=game_id, revision=revision),
            )
            assert [r1.ok, r2.ok].count(True) == 1, (r1.text, r2.text)
            loser = r2 if r1.ok else r1
            assert loser.text == "This choice is no longer current.", loser.text
            seats = await self.svc.store.get_seats(game_id)
            who = next(s.seat for s in seats if s.user_id == actor.user_id)
            await self._acknowledged(ch, {"seat": who, "option": first if r1.ok else second})
            await self._maybe_next_game(ch)

        self.run(go())

    @precondition(lambda self: self.old_buttons)
    @rule(data=st.data())
    def old_button(self, data: st.DataObject) -> None:
        ch, (actor, option, game_id, revision) = data.draw(st.sampled_from(self.old_buttons))

        async def go() -> None:
            e = await self.svc.games.entry(ch)
            if e is not None and (e.record.id, e.revision) == (game_id, revision):
                return  # still current (an undo brought it back? never: revisions only grow)
            before = await self._stored_actions(ch)
            r = await self.svc.choose(ch, actor, option, game_id=game_id, revision=revision)
            assert not r.ok
            assert await self._stored_actions(ch) == before

        self.run(go())

    async def _read(self, ch: int, kind: str, actor: Actor) -> None:
        svc = self.svc
        if kind == "board":
            r = await svc.board(ch)
        elif kind == "hand":
            r = await svc.hand(ch, actor)
        elif kind == "choices":
            r = await svc.choices(ch, actor)
        elif kind == "event_log":
            r = await svc.event_log(ch, 1)
        else:
            r = await svc.scores(ch)
        assert "set aside" not in r.text and "went wrong" not in r.text, r.text

    @rule(ch=st.sampled_from(CHANNELS), kind=st.sampled_from(READS))
    def read(self, ch: int, kind: str) -> None:
        self.run(self._read(ch, kind, Actor(PLAYERS[ch][0])))

    @rule(ch=st.sampled_from(CHANNELS))
    def undo(self, ch: int) -> None:
        async def go() -> None:
            log = self.model[ch]
            if not log:
                return
            seats = await self.svc.store.get_seats(self.games[ch])
            user = seats[log[-1]["seat"]].user_id
            if user == BOT_USER:
                return
            r = await self.svc.undo(ch, Actor(user))
            if r.ok:
                self.model[ch] = log[:-1]
            assert await self._stored_actions(ch) == self.model[ch]

        self.run(go())

    @rule(ch=st.sampled_from(CHANNELS))
    def rollback(self, ch: int) -> None:
        async def go() -> None:
            old = self.model[ch]
            before = await self.svc.store.get_actions(self.games[ch])
            seats = await self.svc.store.get_seats(self.games[ch])
            held = {s.seat for s in seats if not is_bot(s.user_id)}
            r = await self.svc.rollback(ch, MOD)
            if not r.ok:  # nothing, or only the bot's moves for removed seats, to take back
                records = await self.svc.store.get_actions(self.games[ch])
                assert all(a.user_id is None for a in records), r.text
                assert [a.action for a in records] == old
                return
            records = await self.svc.store.get_actions(self.games[ch])
            log = [a.action for a in records]
            same = 0
            while same < min(len(old), len(log)) and old[same] == log[same]:
                same += 1
            # The last person's action is taken back: gone, or (its seat now the
            # bot's) played again by the bot, which may well choose the same.
            # A person's action: made by a person, or the bot's move for a seat a
            # person holds again (removed, then replaced): that one they now decide.
            person = max(i for i, a in enumerate(before) if a.user_id is not None or a.seat in held)
            assert same <= person or all(a.user_id is None for a in records[person:]), (
                "rollback took nothing back"
            )
            # after the cut only the bot may have moved (for seats nobody holds)
            assert all(a.user_id is None for a in records[min(same, person) :]), (
                "rollback invented a move"
            )
            self.model[ch] = log
            await self._maybe_next_game(ch)

        self.run(go())

    @rule(ch=st.sampled_from(CHANNELS))
    def pause_or_resume(self, ch: int) -> None:
        async def go() -> None:
            rec = await self.svc.store.get_game(self.games[ch])
            if rec.status is GameStatus.RUNNING:
                assert (await self.svc.pause(ch, MOD)).ok
            elif rec.status is GameStatus.PAUSED:
                r = await self.svc.resume(ch, MOD)
                assert r.ok, r.text
                self.model[ch] = await self._stored_actions(ch)  # the bot may play removed seats
                await self._maybe_next_game(ch)

        self.run(go())

    @rule(ch=st.sampled_from(CHANNELS), seat=st.integers(0, 2), new=st.sampled_from(SPARE))
    def replace(self, ch: int, seat: int, new: int) -> None:
        async def go() -> None:
            seats = await self.svc.store.get_seats(self.games[ch])
            if seat >= len(seats) or any(s.user_id == new for s in seats):
                return
            r = await self.svc.replace(ch, MOD, seat, new)
            assert r.ok, r.text
            after = await self.svc.store.get_seats(self.games[ch])
            assert after[seat].user_id == new
            self.model[ch] = await self._stored_actions(ch)
            await self._maybe_next_game(ch)

        self.run(go())

    @rule(ch=st.sampled_from(CHANNELS), seat=st.integers(0, 2))
    def remove(self, ch: int, seat: int) -> None:
        async def go() -> None:
            seats = await self.svc.store.get_seats(self.games[ch])
            humans = [s for s in seats if s.user_id != BOT_USER]
            if seat >= len(seats) or seats[seat].user_id == BOT_USER or len(humans) < 2:
                return
            r = await self.svc.replace(ch, MOD, seat, BOT_USER)
            assert r.ok, r.text
            self.model[ch] = await self._stored_actions(ch)  # the bot may have played
            await self._maybe_next_game(ch)

        self.run(go())

    @rule(ch=st.sampled_from(CHANNELS))
    def evict(self, ch: int) -> None:
        self.svc.games.drop(ch)

    @rule(warm=st.booleans(), pick=st.integers(0, 50))
    def restart(self, warm: bool, pick: int) -> None:
        """A new process on the same file; the button shown before still works."""

        async def go() -> None:
            ch = CHANNELS[pick % 2]
            b = await self._button(ch, pick)
            await self._close()
            self.restarts += 1
            await self._open()
            if warm:
                await self.svc.load_all()
            if b is not None:
                actor, option, game_id, revision = b
                r = await self.svc.choose(ch, actor, option, game_id=game_id, revision=revision)
                assert r.ok, f"a current button was refused after a restart: {r.text}"
                seats = await self.svc.store.get_seats(game_id)
                who = next(s.seat for s in seats if s.user_id == actor.user_id)
                await self._acknowledged(ch, {"seat": who, "option": option})
                await self._maybe_next_game(ch)

        self.run(go())

    # ------------------------------------------------------------------ invariant

    @invariant()
    def stored_is_served(self) -> None:
        async def check() -> None:
            svc = self.svc
            for ch in CHANNELS:
                cached = svc.games.cache.get(ch)
                e = await svc.games.entry(ch)
                assert e is not None
                if cached is not None:
                    assert cached is e
                gid = self.games[ch]
                assert e.record.id == gid
                verified = await svc.store.verify_game(gid)
                assert verified.game.to_json() == e.game.to_json()
                rec = await svc.store.get_game(gid)
                assert (rec.version, rec.revision, rec.status) == (
                    e.version,
                    e.revision,
                    e.record.status,
                )
                assert [s.user_id for s in await svc.store.get_seats(gid)] == [
                    s.user_id for s in e.seats
                ]
                assert await self._stored_actions(ch) == self.model[ch]
                d = e.game.decision
                if e.record.status is GameStatus.RUNNING and d is not None:
                    assert e.user(d.seat) != BOT_USER, "the game waits on a seat nobody holds"
            assert len(svc.games.cache) <= 1

        self.run(check())


ServiceMachine.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TestServiceStateful = ServiceMachine.TestCase


def test_the_machine_plays_games_to_the_end() -> None:
    """The machine's moves reach real play: a long run of clicks finishes a game."""
    m = ServiceMachine()
    try:
        first = m.games[CHANNELS[1]]
        rng = random.Random(1)
        for _ in range(2000):
            m.click(CHANNELS[1], rng.randrange(50), "board")
            if m.games[CHANNELS[1]] != first:
                break
        else:
            raise AssertionError("no game finished")
        m.stored_is_served()
    finally:
        m.teardown()
