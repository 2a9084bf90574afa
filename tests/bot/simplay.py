"""Play games on SimCord by clicking, as the players would (see ``tests/bot/sim.py``).

A player knows it is their turn from the turn message's last ``➡️`` line (it
mentions them); a public decision's options are buttons or selects on that
message; a secret one (cards in hand) is answered through "Show my choices",
whose options arrive in a message only that player sees.
"""

from __future__ import annotations

import random

from simcord import ChannelHandle, InteractionResult, MemberActor

from tests.bot.sim import World, choices, choose, decider, tool_id

GAME_OVER = "The game is over"


async def lobby(
    world: World,
    players: list[MemberActor],
    channel: ChannelHandle | None = None,
    **options: object,
) -> InteractionResult:
    """``/ba new`` by the first player, ``/ba join`` by the others, ``/ba start``."""
    ch = channel or world.channel
    await world.slash(players[0], "ba new", ch, players=len(players), **options)
    for p in players[1:]:
        await world.slash(p, "ba join", ch)
    return await world.slash(players[0], "ba start", ch)


def is_over(world: World, channel: ChannelHandle | None = None) -> bool:
    return GAME_OVER in world.turn_message(channel).content


async def step(
    world: World,
    rng: random.Random,
    channel: ChannelHandle | None = None,
    secret_labels: set[str] | None = None,
) -> tuple[MemberActor, InteractionResult]:
    """One decision by whoever must decide, picked at random among what they are
    shown; ``secret_labels`` collects the labels of options shown only privately."""
    tm = world.turn_message(channel)
    uid = decider(tm)
    assert uid is not None, f"nobody to decide: {tm.content[-300:]}"
    who = world.by_id(uid)
    offered = choices(tm)
    if offered:
        return who, await choose(world, who, tm, rng.choice(offered))
    show = tool_id(tm, "choices")
    assert show is not None, f"no options and no 'Show my choices': {tm.content[-300:]}"
    shown = await world.click(who, tm, custom_id=show)
    private = shown.response
    assert private is not None and private.ephemeral, "the choices are shown privately"
    offered = choices(private)
    assert offered, f"no options in the private message: {private.content}"
    if secret_labels is not None:
        secret_labels.update(c.label for c in offered)
    return who, await choose(world, who, private, rng.choice(offered))


async def play_out(
    world: World,
    seed: int,
    *,
    channel: ChannelHandle | None = None,
    restart_every: int = 0,
    limit: int = 3000,
    secret_labels: set[str] | None = None,
) -> int:
    """Click until the game is over; restart the bot every ``restart_every``
    clicks. Returns the number of decisions made."""
    rng = random.Random(seed)
    n = 0
    while not is_over(world, channel):
        await step(world, rng, channel, secret_labels)
        n += 1
        assert n < limit, "the game does not end"
        if restart_every and n % restart_every == 0:
            await world.restart()
    return n
