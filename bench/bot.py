"""Bot service under load: ``python bench/bot.py``.

Drives :class:`bot.service.GameService` exactly as the buttons do (``choose``
with game id + version, real SQLite file, real renderer), with 1,000 games in
progress at once. Each game's players "think" for a random time (exponential,
mean ``--think`` seconds) between clicks, so the load is clicks arriving from
1,000 channels at once rather than one game after another.

The default pace, a click every 30 s a game (about 33 clicks/s while all
1,000 play), is a hundred times the product's: games where each player takes
a turn or two a day make about 0.3 clicks/s from 1,000 games of 3. ``--think 3``
(about 333 clicks/s) is a stress test past what 2 cores serve: its figures
measure the queue (bench/RESULTS.md). ``--think 0`` is
the worst case: every game clicks again the moment its last click is answered.

Prints p50/p95 milliseconds from the click to the new board image being ready
for the message (issue 25: goal p95 < 150 ms with 1,000 live games): for the
clicks that end a turn, whose reply carries it; for the clicks within a turn,
whose reply comes at once and whose decision's image is drawn in the
background and edited in (bot/service/drawing.py; this bench does what the
front end does: draws it unless the message already shows the same image, and
times the click to the drawn image, counting those dropped for a newer
decision of the game). Then the reply time of all clicks, the load offered
(games / mean think time) against the clicks served, the process memory with
the games cached (and the render processes') and with 1,000 cached games, then
the reminder tick's time over those 1,000 running games with nothing due
(against the same check made game by game). Figures only; nothing is
asserted. Goals: p95 < 250 ms, < 300 MB (issue 6); tick < 50 ms (issue 10).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service import Actor, GameService  # noqa: E402
from bot.service.drawing import background_pids  # noqa: E402
from bot.service.model import Drawing  # noqa: E402
from storage import Store  # noqa: E402


def rss_mb(pid: int | None = None) -> float:
    try:
        for line in Path(f"/proc/{pid or 'self'}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))
    return values[k]


async def start_games(svc: GameService, n: int, players: int, first_channel: int) -> list[int]:
    channels = []
    for i in range(n):
        cid = first_channel + i
        users = [cid * 10 + k for k in range(players)]
        r = await svc.create(cid, Actor(users[0]), players)
        assert r.ok, r.text
        for u in users[1:]:
            await svc.join(cid, Actor(u))
        r = await svc.start(cid, Actor(users[0]), seed=cid)
        assert r.ok, r.text
        channels.append(cid)
    return channels


@dataclass
class Figures:
    turn_ms: list[float] = field(default_factory=list)  # click -> turn-ending image
    image_ms: list[float] = field(default_factory=list)  # click -> decision image drawn
    all_ms: list[float] = field(default_factory=list)  # click -> reply
    unchanged: int = 0  # the message already showed the same image: nothing drawn
    dropped: int = 0  # a newer decision of the game came before it was drawn
    drawing: set[asyncio.Future[None]] = field(default_factory=set)


async def drawn(
    svc: GameService, drawing: Drawing, t0: float, shows: dict[int, str], f: Figures
) -> None:
    """What the front end does with a reply's drawing: wait for it, then edit it in."""
    pngs = await svc.images.draw_later(drawing)
    if pngs is None:
        f.dropped += 1
        return
    f.image_ms.append((time.perf_counter() - t0) * 1000)
    shows[drawing.channel_id] = drawing.key


async def drive(
    svc: GameService,
    cid: int,
    clicks: int,
    think: float,
    rng: random.Random,
    f: Figures,
    shows: dict[int, str],
) -> None:
    for _ in range(clicks):
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
        e = await svc.games.entry(cid)
        if e is None or e.game.is_over:
            return
        d = e.game.decision
        assert d is not None
        option = rng.choice(d.options).id
        t0 = time.perf_counter()
        reply = await svc.choose(
            cid, Actor(e.user(d.seat)), option, game_id=e.record.id, version=e.version
        )
        ms = (time.perf_counter() - t0) * 1000
        if not reply.ok:
            raise RuntimeError(f"channel {cid}: {reply.text}")
        f.all_ms.append(ms)
        if reply.image is not None:  # a turn-ending click: the image is in the reply
            f.turn_ms.append(ms)
            if reply.image_key is not None:
                shows[cid] = reply.image_key
        elif reply.drawing is not None:
            if reply.drawing.key == shows.get(cid):
                f.unchanged += 1
                continue
            shows.pop(cid, None)  # the last decision's image leaves the message
            task = asyncio.ensure_future(drawn(svc, reply.drawing, t0, shows, f))
            f.drawing.add(task)
            task.add_done_callback(f.drawing.discard)


