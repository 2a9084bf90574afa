"""A player's quiet hours: when the bot must not nudge them, and how much of a
wait was awake time.

Quiet hours are a daily window on the player's own clock (``NotifyPrefs``:
minutes after local midnight, ``utc_offset`` minutes east of UTC); a window
whose start is after its end crosses midnight (22:00-07:00). During it no
reminder and no "your turn" DM is sent, and a turn timeout does not run: only
awake time counts toward it, so nobody is auto-played for sleeping.
Pure functions of timestamps; no clock is read here.

Quiet hours last at most :data:`MAX_QUIET_HOURS` (longer ones are refused, and a
longer window stored before that limit is cut to it when used), and a turn
timeout never fires later than its length plus one quiet window
(:func:`timeout_at`): quiet hours delay a timeout, they never stop a game.
"""

from __future__ import annotations

import math

from storage import NotifyPrefs

DAY = 86_400.0
#: The longest quiet hours a player may set (a day has to leave time to play).
MAX_QUIET_HOURS = 12


def quiet_minutes(start: int, end: int) -> int:
    """How long the daily window start-end (minutes after midnight) lasts."""
    return (end - start) % 1440


def window_seconds(p: NotifyPrefs) -> float:
    """The length of the player's quiet window as used (capped at the limit)."""
    if not p.has_quiet_hours:
        return 0.0
    assert p.quiet_start is not None and p.quiet_end is not None
    return min(quiet_minutes(p.quiet_start, p.quiet_end), MAX_QUIET_HOURS * 60) * 60.0


def _windows(lo: float, hi: float, p: NotifyPrefs) -> list[tuple[float, float]]:
    """The quiet windows (UTC timestamps) that may touch [lo, hi), in order."""
    if not p.has_quiet_hours:
        return []
    assert p.quiet_start is not None and p.quiet_end is not None
    shift = p.utc_offset * 60.0
    length = window_seconds(p)
    first = math.floor((lo + shift) / DAY) - 1
    last = math.floor((hi + shift) / DAY) + 1
    out = []
    for day in range(first, last + 1):
        start = day * DAY - shift + p.quiet_start * 60.0
        out.append((start, start + length))
    return out


def is_quiet(ts: float, p: NotifyPrefs) -> bool:
    return any(a <= ts < b for a, b in _windows(ts, ts, p))


def quiet_until(ts: float, p: NotifyPrefs) -> float:
    """When the quiet window around ``ts`` ends (``ts`` itself when not quiet)."""
    for a, b in _windows(ts, ts, p):
        if a <= ts < b:
            return b
    return ts


def awake_seconds(start: float, end: float, p: NotifyPrefs) -> float:
    """Seconds of [start, end) outside the player's quiet hours."""
    if end <= start:
        return 0.0
    quiet = sum(max(0.0, min(b, end) - max(a, start)) for a, b in _windows(start, end, p))
    return (end - start) - quiet


def awake_deadline(start: float, seconds: float, p: NotifyPrefs) -> float:
    """The moment ``seconds`` of awake time have passed since ``start``."""
    t, left = start, seconds
    if not p.has_quiet_hours:
        return start + seconds
    # Walk window by window; at most one quiet window per day, so this ends.
    while True:
        t = quiet_until(t, p)
        nxt = min((a for a, _ in _windows(t, t + DAY, p) if a > t), default=t + DAY)
        if t + left < nxt:  # ending as a window starts: it ends after it
            return t + left
        left -= nxt - t
        t = nxt


def timeout_at(start: float, seconds: float, p: NotifyPrefs) -> float:
    """When a turn timeout of ``seconds`` that started at ``start`` fires: after
    that much awake time, and never later than ``seconds`` plus one quiet window."""
    return min(awake_deadline(start, seconds, p), start + seconds + window_seconds(p))


def describe(p: NotifyPrefs) -> str:
    """ "22:00-07:00 (UTC+2)" or "none"."""
    if not p.has_quiet_hours:
        return "none"
    assert p.quiet_start is not None and p.quiet_end is not None
    sign = "+" if p.utc_offset >= 0 else "-"
    h, m = divmod(abs(p.utc_offset), 60)
    zone = f"UTC{sign}{h}" + (f":{m:02d}" if m else "")
    end = (p.quiet_start + int(window_seconds(p) // 60)) % 1440
    return f"{_hm(p.quiet_start)}-{_hm(end)} ({zone})"


def _hm(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def parse_hours(text: str) -> tuple[int, int] | None:
    """ "22-7", "22:30-07:15" -> (start, end) minutes; None if not that shape."""
    parts = text.replace(" ", "").split("-")
    if len(parts) != 2:
        return None
    out = []
    for part in parts:
        h, _, m = part.partition(":")
        if not h.isdigit() or (m and not m.isdigit()):
            return None
        hh, mm = int(h), int(m or 0)
        if not (0 <= hh <= 24 and 0 <= mm < 60) or (hh == 24 and mm):
            return None
        out.append((hh % 24) * 60 + mm)
    return out[0], out[1]


def parse_offset(text: str) -> int | None:
    """ "+2", "-5", "+5:30", "UTC+1" -> minutes east of UTC; None if not that shape."""
    s = text.strip().upper().removeprefix("UTC").removeprefix("GMT") or "0"
    sign = -1 if s.startswith("-") else 1
    s = s.lstrip("+-")
    h, _, m = s.partition(":")
    if not h.isdigit() or (m and not m.isdigit()):
        return None
    minutes = sign * (int(h) * 60 + int(m or 0))
    return minutes if -14 * 60 <= minutes <= 14 * 60 else None
