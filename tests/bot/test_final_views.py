"""After the end: `board` shows the final board, `scores` the breakdown; Hal is in
`scores` during a solo game (service level, real SQLite, real images)."""

from __future__ import annotations

import random
from pathlib import Path

from bot.service import Actor, GameService
from renderer import layout as L
from renderer.board import layout_for
from renderer.hal import BAND_H
from storage import Store
from tests.renderer.helpers import open_png

CID = 7
ME = Actor(42)


async def _solo(tmp_path: Path, difficulty: str | None = "difficult") -> tuple[Store, GameService]:
    store = await Store.open(str(tmp_path / "g.sqlite3"))
    svc = GameService(store, render=False, seed_source=lambda: 11)
    assert (await svc.create(CID, ME, 1, difficulty=difficulty)).ok
    assert (await svc.start(CID, ME)).ok
    return store, svc


async def _play_to_the_end(svc: GameService) -> None:
    rng = random.Random(5)
    while (e := await svc.games.entry(CID)) is not None and not e.game.is_over:
        d = e.game.decision
        assert d is not None
        r = await svc.choose(CID, ME, rng.choice(d.options).id)
        assert r.ok, r.text


async def test_scores_list_hal_during_a_solo_game(tmp_path: Path) -> None:
    store, svc = await _solo(tmp_path)
    try:
        r = await svc.scores(CID)
        assert "Hal: 10 VP" in r.text
        assert r.text.index("Hal: 10 VP") < r.text.index("Blue")  # sorted by VP
    finally:
        await store.close()


async def test_board_after_the_end_is_the_final_board_and_scores_the_breakdown(
    tmp_path: Path,
) -> None:
    store, svc = await _solo(tmp_path)
    try:
        await _play_to_the_end(svc)
        svc.render = True
        board = await svc.board(CID)
        assert board.ok and board.text.startswith("Final board of game #1")
        img = open_png(board.image)
        e = await svc.reading.viewable(CID)
        view = e.game.view(None)
        assert e.game.is_over
        # the table (with Hal's band), not the final scores sheet
        assert img.size == (L.WIDTH, layout_for(view).height + BAND_H)
        scores = await svc.scores(CID)
        assert "**Breakdown**" in scores.text and "Hal" in scores.text
        assert scores.image_name == "final.png"
        assert open_png(scores.image).size != img.size
    finally:
        await store.close()
