"""The end of a game pings the people still at the table: not a member who
left the server, nor one who muted the game (issue 24)."""

from __future__ import annotations

import random

from bot.service import Actor
from tests.bot.direct import Direct, decide, start_game

CID = 8800
A, B = 81, 82


async def test_the_final_message_pings_no_member_who_left(tmp_path) -> None:
    p = await Direct(str(tmp_path / "ba.sqlite3")).open()
    try:
        await start_game(p.svc, CID, [A, B], seed=11)
        guild = (await p.store.active_game(CID)).guild_id
        gone = await p.svc.member_left(guild, B) if guild is not None else []
        if not gone:  # a game with no server: B mutes it, as a member who left is
            assert (await p.svc.mute(CID, Actor(B), True)).ok
        rng = random.Random(4)
        for _ in range(5000):
            r = await decide(p.svc, CID, rng)
            e = await p.svc.games.entry(CID)
            if e is None or e.game.is_over:
                break
        assert "The game is over" in r.text or "game is over" in r.text.lower()
        assert r.ping == [A]
    finally:
        await p.close()
