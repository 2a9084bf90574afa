"""Kept for imports of ``FakeClock`` from here; see ``tests/bot/direct.py`` (the
service without Discord) and ``tests/bot/sim.py`` (the bot on SimCord)."""

from tests.bot.direct import FakeClock

__all__ = ["FakeClock"]
