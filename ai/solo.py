"""What a solo position is worth against Hal: the final margin it predicts.

Against Hal the rough VP values of ai/worth.py miss what decides a solo game:
Hal scores steadily every round, so the game's remaining length (the Ravager
deck, which ends it when empty: rulebook "End of the game") counts against us, and
storage only counts once something turns it into VP. `WEIGHTS` is a linear
fit of the final margin (our score minus Hal's) on these features, over the
turn-start positions of seeded games of `simple` against Hal at easy; how it
was made and how to refit it: bench/fit_solo.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.worth import mission_potential, tile_worth
from engine.scoring import score_advanced

if TYPE_CHECKING:
    from engine.game import Game

FEATURES = (
    "vp",
    "hal",
    "resources",
    "ships",
    "break_room",
    "debris",
    "grid_debris",
    "workstations",
    "missions",
    "ravagers",
    "tiles",
    "advanced",
    "cards_in_space",
    "mission_potential",
    "ejected",
    "spes_distance",
    "ravager_deck",
    "pips",
    "end_triggered",
)

WEIGHTS: dict[str, float] = {
    "vp": 0.973,
    "hal": -0.997,
    "resources": 0.163,
    "ships": 0.316,
    "break_room": 0.202,
    "debris": 0.295,
    "grid_debris": -0.061,
    "workstations": 0.301,
    "missions": -0.143,
    "ravagers": 0.023,
    "tiles": 1.097,
    "advanced": 0.833,
    "cards_in_space": 0.580,
    "mission_potential": 0.241,
    "ejected": 0.443,
    "spes_distance": -0.542,
    "ravager_deck": -0.320,
    "pips": 0.317,
    "end_triggered": 3.851,
}
CONSTANT = -8.925


def spes_distance(g: Game) -> int:
    """Sequence B advances still needed to reach planet Spes."""
    b = g.state.board
    centre = len(b.strips) // 2
    if b.at_spes:
        return 0
    for j, strip in enumerate(b.strips):
        if strip.spes_tile:
            return j - centre
    for k, strip in enumerate(b.strips):
        if strip.number == b.spes_token:
            return k + 1 + (len(b.strips) - 1 - centre)
    return len(b.strips) + 1


def features(g: Game, seat: int = 0) -> dict[str, float]:
    s = g.state
    p = s.players[seat]
    hal = s.hal
    own = [
        (index, placed)
        for index, strip in enumerate(s.board.strips)
        for placed in strip.cards
        if placed is not None and placed.owner == seat
    ]
    return {
        "vp": p.vp,
        "hal": hal.vp if hal is not None else 0,
        "resources": p.resources,
        "ships": p.ships,
        "break_room": p.break_room,
        "debris": p.debris,
        "grid_debris": sum(p.grid_debris),
        "workstations": sum(p.workstations),
        "missions": min(len(p.missions), 4),
        "ravagers": len(p.ravagers),
        "tiles": sum(tile_worth(t) for t in p.grid if t is not None),
        "advanced": sum(a["vp"] for a in score_advanced(s, p)),
        "cards_in_space": len(own),
        "mission_potential": sum(mission_potential(g, seat, pl.card, i) for i, pl in own),
        "ejected": len(p.ejected),
        "spes_distance": spes_distance(g),
        "ravager_deck": len(s.board.ravager_deck),
        "pips": sum(d.value for d in p.dice),
        "end_triggered": 1.0 if s.end_trigger else 0.0,
    }


def solo_margin(g: Game, seat: int = 0) -> float:
    """The final margin over Hal this position predicts (the real one once over)."""
    if g.is_over:
        result = g.result
        assert result is not None
        return float(result["scores"][seat] - result["scores"][1])
    f = features(g, seat)
    return CONSTANT + sum(WEIGHTS[k] * f[k] for k in FEATURES)
