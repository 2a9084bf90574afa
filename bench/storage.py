"""Storage speed: appends per second (action + snapshot), median and p99 append
latency on a file database, and the time to load 1,000 running games at start.

    python bench/storage.py [--appends 3000] [--games 1000] [--dir DIR]

Goals (issue 4): p99 append under 5 ms; 1,000 running games loaded in under 2 s.

The data is real: random games played with the real engine give the actions
and the snapshots (``Game.to_json()``). Engine time (apply, ``to_json``) is
measured apart and not counted in the append latency, which covers what the
store does: JSON encoding, one ``BEGIN IMMEDIATE`` transaction (version check
+ action + snapshot + version bump) and the commit, through aiosqlite.

The 1,000 running games are written with one bulk insert (real actions and
snapshots, the store's schema) rather than 80,000 appends, to keep the run
short; then a fresh store opens the file and loads them, two ways:

- ``rows + newest snapshots``: what start-up needs to know every game
  (``read_running_logs``: game rows, seats, newest snapshot, later actions);
- ``full rebuild``: ``load_running_games`` also restores every engine game
  (``Game.from_json`` + replay of the actions after the snapshot).

Temporary files go to ``--dir`` (default: a temporary folder on the same disk
as the working directory, since tmpfs would hide the cost of fsync).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine import Action, Game, GameOptions  # noqa: E402
from storage import Store  # noqa: E402

Step = tuple[dict[str, Any], dict[str, Any]]  # (action JSON, snapshot after it)


def play(seed: int, players: int) -> tuple[list[Step], float, float, int]:
    """A random game to the end: its steps, ms per apply, ms per to_json, moves."""
    rng = random.Random(seed)
    g = Game.new(GameOptions(players=players), seed)
    steps: list[Step] = []
    t_apply = t_dump = 0.0
    while not g.is_over:
        d = g.decision
        a = Action(seat=d.seat, option=rng.choice(d.options).id)
        t0 = time.perf_counter()
        g.apply(a)
        t1 = time.perf_counter()
        snap = g.to_json()
        t2 = time.perf_counter()
        t_apply += t1 - t0
        t_dump += t2 - t1
        steps.append((a.to_json(), snap))
    n = len(steps)
    return steps, 1000 * t_apply / n, 1000 * t_dump / n, n


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def bench_appends(
    path: Path, games: list[list[Step]], total: int, snapshot_every: int, synchronous: str
) -> tuple[float, float, float, float]:
    """Appends spread over the games round-robin; returns (appends/s, median, p99, max) in ms."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    lat: list[float] = []
    async with Store(path, snapshot_every=snapshot_every, synchronous=synchronous) as store:  # type: ignore[arg-type]
        ids: list[int] = []
        for i, _ in enumerate(games):
            rec = await store.create_game(10_000 + i, options={"players": 2})
            await store.join_game(rec.id, 1)
            await store.join_game(rec.id, 2)
            await store.start_game(rec.id, i)
            ids.append(rec.id)
        pos = [0] * len(games)
        t_start = time.perf_counter()
        for n in range(total):
            k = n % len(games)
            steps = games[k]
            if pos[k] >= len(steps):  # that game is over: start it again
                rec = await store.create_game(20_000 + n, options={"players": 2})
                await store.join_game(rec.id, 1)
                await store.start_game(rec.id, k)
                ids[k], pos[k] = rec.id, 0
            action, snap = steps[pos[k]]
            version = pos[k]
            snapshot = snap if store.wants_snapshot(version + 1) else None
            t0 = time.perf_counter()
            await store.append_action(ids[k], version, 0, 1, action, snapshot)
            lat.append((time.perf_counter() - t0) * 1000)
            pos[k] += 1
        elapsed = time.perf_counter() - t_start
    return total / elapsed, statistics.median(lat), pct(lat, 99), max(lat)


