"""A bot instance for one shard, in a process of its own, driven over stdin.

    python -m tests.bot.shard_child DB SHARD START_TIME

Starts as ``python -m bot`` does with ``SHARD_COUNT=2 SHARD_IDS=SHARD`` (prints
``refused <message>`` and exits 3 if the range is held), prints ``ready``, then:

    play          make this shard's games, race clicks: ``accepted GAME VERSION OPTION``;
                  then a 30-minute turn timeout on its first game
    tick MINUTES  move the clock on, run the reminder/timeout tick: ``notice CHANNEL TEXT``
    quit          release the lease and stop

each answered by a last line ``done``.
"""

from __future__ import annotations

import asyncio
import sys

from bot.service import Actor
from storage import LeaseHeldError
from tests.bot.shard_play import Clock, new_games, play_rounds, start


def say(*words: object) -> None:
    print(*words, flush=True)


async def main(db: str, shard: int, start_time: float) -> int:
    clock = Clock(start_time)
    try:
        svc = await start(db, shard, clock=clock)
    except LeaseHeldError as exc:
        say("refused", str(exc).replace("\n", " "))
        return 3
    say("ready")
    try:
        while True:
            words = (await asyncio.to_thread(sys.stdin.readline)).split()
            if not words or words[0] == "quit":
                return 0
            if words[0] == "play":
                games = await new_games(svc, shard)
                for game_id, clicks in (await play_rounds(svc, games)).items():
                    for version, option in clicks:
                        say("accepted", game_id, version, option)
                # the first game gets a 30-minute turn timeout
                first = games[min(games)]
                assert (await svc.set_timeout(first, Actor(1, moderator=True), 30)).ok
            elif words[0] == "tick":
                clock.advance(float(words[1]))
                for notice in await svc.tick():
                    say("notice", notice.channel_id, notice.text.splitlines()[0])
            say("done")
    finally:
        await svc.release_instance()
        await svc.store.close()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]))))
