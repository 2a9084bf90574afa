"""Secret decisions where the player already is (issue 25), on SimCord: a
player who opted in to DMs decides there with no detour; anyone else opens the
private panel once and it follows their turn."""

from __future__ import annotations

import random

from simcord import MemberActor

from tests.bot.sim import World, choices, custom_ids, decider, text
from tests.bot.simplay import Person, dm_messages, is_over, lobby, person_step


async def _play(world: World, people: dict[int, Person], rng: random.Random, n: int) -> None:
    for _ in range(n):
        await person_step(world, rng, people)


async def _first_turn_played(world: World, players: list[MemberActor]) -> Person:
    """The first decider, once their turn has passed (both playing as people do)."""
    people = {m.id: Person(m) for m in players}
    rng = random.Random(8)
    first = decider(world.turn_message())
    while decider(world.turn_message()) == first:
        await person_step(world, rng, people)
    return people[first]  # type: ignore[index]


async def test_a_player_with_dms_decides_there_without_a_detour(world: World) -> None:
    alice, bob, carol = world.players(3)
    for m in (alice, bob, carol):
        await world.slash(m, "ba notify", dms=True)
    await lobby(world, [alice, bob, carol])
    people = {m.id: Person(m) for m in (alice, bob, carol)}
    await _play(world, people, random.Random(3), 60)
    assert sum(p.decisions for p in people.values()) == 60
    assert [p.detours for p in people.values()] == [0, 0, 0]
    assert sum(p.refused for p in people.values()) == 0
    for m in (alice, bob, carol):
        dms = dm_messages(world, m)
        assert dms, f"{m.name} got no decision DM"
        # only the current decider's DM still has buttons, and it is theirs
        live = [d for d in dms if choices(d)]
        for d in live:
            assert d.content.startswith(
                f"🎲 Your turn in Black Angel game #1 (<#{world.channel.id}>)"
            )
        if m.id == decider(world.turn_message()):
            assert len(live) <= 1
        else:
            assert live == [], f"{m.name}'s old DM still offers options"
    # nobody else ever sees a DM: the channel shows no private option
    assert "Play " not in world.public_text()


async def test_a_turn_dm_once_the_turn_passed_no_longer_says_your_turn(world: World) -> None:
    """The DM was edited to 'Now: Red (@bob). Your next decision comes here.'
    under its headline '🎲 Your turn in Black Angel game #1 …', which it kept."""
    alice, bob = world.players(2)
    for m in (alice, bob):
        await world.slash(m, "ba notify", dms=True)
    await lobby(world, [alice, bob])
    me = await _first_turn_played(world, [alice, bob])
    past = [d for d in dm_messages(world, me.member) if "Now: " in d.content]
    assert past, "no DM of hers says whose turn it is now"
    for d in past:
        assert not choices(d)
        assert d.content.startswith(f"🎲 Black Angel game #1 (<#{world.channel.id}>)\n"), d.content
        assert "Your turn" not in d.content, d.content


async def test_without_dms_one_show_my_choices_carries_the_turn(world: World) -> None:
    alice, bob, carol = world.players(3)
    await lobby(world, [alice, bob, carol])
    people = {m.id: Person(m) for m in (alice, bob, carol)}
    rng = random.Random(5)
    turns = 0
    last = decider(world.turn_message())
    detours_this_turn = 0
    worst = 0
    for _ in range(80):
        before = sum(p.detours for p in people.values())
        await person_step(world, rng, people)
        detours_this_turn += sum(p.detours for p in people.values()) - before
        now = decider(world.turn_message())
        if now != last:
            turns += 1
            worst = max(worst, detours_this_turn)
            detours_this_turn = 0
            last = now
    assert turns >= 8
    assert worst <= 1, f"{worst} 'Show my choices' clicks in one turn"
    assert sum(p.refused for p in people.values()) == 0
    # the panel is private: nobody else saw it, and it shows the hand with the decision
    for p in people.values():
        if p.panel is not None:
            assert p.panel.ephemeral
            assert "Your hand" in p.panel.content or not choices(p.panel)


async def test_a_panel_stops_offering_once_the_turn_passes(world: World) -> None:
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    me = await _first_turn_played(world, [alice, bob])
    assert me.panel is not None
    assert not custom_ids(me.panel, "ba:o:") and not custom_ids(me.panel, "ba:s:")
    assert "✔ Done" in me.panel.content


