"""Helpers for engine tests: build a game, steer it into a constructed state,
answer decisions by option id."""

from __future__ import annotations

import random

from engine import RULES_VERSION, Action, Game, GameOptions
from engine.components import TILES, DieColour, TileEffect, TileKind
from engine.invariants import check
from engine.state import Die

O, Y, G = DieColour.ORANGE, DieColour.GRAY, DieColour.GREEN  # noqa: E741


def fresh(
    players: int = 3, seed: int = 1, rules_version: int = RULES_VERSION, stepwise: bool = True
) -> Game:
    """A new game at the first player's first turn (setup reserves declined).
    Scenarios walk the turn one step at a time (``ask_stepwise``; the rules
    are the same, engine/asking.py): a die, then its action."""
    g = Game.new(
        GameOptions(players=players, rules_version=rules_version, ask_stepwise=stepwise), seed
    )
    while g.decision.kind == "reserve":
        g.apply(Action(g.decision.seat, "none"))
    return g


def technology_tile(colour: DieColour, effect: TileEffect = TileEffect.VP) -> int:
    """The first Technology tile of this colour and effect (a gain of 1 VP by default)."""
    return next(
        t.id
        for t in TILES
        if t.kind is TileKind.TECHNOLOGY and t.colour is colour and t.effect is effect
    )


def refresh(g: Game) -> None:
    """Call after editing g.state by hand: the pending decision is recomputed."""
    g._decision = None


def ids(g: Game) -> list[str]:
    return [o.id for o in g.decision.options]


def choose(g: Game, option: str, seat: int | None = None):
    d = g.decision
    return g.apply(Action(d.seat if seat is None else seat, option))


def dice(*codes: str) -> list[Die]:
    """dice("o3", "y0") -> [Die(orange, 3), Die(gray, 0)]."""
    by_letter = {"o": O, "y": Y, "g": G}
    return [Die(by_letter[c[0]], int(c[1])) for c in codes]


def play_random(g: Game, decisions: int, seed: int = 0, checked: bool = True) -> list[Action]:
    r = random.Random(seed)
    done = []
    for _ in range(decisions):
        if g.is_over:
            break
        d = g.decision
        a = Action(d.seat, r.choice(d.options).id)
        g.apply(a)
        done.append(a)
        if checked:
            check(g)
    return done
