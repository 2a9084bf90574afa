"""History, statistics, the leaderboard and replays on SimCord (issue 28).

Games are played to the end by clicking (``tests/bot/simplay.py``); then the
server's history, a player's stats and the leaderboard show them, a 4-player
game's replay is posted as a GIF and stepped through privately, a running
game's replay shows only what spectators see, and a game's end seen by two
processes rates it once, the same as a fold over the server's history.
"""

from __future__ import annotations

import asyncio
import io
import re

from PIL import Image

from bot.service import ratings as R
from bot.service.history import History
from bot.service.replay import Replays
from storage import Store
from tests.bot.sim import (
    World,
    assert_private,
    components,
    custom_ids,
    public_messages,
    text,
)
from tests.bot.simplay import lobby, play_out, step
from tests.bot.test_sim_bots import let_bots_think

LINE = re.compile(r"^• #(\d+) ")


def ids_listed(said: str) -> list[int]:
    return [int(m.group(1)) for ln in said.splitlines() if (m := LINE.match(ln))]


async def finish(world: World, players, seed: int, **options) -> int:  # type: ignore[no-untyped-def]
    """A game of ``players`` played to the end by clicking; its id."""
    await lobby(world, players, **options)
    await play_out(world, seed)
    svc = world.bot.frontend.svc
    games = await svc.store.finished_games(world.guild.id)
    return games[0].record.id


async def test_history_stats_and_leaderboard_show_finished_games(world: World) -> None:
    alice, bob, carol = world.players(3)
    first = await finish(world, [alice, bob], 3)
    second = await finish(world, [bob, carol, alice], 4)
    store = world.bot.frontend.svc.store
    games = {g.record.id: g for g in await store.finished_games(world.guild.id)}
    assert set(games) == {first, second}

    # history: newest first, private, with links to the games' channels
    said = assert_private(await world.slash(carol, "ba history"))
    assert ids_listed(said) == [second, first]
    assert f"<#{world.channel.id}>" in said and "2 players" in said and "3 players" in said
    assert said.count("🏆") >= 2
    only_carol = assert_private(await world.slash(alice, "ba history", player=carol.user))
    assert ids_listed(only_carol) == [second]

    # stats: alice's record (public), games and wins by mode, scores
    r = await world.slash(bob, "ba stats", player=alice.user)
    assert not r.ephemeral and public_messages(r)
    said = text(r)
    mine = [
        g.record.result["scores"][s.seat]
        for g in games.values()
        for s in g.seats
        if s.user_id == alice.id
    ]
    head = said.splitlines()[0]
    assert "2 finished games" in head and f"best {max(mine)}" in head
    assert f"mean score {sum(mine) / 2:.1f}" in head
    assert "2 players: 1 played" in said and "3 players: 1 played" in said
    assert "Rating" in said

    # the leaderboard: all three rated, best first, as a fold over the history
    r = await world.slash(alice, "ba leaderboard")
    board = text(r)
    expected = R.ranked(R.fold(games.values()).values())
    assert len(expected) == 3
    order = [board.index(f"<@{rt.user_id}>") for rt in expected]
    assert order == sorted(order), board
    assert f"{R.skill(expected[0]):.1f}" in board
    assert "Aborted and solo games are not rated" in board
    assert await store.get_ratings(world.guild.id) == R.fold(games.values())


async def test_an_empty_history_names_discords_command(world: World) -> None:
    """It said "(`new` starts one)": the local mode's word, not `/ba new`."""
    said = assert_private(await world.slash(world.bystander, "ba history"))
    assert (
        "None yet: games show here once they are played to the end (games ended early are"
        " not listed; `/ba new` starts one)." in said
    )


async def test_a_four_player_games_replay_is_posted_and_stepped_through(world: World) -> None:
    alice, bob, carol, dave = world.players(4)
    let_bots_think(world)
    game = await finish(world, [alice, bob, carol, dave], 8)
    r = await world.slash(bob, "ba replay", game=game)
    posted = public_messages(r)
    assert posted, text(r)
    msg = posted[-1]
    assert f"Replay of game #{game} (4 players, finished)" in msg.content
    gif = msg.attachments[0]
    data = await gif.read()
    assert gif.filename.endswith(".gif") and len(data) < 10 * 1024 * 1024
    img = Image.open(io.BytesIO(data))
    assert img.format == "GIF" and img.n_frames > 10

    # step through: a private viewer, moved by its buttons and its round menu
    step_id = next(c for c in custom_ids(msg) if c.startswith(f"ba:rp:{game}:0:"))
    opened = await world.click(carol, msg, custom_id=step_id)
    viewer = opened.followups[-1] if opened.followups else opened.response
    assert viewer is not None and viewer.ephemeral
    assert "Turn 0/" in viewer.content and viewer.attachments
    nxt = next(c for c in custom_ids(viewer) if c.startswith(f"ba:rp:{game}:1:"))
    await world.click(carol, viewer, custom_id=nxt)
    moved = [m for m in world.history(viewer=carol) if m.flags.ephemeral][-1]
    assert "Turn 1/" in moved.content and "round 1" in moved.content
    # the round menu jumps to a round's first turn
    menu = next(c for c in components(moved) if c.get("custom_id") == f"ba:rj:{game}")
    round3 = next(o for o in menu["options"] if o["label"].startswith("Round 3 "))
    await world.select(carol, moved, round3["value"], custom_id=f"ba:rj:{game}")
    jumped = [m for m in world.history(viewer=carol) if m.flags.ephemeral][-1]
    assert f"Turn {round3['value']}/" in jumped.content and "round 3," in jumped.content
    # a finished game's replay may show everything: cards drawn, marked 🔒
    last = int(re.search(r"Turn 1/(\d+)", moved.content).group(1))
    lines = []
    for t in range(1, min(last, 12)):
        r = await world.slash(dave, "ba replay", game=game, turn=t)
        lines.append(text(r))
    assert any("🔒" in said for said in lines)
    assert all(r.ephemeral for r in world.results[-len(lines) :])


