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
The current version's file may be re-recorded only while no deployed bot has
created a game under it (version 6: until the deploy that stops asking a
reservation on the game's last turn); after that it is frozen like the
others. Versions 2 (issues #9 and #12), 3 (the Ravager arrival fix), 4
(issue 26's late flip and solo tie) and 5 (the final round's late flips)
are frozen: each later version was added rather than re-record one a bot
may have been deployed with.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

from engine import RULES_VERSION, Action, Game, GameOptions, options_from_json, options_to_json
from engine.simulate import play_random

DATA = Path(__file__).parent / "data"
PATH = DATA / "golden.json"  # version 1
PATHS = {
    1: PATH,
    2: DATA / "golden-v2.json",
    3: DATA / "golden-v3.json",
    4: DATA / "golden-v4.json",
    5: DATA / "golden-v5.json",
    6: DATA / "golden-v6.json",
}

GAMES = [
    GameOptions(players=2),
    GameOptions(players=3),
    GameOptions(players=4),
    GameOptions(players=1, difficulty="difficult"),
    GameOptions(players=3, advanced=True),
    GameOptions(players=1, advanced=True, difficulty="easy"),
]


# For each version after 1, an event text its recorded games must show: the
# rule the version introduced, played at least once (R18: a die worth 0
# places a card; version 3: a Ravager arrival with every location it could
# attack full; version 4: a debris flip after the action, R20). ``record``
# adds a game for it (3 players, or ``EXTRA``) if none shows it.
FEATURES = {
    2: "Command Your Ships, with 0 activation",
    3: "No Ravager can appear",
    4: "as the turn ends.",
}
# Where random play meets that rule soonest (default: 3 players). Random
# 2-4-player games hardly fill every Ravager location; solo ones do.
EXTRA = {3: GameOptions(players=1, difficulty="easy")}


def shows(game_events: list[str], version: int) -> bool:
    feature = FEATURES.get(version)
    return feature is None or any(feature in text for text in game_events)


def seeds(version: int) -> list[int]:
    """Version 1 used seeds 101-106, version 2 201-206, and so on."""
    return [100 * version + i + 1 for i in range(len(GAMES))]


def record(version: int = RULES_VERSION) -> list[dict]:
    out = [
        _record(replace(options, rules_version=version), seed)
        for options, seed in zip(GAMES, seeds(version), strict=True)
    ]
    if not any(shows(event_texts(r), version) for r in out):
        options = replace(EXTRA.get(version, GameOptions(players=3)), rules_version=version)
        for seed in range(100 * version + 50, 100 * version + 100):
            extra = _record(options, seed)
            if shows(event_texts(extra), version):
                out.append(extra)
                break
        else:
            raise AssertionError(f"no random game shows {FEATURES[version]!r}")
    return out


def _record(options: GameOptions, seed: int) -> dict:
    game, actions = play_random(options, seed)
    return {
        "options": options_to_json(options),
        "seed": seed,
        "actions": [[a.seat, a.option] for a in actions],
        "result": {k: game.result[k] for k in ("end", "scores", "winners")},
        "round": game.state.round,
    }


def event_texts(record_: dict) -> list[str]:
    """Every event text of a recorded game, replayed."""
    game = Game.new(options_from_json(record_["options"]), record_["seed"])
    texts: list[str] = []
    for seat, option in record_["actions"]:
        texts += [e.text for e in game.apply(Action(seat, option))]
    return texts


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
