"""Rules of thumb on a concrete game (a determinized one: see ai/determinize.py).

`simple_choice` looks one turn ahead by itself: each option is applied to a
copy and the seat's remaining steps of that turn are finished greedily, then
the position is valued with ai/worth.py. That is enough to use a die where it
helps, never lose VP for nothing (dice left at Sequence B are valued), take
Mission cards to Space, repair, and keep storage for the Spes exchange.

`rollout_choice` is the much cheaper policy the search plays out with: random
among sensible options, by option ids only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ai.value import solo_margin
from ai.worth import worth
from engine.decision import Action

if TYPE_CHECKING:
    from ai.budget import Budget
    from engine.game import Game

SETTLE_STEPS = 16  # greedy follow-up steps within one turn
STOP_IDS = frozenset({"done", "skip", "none", "decline", "storage"})
STOP_PENALTY = 0.05  # on a tie, do something rather than nothing
BUY_PENALTY = 0.3  # the resource goes to a rival
DIE_WORTH = 0.55  # VP a pip in the compartment is worth before it is used
RIVAL_WEIGHT = 0.2  # how much a rival's gain counts against us (more than one rival)
# Solo, simple deciding by itself settles the steps inside a turn in full,
# two levels deep (`_settle`): against Hal at easy that gained 0.78 VP of
# margin game by game and 13 strict wins in 400 games, but costs about ten
# times the time (about 0.17 s a decision), so the plans' play-outs, which
# call simple thousands of times a decision, keep the greedy steps
# (bench/AI_RESULTS.md, "act27").
ALONE_DEPTH = 2


def copy_game(g: Game) -> Game:
    return g.copy()  # ids only: no option words built


def value(g: Game, seat: int) -> float:
    """The seat's own worth in VP (dice in hand included)."""
    if g.is_over:
        result = g.result
        assert result is not None
        return float(result["scores"][seat])
    p = g.state.players[seat]
    pips = sum(d.value for d in p.standard) + sum(d.value for d in p.secure)
    return worth(g, seat) + DIE_WORTH * pips


def standing(g: Game, seat: int) -> float:
    """Own worth against the rivals': solo, the final margin over Hal the
    position predicts (ai/solo.py); otherwise own worth minus a little of
    what the others gain."""
    if g.state.hal is not None:
        return solo_margin(g, seat)
    own = value(g, seat)
    others = [value(g, p.seat) for p in g.state.players if p.seat != seat]
    return own - RIVAL_WEIGHT * sum(others) / max(len(others), 1)


def _bias(option: str) -> float:
    if option in STOP_IDS:
        return -STOP_PENALTY
    if option.startswith("buy:"):
        return -BUY_PENALTY
    return 0.0


def _after(g: Game, seat: int, option: str) -> Game:
    h = copy_game(g)
    h.apply(Action(seat, option))
    return h


def greedy_choice(g: Game, seat: int) -> str:
    """The option whose immediate result stands best for `seat` (one step ahead)."""
    option, after = greedy_step(g, seat)
    after.release()
    return option


def greedy_step(g: Game, seat: int) -> tuple[str, Game]:
    """`greedy_choice`'s option and the game it leads to: a copy of `g` with
    the option applied, so a caller may go on with it instead of applying the
    option again (the engine is deterministic: the same game either way)."""
    d = g.decision
    assert d is not None
    best, best_v, best_g = d.options[0].id, float("-inf"), None
    for o in d.options:
        h = _after(g, seat, o.id)
        v = standing(h, seat) + _bias(o.id)
        if v > best_v:
            if best_g is not None:
                best_g.release()
            best, best_v, best_g = o.id, v, h
        else:
            h.release()  # freed now, not by the garbage collector (Game.release)
    if best_g is None:
        best_g = _after(g, seat, best)
    return best, best_g


class _Late(Exception):
    """The budget ran out during a deeper ranking (`simple_choice`)."""


