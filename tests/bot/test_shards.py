"""Two bot instances for two shard ranges on one PostgreSQL database.

Each instance starts the way ``python -m bot`` does with ``SHARD_COUNT=2`` and
``SHARD_IDS=0`` or ``1`` (:func:`bot.client.start_service`: the store opened for
its shards, its lease claimed, its games loaded). Games live in guilds of both
shards; each instance gets the clicks of its own guilds, as Discord routes them,
racing (two or three clicks on one prompt at once) while the other instance
writes to the same database. Then the clock moves on and both instances run
their reminder/timeout tick at the same time.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from bot.client import make_bot, start_service
from bot.config import Config
from bot.service import Actor, GameService, Reply
from bot.service.format import PlainFmt
from storage import LeaseHeldError, ShardRange, Store
from tests.bot.helpers import FakeClock
from tests.postgres import PostgresServer

COUNT = 2
GAMES_PER_SHARD = 3
ROUNDS = 12


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
    return ((n * COUNT + shard) << 22) | 777


def test_shard_settings_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import discord

    from bot.__main__ import main

    monkeypatch.setenv("BLACK_ANGEL_DB", "x.sqlite3")
    monkeypatch.delenv("SHARD_IDS", raising=False)
    monkeypatch.delenv("SHARD_COUNT", raising=False)
    cfg = Config.from_env(load_dotenv=False)
    assert cfg.shards is None and cfg.lease_scope == "all"
    assert not isinstance(make_bot(cfg), discord.AutoShardedClient)

    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2-3")
    cfg = Config.from_env(load_dotenv=False)
    assert cfg.shards == ShardRange(4, 2, 3) and cfg.lease_scope == "shards:2-3/4"
    bot: Any = make_bot(cfg)
    assert isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])

    monkeypatch.setenv("SHARD_IDS", "2-5")
    assert main([]) == 2
    assert "configuration error: shards 2-5 are not within 0-3" in capsys.readouterr().err
    monkeypatch.delenv("SHARD_COUNT")
    with pytest.raises(ValueError, match="SHARD_IDS needs SHARD_COUNT"):
        Config.from_env(load_dotenv=False)


@pytest.fixture
def database(postgres_server: PostgresServer) -> Iterator[str]:
    name, url = postgres_server.new_database()
    try:
        yield url
    finally:
        postgres_server.drop_database(name)


@pytest.fixture
async def instances(database: str) -> AsyncIterator[tuple[FakeClock, list[GameService]]]:
    clock = FakeClock()
    services: list[GameService] = []
    try:
        for shard in range(COUNT):
            services.append(
                await start_service(
                    config(database, shard), database, PlainFmt(), render=False, clock=clock
                )
            )
        yield clock, services
    finally:
        for svc in services:
            await svc.release_instance()
            await svc.store.close()


async def new_game(svc: GameService, channel: int, guild: int, users: tuple[int, int]) -> int:
    host, guest = Actor(users[0]), Actor(users[1])
    assert (await svc.create(channel, host, 2, guild_id=guild)).ok  # the host is seated
    assert (await svc.join(channel, guest)).ok
    assert (await svc.start(channel, host, seed=channel)).ok
    rec = await svc.store.active_game(channel)
    assert rec is not None
    return rec.id


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


@pytest.mark.postgres
async def test_two_shard_instances_on_one_database(
    database: str, instances: tuple[FakeClock, list[GameService]]
) -> None:
    clock, services = instances
    games: dict[int, tuple[int, int]] = {}  # game id -> (shard, channel)
    for shard, svc in enumerate(services):
        for n in range(GAMES_PER_SHARD):
            channel = 1000 + 10 * shard + n
            game_id = await new_game(svc, channel, guild_on(shard, n), (100 + n, 200 + n))
            games[game_id] = (shard, channel)

    # racing clicks in every game at once, each on the instance of its guild's shard
    accepted: dict[int, list[tuple[int, str]]] = {gid: [] for gid in games}
    rngs = {gid: random.Random(gid) for gid in games}

    async def play(game_id: int) -> None:
        shard, channel = games[game_id]
        for _ in range(ROUNDS):
            accepted[game_id].append(
                await race_one_prompt(services[shard], channel, game_id, rngs[game_id])
            )

    await asyncio.gather(*(play(gid) for gid in games))

    # nothing lost, nothing doubled: each accepted click is in the log once, at its place
    async with Store(database) as everything:
        for game_id, clicks in accepted.items():
            actions = await everything.get_actions(game_id)
            # one action per accepted click, in the order accepted
            assert [v for v, _ in clicks] == list(range(ROUNDS))
            assert [a.action["option"] for a in actions] == [option for _, option in clicks]
            await everything.verify_game(game_id)  # the log replays to the stored state
            # the instance serving it holds exactly that state
            shard, channel = games[game_id]
            served = await services[shard].store.load_game(game_id)
            assert served.game.to_json() == (await everything.load_game(game_id)).game.to_json()

    # each instance sees only its own shard's games in its sweeps
    for shard, svc in enumerate(services):
        mine = {gid for gid, (s, _) in games.items() if s == shard}
        assert {r.game_id for r in await svc.store.tick_rows()} == mine
        assert {g.id for g in await svc.store.list_running_games()} == mine

    # one game per shard gets a turn timeout; then time passes for everyone
    timed = {shard: min(g for g, (s, _) in games.items() if s == shard) for shard in range(COUNT)}
    for shard, game_id in timed.items():
        channel = games[game_id][1]
        assert (await services[shard].set_timeout(channel, Actor(1, moderator=True), 30)).ok
    versions = {gid: (await services[0].store.get_game(gid)).version for gid in games}
    clock.advance(61)
    ticks = await asyncio.gather(*(svc.tick() for svc in services))
    again = await asyncio.gather(*(svc.tick() for svc in services))  # nothing new is due

    assert again == [[], []]
    for shard, notices in enumerate(ticks):
        channels = [n.channel_id for n in notices]
        mine = sorted(c for g, (s, c) in games.items() if s == shard)
        assert sorted(channels) == mine  # one notice per game of its own shard, none other
        for n in notices:
            game_id = next(g for g, (_, c) in games.items() if c == n.channel_id)
            if game_id == timed[shard]:
                assert "Time is up" in n.text
            else:
                assert "Reminder 1/3" in n.text
    async with Store(database) as everything:
        for game_id in games:
            rec = await everything.get_game(game_id)
            st = await everything.get_game_settings(game_id)
            if game_id in timed.values():
                assert rec.version > versions[game_id]  # the timeout played, once
                await everything.verify_game(game_id)
            else:
                assert rec.version == versions[game_id]
                assert st.reminders_for(rec.revision)[0] == 1  # reminded once


@pytest.mark.postgres
async def test_a_third_instance_for_a_held_range_refuses_to_start(
    database: str, instances: tuple[FakeClock, list[GameService]]
) -> None:
    _clock, services = instances
    holder = services[1].instance
    assert holder is not None
    with pytest.raises(LeaseHeldError, match=f"{holder.owner} holds 'shards:1-1/2'"):
        await start_service(config(database, 1), database, PlainFmt(), render=False)
    # an unsharded bot may not start beside them either
    with pytest.raises(LeaseHeldError):
        await start_service(config(database, None), database, PlainFmt(), render=False)
    # nor the real bot process: its start-up refuses before serving anything
    bot: Any = make_bot(config(database, 1))
    assert bot.shard_count == COUNT and bot.shard_ids == [1]
    try:
        with pytest.raises(LeaseHeldError):
            await bot.setup_hook()
        assert bot.frontend is None
    finally:
        await bot.close()
    # the two instances keep serving
    assert services[0].fenced is None and services[1].fenced is None
