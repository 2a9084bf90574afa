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
from typing import TYPE_CHECKING

from ai.value import solo_margin
from ai.worth import worth
from engine.decision import Action

if TYPE_CHECKING:
    from engine.game import Game

SETTLE_STEPS = 16  # greedy follow-up steps within one turn
STOP_IDS = frozenset({"done", "skip", "none", "decline", "storage"})
STOP_PENALTY = 0.05  # on a tie, do something rather than nothing
BUY_PENALTY = 0.3  # the resource goes to a rival
DIE_WORTH = 0.55  # VP a pip in the compartment is worth before it is used
RIVAL_WEIGHT = 0.2  # how much a rival's gain counts against us (more than one rival)


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


def _settle(g: Game, seat: int) -> float:
    """Finish this seat's current turn greedily (a card played in Sequence A
    leaves the turn open: the die still to take is part of it); the final value.

    Every option is thus judged where the turn ends, after Hal's reply in solo:
    judging a card play before his turn and Sequence B after it favoured the
    card by whatever Hal scores."""
    turn = (g.state.round, g.state.current)
    for _ in range(SETTLE_STEPS):
        d = g.decision
        if d is None or d.seat != seat or (g.state.round, g.state.current) != turn:
            break  # (a new turn can begin with its Sequence B already chosen)
        if d.kind == "turn" and not g.state.turn:
            break
        g.apply(Action(seat, greedy_choice(g, seat)))
    return standing(g, seat)


def ranked_options(g: Game, rng: random.Random) -> list[tuple[float, str]]:
    """Every option with the standing it leads to once the turn is finished
    greedily, best first."""
    d = g.decision
    assert d is not None
    seat = d.seat
    scored = []
    for o in d.options:
        h = _after(g, seat, o.id)
        scored.append((_settle(h, seat) + _bias(o.id) + rng.random() * 1e-6, o.id))
        h.release()
    return sorted(scored, reverse=True)


def simple_choice(g: Game, rng: random.Random) -> str:
    d = g.decision
    assert d is not None
    if len(d.options) == 1:
        return d.options[0].id
    return ranked_options(g, rng)[0][1]


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
