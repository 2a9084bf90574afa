"""The command tree as users meet it (SimCord): help read from the tree, every
parameter described, texts that name commands the way each front end types them."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

from discord import app_commands

from tests.bot.sim import World, assert_private, text
from tests.bot.simplay import lobby, play_out


async def test_help_names_exactly_the_commands_that_exist(world: World) -> None:
    admin = world.member("ann", roles=[world.admin])
    r = await world.slash(world.member("alice"), "ba help")
    said = assert_private(r)
    named = set(re.findall(r"`/([a-z-]+(?: [a-z-]+)?)`", said))
    available = set(admin.available_commands(world.channel))
    assert named == available, (named - available, available - named)
    assert "`options`" not in said and "modrole <role>" not in said
    assert len(said) <= 2000


async def test_every_parameter_has_a_description(world: World) -> None:
    missing = []
    for command in world.bot.tree.walk_commands():
        if isinstance(command, app_commands.Command):
            for p in command.parameters:
                if not p.description or p.description == "…":
                    missing.append(f"/{command.qualified_name} {p.name}")
    assert not missing, missing


async def test_texts_speak_discord(world: World) -> None:
    alice = world.member("alice")
    r = await world.slash(alice, "ba join")
    assert "`/ba new`" in assert_private(r)
    created = await world.slash(alice, "ba new", players=2)
    said = text(created)
    assert "`/ba join`" in said and "`/ba start`" in said and "`/ba cancel`" in said
    assert "`join`" not in said


async def test_the_local_mode_speaks_its_own_words(tmp_path: Path) -> None:
    from bot.local.session import Local

    out = StringIO()
    local = Local(str(tmp_path / "local.sqlite3"), tmp_path / "img", out, render=False)
    await local.run(StringIO("join bob\nnew 2\nquit\n"))
    said = out.getvalue()
    assert "Create one with `new`" in said
    assert "Join with `join`" in said and "`start`" in said
    assert "/ba" not in said


async def test_a_move_after_the_end_is_told_the_game_is_over(world: World) -> None:
    """/ba play, /ba undo and /ba choices after the end said "There is no game
    running in this channel.", as if there had been none."""
    alice = world.member("alice")
    await lobby(world, [alice], difficulty="easy")
    await play_out(world, 12)
    over = "Game #1 in this channel is over: `/ba scores` shows how it ended; `/ba new` starts another."
    for name, options in (("ba play", {"option": "1"}), ("ba undo", {}), ("ba choices", {})):
        assert assert_private(await world.slash(alice, name, **options)) == over, name
