"""Helpers for bot-player tests: games at varied moments, and the same public
situation with different hidden facts."""

from __future__ import annotations

import json
import random

from engine import Action, Game, GameOptions
from engine.components import COLOUR_INDEX
from engine.components.cards import MISSION_CARDS
from engine.components.hal import HAL_CARDS
from engine.state import to_json


def position(players: int, seed: int, steps: int, advanced: bool = False) -> Game:
    """A game after `steps` random decisions (or at its end, whichever first)."""
    g = Game.new(GameOptions(players=players, advanced=advanced), seed)
    r = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        d = g.decision
        g.apply(Action(d.seat, r.choice(d.options).id))
    return g


def solo_game(seed: int, steps: int) -> Game:
    """A solo game at easy after ``steps`` of simple's own choices."""
    from ai.rules import simple_choice

    g = Game.new(GameOptions(players=1, difficulty="easy"), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(Action(0, simple_choice(g, rng)))
    return g


def rehide(g: Game, seat: int, rng: random.Random) -> Game:
    """The same situation as `seat` sees it, every fact hidden from it changed:
    the other hands dealt again from the unseen cards (deck cards swapped in),
    every deck reordered, the face-up Technology stacks reordered below their
    top tiles, Hal's deck reordered under its top card, a new seed."""
    other = Game.from_json(json.loads(json.dumps(g.to_json())))
    s = other.state
    b = s.board
    decks = b.mission_decks
    for p in s.players:
        if p.seat == seat:
            continue
        for i, card in enumerate(p.missions):
            deck = decks[COLOUR_INDEX[MISSION_CARDS[card].colour]]  # decks hold one colour
            if deck:
                j = rng.randrange(len(deck))
                p.missions[i], deck[j] = deck[j], card
        for i, card in enumerate(p.ravagers):
            if b.ravager_deck:
                j = rng.randrange(len(b.ravager_deck))
                p.ravagers[i], b.ravager_deck[j] = b.ravager_deck[j], card
    for deck in [*decks, b.ravager_deck, b.advanced_deck]:
        rng.shuffle(deck)
    for stack in b.tech_stacks:
        below = stack[:-1]
        rng.shuffle(below)
        stack[:-1] = below
    if s.hal is not None and len(s.hal.deck) > 1:
        top_back = to_json(HAL_CARDS[s.hal.deck[-1]].weights)
        below = s.hal.deck[:-1]
        rng.shuffle(below)
        same_back = [c for c in below if to_json(HAL_CARDS[c].weights) == top_back]
        if same_back:  # another card with the same back may go on top
            k = below.index(same_back[0])
            below[k], s.hal.deck[-1] = s.hal.deck[-1], below[k]
        s.hal.deck[:-1] = below
    s.seed += 1_000_003
    other._decision = None
    return other
