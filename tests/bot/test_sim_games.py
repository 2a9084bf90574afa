"""Whole games on SimCord, played to the end by clicking, with the bot
restarted every 15 clicks: 1–4 players, basic and advanced rules, solo."""

from __future__ import annotations

import re

import pytest

from engine import Game, GameOptions, InvalidOptionsError
from tests.bot.sim import World, assert_private, text
from tests.bot.simplay import is_over, lobby, play_out

GAMES = [
    pytest.param(1, False, "standard", 21, id="solo"),
    pytest.param(1, True, "difficult", 22, id="solo-advanced"),
    pytest.param(2, False, None, 11, id="2p"),
    pytest.param(3, False, None, 12, id="3p"),
    pytest.param(4, False, None, 13, id="4p"),
    pytest.param(2, True, None, 14, id="2p-advanced"),
    pytest.param(4, True, None, 15, id="4p-advanced"),
]


def _engine_accepts(**kw: object) -> bool:
    try:
        Game.new(GameOptions(**kw), 1)  # type: ignore[arg-type]
    except InvalidOptionsError:
        return False
    return True


@pytest.mark.parametrize(("players", "advanced", "difficulty", "seed"), GAMES)
async def test_whole_game_by_clicking_with_restarts(
    world: World, players: int, advanced: bool, difficulty: str | None, seed: int
) -> None:
    world.seeds.next = seed
    members = world.players(players)
    options = {"advanced": advanced, **({"difficulty": difficulty} if difficulty else {})}
    if not _engine_accepts(players=players, **options):
        r = await world.slash(members[0], "ba new", players=players, **options)
        assert "cannot be set up" in assert_private(r)
        return
    started = await lobby(world, members, **options)
    assert assert_private(started) == "✔ Done."

    secret: set[str] = set()
    n = await play_out(world, seed, restart_every=15, secret_labels=secret)
    assert n > 15 and world.restarts >= 1
    assert is_over(world)
    final = world.turn_message()
    assert [a.filename for a in final.attachments] == ["final.png"]
    assert "Winner" in final.content
    if players == 1:
        assert "Hal" in world.public_text().split("The game is over")[0]
    # one board image per turn, not one per decision
    boards = [m for m in world.public() if [a.filename for a in m.attachments] == ["board.png"]]
    assert 1 <= len(boards) < n / 2

    # hidden cards named in private choices never reached a public message
    public = world.public_text()
    cards = {label for label in secret if re.search(r"#\d", label)}
    leaked = sorted(label for label in cards if label in public)
    assert not leaked, leaked[:3]
    # a bystander saw nothing private
    assert all(not m.flags.ephemeral for m in world.history(viewer=world.bystander))

    # the archived game is still there to look at
    scores = await world.slash(world.bystander, "ba scores")
    assert not scores.ephemeral and "Breakdown" in text(scores)
    # the end message says where each score beyond the track came from
    # (the rulebook's end of the game: Advanced tiles, the Spes exchange)
    breakdown = text(scores).split("**Breakdown**")[1]
    seats = re.findall(
        r"^(.+): track (\d+), advanced (\d+), spes (\d+), total (\d+)$", breakdown, re.M
    )
    assert len(seats) == players + (players == 1), breakdown  # Hal too, solo
    for who, track, adv, spes, total in seats:
        parts = f"{track} on the track"
        parts += f" + {adv} from Advanced tiles" if adv != "0" else ""
        parts += f" + {spes} from the Spes exchange" if spes != "0" else ""
        shown = f"{who}: {total} VP" + (f" ({parts})" if "+" in parts else "")
        assert shown in final.content.splitlines() or f"🏆 {shown}" in final.content.splitlines(), (
            shown,
            final.content,
        )
    log = await world.slash(world.bystander, "ba log")
    assert not log.ephemeral and "Game log" in text(log)
