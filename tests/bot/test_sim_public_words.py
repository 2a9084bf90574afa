"""What the channel reads while a game is clicked through on SimCord: a
secret decision's public line and a player's echoed choice are said of the
player ("Blue is choosing… (their turn)", "Blue chooses: End their turn,
flipping nothing"), never to them ("Your turn", "End your turn"), as a bot's
moves are (bot/service/botplay.py `public_choice`)."""

from __future__ import annotations

import random
import re

from tests.bot.sim import World, choices, decider
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


async def test_stopping_an_action_is_told_though_the_card_draw_follows(world: World) -> None:
    """Blue took a green 1 for Destroy Ravagers, Ravagers at two actions, and
    pressed 'Destroy no more': the channel read 'Blue performs action 5,
    Destroy Ravagers, with 1 activation. Blue draws a green Mission card.' (a
    choice was told only when no event followed it, and the card drawn as the
    action ends is one). Now 'Blue chooses: Destroy no more.' comes between."""
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    people = {m.id: Person(m) for m in (alice, bob)}
    rng = random.Random(5)
    told = 0
    for _ in range(200):
        if is_over(world) or told >= 2:
            break
        tm = world.turn_message()
        stops = [c for c in choices(tm) if c.option == "done" and "no more" in c.label]
        if not stops:
            await person_step(world, rng, people)
            continue
        who = world.by_id(decider(tm))  # type: ignore[arg-type]
        label = stops[0].label.split(". ", 1)[1]  # "2. Destroy no more" -> "Destroy no more"
        colour = re.search(r"➡️ (\w+) \(", tm.content.splitlines()[-1])[1]  # type: ignore[index]
        await world.click(who, tm, custom_id=stops[0].custom_id)
        assert f"{colour} chooses: {label}." in world.public_text(), world.public_text()[-600:]
        told += 1
    assert told == 2


async def test_an_answered_turn_message_lists_its_options_without_buttons_to_match(
    world: World,
) -> None:
    """A turn message a newer one followed keeps its options listed, but its
    footer still read 'the numbers match the buttons and the image' with the
    buttons gone; now '… · answered below'."""
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    people = {m.id: Person(m) for m in (alice, bob)}
    rng = random.Random(5)
    first = world.turn_message()
    listed = False
    while world.turn_message().id == first.id:
        listed = listed or bool(world.turn_message().embeds)
        await person_step(world, rng, people)
    assert listed  # the turn showed a public decision's options
    answered = next(m for m in world.public() if m.id == first.id)
    assert not choices(answered)
    footers = [e.footer.text for e in answered.embeds if e.footer and e.footer.text]
    assert footers and all(f.endswith("· answered below") for f in footers), footers
