"""Bots against bots: ``python -m ai.arena --players 4 --seats strong,simple,random,random
--games N --seed S``.

One JSON line per game, then a summary line with each level's games, wins
(a shared win counts for each winner), win rate and mean VP. Game i uses seed
S+i; each seat's random generator is seeded from (S+i, seat), and the strong
level searches a fixed number of iterations (``--iterations``), so the same
arguments print the same lines. ``--seconds`` switches to a time budget
(then runs are no longer reproducible). Solo (``--players 1``) plays one seat
against Hal at ``--difficulty``. ``--transcript`` tells each game on stderr,
decision by decision: at each turn's start the scores, the Ravager deck and
the seat's storage and dice, then the option taken and the game log's lines
(how bench/AI_RESULTS.md's games are read: ``python -m ai.arena --players 1
--seats plan --difficulty easy --games 1 --seed 50 --iterations 12
--transcript``).
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai import LEVELS, Budget, choose
from engine.components import STARTING_VP
from engine.components.hal import DIFFICULTY_VP
from engine.decision import Action
from engine.game import Game
from engine.state import GameOptions
from engine.words import dice_words, plural

DEFAULT_ARENA_ITERATIONS = 200
MAX_DECISIONS = 5_000


@dataclass
class GameRecord:
    seed: int
    seats: list[str]
    scores: list[int]
    winners: list[int]
    decisions: int
    end: str | None
    hal: int | None = None  # Hal's score (solo)
    rounds: int = 0  # the round the game ended in

    def gained(self, seat: int) -> float:
        """The seat's VP per round beyond its starting VP."""
        return (self.scores[seat] - STARTING_VP) / max(self.rounds, 1)

    def hal_gained(self, difficulty: str) -> float:
        """Hal's VP per round beyond his starting VP at `difficulty`."""
        return ((self.hal or 0) - DIFFICULTY_VP[difficulty]) / max(self.rounds, 1)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seed": self.seed,
            "seats": self.seats,
            "scores": self.scores,
            "winners": self.winners,
            "decisions": self.decisions,
            "end": self.end,
        }
        if self.hal is not None:
            out["hal"] = self.hal
        out["rounds"] = self.rounds
        return out


def seat_rng(seed: int, seat: int) -> random.Random:
    return random.Random(f"arena:{seed}:{seat}")


def play_game(
    options: GameOptions,
    seed: int,
    seats: list[str],
    budget: Budget,
    on_decision: Callable[[str, float], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    transcript: Callable[[str], None] | None = None,
) -> GameRecord:
    """Play one game with a bot of the given level in each seat. `transcript`
    receives the game told line by line (`_told`)."""
    game = Game.new(options, seed)
    rngs = [seat_rng(seed, i) for i in range(len(seats))]
    decisions = 0
    while not game.is_over:
        d = game.decision
        assert d is not None
        level = seats[d.seat]
        t0 = clock()
        option = choose(game.view(d.seat), rng=rngs[d.seat], level=level, budget=budget)
        if on_decision is not None:
            on_decision(level, clock() - t0)
        if transcript is not None:
            _told(game, level, option, transcript)
        events = game.apply(Action(d.seat, option))
        if transcript is not None:
            for event in events:
                transcript(f"    {event.text}")
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"seed {seed}: no end after {MAX_DECISIONS} decisions")
    result = game.result
    assert result is not None
    n = len(seats)
    return GameRecord(
        seed=seed,
        seats=seats,
        scores=result["scores"][:n],
        winners=[w for w in result["winners"] if w < n]
        if options.players > 1
        else _solo_win(result),
        decisions=decisions,
        end=result["end"],
        hal=result["scores"][1] if options.players == 1 else None,
        rounds=game.state.round,
    )


