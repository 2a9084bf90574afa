"""What a position among players is worth to a seat: the final score it predicts.

ai/worth.py's rough VP values count a workstation, a tile or a resource alike
whatever is left of the game, and nothing for the turns the others play
before ours. `WEIGHTS` is a linear fit, one per player count, of a seat's
final score on these features (ai/worth.py's worth among them, so the fit
corrects it rather than replaces it), over the turn-start positions of
seeded games of `simple` against itself, every seat recorded at every turn
start: how it was made and how to refit it, bench/fit_players.py. The
search and the plans judge a position among players by `expected_margin`, as
ai/value.py's judgement does one against Hal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.rules import value
from ai.solo import features as solo_features
from ai.worth import worth

if TYPE_CHECKING:
    from engine.game import Game


# ai/solo.py's features that mean the same among players (Hal's are 0 here).
SHARED = (
    "vp",
    "pips",
    "resources",
    "ships",
    "break_room",
    "debris",
    "workstations",
    "missions",
    "ravagers",
    "tiles",
    "advanced",
    "cards_in_space",
    "mission_potential",
    "ejected",
    "own_strip0",  # our cards ejected at the next Sequence B
    # The game left: every Sequence B moves the Black Angel toward Spes, every
    # card placed draws Ravager cards; either ends it (rulebook "End of the game").
    "spes_distance",
    "ravager_deck",
    "end_triggered",
)
FEATURES = SHARED + (
    "worth",  # ai/worth.py: the fit corrects the rules of thumb
    # What pays every turn pays more the longer the game goes on.
    "workstations_x_deck",
    "tiles_x_deck",
    "turns_before",  # the others' turns before this seat's next one, over the player count
)

# Fitted by bench/fit_players.py (see there); by player count. Two players
# have none: judging by a fit lost (strong against simple 54 of 80 games
# against 66, bench/AI_RESULTS.md, "2026-11-26 (fit27)"), so they keep the
# rules of thumb's worth (`expected_score`).
WEIGHTS: dict[int, dict[str, float]] = {
    3: {
        "vp": -0.5576,
        "worth": 1.5296,
        "pips": 0.2762,
        "resources": -0.6739,
        "ships": -0.6694,
        "break_room": -0.6340,
        "debris": -0.3172,
        "workstations": -3.0160,
        "missions": 0.0765,
        "ravagers": -0.7082,
        "tiles": -1.1384,
        "advanced": -0.5397,
        "cards_in_space": -2.4256,
        "mission_potential": -1.2221,
        "ejected": -0.3137,
        "own_strip0": -0.1384,
        "spes_distance": 0.7352,
        "ravager_deck": 0.3823,
        "end_triggered": -3.5206,
        "workstations_x_deck": -0.0415,
        "tiles_x_deck": 0.0343,
        "turns_before": -1.4687,
    },
    4: {
        "vp": -0.3200,
        "worth": 1.3589,
        "pips": 0.2840,
        "resources": -0.4088,
        "ships": -0.3993,
        "break_room": -0.4841,
        "debris": -0.4366,
        "workstations": -2.7958,
        "missions": -0.0082,
        "ravagers": -0.7068,
        "tiles": -1.2434,
        "advanced": -0.3307,
        "cards_in_space": -1.4193,
        "mission_potential": -1.2250,
        "ejected": 0.0847,
        "own_strip0": -0.3601,
        "spes_distance": 0.6267,
        "ravager_deck": 0.0939,
        "end_triggered": -2.4884,
        "workstations_x_deck": 0.0026,
        "tiles_x_deck": 0.0330,
        "turns_before": -1.4395,
    },
}
CONSTANT: dict[int, float] = {3: -4.161, 4: -3.558}


def features(g: Game, seat: int) -> dict[str, float]:
    s = g.state
    shared = solo_features(g, seat)
    f = {k: shared[k] for k in SHARED}
    deck = f["ravager_deck"]
    f["worth"] = worth(g, seat)
    f["workstations_x_deck"] = f["workstations"] * deck
    f["tiles_x_deck"] = f["tiles"] * deck
    f["turns_before"] = ((seat - s.current) % len(s.players)) / len(s.players)
    return f


def predicted_score(g: Game, seat: int) -> float:
    """The final score this position predicts for `seat` (the real one once over)."""
    if g.is_over:
        result = g.result
        assert result is not None
        return float(result["scores"][seat])
    n = len(g.state.players)
    weights = WEIGHTS[n]
    f = features(g, seat)
    return CONSTANT[n] + sum(weights[k] * f[k] for k in FEATURES)


def expected_score(g: Game, seat: int) -> float:
    """What the search and the plans compare among players: the final score
    predicted where the player count has a fit, else ai/rules.py's worth
    with the dice in hand."""
    if len(g.state.players) in WEIGHTS:
        return predicted_score(g, seat)
    return value(g, seat)


def expected_margin(g: Game, seat: int) -> float:
    """The seat's expected score minus the best other seat's."""
    ours = expected_score(g, seat)
    return ours - max(expected_score(g, p.seat) for p in g.state.players if p.seat != seat)
