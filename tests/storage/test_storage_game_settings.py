"""Per-game settings (schema v5): reminders, turn timeout, seat order, mutes and
the reminder counter, persisted across reopening the file."""

from __future__ import annotations

import pytest

from storage import GameSettings, NotFoundError, Store
from tests.storage.helpers import CounterCodec, running_counter_game


async def test_defaults_until_saved(store: Store) -> None:
    game_id = await running_counter_game(store)
    st = await store.get_game_settings(game_id)
    assert st == GameSettings(game_id)
    assert (st.reminder_minutes, st.timeout_minutes, st.seat_order) == (None, None, "random")
    assert st.muted == frozenset() and st.reminders_for(0) == (0, None)
    lobby = await store.create_game(777)  # a lobby has settings too (its seat order)
    assert (await store.get_game_settings(lobby.id)).seat_order == "random"
    with pytest.raises(NotFoundError):
        await store.get_game_settings(999)


async def test_settings_survive_reopening_the_database(db: str) -> None:
    async with Store(db, codec=CounterCodec(), clock=lambda: 100.0) as store:
        game_id = await running_counter_game(store)
        lobby = await store.create_game(321)
        await store.update_game_settings(game_id, reminder_minutes=30)
        await store.update_game_settings(game_id, timeout_minutes=90)
        st = await store.update_game_settings(lobby.id, seat_order="lobby")
        assert st.seat_order == "lobby" and st.updated_at == 100.0
        await store.set_game_mute(game_id, 2, True)
        await store.set_game_mute(game_id, 1, True)
        await store.set_game_mute(game_id, 1, True)  # idempotent
        await store.record_reminder(game_id, 0, 50.0)
    async with Store(db, codec=CounterCodec()) as store:
        st = await store.get_game_settings(game_id)
        assert (st.reminder_minutes, st.timeout_minutes, st.seat_order) == (30, 90, "random")
        assert st.muted == {1, 2}
        assert st.reminders_for(0) == (1, 50.0)
        assert (await store.get_game_settings(lobby.id)).seat_order == "lobby"
        # each setting changes alone; None goes back to the default
        st = await store.update_game_settings(game_id, reminder_minutes=0, timeout_minutes=None)
        assert (st.reminder_minutes, st.timeout_minutes, st.muted) == (0, None, {1, 2})
        st = await store.set_game_mute(game_id, 2, False)
        assert st.muted == {1}
        assert (await store.set_game_mute(game_id, 2, False)).muted == {1}


async def test_reminder_counter_is_per_revision(store: Store) -> None:
    game_id = await running_counter_game(store)
    st = await store.record_reminder(game_id, 0, 10.0)
    st = await store.record_reminder(game_id, 0, 20.0)
    assert st.reminders_for(0) == (2, 20.0)
    assert st.reminders_for(1) == (0, None)  # the game moved on: nothing sent yet
    await store.append_action(game_id, 0, 0, 1, {"add": 1})
    st = await store.record_reminder(game_id, 1, 30.0)
    assert (st.reminded_revision, st.reminders_sent, st.last_reminder_at) == (1, 1, 30.0)
    assert st.reminders_for(0) == (0, None)
    # the counter lives beside the other settings without touching them
    await store.update_game_settings(game_id, timeout_minutes=5)
    st = await store.record_reminder(game_id, 1, 40.0)
    assert st.reminders_for(1) == (2, 40.0) and st.timeout_minutes == 5


async def test_bad_settings_are_refused(store: Store) -> None:
    game_id = await running_counter_game(store)
    for kw in (
        {"reminder_minutes": -1},
        {"reminder_minutes": 2.5},
        {"timeout_minutes": 0},
        {"timeout_minutes": -3},
        {"seat_order": "alphabetical"},
    ):
        with pytest.raises(ValueError):
            await store.update_game_settings(game_id, **kw)
    with pytest.raises(NotFoundError):
        await store.update_game_settings(999, timeout_minutes=5)
    with pytest.raises(NotFoundError):
        await store.set_game_mute(999, 1, True)
    with pytest.raises(NotFoundError):
        await store.record_reminder(999, 0, 1.0)
    assert await store.get_game_settings(game_id) == GameSettings(game_id)


async def test_many_settings_in_one_read(store: Store) -> None:
    ids = [await running_counter_game(store, channel_id=100 + i) for i in range(3)]
    await store.update_game_settings(ids[1], timeout_minutes=15)
    await store.set_game_mute(ids[2], 2, True)
    many = await store.get_many_game_settings([*ids, 999])
    assert sorted(many) == ids
    assert many[ids[0]] == GameSettings(ids[0])
    assert many[ids[1]].timeout_minutes == 15 and many[ids[1]].muted == frozenset()
    assert many[ids[2]].muted == {2} and many[ids[2]].timeout_minutes is None
    assert await store.get_many_game_settings([]) == {}
