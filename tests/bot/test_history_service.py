"""History, stats and replays at the service, on a real SQLite file with real
engine games (no Discord): what a record counts, and what a replay may show."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from types import SimpleNamespace

from bot.service import Actor, GameService, PlainFmt
from bot.service.history import History
from bot.service.replay import Replays
from bot.service.stats import mode_of, player_stats
from storage import FinishedGame, GameRecord, GameStatus, Seat, Store

GUILD = 42


def made(
    gid: int, options: dict, scores: list[int], users: list[int], winners: list[int] | None = None
) -> FinishedGame:
    best = max(scores)
    rec = GameRecord(
        gid,
        GUILD,
        1,
        GameStatus.FINISHED,
        json.dumps(options),
        1,
        10,
        users[0],
        0.0,
        0.0,
        float(gid),
        float(gid),
        json.dumps(
            {
                "scores": scores,
                "winners": [i for i, s in enumerate(scores) if s == best]
                if winners is None
                else winners,
            }
        ),
        None,
    )
    return FinishedGame(rec, [Seat(gid, i, u, None, 0.0) for i, u in enumerate(users)])


def test_stats_count_modes_wins_and_solo_margins() -> None:
    games = [
        made(1, {"players": 2}, [30, 20], [7, 8]),
        made(2, {"players": 2}, [25, 25], [8, 7]),  # a tie: both win (R14)
        made(3, {"players": 3, "advanced": True}, [10, 40, 5], [7, 8, 9]),
        made(4, {"players": 1, "difficulty": "easy"}, [31, 30], [7]),
        # a solo tie is Hal's (R19, rules version 4: the result names him alone)
        made(5, {"players": 1, "difficulty": "easy", "rules_version": 4}, [22, 22], [7], [1]),
        made(6, {"players": 1}, [10, 18], [7]),
    ]
    st = player_stats(7, games)
    assert (st.games, st.wins) == (6, 3)
    assert st.by_mode["2 players"].games == 2 and st.by_mode["2 players"].wins == 2
    adv = st.by_mode["3 players, advanced"]
    assert (adv.games, adv.wins, adv.best) == (1, 0, 10)
    easy = st.solo["easy"]
    assert (easy.games, easy.wins, easy.best_margin) == (2, 1, 1)
    assert st.solo["standard"].best_margin == -8
    assert (
        st.all_scores.best == 31
        and abs(st.all_scores.mean - (30 + 25 + 10 + 31 + 22 + 10) / 6) < 1e-9
    )
    assert mode_of({"players": 1}) == "solo (standard)"


async def play(svc: GameService, cid: int, users: list[int], *, moves: int | None = None) -> None:
    assert (await svc.create(cid, Actor(users[0]), len(users), guild_id=GUILD)).ok
    for u in users[1:]:
        assert (await svc.join(cid, Actor(u))).ok
    assert (await svc.start(cid, Actor(users[0]))).ok
    rng = random.Random(cid)
    n = 0
    while (e := await svc.games.entry(cid)) is not None and not e.game.is_over:
        if moves is not None and n >= moves:
            return
        d = e.game.decision
        assert (await svc.choose(cid, Actor(e.user(d.seat)), rng.choice(d.options).id)).ok
        n += 1


async def test_replays_hide_what_spectators_may_not_see_until_the_end(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "h.sqlite3"))
    try:
        svc = GameService(
            store, PlainFmt({1: "ann", 2: "ben"}), render=False, seed_source=lambda: 9
        )
        await play(svc, 10, [1, 2])
        await play(svc, 20, [2, 1], moves=40)
        replays = Replays(store, svc.fmt, render=False)
        done = await store.get_game(1)
        running = await store.get_game(2)
        assert running.status is GameStatus.RUNNING
        full = await replays.timeline(done)
        public = await replays.timeline(running)
        assert full.full and full.over and not public.full and not public.over
        assert any(ln.startswith("🔒") for t in full.turns for ln in t.lines)
        assert not any("🔒" in ln for t in public.turns for ln in t.lines)
        for tl in (full, public):
            assert tl.turns[0].seat is None and [t.number for t in tl.turns] == list(
                range(len(tl.turns))
            )
            for t in tl.turns:  # the table as a spectator sees it: no hands
                assert t.view["viewer"] is None
                assert all("missions" not in p for p in t.view["players"])
        assert full.turns[-1].view["finished"]
        # turns follow the log: the public timeline's lines are the game's public log
        e = await svc.games.entry(20)
        assert sum(len(t.lines) for t in public.turns) == len(
            await svc.reading.rebuild_log(e.record)
        )
        reply, tl, n = await replays.turn(GUILD, 2)
        assert n == tl.last and "only what spectators see" in reply.text
        # another server, a lobby, no such game: refused
        assert not (await replays.turn(GUILD + 1, 1))[0].ok
        assert (await svc.create(30, Actor(1), 2, guild_id=GUILD)).ok
        assert "has not started" in (await replays.refusal(GUILD, 3)).text
        assert "no game #77" in (await replays.refusal(GUILD, 77)).text
        assert await replays.latest(20) == 2 and await replays.latest(99) is None
        history = History(store, svc.fmt)
        text, _, _ = await history.history(GUILD)
        assert "#1 <#10>" in text.text and "#2" not in text.text  # running games are not history
    finally:
        await store.close()


async def test_history_and_leaderboard_pages(tmp_path: Path) -> None:
    from bot.service.history import HISTORY_PAGE, LEADERBOARD_PAGE

    store = await Store.open(str(tmp_path / "p.sqlite3"))
    try:
        n = LEADERBOARD_PAGE + 1  # players, two a game: as many games as players
        for i in range(n):
            rec = await store.create_game(100 + i, guild_id=GUILD, options={"players": 2})
            users = [1000 + i, 1000 + (i + 1) % n]
            for u in users:
                await store.join_game(rec.id, u)
            await store.start_game(rec.id, 5, order=users)
            await store.finish_game(rec.id, {"scores": [40, 30], "winners": [0]})
        history = History(store, PlainFmt())
        first, page, pages = await history.history(GUILD)
        assert (page, pages) == (1, -(-n // HISTORY_PAGE))
        assert first.text.count("\n• #") == HISTORY_PAGE and f"#{n} " in first.text
        last, page, _ = await history.history(GUILD, 99)  # past the end: the last page
        assert page == pages and last.text.count("\n• #") == n - HISTORY_PAGE
        mine, _, _ = await history.history(GUILD, user_id=1000)
        assert mine.text.count("\n• #") == 2  # player 1000 sat in the first and last games
        board, page, pages = await history.leaderboard(GUILD)
        assert (page, pages) == (1, 2) and board.text.count(" — **") == LEADERBOARD_PAGE
        rest, page, _ = await history.leaderboard(GUILD, 2)
        assert (
            page == 2
            and rest.text.count(" — **") == 1
            and f"{LEADERBOARD_PAGE + 1}. @" in rest.text
        )
    finally:
        await store.close()


async def test_the_end_of_a_game_moves_its_players_ratings_once(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "e.sqlite3"))
    try:
        history = History(store, PlainFmt({1: "ann", 2: "ben"}))
        rec = await store.create_game(10, guild_id=GUILD, options={"players": 2})
        for u in (1, 2):
            await store.join_game(rec.id, u)
        await store.start_game(rec.id, 5, order=[1, 2])
        await store.finish_game(rec.id, {"scores": [40, 30], "winners": [0]})
        line = await history.game_ended(GUILD, rec.id, [1, 2])
        assert line.startswith("🏅 Ratings: @ann ") and "(+" in line and "@ben" in line
        assert "(-" in line.split("@ben", 1)[1]
        # seen again (another process, a retry): counted already, nothing to say
        assert await history.game_ended(GUILD, rec.id, [1, 2]) == ""
        assert {r.games for r in (await store.get_ratings(GUILD)).values()} == {1}
    finally:
        await store.close()


async def test_a_replay_refusal_and_the_games_list_name_discords_commands(
    tmp_path: Path, monkeypatch
) -> None:
    """They said `repair` and `games`, the local mode's words, on Discord too."""
    from bot.discordfmt import DiscordFmt

    store = await Store.open(str(tmp_path / "h.sqlite3"))
    try:
        svc = GameService(store, DiscordFmt(), render=False, seed_source=lambda: 9)
        await play(svc, 10, [1, 2], moves=5)

        async def broken(self, rec):
            raise ValueError("a damaged log")

        monkeypatch.setattr(Replays, "timeline", broken)
        refused = await svc.replay_gif(GUILD, 1)
        assert not refused.ok and refused.text.endswith("look at it with `/ba-mod repair`.")
        listed, _, _ = await svc.games_page(None)
        assert listed.text.startswith("`/ba games` lists a server's games")
    finally:
        await store.close()


