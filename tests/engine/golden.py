"""Golden games: recorded logs that every future engine must replay.

A live bot keeps games for days; an engine change that makes an old log
unreplayable would corrupt every running game at the next deploy. These logs
were recorded with the engine of the day, one file per rules version
(engine/rules_version.py): a game keeps the version it was created with, so
each file must go on replaying under its own version. If one stops replaying,
the change must keep the old behaviour for that version (gate it with a
predicate in engine/rules_version.py), or the data here must be replaced in a
commit that says why no deployed game can be affected.

Record the current version's games: ``python -m tests.engine.golden`` (writes
data/golden-v<RULES_VERSION>.json). Files of older versions are never
rewritten: data/golden.json holds version 1, stored before options carried a
version (its options have no ``rules_version``, as in the live database).
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

from engine import RULES_VERSION, GameOptions, options_to_json
from engine.simulate import play_random

DATA = Path(__file__).parent / "data"
PATH = DATA / "golden.json"  # version 1
PATHS = {1: PATH, 2: DATA / "golden-v2.json"}

GAMES = [
    GameOptions(players=2),
    GameOptions(players=3),
    GameOptions(players=4),
    GameOptions(players=1, difficulty="difficult"),
    GameOptions(players=3, advanced=True),
    GameOptions(players=1, advanced=True, difficulty="easy"),
]


def seeds(version: int) -> list[int]:
    """Version 1 used seeds 101-106, version 2 201-206, and so on."""
    return [100 * version + i + 1 for i in range(len(GAMES))]


def record(version: int = RULES_VERSION) -> list[dict]:
    out = []
    for options, seed in zip(GAMES, seeds(version), strict=True):
        options = replace(options, rules_version=version)
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


def load() -> list[dict]:
    """Every recorded game, oldest version first."""
    return [r for path in PATHS.values() for r in json.loads(path.read_text())]


if __name__ == "__main__":
    if RULES_VERSION == 1:
        sys.exit("version 1 is frozen in data/golden.json")
    path = PATHS.get(RULES_VERSION)
    if path is None:
        sys.exit(f"add data/golden-v{RULES_VERSION}.json to PATHS first")
    path.write_text(json.dumps(record(), separators=(",", ":")) + "\n")
    print(f"wrote {path}")
