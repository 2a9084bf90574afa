"""/ba board colour: a seat's player board, as the whole table sees it.

Every player board is public in Black Angel (its grid and boost sides, its
Advanced slots with their tucked Missions, its ejected tiles); only the hand
is hidden (R15). `/ba hand` shows one's own board alone, so an opponent's
Advanced tiles and boosts could not be looked at (found playing against a bot
seat).
"""

from __future__ import annotations

from tests.bot.sim import World, public_messages, text
from tests.bot.simplay import lobby


async def test_board_with_a_colour_shows_that_seats_public_player_board(world: World) -> None:
    alice, bob = world.players(2)
    eve = world.bystander
    await lobby(world, [alice, bob])
    r = await world.slash(eve, "ba board", colour="red")  # anyone may look: it is public
    said = text(r)
    assert "**Red (" in said and "'s player board** (public; the hand stays hidden):" in said
    assert "Ravager cards in hand (hidden)" in said
    assert "#" not in said  # no card of the hand is named
    shown = public_messages(r)
    assert shown and any(a.filename == "player-board.png" for m in shown for a in m.attachments), (
        "the board is shown to the channel, with its image"
    )
    # A colour nobody plays is refused, naming the seats.
    refused = await world.slash(eve, "ba board", colour="purple")
    assert "No seat plays Purple in this game: its seats are Blue, Red." in text(refused)
    # Without a colour: the table, as before.
    assert "player board" not in text(await world.slash(eve, "ba board"))
