"""A moderator's and a server admin's commands as they and the players see
them: where each notice goes, and that it says what really happened."""

from __future__ import annotations

import random

import discord
from simcord import MemberActor

from tests.bot.sim import World, assert_private, choices, custom_ids, decider, text
from tests.bot.simplay import dm_messages, lobby, step


async def test_a_game_named_from_another_channel_is_announced_to_its_players(
    world: World,
) -> None:
    # the players of game #1 are in #games; the moderator types in #mods
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    mods = world.new_channel("mods")
    await lobby(world, [alice, bob])
    for name, options in (
        ("pause", {}),
        ("reminder", {"minutes": 30}),
        ("timeout", {"minutes": 90}),
        ("end", {}),
    ):
        r = await world.slash(admin, f"ba-mod {name}", mods, game=1, **options)
        said = assert_private(r)
        assert f"<#{world.channel.id}>" in said, said
        notice = world.public()[-1].content
        assert f"<@{admin.id}> (moderator)" in notice, (name, notice)
        assert notice in said  # the moderator reads what the players read
    assert "(moderator)" not in world.public_text(mods)  # nothing said where no game is
    assert "ended game #1" in world.public_text()


async def test_a_game_named_in_its_own_channel_is_still_announced_there(world: World) -> None:
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob])
    r = await world.slash(admin, "ba-mod pause", game=1)
    assert not r.ephemeral and "paused the game" in text(r)


async def _ended_lobby(world: World) -> MemberActor:
    """Game #1 ended by a moderator while still a lobby: no seed, no action.
    Returns the moderator (a server admin)."""
    alice = world.member("alice")
    admin = world.member("ann", roles=[world.admin])
    await world.slash(alice, "ba new", players=2)
    await world.slash(admin, "ba-mod end")
    return admin


async def test_repairing_a_lobby_that_was_ended_does_not_claim_damage(world: World) -> None:
    # repair takes a game that is over by id; one ended as a lobby never had a seed
    admin = await _ended_lobby(world)
    r = await world.slash(admin, "ba-mod repair", game=1)
    said = assert_private(r)
    assert "ended before it started" in said
    assert "backup" not in said  # no restore is needed: nothing is damaged
    assert "rebuilt" not in world.public_text()


async def test_a_channels_moderator_cannot_change_where_the_servers_games_open(
    world: World,
) -> None:
    # Manage Channels in one channel moderates its games, not the server's settings
    chanmod = world.member("chuck")
    mine = world.new_channel(
        "chucks-games", {chanmod: discord.PermissionOverwrite(manage_channels=True)}
    )
    await world.allow_command("ba-server", {chanmod: True})
    r = await world.slash(chanmod, "ba-server threads", mine, on=False)
    assert "Manage Server" in assert_private(r)
    assert "open in" not in world.public_text(mine)
    # so new games still open in a thread of their own
    tables = world.thread_channel()
    await world.slash(world.member("alice"), "ba new", tables, players=2)
    assert len(world.threads(tables)) == 1
    admin = world.member("ann", roles=[world.admin])
    r = await world.slash(admin, "ba-server threads", tables, on=False)
    assert not r.ephemeral and "(server admin)" in text(r)


async def test_a_pause_says_what_it_holds_and_changes_during_it_say_it_holds(
    world: World,
) -> None:
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob], timeout_hours=1)
    await step(world, random.Random(1))
    r = await world.slash(admin, "ba-mod pause")
    assert not r.ephemeral and "/ba-mod resume" in text(r) and "nobody can play" in text(r)
    # true to its word: the turn timeout waits
    await world.advance(hours=3)
    assert "Time is up" not in world.public_text()
    # a change while paused shows no prompt: the notice says the game is still paused
    r = await world.slash(admin, "ba-mod rollback")
    notice = world.public()[-1].content
    assert "rolled back" in notice and "still paused" in notice and "/ba-mod resume" in notice
    r = await world.slash(admin, "ba-mod replace", seat=1, user=world.member("carol"))
    assert "still paused" in world.public()[-1].content
    # once resumed, the prompt is back and no pause is mentioned
    await world.slash(admin, "ba-mod resume")
    assert "paused" not in world.turn_message().content.replace("resumed", "")


