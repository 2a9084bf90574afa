"""What the channel reads while a game is clicked through on SimCord: a
secret decision's public line and a player's echoed choice are said of the
player ("Blue is choosing… (their turn)", "Blue chooses: End their turn,
flipping nothing"), never to them ("Your turn", "End your turn"), as a bot's
moves are (bot/service/botplay.py `public_choice`)."""

from __future__ import annotations

import random
import re

from tests.bot.sim import World
from tests.bot.simplay import is_over, lobby, step

SECOND_PERSON = re.compile(r"\byour?\b", re.IGNORECASE)


def _lines(content: str, marker: str) -> list[str]:
    return [line for line in content.splitlines() if marker in line]


async def test_public_lines_are_said_of_the_player_not_to_them(world: World) -> None:
    players = world.players(2)
    await lobby(world, players)
    rng = random.Random(11)
    choosing: list[str] = []
    echoed: list[str] = []
    for _ in range(120):
        if is_over(world):
            break
        content = world.turn_message().content
        choosing += _lines(content, "is choosing…")
        echoed += _lines(content, " chooses: ")
        await step(world, rng)
    echoed += _lines(world.public_text(), " chooses: ")
    assert any("(their turn)" in line for line in choosing), choosing[:5]
    assert echoed, "no choice without an event of its own was clicked"
    for line in choosing + echoed:
        assert not SECOND_PERSON.search(line), line
    for line in echoed:  # a sentence, as the events around it are
        assert line.endswith((".", "!", "?", "…")), line
