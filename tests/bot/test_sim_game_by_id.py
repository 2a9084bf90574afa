"""A moderator's ``game:`` on games that are over (issue 24), on SimCord: export
takes any game of the server by id from any channel (a finished game: its
complete record, which imports back; a game whose thread was deleted), repair
takes a finished game by id, and the commands that make no sense on a game
that is over refuse it, saying why."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine import Game, GameOptions
from storage import EXPORT_FORMAT, GameStatus
from tests.bot.sim import World, assert_private, text
from tests.bot.simplay import step
from tests.storage.helpers import play_random


async def finished_game(world: World, channel: Any) -> tuple[int, dict[str, Any]]:
    """A two-player game played to its end in ``channel`` (through the bot's own
    store: a whole game clicked through SimCord would take minutes)."""
    alice, bob = world.players(2)
    store = world.bot.frontend.svc.store
    opts = GameOptions(players=2)
    rec = await store.create_game(
        channel.id,
        guild_id=world.guild.id,
        created_by=alice.id,
        options=engine.options_to_json(opts),
    )
    await store.join_game(rec.id, alice.id)
    await store.join_game(rec.id, bob.id)
    game = Game.new(opts, 5)
    await store.start_game(rec.id, 5, snapshot=game.to_json())
    await play_random(store, rec.id, game, random.Random(5), 5000, {0: alice.id, 1: bob.id})
    assert game.is_over
    done = await store.get_game(rec.id)
    assert done.status is GameStatus.FINISHED and done.version == game.state.decisions
    return rec.id, game.to_json()


async def exported(world: World, who: Any, channel: Any, gid: int) -> tuple[str, dict[str, Any]]:
    r = await world.slash(who, "ba-mod export", channel, game=gid)
    said = assert_private(r)
    files = [a for m in ([r.response] + r.followups) if m for a in m.attachments]
    assert [f.filename for f in files] == [f"black-angel-{gid}.json"], said
    return said, json.loads(await files[0].read())


async def test_a_finished_games_export_by_id_from_another_channel_imports_back(
    world: World,
) -> None:
    mod = world.member("ann", roles=[world.admin])
    old = world.new_channel("old-table")
    gid, final = await finished_game(world, old)
    store = world.bot.frontend.svc.store

    # from #games, which never held it: the complete record, only to the moderator
    said, doc = await exported(world, mod, world.channel, gid)
    assert f"Game #{gid}" in said and "complete record" in said
    assert doc["format"] == EXPORT_FORMAT and doc["game"]["status"] == "finished"
    assert isinstance(doc["game"]["seed"], int)
    assert len(doc["actions"]) == (await store.get_game(gid)).version
    assert "black-angel" not in world.public_text()  # nobody else saw it

    # imported back, in a third channel: the same game, archived
    replay = world.new_channel("replay")
    data = json.dumps(doc).encode()
    r = await world.slash(mod, "ba-mod import", replay, file=(f"black-angel-{gid}.json", data))
    assert not r.ephemeral and "imported a game" in text(r), text(r)
    copy = await store.list_games(channel_id=replay.id)
    assert [g.status for g in copy] == [GameStatus.FINISHED]
    assert (await store.load_game(copy[0].id)).game.to_json() == final
    board = await world.slash(world.bystander, "ba board", replay)
    assert not board.ephemeral and f"game #{copy[0].id}" in text(board)

    # repair makes sense on a finished game too (a record that no longer replays)
    r = await world.slash(mod, "ba-mod repair", game=gid)
    assert r.ephemeral and "Done" in text(r), text(r)
    assert f"rebuilt game #{gid}" in world.public_text(old)
    assert (await store.load_game(gid)).game.to_json() == final


@pytest.mark.parametrize(
    "command, options",
    [
        ("ba-mod pause", {}),
        ("ba-mod resume", {}),
        ("ba-mod end", {}),
        ("ba-mod rollback", {}),
        ("ba-mod move", {}),
        ("ba-mod timeout", {"minutes": 60}),
    ],
)
async def test_commands_that_make_no_sense_on_a_finished_game_say_why(
    world: World, command: str, options: dict[str, Any]
) -> None:
    mod = world.member("ann", roles=[world.admin])
    gid, _ = await finished_game(world, world.new_channel("old-table"))
    store = world.bot.frontend.svc.store
    before = await store.get_game(gid)
    r = await world.slash(mod, command, game=gid, **options)
    said = assert_private(r)
    assert f"Game #{gid} is over (finished)" in said and command.split()[1] in said
    assert "exported" in said  # what still works on it
    assert await store.get_game(gid) == before  # nothing changed


async def test_a_game_whose_thread_was_deleted_exports_by_id(world: World) -> None:
    alice, bob = world.players(2)
    mod = world.member("ann", roles=[world.admin])
    tables = world.thread_channel()
    await world.slash(alice, "ba new", tables, players=2)
    (thread,) = world.threads(tables)
    await world.slash(bob, "ba join", thread)
    await world.slash(alice, "ba start", thread)
    rng = random.Random(3)
    for _ in range(6):
        await step(world, rng, thread)
    store = world.bot.frontend.svc.store
    gid = (await store.active_game(thread.id)).id  # type: ignore[union-attr]
    world.env.backend.delete_channel(thread.id)
    await world.env.settle()
    assert (await store.get_game(gid)).status is GameStatus.PAUSED

    # while it is not over: what every player may see, from any channel
    said, doc = await exported(world, mod, world.channel, gid)
    assert doc["format"] == "black-angel-public-export" and "seed" not in json.dumps(doc)
    assert doc["game"]["id"] == gid and doc["log"]
    # ended by id, its complete record exports and imports back
    r = await world.slash(mod, "ba-mod end", game=gid)
    assert f"ended game #{gid}" in text(r)
    said, doc = await exported(world, mod, world.channel, gid)
    assert doc["format"] == EXPORT_FORMAT and doc["game"]["status"] == "aborted"
    assert len(doc["actions"]) == (await store.get_game(gid)).version >= 6
    other = world.new_channel("replay")
    r = await world.slash(mod, "ba-mod import", other, file=("g.json", json.dumps(doc).encode()))
    assert "imported a game" in text(r), text(r)
    # another server's game (or none) is not this server's
    r = await world.slash(mod, "ba-mod export", game=gid + 100)
    assert f"no game #{gid + 100}" in assert_private(r)
