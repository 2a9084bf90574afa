"""Turn order: who plays next (in solo, Hal after each of the player's turns),
the rounds, the final round and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game


# --------------------------------------------------------------------------- turn order


def end_turn(g: Game) -> None:
    s = g.state
    if s.hal is not None and not s.turn.get("hal"):
        # Solo: Hal plays after each of the player's turns.
        seq = s.turn.get("seq") or "B"
        s.turn = {"hal": True}
        g.push("hal_turn", player_seq=seq)
        return
    s.turn = {}
    n = len(s.players)
    if s.current == n - 1:
        if s.last_round == s.round:
            from engine.scoring import finish

            finish(g)
            return
        s.round += 1
        if s.last_round == s.round:
            g.log("final_round", f"Round {s.round} begins: the final round.")
    s.current = (s.current + 1) % n
    g.push("turn", seat=s.current)
