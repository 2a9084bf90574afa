"""Two bot instances for two shard ranges on one PostgreSQL database.

Each instance starts the way ``python -m bot`` does with ``SHARD_COUNT=2`` and
``SHARD_IDS=0`` or ``1`` (:func:`bot.client.start_service`: the store opened for
its shards, its lease claimed, its games loaded). Games live in guilds of both
shards; each instance gets the clicks of its own guilds, as Discord routes them,
racing (two or three clicks on one prompt at once) while the other instance
writes to the same database. Then the clock moves on and both instances run
their reminder/timeout tick at the same time. Once with two service instances
in this process, once with two processes.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.client import make_bot
from bot.config import Config
from bot.service import Actor, GameService
from storage import LeaseHeldError, ShardRange, Store
from tests.bot.shard_play import (
    COUNT,
    ROUNDS,
    START_TIME,
    Clock,
    config,
    new_games,
    play_rounds,
    start,
)

ROOT = Path(__file__).resolve().parents[2]


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
async def instances(postgres_database: str) -> AsyncIterator[tuple[Clock, list[GameService]]]:
    clock = Clock()
    services: list[GameService] = []
    try:
        for shard in range(COUNT):
            services.append(await start(postgres_database, shard, clock=clock))
        yield clock, services
    finally:
        for svc in services:
            await svc.release_instance()
            await svc.store.close()


async def check_clicks(postgres_database: str, accepted: dict[int, list[tuple[int, str]]]) -> None:
    """Nothing lost, nothing doubled: one action per accepted click, in order,
    and every game's log replays to its stored state."""
    async with Store(postgres_database) as everything:
        for game_id, clicks in accepted.items():
            actions = await everything.get_actions(game_id)
            assert [v for v, _ in clicks] == list(range(ROUNDS))
            assert [a.action["option"] for a in actions] == [option for _, option in clicks]
            await everything.verify_game(game_id)


async def check_tick(
    postgres_database: str,
    games: dict[int, tuple[int, int]],
    timed: set[int],
    versions: dict[int, int],
    notices: list[list[tuple[int, str]]],
) -> None:
    """Each instance told its own games only, each game once: a timeout where one
    was set (the turn played once), a first reminder everywhere else."""
    for shard, told in enumerate(notices):
        assert sorted(c for c, _ in told) == sorted(c for s, c in games.values() if s == shard)
    by_channel = {c: g for g, (_, c) in games.items()}
    async with Store(postgres_database) as everything:
        for channel, text in (n for told in notices for n in told):
            game_id = by_channel[channel]
            rec = await everything.get_game(game_id)
            if game_id in timed:
                assert "Time is up" in text
                assert rec.version > versions[game_id]
                await everything.verify_game(game_id)
            else:
                assert "Reminder 1/3" in text and rec.version == versions[game_id]
                st = await everything.get_game_settings(game_id)
                assert st.reminders_for(rec.revision)[0] == 1


@pytest.mark.postgres
async def test_two_shard_instances_on_one_database(
    postgres_database: str, instances: tuple[Clock, list[GameService]]
) -> None:
    clock, services = instances
    games: dict[int, tuple[int, int]] = {}  # game id -> (shard, channel)
    mine: list[dict[int, int]] = []
    for shard, svc in enumerate(services):
        mine.append(await new_games(svc, shard))
        games.update({g: (shard, c) for g, c in mine[shard].items()})

    # racing clicks in every game at once, each on the instance of its guild's shard
    results = await asyncio.gather(*(play_rounds(svc, mine[s]) for s, svc in enumerate(services)))
    await check_clicks(postgres_database, {g: c for r in results for g, c in r.items()})
    for game_id, (shard, _) in games.items():  # the serving instance holds the stored state
        async with Store(postgres_database) as everything:
            stored = (await everything.load_game(game_id)).game.to_json()
        assert (await services[shard].store.load_game(game_id)).game.to_json() == stored

    # each instance sees only its own shard's games in its sweeps
    for shard, svc in enumerate(services):
        assert {r.game_id for r in await svc.store.tick_rows()} == set(mine[shard])
        assert {g.id for g in await svc.store.list_running_games()} == set(mine[shard])

    # one game per shard gets a turn timeout; then time passes for everyone
    timed = {min(m) for m in mine}
    for game_id in timed:
        shard, channel = games[game_id]
        assert (await services[shard].set_timeout(channel, Actor(1, moderator=True), 30)).ok
    versions = {gid: (await services[0].store.get_game(gid)).version for gid in games}
    clock.advance(61)
    ticks = await asyncio.gather(*(svc.tick() for svc in services))
    assert await asyncio.gather(*(svc.tick() for svc in services)) == [[], []]  # nothing new
    notices = [[(n.channel_id or 0, n.text) for n in told] for told in ticks]
    await check_tick(postgres_database, games, timed, versions, notices)


