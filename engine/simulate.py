"""Random self-play: ``python -m engine.simulate --players N --games K --seed S``
(``--advanced``, ``--difficulty D`` for solo, ``--rules-version V``).

Game i uses seed S+i for both the game and the random chooser, so the same
arguments print the same game lines every time. Each game is checked: the
invariants after every step, and (with --check-replay) an exact replay from
the action log and a lossless JSON round trip. Exits non-zero on any failure.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from engine.decision import Action
from engine.errors import EngineError
from engine.game import Game, replay
from engine.invariants import check
from engine.rules_version import RULES_VERSION, RULES_VERSIONS
from engine.state import GameOptions

MAX_DECISIONS = 20_000  # a generous bound: random games take a few hundred


class SimulationFailure(Exception):
    pass


def play_random(
    options: GameOptions, seed: int, invariants: bool = True
) -> tuple[Game, list[Action]]:
    game = Game.new(options, seed, keep_choice_text=False)  # ids only: no words built
    chooser = random.Random(seed)
    actions: list[Action] = []
    while not game.is_over:
        d = game.decision
        assert d is not None
        action = Action(d.seat, chooser.choice(d.options).id)
        game.apply(action)
        actions.append(action)
        if invariants:
            check(game)
        if len(actions) > MAX_DECISIONS:
            raise SimulationFailure(f"seed {seed}: no end after {MAX_DECISIONS} decisions")
    return game, actions


def game_line(game: Game, seed: int, decisions: int) -> dict[str, Any]:
    result = game.result
    assert result is not None
    return {
        "seed": seed,
        "players": game.state.options.players,
        "decisions": decisions,
        "rounds": game.state.round,
        "end": result["end"],
        "scores": result["scores"],
        "winners": result["winners"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random self-play of Black Angel.")
    parser.add_argument("--players", type=int, default=4, help="1 = solo against Hal")
    parser.add_argument("--advanced", action="store_true", help="the advanced rules")
    parser.add_argument(
        "--difficulty",
        choices=["easy", "standard", "difficult", "extreme"],
        help="Hal's difficulty (solo; default standard)",
    )
    parser.add_argument(
        "--rules-version",
        type=int,
        default=RULES_VERSION,
        choices=list(RULES_VERSIONS),
        help=f"the rules version to play (default {RULES_VERSION}, engine/rules_version.py)",
    )
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-invariants", action="store_true", help="skip per-step checks (speed)")
    parser.add_argument(
        "--check-replay", action="store_true", help="replay and JSON round trip each game"
    )
    args = parser.parse_args(argv)

    difficulty = args.difficulty
    if args.players == 1 and difficulty is None:
        difficulty = "standard"
    if args.players != 1 and difficulty is not None:
        parser.error("--difficulty is only for solo games (--players 1)")
    options = GameOptions(
        players=args.players,
        advanced=args.advanced,
        difficulty=difficulty,
        rules_version=args.rules_version,
    )
    total = 0
    failures = 0
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        try:
            game, actions = play_random(options, seed, invariants=not args.no_invariants)
            if args.check_replay:
                again = replay(options, seed, actions, keep_choice_text=False)
                if again.to_json() != game.to_json():
                    raise SimulationFailure(f"seed {seed}: replay differs from the played game")
                if (
                    Game.from_json(json.loads(json.dumps(game.to_json()))).to_json()
                    != game.to_json()
                ):
                    raise SimulationFailure(f"seed {seed}: JSON round trip is lossy")
        except (EngineError, SimulationFailure, AssertionError) as exc:
            failures += 1
            print(json.dumps({"seed": seed, "players": args.players, "error": str(exc)}))
            continue
        total += len(actions)
        print(json.dumps(game_line(game, seed, len(actions))))
    seconds = time.perf_counter() - start
    print(
        json.dumps(
            {
                "games": args.games,
                "decisions": total,
                "seconds": round(seconds, 3),
                "decisions_per_second": round(total / seconds) if seconds else None,
            }
        )
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
