"""The `strong` level among players: information-set Monte Carlo tree search
(single observer). Solo, and at a two-player turn's start, strong plans
instead (ai/plan.py); the search still plays any position for direct callers
(`bench/ai.py --only speed`).

After OpenSpiel's ismcts.py: one tree for the searching seat's information
set. Each iteration samples a game consistent with the view (ai/determinize.py:
other hands, face-down cards and deck orders drawn from the unseen cards, a
fresh seed for the dice), walks the tree choosing among the options legal in
*that* sample by UCB with availability counts, adds one node, plays out and
backs up a reward for every seat: the win if the game ended, else a squashed
margin: with three or four players of the final scores the position
predicts, with two of worth (ai/players.py); solo, ai/value.py's margin
over Hal. Nodes are keyed by the options taken since the
root; chance (dice, draws) is folded into the sampling ("open loop").

Three things make a small budget count. The rules of thumb (ai/rules.py)
shortlist the root's options (the `CANDIDATES` they rank best). The root's
candidates are compared with common random numbers: each round draws one
sample, one seed for the dice and one for the play-out choices, and plays every
candidate under them, so the comparison is not drowned by luck; the tree grows
below each candidate (solo, where Hal decides nothing, there is no tree: the
turn is finished greedily). In a play-out the searching seat finishes its own
turn by the rules of thumb while the others play the cheap rollout policy (Hal
plays himself), up to the searching seat's next turn.

The budget is a ceiling, not a quota: once the leading candidate's paired
advantage over the runner-up (same sample, dice and play-out choices) is
`SURE_Z` standard errors clear after `SURE_ROUNDS` rounds, more rounds would
not change the choice, and the search stops early.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from ai.budget import Budget
from ai.determinize import determinize
from ai.players import expected_score
from ai.rules import greedy_step, ranked_options, rollout_choice
from ai.value import solo_margin
from engine.decision import Action
from engine.game import Game

EXPLORATION = 0.7  # UCB constant, rewards in [0, 1]
HORIZON = 60  # play-out decisions before the position is judged
MARGIN_SCALE = 4.0  # VP of margin that moves the reward from 0.5 to ~0.73
WIN_WEIGHT = 0.7  # at the end: a win, blended with the margin
SAMPLES = 24  # distinct determinizations, reused round-robin with fresh dice
CANDIDATES = 3  # root options the search compares (the rules of thumb's best)
SOLO_CANDIDATES = 5  # solo: each play-out is cheaper (no tree), so compare more
SURE_ROUNDS = 8  # rounds before the search may stop early
SURE_Z = 3.0  # standard errors the leader's paired advantage must clear


@dataclass(slots=True)
class Node:
    seat: int | None = None  # who decides here (None: not yet seen)
    visits: int = 0
    reward: float = 0.0  # summed reward of the seat that chose the move into this node
    available: int = 0  # times this node's move was legal when its parent was visited
    children: dict[str, Node] = field(default_factory=dict)


@dataclass(slots=True)
class SearchResult:
    choice: str
    iterations: int
    decisions: int  # engine decisions applied during the search (tree + play-outs)
    visits: dict[str, int]
    values: dict[str, float]


def search(
    view: dict[str, Any], rng: random.Random, budget: Budget, early_stop: bool = True
) -> SearchResult:
    root_seat = view["viewer"]
    ids = [o["id"] for o in view["decision"]["options"]]
    samples: list[Game] = []  # copied for each play-out, never played themselves
    root = Node(seat=root_seat)
    spent = budget.stopper()
    iterations = decisions = rounds = 0
    # The rules of thumb shortlist the root's options; the search picks among them.
    first = determinize(view, rng)
    samples.append(first)
    solo = first.state.hal is not None
    turn = (first.state.round, first.state.current)  # the root's turn, in every sample
    wanted = SOLO_CANDIDATES if solo else CANDIDATES
    shortlist = [i for _, i in ranked_options(first, rng)[:wanted]] if len(ids) > 1 else ids
    by_round: dict[str, list[float]] = {move: [] for move in shortlist}
    done = False
    while not done:
        if len(samples) < SAMPLES:
            game = determinize(view, rng)
            game.decision  # noqa: B018 (listed once here, shared by its copies)
            samples.append(game)
        sample = samples[rounds % len(samples)]
        seed, playout_seed = rng.getrandbits(62), rng.getrandbits(62)
        rounds += 1
        # Common random numbers: every candidate meets the same hidden cards,
        # the same dice and the same play-out choices, so their comparison is
        # not drowned by luck.
        for move in shortlist:
            done = spent(iterations)
            if done:
                break
            game = sample.copy()  # ids only: no option words built
            game.state.seed, game.state.rng_counter = seed, 0  # fresh dice and draws this round
            child = root.children.setdefault(move, Node())
            child.available += 1
            game.apply(Action(root_seat, move))
            n, rewards = _iterate(game, child, root_seat, random.Random(playout_seed), turn, solo)
            child.reward += rewards.get(root_seat, 0.0)
            by_round[move].append(rewards.get(root_seat, 0.0))
            root.visits += 1
            decisions += n + 1
            iterations += 1
        if early_stop and not done and _clear(by_round):
            break
    visits = {i: root.children[i].visits if i in root.children else 0 for i in ids}
    values = {
        i: round(root.children[i].reward / root.children[i].visits, 3)
        for i in ids
        if i in root.children and root.children[i].visits
    }
    rank = {i: -k for k, i in enumerate(shortlist)}
    best = max(shortlist, key=lambda i: (values.get(i, -1.0), rank[i]))
    return SearchResult(best, iterations, decisions, visits, values)


def _clear(by_round: dict[str, list[float]]) -> bool:
    """True once the leader's advantage over the runner-up, paired round by
    round, is SURE_Z standard errors clear (after SURE_ROUNDS rounds)."""
    if len(by_round) < 2:
        return True
    n = min(len(r) for r in by_round.values())
    if n < SURE_ROUNDS:
        return False
    means = sorted(by_round, key=lambda m: sum(by_round[m][:n]), reverse=True)
    diffs = [a - b for a, b in zip(by_round[means[0]][:n], by_round[means[1]][:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > 0 and mean * mean * n > SURE_Z * SURE_Z * var


def _iterate(
    game: Game,
    start: Node,
    root_seat: int,
    rng: random.Random,
    turn: tuple[int, int],
    solo: bool,
) -> tuple[int, dict[int, float]]:
    """One descent from `start` (UCB among the options legal in this sample,
    one new node), a play-out and the back-up below `start`. Returns the
    decisions applied and every seat's reward; `game` is used up (released).

    Solo there is no descent: Hal decides nothing, so a tree below the root
    would only hold our own rest of the turn, and at these budgets its
    averages (over follow-ups tried at random first) judge a card play by
    poor die choices. The rest of our turn is played greedily instead, as
    `simple` would; `turn` is the root's (round, seat), to tell when our next
    turn begins."""
    path = [start]
    node = start
    applied = 0
    while not game.is_over and not solo:
        d = game.decision
        assert d is not None
        node.seat = d.seat
        legal = [o.id for o in d.options]
        for i in legal:
            child = node.children.get(i)
            if child is None:
                child = node.children[i] = Node()
            child.available += 1
        fresh = [i for i in legal if node.children[i].visits == 0]
        move = rng.choice(fresh) if fresh else _ucb(node, legal)
        game.apply(Action(d.seat, move))
        applied += 1
        node = node.children[move]
        path.append(node)
        if fresh:
            break
    # Play-out: the searching seat finishes its turn by its rules of thumb
    # (greedy, as `simple` would), everyone else plays the cheap policy (Hal
    # plays himself), until the searching seat's next turn begins (or the horizon).
    steps = 0
    while not game.is_over and steps < HORIZON:
        d = game.decision
        assert d is not None
        if d.seat == root_seat:
            if (game.state.round, game.state.current) != turn and game.state.current == root_seat:
                break  # our next turn (it may open with Sequence B already chosen)
            if d.kind != "turn" or solo:
                # Go on with greedy's own look-ahead copy: no second apply.
                _, after = greedy_step(game, d.seat)
                game.release()
                game = after
                steps += 1
                continue
            option = rollout_choice(game, rng)
        else:
            option = rollout_choice(game, rng)
        game.apply(Action(d.seat, option))
        steps += 1
    rewards = _rewards(game)
    game.release()  # freed now, not by the garbage collector (Game.release)
    # Back-up: each node is credited with the reward of the seat that moved into it.
    for parent, child in zip(path, path[1:], strict=False):
        child.visits += 1
        if parent.seat is not None:
            child.reward += rewards.get(parent.seat, 0.0)
    start.visits += 1
    return applied + steps, rewards


def _ucb(node: Node, legal: list[str]) -> str:
    best, best_v = legal[0], -1.0
    for i in legal:
        c = node.children[i]
        v = c.reward / c.visits + EXPLORATION * math.sqrt(math.log(c.available) / c.visits)
        if v > best_v:
            best, best_v = i, v
    return best


def _rewards(game: Game) -> dict[int, float]:
    s = game.state
    seats = [p.seat for p in s.players]
    if game.is_over:
        result = game.result
        assert result is not None
        scores = result["scores"]
        winners = result["winners"]  # a solo tie is Hal's (R19), a shared win otherwise (R14)
        out = {}
        for seat in seats:
            other = max((x for i, x in enumerate(scores) if i != seat), default=0)
            win = 1.0 if seat in winners else 0.0
            out[seat] = WIN_WEIGHT * win + (1 - WIN_WEIGHT) * _squash(scores[seat] - other)
        return out
    if s.hal is not None:  # solo: the final margin over Hal this position predicts
        return {seat: _squash(solo_margin(game, seat)) for seat in seats}
    # Among players: each seat's expected score (ai/players.py), computed once for all.
    values = {seat: expected_score(game, seat) for seat in seats}
    out = {}
    for seat in seats:
        others = [v for k, v in values.items() if k != seat]
        out[seat] = _squash(values[seat] - max(others, default=0.0))
    return out


def _squash(margin: float) -> float:
    return 1.0 / (1.0 + math.exp(-margin / MARGIN_SCALE))
