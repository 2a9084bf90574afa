"""The learned solo judgement (ai/value.py): its features, its network, its use."""

from __future__ import annotations

import math
import random

import pytest

from ai import solo, value
from ai.grid import CARD_PLAY_WEIGHT, card_play_potential
from engine import Game
from engine.components.cards import MISSION_CARDS, MissionKind
from engine.components.tiles import TILES, TileKind
from engine.ops import payable_times
from engine.state import PlacedMission
from tests.ai.helpers import solo_game


def toy_net(hidden: int = 3) -> dict:
    k = len(value.FEATURES)
    r = random.Random(1)
    return {
        "features": list(value.FEATURES),
        "mean": [r.uniform(-2, 2) for _ in range(k)],
        "scale": [r.uniform(0.5, 3) for _ in range(k)],
        "w1": [[r.uniform(-0.3, 0.3) for _ in range(k)] for _ in range(hidden)],
        "b1": [r.uniform(-0.5, 0.5) for _ in range(hidden)],
        "w2": [r.uniform(-2, 2) for _ in range(hidden)],
        "lin": [r.uniform(-1, 1) for _ in range(k)],
        "bias": -3.5,
    }


def named(g: Game) -> dict[str, float]:
    return dict(zip(value.FEATURES, value.vector(g, 0), strict=True))


def test_the_vector_has_one_value_per_feature_and_the_linear_ones_first():
    g = solo_game(4, 15)
    row = value.vector(g, 0)
    assert len(row) == len(value.FEATURES)
    linear = solo.features(g, 0)
    assert row[: len(solo.FEATURES)] == [float(linear[k]) for k in solo.FEATURES]
    f = named(g)
    assert f["round"] == g.state.round
    p = g.state.players[0]
    dice = p.standard + p.secure
    assert f["dice_orange"] + f["dice_gray"] + f["dice_green"] == len(dice)
    assert f["pips_orange"] + f["pips_gray"] + f["pips_green"] == sum(d.value for d in dice)
    assert [f["ws_orange"], f["ws_gray"], f["ws_green"]] == p.workstations


def test_an_activation_card_we_can_pay_counts_as_payable():
    """act_payable counts the activations our storage pays for; act_ready
    caps them by the pips of dice of the card's colour we hold."""
    g = solo_game(6, 10)
    assert not g.is_over
    card = next(
        m
        for m in MISSION_CARDS
        if m.kind is MissionKind.ACTIVATION
        and m.effect.cost.resources == 1
        and not (m.effect.cost.ships or m.effect.cost.robots or m.effect.cost.debris)
        and not (m.effect.cost.missions or m.effect.cost.ravagers)
    )
    h = Game.from_json(g.to_json())
    for strip in h.state.board.strips:  # only the card placed below is ours
        for i, placed in enumerate(strip.cards):
            if placed is not None and placed.owner == 0:
                strip.cards[i] = None
    strip = h.state.board.strips[2]
    strip.cards[strip.cards.index(None)] = PlacedMission(card.id, 0)
    p = h.state.players[0]
    p.resources = 2
    p.standard, p.secure = [], []
    f = named(h)
    assert f["act_payable"] == 2
    assert f["act_ready"] == 0  # no die of its colour
    assert f["act_far"] == 3
    p.resources = 0
    assert named(h)["act_payable"] == 0


def test_the_network_folds_its_standardization_exactly():
    data = toy_net()
    net = value.Net(data)
    row = value.vector(solo_game(2, 12), 0)
    z = [(x - m) / s for x, m, s in zip(row, data["mean"], data["scale"], strict=True)]
    expected = data["bias"] + sum(w * v for w, v in zip(data["lin"], z, strict=True))
    for w, b, out in zip(data["w1"], data["b1"], data["w2"], strict=True):
        expected += out * math.tanh(b + sum(a * v for a, v in zip(w, z, strict=True)))
    assert math.isclose(net(row), expected, rel_tol=1e-9, abs_tol=1e-9)


def test_weights_for_other_features_are_refused():
    data = toy_net()
    data["features"] = data["features"][:-1]
    with pytest.raises(AssertionError, match="other features"):
        value.Net(data)


def test_the_bots_judge_solo_positions_by_the_shipped_network():
    """solo_margin is the network's prediction plus the card-play potential
    (deterministic, in a sane range, not the linear fit's), and the real
    margin once the game is over."""
    g = solo_game(5, 20)
    assert not g.is_over
    m = value.solo_margin(g, 0)
    cards = CARD_PLAY_WEIGHT * card_play_potential(g, 0)
    assert m == value.net()(value.vector(g, 0)) + cards == value.solo_margin(g, 0)
    assert -40 < m < 40
    assert m != solo.linear_margin(g, 0)
    over = solo_game(3, 500)
    assert over.is_over
    scores = over.result["scores"]
    assert value.solo_margin(over, 0) == scores[0] - scores[1]


def test_a_technology_cost_is_paid_from_the_ejected_tiles_and_the_grid():
    """A card that spends technologies (engine/missions.py `SpendTechnology`)
    is payable as often as we hold ejected tiles and non-Advanced grid tiles."""
    card = next(
        m
        for m in MISSION_CARDS
        if m.kind is MissionKind.ACTIVATION
        and m.effect.cost.tech == 1
        and m.effect.cost.counts() == {"tech": 1}
    )
    g = solo_game(6, 10)
    p = Game.from_json(g.to_json()).state.players[0]
    advanced = next(t.id for t in TILES if t.kind is TileKind.ADVANCED)
    plain = next(t.id for t in TILES if t.kind is TileKind.TECHNOLOGY)
    p.grid = [advanced] * 2 + [None] * 7
    p.ejected = []
    assert payable_times(p, card.effect.cost, 3) == 0  # Advanced tiles cannot be spent
    p.ejected = [plain]
    assert payable_times(p, card.effect.cost, 3) == 1
    p.grid[5] = plain
    assert payable_times(p, card.effect.cost, 3) == 2
