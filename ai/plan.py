"""Solo plans judged by playing the game on (issue 27).

The one-turn look-ahead (ai/rules.py) judges where its turn ends by a linear
fit of the final margin (ai/solo.py); what pays over several turns (a card
whose ejection pays, a converter placed now and activated later, storage
that only the Spes exchange turns into VP, the end trigger timed) is a guess
there. Here simple's best few options at a decision are each played on
by simple itself, on samples of the hidden information (ai/determinize.py),
for `HORIZON_ROUNDS` rounds, to our turn there, and judged by ai/value.py's
`solo_margin` (by the real final scores when the game ends first). The
candidates share each sample, its dice and its play-out choices (common
random numbers), so their comparison is not drowned by luck. Stopping two
rounds on rather than at the game's end leaves out the dice of the rest of
the game, which the candidates do not share for long, and costs a third of
the time (bench/AI_RESULTS.md, "2026-11-26 morning"). A second of play-outs
gives each candidate a few samples only (4-7 at 1 s), so the best total is
often luck: solo, simple's own first option keeps a head start
(`SIMPLE_PRIOR`) that another candidate must beat.

Only simple's own continuation says what a plan is worth: play-outs by the
search's cheap rollout policy lose by 26 VP a game against Hal, one-step
greedy play by 18, simple by about 3 (seeds 0-29, bench/AI_RESULTS.md).
A play-out costs about 0.02-0.1 s of one core (simple plays a whole solo
game in about 0.2 s). The level ``plan`` plans a turn's start only and
leaves the other steps to simple as the play-outs play it (the level simple
settles a solo turn's inner steps deeper, ai/rules.py `ALONE_DEPTH`; the
plan level doing so measured no better, bench/AI_RESULTS.md "act27");
``strong`` plans every step of its solo turns under its time budget (which
hex, which reward, the die after a card play): judged two rounds on, those
beat the search's judgement at our next turn (bench/AI_RESULTS.md,
"2026-11-26 (every step)"). Near the end (three
Ravager cards left, or the end triggered) both levels plan every step over
up to `END_CANDIDATES` options: the play-outs there often run to the end,
and say exactly (but for the hidden cards and the dice) which option wins.

With two players strong plans a turn's start the same way, with every seat
played by simple to our next turn (`PLAYERS_HORIZON_ROUNDS`) and judged by
our expected score against the best rival's (ai/players.py, what the
search judges by; with two players, worth): the search's cheap rollout
policy overrates some openings (with Sequence B among its candidates it won
23 of 48 two-player games against simple, against 36). Its other steps stay
with the search (bench/AI_RESULTS.md, "2026-11-26 (players)").
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ai.budget import Budget
from ai.determinize import determinize
from ai.players import expected_margin
from ai.rules import ranked_options, simple_choice
from ai.solo import final_margin
from ai.value import solo_margin
from engine.components.hal import HAL_SEAT
from engine.decision import Action
from engine.game import Game

CANDIDATES = 3  # simple's best options compared at a planned decision
# Near the end (`near_end`) one VP more or less decides many games (a tie
# is Hal's, R19) and the play-outs reach the end more often, where they are
# judged by the real final scores: there every step of our solo turns is
# planned, the plan level's too, over more of simple's options
# (bench/AI_RESULTS.md, "end27").
END_CANDIDATES = 5
# Ravager cards left in the deck that make the end near: a Mission card
# placed beside Ravager ships draws that many (rulebook "Ravagers appear");
# the game ends once the deck is empty (rulebook "End of the game").
END_NEAR = 3
SAMPLES = 4  # rounds (one play-out per candidate each) without a budget
MAX_ROUNDS = 64  # under a time budget
MAX_DECISIONS = 400  # a play-out never runs away
HORIZON_ROUNDS = 2  # solo: a play-out stops at our turn this many rounds on
PLAYERS_HORIZON_ROUNDS = 1  # among players (each round is every seat's turn)
# Among players strong plans a turn's start only in games of this many: with
# four, three seats of simple to play through leave fewer samples, and it
# measured level with the search (bench/AI_RESULTS.md, "2026-11-26 (players)").
PLANNED_PLAYERS = 2
WIN_BONUS = 2.0  # VP of margin a strict win is worth on top (R19: a tie is Hal's)
# Solo, simple's own first option is credited this many VP a round of
# play-outs: another candidate must beat it by that much on average. With a
# few play-outs each, the best-scoring candidate is often the luckiest one;
# crediting simple's choice gained a little (+0.46 VP of margin over 176
# games, standard error 0.35), a fourth candidate lost (bench/AI_RESULTS.md,
# "2026-11-26 (prior27)").
SIMPLE_PRIOR = 0.5
# Under an iteration budget (the search's play-outs run to our next turn): one
# of the plan's play-outs counts for this many of those.
PLAYOUT_COST = 8


def plans(game: Game, level: str = "plan") -> bool:
    """True where the plan layer decides a decision of ours with a choice.
    The ``plan`` level plans a solo turn's start (its other steps are
    simple's); ``strong`` plans every step of its solo turns (which hex,
    which reward, the die after a card play) and, in a game of
    `PLANNED_PLAYERS`, a turn's start (the search takes its other steps).
    Near a solo game's end both plan every step (`near_end`)."""
    d = game.decision
    if d is None or d.seat == HAL_SEAT or len(d.options) < 2:
        return False
    if near_end(game):
        return True
    turn_start = d.kind == "turn" and not game.state.turn
    if game.state.hal is None:
        return level == "strong" and turn_start and len(game.state.players) == PLANNED_PLAYERS
    return level == "strong" or turn_start


