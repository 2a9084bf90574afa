"""A learned solo judgement: the final margin over Hal, nonlinear in the position.

ai/solo.py's linear fit values each piece of a position alone, and every refit
of it on simple's own play stayed at simple's level. `Net` adds a small
network (tanh units beside a linear part) over ai/solo.py's features and the
EXTRA ones below (dice and workstations by colour, our activation cards and
what our storage pays of them, the round, Hal's deck...). The shipped weights
(value_solo.json) are ai/solo.py's linear fit moved 0.3 of the way toward a
network trained by TD(lambda) on 1,200 games of simple with exploration
(bench/fit_value.py; bench/AI_RESULTS.md, "value27", has the commands and
what they measured: strong gains about 1 VP of margin, simple stays level).
`solo_margin` adds ai/grid.py's card-play potential, which no feature here
sees: where the tiles sit, against the cards in hand.

Loaded once; pure and deterministic; plain Python (the bots have no numpy).
"""

from __future__ import annotations

import json
from functools import cache
from math import tanh
from operator import mul
from pathlib import Path
from typing import TYPE_CHECKING

from ai.grid import CARD_PLAY_WEIGHT, card_play_potential
from ai.solo import FEATURES as LINEAR_FEATURES
from ai.solo import features as linear_features
from ai.solo import final_margin
from engine.components import COLOUR_INDEX
from engine.components.cards import MISSION_CARDS, MissionKind
from engine.ops import payable_times

if TYPE_CHECKING:
    from engine.game import Game

WEIGHTS_FILE = Path(__file__).with_name("value_solo.json")

EXTRA = (
    "round",
    "mid_turn",  # inside our turn (a die or card still to come) rather than at its start
    "dice_orange",
    "dice_gray",
    "dice_green",
    "pips_orange",
    "pips_gray",
    "pips_green",
    "ws_orange",
    "ws_gray",
    "ws_green",
    "act_orange",  # our activation cards in Space, by colour
    "act_gray",
    "act_green",
    "act_payable",  # activations our storage pays for now, over those cards (at most 3 each)
    "act_ready",  # the same, capped by the pips of dice of the card's colour in hand
    "act_far",  # our activation cards' strips left before ejection, summed
    "missions_hand",
    "robots_supply",
    "slots_filled",
    "hal_deck",
    "supply_dice",
    "last_round",
)
FEATURES = LINEAR_FEATURES + EXTRA


def vector(g: Game, seat: int = 0) -> list[float]:
    s = g.state
    p = s.players[seat]
    f = linear_features(g, seat)
    row = [float(f[k]) for k in LINEAR_FEATURES]
    dice = [0, 0, 0]
    pips = [0, 0, 0]
    for d in p.standard + p.secure:
        c = COLOUR_INDEX[d.colour]
        dice[c] += 1
        pips[c] += d.value
    act = [0, 0, 0]
    payable = ready = far = 0
    for index, strip in enumerate(s.board.strips):
        for placed in strip.cards:
            if placed is None or placed.owner != seat:
                continue
            m = MISSION_CARDS[placed.card]
            if m.kind is not MissionKind.ACTIVATION:
                continue
            c = COLOUR_INDEX[m.colour]
            act[c] += 1
            n = payable_times(p, m.effect.cost, 3)  # 3: enough to tell
            payable += n
            ready += min(n, pips[c])
            far += index + 1
    hal = s.hal
    row += [
        float(s.round),
        1.0 if s.turn else 0.0,
        *map(float, dice),
        *map(float, pips),
        *map(float, p.workstations),
        *map(float, act),
        float(payable),
        float(ready),
        float(far),
        float(len(p.missions)),
        float(p.robots_supply),
        float(sum(1 for x in p.slots if x is not None)),
        float(len(hal.deck)) if hal is not None else 0.0,
        float(sum(s.board.supply)),
        1.0 if s.last_round is not None else 0.0,
    ]
    return row


class Net:
    """margin = lin . z + w2 . tanh(W1 z + b1) + bias, z the standardized inputs.

    Pure Python (the bot has no numpy): the standardization is folded into
    the weights once, so a position costs one pass over each hidden unit."""

    def __init__(self, data: dict) -> None:
        assert tuple(data["features"]) == FEATURES, "value weights for other features"
        mean, scale = data["mean"], data["scale"]
        self.lin = [w / s for w, s in zip(data["lin"], scale, strict=True)]
        self.bias = data["bias"] - sum(w * m for w, m in zip(self.lin, mean, strict=True))
        self.hidden = []
        for row, b in zip(data["w1"], data["b1"], strict=True):
            folded = [w / s for w, s in zip(row, scale, strict=True)]
            self.hidden.append((folded, b - sum(w * m for w, m in zip(folded, mean, strict=True))))
        self.w2 = list(data["w2"])

    def __call__(self, row: list[float]) -> float:
        out = self.bias + sum(map(mul, self.lin, row))
        for (w, b), v in zip(self.hidden, self.w2, strict=True):
            out += v * tanh(b + sum(map(mul, w, row)))
        return out


@cache
def net() -> Net:
    """The shipped network, read once (the file ships beside this module, as
    renderer/fonts do beside the renderer)."""
    return Net(json.loads(WEIGHTS_FILE.read_text()))


def solo_margin(g: Game, seat: int = 0) -> float:
    """The final margin over Hal this position predicts (the real one once
    over): what the bots judge a solo position by. The network, plus what the
    cards in hand would make on our grid (ai/grid.py): the network counts
    tiles one by one, wherever they sit."""
    if g.is_over:
        return final_margin(g, seat)
    return net()(vector(g, seat)) + CARD_PLAY_WEIGHT * card_play_potential(g, seat)