async def test_games_of_every_rules_version_replay_and_show_in_history(tmp_path: Path) -> None:
    """A recorded game of each rules version (tests/engine/golden.py), imported as
    finished: its replay steps through to the end and the history lists it."""
    from engine import Action, Game, options_from_json
    from tests.engine.golden import PATHS

    store = await Store.open(str(tmp_path / "v.sqlite3"))
    try:
        replays = Replays(store, PlainFmt(), render=False)
        ids = []
        for version, path in PATHS.items():
            recorded = json.loads(path.read_text())[0]
            options, seed, moves = recorded["options"], recorded["seed"], recorded["actions"]
            game = Game.new(options_from_json(options), seed)
            for seat, option in moves:
                game.apply(Action(seat, option))
            assert game.is_over, version
            n = options["players"]
            doc = {
                "format": "black-angel/game-export",
                "format_version": 1,
                "game": {
                    "id": version,
                    "status": "finished",
                    "options": options,
                    "seed": seed,
                    "version": len(moves),
                    "result": game.result,
                },
                "seats": [{"seat": i, "user_id": 10 + i, "colour": None} for i in range(n)],
                "actions": [
                    {"seq": i + 1, "seat": s, "action": {"seat": s, "option": o}}
                    for i, (s, o) in enumerate(moves)
                ],
            }
            rec = await store.import_game(doc, 100 + version, guild_id=GUILD)
            ids.append(rec.id)
            reply, tl, shown = await replays.turn(GUILD, rec.id)
            assert reply.ok and tl.over and shown == tl.last > 1, (version, reply.text)
            assert tl.turns[-1].view["finished"]
            first, _, _ = await replays.turn(GUILD, rec.id, 1)
            assert "**Turn 1/" in first.text and "round 1" in first.text
        text, _, _ = await History(store, PlainFmt()).history(GUILD)
        assert [int(x) for x in re.findall(r"\n• #(\d+) ", text.text)] == ids[::-1]
    finally:
        await store.close()


