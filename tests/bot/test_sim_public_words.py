"""What the channel reads while a game is clicked through on SimCord: a
secret decision's public line and a player's echoed choice are said of the
player ("Blue is choosing… (their turn)", "Blue chooses: End their turn,
flipping nothing"), never to them ("Your turn", "End your turn"), as a bot's
moves are (bot/service/botplay.py `public_choice`)."""

from __future__ import annotations

import random
import re

from tests.bot.sim import World
from tests.bot.simplay import Person, is_over, lobby, person_step, step

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


def _by_id(world: World, message_id: int) -> str:
    return next(m.content for m in world.public() if m.id == message_id)


async def test_a_turn_message_keeps_the_whole_turn_above_its_decision(world: World) -> None:
    """Within a turn the turn message is edited at each click; each edit brought
    only that click's lines, so the channel, read once the turn was over, told
    Blue's first turn by its last decision alone ('Blue launches a ship …'),
    without the die taken or the action (nor the seat order the game opened
    with). Now every line said during the turn stays, the newest prompt last."""
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    people = {m.id: Person(m) for m in (alice, bob)}
    rng = random.Random(5)
    first = world.turn_message()
    told: list[str] = []
    clicks = 0
    while world.turn_message().id == first.id:
        told += [ln for ln in _by_id(world, first.id).splitlines() if not ln.startswith("➡️")]
        await person_step(world, rng, people)
        clicks += 1
    assert clicks >= 3  # a turn of several decisions
    kept = _by_id(world, first.id)
    assert "🎲 The game starts" in kept, kept
    missing = [ln for ln in dict.fromkeys(told) if ln not in kept]
    assert not missing, (missing, kept)
    assert kept.splitlines()[-1].startswith("➡️")  # the decision it showed last, last


async def test_an_answered_turn_message_no_longer_counts_down_to_auto_play(world: World) -> None:
    """Once its turn was over, a turn message kept '➡️ Blue (@bob): Before your
    turn ends: …? — auto-play <t:…:R>', which Discord goes on showing as 'in 2
    days' (then '2 days ago') above a decision answered in the next message."""
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    people = {m.id: Person(m) for m in (alice, bob)}
    rng = random.Random(5)
    first = world.turn_message()
    assert "— auto-play <t:" in first.content  # the game has a turn timeout
    while world.turn_message().id == first.id:
        await person_step(world, rng, people)
    answered = _by_id(world, first.id)
    assert "auto-play" not in answered, answered
    assert answered.splitlines()[-1].startswith("➡️")  # the decision it asked stays
    assert "— auto-play <t:" in world.turn_message().content  # the pending one counts down
