"""Decisions per Sequence A turn: how many questions a player answers in a turn.

    python bench/turn.py [--games 200] [--players 3] [--seed 0]

Random legal play (engine.simulate.play_random's chooser) over seeded games.
A turn is one player's turn (round, seat); it is a Sequence A turn when the
player committed to Sequence A. Every decision asked during the turn counts
(the owner's free activation asked of another player included). Prints mean,
median and p90 per Sequence A turn, and the decisions per turn of each kind.
With several rules versions, each is measured in the same run (the baseline
beside the new rules).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import RULES_VERSION, Action, Game, GameOptions  # noqa: E402


@dataclass
class TurnStats:
    turns: int = 0
    per_turn: list[int] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)


def measure(options: GameOptions, games: int, seed0: int) -> TurnStats:
    stats = TurnStats()
    for i in range(games):
        seed = seed0 + i
        game = Game.new(options, seed)
        chooser = random.Random(seed)
        turn_key = None
        kinds: list[str] = []
        seq = None
        while True:
            s = game.state
            key = (s.round, s.current)
            if key != turn_key or game.is_over:
                if turn_key is not None and seq == "A":
                    stats.per_turn.append(len(kinds))
                    stats.kinds.update(kinds)
                if game.is_over:
                    break
                turn_key, kinds, seq = key, [], None
            d = game.decision
            assert d is not None
            kinds.append(d.kind)
            game.apply(Action(d.seat, chooser.choice(d.options).id))
            if (game.state.round, game.state.current) == turn_key:
                seq = game.state.turn.get("seq") or seq
            elif seq is None:
                seq = "A" if "use_die" in kinds else None
    stats.turns = len(stats.per_turn)
    return stats


def p90(values: list[int]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def report(name: str, st: TurnStats) -> None:
    v = st.per_turn
    print(
        f"{name}: {st.turns} Sequence A turns, decisions per turn: "
        f"mean {statistics.mean(v):.2f}, median {statistics.median(v):g}, p90 {p90(v):g}"
    )
    for kind, n in st.kinds.most_common():
        print(f"    {kind:<16} {n / st.turns:.2f} per turn")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--advanced", action="store_true")
    args = parser.parse_args()
    print(f"{args.games} seeded {args.players}-player random games (seeds {args.seed}…)")
    for name, options in versions(args.players, args.advanced):
        report(name, measure(options, args.games, args.seed))


def versions(players: int, advanced: bool) -> list[tuple[str, GameOptions]]:
    """Version 1 as deployed (the baseline), today's version asked step by
    step (the same rules, the old way of asking), today's version."""
    base = {"players": players, "advanced": advanced}
    return [
        ("rules version 1 (baseline)", GameOptions(**base, rules_version=1)),
        (
            f"rules version {RULES_VERSION}, asked step by step",
            GameOptions(**base, ask_stepwise=True),
        ),
        (f"rules version {RULES_VERSION}", GameOptions(**base)),
    ]


if __name__ == "__main__":
    main()
