"""Quiet hours: a daily window on the player's clock; only awake time counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.quiet import (
    MAX_QUIET_HOURS,
    awake_deadline,
    awake_seconds,
    describe,
    is_quiet,
    parse_hours,
    parse_offset,
    quiet_until,
    timeout_at,
    window_seconds,
)
from storage import NotifyPrefs

T0 = 1_800_000_000.0 - (1_800_000_000 % 86_400)  # a UTC midnight
NIGHT = NotifyPrefs(1, quiet_start=22 * 60, quiet_end=7 * 60)  # 22:00-07:00 UTC


def test_a_window_across_midnight() -> None:
    assert is_quiet(T0 + 23 * 3600, NIGHT) and is_quiet(T0 + 3 * 3600, NIGHT)
    assert not is_quiet(T0 + 12 * 3600, NIGHT) and not is_quiet(T0 + 7 * 3600, NIGHT)
    assert quiet_until(T0 + 23 * 3600, NIGHT) == T0 + 31 * 3600
    # 20:00 to 09:00 next day: 13 h, of which 9 h quiet
    assert awake_seconds(T0 + 20 * 3600, T0 + 33 * 3600, NIGHT) == 4 * 3600


def test_the_players_utc_offset_moves_the_window() -> None:
    east = NotifyPrefs(1, quiet_start=22 * 60, quiet_end=7 * 60, utc_offset=120)
    assert is_quiet(T0 + 21 * 3600, east)  # 23:00 at UTC+2
    assert not is_quiet(T0 + 5 * 3600 + 1, east)  # 07:00 at UTC+2


def test_a_timeout_pauses_over_the_night() -> None:
    # a 4 h timeout started at 20:00 UTC: 2 awake hours, the night, 2 more: 09:00
    assert awake_deadline(T0 + 20 * 3600, 4 * 3600, NIGHT) == T0 + 33 * 3600
    assert awake_deadline(T0, 3600, NotifyPrefs(1)) == T0 + 3600


@settings(max_examples=200, deadline=None)
@given(
    start=st.floats(min_value=T0, max_value=T0 + 10 * 86_400),
    seconds=st.floats(min_value=0, max_value=5 * 86_400),
    qs=st.integers(0, 1439),
    qe=st.integers(0, 1439),
    offset=st.integers(-840, 840),
)
def test_the_deadline_is_when_that_much_awake_time_has_passed(start, seconds, qs, qe, offset):
    p = NotifyPrefs(1, quiet_start=qs, quiet_end=qe, utc_offset=offset)
    end = awake_deadline(start, seconds, p)
    assert end >= start + seconds - 1e-6
    assert abs(awake_seconds(start, end, p) - seconds) < 1e-3
    assert not is_quiet(end, p) or seconds == 0 or abs(awake_seconds(start, end, p)) < 1e-3


@settings(max_examples=100, deadline=None)
@given(
    qs=st.integers(0, 1439),
    qe=st.integers(0, 1439),
    offset=st.integers(-840, 840),
    minute=st.integers(0, 3 * 1440),
)
def test_is_quiet_matches_the_local_clock(qs, qe, offset, minute):
    p = NotifyPrefs(1, quiet_start=qs, quiet_end=qe, utc_offset=offset)
    ts = T0 + minute * 60 + 30
    local = (minute + offset) % 1440
    qe = (qs + min((qe - qs) % 1440, MAX_QUIET_HOURS * 60)) % 1440  # longer ones are cut
    expected = qs != qe and (qs <= local < qe if qs < qe else local >= qs or local < qe)
    assert is_quiet(ts, p) == expected


def test_parsing_and_describing() -> None:
    assert parse_hours("22-7") == (1320, 420)
    assert parse_hours("22:30 - 07:15") == (1350, 435)
    assert parse_hours("24-6") == (0, 360)
    for bad in ("22", "25-7", "a-b", "22:60-7", "1-2-3"):
        assert parse_hours(bad) is None, bad
    assert parse_offset("+2") == 120 and parse_offset("UTC-5:30") == -330
    assert parse_offset("0") == 0 and parse_offset("+15") is None and parse_offset("x") is None
    assert describe(NotifyPrefs(1, quiet_start=1350, quiet_end=435, utc_offset=-330)) == (
        "22:30-07:15 (UTC-5:30)"
    )
    assert describe(NotifyPrefs(1)) == "none"


def test_quiet_hours_stored_longer_than_the_limit_are_cut_to_it() -> None:
    # "7-6" (23 h), stored before the limit: used as 07:00-19:00
    long = NotifyPrefs(1, quiet_start=7 * 60, quiet_end=6 * 60)
    assert window_seconds(long) == MAX_QUIET_HOURS * 3600
    assert is_quiet(T0 + 18 * 3600, long) and not is_quiet(T0 + 20 * 3600, long)
    assert describe(long) == "07:00-19:00 (UTC+0)"


def test_a_timeout_fires_at_most_one_quiet_window_late() -> None:
    # the case: a 3 h timeout with quiet hours 7-6 fired after 2 days 7 h
    long = NotifyPrefs(1, quiet_start=7 * 60, quiet_end=6 * 60)
    start = T0 + 6 * 3600  # 06:00, an hour before the window
    assert timeout_at(start, 3 * 3600, long) == start + 3 * 3600 + 12 * 3600
    # a 48 h timeout over nights of 12 h: not four days, 48 h + one night at most
    night = NotifyPrefs(1, quiet_start=20 * 60, quiet_end=8 * 60)
    assert awake_deadline(T0, 48 * 3600, night) > T0 + 60 * 3600
    assert timeout_at(T0, 48 * 3600, night) == T0 + 60 * 3600
    assert timeout_at(T0, 3600, NotifyPrefs(1)) == T0 + 3600


@settings(max_examples=200, deadline=None)
@given(
    start=st.floats(min_value=T0, max_value=T0 + 10 * 86_400),
    seconds=st.floats(min_value=0, max_value=5 * 86_400),
    qs=st.integers(0, 1439),
    qe=st.integers(0, 1439),
    offset=st.integers(-840, 840),
)
def test_a_timeout_never_fires_later_than_its_length_plus_the_quiet_window(
    start, seconds, qs, qe, offset
):
    p = NotifyPrefs(1, quiet_start=qs, quiet_end=qe, utc_offset=offset)
    at = timeout_at(start, seconds, p)
    assert start + seconds - 1e-6 <= at <= start + seconds + MAX_QUIET_HOURS * 3600 + 1e-6
    assert at <= awake_deadline(start, seconds, p) + 1e-6
