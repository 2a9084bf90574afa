"""/ba games at the service: lobbies, running games with whose turn, finished
games with their winners, newest activity first within each, paged."""

from __future__ import annotations

import random
from pathlib import Path

from bot.service import Actor, GameService, PlainFmt
from bot.service.table import GAMES_PER_PAGE
from storage import Store

GUILD = 99


async def test_lobbies_running_and_finished_games_with_links(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "g.sqlite3"))
    names = {1: "ann", 2: "ben", 3: "cy"}
    svc = GameService(store, PlainFmt(names), render=False, seed_source=lambda: 11)
    try:
        ann, ben, cy = (Actor(u) for u in (1, 2, 3))
        assert (await svc.create(10, ann, 3, guild_id=GUILD)).ok  # a lobby
        assert (await svc.create(20, ben, 1, guild_id=GUILD, difficulty="easy")).ok
        assert (await svc.start(20, ben)).ok  # running solo
        assert (await svc.create(30, cy, 1, guild_id=GUILD)).ok
        assert (await svc.start(30, cy)).ok
        rng = random.Random(2)
        while (e := await svc.games.entry(30)) is not None and not e.game.is_over:
            d = e.game.decision
            assert (await svc.choose(30, cy, rng.choice(d.options).id)).ok
        await svc.create(40, ann, 2, guild_id=GUILD + 1)  # another server: not listed
        reply, page, pages = await svc.games_page(GUILD)
        text = reply.text
        assert reply.ephemeral and (page, pages) == (1, 1)
        lines = text.splitlines()
        lobby = next(ln for ln in lines if "<#10>" in ln)
        running = next(ln for ln in lines if "<#20>" in ln)
        done = next(ln for ln in lines if "<#30>" in ln)
        assert "1/3 seated, waiting for players" in lobby
        # seats named as the turn messages name them: colour and person
        assert "vs Hal (easy)" in running and "round 1, Blue (@ben) to play" in running
        res = (await store.get_game(3)).result
        winner = "Blue (@cy)" if 0 in res["winners"] else "Hal"
        assert f"Blue (@cy) vs Hal (standard): {winner} won" in done
        assert "<#40>" not in text
        assert text.index("<#10>") < text.index("<#20>") < text.index("<#30>")
        assert text.index("Lobbies waiting") < text.index("Running") < text.index("Finished")
    finally:
        await store.close()


async def test_pages_hold_a_fixed_number_of_games(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "g.sqlite3"))
    svc = GameService(store, render=False)
    try:
        for i in range(GAMES_PER_PAGE + 3):
            assert (await svc.create(100 + i, Actor(500 + i), 2, guild_id=GUILD)).ok
        first, page, pages = await svc.games_page(GUILD, 1)
        assert (page, pages) == (1, 2) and first.text.count("• #") == GAMES_PER_PAGE
        last, page, _ = await svc.games_page(GUILD, 9)  # past the end: the last page
        assert page == 2 and last.text.count("• #") == 3
        none, _, _ = await svc.games_page(GUILD + 5)
        assert "No games yet" in none.text
        refused, _, _ = await svc.games_page(None)
        assert not refused.ok
    finally:
        await store.close()


async def test_a_finished_game_names_its_winners_by_colour_and_person(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "g.sqlite3"))
    names = {1: "ann", 2: "ben"}
    svc = GameService(store, PlainFmt(names), render=False, seed_source=lambda: 5)
    try:
        ann, ben = Actor(1), Actor(2)
        assert (await svc.create(10, ann, 2, guild_id=GUILD, order="lobby")).ok
        assert (await svc.join(10, ben)).ok
        assert (await svc.start(10, ann)).ok
        rng = random.Random(3)
        while (e := await svc.games.entry(10)) is not None and not e.game.is_over:
            d = e.game.decision
            who = ann if e.user(d.seat) == 1 else ben
            assert (await svc.choose(10, who, rng.choice(d.options).id)).ok
        winners = (await store.get_game(1)).result["winners"]
        seats = {0: "Blue (@ann)", 1: "Red (@ben)"}
        reply, _, _ = await svc.games_page(GUILD)
        done = next(ln for ln in reply.text.splitlines() if "<#10>" in ln)
        assert done.endswith("won by " + " and ".join(seats[s] for s in winners)), done
    finally:
        await store.close()
