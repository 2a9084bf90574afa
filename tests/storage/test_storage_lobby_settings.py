"""Lobby, seats, statuses, listings, guild settings and player preferences."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from storage import (
    ChannelBusyError,
    GameStateError,
    GameStatus,
    LobbyError,
    NotFoundError,
    StorageError,
    Store,
    default_db_path,
)
from tests.storage.helpers import CounterCodec, running_counter_game


async def test_a_lobby_is_created_with_its_seats_and_seat_order_at_once(store: Store) -> None:
    game = await store.create_game(
        100, created_by=1, seats=[(1, "Ann"), (-1, None), (-2, None)], seat_order="lobby"
    )
    seats = await store.get_seats(game.id)
    assert [(s.seat, s.user_id, s.display_name) for s in seats] == [
        (0, 1, "Ann"),
        (1, -1, None),
        (2, -2, None),
    ]
    assert (await store.get_game_settings(game.id)).seat_order == "lobby"
    # refused whole: nothing of a game that could not be made is left
    with pytest.raises(ChannelBusyError):
        await store.create_game(100, created_by=2, seats=[(2, None)])
    with pytest.raises(LobbyError):
        await store.create_game(101, created_by=2, seats=[(2, None), (2, None)])
    assert await store.active_game(101) is None
    with pytest.raises(ValueError):
        await store.create_game(101, seats=[(2, None)], seat_order="sideways")
    assert await store.active_game(101) is None
    plain = await store.create_game(102)
    assert await store.get_seats(plain.id) == []
    assert (await store.get_game_settings(plain.id)).seat_order == "random"


async def test_lobby_join_leave_colour_and_start_in_turn_order(store: Store) -> None:
    game = await store.create_game(100, guild_id=9, created_by=1, options={"target": 10})
    assert game.status is GameStatus.LOBBY and game.seed is None and game.version == 0
    assert game.options == {"target": 10}
    await store.join_game(game.id, 1, colour="blue")
    await store.join_game(game.id, 2)
    await store.join_game(game.id, 3, colour="red")
    with pytest.raises(LobbyError, match="already seated"):
        await store.join_game(game.id, 2)
    with pytest.raises(LobbyError, match="full"):
        await store.join_game(game.id, 4, max_seats=3)
    with pytest.raises(LobbyError, match="colour blue is taken"):
        await store.set_colour(game.id, 2, "blue")
    await store.set_colour(game.id, 2, "yellow")

    seats = await store.leave_game(game.id, 1)
    assert [(s.seat, s.user_id, s.colour) for s in seats] == [(0, 2, "yellow"), (1, 3, "red")]
    with pytest.raises(NotFoundError):
        await store.leave_game(game.id, 1)

    await store.set_options(game.id, {"target": 20})
    with pytest.raises(LobbyError, match="permutation"):
        await store.start_game(game.id, 5, order=[3, 4])
    started = await store.start_game(game.id, 5, order=[3, 2])
    assert started.status is GameStatus.RUNNING and started.seed == 5 and started.version == 0
    assert started.options == {"target": 20}
    assert [(s.seat, s.user_id, s.colour) for s in await store.get_seats(game.id)] == [
        (0, 3, "red"),
        (1, 2, "yellow"),
    ]
    with pytest.raises(GameStateError, match="cannot join"):
        await store.join_game(game.id, 5)
    with pytest.raises(GameStateError, match="cannot start"):
        await store.start_game(game.id, 5)


async def test_start_needs_players_and_valid_seed(store: Store) -> None:
    game = await store.create_game(100)
    with pytest.raises(LobbyError, match="no players"):
        await store.start_game(game.id, 1)
    await store.join_game(game.id, 1)
    with pytest.raises(ValueError):
        await store.start_game(game.id, -1)
    with pytest.raises(ValueError):
        await store.start_game(game.id, 2**63)
    with pytest.raises(LobbyError, match="share a colour"):
        await store.join_game(game.id, 2)
        await store.start_game(game.id, 1, colours=["red", "red"])
    assert (await store.get_game(game.id)).status is GameStatus.LOBBY


async def test_one_active_game_per_channel(store: Store) -> None:
    first = await store.create_game(100)
    with pytest.raises(ChannelBusyError) as err:
        await store.create_game(100)
    assert err.value.game_id == first.id
    other = await store.create_game(101)  # another channel is fine
    assert (await store.active_game(100)) == first
    aborted = await store.abort_game(first.id, "nobody came")
    assert aborted.status is GameStatus.ABORTED and aborted.end_reason == "nobody came"
    assert aborted.ended_at is not None
    assert await store.active_game(100) is None
    again = await store.create_game(100)  # the channel is free again
    assert again.id not in (first.id, other.id)


async def test_status_transitions(store: Store) -> None:
    game_id = await running_counter_game(store)
    await store.append_action(game_id, 0, 0, 1, {"add": 1})
    paused = await store.pause_game(game_id)
    assert paused.status is GameStatus.PAUSED
    with pytest.raises(GameStateError, match="paused"):
        await store.append_action(game_id, 1, 1, 2, {"add": 1})
    with pytest.raises(GameStateError):
        await store.pause_game(game_id)
    await store.resume_game(game_id)
    await store.append_action(game_id, 1, 1, 2, {"add": 2})
    done = await store.finish_game(game_id, {"winners": [1]})
    assert done.status is GameStatus.FINISHED and done.result == {"winners": [1]}
    with pytest.raises(GameStateError):
        await store.append_action(game_id, 2, 0, 1, {"add": 1})
    with pytest.raises(GameStateError):
        await store.abort_game(game_id)
    # archived games stay viewable
    loaded = await store.load_game(game_id)
    assert loaded.game.total == 3 and loaded.record.status is GameStatus.FINISHED
    assert [g.id for g in await store.list_games([GameStatus.FINISHED])] == [game_id]
    with pytest.raises(NotFoundError):
        await store.get_game(12345)
    with pytest.raises(NotFoundError):
        await store.append_action(12345, 0, 0, 1, {"add": 1})


async def test_append_with_result_finishes_in_the_same_transaction(store: Store) -> None:
    game_id = await running_counter_game(store)
    res = await store.append_action(game_id, 0, 0, 1, {"add": 1}, result={"winners": [0]})
    assert res.finished and res.version == 1
    game = await store.get_game(game_id)
    assert game.status is GameStatus.FINISHED and game.result == {"winners": [0]}
    assert game.version == 1 and len(await store.get_actions(game_id)) == 1


async def test_lobby_has_no_engine_game(store: Store) -> None:
    game = await store.create_game(100)
    with pytest.raises(GameStateError, match="lobby"):
        await store.load_game(game.id)
    with pytest.raises(GameStateError):
        await store.append_action(game.id, 0, 0, 1, {"add": 1})


async def test_replace_player(store: Store) -> None:
    game_id = await running_counter_game(store, users=(1, 2))
    seat = await store.replace_player(game_id, 1, 7)
    assert seat.user_id == 7
    assert [s.user_id for s in await store.get_seats(game_id)] == [1, 7]
    with pytest.raises(LobbyError):
        await store.replace_player(game_id, 0, 7)
    with pytest.raises(NotFoundError):
        await store.replace_player(game_id, 5, 8)


async def test_list_games_filters(store: Store) -> None:
    a = await running_counter_game(store, channel_id=1, users=(1, 2))
    b = await running_counter_game(store, channel_id=2, users=(2, 3))
    lobby = await store.create_game(3, guild_id=10)
    assert {g.id for g in await store.list_running_games()} == {a, b}
    assert {g.id for g in await store.list_games(user_id=2)} == {a, b}
    assert {g.id for g in await store.list_games(user_id=1)} == {a}
    assert [g.id for g in await store.list_games(guild_id=10)] == [lobby.id]
    assert [g.id for g in await store.list_games(["lobby"])] == [lobby.id]
    assert await store.list_games([]) == []
    await store.pause_game(a)
    assert {g.id for g in await store.list_running_games()} == {a, b}  # paused still loads


async def test_guild_settings_defaults_and_partial_updates(store: Store) -> None:
    s = await store.get_guild_settings(9)
    assert (s.moderator_role_id, s.reminder_minutes, s.start_policy, s.updated_at) == (
        None,
        None,
        "anyone",
        None,
    )
    await store.update_guild_settings(9, moderator_role_id=555, reminder_minutes=60)
    s = await store.update_guild_settings(9, start_policy="moderators")
    assert (s.moderator_role_id, s.reminder_minutes, s.start_policy) == (555, 60, "moderators")
    s = await store.update_guild_settings(9, reminder_minutes=None)
    assert s.reminder_minutes is None and s.moderator_role_id == 555
    assert await store.get_guild_settings(9) == s
    assert (await store.get_guild_settings(10)).moderator_role_id is None
    with pytest.raises(ValueError):
        await store.update_guild_settings(9, start_policy="everyone")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        await store.update_guild_settings(9, reminder_minutes=0)


async def test_player_prefs(store: Store) -> None:
    assert (await store.get_player_prefs(1)).mute_pings is False
    await store.set_player_prefs(1, mute_pings=True)
    assert (await store.get_player_prefs(1)).mute_pings is True
    assert (await store.get_player_prefs(2)).mute_pings is False
    await store.set_player_prefs(1, mute_pings=False)
    assert (await store.get_player_prefs(1)).mute_pings is False


async def test_database_path_from_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("BLACK_ANGEL_DB", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert default_db_path() == "black_angel.sqlite3"
    # DATABASE_URL (as hosting platforms set it) when BLACK_ANGEL_DB is not set
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db.example/games")
    assert default_db_path() == "postgresql://bot@db.example/games"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/other.sqlite3")
    assert default_db_path() == f"{tmp_path}/other.sqlite3"
    # a URL of another database is refused, never taken for a file name
    with pytest.raises(StorageError, match="unsupported database URL scheme 'mysql'"):
        Store("mysql://bot@db.example/games")
    # BLACK_ANGEL_DB wins
    target = tmp_path / "sub" / "bot.sqlite3"
    monkeypatch.setenv("BLACK_ANGEL_DB", str(target))
    async with Store(codec=CounterCodec()) as s:
        assert s.path == str(target)
        await s.create_game(1)
    assert target.exists()


async def test_memory_database_and_pragmas(tmp_path: Path) -> None:
    async with Store(":memory:", codec=CounterCodec()) as s:
        game_id = await running_counter_game(s)
        await s.append_action(game_id, 0, 0, 1, {"add": 4})
        assert (await s.load_game(game_id)).game.total == 4
    async with Store(tmp_path / "p.sqlite3", codec=CounterCodec()) as s:
        db = s.backend.raw
        for pragma, want in [("journal_mode", "wal"), ("foreign_keys", 1), ("busy_timeout", 5000)]:
            async with db.execute(f"PRAGMA {pragma}") as cur:
                row = await cur.fetchone()
            assert row is not None and row[0] == want, pragma


async def test_a_close_while_one_is_closing_waits_for_the_file(db_path: Path) -> None:
    """Two overlapping closes (a stop signal while the bot is closing): neither
    returns before SQLite has closed the file and removed its write-ahead log."""
    s = Store(db_path, codec=CounterCodec())
    await s.connect()
    await running_counter_game(s)
    closes = {asyncio.create_task(s.close()), asyncio.create_task(s.close())}
    _, pending = await asyncio.wait(closes, return_when=asyncio.FIRST_COMPLETED)
    assert not Path(f"{db_path}-wal").exists(), "a close() returned before the file was closed"
    await asyncio.gather(*pending)


async def test_a_close_while_one_is_closing_waits_for_the_work_in_progress(db: str) -> None:
    """Two overlapping closes during a write, on each backend: neither returns
    while the write is still running (PostgreSQL's pool waits for it under a
    close lock, SQLite under its own: storage/postgres.py `close`)."""
    s = Store(db, codec=CounterCodec())
    await s.connect()
    started = asyncio.Event()

    async def slow_write(conn: object) -> str:
        started.set()
        await asyncio.sleep(0.3)
        return "written"

    work = asyncio.create_task(s.backend.write(slow_write))
    await started.wait()
    closes = {asyncio.create_task(s.close()), asyncio.create_task(s.close())}
    _, pending = await asyncio.wait(closes, return_when=asyncio.FIRST_COMPLETED)
    assert work.done(), "a close() returned while a write was still running"
    await asyncio.gather(*pending)
    assert await work == "written"


async def test_closed_store_refuses_work(db: str) -> None:
    s = Store(db, codec=CounterCodec())
    with pytest.raises(Exception, match="not open"):
        await s.create_game(1)
    await s.connect()
    await s.close()
    await s.close()  # idempotent
