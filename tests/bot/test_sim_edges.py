"""Who may press what, moderators giving seats away, an error in
the middle of a move (SimCord)."""

from __future__ import annotations

import random
import re

import pytest

from tests.bot.sim import (
    World,
    assert_private,
    choices,
    choose,
    components,
    decider,
    text,
    tool_id,
)
from tests.bot.simplay import lobby, step


async def until_public_options(world: World, rng: random.Random):
    """Play until the turn message itself offers options."""
    for _ in range(300):
        tm = world.turn_message()
        if choices(tm):
            return tm
        await step(world, rng)
    raise AssertionError("no public decision reached")


def followup_text(result) -> str:
    return "\n".join(m.content for m in result.followups)


async def test_non_player_and_out_of_turn(world: World) -> None:
    alice, bob = world.players(2)
    eve = world.bystander
    await lobby(world, [alice, bob])
    tm = await until_public_options(world, random.Random(1))
    pick = choices(tm)[0]
    svc = world.bot.frontend.svc
    version = (await svc.games.entry(world.channel.id)).version
    outsider = await choose(world, eve, tm, pick)
    assert followup_text(outsider) == "You are not playing in this game."
    assert all(m.ephemeral for m in outsider.followups)
    other = bob if decider(tm) == alice.id else alice
    wrong = await choose(world, other, tm, pick)
    mover = world.by_id(decider(tm))  # type: ignore[arg-type]
    # the possessive on the seat's name, not on a mention ("Blue (@Bob)'s")
    said = followup_text(wrong)
    assert re.fullmatch(rf"It is \w+'s decision now \(<@{mover.id}>\), not yours\.", said), said
    assert (await svc.games.entry(world.channel.id)).version == version
    # nobody else saw those refusals
    assert "not playing" not in world.public_text()
    assert "not playing" not in world.seen_by(alice)


async def test_moderator_replaces_a_player(world: World) -> None:
    alice, bob, carol = world.players(3)
    admin = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob])
    svc = world.bot.frontend.svc
    e = await svc.games.entry(world.channel.id)
    seat = e.seat_of(alice.id)
    r = await world.slash(admin, "ba-mod replace", seat=seat + 1, user=carol)
    assert assert_private(r) == "✔ Done."
    assert f"(moderator) replaced {alice.mention}" in world.public_text()
    e = await svc.games.entry(world.channel.id)
    assert e.seat_of(alice.id) is None and e.seat_of(carol.id) == seat
    assert svc.names(e)[seat] == "Carol"
    # the old player can no longer act; the new one plays on
    hand = await world.slash(alice, "ba hand")
    assert "not playing" in assert_private(hand)
    rng = random.Random(5)
    for _ in range(20):
        await step(world, rng)


async def test_a_removed_player_is_played_by_the_bot(world: World) -> None:
    alice, bob, carol = world.players(3)
    admin = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob, carol])
    svc = world.bot.frontend.svc
    e = await svc.games.entry(world.channel.id)
    r = await world.slash(admin, "ba-mod remove", seat=e.seat_of(bob.id) + 1)
    assert assert_private(r) == "✔ Done."
    rng = random.Random(6)
    for _ in range(40):
        who, _ = await step(world, rng)  # never waits for bob
        assert who is not bob
    assert "played by the bot" in world.public_text()


async def test_an_error_in_a_move_keeps_the_game(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    tm = await until_public_options(world, random.Random(9))
    svc = world.bot.frontend.svc
    e = await svc.games.entry(world.channel.id)
    before, version = e.game.to_json(), e.version

    async def broken(*a: object, **kw: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(world.bot.store, "append_action", broken)
    who = world.by_id(decider(tm))
    r = await choose(world, who, tm, choices(tm)[0])
    said = followup_text(r)
    assert "went wrong" in said and all(m.ephemeral for m in r.followups)
    logged = world.expect_logged_errors()
    assert logged and "disk on fire" in str(logged[0].exc_info)
    monkeypatch.undo()
    e2 = await svc.games.entry(world.channel.id)
    assert e2.version == version and e2.game.to_json() == before
    # and the same click works now
    r = await choose(world, who, next(m for m in world.public() if m.id == tm.id), choices(tm)[0])
    assert "went wrong" not in text(r)
    assert (await svc.games.entry(world.channel.id)).version > version


@pytest.mark.parametrize("tool", ["undo", "hand", "choices"])
async def test_a_failing_button_is_answered_and_logged_with_its_game(
    world: World, monkeypatch: pytest.MonkeyPatch, tool: str
) -> None:
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])  # the first decision is secret: "Show my choices"
    tm = (
        world.turn_message()
        if tool == "choices"
        else await until_public_options(world, random.Random(3))
    )
    svc = world.bot.frontend.svc

    async def broken(*a: object, **kw: object) -> None:
        raise RuntimeError(f"{tool} broke")

    monkeypatch.setattr(svc, tool, broken)  # the service call behind the button
    custom_id = tool_id(tm, tool)
    assert custom_id is not None, [c.get("custom_id") for c in components(tm)]
    r = await world.click(world.by_id(decider(tm)), tm, custom_id=custom_id)
    # answered privately: ephemerally, or a silent acknowledgement and a private follow-up
    said = [m for m in ([r.response] if r.ephemeral else []) + r.followups]
    assert said and all(m.ephemeral for m in said)
    assert "Something went wrong on our side" in "\n".join(m.content for m in said)
    logged = world.expect_logged_errors()
    assert len(logged) == 1 and logged[0].getMessage().startswith("game 1 ")
    assert f"{tool} broke" in str(logged[0].exc_info[1])
