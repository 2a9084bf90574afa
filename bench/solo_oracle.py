"""How far look-ahead alone gets against Hal at easy: a clairvoyant reference (issue 14).

    python bench/solo_oracle.py --games 100 --seed 0 --jobs 2              # to the game's end
    python bench/solo_oracle.py --games 100 --seed 0 --jobs 2 --look turn  # to our next turn

Not a bot level, and nothing the bot may do: it reads the true game, Hal's
deck, every deck order and the dice still to be rolled (the engine's random
draws live in the state, so a copy of the true game rolls exactly what the
game will). At each of the player's decisions it takes the rules of thumb's
best options (ai/rules.py `ranked_options`, the shortlist `strong` searches),
plays each on a copy of the true game and keeps the best:

- `--look end`: to the game's end, our later choices by ai/rules.py
  `greedy_choice`; judged by the real final margin;
- `--look turn`: to the start of our next turn, as `strong`'s play-outs do,
  judged by ai/solo.py's predicted margin.

If even this player, who knows every card and die to come, wins well under
half of the games, the search's 1 s budget, its sampling of hidden
information and its judgement are not what keeps `strong` from the goal
(bench/AI_RESULTS.md, "A clairvoyant reference").
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.arena import seat_rng  # noqa: E402
from ai.rules import copy_game, greedy_choice, ranked_options  # noqa: E402
from ai.value import solo_margin  # noqa: E402
from engine import Action, Game, GameOptions  # noqa: E402

SEAT = 0


def _play_greedily(g: Game, until_next_turn: bool) -> float:
    """Play on (ours greedily, Hal by himself); the real margin at the end
    (ai/solo.py's `solo_margin` gives it once the game is over) or, with
    `until_next_turn`, the predicted one when our next turn begins."""
    turn = (g.state.round, g.state.current)
    while not g.is_over:
        d = g.decision
        assert d is not None
        if until_next_turn and (g.state.round, g.state.current) != turn:
            break
        option = d.options[0].id if len(d.options) == 1 else greedy_choice(g, d.seat)
        g.apply(Action(d.seat, option))
    return solo_margin(g, SEAT)


def clairvoyant_choice(g: Game, rng: random.Random, look: str, candidates: int) -> str:
    d = g.decision
    assert d is not None
    if len(d.options) == 1:
        return d.options[0].id
    shortlist = [option for _, option in ranked_options(g, rng)[:candidates]]
    outcome = {}
    for option in shortlist:
        h = copy_game(g)  # the true game: the same cards and dice to come
        h.apply(Action(d.seat, option))
        outcome[option] = _play_greedily(h, until_next_turn=look == "turn")
    return max(shortlist, key=lambda o: (outcome[o], -shortlist.index(o)))


def play(job: tuple[int, str, int]) -> dict:
    seed, look, candidates = job
    g = Game.new(GameOptions(players=1, difficulty="easy"), seed)
    rng = seat_rng(seed, SEAT)
    while not g.is_over:
        g.apply(Action(SEAT, clairvoyant_choice(g, rng, look, candidates)))
    result = g.result
    assert result is not None
    return {
        "seed": seed,
        "score": result["scores"][SEAT],
        "hal": result["scores"][1],
        "margin": result["scores"][SEAT] - result["scores"][1],
        "end": result["end"],
        "rounds": g.state.round,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--look", choices=("end", "turn"), default="end")
    parser.add_argument("--candidates", type=int, default=5)
    args = parser.parse_args()
    jobs = [(s, args.look, args.candidates) for s in range(args.seed, args.seed + args.games)]
    games = []
    with multiprocessing.Pool(args.jobs) as pool:
        for record in pool.imap(play, jobs):
            print(json.dumps(record), flush=True)
            games.append(record)
    n = len(games)
    margins = [r["margin"] for r in games]
    summary = {
        "look": args.look,
        "games": n,
        "wins": sum(m >= 0 for m in margins),  # a tie counts, as in bench/ai.py
        "outright_wins": sum(m > 0 for m in margins),
        "mean_margin": round(sum(margins) / n, 2),
        "mean_vp": round(sum(r["score"] for r in games) / n, 2),
        "mean_hal": round(sum(r["hal"] for r in games) / n, 2),
        "ended_at_spes": sum(r["end"] == "spes" for r in games),
    }
    print(json.dumps({"summary": summary}))


if __name__ == "__main__":
    main()
