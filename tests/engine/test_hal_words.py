"""Hal's log says what he did, so a player checking him by hand can follow
(a tester's findings, issue 27's hand games): which tiles he takes, which
reward he scores, whose die he returns, a damage that has nowhere to go,
and an ejected card of his that reaches no one."""

from __future__ import annotations

import random
import re

from engine import Action, Game, GameOptions
from engine.bundle import bundle_text
from engine.components import COLOURS
from engine.components.cards import MISSION_CARDS, REWARD_BUNDLES
from engine.ravager_arrival import place_damage
from engine.tile_words import tile_text
from engine.words import a, and_list
from tests.engine.scenario import table


def _solo_events(seeds: range):
    """(state before, events) of each step of random solo games."""
    for seed in seeds:
        g = Game.new(GameOptions(players=1, difficulty="easy"), seed)
        r = random.Random(seed)
        while not g.is_over:
            before = list(g.state.hal.tiles)
            events = g.apply(Action(g.decision.seat, r.choice(g.decision.options).id))
            yield g, before, events


def test_hal_names_the_tiles_he_discovers_and_the_reward_he_scores():
    discovered = rewarded = 0
    for g, before, events in _solo_events(range(6)):
        taken = g.state.hal.tiles[len(before) :]
        placed = None
        for e in events:
            if e.kind == "discover" and e.text.startswith("Hal takes"):
                names = and_list(
                    [a(tile_text(t)).replace("Technology (", "Technology tile (") for t in taken]
                )
                assert e.text == f"Hal takes {names}.", e.text
                discovered += 1
            if e.kind == "mission_placed" and e.text.startswith("Hal places"):
                placed = e.data["card"]
            if "Mission reward" in e.text and e.text.startswith("Hal scores"):
                reward = bundle_text(REWARD_BUNDLES[MISSION_CARDS[placed].reward])
                assert f"(Mission reward: {reward}" in e.text, e.text
                rewarded += 1
    assert discovered and rewarded


def test_hal_returns_his_own_die_and_says_so():
    said = [
        e.text
        for _, _, events in _solo_events(range(12))
        for e in events
        if e.text.startswith("Hal can use neither colour")
    ]
    assert said
    colours = "|".join(c.value for c in COLOURS)
    for text in said:
        assert re.fullmatch(
            rf"Hal can use neither colour: he returns his ({colours}) die to the supply\.", text
        ), text


def test_a_damage_with_nowhere_to_go_is_said_to_be_ignored():
    g = table(2)
    b = g.state.board
    b.damage[3] = 2  # action 4 (gray) is damaged twice
    b.supply_damaged[1] += b.supply[1]  # and every gray die in the supply is damaged
    b.supply[1] = 0
    mark = len(g._events)
    assert place_damage(g, 4) is False
    (event,) = g._events[mark:]
    assert event.kind == "damage_ignored"
    assert "Action 4 already has 2 damage cubes" in event.text
    assert "no undamaged gray die" in event.text and "ignored" in event.text


def test_an_ejected_card_of_hals_with_no_ship_says_it_reaches_no_one():
    seen = {"triggers": 0, "no one": 0}
    for _, _, events in _solo_events(range(12)):
        kinds = [e for e in events if e.kind == "neutralization"]
        for e in kinds:
            if e.text.startswith("Hal's"):
                assert e.text.endswith(("triggers.", "its effect reaches no one.")), e.text
            else:
                assert e.text.endswith("triggers."), e.text
            seen["no one" if e.text.endswith("no one.") else "triggers"] += 1
    assert seen["no one"]