async def test_a_running_games_replay_shows_only_what_spectators_see(world: World) -> None:
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    import random

    rng = random.Random(5)
    for _ in range(25):
        await step(world, rng)
    r = await world.slash(world.bystander, "ba replay")  # this channel's game
    said = text(r)
    assert "only what spectators see" in said and "running" in said
    assert "`/ba replay` with a turn number steps through it." in said  # Discord's words
    for t in range(0, 6):
        said = text(await world.slash(world.bystander, "ba replay", turn=t))
        assert "🔒" not in said and "You drew" not in said
    # another server's game, or one that does not exist: refused privately
    r = await world.slash(alice, "ba replay", game=999)
    assert "no game #999" in assert_private(r)


async def test_a_game_end_seen_by_two_processes_is_rated_once(world: World) -> None:
    """While the bot plays a game to its end (and rates it in the final message),
    a second process on the same database (a second shard, the next deploy)
    keeps folding the server's finished games: the game is counted once, by
    whichever saw it first, and the ratings equal a fold over the history."""
    alice, bob = world.players(2)
    other = await Store.open(world.cfg.db_path)
    history = History(other, world.bot.frontend.svc.fmt)
    runs = []
    done = asyncio.Event()

    async def keep_folding() -> None:
        while not done.is_set():
            runs.append(await history.rate(world.guild.id))
            await asyncio.sleep(0.005)

    folding = asyncio.create_task(keep_folding())
    try:
        await lobby(world, [alice, bob])
        await play_out(world, 6)
        done.set()
        await folding
        game = (await other.finished_games(world.guild.id))[0].record.id
        final = world.turn_message().content
        by_other = [r for r in runs if game in r.rated]
        by_bot = "🏅 Ratings:" in final
        assert len(by_other) + by_bot == 1, (len(by_other), final[-300:])
        assert await other.rated_game_ids(world.guild.id) == [game]
        stored = await other.get_ratings(world.guild.id)
        assert {u: r.games for u, r in stored.items()} == {alice.id: 1, bob.id: 1}
        assert stored == R.fold(await other.finished_games(world.guild.id))
        shown = text(await world.slash(alice, "ba leaderboard"))
        assert f"<@{alice.id}>" in shown and "1 game)" in shown
        assert (await history.rate(world.guild.id)).games == []  # nothing left to count
        replays = Replays(other, world.bot.frontend.svc.fmt, render=False)
        assert (await replays.refusal(world.guild.id, game)) is None
    finally:
        done.set()
        await folding
        await other.close()


async def test_the_final_message_says_how_the_ratings_moved(world: World) -> None:
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    await play_out(world, 4)
    final = world.turn_message().content
    line = next(ln for ln in final.splitlines() if ln.startswith("🏅 Ratings:"))
    assert f"<@{alice.id}>" in line and f"<@{bob.id}>" in line
    assert "(+" in line and "(-" in line  # this seeded game has a winner and a loser


async def test_a_turn_past_the_end_says_so(world: World) -> None:
    """`/ba replay turn:999` showed the last turn as if it were turn 999's."""
    alice, bob = world.players(2)
    await lobby(world, [alice, bob])
    import random

    rng = random.Random(5)
    for _ in range(6):
        await step(world, rng)
    said = assert_private(await world.slash(world.bystander, "ba replay", turn=999))
    last = int(re.search(r"\*\*Turn (\d+)/(\d+)\*\*", said).group(2))
    assert f"has no turn 999: its turns run 0-{last}, so this is the last one so far." in said
    assert f"**Turn {last}/{last}**" in said
    said = assert_private(await world.slash(world.bystander, "ba replay", turn=last))
    assert "has no turn" not in said
    # ended early: no turn will follow, though the game is not over
    mod = world.member("ann", roles=[world.admin])
    assert "ended game #" in text(await world.slash(mod, "ba-mod end"))
    said = assert_private(await world.slash(world.bystander, "ba replay", turn=999))
    assert f"its turns run 0-{last}, so this is the last one." in said, said
    # and the history, still empty, says why it does not list that game
    said = assert_private(await world.slash(world.bystander, "ba history"))
    assert "games ended early are not listed" in said
