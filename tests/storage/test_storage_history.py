"""Finished games as history and the ratings folded from them (storage/history.py),
on SQLite and PostgreSQL: listings, a game rated exactly once when two processes
race to rate it, and stored ratings always equal to a fold over the history."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.service import ratings as R
from storage import NO_SERVER, GameStatus, Rating, Store
from tests.storage.helpers import CounterCodec, Databases

GUILD = 77


class Clock:
    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


async def finished(
    store: Store[Any],
    users: list[int],
    scores: list[int],
    *,
    guild: int | None = GUILD,
    channel: int = 1,
    players: int | None = None,
) -> int:
    """A game of ``users`` (seat order) that ended with ``scores``."""
    rec = await store.create_game(
        channel, guild_id=guild, options={"players": players or len(users)}
    )
    for u in users:
        await store.join_game(rec.id, u)
    await store.start_game(rec.id, 1, order=users)
    best = max(scores)
    result = {"scores": scores, "winners": [i for i, s in enumerate(scores) if s == best]}
    await store.finish_game(rec.id, result)
    return rec.id


async def test_finished_games_newest_first_paged_and_by_player(db: str) -> None:
    clock = Clock()
    async with Store(db, codec=CounterCodec(), clock=clock) as store:
        ids = []
        for i in range(5):
            clock.t += 10
            ids.append(await finished(store, [1, 2 + i % 2], [30, 20 + i], channel=10 + i))
        clock.t += 10
        running = await store.create_game(99, guild_id=GUILD)  # a lobby: not history
        aborted = await store.create_game(98, guild_id=GUILD)
        await store.abort_game(aborted.id, "no")
        await finished(store, [1, 2], [5, 6], guild=GUILD + 1, channel=50)  # another server
        await finished(store, [1, 2], [5, 6], guild=None, channel=51)  # no server (local)

        games = await store.finished_games(GUILD)
        assert [g.record.id for g in games] == ids[::-1]
        assert all(g.record.status is GameStatus.FINISHED for g in games)
        assert [s.user_id for s in games[0].seats] == [1, 2]
        assert await store.count_finished(GUILD) == 5
        page2 = await store.finished_games(GUILD, offset=2, limit=2)
        assert [g.record.id for g in page2] == [ids[2], ids[1]]
        bobs = await store.finished_games(GUILD, user_id=3)
        assert [g.record.id for g in bobs] == [ids[3], ids[1]]
        assert await store.count_finished(GUILD, user_id=3) == 2
        oldest = await store.finished_games(GUILD, oldest_first=True)
        assert [g.record.id for g in oldest] == ids
        assert len(await store.finished_games(NO_SERVER)) == 1
        assert running.id not in [g.record.id for g in games]


async def test_two_processes_rate_a_game_once(dbs: Databases) -> None:
    """Both processes see the same end and fold at the same time: one counts it."""
    db = dbs.new()
    async with (
        Store(db, codec=CounterCodec()) as a,
        Store(db, codec=CounterCodec()) as b,
    ):
        gid = await finished(a, [1, 2, 3], [40, 30, 30])
        runs = await asyncio.gather(*(s.rate_finished(GUILD, R.rate) for s in (a, b, a, b)))
        assert sorted(len(r.rated) for r in runs) == [0, 0, 0, 1]
        assert await a.rated_game_ids(GUILD) == [gid]
        stored = await b.get_ratings(GUILD)
        assert {u: r.games for u, r in stored.items()} == {1: 1, 2: 1, 3: 1}
        assert stored == R.fold(await a.finished_games(GUILD))
        # the tie shares a place: equal ratings, below the winner
        assert stored[2] == Rating(2, stored[3].mu, stored[3].sigma, 1)
        assert stored[1].mu > stored[2].mu
        # folding again changes nothing
        assert (await b.rate_finished(GUILD, R.rate)).games == []
        assert await a.get_ratings(GUILD) == stored


async def test_incremental_ratings_equal_a_fold_over_the_history(db: str) -> None:
    """Games rated as they end, one that turns up late (ended before the last
    rated one), and a refold: always the fold over the whole history."""
    clock = Clock()
    async with Store(db, codec=CounterCodec(), clock=clock) as store:
        results = [([1, 2], [50, 40]), ([2, 3, 4], [30, 45, 45]), ([1, 3], [20, 20])]
        for users, scores in results:
            clock.t += 100
            await finished(store, users, scores)
            assert len((await store.rate_finished(GUILD, R.rate)).rated) == 1
        clock.t -= 150  # a game that ended before the last one, rated only now
        late = await finished(store, [4, 1, 2], [10, 60, 35])
        clock.t += 500
        run = await store.rate_finished(GUILD, R.rate)
        assert run.recomputed and late in run.rated and len(run.games) == 4
        history = await store.finished_games(GUILD)
        expected = R.fold(history)
        assert await store.get_ratings(GUILD) == expected
        assert expected[1].games == 3 and expected[4].games == 2
        ids = await store.rated_game_ids(GUILD)
        assert ids == [g.record.id for g in sorted(history, key=lambda g: g.order_key)]
        assert ids.index(late) == 1  # ended between the first and second: folded there
        refold = await store.rate_finished(GUILD, R.rate, refold=True)
        assert refold.recomputed and len(refold.games) == 4
        assert await store.get_ratings(GUILD) == expected


async def test_solo_bot_and_aborted_games_rate_nobody(db: str) -> None:
    async with Store(db, codec=CounterCodec()) as store:
        solo = await finished(store, [1], [40, 35], players=1)
        with_bot = await finished(store, [1, -1], [40, 35])  # one person and a bot seat
        removed = await finished(store, [0, 2], [40, 35])  # the bot took over seat 0
        lobby = await store.create_game(5, guild_id=GUILD, options={"players": 2})
        await store.join_game(lobby.id, 1)
        await store.join_game(lobby.id, 2)
        await store.start_game(lobby.id, 1)
        await store.abort_game(lobby.id, "ended early")
        run = await store.rate_finished(GUILD, R.rate)
        assert sorted(run.games) == sorted([solo, with_bot, removed]) and run.rated == []
        assert await store.get_ratings(GUILD) == {}
        # people rank among themselves, bots left out: 2 beat 3, the bot between them
        rated = await finished(store, [2, -1, 3], [50, 45, 40])
        assert (await store.rate_finished(GUILD, R.rate)).rated == [rated]
        got = await store.get_ratings(GUILD)
        assert set(got) == {2, 3} and got[2].mu > got[3].mu


async def test_a_corrupt_result_is_listed_but_rates_nobody(tmp_path) -> None:
    path = str(tmp_path / "c.sqlite3")
    async with Store(path, codec=CounterCodec()) as store:
        gid = await finished(store, [1, 2], [40, 30])

        async def damage(db: Any) -> None:
            await db.execute("UPDATE games SET result = '{not json' WHERE id = ?", (gid,))

        await store._write(damage)
        assert [g.record.id for g in await store.finished_games(GUILD)] == [gid]
        run = await store.rate_finished(GUILD, R.rate)
        assert run.games == [gid] and run.rated == []
