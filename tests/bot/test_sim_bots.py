"""Bot players on SimCord (issue 14): a timed-out turn (solo too, issue 27)
and a removed player's seat are played by the bot and announced; one person
plays a 3-player game against two bot seats to the end, by clicking."""

from __future__ import annotations

import random
import re

from simcord import MemberActor

from bot.service import botplay
from tests.bot.sim import World, text
from tests.bot.simplay import is_over, lobby, play_out, step

BOT_LINE = re.compile(r"🤖 The bot plays for (Blue|Red|Yellow|Purple): (.+)")
# A card from the hand named in a move (a card in Space is public: "Keep their
# ship at 4C: gray alien hex, card: Gray neutralization #34 of Red").
HAND_CARD = re.compile(r": (Play|Discard|Keep|Spend) [^:;,]*#\d+")


def let_bots_think(world: World) -> None:
    """A click can make the bot play several seats' turns: real thinking time
    (tens of ms a move, more on a loaded machine) before the bot settles."""
    world.env.settle_timeout = 120.0


def bot_moves(world: World) -> list[str]:
    return [line for line in world.public_text().splitlines() if line.startswith("🤖")]


def assert_announced(lines: list[str]) -> None:
    assert lines
    for line in lines:
        m = BOT_LINE.fullmatch(line)
        assert m, line
        assert "hidden choice" not in line and not HAND_CARD.search(line), line


async def time_out_the_first_turn(world: World, players: list[MemberActor]) -> None:
    """A game of `players`, a 90-minute timeout set, two hours later: the
    first player's turn was played by simple and announced."""
    admin = world.member("ann", roles=[world.admin])
    let_bots_think(world)
    await lobby(world, players)
    assert not bot_moves(world)
    await world.slash(admin, "ba-mod timeout", minutes=90)
    await world.advance(minutes=120)
    public = world.public_text()
    assert "Time is up" in public and "the bot (simple) plays their turn" in public
    moves = bot_moves(world)
    assert_announced(moves)
    # a fresh turn with three dice in hand: the bot never starts with Sequence B
    assert not BOT_LINE.fullmatch(moves[0]).group(2).startswith("Sequence B")


async def test_a_timed_out_turn_is_played_by_the_bot_and_announced(world: World) -> None:
    await time_out_the_first_turn(world, world.players(2))


async def test_a_removed_players_seat_is_played_by_the_bot_and_announced(world: World) -> None:
    alice, bob, carol = world.players(3)
    admin = world.member("ann", roles=[world.admin])
    let_bots_think(world)
    await lobby(world, [alice, bob, carol])
    r = await world.slash(admin, "ba-mod remove", seat=2)
    assert r.ephemeral and text(r) == "✔ Done."  # the moderator's own answer
    assert "is now played by the bot (simple)" in world.public_text()
    rng = random.Random(3)
    for _ in range(60):  # the people click; the removed seat never keeps them waiting
        if is_over(world):
            break
        who, _ = await step(world, rng)
        assert who in (alice, bob, carol)
    assert_announced(bot_moves(world))


async def test_one_person_plays_three_players_against_two_bots_to_the_end(world: World) -> None:
    (alice,) = world.players(1)
    let_bots_think(world)
    made = await world.slash(alice, "ba new", players=3, bots=2)
    assert "with 2 bot players (simple)" in world.public_text(), text(made)
    await world.slash(alice, "ba start")
    # Turn messages are edited as the game goes on, so a bot's announcement
    # may be gone by the end: read them after every click.
    seen = set(bot_moves(world))
    n = await play_out(world, 7, after_click=lambda: seen.update(bot_moves(world)))
    assert n > 20 and is_over(world)
    final = world.turn_message()
    assert "Winner" in final.content
    assert_announced(sorted(seen))
    # a public move reads as the turn message listed it, said of the player
    # ("Display space 2 (cost 2): gray tile (gain 1 VP)", not "Display 2 (cost 2): gray +1 VP")
    moves = [BOT_LINE.fullmatch(line).group(2) for line in seen]
    assert any(m.startswith("Display space ") for m in moves), moves
    assert any(m.startswith("Launch a new ship to ") for m in moves), moves
    assert not any(re.match(r"Display \d|Launch to |Robot: ", m) for m in moves), moves
    assert not any(re.search(r"\b(you|your)\b", m) for m in moves), moves
    assert all(len(m) <= botplay.PUBLIC_ROOM for m in moves), moves


async def test_a_timed_out_solo_turn_is_played_by_simple_and_comes_back(world: World) -> None:
    """Solo, simple settles its turn's inner steps deeper (ai/rules.py
    `ALONE_DEPTH`) under the bot's time budget: the whole turn is played and
    the game comes back to the player (the `world` fixture fails the test on
    any logged error, such as the bot failing over to its safe default)."""
    (alice,) = world.players(1)
    await time_out_the_first_turn(world, [alice])
    assert not is_over(world)
    who, _ = await step(world, random.Random(1))  # the next turn is hers again
    assert who == alice


def _bot_first(seed: int) -> bool:
    """Does the start's shuffle (bot/service/lobby.py) seat the second of two first?"""
    seats = [0, 1]
    random.Random(seed).shuffle(seats)
    return seats == [1, 0]


async def test_a_bot_seat_that_plays_first_starts_a_line_of_its_own(world: World) -> None:
    """A bot seated first plays at once: its moves follow the start message's
    seat list, each on a line of its own, not glued to the last seat's line."""
    (alice,) = world.players(1)
    let_bots_think(world)
    world.seeds.next = next(s for s in range(1, 100) if _bot_first(s))
    await world.slash(alice, "ba new", players=2, bots=1)
    await world.slash(alice, "ba start")
    public = world.public_text()
    lines = public[public.index("🎲 The game starts") :].splitlines()
    assert lines[1].startswith("1. ") and "bot" in lines[1], lines[:3]  # the bot is first
    assert lines[2].startswith("2. ") and "🤖" not in lines[2], lines[:4]
    assert BOT_LINE.fullmatch(lines[3]), lines[:4]
