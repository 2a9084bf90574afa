"""Replay benchmark: the GIF of a long 4-player game, its size and build time.

    python bench/replay.py [--players 4] [--seed 3] [--level simple] [--basic]

Plays one game with bot players of ``--level`` (seeded: the same game every
run), stores it in a fresh SQLite file as the bot would (lobby, start, every
action appended, finished), then builds its replay through the service part
``/ba replay`` uses (bot/service/replay.py): the timeline rebuilt from the
action log, and the GIF. Printed beside it in the same run, as the baseline:
the same turns rendered as the PNGs the bot posts (one per turn), their total
size and time. Goal (issue 28): under Discord's 10 MiB upload limit, built in a
few seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import choose  # noqa: E402
from bot.service.format import PlainFmt  # noqa: E402
from bot.service.replay import Replays  # noqa: E402
from engine import Action, Game, GameOptions, options_to_json  # noqa: E402
from renderer import render_board  # noqa: E402
from renderer.animation import UPLOAD_LIMIT  # noqa: E402
from storage import NO_SERVER, Store  # noqa: E402


def play(players: int, seed: int, level: str, advanced: bool) -> tuple[GameOptions, list[Action]]:
    options = GameOptions(players=players, advanced=advanced)
    g = Game.new(options, seed)
    rng = random.Random(seed)
    actions = []
    while not g.is_over:
        d = g.decision
        assert d is not None
        a = Action(d.seat, choose(g.view(d.seat), rng=rng, level=level))
        g.apply(a)
        actions.append(a)
    return options, actions


async def store_game(path: str, options: GameOptions, seed: int, actions: list[Action]) -> int:
    async with Store(path) as store:
        rec = await store.create_game(1, options=options_to_json(options))
        users = list(range(101, 101 + options.players))
        for u in users:
            await store.join_game(rec.id, u)
        await store.start_game(rec.id, seed, order=users)
        g = Game.new(options, seed)
        for i, a in enumerate(actions):
            g.apply(a)
            await store.append_action(
                rec.id, i, a.seat, users[a.seat], a.to_json(), g.to_json,
                result=g.result if g.is_over else None,
            )  # fmt: skip
        return rec.id


async def measure(path: str, game_id: int) -> None:
    async with Store(path) as store:
        replays = Replays(store, PlainFmt())
        rec = await store.get_game(game_id)
        t0 = time.perf_counter()
        tl = await replays.timeline(rec)
        t_log = time.perf_counter() - t0
        replays._timelines.clear()  # the GIF below rebuilds it, as a first /ba replay does
        t0 = time.perf_counter()
        reply = await replays.animation(NO_SERVER, game_id)
        t_gif = time.perf_counter() - t0
        assert reply.ok and reply.image is not None, reply.text
        t0 = time.perf_counter()
        pngs = [render_board(t.view, tl.names) for t in tl.turns]
        t_png = time.perf_counter() - t0
    gif = reply.image
    mib = 2**20
    print(f"turns (frames): {len(tl.turns)}; the log replayed into turns in {t_log:.2f} s")
    print(
        f"replay GIF: {len(gif) / mib:.2f} MiB (limit {UPLOAD_LIMIT / mib:.2f} MiB), "
        f"built in {t_gif:.2f} s ({1000 * t_gif / len(tl.turns):.0f} ms a turn)"
    )
    print(f"  {reply.text.splitlines()[-1]}")
    print(
        f"baseline, one PNG per turn: {sum(map(len, pngs)) / mib:.2f} MiB in all, "
        f"{t_png:.2f} s ({1000 * t_png / len(pngs):.0f} ms a turn)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--level", choices=("simple", "strong"), default="simple")
    ap.add_argument("--basic", action="store_true", help="basic rules (default: advanced)")
    args = ap.parse_args()
    t0 = time.perf_counter()
    options, actions = play(args.players, args.seed, args.level, not args.basic)
    print(
        f"{args.players}-player {'basic' if args.basic else 'advanced'} game, seed {args.seed}, "
        f"{args.level} bots: {len(actions)} decisions (played in {time.perf_counter() - t0:.1f} s)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "replay.sqlite3")
        game_id = asyncio.run(store_game(path, options, args.seed, actions))
        asyncio.run(measure(path, game_id))


if __name__ == "__main__":
    main()
