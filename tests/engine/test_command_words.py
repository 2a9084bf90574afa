"""A ship's move onto a card says what the card does: a ship there may
activate it (an activation mission) or share what its ejection gives (a
neutralization mission), so the choice is made on the card's text."""

from __future__ import annotations

import random

from engine import Action, Game, GameOptions
from engine.components.cards import MISSION_CARDS
from engine.space import parse_hex
from tests.engine.helpers import choose, refresh
from tests.engine.scenario import MADELINE, ok, put_ship, set_dice, table


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


def test_the_command_prompt_offers_only_the_ways_the_seat_has():
    """A tester's solo game: with no ship in storage, the prompt still said
    "move one ship up to 3 hexes (or launch a new one)"; with no ship in
    Space and every option a launch, "move one ship" misled too."""
    for in_space, ships, prompt in (
        (False, 1, "launch a new ship and move it up to 3 hexes."),
        (True, 0, "move one of your ships up to 3 hexes."),
        (True, 1, "move one ship up to 3 hexes (or launch a new one)."),
    ):
        g = table()
        g.state.options.ask_stepwise = True
        set_dice(g, {MADELINE: "o3"})
        p = g.state.players[MADELINE]
        p.ships = ships
        if in_space:
            put_ship(g, "3D", MADELINE)
        refresh(g)
        choose(g, "die:o3")
        choose(g, "action:2")
        assert g.decision.kind == "command"
        assert g.decision.prompt == f"Command Your Ships: {prompt}"
        assert any(o.id.startswith("launch:") for o in g.decision.options) == bool(ships)
        ok(g)


def test_a_ship_sent_to_the_black_angels_asteroid_field_is_told_it_will_be_destroyed():
    """Rulebook, Command Your Ships: ships may stop in the Black Angel's
    asteroid hex, "however, if the Black Angel leaves this hex, any ships
    remaining there are destroyed". The move said only "asteroid field (the
    Black Angel's hex)" (found playing a 4-player game whose Black Angel
    started on asteroids). Once the end is triggered it advances no further."""
    for end_trigger, warned in ((None, True), ("ravagers", False)):
        g = table()
        g.state.options.ask_stepwise = True
        b = g.state.board
        b.strips[2], b.strips[3] = b.strips[3], b.strips[2]  # 4C is now an asteroid field
        g.state.end_trigger = end_trigger
        set_dice(g, {MADELINE: "o2"})
        g.state.players[MADELINE].ships = 1
        refresh(g)
        choose(g, "die:o2")
        choose(g, "action:2")
        text = g.decision.option("launch:4C").detail
        assert text.startswith("Launch a new ship to 4C: asteroid field (the Black Angel's hex")
        assert ("is destroyed" in text) is warned, text