async def tick_figures(svc: GameService, store: Store) -> None:
    """The reminder tick over every running game with nothing due (issue 10 goal:
    < 50 ms for 1,000 games), against the same check made game by game."""
    running = await store.list_running_games()
    ticks = []
    for _ in range(20):
        t = time.perf_counter()
        notes = await svc.tick()
        ticks.append((time.perf_counter() - t) * 1000)
        if notes:
            raise RuntimeError(f"the bench expects nothing due, got {len(notes)} notices")
    svc.games.cache.clear()
    t = time.perf_counter()
    await svc.tick()
    cold = (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    for rec in await store.list_running_games():  # the old way: one read per game
        await store.get_game_settings(rec.id)
    per_game = (time.perf_counter() - t) * 1000
    print(
        f"  reminder tick, {len(running)} running games, nothing due: "
        f"median {statistics.median(ticks):.1f} ms, max {max(ticks):.1f} ms, "
        f"with nothing cached {cold:.1f} ms (one query); "
        f"baseline, one read per game: {per_game:.0f} ms"
    )


async def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--clicks", type=int, default=8, help="clicks per game")
    ap.add_argument("--think", type=float, default=30.0, help="mean seconds between clicks")
    ap.add_argument("--cached", type=int, default=1000, help="games cached for the memory figure")
    ap.add_argument("--synchronous", choices=("FULL", "NORMAL"), default="FULL")
    ap.add_argument(
        "--background",
        choices=("process", "thread"),
        default="process",
        help="where the decisions' images are drawn (bot/service/drawing.py)",
    )
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="bench-bot-") as tmp:
        db = Path(tmp) / "bench.sqlite3"
        base = rss_mb()
        async with Store(db, synchronous=args.synchronous) as store:
            svc = GameService(store, render=False, background_process=args.background == "process")
            t = time.perf_counter()
            channels = await start_games(svc, args.games, args.players, 1)
            setup_s = time.perf_counter() - t
            svc.render = True
            # warm the renderer's static artwork once, as a running bot would have
            await svc.board(channels[0])
            f = Figures()
            shows: dict[int, str] = {}
            cpu = time.process_time()
            t = time.perf_counter()
            await asyncio.gather(
                *(
                    drive(svc, cid, args.clicks, args.think, random.Random(cid), f, shows)
                    for cid in channels
                )
            )
            wall = time.perf_counter() - t
            await asyncio.gather(*f.drawing)  # the last images being drawn
            cpu = time.process_time() - cpu
            gc.collect()
            mem_games = rss_mb()
            all_ms, turn_ms, image_ms = f.all_ms, f.turn_ms, f.image_ms
            offered = args.games / args.think if args.think else float("inf")

            print(
                f"{args.games} games of {args.players} players in progress at once; "
                f"{len(all_ms)} clicks in {wall:.1f} s; while all play, about "
                f"{offered:.0f} clicks/s arrive (games / think time mean {args.think} s); "
                f"synchronous={args.synchronous}; decision images drawn in a "
                f"{args.background}; this process's CPU "
                f"{cpu / len(all_ms) * 1000 if all_ms else 0:.1f} ms a click"
            )
            print(f"  setup: {setup_s:.1f} s to create and start {args.games} games")
            print(
                f"  click -> new board image ready (turn-ending clicks, in the reply, "
                f"n={len(turn_ms)}): p50 {pct(turn_ms, 50):.0f} ms, "
                f"p95 {pct(turn_ms, 95):.0f} ms, max {max(turn_ms, default=0):.0f} ms"
            )
            print(
                f"  click -> its decision's image drawn (within a turn, in the background, "
                f"n={len(image_ms)}): p50 {pct(image_ms, 50):.0f} ms, "
                f"p95 {pct(image_ms, 95):.0f} ms; dropped for a newer decision {f.dropped}, "
                f"unchanged (not drawn) {f.unchanged}"
            )
            both = turn_ms + image_ms
            print(
                f"  click -> new board image ready (both, n={len(both)}): "
                f"p50 {pct(both, 50):.0f} ms, p95 {pct(both, 95):.0f} ms"
            )
            print(
                f"  click -> reply ready (all clicks, n={len(all_ms)}): "
                f"p50 {pct(all_ms, 50):.0f} ms, p95 {pct(all_ms, 95):.0f} ms, "
                f"mean {statistics.fmean(all_ms) if all_ms else 0:.0f} ms"
            )
            pids = background_pids()
            worker = (
                ", render processes " + " + ".join(f"{rss_mb(pid):.0f}" for pid in pids) + " MB"
                if pids
                else ""
            )
            print(
                f"  process memory with {len(svc.games.cache)} games cached: {mem_games:.0f} MB "
                f"(interpreter + libraries before: {base:.0f} MB){worker}"
            )

            extra = max(0, args.cached - args.games)
            svc.render = False
            await start_games(svc, extra, args.players, 100_000)
            gc.collect()
            print(f"  process memory with {len(svc.games.cache)} games cached: {rss_mb():.0f} MB")
            await tick_figures(svc, store)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
