"""What a bot instance for one shard does in the shard tests: its games, racing
clicks on them, its start. Shared by the in-process test and the child process
(``tests/bot/shard_child.py``)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bot.client import start_service
from bot.config import Config
from bot.service import Actor, GameService, Reply
from bot.service.format import PlainFmt
from storage import ShardRange

COUNT = 2
GAMES_PER_SHARD = 3
ROUNDS = 12
START_TIME = 1_800_000_000.0


class Clock:
    """The instances' clock (the store's and the service's), moved on by hand."""

    def __init__(self, t: float = START_TIME) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, minutes: float) -> None:
        self.t += minutes * 60


def config(db: str, shard: int | None) -> Config:
    return Config(
        token=None,
        db_path=db,
        log_level="INFO",
        test_guild_id=None,
        reminder_minutes=60,
        max_reminders=3,
        shards=None if shard is None else ShardRange(COUNT, shard, shard),
    )


def guild_on(shard: int, n: int) -> int:
    """A Discord-like guild id on ``shard`` of ``COUNT``."""
    return ((n * COUNT + shard) << 22) | 777


def channel_of(shard: int, n: int) -> int:
    return 1000 + 10 * shard + n


async def start(db: str, shard: int | None, **options: Any) -> GameService:
    """An instance as ``python -m bot`` starts it (LeaseHeldError if the range is held)."""
    return await start_service(config(db, shard), db, PlainFmt(), render=False, **options)


async def new_game(svc: GameService, channel: int, guild: int, users: tuple[int, int]) -> int:
    host, guest = Actor(users[0]), Actor(users[1])
    assert (await svc.create(channel, host, 2, guild_id=guild)).ok  # the host is seated
    assert (await svc.join(channel, guest)).ok
    assert (await svc.start(channel, host, seed=channel)).ok
    rec = await svc.store.active_game(channel)
    assert rec is not None
    return rec.id


async def new_games(svc: GameService, shard: int) -> dict[int, int]:
    """This shard's games: game id -> channel."""
    games = {}
    for n in range(GAMES_PER_SHARD):
        channel = channel_of(shard, n)
        games[await new_game(svc, channel, guild_on(shard, n), (100 + n, 200 + n))] = channel
    return games


async def race_one_prompt(
    svc: GameService, channel: int, game_id: int, rng: random.Random
) -> tuple[int, str]:
    """Two or three clicks on the current prompt at once; returns (log length
    before, the one click that was accepted)."""
    loaded = await svc.store.load_game(game_id)
    d = loaded.game.decision
    user = loaded.seats[d.seat].user_id
    picks = [rng.choice(d.options).id for _ in range(rng.choice([2, 3]))]
    replies: list[Reply] = await asyncio.gather(
        *(
            svc.choose(channel, Actor(user), ref, game_id=game_id, revision=loaded.record.revision)
            for ref in picks
        )
    )
    accepted = [ref for ref, r in zip(picks, replies, strict=True) if r.ok]
    assert len(accepted) == 1, [r.text for r in replies]
    return loaded.record.version, accepted[0]


async def play_rounds(svc: GameService, games: dict[int, int]) -> dict[int, list[tuple[int, str]]]:
    """ROUNDS racing prompts in every game at once: game id -> accepted clicks."""
    accepted: dict[int, list[tuple[int, str]]] = {gid: [] for gid in games}

    async def play(game_id: int) -> None:
        rng = random.Random(game_id)
        for _ in range(ROUNDS):
            accepted[game_id].append(await race_one_prompt(svc, games[game_id], game_id, rng))

    await asyncio.gather(*(play(gid) for gid in games))
    return accepted
