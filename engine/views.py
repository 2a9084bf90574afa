"""Views: what a seat may see, and what spectators see (R15: no hidden information)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.components.cards import MISSION_CARDS
from engine.components.hal import HAL_CARDS, HAL_SEAT
from engine.space import hex_name
from engine.space_board import ba_hex
from engine.state import to_json

if TYPE_CHECKING:
    from engine.game import Game


def view(g: Game, seat: int | None) -> dict[str, Any]:
    s = g.state
    data = to_json(s)
    for key in ("seed", "rng_counter", "frames", "turn"):
        data.pop(key)
    for p, pd in zip(s.players, data["players"], strict=True):
        pd["hand_missions"] = len(p.missions)
        pd["hand_ravagers"] = len(p.ravagers)
        if p.seat != seat:
            del pd["missions"]
            del pd["ravagers"]
        # Cards around a board are face down: type, and colour for Mission cards.
        pd["slots"] = [
            None
            if played is None
            else {"kind": "mission", "colour": MISSION_CARDS[played.card].colour.value}
            if played.kind == "mission"
            else {"kind": "ravager"}
            for played in p.slots
        ]
    b = data["board"]
    b["mission_decks"] = [len(d) for d in s.board.mission_decks]
    b["ravager_deck"] = len(s.board.ravager_deck)
    b["advanced_deck"] = len(s.board.advanced_deck)
    b["tech_stacks"] = [
        {"count": len(st), "top": st[-1] if st else None} for st in s.board.tech_stacks
    ]
    die = s.turn.get("die")
    data["active_die"] = dict(die) if die else None
    data["turn_sequence"] = s.turn.get("seq")
    d = g.decision
    if d is None:
        data["decision"] = None
    else:
        show = seat == d.seat or not d.secret
        data["decision"] = {
            "seat": d.seat,
            "kind": d.kind,
            "prompt": d.prompt,
            "options": [o.to_json() for o in d.options] if show else None,
        }
    if s.hal is not None:
        hal = data["hal"]
        hal["deck"] = len(s.hal.deck)  # the order is secret; the top card's back is not
        hal["weights"] = to_json(HAL_CARDS[s.hal.deck[-1]].weights) if s.hal.deck else None
        hal["seat"] = HAL_SEAT
    data["names"] = {"ba_hex": hex_name(ba_hex(g)), "centre": len(s.board.strips) // 2}
    data["result"] = g.result
    data["viewer"] = seat
    data["flow"] = flow(g, seat)
    return data


def flow(g: Game, seat: int | None) -> dict[str, Any]:
    """Where the turn stands (the frame stack and the turn's scratch), so a
    bot player can rebuild a game consistent with this view (ai/determinize.py).
    Cards in another seat's frames (a card being played, drawn cards to keep)
    are hidden as null (R15)."""
    frames = []
    for f in g.state.frames:
        f = to_json(f)
        if f.get("seat") != seat:
            if f["k"] == "slot":
                f["card"] = None
            elif f["k"] == "keep":
                f["cards"] = [None] * len(f["cards"])
        frames.append(f)
    return {"frames": frames, "turn": to_json(g.state.turn)}
