"""`scores` during a game says what the end would add were it to end now.

The track alone misleads: the end adds each player's Advanced tiles (capped,
R12) and, once the Black Angel reached Spes, the Spes exchange (R13). All of
it is public, yet a tester could not tell a 3-VP player with three Advanced
tiles from one with none (the 2-player advanced game ended 19 VP against the
track's 3). Service level, real SQLite; the words are checked against the
engine's own end, played on a copy of the game.
"""

from __future__ import annotations

import random
from pathlib import Path

from bot.service import Actor, GameService
from engine import Game
from engine.scoring import finish
from storage import Store
from tests.bot.sim import World

CID = 3
ANN, BOB = Actor(41), Actor(42)


def _as_if_ended(g: Game) -> dict[int, tuple[int, int]]:
    """Each seat's (Advanced tiles' VP, Spes VP), by the engine's own end."""
    copy = Game.from_json(g.to_json())
    finish(copy)
    return {
        x["seat"]: (sum(a["vp"] for a in x["advanced"]), x["spes"]) for x in copy.state.final_scores
    }


async def test_running_scores_add_what_the_end_would(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "g.sqlite3"))
    try:
        svc = GameService(store, render=False, seed_source=lambda: 7)
        assert (await svc.create(CID, ANN, 2, advanced=True)).ok
        assert (await svc.join(CID, BOB)).ok
        assert (await svc.start(CID, ANN)).ok
        rng = random.Random(3)
        seen_advanced = seen_spes = 0
        while (e := await svc.games.entry(CID)) is not None and not e.game.is_over:
            g = e.game
            text = (await svc.scores(CID)).text
            ended = _as_if_ended(g)
            for p in g.state.players:
                line = next(ln for ln in text.splitlines() if ln.startswith(g.name(p.seat)))
                advanced, spes = ended[p.seat]
                assert (f"+{advanced} from Advanced tiles" in line) is (advanced > 0), line
                assert (f"+{spes} from the Spes exchange" in line) is g.state.board.at_spes, line
                assert line.startswith(f"{g.name(p.seat)} (") and f": {p.vp} VP" in line
                seen_advanced += advanced > 0
                seen_spes += g.state.board.at_spes
            d = g.decision
            assert d is not None
            who = ANN if e.user(d.seat) == ANN.user_id else BOB
            assert (await svc.choose(CID, who, rng.choice(d.options).id)).ok
        assert seen_advanced and seen_spes  # both were said at some point
    finally:
        await store.close()


async def test_ba_scores_says_it_on_discord(world: World) -> None:
    """The same words where a player reads them: /ba scores in the channel,
    once a player holds an Advanced tile (random clicks, as players click)."""
    from tests.bot.sim import text as said
    from tests.bot.simplay import lobby, step

    alice, bob = world.players(2)
    await lobby(world, [alice, bob], advanced=True)
    rng = random.Random(4)
    for _ in range(150):
        shown = said(await world.slash(world.bystander, "ba scores"))
        if "(if the game ended now: +" in shown:
            break
        await step(world, rng)
    assert "from Advanced tiles" in shown, shown