def _told(game: Game, level: str, option: str, out: Callable[[str], None]) -> None:
    """A decision as the transcript tells it: at a turn's start the scores,
    the Ravager deck and the deciding seat's storage and dice; then the
    option taken, in the words a player reads. The events follow it (public
    text only). A bench tool's view: every seat's choices are shown in full,
    its hand's cards included."""
    s = game.state
    d = game.decision
    assert d is not None
    if d.kind == "turn" and not s.turn:
        p = s.players[d.seat]
        scores = ", ".join(f"{game.name(q.seat)} {q.vp}" for q in s.players)
        if s.hal is not None:
            scores += f", Hal {s.hal.vp}"
        codes = [die.code for die in p.standard] + [die.code + "r" for die in p.secure]
        dice = dice_words(codes)
        out(
            f"Round {s.round} · VP: {scores} · Ravager deck {len(s.board.ravager_deck)}"
            + (" · the end is triggered" if s.end_trigger else "")
        )
        storage = ", ".join(
            (
                plural(p.resources, "resource"),
                plural(p.debris, "debris", "debris"),
                plural(p.ships, "ship"),
            )
        )
        robots = plural(p.break_room, "robot")
        out(f"  {game.name(d.seat)}: {storage}; {robots} in the break room; dice: {dice}")
    chosen = d.option(option)
    assert chosen is not None
    out(f"  {game.name(d.seat)} ({level}), {d.kind}: {chosen.text}")


def _solo_win(result: dict[str, Any]) -> list[int]:
    # Solo: the player wins only by beating Hal outright; a tie is Hal's (R19).
    scores = result["scores"]
    return [0] if scores[0] > scores[1] else []


def summarize(records: list[GameRecord]) -> dict[str, Any]:
    by_level: dict[str, dict[str, float]] = {}
    for r in records:
        for seat, level in enumerate(r.seats):
            s = by_level.setdefault(level, {"seats": 0, "wins": 0, "vp": 0})
            s["seats"] += 1
            s["wins"] += seat in r.winners
            s["vp"] += r.scores[seat]
    return {
        "games": len(records),
        "levels": {
            level: {
                "seats": int(s["seats"]),
                "wins": int(s["wins"]),
                "win_rate": round(s["wins"] / s["seats"], 3),
                "mean_vp": round(s["vp"] / s["seats"], 2),
            }
            for level, s in sorted(by_level.items())
        },
    }


def parse_seats(text: str, players: int) -> list[str]:
    seats = [s.strip() for s in text.split(",") if s.strip()]
    unknown = [s for s in seats if s not in LEVELS]
    if unknown:
        raise ValueError(f"unknown level(s) {unknown}; choose from {', '.join(LEVELS)}")
    want = 1 if players == 1 else players
    if len(seats) != want:
        raise ValueError(f"give {want} seat level(s) for {players} player(s), got {len(seats)}")
    return seats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Bot players against each other.")
    parser.add_argument("--players", type=int, default=4, help="1 = solo against Hal")
    parser.add_argument("--seats", default=None, help="levels by seat, e.g. strong,simple")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--advanced", action="store_true")
    parser.add_argument("--difficulty", choices=["easy", "standard", "difficult", "extreme"])
    parser.add_argument("--iterations", type=int, default=DEFAULT_ARENA_ITERATIONS)
    parser.add_argument(
        "--seconds", type=float, default=None, help="time budget (not reproducible)"
    )
    parser.add_argument(
        "--transcript",
        action="store_true",
        help="tell each game decision by decision on stderr (scores, storage, dice, events)",
    )
    args = parser.parse_args(argv)
    if args.players == 1 and args.difficulty is None:
        args.difficulty = "standard"
    if args.players != 1 and args.difficulty is not None:
        parser.error("--difficulty is only for solo games (--players 1)")
    seats_text = args.seats or ",".join(["simple"] * (1 if args.players == 1 else args.players))
    try:
        seats = parse_seats(seats_text, args.players)
    except ValueError as exc:
        parser.error(str(exc))
    if args.seconds is not None:
        budget = Budget(seconds=args.seconds, clock=time.perf_counter)
    else:
        budget = Budget(iterations=args.iterations)
    options = GameOptions(players=args.players, advanced=args.advanced, difficulty=args.difficulty)
    records = []
    for i in range(args.games):
        tell = None
        if args.transcript:
            print(f"Game {i + 1}, seed {args.seed + i}", file=sys.stderr)
            tell = functools.partial(print, file=sys.stderr)
        record = play_game(options, args.seed + i, seats, budget, transcript=tell)
        records.append(record)
        print(json.dumps(record.to_json()), flush=True)
    print(json.dumps({"summary": summarize(records)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
