"""The bot playing a seat (issue 14): a removed player's seat, a timed-out
turn, or a bot seat chosen at creation.

The choice comes from the `ai` package (it sees only the seat's view), off the
event loop in a thread, under the service's budget. Each move is announced
with what it publicly is ("🤖 The bot plays for Red: Use their orange 3"); only
what R15 hides (a card from the hand, drawn cards) is described without naming
the card. Moves are ordinary actions in the log, so a replay never runs a bot.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time

from ai import Budget, choose
from bot.service.helpers import simplest_option
from bot.service.model import Entry, bot_level
from engine import Decision

log = logging.getLogger(__name__)

#: What a secret decision's choice publicly is, by decision kind and option-id
#: prefix (the card itself stays hidden, R15). Other options are public as labelled.
HIDDEN_CHOICES: dict[str, tuple[tuple[str, str], ...]] = {
    "turn": (("play:m", "plays a Mission card"), ("play:r", "plays a Ravager card")),
    "hand_limit": (("discard:", "discards a Mission card (hand limit)"),),
    "keep": (("keep:", "keeps one of the drawn Mission cards"),),
    "ravager_effect": (
        ("discard:m", "discards a Mission card to the Ravager"),
        ("discard:r", "discards a Ravager card to the Ravager"),
    ),
    "spend_mission": (("card:", "spends a Mission card"),),
    "spend_ravager": (("", "spends a Ravager card"),),
}


def public_choice(d: Decision, option_id: str) -> str:
    """The move as everyone may read it."""
    if d.secret:
        for prefix, text in HIDDEN_CHOICES.get(d.kind, ()):
            if option_id.startswith(prefix):
                return text
    o = d.option(option_id)
    label = o.label if o is not None else option_id
    return label.replace("Use your ", "uses their ").replace(" your ", " their ")


class BotPlayer:
    """The bot's move for a seat, chosen off the event loop.

    ``level``: how a removed player's seat (and a timed-out turn) is played;
    ``seconds``/``iterations``: the budget per decision, for the strong
    level's search and, solo, simple's deeper look at its turn (iterations
    make it reproducible and set no time)."""

    def __init__(
        self, level: str = "simple", seconds: float = 1.0, iterations: int | None = None
    ) -> None:
        if level not in ("simple", "strong"):
            raise ValueError(f"bot_level is simple or strong, not {level!r}")
        self.level = level
        self.seconds = seconds
        self.iterations = iterations

    def budget(self) -> Budget:
        """The bot's budget per decision."""
        if self.iterations:
            return Budget(iterations=self.iterations)
        return Budget(seconds=self.seconds, clock=time.perf_counter)

    async def option(self, e: Entry, seat: int, level: str | None = None) -> str:
        """The option the bot picks for ``seat`` (the deciding seat)."""
        d = e.game.decision
        assert d is not None and d.seat == seat
        level = level or bot_level(e.user(seat), self.level)
        view = e.game.view(seat)
        # Seeded by game and position: the same position gets the same move.
        rng = random.Random(f"bot:{e.record.id}:{e.version}:{seat}")
        try:
            return await asyncio.to_thread(choose, view, rng=rng, level=level, budget=self.budget())
        except Exception:
            log.exception(
                "game %s: the %s bot failed; it plays the safe default", e.record.id, level
            )
            return simplest_option(d).id

    def line(self, e: Entry, d: Decision, option_id: str) -> str:
        """The move's announcement."""
        return f"🤖 The bot plays for {e.game.name(d.seat)}: {public_choice(d, option_id)}\n"
