"""A game set aside after a failed check (issue 10) is repaired by a moderator
on Discord with ``/ba-mod repair``: the channel is told in Discord's words
and the rebuilt game plays on."""

from __future__ import annotations

import json
import random
import sqlite3

from tests.bot.sim import World, assert_private, make_bot, text
from tests.bot.simplay import lobby, step


def _damage_newest_snapshot(db: str, game_id: int) -> None:
    """A snapshot that is valid JSON and wrong (a disk fault, a bad hand edit)."""
    with sqlite3.connect(db) as conn:
        seq, state = conn.execute(
            "SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        s = json.loads(state)
        s["players"][0]["vp"] += 7
        conn.execute(
            "UPDATE snapshots SET state = ? WHERE game_id = ? AND seq = ?",
            (json.dumps(s), game_id, seq),
        )
    conn.close()


async def test_a_moderator_repairs_a_set_aside_game(world: World) -> None:
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob])
    rng = random.Random(9)
    for _ in range(24):
        await step(world, rng)
    svc = world.bot.frontend.svc
    e = await svc.games.entry(world.channel.id)
    game_id, version = e.record.id, e.version
    await world.bot.close()  # a deploy, and the file is damaged while the bot is down
    _damage_newest_snapshot(world.cfg.db_path, game_id)
    await world.env.restart_bot(make_bot(world.cfg, world.seeds))
    world.expect_logged_errors()  # the failed check is logged for the operator

    refused = await world.slash(alice, "ba board")
    said = assert_private(refused)
    assert f"Game #{game_id} is set aside" in said
    assert "`/ba-mod repair`" in said and "`/ba-mod export`" in said

    fixed = await world.slash(admin, "ba-mod repair")
    assert assert_private(fixed) == "✔ Done."
    assert f"rebuilt game #{game_id} from its log" in world.public_text()
    e2 = await world.bot.frontend.svc.games.entry(world.channel.id)
    assert e2.version == version  # every action the log holds is kept
    for _ in range(3):  # and the game plays on
        await step(world, rng)
    assert "set aside" not in text(await world.slash(bob, "ba board"))
