"""Driving :class:`bot.service.GameService` directly on a real SQLite file, with no
Discord at all: for what is the service's business (stale clicks between two
processes, undo rules, reminder counting, settings across restarts). Anything a
user does in Discord is tested on SimCord instead (``tests/bot/sim.py``)."""

from __future__ import annotations

import random
from typing import Any

from bot.discordfmt import DiscordFmt
from bot.service import Actor, GameService, Reply
from storage import Store

MOD = Actor(9, moderator=True)


class FakeClock:
    """A clock the test moves (minutes)."""

    def __init__(self, t: float = 1_800_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, minutes: float) -> None:
        self.t += minutes * 60


class Direct:
    """One "process": a store on ``db`` and a service with its own cache, naming
    people and times as the Discord front end does (no client behind it)."""

    def __init__(self, db: str, clock: FakeClock | None = None) -> None:
        self.db = db
        self.clock = clock or FakeClock()

    async def open(self, seed: int = 12345) -> Direct:
        self.store = await Store.open(self.db, clock=self.clock)
        self.svc = GameService(
            self.store, DiscordFmt(), render=False, clock=self.clock, seed_source=lambda: seed
        )
        return self

    async def close(self) -> None:
        await self.store.close()


async def start_game(
    svc: GameService, cid: int, users: list[int], seed: int = 5, **kw: Any
) -> Reply:
    """A lobby by ``users[0]``, the others join, the creator starts it with ``seed``."""
    r = await svc.create(cid, Actor(users[0]), len(users), **kw)
    assert r.ok, r.text
    for u in users[1:]:
        r = await svc.join(cid, Actor(u))
        assert r.ok, r.text
    svc.seed_source = lambda: seed
    r = await svc.start(cid, Actor(users[0]))
    assert r.ok, r.text
    return r


async def decide(svc: GameService, cid: int, rng: random.Random) -> Reply:
    """Whoever must decide picks a random legal option."""
    e = await svc.games.entry(cid)
    assert e is not None and e.game.decision is not None
    d = e.game.decision
    r = await svc.choose(cid, Actor(e.user(d.seat)), rng.choice(d.options).id)
    assert r.ok, r.text
    return r