def fill_running_games(path: Path, games: list[list[Step]], count: int, snapshot_every: int) -> int:
    """``count`` running games at random depths, bulk-inserted; returns actions written."""
    rng = random.Random(1)
    now = time.time()
    game_rows, seat_rows, action_rows, snap_rows = [], [], [], []
    for gid in range(1, count + 1):
        steps = games[gid % len(games)]
        depth = rng.randrange(1, len(steps))  # running: not at the end
        options = engine.options_to_json(GameOptions(players=len(steps[0][1]["players"])))
        seed = steps[0][1]["seed"]
        game_rows.append((gid, 1, gid, "running", json.dumps(options), seed, depth, now, now, now))
        for s in range(len(steps[0][1]["players"])):
            seat_rows.append((gid, s, 100 + s, None, now))
        for seq in range(1, depth + 1):
            action_rows.append((gid, seq, 0, 100, json.dumps(steps[seq - 1][0]), now))
        snap_at = depth - depth % snapshot_every
        if snap_at > 0:
            snap_rows.append((gid, snap_at, json.dumps(steps[snap_at - 1][1]), now))
    with sqlite3.connect(path) as db:
        db.executemany(
            "INSERT INTO games (id, guild_id, channel_id, status, options, seed, version, created_at,"
            " started_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            game_rows,
        )
        db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)", seat_rows)
        db.executemany("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)", action_rows)
        db.executemany(
            "INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, ?, ?, ?)", snap_rows
        )
    db.close()
    return len(action_rows)


async def bench_load(
    path: Path, games: list[list[Step]], count: int, snapshot_every: int
) -> tuple[float, float, int, float]:
    """Returns (s for rows + newest snapshots, s for full rebuild, failures, MB on disk)."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    async with Store(path):
        pass  # schema
    fill_running_games(path, games, count, snapshot_every)
    size = os.path.getsize(path) / 1e6

    t0 = time.perf_counter()
    async with Store(path, snapshot_every=snapshot_every) as store:
        logs = await store.read_running_logs()
    t_rows = time.perf_counter() - t0
    assert len(logs) == count

    t0 = time.perf_counter()
    async with Store(path, snapshot_every=snapshot_every) as store:
        report = await store.load_running_games()
    t_full = time.perf_counter() - t0
    assert len(report.loaded) + len(report.failed) == count
    return t_rows, t_full, len(report.failed), size


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--appends", type=int, default=3000)
    ap.add_argument("--games", type=int, default=1000, help="running games to load at start")
    ap.add_argument("--dir", default=None, help="folder for the temporary database files")
    args = ap.parse_args()

    t0 = time.perf_counter()
    games: list[list[Step]] = []
    applies, dumps, moves = [], [], []
    for seed in range(24):
        steps, ms_apply, ms_dump, n = play(seed, 2 + seed % 3)
        games.append(steps)
        applies.append(ms_apply)
        dumps.append(ms_dump)
        moves.append(n)
    sizes = [len(json.dumps(s[1], separators=(",", ":"))) for g in games for s in g]
    print(
        f"real data: {len(games)} random games ({min(moves)}-{max(moves)} decisions) in {time.perf_counter() - t0:.1f} s"
    )
    print(
        f"  engine (not in the figures below): apply {statistics.mean(applies):.3f} ms,"
        f" Game.to_json {statistics.mean(dumps):.3f} ms; snapshot JSON {statistics.median(sizes) / 1024:.1f} KiB median"
    )

    with tempfile.TemporaryDirectory(dir=args.dir or ".", prefix="bench-storage-") as tmp:
        path = Path(tmp) / "bench.sqlite3"
        print(
            f"\nappends on a file database ({args.appends} appends over {len(games)} games, sqlite {sqlite3.sqlite_version}):"
        )
        print(
            f"  {'synchronous':<12}{'snapshot':<16}{'appends/s':>10}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}"
        )
        for sync in ("FULL", "NORMAL"):
            for every in (1, 10):
                rate, med, p99, worst = await bench_appends(path, games, args.appends, every, sync)
                label = "every action" if every == 1 else f"every {every}"
                ok = "ok" if p99 < 5 else "OVER GOAL"
                print(
                    f"  {sync:<12}{label:<16}{rate:>10.0f}{med:>11.2f}{p99:>9.2f}{worst:>9.2f}  {ok}"
                )

        print(f"\nstart-up: {args.games} running games (random depths), file database:")
        for every in (1, 10):
            t_rows, t_full, failed, size = await bench_load(path, games, args.games, every)
            label = "every action" if every == 1 else f"every {every}"
            ok = "ok" if t_full < 2 else "OVER GOAL"
            print(
                f"  snapshot {label:<13} rows + newest snapshots {t_rows:6.3f} s;"
                f" full rebuild (Game.from_json + tail replay) {t_full:6.3f} s  {ok}"
                f"  [{size:.1f} MB, {failed} failed]"
            )
    print("\ngoals: p99 append < 5 ms; 1,000 games loaded < 2 s")


if __name__ == "__main__":
    asyncio.run(main())
