"""Play games on SimCord by clicking, as the players would (see ``tests/bot/sim.py``).

A player knows it is their turn from the turn message's last ``➡️`` line (it
mentions them); a public decision's options are buttons or selects on that
message; a secret one (cards in hand) is answered through "Show my choices",
whose options arrive in a message only that player sees.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
from simcord import ChannelHandle, InteractionResult, MemberActor, ResponseMessage, UserHandle

from tests.bot.sim import Choice, World, choices, choose, decider, text, tool_id

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
    after_click: Callable[[], None] | None = None,
) -> int:
    """Click until the game is over; restart the bot every ``restart_every``
    clicks; ``after_click`` looks at the channel after each click (messages
    are edited as the game goes on). Returns the number of decisions made."""
    rng = random.Random(seed)
    n = 0
    while not is_over(world, channel):
        await step(world, rng, channel, secret_labels)
        n += 1
        assert n < limit, "the game does not end"
        if after_click is not None:
            after_click()
        if restart_every and n % restart_every == 0:
            await world.restart()
    return n


# ---------------------------------------------------------------------- people


def dm_user(member: MemberActor) -> UserHandle:
    """The member's own user: it clicks in the member's DMs with the bot."""
    return member.user


def dm_messages(world: World, member: MemberActor) -> list[discord.Message]:
    """The bot's messages in ``member``'s DMs, oldest first."""
    backend = world.env.backend
    cid = backend.dm_channels.get(member.id)
    if cid is None:
        return []
    return ChannelHandle(world.env, None, backend.channels[cid]).history()


@dataclass
class Person:
    """Where a player looks and what their clicks were, as a person plays:
    their DMs first (when they opted in), then their private panel if it shows
    options, then the channel's turn message; "Show my choices" only when none
    of these offers anything (a detour)."""

    member: MemberActor
    panel: ResponseMessage | None = None
    clicks: int = 0
    decisions: int = 0
    detours: int = 0  # "Show my choices" clicks
    refused: int = 0  # clicks answered "no longer current" and the like


def _pick(rng: random.Random, offered: list[Choice]) -> Choice:
    """People mostly play Sequence A: Sequence B when it is the only sensible pick."""
    others = [c for c in offered if c.option != "B"]
    if others and rng.random() < 0.9:
        return rng.choice(others)
    return rng.choice(offered)


async def person_step(
    world: World,
    rng: random.Random,
    people: dict[int, Person],
    channel: ChannelHandle | None = None,
) -> Person:
    """One decision by whoever must decide, clicked where that person is."""
    tm = world.turn_message(channel)
    uid = decider(tm)
    assert uid is not None, f"nobody to decide: {tm.content[-300:]}"
    me = people[uid]
    dm = [m for m in dm_messages(world, me.member) if choices(m)]
    where: Any
    if dm:
        where, actor = dm[-1], dm_user(me.member)
    elif me.panel is not None and choices(me.panel):
        where, actor = me.panel, me.member
    elif choices(tm):
        where, actor = tm, me.member
    else:
        show = tool_id(tm, "choices")
        assert show is not None, f"no options and no 'Show my choices': {tm.content[-300:]}"
        shown = await world.click(me.member, tm, custom_id=show)
        me.clicks += 1
        me.detours += 1
        me.panel = shown.response
        assert me.panel is not None and me.panel.ephemeral, "the choices are shown privately"
        where, actor = me.panel, me.member
    offered = choices(where)
    assert offered, f"no options where {me.member.name} looks: {where.content[-200:]}"
    pick = _pick(rng, offered)
    if pick.in_select:
        r = await actor.select(where, [pick.option], custom_id=pick.custom_id)
    else:
        r = await actor.click(where, custom_id=pick.custom_id)
    world.results.append(r)
    me.clicks += 1
    said = text(r)
    if any(m.ephemeral for m in r.followups) and (
        "no longer current" in said or "not yours" in said or "not one of" in said
    ):
        me.refused += 1
    else:
        me.decisions += 1
    return me