def plan_choice(
    view: dict[str, Any],
    rng: random.Random,
    budget: Budget | None = None,
    game: Game | None = None,
    cost: int = 1,
    level: str = "plan",
) -> str:
    """The option whose play-outs score best (simple's choice off the plan
    layer's decisions, `plans`, for `level`). `game` is a determinization of
    `view` already made; `cost` is how many of the budget's iterations one
    play-out counts for."""
    first = game if game is not None else determinize(view, rng)
    if not plans(first, level):
        return simple_choice(first, rng)
    if budget is None:
        budget = Budget(iterations=SAMPLES * CANDIDATES * cost)
    room = _room(budget)  # the shortlist's time counts too
    seat = view["viewer"]
    candidates = END_CANDIDATES if near_end(first) else CANDIDATES
    shortlist = [i for _, i in ranked_options(first, rng)[:candidates]]
    if len(shortlist) < 2:
        return shortlist[0]
    rounds = MAX_ROUNDS
    if budget.iterations is not None:
        rounds = max(1, budget.iterations // (cost * len(shortlist)))
    totals = dict.fromkeys(shortlist, 0.0)
    sample = first
    done = 0
    for r in range(rounds):
        if r:
            sample = determinize(view, rng)
        seed, playout_seed = rng.getrandbits(62), rng.getrandbits(62)
        scores = {}
        for move in shortlist:
            if not room():
                break
            g = sample.copy()
            g.state.seed, g.state.rng_counter = seed, 0  # the same dice for every candidate
            g.apply(Action(seat, move))
            scores[move] = play_out(g, seat, random.Random(playout_seed))
        if len(scores) < len(shortlist):
            break  # a round cut short is not counted: every candidate has the same samples
        done += 1
        for move, score in scores.items():
            totals[move] += score
    if first.state.hal is not None:
        totals[shortlist[0]] += SIMPLE_PRIOR * done
    # No whole round in the time: simple's choice (the shortlist's first).
    return max(shortlist, key=lambda m: totals[m])  # ties: simple's order


def near_end(game: Game) -> bool:
    """A solo game whose end is triggered (the round in progress is finished,
    then one final round; `play_out` plays it to the end) or a placement or
    two away (`END_NEAR`)."""
    s = game.state
    if s.hal is None:
        return False
    return s.end_trigger is not None or len(s.board.ravager_deck) <= END_NEAR


def _room(budget: Budget) -> Callable[[], bool]:
    """True while another play-out fits the budget's time: one that would
    end after the deadline (judged by the longest so far) is not begun."""
    if budget.seconds is None or budget.clock is None:
        return lambda: True
    clock = budget.clock
    start = last = clock()
    deadline = start + budget.seconds
    longest = 0.0

    def room() -> bool:
        nonlocal last, longest
        now = clock()
        longest = max(longest, now - last)
        last = now
        return now + longest < deadline

    return room


def play_out(g: Game, seat: int, rng: random.Random) -> float:
    """Simple plays every seat on to our turn `HORIZON_ROUNDS` rounds later
    solo (`PLAYERS_HORIZON_ROUNDS` among players): the margin predicted there
    (`_judged`). Once the end is triggered (two rounds at most are left) it
    plays on to the end, and a game that ends scores its final margin with a
    strict win counted on top (the judgement before the end knows no ties).
    `g` is used up."""
    solo = g.state.hal is not None
    stop = g.state.round + (HORIZON_ROUNDS if solo else PLAYERS_HORIZON_ROUNDS)
    for _ in range(MAX_DECISIONS * len(g.state.players)):
        if g.is_over:
            break
        d = g.decision
        assert d is not None
        if (
            g.state.round >= stop
            and d.seat == seat
            and d.kind == "turn"
            and not g.state.turn
            and not g.state.end_trigger  # then the end is near: play it, a tie is Hal's (R19)
        ):
            predicted = _judged(g, seat)
            g.release()
            return predicted
        g.apply(Action(d.seat, simple_choice(g, rng)))
    if not g.is_over:
        g.release()
        return 0.0
    margin = final_margin(g, seat)
    g.release()
    return margin + (WIN_BONUS if margin > 0 else 0.0)  # strict: a tie is shared (R14) or Hal's


def _judged(g: Game, seat: int) -> float:
    """The margin a position predicts: solo over Hal at the game's end
    (ai/value.py); among players our expected score against the best rival's
    (ai/players.py)."""
    if g.state.hal is not None:
        return solo_margin(g, seat)
    return expected_margin(g, seat)
