"""Table settings (schema v8): players' DM notices and quiet hours, the turn last
announced by DM, a server's game threads — defaults until saved, kept on reopening."""

from __future__ import annotations

import pytest

from storage import NotifyPrefs, Store
from tests.storage.helpers import CounterCodec, running_counter_game


async def test_defaults_until_saved(store: Store) -> None:
    p = await store.get_notify_prefs(5)
    assert p == NotifyPrefs(5)
    assert not p.dm_turn and not p.dm_reminders and not p.has_quiet_hours
    assert await store.get_game_threads(1) is None
    assert await store.get_many_notify_prefs([5, 6]) == {5: NotifyPrefs(5), 6: NotifyPrefs(6)}


async def test_changes_keep_the_other_fields_and_survive_reopening(db: str) -> None:
    async with Store(db, codec=CounterCodec(), clock=lambda: 50.0) as store:
        await store.set_notify_prefs(7, dm_turn=True)
        p = await store.set_notify_prefs(7, quiet_start=22 * 60, quiet_end=7 * 60, utc_offset=120)
        assert (p.dm_turn, p.dm_reminders, p.quiet_start, p.quiet_end) == (True, False, 1320, 420)
        await store.set_game_threads(9, False)
    async with Store(db, codec=CounterCodec()) as store:
        p = await store.get_notify_prefs(7)
        assert p == NotifyPrefs(7, True, False, 1320, 420, 120, 50.0)
        assert p.has_quiet_hours
        assert await store.get_game_threads(9) is False
        cleared = await store.set_notify_prefs(7, quiet_start=None, quiet_end=None)
        assert not cleared.has_quiet_hours and cleared.dm_turn
        many = await store.get_many_notify_prefs([7, 8])
        assert many[7].dm_turn and many[8] == NotifyPrefs(8)


async def test_bad_values_are_refused_and_change_nothing(store: Store) -> None:
    for kw in ({"quiet_start": 1440}, {"quiet_end": -1}, {"utc_offset": 15 * 60}):
        with pytest.raises(ValueError):
            await store.set_notify_prefs(3, dm_turn=True, **kw)
    assert await store.get_notify_prefs(3) == NotifyPrefs(3)


async def test_a_turn_is_announced_once_and_never_for_an_older_revision(store: Store) -> None:
    game_id = await running_counter_game(store)
    assert await store.turn_dm_revision(game_id, 4) is None
    assert await store.record_turn_dm(game_id, 4, 3) is True
    assert await store.record_turn_dm(game_id, 4, 3) is False  # already told
    assert await store.record_turn_dm(game_id, 4, 2) is False  # older
    assert await store.turn_dm_revision(game_id, 4) == 3
    assert await store.record_turn_dm(game_id, 4, 5) is True
    assert await store.turn_dm_revision(game_id, 4) == 5
