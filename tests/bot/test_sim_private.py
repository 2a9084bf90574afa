"""Private things stay private (SimCord): exports, hands, choices."""

from __future__ import annotations

import json
import random

from tests.bot.sim import World, assert_private, text
from tests.bot.simplay import lobby, step


async def _export(world: World, who) -> dict:
    r = await world.slash(who, "ba-mod export")
    said = assert_private(r)
    assert "Game #1" in said
    files = [a for m in ([r.response] + r.followups) if m for a in m.attachments]
    assert [f.filename for f in files] == ["black-angel-1.json"]
    return json.loads(await files[0].read())


def _keys(doc: object) -> set[str]:
    if isinstance(doc, dict):
        return set(doc) | {k for v in doc.values() for k in _keys(v)}
    if isinstance(doc, list):
        return {k for v in doc for k in _keys(v)}
    return set()


async def test_export_of_a_running_game_shows_only_public_things(world: World) -> None:
    admin = world.member("ann", roles=[world.admin])  # a moderator who also plays
    bob = world.member("bob")
    eve = world.bystander
    await lobby(world, [admin, bob])
    rng = random.Random(4)
    for _ in range(12):
        await step(world, rng)
    doc = await _export(world, admin)
    keys = _keys(doc)
    assert "seed" not in keys and "actions" not in keys
    assert doc["format"] == "black-angel-public-export"
    assert doc["game"]["status"] == "running" and doc["log"] and doc["view"]
    # nobody else saw it
    assert "black-angel-1.json" not in [
        a.filename for m in world.history(viewer=eve) for a in m.attachments
    ]
    assert not world.public_text().count("exported")

    # a finished (here: ended) game's export is complete, for bug reports
    await world.slash(admin, "ba-mod end")
    full = await _export(world, admin)
    assert isinstance(full["game"]["seed"], int) and len(full["actions"]) >= 12


async def test_a_bystander_sees_no_hand_and_no_private_choice(world: World) -> None:
    alice, bob = world.players(2)
    eve = world.bystander
    await lobby(world, [alice, bob])
    rng = random.Random(9)
    secret_seen = 0
    for _ in range(40):
        who, r = await step(world, rng)
        secret_seen += sum(1 for m in r.followups if m.ephemeral)
    hand = await world.slash(alice, "ba hand")
    said = assert_private(hand)
    assert "Your hand" in said
    alices = said[said.index("**Your hand**") :].split("\n", 1)[0]  # "**Your hand** (Blue):"
    shown = world.history(viewer=eve)
    assert all(not m.flags.ephemeral for m in shown)
    assert "Your hand" not in "\n".join(m.content for m in shown)
    # each player's private panel shows their own hand, never another's
    assert alices in world.seen_by(alice) and alices not in world.seen_by(bob)
    refused = await world.slash(eve, "ba hand")
    assert "not playing" in assert_private(refused)
    assert "not playing" not in world.seen_by(alice)
    assert text(refused)


async def test_a_finished_export_imports_and_a_public_one_does_not(world: World) -> None:
    admin = world.member("ann", roles=[world.admin])
    bob = world.member("bob")
    await lobby(world, [admin, bob])
    rng = random.Random(6)
    for _ in range(8):
        await step(world, rng)
    public_doc = await _export(world, admin)
    await world.slash(admin, "ba-mod end")
    full = await _export(world, admin)

    other = world.new_channel("replay")
    refused = await world.slash(
        admin, "ba-mod import", other, file=("running.json", json.dumps(public_doc).encode())
    )
    said = assert_private(refused)
    assert "cannot be imported" in said and "Nothing was imported" in said
    eve = world.bystander
    r = await world.slash(admin, "ba-mod import", other, file=("g.json", json.dumps(full).encode()))
    assert not r.ephemeral and "imported a game" in text(r)
    board = await world.slash(eve, "ba board", other)
    assert not board.ephemeral and "game #2" in text(board)