async def test_commands_for_a_started_game_say_when_the_channels_game_is_a_lobby(
    world: World,
) -> None:
    # the channel shows game #1's lobby: "no game running here" would contradict it
    alice = world.member("alice")
    admin = world.member("ann", roles=[world.admin])
    await world.slash(alice, "ba new", players=2)
    for name, options in (
        ("pause", {}),
        ("rollback", {}),
        ("reminder", {"minutes": 30}),
        ("timeout", {"minutes": 90}),
    ):
        said = assert_private(await world.slash(admin, f"ba-mod {name}", **options))
        assert "Game #1 in this channel has not started yet" in said, (name, said)
    # with no game at all, the channel has none
    await world.slash(alice, "ba cancel")
    said = assert_private(await world.slash(admin, "ba-mod pause"))
    assert said == "There is no game running in this channel."


async def test_a_server_reminder_back_to_the_default_says_what_the_default_is(
    world: World,
) -> None:
    # "set turn reminders on this server to the default." left the admin to
    # guess the default, and whether games with their own setting follow it
    admin = world.member("ann", roles=[world.admin])
    r = await world.slash(admin, "ba-server reminder", minutes=0)
    assert not r.ephemeral
    assert text(r).endswith(
        "set turn reminders on this server to the default, every 12 h, at most 3 per decision"
        " (a game whose moderator set its own keeps it)."
    ), text(r)
    r = await world.slash(admin, "ba-server reminder", minutes=30)
    assert text(r).endswith(
        "to every 30 min, at most 3 per decision (a game whose moderator set its own keeps it)."
    )


async def test_a_setting_already_in_place_is_not_announced_as_a_change(world: World) -> None:
    # a repeated "/ba-mod reminder minutes:5" announced "set … to every 5 min"
    # to the players again, though nothing had changed
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob])
    r = await world.slash(admin, "ba-mod reminder", minutes=5)
    assert not r.ephemeral and "to every 5 min" in text(r)
    r = await world.slash(admin, "ba-mod reminder", minutes=5)
    assert (
        assert_private(r)
        == "Turn reminders for this game are already every 5 min: nothing changed."
    )
    r = await world.slash(admin, "ba-mod timeout", minutes=90)
    assert not r.ephemeral and "timeout of 1 h 30 min" in text(r)
    said = world.public_text()  # each change announced once, so far
    r = await world.slash(admin, "ba-mod timeout", minutes=90)
    assert assert_private(r) == "This game's turn timeout is already 1 h 30 min: nothing changed."
    assert world.public_text() == said  # the players heard of each change once
    r = await world.slash(admin, "ba-mod reminder", minutes=10)
    assert not r.ephemeral and "to every 10 min" in text(r)  # a real change still is


async def test_the_export_of_an_ended_lobby_does_not_promise_a_seed(world: World) -> None:
    # "the complete record (seed and every action)" for a lobby ended before
    # it started, which has neither
    admin = await _ended_lobby(world)
    r = await world.slash(admin, "ba-mod export", game=1)
    said = assert_private(r)
    assert said == "📦 Game #1: ended before it started: its lobby, with no seed and no action."
    files = [a for m in ([r.response] + r.followups) if m for a in m.attachments]
    assert [f.filename for f in files] == ["black-angel-1.json"]  # still exported


async def _bob_acted_and_was_removed(world: World) -> tuple[MemberActor, MemberActor, str]:
    """Bob takes an action, then a moderator removes him: the bot plays his
    seat from there. Returns the moderator, Bob and his seat's colour."""
    alice, bob, carol = world.players(3)
    admin = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob, carol])
    rng = random.Random(2)
    who = None
    while who is not bob:
        who, _ = await step(world, rng)
    e = await world.bot.frontend.svc.games.entry(world.channel.id)
    seat = e.seat_of(bob.id)
    await world.slash(admin, "ba-mod remove", seat=seat + 1)
    # "replaced @bob" said of a removal read as if someone had his seat
    assert world.public()[-1].content.startswith(
        f"🔁 {admin.mention} (moderator) removed {bob.mention}:"
        f" {e.game.name(seat)} is now played by the bot (simple)."
    ), world.public()[-1].content
    return admin, bob, e.game.name(seat)