def _settle(g: Game, seat: int, depth: int = 0, late: Callable[[], bool] | None = None) -> float:
    """Finish this seat's current turn greedily (a card played in Sequence A
    leaves the turn open: the die still to take is part of it); the final value.

    Every option is thus judged where the turn ends, after Hal's reply in solo:
    judging a card play before his turn and Sequence B after it favoured the
    card by whatever Hal scores.

    With `depth`, a Sequence A step inside the turn (the die after a card
    play, a flip) is chosen by settling each of its options the same way, to
    that many nested steps, rather than by one greedy step, which judges the
    die in the middle of its action (before the ship lands or the tile is
    placed) and so undervalues a card play (bench/AI_RESULTS.md, "adv27").
    `late` (True once the time is up) raises `_Late` from any step."""
    turn = (g.state.round, g.state.current)
    for _ in range(SETTLE_STEPS):
        if late is not None and late():
            raise _Late
        d = g.decision
        if d is None or d.seat != seat or (g.state.round, g.state.current) != turn:
            break  # (a new turn can begin with its Sequence B already chosen)
        if d.kind == "turn" and not g.state.turn:
            break
        if depth and d.kind == "turn" and len(d.options) > 1:
            g.apply(Action(seat, ranked_options(g, None, depth - 1, late)[0][1]))
            continue
        g.apply(Action(seat, greedy_choice(g, seat)))
    return standing(g, seat)


def ranked_options(
    g: Game, rng: random.Random | None, depth: int = 0, late: Callable[[], bool] | None = None
) -> list[tuple[float, str]]:
    """Every option with the standing it leads to once the turn is finished
    greedily (`_settle`, to `depth`), best first. `rng` breaks ties (None:
    the decision's order)."""
    d = g.decision
    assert d is not None
    seat = d.seat
    scored = []
    for k, o in enumerate(d.options):
        h = _after(g, seat, o.id)
        tie = rng.random() * 1e-6 if rng is not None else -k * 1e-9
        scored.append((_settle(h, seat, depth, late) + _bias(o.id) + tie, o.id))
        h.release()
    return sorted(scored, reverse=True)


def simple_choice(g: Game, rng: random.Random, depth: int = 0, budget: Budget | None = None) -> str:
    """Simple's option: the best of `ranked_options`, settled one level deeper
    at a time up to `depth` (`_settle`; `ALONE_DEPTH` where simple decides by
    itself) while `budget`'s time lasts: a level the time cuts short is not
    used (an iteration budget, or none, sets no time)."""
    d = g.decision
    assert d is not None
    if len(d.options) == 1:
        return d.options[0].id
    if not depth or budget is None or budget.seconds is None:
        return ranked_options(g, rng, depth)[0][1]  # no time to stop at: one ranking
    spent = budget.stopper()  # the time starts now
    ranking = ranked_options(g, rng)
    for level in range(1, depth + 1):
        try:
            ranking = ranked_options(g, rng, level, lambda: spent(0))
        except _Late:
            break
    return ranking[0][1]


def alone_depth(g: Game) -> int:
    """`_settle`'s depth when simple decides a seat by itself (the level
    ``simple``, a timed-out seat), not inside the plans' play-outs: solo
    `ALONE_DEPTH`; among players 0 (not measured there)."""
    return ALONE_DEPTH if g.state.hal is not None else 0


def rollout_choice(g: Game, rng: random.Random) -> str:
    d = g.decision
    assert d is not None
    ids = [o.id for o in d.options]
    if d.kind == "turn":
        p = g.state.players[d.seat]
        own = [i for i in ids if i.startswith("die:") and i[5:6] != "0"]
        plays = [i for i in ids if i.startswith("play:")]
        if plays and rng.random() < 0.5:
            return rng.choice(plays)
        if own:
            return rng.choice(own)
        if "B" in ids and not any(d.value for d in p.dice):
            return "B" if rng.random() < 0.8 else rng.choice(ids)
        flips = [i for i in ids if i.startswith("flip:") and i[6:7] in ("0", "1")]
        if flips:
            return rng.choice(flips)
        # buy:<owner>:<die>[:...]: a 2 or a 3 is worth a resource
        buys = [i for i in ids if i.startswith("buy:") and i.split(":")[2][1:2] in ("2", "3")]
        if buys and rng.random() < 0.5:
            return rng.choice(buys)
        return "B" if "B" in ids else rng.choice(ids)
    if d.kind == "reserve":
        return "none" if "none" in ids and rng.random() < 0.7 else rng.choice(ids)
    useful = [i for i in ids if i not in STOP_IDS]
    if useful and rng.random() < 0.9:
        return rng.choice(useful)
    return rng.choice(ids)
