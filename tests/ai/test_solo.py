"""Solo judgement against Hal (ai/solo.py) and the look-ahead that uses it."""

from __future__ import annotations

import random

from ai import Budget
from ai.rules import _after, _settle, simple_choice
from ai.search import (
    CANDIDATES,
    SOLO_CANDIDATES,
    SURE_ROUNDS,
    Node,
    _clear,
    _iterate,
    search,
)
from ai.solo import features, spes_distance
from ai.value import solo_margin
from engine import Action, Game, GameOptions
from engine.components.hal import HAL_SEAT
from engine.state import PlacedMission
from tests.ai.helpers import position, solo_game


def test_a_finished_game_is_judged_by_its_real_margin():
    g = solo_game(3, 500)
    assert g.is_over
    scores = g.result["scores"]
    assert solo_margin(g, 0) == scores[0] - scores[1]


def test_a_longer_game_ahead_is_worse_against_hal():
    """Hal scores every round: the same position with more Ravager cards still
    to draw (the game ends when the deck is empty) predicts a smaller margin."""
    g = solo_game(5, 12)
    assert not g.is_over and g.state.board.ravager_discard or g.state.board.ravager_deck
    longer = Game.from_json(g.to_json())
    b = longer.state.board
    b.ravager_deck.extend(b.ravager_discard[:3] or [b.ravager_deck[0]] * 3)
    assert solo_margin(longer, 0) < solo_margin(g, 0)
    assert spes_distance(g) > 0


def test_hals_coming_income_counts_against_us():
    """Hal's card on the first strip pays him 3 VP at the next Sequence B,
    and each die of his is a scoring action to come: the same position with
    them predicts a smaller margin than without."""
    g = solo_game(2, 6)
    assert not g.is_over
    strip = g.state.board.strips[0]
    free = strip.cards.index(None)
    assert features(g, 0)["hal_strip0"] == sum(
        1 for placed in strip.cards if placed is not None and placed.owner == HAL_SEAT
    )
    with_card = Game.from_json(g.to_json())
    with_card.state.board.strips[0].cards[free] = PlacedMission(0, HAL_SEAT)
    assert features(with_card, 0)["hal_strip0"] == features(g, 0)["hal_strip0"] + 1
    assert solo_margin(with_card, 0) < solo_margin(g, 0)
    assert g.state.hal.dice
    no_dice = Game.from_json(g.to_json())
    no_dice.state.hal.dice.clear()
    assert features(no_dice, 0)["hal_dice"] == 0
    assert solo_margin(g, 0) < solo_margin(no_dice, 0)


def test_every_option_is_judged_after_hals_reply():
    """A card played in Sequence A leaves the turn open; the look-ahead still
    finishes the turn, so Hal's turn is counted for it as for Sequence B."""
    checked = 0
    for seed in range(60):
        g = solo_game(seed, 3)
        d = g.decision
        if g.is_over or d.kind != "turn" or g.state.turn:
            continue
        plays = [o.id for o in d.options if o.id.startswith("play:")]
        if not plays:
            continue
        after = _after(g, 0, plays[0])
        assert after.state.turn  # the turn is still open after the card
        hal_before = g.state.hal.deck[:], g.state.hal.discard[:]
        _settle(after, 0)
        # The turn ended and Hal played (the next turn may open with Sequence
        # B already chosen, when no die can be used).
        assert after.is_over or after.state.round == g.state.round + 1
        assert (after.state.hal.deck, after.state.hal.discard) != hal_before or after.is_over
        checked += 1
    assert checked >= 3


def test_the_search_stops_once_its_choice_is_clear():
    steady = {"a": [0.8] * SURE_ROUNDS, "b": [0.2] * SURE_ROUNDS}
    assert _clear(steady)
    noisy = {"a": [0.9, 0.1] * (SURE_ROUNDS // 2), "b": [0.1, 0.9] * (SURE_ROUNDS // 2)}
    assert not _clear(noisy)
    assert not _clear({"a": [0.8] * (SURE_ROUNDS - 1), "b": [0.2] * (SURE_ROUNDS - 1)})
    g = position(2, 1, 30)  # a position whose best option stands out
    view = g.view(g.decision.seat)
    full = search(view, random.Random(2), Budget(iterations=600), early_stop=False)
    early = search(view, random.Random(2), Budget(iterations=600))
    assert full.iterations == 600
    assert early.iterations < 600
    assert early.choice in full.visits


def test_a_play_out_stops_when_our_next_turn_begins():
    """Solo play-outs judge the position at our next turn, also when that turn
    opens with Sequence B already chosen (no die to use: the first question is
    the reserve). The old check waited for a turn question and played the
    whole next turn through."""
    opened_with_b = 0
    for seed in range(6):
        g = Game.new(GameOptions(players=1, difficulty="easy"), seed)
        rng = random.Random(seed)
        while not g.is_over and g.state.round < 6:
            option = simple_choice(g, rng)
            root = Game.from_json(g.to_json())
            g.apply(Action(0, option))
            if (g.state.round, g.state.current) == (root.state.round, root.state.current):
                continue
            # `option` ended our turn: play it out as the search would.
            turn = (root.state.round, root.state.current)
            root.apply(Action(0, option))
            steps, _ = _iterate(root, Node(), 0, random.Random(seed), turn, solo=True)
            # Hal decides nothing, so every question after `option` is ours, in
            # our next turn: the play-out stops before answering any of them.
            # (That turn is usually the next round's; a later one when the
            # engine answered a whole turn with nothing to choose in it.)
            assert steps == 0
            assert root.is_over or (root.state.current == 0 and root.state.round > turn[0])
            opened_with_b += not root.is_over and root.decision.kind == "reserve"
    assert opened_with_b >= 2


def test_solo_search_compares_more_of_the_rules_of_thumbs_options():
    """Solo play-outs need no tree (Hal decides nothing), so the search can
    afford SOLO_CANDIDATES root options instead of CANDIDATES."""
    g = solo_game(4, 0)
    d = g.decision
    assert len(d.options) > SOLO_CANDIDATES > CANDIDATES
    result = search(g.view(0), random.Random(4), Budget(iterations=40), early_stop=False)
    assert sum(1 for v in result.visits.values() if v) == SOLO_CANDIDATES
    assert result.iterations == 40
