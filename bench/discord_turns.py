"""Clicks per turn on Discord: the real bot on SimCord, people clicking as people do.

Seeded 3-player games of people (no bot seats). Each person looks where a
person would (``tests/bot/simplay.py`` ``Person``): their DMs when they opted in
to them, their private panel when it shows options, else the channel's turn
message; "Show my choices" only when none of these offers anything. Printed
per mode (DMs on for every player / off): clicks per Sequence A turn,
decisions per turn and private-view clicks ("Show my choices") per turn.

Goal (issue 25): with DMs on, clicks = decisions (no detour); with DMs off, at
most one detour a turn.

    python bench/discord_turns.py                # 20 games per mode, 12 turns each
    python bench/discord_turns.py --games 4 --turns 6
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord  # noqa: E402

from bot.service.helpers import turn_key  # noqa: E402
from tests.bot.sim import ErrorLog, SeedCounter, World, make_bot, make_config  # noqa: E402
from tests.bot.simplay import Person, is_over, lobby, person_step  # noqa: E402


@dataclass
class Turn:
    seat: int
    clicks: int = 0
    decisions: int = 0
    detours: int = 0
    refused: int = 0
    sequence: str | None = None


@dataclass
class Tally:
    turns: list[Turn] = field(default_factory=list)
    errors: int = 0
    seconds: float = 0.0


async def one_game(seed: int, dms: bool, turns: int, db: str, tally: Tally) -> None:
    cfg = make_config(db, log_level="WARNING")
    seeds = SeedCounter(seed)
    errors = ErrorLog()
    logging.getLogger().addHandler(errors)
    bot = make_bot(cfg, seeds)
    try:
        async with simcord.run(bot, check_errors=False) as env:
            world = World(env, cfg, seeds, errors)
            members = world.players(3)
            if dms:
                for m in members:
                    await world.slash(m, "ba notify", dms=True)
            await lobby(world, members)
            people = {m.id: Person(m) for m in members}
            svc = world.bot.frontend.svc  # type: ignore[union-attr]
            cid = world.channel.id
            rng = random.Random(seed)
            current: Turn | None = None
            done: list[Turn] = []
            for _ in range(2000):
                if is_over(world):
                    break
                e = await svc.games.entry(cid)
                key = turn_key(e.game)
                if current is None or key != getattr(current, "key", None):
                    if current is not None:
                        done.append(current)
                        if len(done) >= turns:
                            break
                    current = Turn(e.game.state.current)
                    current.key = key  # type: ignore[attr-defined]
                before = {
                    uid: (p.clicks, p.decisions, p.detours, p.refused) for uid, p in people.items()
                }
                p = await person_step(world, rng, people)
                c0, d0, t0, r0 = before[p.member.id]
                current.clicks += p.clicks - c0
                current.decisions += p.decisions - d0
                current.detours += p.detours - t0
                current.refused += p.refused - r0
                e = await svc.games.entry(cid)
                if e is not None and turn_key(e.game) == key:
                    current.sequence = e.game.state.turn.get("seq") or current.sequence
                elif current.sequence is None:
                    current.sequence = "A" if current.decisions > 1 else None
            tally.turns += done
            tally.errors += len(errors.records) + len(env.errors)
            await bot.close()
    finally:
        logging.getLogger().removeHandler(errors)


def report(name: str, t: Tally) -> None:
    a = [x for x in t.turns if x.sequence == "A"]
    if not a:
        print(f"{name}: no Sequence A turn")
        return

    def mean(xs: list[int]) -> float:
        return statistics.fmean(xs) if xs else 0.0

    clicks = mean([x.clicks for x in a])
    decisions = mean([x.decisions for x in a])
    detours = mean([x.detours for x in a])
    worst = max(x.detours for x in a)
    extra = mean([x.clicks - x.decisions for x in a])
    print(
        f"{name}: {len(a)} Sequence A turns (of {len(t.turns)}): "
        f"clicks/turn {clicks:.2f}, decisions/turn {decisions:.2f}, "
        f"private-view clicks/turn {detours:.2f} (max {worst} in a turn), "
        f"clicks beyond decisions {extra:.2f}/turn, refused clicks {sum(x.refused for x in a)}, "
        f"bot errors {t.errors}, {t.seconds:.0f} s"
    )


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--turns", type=int, default=12, help="turns played per game")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    for name in ("simcord", "discord", "bot", "storage"):
        logging.getLogger(name).setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory() as tmp:
        for dms in (True, False):
            tally = Tally()
            t0 = time.perf_counter()
            for g in range(args.games):
                db = str(Path(tmp) / f"g{int(dms)}-{g}.sqlite3")
                await one_game(args.seed + g, dms, args.turns, db, tally)
            tally.seconds = time.perf_counter() - t0
            report(f"DMs {'on ' if dms else 'off'}", tally)


if __name__ == "__main__":
    asyncio.run(main())
