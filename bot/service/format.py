"""How the service names people and times (front ends pass their own :class:`Fmt`),
and small text helpers.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from bot.service.model import bot_name, is_bot
from bot.service.model import command as command  # re-exported for the front ends
from storage import (
    LobbyError,
)


class Fmt(Protocol):
    """How a front end names people, times and its own commands.

    A front end may also define ``command(name) -> str``: how its users type
    the command ``name`` (``"join"``, ``"mod end"``, ``"server policy"``);
    Discord says ``/ba join``, ``/ba-mod end``; without it, :func:`command`
    gives the bare word in backticks (the local mode's words)."""

    def mention(self, user_id: int) -> str: ...

    def name(self, user_id: int) -> str: ...

    def when(self, ts: float) -> str: ...


class PlainFmt:
    """Names for logs and tests: ``user 42``; absolute times."""

    def __init__(self, names: dict[int, str] | None = None) -> None:
        self.names = names if names is not None else {}

    def mention(self, user_id: int) -> str:
        return "@" + self.name(user_id)

    def name(self, user_id: int) -> str:
        if is_bot(user_id):
            return bot_name(user_id)
        return self.names.get(user_id, f"user {user_id}")

    def when(self, ts: float) -> str:
        left = ts - time.time()
        if left <= 0:
            return "now"
        if left < 3600:
            return f"in {round(left / 60)} min"
        return f"in {left / 3600:.1f} h"


def lobby_msg(exc: LobbyError) -> str:
    msg = str(exc)
    if "already seated" in msg:
        return "You are already in this lobby."
    if "is full" in msg:
        return "This game is full."
    if "colour" in msg:
        return "That colour is taken."
    return msg


def score_part(v: Any) -> Any:
    if isinstance(v, list):
        return sum(int(x.get("vp", 0)) for x in v if isinstance(x, dict))
    return v


def final_parts(b: dict[str, Any]) -> str:
    """A player's final score in its parts, as the rulebook's end of the game
    adds them: "21 on the track + 10 from Advanced tiles + 6 from the Spes
    exchange"; "" when everything was on the track (and for Hal)."""
    if b.get("hal"):
        return ""
    advanced, spes = score_part(b.get("advanced", [])), score_part(b.get("spes", 0))
    if not advanced and not spes:
        return ""
    out = f"{score_part(b.get('track', 0))} on the track"
    if advanced:
        out += f" + {advanced} from Advanced tiles"
    if spes:
        out += f" + {spes} from the Spes exchange"
    return out
