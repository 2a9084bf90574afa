"""Driving :class:`bot.service.GameService` directly on a real SQLite file (no
Discord): open a service (a "process"), start games, press the current button."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.service import Actor, GameService, Reply
from storage import Store
from tests.bot.helpers import FakeClock

MOD = Actor(9, moderator=True)


@dataclass
class Proc:
    """One bot process: its store connection and its service (with its own cache)."""

    store: Store[Any]
    svc: GameService

    async def close(self) -> None:
        await self.svc.release_instance()
        await self.store.close()


async def open_proc(db: str, clock: FakeClock, **kw: Any) -> Proc:
    store = await Store.open(db, clock=clock)
    svc = GameService(store, render=False, clock=clock, **kw)
    return Proc(store, svc)


async def start_game(
    svc: GameService, cid: int, users: list[int], seed: int = 5, **kw: Any
) -> None:
    r = await svc.create(cid, Actor(users[0]), len(users), **kw)
    assert r.ok, r.text
    for u in users[1:]:
        assert (await svc.join(cid, Actor(u))).ok
    r = await svc.start(cid, Actor(users[0]), seed=seed, order="lobby")
    assert r.ok, r.text


@dataclass(frozen=True)
class Button:
    """The current decision as a button carries it."""

    user: int
    option: str
    game_id: int
    revision: int


async def current_button(svc: GameService, cid: int, rng: random.Random) -> Button:
    e = await svc.games.entry(cid)
    assert e is not None and e.game.decision is not None
    d = e.game.decision
    return Button(e.user(d.seat), rng.choice(d.options).id, e.record.id, e.revision)


async def press(svc: GameService, cid: int, b: Button) -> Reply:
    return await svc.choose(cid, Actor(b.user), b.option, game_id=b.game_id, revision=b.revision)


async def stored_equals_served(svc: GameService, cid: int) -> None:
    """The stored log replays (from options and seed) to exactly the served game."""
    e = await svc.games.entry(cid)
    assert e is not None
    verified = await svc.store.verify_game(e.record.id)
    assert verified.game.to_json() == e.game.to_json()
    rec = await svc.store.get_game(e.record.id)
    assert (rec.version, rec.revision, rec.status) == (e.version, e.revision, e.record.status)
