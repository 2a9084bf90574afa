"""Fault injection: the service dies at every write boundary of every change,
then a new process starts on the same database (issue 24).

A crash is injected around each storage write transaction of one operation,
just before it begins and just after it commits (a kill inside a transaction
is a kill before it: ``tests/storage/test_storage_crash.py`` shows SQLite
keeps none of it). The crashing process is dropped with its cache; a new one
opens the database, loads the running games and runs one background tick.
Creation and a person's action with the bot's moves after it run on SQLite
and PostgreSQL, the rest on SQLite. Then:

- nothing acknowledged is lost: every game holds exactly what it held before
  the operation, or exactly what the operation leaves when nothing crashes
  (after the tick has played the bot's moves the crash cut short); a turn the
  bot plays for a timed-out person may stop part-way: the person's turn again;
- every game waits on a person or plays on: a lobby has its creator seated, a
  running game's pending decision belongs to a person, and a bot move the
  tick played is posted to its channel.
"""

from __future__ import annotations

import copy
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.service import BOT_USER, Actor, GameService, Reply
from bot.service.model import bot_user, is_bot
from engine import Action
from storage import GameStatus, Store
from tests.bot.direct import FakeClock
from tests.postgres import PostgresServer

CID = 7300
A, B = 71, 72
BOT = bot_user("simple", 0)
MOD = Actor(9, moderator=True)
SEED = 3


class Crash(BaseException):
    """The process dies here (a BaseException: no handler of the service catches it)."""


class Injector:
    """Counts the store's write transactions and dies at the armed boundary."""

    def __init__(self, store: Store[Any]) -> None:
        self.writes = 0
        self.at: tuple[int, str] | None = None
        real = store.backend.write

        async def write(fn: Any) -> Any:
            self.writes += 1
            if self.at == (self.writes, "before"):
                raise Crash
            result = await real(fn)
            if self.at == (self.writes, "after"):
                raise Crash
            return result

        store.backend.write = write  # type: ignore[method-assign]


GameState = tuple[str, tuple[int, ...], tuple[tuple[int, str], ...], bool]


async def stored(store: Store[Any]) -> dict[int, GameState]:
    """Every game as stored: status, who holds each seat, the action log, set aside."""
    out: dict[int, GameState] = {}
    for rec in await store.list_games():
        seats = tuple(s.user_id for s in await store.get_seats(rec.id))
        log = tuple((a.seat, str(a.action)) for a in await store.get_actions(rec.id))
        fault = await store.get_fault(rec.id) is not None
        out[rec.id] = (rec.status.value, seats, log, fault)
    return out


@dataclass
class Proc:
    store: Store[Any]
    svc: GameService
    clock: FakeClock
    ctx: dict[str, Any] = field(default_factory=dict)


async def open_proc(db: str, clock: FakeClock) -> Proc:
    store = await Store.open(db, clock=clock)
    svc = GameService(store, render=False, clock=clock, seed_source=lambda: SEED)
    return Proc(store, svc, clock)


#: a fresh, empty database named after the case: a SQLite path or a PostgreSQL URL
NewDb = Callable[[str], str]


@pytest.fixture
def sqlite(tmp_path: Path) -> NewDb:
    return lambda name: str(tmp_path / f"{name}.sqlite3")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[NewDb]:
    """Each backend: the creation and the tick's query are SQL both run."""
    if request.param == "sqlite":
        yield lambda name: str(tmp_path / f"{name}.sqlite3")
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    names: list[str] = []

    def new(name: str) -> str:
        db, url = server.new_database()
        names.append(db)
        return url

    yield new
    for db in names:
        server.drop_database(db)


Setup = Callable[[Proc], Awaitable[None]]
Op = Callable[[Proc], Awaitable[Any]]


async def waits_on_a_person_or_plays_on(p: Proc, notices: list[Reply]) -> None:
    for rec in await p.store.list_games((GameStatus.LOBBY, GameStatus.RUNNING)):
        seats = await p.store.get_seats(rec.id)
        if rec.status is GameStatus.LOBBY:
            assert rec.created_by in [s.user_id for s in seats], "a lobby without its creator"
            continue
        if await p.store.get_fault(rec.id) is not None:
            continue  # set aside: it waits on a moderator's repair
        e = await p.svc.games.entry(rec.channel_id)
        assert e is not None
        d = e.game.decision
        assert d is None or not is_bot(e.user(d.seat)), f"game {rec.id} waits on the bot"