async def test_an_open_panel_says_the_game_is_over_at_the_end(world: World) -> None:
    """Before: "The game is over or paused: see the channel." even though the
    bot knew the game had just ended; now the end is said as such."""
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    people = {m.id: Person(m) for m in (alice, bob)}
    rng = random.Random(5)
    while not is_over(world):
        await person_step(world, rng, people)
    panels = [p.panel for p in people.values() if p.panel is not None]
    assert panels, "nobody opened a panel"
    for panel in panels:
        assert "The game is over: the final scores are in the channel." in panel.content
        assert "paused" not in panel.content


FORCED = "Sequence B was played for them."


async def test_a_turn_that_comes_back_says_the_sequence_b_played_between(world: World) -> None:
    """Two players: a click ends Red's turn, Blue can neither use nor buy a die,
    the engine plays Blue's Sequence B and the turn is Red's again. Red's DM (or
    private panel) went straight from the decision clicked to "Your turn: ...",
    as if Blue had not played; now it says first what was played for Blue (the
    channel's note)."""
    alice, bob = world.players(2)
    await world.slash(alice, "ba notify", dms=True)  # alice decides in DMs, bob in his panel
    await lobby(world, [alice, bob])
    people = {m.id: Person(m) for m in (alice, bob)}
    rng = random.Random(5)
    seen: dict[str, str] = {}  # where ("DM", "panel") -> what it showed
    last = world.turn_message().id
    for _ in range(120):
        me = await person_step(world, rng, people)
        tm = world.turn_message()
        fresh, last = tm.id != last, tm.id  # a turn message keeps its turn's lines
        if not fresh or FORCED not in tm.content or decider(tm) != me.member.id:
            continue
        note = next(line for line in tm.content.splitlines() if FORCED in line)
        dms = dm_messages(world, me.member)
        if dms and choices(dms[-1]):
            seen["DM"] = dms[-1].content
        else:
            assert me.panel is not None and choices(me.panel)
            seen["panel"] = me.panel.content
        said = seen["DM" if dms else "panel"]
        assert note in said, said  # above the decision, the embed's title
        if len(seen) == 2:
            break
    assert set(seen) == {"DM", "panel"}, seen


async def test_a_dm_and_a_panel_say_the_decision_once(world: World) -> None:
    """A decision DM and a private panel said the decision in their text, then
    the hand, then again as the title of the embed listing its options."""
    alice, bob = world.players(2)
    await world.slash(alice, "ba notify", dms=True)  # alice decides in DMs, bob in his panel
    await lobby(world, [alice, bob])
    people = {m.id: Person(m) for m in (alice, bob)}
    rng = random.Random(5)
    seen: set[str] = set()
    for _ in range(120):
        await person_step(world, rng, people)
        me = people[decider(world.turn_message())]  # type: ignore[index]
        dms = dm_messages(world, me.member)
        live = dms[-1] if dms and choices(dms[-1]) else me.panel
        if live is None or not choices(live):
            continue
        seen.add("DM" if dms and live is dms[-1] else "panel")
        title = live.embeds[0].title
        assert title and not title.endswith("…"), title  # the decision, whole
        assert title not in live.content, live.content
        assert "**Your hand**" in live.content
        if seen == {"DM", "panel"}:
            break
    assert seen == {"DM", "panel"}, seen


async def test_a_panel_opens_as_it_reads_later_with_the_hand(world: World) -> None:
    """'Show my choices' opened with the decision alone ('Your turn: …'); after
    the first click the same panel read '🔒 Your decision in game #1: …' with
    the player's hand, card by card. Now it opens that way (and /ba choices
    answers that way too)."""
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    tm = world.turn_message()
    me = world.by_id(decider(tm))  # type: ignore[arg-type]
    show = next(c for c in custom_ids(tm, "ba:t:choices:"))
    opened = await world.click(me, tm, custom_id=show)
    assert opened.response is not None and opened.response.ephemeral
    said = opened.response.content
    assert said.startswith("🔒 Your decision in game #1\n**Your hand**"), said
    assert "• Ravager card #" in said, said
    assert opened.response.embeds[0].title.startswith("Your turn: ")
    typed = await world.slash(me, "ba choices")
    assert typed.ephemeral and "**Your hand**" in text(typed), text(typed)
