"""Bot players for Black Angel: pure, seeing only what their seat may see.

    from ai import choose, Budget
    option_id = choose(game.view(seat), rng=random.Random(7), level="simple")

`choose(view, decision, rng)` reads only `view` (``Game.view(seat)``) and the
decision in it; hidden hands and deck orders are sampled (ai/determinize.py),
never read. No I/O, no clock of its own (a time budget brings its clock), no
global random (the caller passes `rng`).

Levels: ``random``; ``simple`` (rules of thumb, ai/rules.py; solo it settles
the steps inside its turn in full, `ALONE_DEPTH`); ``strong``
(information-set Monte Carlo tree search, ai/search.py) under a `Budget`;
``plan``: simple, except that solo turn decisions compare simple's best
options by play-outs two rounds on (ai/plan.py); strong plans every step of
its solo turns that way and, with two players, a turn's start (played out
to our next turn); the search takes its other steps among players. Near a
solo game's end (ai/plan.py `near_end`) both plan every step.
Against Hal both judge a position by the final margin it predicts
(ai/value.py, fitted on self-play, plus what the cards in hand would make on
the grid, ai/grid.py); among three or four players by the final scores
it predicts (ai/players.py, a fit over ai/worth.py's VP values and the game
left); with two by ai/worth.py's VP values.
"""

from __future__ import annotations

import random
from typing import Any

from ai.budget import DEFAULT_ITERATIONS, Budget
from ai.determinize import ViewError, determinize

LEVELS = ("random", "simple", "plan", "strong")


class NotDecidingError(ValueError):
    """The view's seat is not the one deciding (or the game is over)."""


def option_ids(view: dict[str, Any], decision: Any = None) -> list[str]:
    d = view.get("decision") if decision is None else decision
    if d is None:
        raise NotDecidingError("the game is over: there is nothing to choose")
    if isinstance(d, dict):
        if d.get("options") is None:
            raise NotDecidingError(f"seat {view.get('viewer')} cannot see these options")
        return [o["id"] for o in d["options"]]
    return [o.id for o in d.options]


def choose(
    view: dict[str, Any],
    decision: Any = None,
    rng: random.Random | None = None,
    level: str = "simple",
    budget: Budget | None = None,
) -> str:
    """The option id the bot picks for the seat whose view this is.

    `decision` defaults to ``view["decision"]`` (an engine Decision works too).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)}")
    if rng is None:
        raise ValueError("pass an rng: the bot has no global random")
    ids = option_ids(view, decision)
    d = view.get("decision") or {}
    if d.get("seat") != view.get("viewer"):
        raise NotDecidingError(f"seat {view.get('viewer')} is not the one deciding")
    if len(ids) == 1 or level == "random":
        return rng.choice(ids)
    game = determinize(view, rng)
    if game.decision is None or [o.id for o in game.decision.options] != ids:
        raise ViewError("the rebuilt game does not offer the view's options")
    if level == "simple":
        from ai.rules import alone_depth, simple_choice

        return simple_choice(game, rng, alone_depth(game), budget)
    from ai.plan import PLAYOUT_COST, plan_choice, plans

    if level == "plan":
        return plan_choice(view, rng, budget, game)
    if plans(game, level):
        # Plans played out (ai/plan.py): every step of a solo turn, a
        # two-player turn's start.
        return plan_choice(view, rng, budget, game, PLAYOUT_COST, level)
    from ai.search import search

    return search(view, rng, budget or Budget(iterations=DEFAULT_ITERATIONS)).choice


__all__ = ["LEVELS", "Budget", "NotDecidingError", "ViewError", "choose", "determinize"]
