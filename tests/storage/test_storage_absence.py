"""Schema v9 (storage/absence.py): timeouts in a row and seats the bot holds for a
person, resigning, members who left, games whose channel was deleted; and the
server's default turn timeout. On both backends."""

from __future__ import annotations

import pytest

from storage import (
    NOBODY,
    ChannelBusyError,
    ConflictError,
    GameStatus,
    LobbyError,
    SeatTimeouts,
    Store,
)
from storage.absence import ALL_RESIGNED, LOBBY_GONE
from tests.storage.helpers import CounterCodec, running_counter_game


async def test_timeouts_in_a_row_then_the_bot_holds_the_seat_until_they_join(
    store: Store,
) -> None:
    gid = await running_counter_game(store)
    assert await store.count_timeout(gid, 0, 1) == 1
    assert await store.count_timeout(gid, 0, 1) == 2
    await store.clear_timeouts(gid, 0)  # they played: the count starts again
    assert await store.count_timeout(gid, 0, 1) == 1
    assert await store.count_timeout(gid, 0, 1) == 2
    assert await store.count_timeout(gid, 1, 2) == 1  # per seat
    st = await store.get_game_settings(gid)
    assert st.timeouts_of(0) == SeatTimeouts(0, 1, 2, False)
    rev = (await store.get_game(gid)).revision
    with pytest.raises(ConflictError):
        await store.seat_to_bot(gid, 0, 1, expected_revision=rev - 1)
    rec = await store.seat_to_bot(gid, 0, 1, expected_revision=rev)
    assert rec.revision == rev + 1
    assert (await store.get_seats(gid))[0].user_id == NOBODY
    assert (await store.get_game_settings(gid)).timeouts_of(0) == SeatTimeouts(0, 1, 2, True)
    await store.clear_timeouts(gid, 0)  # the bot's own moves do not end the absence
    assert (await store.get_game_settings(gid)).timeouts_of(0) is not None
    with pytest.raises(LobbyError):
        await store.take_back_seat(gid, 2)  # bob holds seat 1, nothing is kept for him
    assert await store.take_back_seat(gid, 1) == 0
    assert (await store.get_seats(gid))[0].user_id == 1
    assert (await store.get_game_settings(gid)).timeouts_of(0) is None
    with pytest.raises(LobbyError):
        await store.take_back_seat(gid, 1)  # only once


async def test_a_changed_seat_counts_for_its_new_person(store: Store) -> None:
    gid = await running_counter_game(store)
    await store.count_timeout(gid, 0, 1)
    await store.count_timeout(gid, 0, 1)
    await store.replace_player(gid, 0, 5)
    assert await store.count_timeout(gid, 0, 5) == 1


async def test_resigning_gives_the_seat_to_the_bot_and_the_last_person_ends_the_game(
    store: Store,
) -> None:
    gid = await running_counter_game(store, users=(1, 2))
    rec = await store.resign_seat(gid, 1)
    assert rec.status is GameStatus.RUNNING
    assert [s.user_id for s in await store.get_seats(gid)] == [NOBODY, 2]
    with pytest.raises(LobbyError):
        await store.resign_seat(gid, 1)
    rec = await store.resign_seat(gid, 2)
    assert rec.status is GameStatus.ABORTED and rec.end_reason == ALL_RESIGNED
    assert await store.active_game(100) is None


async def test_a_member_who_left_is_muted_in_the_servers_active_games(store: Store) -> None:
    a = await running_counter_game(store, channel_id=100, users=(1, 2))
    b = await running_counter_game(store, channel_id=101, users=(3, 1))
    c = await running_counter_game(store, channel_id=102, users=(3, 4))
    games = await store.member_left(9, 1)
    assert [g.id for g in games] == [a, b]
    assert 1 in (await store.get_game_settings(a)).muted
    assert 1 in (await store.get_game_settings(b)).muted
    assert (await store.get_game_settings(c)).muted == frozenset()
    assert await store.member_left(8, 1) == []  # another server


async def test_a_deleted_channel_pauses_its_game_until_it_is_moved(store: Store) -> None:
    gid = await running_counter_game(store, channel_id=100)
    lobby = await store.create_game(200, guild_id=9)
    assert await store.channel_gone(300) is None
    rec = await store.channel_gone(100)
    assert rec is not None and rec.status is GameStatus.PAUSED
    assert await store.gone_channels([gid, lobby.id]) == {gid}
    closed = await store.channel_gone(200)
    assert closed is not None and closed.status is GameStatus.ABORTED
    assert closed.end_reason == LOBBY_GONE
    busy = await store.create_game(400, guild_id=9)
    with pytest.raises(ChannelBusyError):
        await store.move_game(gid, 400)
    await store.abort_game(busy.id)
    with pytest.raises(ConflictError):
        await store.move_game(gid, 400, expected_revision=rec.revision - 1)
    moved = await store.move_game(gid, 400, expected_revision=rec.revision)
    assert (moved.channel_id, moved.status) == (400, GameStatus.RUNNING)  # home again
    assert await store.active_game(400) == moved and await store.active_game(100) is None
    assert await store.gone_channels([gid]) == set()
    # a game a moderator paused stays paused when moved
    await store.pause_game(gid)
    again = await store.move_game(gid, 500)
    assert (again.channel_id, again.status) == (500, GameStatus.PAUSED)


async def test_the_servers_default_turn_timeout_survives_and_reaches_the_tick(db: str) -> None:
    async with Store(db, codec=CounterCodec()) as store:
        gid = await running_counter_game(store)
        gs = await store.update_guild_settings(9, timeout_minutes=90)
        assert gs.timeout_minutes == 90
        with pytest.raises(ValueError):
            await store.update_guild_settings(9, timeout_minutes=0)
        await store.update_guild_settings(9, reminder_minutes=30)  # the others leave it
    async with Store(db, codec=CounterCodec()) as store:
        assert (await store.get_guild_settings(9)).timeout_minutes == 90
        [row] = [r for r in await store.tick_rows() if r.game_id == gid]
        assert row.guild_timeout_minutes == 90
        await store.update_guild_settings(9, timeout_minutes=None)
        [row] = [r for r in await store.tick_rows() if r.game_id == gid]
        assert row.guild_timeout_minutes is None