def test_a_solo_tie_counts_as_the_games_result_said() -> None:
    """Rules versions 1-3 shared a solo tie (the result lists both winners, and the
    game's end said so); stats and history counted it as Hal's (R19, version 4) anyway."""
    old = made(1, {"players": 1}, [22, 22], [7])  # version 1: winners [0, 1]
    new = made(2, {"players": 1, "rules_version": 4}, [22, 22], [7], [1])
    st = player_stats(7, [old, new])
    assert (st.games, st.wins) == (2, 1)
    assert (st.solo["standard"].games, st.solo["standard"].wins) == (2, 1)
    history = History(None, PlainFmt({7: "ann"}))  # type: ignore[arg-type]
    assert history.game_line(old).endswith("solo (standard): 🏆 @ann 22, 🏆 Hal 22")
    assert history.game_line(new).endswith("solo (standard): @ann 22, 🏆 Hal 22")


def test_a_turn_played_without_a_decision_is_named_in_the_replay() -> None:
    """A compulsory Sequence B is played within the move before it: Blue's round 5
    turn read as part of 'round 4, Red's turn' and had no caption of its own."""
    from bot.service.replay import build_timeline
    from engine import Action, Game, GameOptions, options_to_json

    options = GameOptions(players=2)
    g = Game.new(options, 3)
    moves = []
    for _ in range(40):  # always the first option: seed 3 runs into a compulsory B
        d = g.decision
        moves.append(Action(d.seat, d.options[0].id).to_json())
        g.apply(Action(d.seat, d.options[0].id))
    rec = SimpleNamespace(id=1, revision=1, base=0, seed=3, options=options_to_json(options))
    tl = build_timeline(rec, moves, names={0: "ann", 1: "ben"}, full=False)  # type: ignore[arg-type]
    played = [(t.round, t.seat) for t in tl.turns[1:-1]]  # the last: mid-turn
    within = [x for t in tl.turns for x in t.then]
    assert within, "seed 3 has no turn without a decision any more"
    # every turn of the game, in order, once: as a frame or within one
    everyone = sorted(played + within)
    assert everyone == [divmod(i, 2) for i in range(2, 2 + len(everyone))]
    t = next(t for t in tl.turns if t.then)
    (r, seat), name = t.then[0], g.name(t.then[0][1])
    reply_line = build_caption(tl, t.number)
    assert f"then round {r}, {name} ({['ann', 'ben'][seat]})'s turn (no decision" in reply_line
    assert any("Sequence B is compulsory" in ln for ln in t.lines)


def build_caption(tl, n: int) -> str:  # type: ignore[no-untyped-def]
    """The caption ``Replays.turn`` gives turn ``n``."""
    import asyncio

    from bot.service.replay import Replays

    replays = Replays(None, PlainFmt(), render=False)  # type: ignore[arg-type]

    async def load(server, game_id):  # type: ignore[no-untyped-def]
        rec = SimpleNamespace(id=1, status=GameStatus.RUNNING, options={"players": 2})
        return rec, tl

    replays._load = load  # type: ignore[method-assign]
    reply, _, _ = asyncio.run(replays.turn(0, 1, n))
    return reply.text.splitlines()[1]


def test_a_solo_turn_says_hal_played_after_the_player() -> None:
    """A solo frame holds the player's turn and Hal's after it, but its caption
    named the player's turn alone, above Hal's lines."""
    from bot.service.replay import build_timeline
    from engine import Action, Game, GameOptions, options_to_json

    captions = {}
    for options in (GameOptions(players=1, difficulty="easy"), GameOptions(players=2)):
        g = Game.new(options, 4)
        rng = random.Random(1)
        moves = []
        while not g.is_over and len(moves) < 30:
            d = g.decision
            moves.append(Action(d.seat, rng.choice(d.options).id))
            g.apply(moves[-1])
        rec = SimpleNamespace(id=1, revision=1, base=0, seed=4, options=options_to_json(options))
        tl = build_timeline(
            rec,  # type: ignore[arg-type]
            [m.to_json() for m in moves],
            names={0: "ann", 1: "ben"},
            full=False,
        )
        captions[options.players] = build_caption(tl, 1)
        assert any(ln.startswith("Hal reveals his card") for ln in tl.turns[1].lines) == (
            options.players == 1
        )
    assert captions[1].endswith("round 1, Blue (ann)'s turn, then Hal's turn"), captions[1]
    assert "Hal" not in captions[2], captions[2]
