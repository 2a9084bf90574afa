"""Golden games: recorded logs that every future engine must replay.

A live bot keeps games for days; an engine change that makes an old log
unreplayable would corrupt every running game at the next deploy. These logs
were recorded with the engine of the day; if one stops replaying, the change
must keep the old behaviour for old games (or the data here must be replaced
in a commit that says why no deployed game can be affected).

Regenerate: ``python -m tests.engine.golden`` (writes data/golden.json).
"""

from __future__ import annotations

import json
from pathlib import Path

from engine import GameOptions, options_to_json
from engine.simulate import play_random

PATH = Path(__file__).parent / "data" / "golden.json"

GAMES = [
    (GameOptions(players=2), 101),
    (GameOptions(players=3), 102),
    (GameOptions(players=4), 103),
    (GameOptions(players=1, difficulty="difficult"), 104),
    (GameOptions(players=3, advanced=True), 105),
    (GameOptions(players=1, advanced=True, difficulty="easy"), 106),
]


def record() -> list[dict]:
    out = []
    for options, seed in GAMES:
        game, actions = play_random(options, seed)
        out.append(
            {
                "options": options_to_json(options),
                "seed": seed,
                "actions": [[a.seat, a.option] for a in actions],
                "result": {k: game.result[k] for k in ("end", "scores", "winners")},
                "round": game.state.round,
            }
        )
    return out


if __name__ == "__main__":
    PATH.write_text(json.dumps(record(), separators=(",", ":")) + "\n")
    print(f"wrote {PATH}")