async def run_case(new_db: NewDb, name: str, setup: Setup, op: Op, *, exact: bool = True) -> int:
    """Crash ``op`` at each of its write boundaries; returns how many it has."""
    # What the operation leaves when nothing crashes (the bot's moves are seeded: the same).
    ref = await open_proc(new_db(f"{name}-ref"), FakeClock())
    await setup(ref)
    before = await stored(ref.store)
    inj = Injector(ref.store)
    result = await op(ref)
    if isinstance(result, Reply):
        assert result.ok, result.text
    done = await stored(ref.store)
    writes = inj.writes
    await ref.store.close()
    assert done != before, "the operation changes nothing"
    assert writes >= 1
    for k in range(1, writes + 1):
        for when in ("before", "after"):
            db = new_db(f"{name}-{k}-{when}")
            clock = FakeClock()
            p = await open_proc(db, clock)
            await setup(p)
            inj = Injector(p.store)
            inj.at = (k, when)
            with pytest.raises(Crash):
                await op(p)
            await p.store.close()  # the process is gone, its cache with it
            # a new process on the same file
            q = await open_proc(db, clock)
            try:
                await q.svc.load_all()
                at_restart = await stored(q.store)
                notices = await q.svc.tick()
                after = await stored(q.store)
                where = f"{name}: crash {when} write {k}/{writes}"
                if exact:
                    assert after in (before, done), where
                else:  # a turn the bot plays for a person stops at the person's next turn
                    for gid, (_status, _seats, log, _fault) in after.items():
                        assert log[: len(before[gid][2])] == before[gid][2], where
                        assert done[gid][2][: len(log)] == log, where
                await waits_on_a_person_or_plays_on(q, notices)
                moved = {
                    rec_id
                    for rec_id, state in after.items()
                    if rec_id in at_restart and state[2] != at_restart[rec_id][2]
                }
                for gid in moved:  # the tick's moves are posted
                    rec = await q.store.get_game(gid)
                    assert any(n.channel_id == rec.channel_id and n.text for n in notices), where
            finally:
                await q.svc.release_instance()
                await q.store.close()
    return writes


# ---------------------------------------------------------------------- positions


async def lobby(p: Proc, *, bots: int = 1) -> None:
    r = await p.svc.create(CID, Actor(A), 3, bots=bots, order="lobby")
    assert r.ok, r.text


async def started(p: Proc) -> None:
    """A (seat 0), a bot (seat 1) and B (seat 2)."""
    await lobby(p)
    assert (await p.svc.join(CID, Actor(B))).ok
    r = await p.svc.start(CID, Actor(A))
    assert r.ok, r.text


async def person_decides(p: Proc, pick: Callable[[Any, Any], bool]) -> None:
    """Play the people's decisions (their first option) until ``pick(entry, decision)``."""
    for _ in range(300):
        e = await p.svc.games.entry(CID)
        assert e is not None and e.game.decision is not None
        d = e.game.decision
        if pick(e, d):
            return
        r = await p.svc.choose(CID, Actor(e.user(d.seat)), d.options[0].id)
        assert r.ok, r.text
    raise AssertionError("no such position")


def hands_to_the_bot(e: Any, d: Any) -> bool:
    """Whether the first option ends the person's turn and the bot is next."""
    g = copy.deepcopy(e.game)
    g.apply(Action(d.seat, d.options[0].id))
    return g.decision is not None and is_bot(e.user(g.decision.seat))


async def deciding_seat(p: Proc) -> int:
    e = await p.svc.games.entry(CID)
    assert e is not None and e.game.decision is not None
    return e.game.decision.seat


async def first_option(p: Proc) -> Reply:
    e = await p.svc.games.entry(CID)
    assert e is not None and e.game.decision is not None
    d = e.game.decision
    return await p.svc.choose(CID, Actor(e.user(d.seat)), d.options[0].id)


# ---------------------------------------------------------------------- the cases


async def test_create(backend: NewDb) -> None:
    async def nothing(p: Proc) -> None:
        return None

    assert await run_case(backend, "create", nothing, lambda p: lobby(p)) >= 1


async def test_join(sqlite: NewDb) -> None:
    await run_case(sqlite, "join", lobby, lambda p: p.svc.join(CID, Actor(B)))


async def test_start_with_the_bot_first(sqlite: NewDb) -> None:
    async def setup(p: Proc) -> None:
        r = await p.svc.create(CID, Actor(A), 2, bots=1, order="lobby")
        assert r.ok, r.text
        # the bot takes seat 0: A leaves and joins again behind it (A still starts it)
        game = await p.store.active_game(CID)
        assert game is not None
        await p.store.leave_game(game.id, A)
        await p.store.join_game(game.id, A, max_seats=2)
        assert [s.user_id for s in await p.store.get_seats(game.id)] == [BOT, A]

    writes = await run_case(sqlite, "start", setup, lambda p: p.svc.start(CID, Actor(A)))
    assert writes >= 2  # the start and at least one bot move


