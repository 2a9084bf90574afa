"""The decision on Discord: the public turn message lists a public decision's
options in full (embeds), and "Show my choices" of a secret decision brings the
player a private table image with their options' places numbered."""

from __future__ import annotations

import io
import random
from pathlib import Path

from PIL import Image

from bot.discordfmt import DiscordFmt
from bot.service import Actor, GameService
from renderer.marks import MARK_FILL
from storage import Store
from tests.bot.direct import FakeClock, start_game
from tests.bot.sim import World
from tests.bot.simplay import lobby, step
from tests.renderer.helpers import close

CID = 710
A, B = 2001, 2002


def _magenta(png: bytes) -> int:
    img = Image.open(io.BytesIO(png)).convert("RGB")
    raw = img.tobytes()
    return sum(1 for i in range(0, len(raw), 3) if close(tuple(raw[i : i + 3]), MARK_FILL, 40))


async def test_show_my_choices_brings_a_private_marked_table(tmp_path: Path) -> None:
    clock = FakeClock()
    store = await Store.open(str(tmp_path / "marks.sqlite3"), clock=clock)
    try:
        svc = GameService(store, DiscordFmt(), render=True, clock=clock)
        await start_game(svc, CID, [A, B], seed=3)
        e = await svc.games.entry(CID)
        assert e is not None
        d = e.game.decision
        assert d is not None and d.kind == "turn" and d.secret
        me, other = e.user(d.seat), (B if e.user(d.seat) == A else A)
        mine = await svc.choices(CID, Actor(me))
        assert mine.ok and mine.ephemeral and mine.image is not None
        assert _magenta(mine.image) > 200  # numbered badges on dice and actions
        # Everyone else: no choices, and the public board shows no marks.
        refused = await svc.choices(CID, Actor(other))
        assert not refused.ok and refused.image is None
        board = await svc.board(CID)
        assert board.image is not None and _magenta(board.image) == 0
    finally:
        await store.close()


async def test_a_public_decision_lists_every_option_in_the_turn_message(world: World) -> None:
    players = world.players(2)
    await lobby(world, players)
    rng = random.Random(4)
    for _ in range(300):
        tm = world.turn_message()
        e = await world.bot.frontend.svc.games.entry(world.channel.id)
        d = e.game.decision
        if not d.secret:
            break
        await step(world, rng)
    else:
        raise AssertionError("no public decision in 300 steps")
    # What the channel shows now: the turn message, with every option in full
    assert tm.embeds, tm.content
    text = "\n".join(em.description or "" for em in tm.embeds)
    for i, o in enumerate(d.options):
        assert f"**{i + 1}.** {o.text}" in text