async def test_a_rollback_after_a_removal_names_who_took_the_action(world: World) -> None:
    # the notice named the seat's holder now: "the turn of Blue (the bot)",
    # though Bob took the action; and the bot's replay came unannounced
    admin, bob, colour = await _bob_acted_and_was_removed(world)
    r = await world.slash(admin, "ba-mod rollback")
    assert assert_private(r) == "✔ Done."
    notice = world.public()[-1].content
    head, replay = notice.split("\n", 1)
    assert f"a decision of {colour} (taken by {bob.mention}, since removed)" in head, head
    assert "(the bot)" not in head
    assert head.endswith(f"The bot plays {colour} now, so it takes that decision again:"), head
    assert replay.startswith(f"🤖 The bot plays for {colour}"), replay


async def test_a_rollback_onto_a_removed_seat_while_paused_says_when_the_bot_plays(
    world: World,
) -> None:
    admin, bob, colour = await _bob_acted_and_was_removed(world)
    await world.slash(admin, "ba-mod pause")
    await world.slash(admin, "ba-mod rollback")
    notice = world.public()[-1].content
    assert f"(taken by {bob.mention}, since removed)" in notice, notice
    assert (
        f"The bot plays {colour} now: it takes that decision again once the game is resumed."
        in notice
    ), notice
    assert "🤖" not in notice and "still paused" in notice
    await world.slash(admin, "ba-mod resume")
    assert f"🤖 The bot plays for {colour}" in world.public()[-1].content


async def test_a_game_ended_from_another_channel_leaves_no_live_button(world: World) -> None:
    # the turn message in #games and the decider's decision DM kept their
    # buttons after "/ba-mod end game:1" typed in #mods: clicks on a game
    # that was over
    alice, bob = world.players(2)
    for m in (alice, bob):
        await world.slash(m, "ba notify", dms=True)
    admin = world.member("ann", roles=[world.admin])
    mods = world.new_channel("mods")
    await lobby(world, [alice, bob])
    await step(world, random.Random(2))
    tm = world.turn_message()
    deciding = world.by_id(decider(tm))
    assert custom_ids(tm) and custom_ids(dm_messages(world, deciding)[-1])  # live before
    await world.slash(admin, "ba-mod end", mods, game=1)
    assert "ended game #1" in world.public()[-1].content
    old = next(m for m in world.public() if m.id == tm.id)
    assert custom_ids(old) == [], custom_ids(old)
    assert "auto-play" in tm.content and "auto-play" not in old.content  # no countdown left
    dm = dm_messages(world, deciding)[-1]
    assert custom_ids(dm) == [], custom_ids(dm)
    assert "paused or over: see the channel" in dm.content, dm.content
    # the player did nothing: no "✔ Done." for the moderator's end
    assert "Done" not in dm.content.split("\n", 1)[1], dm.content