async def test_a_persons_action_then_the_bots_moves(backend: NewDb) -> None:
    async def setup(p: Proc) -> None:
        await started(p)
        await person_decides(p, hands_to_the_bot)

    writes = await run_case(backend, "action", setup, first_option)
    assert writes >= 2  # the person's action and at least one bot move


async def test_a_timeout_the_bot_plays(sqlite: NewDb) -> None:
    async def setup(p: Proc) -> None:
        await started(p)
        rec = await p.store.active_game(CID)
        assert rec is not None
        await p.svc.set_timeout(CID, MOD, 60)
        p.clock.advance(61)

    async def tick(p: Proc) -> list[Reply]:
        out = await p.svc.tick()
        assert any("Time is up" in r.text for r in out)
        return out

    await run_case(sqlite, "timeout", setup, tick, exact=False)


async def test_undo(sqlite: NewDb) -> None:
    async def setup(p: Proc) -> None:
        await started(p)
        # decisions until A's last one may be taken back (the service's own rule
        # decides: a refused undo changes nothing; an accepted one is played again)
        for _ in range(100):
            r = await first_option(p)
            assert r.ok, r.text
            e = await p.svc.games.entry(CID)
            assert e is not None and e.game.decision is not None
            if e.user(e.game.decision.seat) != A:
                continue
            last = (await p.store.get_actions(e.record.id))[-1]
            if last.seat != e.seat_of(A) or not (await p.svc.undo(CID, Actor(A))).ok:
                continue
            again = Action.from_json(last.action)
            assert (await p.svc.choose(CID, Actor(A), again.option)).ok
            return
        raise AssertionError("no decision to take back")

    await run_case(sqlite, "undo", setup, lambda p: p.svc.undo(CID, Actor(A)))


async def test_rollback(sqlite: NewDb) -> None:
    async def setup(p: Proc) -> None:
        await started(p)
        await person_decides(p, hands_to_the_bot)
        assert (await first_option(p)).ok  # A's action and the bot's moves after it

    await run_case(sqlite, "rollback", setup, lambda p: p.svc.rollback(CID, MOD))


async def test_pause(sqlite: NewDb) -> None:
    await run_case(sqlite, "pause", started, lambda p: p.svc.pause(CID, MOD))


async def test_resume_onto_the_bots_turn(sqlite: NewDb) -> None:
    async def setup(p: Proc) -> None:
        await started(p)
        assert (await p.svc.pause(CID, MOD)).ok
        # while paused, the deciding seat goes to the bot: it plays only on resume
        assert (await p.svc.replace(CID, MOD, await deciding_seat(p), BOT_USER)).ok

    writes = await run_case(sqlite, "resume", setup, lambda p: p.svc.resume(CID, MOD))
    assert writes >= 2


async def test_replace_by_the_bot(sqlite: NewDb) -> None:
    async def replace(p: Proc) -> Reply:
        return await p.svc.replace(CID, MOD, await deciding_seat(p), BOT_USER)

    writes = await run_case(sqlite, "replace", started, replace)
    assert writes >= 2


async def test_repair(sqlite: NewDb) -> None:
    async def setup(p: Proc) -> None:
        await started(p)
        await person_decides(p, hands_to_the_bot)
        rec = await p.store.active_game(CID)
        assert rec is not None
        await p.store.set_aside(rec.id, "its snapshot does not match its log")
        p.svc.games.drop(CID)

    await run_case(sqlite, "repair", setup, lambda p: p.svc.repair(CID, MOD))


async def test_resign_hands_the_deciding_seat_to_the_bot(sqlite: NewDb) -> None:
    async def resign(p: Proc) -> Reply:
        e = await p.svc.games.entry(CID)
        assert e is not None and e.game.decision is not None
        return await p.svc.resign(CID, Actor(e.user(e.game.decision.seat)))

    writes = await run_case(sqlite, "resign", started, resign)
    assert writes >= 2  # the seat to the bot, then the bot's moves


async def test_resign_of_the_last_person_ends_the_game(sqlite: NewDb) -> None:
    async def setup(p: Proc) -> None:
        await started(p)
        assert (await p.svc.resign(CID, Actor(B))).ok

    await run_case(sqlite, "resign-last", setup, lambda p: p.svc.resign(CID, Actor(A)))
