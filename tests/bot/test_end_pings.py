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


def test_a_solo_tie_says_why_hal_wins() -> None:
    """The engine's "…: a tie is Hal's" line is no longer shown above the
    final scores, so the final message says it."""
    from types import SimpleNamespace

    from bot.service.write import WritePath

    def result(scores: list[int], winners: list[int]) -> SimpleNamespace:
        game = SimpleNamespace(result={"end": "spes", "scores": scores, "winners": winners})
        return SimpleNamespace(game=game)

    paths = SimpleNamespace(games=SimpleNamespace(who=lambda e, s: ("Blue", "Hal")[s]))
    tie = WritePath.result_text(paths, result([22, 22], [1]))  # type: ignore[arg-type]
    assert "Winner: Hal (a tie is Hal's: the player must score more)." in tie
    won = WritePath.result_text(paths, result([23, 22], [0]))  # type: ignore[arg-type]
    assert "tie" not in won and "Winner: Blue." in won
    shared = WritePath.result_text(paths, result([9, 9], [0, 1]))  # type: ignore[arg-type]
    assert "tie" not in shared and "Winners: Blue and Hal." in shared