async def test_a_removal_from_a_lobby_says_who_moves_up_a_seat(world: World) -> None:
    # "removed @alice from the lobby." left the moderator to work out that
    # seat 2 is now Bob's: a "/ba-mod remove seat:2" meant for Bob would take Carol
    alice, bob, carol = world.players(3)
    admin = world.member("ann", roles=[world.admin])
    await world.slash(alice, "ba new", players=4)
    await world.slash(bob, "ba join")
    await world.slash(carol, "ba join")
    r = await world.slash(admin, "ba-mod remove", seat=1)
    assert assert_private(r) == "✔ Done."
    assert world.public()[-1].content == (
        f"{admin.mention} (moderator) removed {alice.mention} from seat 1 of the lobby; the"
        " players after move up a seat: Bob is now seat 1, Carol seat 2. Lobby: Bob, Carol\n"
        f"{bob.mention} may now start the game (`/ba start`)."
    ), world.public()[-1].content
    await world.slash(admin, "ba-mod remove", seat=2)  # the last seat: nobody moves
    assert world.public()[-1].content == (
        f"{admin.mention} (moderator) removed {carol.mention} from seat 2 of the lobby. Lobby: Bob"
    ), world.public()[-1].content
    # the last player removed: the lobby closes, as when they leave
    await world.slash(admin, "ba-mod remove", seat=1)
    assert "the lobby is closed" in world.public()[-1].content
    assert (await world.bot.frontend.svc.store.active_game(world.channel.id)) is None


async def test_a_resume_and_a_replacement_are_new_messages_that_stay(world: World) -> None:
    # the resume edited the old turn message, above the pause notice: the
    # channel's last word stayed "paused", and the decider was not pinged
    # after the pause; the replacement notice was then written over by the
    # next change, and lost from the channel
    alice, bob, carol = world.players(3)
    admin = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob, carol])
    rng = random.Random(2)
    for _ in range(4):
        await step(world, rng)
    await world.slash(admin, "ba-mod pause")
    await world.advance(hours=24 * 10)
    await world.slash(admin, "ba-mod resume")
    last = world.public()[-1]
    assert last.content.startswith(f"▶️ {admin.mention} (moderator) resumed the game."), last.content
    assert last.id == world.turn_message().id
    pinged = world.env.backend.messages[world.channel.id][last.id].ping_user_ids
    assert list(pinged) == [decider(last)]  # its decider is pinged anew
    # a notice in between, then a seat handed over that is not deciding
    await world.slash(admin, "ba-mod reminder", minutes=60)
    e = await world.bot.frontend.svc.games.entry(world.channel.id)
    seat = next(s.seat for s in e.seats if s.user_id != decider(last))
    await world.slash(admin, "ba-mod replace", seat=seat + 1, user=world.member("dave"))
    last = world.public()[-1]
    assert last.content.startswith(f"🔁 {admin.mention} (moderator) replaced"), last.content
    assert last.id == world.turn_message().id
    await step(world, rng)  # the next click does not write over it
    assert "is now played by <@" in world.public_text()


async def test_a_new_timeout_says_when_it_plays_the_turn_waiting_now(world: World) -> None:
    # the timeout counts from the last move: a turn that has waited 30 h is
    # played at once by a new 24 h timeout, which "set a turn timeout of
    # 1440 min" did not say (and a week read as "10080 min")
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob], timeout_hours=48)
    tm = world.turn_message()
    who = world.by_id(decider(tm))
    e = await world.bot.frontend.svc.games.entry(world.channel.id)
    colour = e.game.name(e.game.decision.seat)
    since = e.record.updated_at
    r = await world.slash(admin, "ba-mod timeout", minutes=72 * 60)
    assert text(r).endswith(
        "set a turn timeout of 72 h: after it, the bot (simple) plays the turn for the player."
        f" Now waiting: {colour} ({who.mention}); the bot plays for them"
        f" <t:{int(since + 72 * 3600)}:R>."
    ), text(r)
    await world.advance(hours=30)
    assert "Time is up" not in world.public_text()
    r = await world.slash(admin, "ba-mod timeout", minutes=24 * 60)
    assert text(r).endswith(
        f"Now waiting: {colour} ({who.mention}), longer than that already: the bot plays for"
        " them within minutes."
    ), text(r)
    await world.advance(hours=1)
    assert "Time is up" in world.public_text()
    r = await world.slash(admin, "ba-mod reminder", minutes=7 * 24 * 60)
    # the reminders stop after the last of a decision: "every" alone promised more
    assert text(r).endswith(
        "set turn reminders for this game to every 168 h, at most 3 per decision."
    )