@pytest.mark.postgres
async def test_a_third_instance_for_a_held_range_refuses_to_start(
    postgres_database: str, instances: tuple[Clock, list[GameService]]
) -> None:
    _clock, services = instances
    holder = services[1].instance
    assert holder is not None
    with pytest.raises(LeaseHeldError, match=f"{holder.owner} holds 'shards:1-1/2'"):
        await start(postgres_database, 1)
    # an unsharded bot may not start beside them either
    with pytest.raises(LeaseHeldError):
        await start(postgres_database, None)
    # nor the real bot: its start-up refuses before serving anything
    bot: Any = make_bot(config(postgres_database, 1))
    assert bot.shard_count == COUNT and bot.shard_ids == [1]
    try:
        with pytest.raises(LeaseHeldError):
            await bot.setup_hook()
        assert bot.frontend is None
    finally:
        await bot.close()
    # the two instances keep serving
    assert services[0].fenced is None and services[1].fenced is None


class Child:
    """One bot instance in a process of its own (tests/bot/shard_child.py)."""

    def __init__(self, postgres_database: str, shard: int, start_time: float) -> None:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.bot.shard_child",
                postgres_database,
                str(shard),
                str(start_time),
            ],
            cwd=ROOT,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def line(self) -> str:
        assert self.proc.stdout is not None
        text = self.proc.stdout.readline()
        if not text:
            err = self.proc.stderr.read() if self.proc.stderr else ""
            raise AssertionError(f"the instance ended: {err[-3000:]}")
        return text.strip()

    def send(self, command: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def answer(self) -> list[list[str]]:
        lines: list[list[str]] = []
        while (text := self.line()) != "done":
            lines.append(text.split(" ", 3))
        return lines

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.send("quit")
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.mark.postgres
def test_two_bot_processes_on_one_database(postgres_database: str) -> None:
    start_time = START_TIME
    children = [Child(postgres_database, shard, start_time) for shard in range(COUNT)]
    try:
        for child in children:
            assert child.line() == "ready"
        # both play at once: each process races clicks in its own guilds' games
        for child in children:
            child.send("play")
        played = [child.answer() for child in children]
        accepted: dict[int, list[tuple[int, str]]] = {}
        games: dict[int, tuple[int, int]] = {}
        for lines in played:
            for _, game_id, version, option in lines:
                accepted.setdefault(int(game_id), []).append((int(version), option))
        asyncio.run(check_clicks(postgres_database, accepted))

        async def layout() -> dict[int, int]:
            async with Store(postgres_database) as everything:
                for rec in await everything.list_running_games():
                    shard = (rec.guild_id >> 22) % COUNT if rec.guild_id else 0
                    games[rec.id] = (shard, rec.channel_id)
                return {g: (await everything.get_game(g)).version for g in games}

        versions = asyncio.run(layout())
        assert set(games) == set(accepted) and {s for s, _ in games.values()} == {0, 1}

        # a third process for a range already running refuses to start
        third = Child(postgres_database, 1, start_time)
        assert third.proc.wait(timeout=120) == 3
        refused = third.line()
        assert refused.startswith("refused") and "holds 'shards:1-1/2'" in refused

        # both tick at once, an hour later
        for child in children:
            child.send("tick 61")
        ticks = [child.answer() for child in children]
        for child in children:
            child.send("tick 1")
        assert [child.answer() for child in children] == [[], []]  # nothing new is due
        notices = [[(int(n[1]), " ".join(n[2:])) for n in told] for told in ticks]
        timed = {min(g for g, (s, _) in games.items() if s == shard) for shard in range(COUNT)}
        asyncio.run(check_tick(postgres_database, games, timed, versions, notices))
    finally:
        for child in children:
            child.stop()
