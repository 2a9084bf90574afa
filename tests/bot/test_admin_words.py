"""What moderators and admins read about their commands matches what the bot
does with the installation's settings: ``/ba-mod remove`` said 'the bot plays
that seat simply' while a bot with BOT_LEVEL=strong plays it with the search
(and says so when it takes the seat)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Config
from tests.bot.sim import World, make_config
from tests.bot.simplay import lobby


@pytest.fixture
def bot_config(tmp_path: Path) -> Config:
    return make_config(str(tmp_path / "bot.sqlite3"), bot_level="strong", bot_seconds=0.05)


async def test_a_removed_seat_is_played_at_the_installations_bot_level(world: World) -> None:
    alice, bob = world.players(2)
    admin = world.member("ann", roles=[world.admin])
    await lobby(world, [alice, bob])
    e = await world.bot.frontend.svc.games.entry(world.channel.id)
    seat = e.seat_of(bob.id)
    remove = world.bot.tree.get_command("ba-mod").get_command("remove")
    said = remove.description  # what Discord shows beside the command
    await world.slash(admin, "ba-mod remove", seat=seat + 1)
    assert f"{e.game.name(seat)} is now played by the bot (strong)." in world.public()[-1].content
    assert "simpl" not in said and "the bot plays their seat" in said


async def test_the_moderators_commands_say_a_game_id_reaches_any_game(world: World) -> None:
    """/ba-mod read 'Moderate this channel's game' and /ba-mod export 'This
    channel's game as a JSON file', though game:<id> reaches any game of the
    server from any of its channels."""
    group = world.bot.tree.get_command("ba-mod")
    export = group.get_command("export")
    assert "game:<id>" in group.description and "game:<id>" in export.description
    for command in (group, *group.commands):
        said = command.description
        assert len(said) <= 100, said  # Discord's limit
        if "this channel's" in said.lower():
            takes_id = command is group or "game" in {p.name for p in command.parameters}
            assert takes_id and "game:<id>" in said, said
