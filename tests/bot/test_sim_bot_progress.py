"""Bot seats show life (issue 25), on SimCord: after a person's turn-ending
click, strong bot seats say at once who is thinking, and each move is edited in
as it is made; the update that follows replaces that message."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.config import Config
from tests.bot.sim import World, make_config
from tests.bot.simplay import step

THINKING = "is thinking…"
CLIPPED = "shows every move."  # the marker clip_message leaves in place of moves


@pytest.fixture
def bot_config(tmp_path: Path) -> Config:
    # strong bots thinking half a second a decision: several seconds a bot turn
    return make_config(str(tmp_path / "bot.sqlite3"), bot_seconds=0.5)


def _contents(world: World, start: int) -> list[tuple[str, str]]:
    """(method, content) of the bot's channel posts and edits since ``start``."""
    out = []
    for req in world.env.http_requests[start:]:
        body = req.json if isinstance(req.json, dict) else {}
        if "content" in body and f"/channels/{world.channel.id}/messages" in req.path:
            out.append((req.method, str(body["content"])))
    return out


async def test_strong_bot_seats_show_thinking_and_each_move(world: World) -> None:
    world.env.settle_timeout = 120.0
    alice = world.member("alice")
    await world.slash(alice, "ba new", players=3, bots=2, bot_level="strong")
    await world.slash(alice, "ba start")
    rng = random.Random(2)
    for _ in range(40):
        start = len(world.env.http_requests)
        await step(world, rng)
        posted = _contents(world, start)
        moves = [c for _, c in posted if "🤖 The bot plays for" in c]
        if not moves:
            continue  # alice's turn goes on
        thinking = [c for _, c in posted if THINKING in c]
        assert thinking, f"no '{THINKING}' line while the bots played"
        growing = [c.count("🤖 The bot plays for") for c in thinking]
        # at once: the line was up before the first move was made (each move
        # is half a second of thinking), not after it; an order, not a clock
        assert growing[0] == 0, thinking[0]
        # the moves came in one by one: the progress message grew with each
        assert len(thinking) >= 3, thinking
        # a long bot turn is clipped to Discord's 2,000 characters: the early
        # moves give way to a pointer to the log, so the count may then drop
        for before, after, text in zip(growing[:-1], growing[1:], thinking[1:], strict=True):
            assert after >= before or CLIPPED in text, (before, after, text)
            assert len(text) <= 2000, len(text)
        assert max(growing) > growing[0], growing
        # the update that followed replaced it: no "thinking" left in the channel
        assert THINKING not in world.public_text()
        assert "🤖 The bot plays for" in world.turn_message().content
        return
    raise AssertionError("alice's turn never ended")