async def test_a_game_moved_away_tells_the_channel_it_left(world: World) -> None:
    # the channel the game left heard nothing and kept live buttons; a click
    # there read "This choice is no longer current (that game is over)"
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    other = world.new_channel("other")
    await lobby(world, [alice, bob])
    rng = random.Random(2)
    for _ in range(3):
        await step(world, rng)
    tm = world.turn_message()
    await world.slash(admin, "ba-mod move", other, game=1)
    assert world.public()[-1].content == (
        f"📦 {admin.mention} (moderator) moved game #1 to <#{other.id}>: it goes on there."
    )
    old = next(m for m in world.public() if m.id == tm.id)
    assert custom_ids(old) == []
    assert "moved game #1 here" in world.turn_message(other).content


async def test_a_button_left_behind_by_a_move_says_where_the_game_went(world: World) -> None:
    # a bot restarted since knows no turn message, so the move cannot take its
    # buttons away: a click there read "(that game is over)"
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    other = world.new_channel("other")
    await lobby(world, [alice, bob])
    rng = random.Random(2)
    while not choices(world.turn_message()):  # until a decision with buttons in the channel
        await step(world, rng)
    tm = world.turn_message()
    await world.restart()
    await world.slash(admin, "ba-mod move", other, game=1)
    r = await world.click(world.by_id(decider(tm)), tm, custom_id=choices(tm)[0].custom_id)
    said = [m.content for m in r.followups if m.ephemeral]
    assert said == [f"Game #1 was moved to <#{other.id}>: it goes on there."], said


async def test_a_lobby_seat_given_to_another_member_shows_the_lobby(world: World) -> None:
    # "gave <@bob>'s lobby seat 2 to <@dave>." (a mention cannot take a
    # possessive) and no lobby: the colour Bob wished for stays with the seat
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    dave = world.member("dave")
    await world.slash(alice, "ba new", players=3)
    await world.slash(bob, "ba join")
    await world.slash(bob, "ba colour", colour="red")
    await world.slash(admin, "ba-mod replace", seat=2, user=dave)
    assert world.public()[-1].content == (
        f"🔁 {admin.mention} (moderator) gave lobby seat 2 ({bob.mention}) to {dave.mention}."
        " Lobby: Alice, Dave (Red)"
    ), world.public()[-1].content
    r = await world.slash(admin, "ba-mod replace", seat=2, user=dave)
    assert assert_private(r) == f"{dave.mention} already holds seat 2."


async def test_a_game_set_to_the_servers_timeout_follows_it_and_both_say_so(
    world: World,
) -> None:
    # "/ba-mod timeout minutes:0" made the game follow the server's setting,
    # while "/ba-server timeout" spoke of new games only
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob], timeout_hours=5)
    r = await world.slash(admin, "ba-mod timeout", minutes=0)
    assert "set this game's turn timeout to follow the server's, 48 h now." in text(r), text(r)
    r = await world.slash(admin, "ba-server timeout", hours=72)
    assert text(r).endswith(
        "Games already made keep theirs, except those a moderator set to follow the"
        " server's (`/ba-mod timeout` `minutes:0`)."
    ), text(r)
    e = await world.bot.frontend.svc.games.entry(world.channel.id)
    assert world.bot.frontend.svc.games.timeout_minutes(e) == 72 * 60  # true to its word


async def test_a_pause_takes_the_turn_messages_deadline_and_buttons(world: World) -> None:
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob])
    await step(world, random.Random(1))
    waiting = world.turn_message()
    assert "auto-play" in waiting.content and custom_ids(waiting)
    await world.slash(admin, "ba-mod pause")
    # no timeout runs during a pause: no deadline counts down, no button invites a click
    (held,) = [m for m in world.public() if m.id == waiting.id]
    assert "auto-play" not in held.content and custom_ids(held) == []
    assert held.content.splitlines()[-1].startswith("➡️")  # the words stay
    await world.slash(admin, "ba-mod resume")
    back = world.turn_message()
    assert back.id != waiting.id and "auto-play" in back.content and custom_ids(back)
