"""Helpers shared by the storage tests .

``CounterCodec`` is a tiny deterministic game for tests where the engine is
not the point (lobby, settings, concurrency mechanics, corruption handling).
Tests named by issue 4 (persistence round trip, export/import, crash) use the
real engine through ``play_random`` / ``EngineCodec``.
"""

from __future__ import annotations

import itertools
import random
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from storage import EngineCodec, Store
from storage.postgres import to_dollar
from tests.postgres import PostgresServer

JsonDict = dict[str, Any]


@dataclass
class Counter:
    """A fake game: each action adds to a total; a negative add is illegal."""

    seed: int
    target: int
    decisions: int = 0
    total: int = 0
    history: list[int] = field(default_factory=list)


class CounterCodec:
    def new_game(self, options: JsonDict, seed: int) -> Counter:
        return Counter(seed=seed, target=int(options.get("target", 100)))

    def restore(self, snapshot: JsonDict) -> Counter:
        return Counter(**snapshot)

    def apply(self, game: Counter, action: JsonDict) -> None:
        add = action["add"]
        if not isinstance(add, int) or add < 0:
            raise ValueError(f"illegal add {add!r}")
        game.decisions += 1
        game.total += add
        game.history.append(add)

    def dump(self, game: Counter) -> JsonDict:
        return {
            "seed": game.seed,
            "target": game.target,
            "decisions": game.decisions,
            "total": game.total,
            "history": list(game.history),
        }

    def version(self, game: Counter) -> int:
        return game.decisions


async def running_counter_game(
    store: Store[Any], channel_id: int = 100, users: tuple[int, ...] = (1, 2), seed: int = 7
) -> int:
    game = await store.create_game(
        channel_id, guild_id=9, created_by=users[0], options={"target": 50}
    )
    for u in users:
        await store.join_game(game.id, u)
    await store.start_game(game.id, seed)
    return game.id


# ---------------------------------------------------------------------------- real engine


def engine_codec() -> EngineCodec:
    return EngineCodec()


def new_engine_game(players: int, seed: int) -> Any:
    from engine import Game, GameOptions

    return Game.new(GameOptions(players=players), seed)


def options_json(players: int) -> JsonDict:
    import engine
    from engine import GameOptions

    data: JsonDict = engine.options_to_json(GameOptions(players=players))
    return data


def random_action(game: Any, rng: random.Random) -> Any:
    """A legal action for the pending decision, chosen by ``rng``."""
    from engine import Action

    d = game.decision
    return Action(seat=d.seat, option=rng.choice(d.options).id)


async def play_random(
    store: Store[Any],
    game_id: int,
    game: Any,
    rng: random.Random,
    steps: int,
    users: dict[int, int],
) -> Any:
    """Apply up to ``steps`` random legal actions to ``game`` and to the store,
    the way the bot's game service will (engine first, then append)."""
    for _ in range(steps):
        if game.is_over:
            break
        version = game.state.decisions
        action = random_action(game, rng)
        game.apply(action)
        result = game.result if game.is_over else None
        await store.append_action(
            game_id,
            version,
            action.seat,
            users.get(action.seat),
            action.to_json(),
            game.to_json,
            result=result,
        )
    return game


# ---------------------------------------------------------------------------- backends


class Databases:
    """Fresh databases of one backend for a test, and raw SQL on them (to tamper
    with rows or look at them the way an operator's tool would)."""

    def __init__(self, kind: str, tmp_path: Path, server: PostgresServer | None) -> None:
        self.kind = kind
        self.tmp_path = tmp_path
        self.server = server
        self._count = itertools.count(1)
        self._made: list[str] = []

    @property
    def is_postgres(self) -> bool:
        return self.kind == "postgresql"

    def new(self) -> str:
        """A new empty database: a SQLite file path or a ``postgresql://`` URL."""
        if self.server is None:
            return str(self.tmp_path / f"db{next(self._count)}.sqlite3")
        name, url = self.server.new_database()
        self._made.append(name)
        return url

    def drop_all(self) -> None:
        if self.server is not None:
            for name in self._made:
                self.server.drop_database(name)

    async def execute(self, target: str, sql: str, params: tuple[Any, ...] = ()) -> None:
        """Run one statement outside the store (``?`` placeholders), committed."""
        await self.fetch(target, sql, params)

    async def fetch(
        self, target: str, sql: str, params: tuple[Any, ...] = ()
    ) -> list[tuple[Any, ...]]:
        if self.server is None:
            raw = sqlite3.connect(target)
            try:
                with raw:  # commits
                    return [tuple(r) for r in raw.execute(sql, params).fetchall()]
            finally:
                raw.close()
        import asyncpg

        conn = await asyncpg.connect(target)
        try:
            return [tuple(r) for r in await conn.fetch(to_dollar(sql), *params)]
        finally:
            await conn.close()
