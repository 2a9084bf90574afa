"""The terminal as the service sees it: one channel, people named by the
names typed, times said as a person says them."""

from __future__ import annotations

import hashlib
from typing import Any

from bot.service.model import bot_name, is_bot

CHANNEL = 1  # the terminal is one channel
HOST = "host"


def user_id(name: str) -> int:
    """A stable id for a local player name (the same after a restart)."""
    return int.from_bytes(hashlib.sha256(name.lower().encode()).digest()[:6], "big") + 1


def span(seconds: float) -> str:
    """A time span as a person says it: "45 min", "2.5 h", "48 h", "7 days"
    (not "48.0 h" nor "168.0 h")."""
    mins = round(seconds / 60)
    if mins < 120:
        return f"{mins} min"
    if mins < 72 * 60:
        return f"{_decimal(mins / 60)} h"
    return f"{_decimal(mins / (24 * 60))} days"


def _decimal(x: float) -> str:
    """One decimal at most, none when whole: 48 -> "48", 2.5 -> "2.5"."""
    return f"{x:.1f}".removesuffix(".0")


class LocalFmt:
    def __init__(self, clock: Any) -> None:
        self.names: dict[int, str] = {user_id(HOST): HOST}
        self.clock = clock

    def add(self, name: str) -> int:
        """The person ``name`` names (in any case), known by their first spelling."""
        uid = user_id(name)
        self.names.setdefault(uid, name)
        return uid

    def mention(self, uid: int) -> str:
        """A person as "@bob"; a bot seat by its name alone, as on Discord."""
        return bot_name(uid) if is_bot(uid) else "@" + self.name(uid)

    def name(self, uid: int) -> str:
        if is_bot(uid):
            return bot_name(uid)
        return self.names.get(uid, f"player-{uid % 10000}")

    def channel(self, channel_id: int) -> str:
        """The terminal is one channel: a game's place goes unsaid."""
        return ""

    def when(self, ts: float) -> str:
        left = ts - self.clock()
        if abs(left) < 60:
            return "now"
        return f"in {span(abs(left))}" if left > 0 else f"{span(abs(left))} ago"
