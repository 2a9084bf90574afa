"""Helpers for engine tests: build a game, steer it into a constructed state,
answer decisions by option id."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import RULES_VERSION, Action, Game, GameOptions, options_from_json
from engine.components import DieColour
from engine.components.tiles import TILES, TileEffect, TileKind
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


@dataclass(frozen=True)
class RecordedGame:
    """A game a tester played by hand, every action recorded
    (tests/engine/data/`name`: options, seed, actions)."""

    record: dict[str, Any]

    @classmethod
    def load(cls, name: str) -> RecordedGame:
        return cls(json.loads((Path(__file__).parent / "data" / name).read_text()))

    @property
    def actions(self) -> list[list[Any]]:
        return self.record["actions"]

    def replay(self, upto: int | None = None) -> tuple[Game, list[list[str]]]:
        """The game after its first `upto` actions (all by default), and the
        texts each action logged."""
        g = Game.new(options_from_json(self.record["options"]), self.record["seed"])
        logged = []
        for seat, option in self.actions[:upto]:
            logged.append([e.text for e in g.apply(Action(seat, option))])
        return g, logged

    def before(self, option: str, seat: int, nth: int = 0) -> Game:
        """The game waiting for the `nth` time `seat` chose `option`."""
        at = [i for i, (s, o) in enumerate(self.actions) if (s, o) == (seat, option)][nth]
        g, _ = self.replay(at)
        assert g.decision.option(option) is not None
        return g
