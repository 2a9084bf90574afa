"""Undo and rollback as players and moderators click them (SimCord): the game
keeps its id, and what was shown before answers "no longer current"."""

from __future__ import annotations

import random

from simcord import MemberActor, ResponseMessage

from storage import GameStatus
from tests.bot.sim import World, assert_private, choices, choose, decider, text, tool_id
from tests.bot.simplay import lobby, step


async def until_a_card_can_be_played(
    world: World, rng: random.Random
) -> tuple[MemberActor, ResponseMessage]:
    """Play until the decider's private choices offer a card; returns them."""
    for _ in range(300):
        tm = world.turn_message()
        show = tool_id(tm, "choices")
        if show:
            who = world.by_id(decider(tm))
            shown = await world.click(who, tm, custom_id=show)
            if any(c.option.startswith("play:") for c in choices(shown.response)):
                return who, shown.response
        await step(world, rng)
    raise AssertionError("no card to play in 300 decisions")


async def test_undo_keeps_the_game_and_old_buttons_go_stale(world: World) -> None:
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    svc = world.bot.frontend.svc
    who, mine = await until_a_card_can_be_played(world, random.Random(8))
    e = await svc.games.entry(world.channel.id)
    game_id, v0, r0, j0 = e.record.id, e.version, e.revision, e.game.to_json()
    card = next(c for c in choices(mine) if c.option.startswith("play:"))
    assert f":{r0}:" in card.custom_id
    # the same choices shown a second time: that message keeps its buttons
    tm = world.turn_message()
    again = (await world.click(who, tm, custom_id=tool_id(tm, "choices"))).response

    played = await choose(world, who, mine, card)
    assert played.acknowledged
    assert not [m for m in played.followups if "went wrong" in m.content]
    assert (await svc.games.entry(world.channel.id)).revision == r0 + 1
    other = bob if who is alice else alice
    refused = await world.slash(other, "ba undo")
    assert "your own decisions" in assert_private(refused)
    played_line = world.public_text()
    undone = await world.slash(who, "ba undo")
    assert assert_private(undone) == "✔ Done."
    # the channel reads which decision is taken back, in the words it read it in
    said = [line for line in world.public_text().splitlines() if "takes back" in line]
    assert said and said[-1].split("takes back their last decision: ")[1] in played_line, said

    e2 = await svc.games.entry(world.channel.id)
    assert e2.record.id == game_id and e2.record.status is GameStatus.RUNNING
    assert (e2.version, e2.revision) == (v0, r0 + 2)
    assert e2.game.to_json() == j0
    # a button shown before the undo: same game, same number of actions, but
    # from before it: refused, the game stays as it is
    stale = await choose(world, who, again, card)
    assert "no longer current" in "\n".join(m.content for m in stale.followups)
    assert (await svc.games.entry(world.channel.id)).revision == r0 + 2
    # fresh choices carry the new revision and work
    tm = world.turn_message()
    fresh = (await world.click(who, tm, custom_id=tool_id(tm, "choices"))).response
    card2 = next(c for c in choices(fresh) if c.option == card.option)
    assert f":{r0 + 2}:" in card2.custom_id
    ok = await choose(world, who, fresh, card2)
    assert not [m for m in ok.followups if "no longer" in m.content]
    assert (await svc.games.entry(world.channel.id)).revision == r0 + 3
    await svc.store.verify_game(game_id)


async def test_moderator_rollback_in_place(world: World) -> None:
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob])
    rng = random.Random(4)
    for _ in range(12):
        await step(world, rng)
    svc = world.bot.frontend.svc
    e = await svc.games.entry(world.channel.id)
    game_id, v, r = e.record.id, e.version, e.revision
    before_last = (await svc.store.get_actions(game_id))[:-1]
    tm = world.turn_message()

    rolled = await world.slash(admin, "ba-mod rollback")
    assert assert_private(rolled) == "✔ Done."
    assert "rolled back 1 action" in world.public_text()
    e2 = await svc.games.entry(world.channel.id)
    assert (e2.record.id, e2.version, e2.revision) == (game_id, v - 1, r + 1)
    assert [a.action for a in await svc.store.get_actions(game_id)] == [
        a.action for a in before_last
    ]
    # the buttons shown before the rollback are gone from the channel
    old_now = next(m for m in world.public() if m.id == tm.id)
    assert not [c for c in choices(old_now) if f":{r}:" in c.custom_id]
    assert all(f":{r}:" not in c.custom_id for c in choices(world.turn_message()))
    # a paused game can be rolled back too, and stays paused
    paused = await world.slash(admin, "ba-mod pause")
    assert "paused" in text(paused)
    await world.slash(admin, "ba-mod rollback")
    e3 = await svc.games.entry(world.channel.id)
    assert e3.record.status is GameStatus.PAUSED and e3.version == v - 2
    # the game goes on after resuming, and after a restart
    await world.slash(admin, "ba-mod resume")
    for _ in range(3):
        await step(world, rng)
    await world.restart()
    for _ in range(2):
        await step(world, rng)
    e4 = await world.bot.frontend.svc.games.entry(world.channel.id)
    assert e4.version == v + 3


async def test_a_new_holder_cannot_undo_the_decision_of_the_one_they_replaced(
    world: World,
) -> None:
    # Dave, given Blue mid-turn, could click Undo on Bob's decision, and the
    # channel read "Blue (@dave) takes back their last decision"
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    dave = world.member("dave")
    await lobby(world, [alice, bob])
    rng = random.Random(2)
    for _ in range(100):  # until a player's decision leaves them deciding again
        who, _ = await step(world, rng)
        tm = world.turn_message()
        if decider(tm) == who.id and tool_id(tm, "undo"):
            break
    else:
        raise AssertionError("no decision within a turn")
    e = await world.bot.frontend.svc.games.entry(world.channel.id)
    await world.slash(admin, "ba-mod replace", seat=e.seat_of(who.id) + 1, user=dave)
    version = (await world.bot.frontend.svc.games.entry(world.channel.id)).version
    tm = world.turn_message()
    r = await world.click(dave, tm, custom_id=tool_id(tm, "undo"))
    said = [m.content for m in r.followups if m.ephemeral]
    assert said == [
        f"That decision was taken by {who.mention}, not by you: you can only take back your"
        " own. A moderator can roll it back (`/ba-mod rollback`)."
    ], said
    assert "takes back" not in world.public_text()
    assert (await world.bot.frontend.svc.games.entry(world.channel.id)).version == version


async def test_undo_is_offered_only_with_something_to_take_back(world: World) -> None:
    """Undo was offered at every decision, at a turn's start too: its click was
    refused ('There is nothing to undo', 'You can only take back your own
    decisions…'). Now it is offered only where something may be taken back."""
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    rng = random.Random(8)
    hidden = taken_back = 0
    for _ in range(80):
        tm = world.turn_message()
        uid = decider(tm)
        assert uid is not None
        who = world.by_id(uid)
        show = tool_id(tm, "choices")
        where = (await world.click(who, tm, custom_id=show)).response if show else tm
        assert where is not None and choices(where)
        undo = tool_id(where, "undo")
        if undo is None:  # nothing of theirs to take back
            said = assert_private(await world.slash(who, "ba undo"))
            assert "Done" not in said, said
            hidden += 1
        elif not taken_back:  # offered after a decision of theirs: it works
            await world.click(who, where, custom_id=undo)
            assert "takes back their last decision" in world.turn_message().content
            taken_back += 1
        await step(world, rng)
    assert hidden and taken_back
