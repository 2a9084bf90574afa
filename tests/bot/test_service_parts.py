"""Each part of the service on its own: built from its collaborators (a real
SQLite file, a :class:`LiveGames`, a :class:`WritePath`), with no
:class:`GameService` and no Discord. The whole service is tested elsewhere;
these pin down that each part works with just the objects it is given."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.service import Actor, Entry
from bot.service.botplay import BotPlayer
from bot.service.games import LiveGames
from bot.service.images import Images
from bot.service.lobby import Lobby
from bot.service.model import BOT_USER, GameSetAside, is_bot
from bot.service.moderation import Moderation
from bot.service.play import Play
from bot.service.reading import Reading
from bot.service.reminders import Reminders
from bot.service.settings import Settings
from bot.service.table import Tables
from bot.service.transfer import Transfer
from bot.service.write import WritePath
from engine import Action
from storage import GameStatus, Store
from tests.bot.direct import FakeClock

CID = 4100
A, B = 41, 42
MOD = Actor(9, moderator=True)


@dataclass
class Core:
    """The objects every part is built from."""

    store: Store[Any]
    clock: FakeClock
    games: LiveGames
    write: WritePath
    bots: BotPlayer

    def lobby(self, seed: int = 7) -> Lobby:
        return Lobby(self.games, self.write, seed_source=lambda: seed)


@pytest.fixture
async def core(tmp_path: Path) -> AsyncIterator[Core]:
    clock = FakeClock()
    store = await Store.open(str(tmp_path / "parts.sqlite3"), clock=clock)
    games = LiveGames(store, clock=clock)
    bots = BotPlayer("simple")
    write = WritePath(games, Images(games.names, render=False), bots)
    try:
        yield Core(store, clock, games, write, bots)
    finally:
        await store.close()


async def started(core: Core, users: tuple[int, ...] = (A, B), **kw: Any) -> Entry:
    lobby = core.lobby()
    assert (await lobby.create(CID, Actor(users[0]), len(users), **kw)).ok
    for u in users[1:]:
        assert (await lobby.join(CID, Actor(u))).ok
    r = await lobby.start(CID, Actor(users[0]), order="lobby")
    assert r.ok, r.text
    e = await core.games.entry(CID)
    assert e is not None
    return e


# ---------------------------------------------------------------------- LiveGames


async def test_live_games_loads_caches_and_drops(core: Core) -> None:
    e = await started(core)
    games = core.games
    assert games.cache.get(CID) is e  # start left it cached
    games.drop(CID)
    assert CID not in games.cache
    again = await games.entry(CID)
    assert again is not None and again is not e
    assert again.game.to_json() == e.game.to_json()
    assert (again.record.id, again.revision) == (e.record.id, e.revision)
    assert await games.current_game_id(CID) == e.record.id
    assert await games.entry(CID + 1) is None  # no game there


async def test_live_games_fresh_rereads_a_newer_revision(core: Core) -> None:
    e = await started(core)
    # another process pauses the game: the stored revision moves on
    await core.store.pause_game(e.record.id, expected_revision=e.revision)
    async with core.games.lock(CID):
        assert (await core.games.current(CID)) is e  # the cache does not know yet
        fresh = await core.games.fresh(CID, e.record.id, e.revision + 1)
    assert fresh is not None and fresh.revision == e.revision + 1
    assert fresh.record.status is GameStatus.PAUSED


async def test_live_games_sets_aside_a_game_that_fails_its_checks(core: Core) -> None:
    e = await started(core)
    await core.store.set_aside(e.record.id, "its snapshot does not match its log")
    core.games.drop(CID)
    with pytest.raises(GameSetAside):
        await core.games.entry(CID)


async def test_live_games_prompt_names_the_deciding_seat(core: Core) -> None:
    e = await started(core)
    p = core.games.prompt(e)
    assert p is not None and e.game.decision is not None
    assert p.user_id == e.user(e.game.decision.seat) and p.revision == e.revision
    assert core.games.prompt_line(p).startswith("➡️ ")


# ---------------------------------------------------------------------- BotPlayer, WritePath


async def test_bot_player_picks_a_legal_option_and_says_so(core: Core) -> None:
    e = await started(core)
    d = e.game.decision
    assert d is not None
    option = await core.bots.option(e, d.seat)
    assert d.option(option) is not None
    assert core.bots.line(e, d, option).startswith(f"🤖 The bot plays for {e.game.name(d.seat)}")
    with pytest.raises(ValueError):
        BotPlayer("clever")


async def test_write_path_stores_an_action_before_serving_it(core: Core) -> None:
    from bot.service import Reply

    e = await started(core)
    d = e.game.decision
    assert d is not None
    version, revision = e.version, e.revision
    async with core.games.lock(CID):
        await core.write.apply(e, Action(d.seat, d.options[0].id), e.user(d.seat), Reply(""), d)
    assert (e.version, e.revision) == (version + 1, revision + 1)
    stored = await core.store.load_game(e.record.id)
    assert stored.game.to_json() == e.game.to_json()


async def test_write_path_plays_the_bot_seats_until_a_person_decides(core: Core) -> None:
    from bot.service import Reply

    e = await started(core)
    d = e.game.decision
    assert d is not None
    # the deciding seat is given to the bot in storage alone (nobody played it yet)
    await core.store.replace_player(e.record.id, d.seat, BOT_USER, expected_revision=e.revision)
    async with core.games.lock(CID):
        e = await core.games.reload(CID)
        assert e is not None and e.version == 0
        reply = Reply("")
        played = await core.write.auto(e, reply)
    assert played >= 1 and e.version == played and "🤖 The bot plays for" in reply.text
    d = e.game.decision
    assert d is not None and not is_bot(e.user(d.seat))
    stored = await core.store.load_game(e.record.id)
    assert stored.game.to_json() == e.game.to_json()


# ---------------------------------------------------------------------- Lobby, Play


async def test_lobby_refuses_and_creates(core: Core) -> None:
    lobby = core.lobby()
    assert not (await lobby.create(CID, Actor(A), 5)).ok
    assert (await lobby.create(CID, Actor(A), 2)).ok
    assert not (await lobby.create(CID, Actor(B), 2)).ok  # one game per channel
    rec = await core.store.active_game(CID)
    assert rec is not None and rec.status is GameStatus.LOBBY
    assert [s.user_id for s in await core.store.get_seats(rec.id)] == [A]
    assert not (await lobby.start(CID, Actor(A))).ok  # one seat of two
    assert (await lobby.join(CID, Actor(B))).ok
    assert not (await lobby.start(CID, Actor(B))).ok  # not the creator
    assert (await lobby.start(CID, Actor(A))).ok
    rec = await core.store.active_game(CID)
    assert rec is not None and rec.status is GameStatus.RUNNING and rec.seed == 7


async def test_play_answers_and_refuses_others(core: Core) -> None:
    e = await started(core)
    play = Play(core.games, core.write)
    d = e.game.decision
    assert d is not None
    mover = e.user(d.seat)
    other = A if mover == B else B
    assert not (await play.choose(CID, Actor(other), "1")).ok
    assert not (await play.choose(CID, Actor(mover), "no such option")).ok
    r = await play.choose(CID, Actor(mover), "1")
    assert r.ok, r.text
    assert (await core.store.get_game(e.record.id)).version == 1


# ---------------------------------------------------------------------- Reading, Transfer


async def test_reading_shows_the_board_and_keeps_hands_private(core: Core) -> None:
    e = await started(core)
    reading = Reading(core.games, Images(core.games.names, render=False), core.write)
    board = await reading.board(CID)
    assert board.ok and f"game #{e.record.id}" in board.text and not board.ephemeral
    hand = await reading.hand(CID, Actor(A))
    assert hand.ok and hand.ephemeral
    assert not (await reading.hand(CID, Actor(77))).ok
    assert (await reading.scores(CID)).ok


async def test_transfer_exports_no_seed_while_the_game_runs(core: Core) -> None:
    e = await started(core)
    reading = Reading(core.games, Images(core.games.names, render=False), core.write)
    transfer = Transfer(core.games, reading)
    assert not (await transfer.export(CID, Actor(A))).ok  # players cannot
    r = await transfer.export(CID, MOD)
    assert r.ok and r.file is not None
    doc = json.loads(r.file[1])
    assert doc["game"]["id"] == e.record.id and "seed" not in json.dumps(doc["game"])
    assert "actions" not in doc and "log" in doc


# ---------------------------------------------------------------------- Moderation, Settings


async def test_moderation_pauses_resumes_and_gives_a_seat_to_the_bot(core: Core) -> None:
    e = await started(core)
    mod = Moderation(core.games, core.write, core.bots)
    assert not (await mod.pause(CID, Actor(A))).ok  # not a moderator
    assert (await mod.pause(CID, MOD)).ok
    assert (await core.store.get_game(e.record.id)).status is GameStatus.PAUSED
    assert (await mod.resume(CID, MOD)).ok
    d = e.game.decision
    assert d is not None
    r = await mod.replace(CID, MOD, d.seat, BOT_USER)
    assert r.ok and "played by the bot (simple)" in r.text
    e2 = await core.games.entry(CID)
    assert e2 is not None and e2.version > 0  # the bot played the seat at once
    assert e2.game.decision is not None and not is_bot(e2.user(e2.game.decision.seat))


async def test_settings_writes_the_store_first(core: Core) -> None:
    e = await started(core)
    reminders = Reminders(core.games, core.write, core.bots)
    settings = Settings(core.games, core.lobby(), core.bots, reminders)
    assert not (await settings.set_timeout(CID, Actor(A), 30)).ok
    r = await settings.set_timeout(CID, MOD, 30)
    assert r.ok and "bot (simple)" in r.text
    assert (await core.store.get_game_settings(e.record.id)).timeout_minutes == 30
    assert (await settings.mute(CID, Actor(A), True)).ok
    assert A in (await core.store.get_game_settings(e.record.id)).muted


# ---------------------------------------------------------------------- Reminders, Tables


async def test_reminders_remind_then_time_out(core: Core) -> None:
    e = await started(core)
    reminders = Reminders(
        core.games, core.write, core.bots, max_reminders=1, default_reminder_minutes=60
    )
    assert await reminders.tick() == []  # nothing due yet
    core.clock.advance(61)
    due = await reminders.tick()
    assert len(due) == 1 and "Reminder 1/1" in due[0].text and due[0].channel_id == CID
    core.clock.advance(120)
    assert await reminders.tick() == []  # at most one
    await core.store.update_game_settings(e.record.id, timeout_minutes=60)
    core.games.drop(CID)
    played = await reminders.tick()
    assert len(played) == 1 and "Time is up" in played[0].text
    assert (await core.store.get_game(e.record.id)).version > 0


async def test_tables_list_the_servers_games(core: Core) -> None:
    lobby = core.lobby()
    assert (await lobby.create(CID, Actor(A), 2, guild_id=5)).ok
    tables = Tables(core.games)
    reply, page, pages = await tables.games_page(5)
    assert (page, pages) == (1, 1) and "1/2 seated" in reply.text
    state = await tables.lobby_state(CID)
    assert state is not None and state.open and [s.user_id for s in state.seats] == [A]
    assert "Press **Join**" in tables.lobby_text(state)
    assert not (await tables.games_page(None))[0].ok
