"""Child process for the crash tests: plays real engine games into a store and
reports every committed append on stdout, until the parent kills it.

    DB: a SQLite file or a postgresql:// URL

    python -m tests.storage.crash_child DB SEED hammer
        play random games for ever; print "committed GAME VERSION" after each append
    python -m tests.storage.crash_child DB SEED hang-in-commit N
        like hammer, but the Nth append stops inside its transaction (rows
        inserted, COMMIT not yet run), prints "in-transaction GAME VERSION"
        and waits to be killed
"""

from __future__ import annotations

import asyncio
import random
import sys
from typing import Any

import engine
from engine import Action, Game, GameOptions
from storage import Store


def say(*words: object) -> None:
    print(*words, flush=True)


async def main(path: str, seed: int, mode: str, hang_at: int) -> None:
    rng = random.Random(seed)
    store = Store(path, snapshot_every=3)
    await store.connect()
    appends = 0
    if mode == "hang-in-commit":
        real_write = store.backend.write

        async def write(fn: Any) -> Any:
            async def then_hang(conn: Any) -> Any:
                result = await fn(conn)  # every row of the append is written...
                if appends + 1 == hang_at and pending is not None:
                    say("in-transaction", *pending)  # ...and the COMMIT never comes
                    await asyncio.Event().wait()  # never: the parent kills us here
                return result

            return await real_write(then_hang)

        store.backend.write = write  # type: ignore[method-assign]
    pending: tuple[int, int] | None = None
    channel = 0
    while True:
        channel += 1
        players = rng.choice([2, 3, 4])
        options = engine.options_to_json(GameOptions(players=players))
        rec = await store.create_game(seed * 1000 + channel, options=options)
        for s in range(players):
            await store.join_game(rec.id, 10 + s)
        game_seed = rng.randrange(2**32)
        await store.start_game(rec.id, game_seed)
        game: Any = Game.new(GameOptions(players=players), game_seed)
        say("started", rec.id)
        while not game.is_over:
            version = game.state.decisions
            d = game.decision
            action = Action(seat=d.seat, option=rng.choice(d.options).id)
            game.apply(action)
            pending = (rec.id, version + 1)
            await store.append_action(
                rec.id,
                version,
                d.seat,
                10 + d.seat,
                action.to_json(),
                game.to_json,
                result=game.result if game.is_over else None,
            )
            appends += 1
            say("committed", rec.id, version + 1)


if __name__ == "__main__":
    db_path, seed_text, mode_name = sys.argv[1:4]
    hang = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    asyncio.run(main(db_path, int(seed_text), mode_name, hang))
