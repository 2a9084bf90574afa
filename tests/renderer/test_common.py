"""The score chips show the final totals once the game is over."""

from renderer.common import contenders
from tests.engine.helpers import fresh, play_random


def test_contenders_use_final_totals_after_the_game_and_the_track_before():
    g = fresh(3, 4)
    running = g.view(None)
    assert [vp for _, _, vp in contenders(running)] == [p.vp for p in g.state.players]
    play_random(g, 100_000, seed=4, checked=False)
    done = g.view(None)
    totals = [vp for _, _, vp in contenders(done)]
    assert totals == g.result["scores"]
    assert totals != [p.vp for p in g.state.players]  # Spes exchange / Advanced tiles count
