"""A ship's move onto a card says what the card does: a ship there may
activate it (an activation mission) or share what its ejection gives (a
neutralization mission), so the choice is made on the card's text."""

from __future__ import annotations

import random

from engine import Action, Game, GameOptions
from engine.components import MISSION_CARDS
from engine.space import parse_hex


def test_a_move_onto_a_card_names_the_card_and_its_mission():
    seen = 0
    for seed in range(8):
        g = Game.new(GameOptions(players=2), seed)
        r = random.Random(seed)
        while not g.is_over:
            for o in g.decision.options:
                if not o.id.startswith(("move:", "launch:")):
                    continue
                h = parse_hex(o.id.split(":")[1].split("-")[-1])
                placed = g.state.board.strips[h[0]].cards[h[1]]
                if placed is None:
                    continue
                m = MISSION_CARDS[placed.card]
                assert f"#{m.id} of {g.name(placed.owner)} ({m.text.rstrip('.')})" in o.text, o.text
                seen += 1
            g.apply(Action(g.decision.seat, r.choice(g.decision.options).id))
    assert seen >= 3
