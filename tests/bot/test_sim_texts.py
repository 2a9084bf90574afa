"""Texts read as written by a person (issue 25), on SimCord: every text of
played games scanned for what a person would not write, and every button of a
finished game still answering."""

from __future__ import annotations

import random
import re
from typing import Any

from simcord import MemberActor

from bot import text as T
from engine.describe import placed_text, reward_text
from tests.bot.sim import World, assert_private, components, custom_ids, text
from tests.bot.simplay import Person, dm_messages, is_over, lobby, person_step, play_out

#: What a person would not write, with why.
BAD = [
    (re.compile(r"\b[Aa] (?:[aeiou]|orange|activation|ejected)\w*"), "'a' before a vowel"),
    (re.compile(r"\w\((?:s|es)\)"), "a plural written '(s)'"),
    (re.compile(r"game is over\*\* \([a-z_]+\)"), "an end reason as a code"),
    (
        re.compile(r"`(?!/)(?:scores|board|log|hand|undo|join|start|choices|play)\b"),
        "a bare command",
    ),
    (re.compile(r"won by [^\n]* vs Hal"), "won by … vs Hal"),
    (re.compile(r"Your turn[^\n]*Your turn"), "'Your turn' twice on a line"),
    (re.compile(r"^…\n", re.M), "a message cut from the top"),
]


def scan(texts: list[str]) -> list[str]:
    found = []
    for t in texts:
        for pattern, why in BAD:
            m = pattern.search(t)
            if m:
                found.append(f"{why}: {t[max(0, m.start() - 60) : m.end() + 40]!r}")
    return found


def everything(world: World, members: list[MemberActor]) -> list[str]:
    """Every text the bot showed: channel messages and their embeds, private
    replies, DMs."""
    out: list[str] = []

    def add(msg: Any) -> None:
        out.append(msg.content or "")
        for e in msg.embeds:
            out.extend([e.title or "", e.description or "", e.footer.text or ""])

    for m in world.history():
        add(m)
    for r in world.results:
        for msg in ([r.response] if r.response is not None else []) + list(r.followups):
            add(msg)
    for member in members:
        for m in dm_messages(world, member):
            add(m)
    return [t for t in out if t]


async def test_the_texts_of_played_games_read_as_written_by_a_person(world: World) -> None:
    alice, bob = world.players(2)
    await world.slash(alice, "ba notify", dms=True)
    await lobby(world, [alice, bob])
    await play_out(world, 11)
    await world.slash(alice, "ba scores")
    await world.slash(alice, "ba board")
    await world.slash(alice, "ba log")
    await world.slash(alice, "ba games")
    solo = world.new_channel("solo")
    await lobby(world, [alice], solo, difficulty="easy")
    await play_out(world, 12, channel=solo)
    await world.slash(alice, "ba games")
    for topic in T.RULES:
        await world.slash(alice, "ba rules", topic=topic)
    found = scan(everything(world, [alice, bob]))
    assert not found, "\n".join(found[:20])


async def test_every_button_of_a_finished_game_still_answers(world: World) -> None:
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    await play_out(world, 21)
    final = world.turn_message()
    # the end is told once, with the scores (not the engine's line above them too)
    assert final.content.lower().count("game is over") == 1, final.content
    assert "🏆" in final.content and "Winner: " in final.content and " VP (" in final.content
    for cid in custom_ids(final):
        r = await world.click(alice, final, custom_id=cid)
        said = text(r)
        assert "There is no game" not in said, (cid, said)
        assert "no longer current" not in said, (cid, said)
    hand = await world.click(bob, final, custom_id=next(c for c in custom_ids(final, "ba:t:hand:")))
    assert "Your hand" in assert_private(hand)
    assert components(final)


async def test_a_game_in_a_thread_says_thread(world: World) -> None:
    tables = world.thread_channel()
    alice, bob = world.players(2)
    await world.slash(alice, "ba new", tables, players=2)
    thread = world.threads(tables)[-1]
    r = await world.slash(bob, "ba new", thread, players=2)
    said = assert_private(r)
    assert "This thread already has a game" in said and "This channel" not in said


async def test_people_playing_long_see_no_message_cut(world: World) -> None:
    members = world.players(3)
    await lobby(world, members)
    people = {m.id: Person(m) for m in members}
    rng = random.Random(1)
    for _ in range(120):
        if is_over(world):
            break
        await person_step(world, rng, people)
    assert not scan([m.content for m in world.public()])


async def test_the_hand_names_each_mission_cards_reward(world: World) -> None:
    """A Mission card's reward (what its robot takes once the card is placed
    in Space) decides where it is worth placing: the hand's text names it,
    as the hand's image does."""
    (alice,) = world.players(1)
    solo = world.new_channel("solo")
    await lobby(world, [alice], solo, difficulty="easy")
    said = assert_private(await world.slash(alice, "ba hand", solo))
    missions = [
        line for line in said.splitlines() if re.search(r"(activation|neutralization) #", line)
    ]
    assert len(missions) == 3, said  # one of each colour at setup (rulebook setup 13)
    for line in missions:
        card = int(re.search(r"#(\d+)", line).group(1))
        assert f"Reward when placed: {reward_text(card)}" in line, line
        assert line.endswith(placed_text(card)), line


async def test_the_rules_cover_the_games_the_bot_hosts(world: World) -> None:
    """`/ba rules` has a topic for solo play and for the advanced rules, and
    no topic contradicts them (a solo tie is Hal's, R19; the advanced rules
    draw two cards and keep one)."""
    alice = world.players(1)[0]
    said = {}
    for topic in ("solo", "advanced", "end", "turn"):
        said[topic] = assert_private(await world.slash(alice, "ba rules", topic=topic))
    assert "Hal" in said["solo"] and "strictly more VP" in said["solo"]
    assert "boost side up" in said["advanced"] and "keep one" in said["advanced"]
    assert "a tie is Hal's" in said["end"]
    assert "draw two, keep one" in said["turn"]
    menu = assert_private(await world.slash(alice, "ba rules"))
    assert "`solo`" in menu and "`advanced`" in menu
