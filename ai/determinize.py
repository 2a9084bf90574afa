"""Build a whole engine game from one seat's view plus sampled hidden facts.

Information-set search needs concrete games to play out. A view hides the
other hands, the cards played face down (type and colour only, R15), the
deck orders, the face-up Technology stacks below their top tiles, Hal's deck
and the seed. `determinize` fills each hidden place with cards drawn at random
from the cards the view does not show, so every sample is a game the seat
cannot tell apart from the real one. It reads nothing but the view.
"""

from __future__ import annotations

import random
from typing import Any

from engine.components import COLOURS
from engine.components.cards import MISSION_CARDS, MISSION_IDS, RAVAGER_CARDS
from engine.components.hal import HAL_CARDS
from engine.components.tiles import ADVANCED_TILE_IDS, TECH_TILE_IDS
from engine.game import Game
from engine.state import copy_json, to_json

_VIEW_ONLY = ("active_die", "turn_sequence", "decision", "names", "result", "viewer", "flow")
_COLOUR_NAMES = [c.value for c in COLOURS]


class ViewError(ValueError):
    """The view is not one the engine produced (or the engine grew a hidden place)."""


def determinize(view: dict[str, Any], rng: random.Random) -> Game:
    """A game consistent with `view`, hidden information sampled with `rng`."""
    if "flow" not in view:
        raise ViewError("this view has no turn flow (an engine without views.flow)")
    seat = view["viewer"]
    data = copy_json({k: v for k, v in view.items() if k not in _VIEW_ONLY})
    frames = copy_json(view["flow"]["frames"])
    board = data["board"]
    players = data["players"]
    hal = data.get("hal")

    # ---------------------------------------------------------------- Mission cards
    seen_m: set[int] = set()
    for p in players:
        seen_m.update(p.get("missions", []) if p["seat"] == seat else [])
        for pile in p["tucked"]:
            seen_m.update(pile)
    for pile in board["mission_discards"]:
        seen_m.update(pile)
    for strip in board["strips"]:
        seen_m.update(c["card"] for c in strip["cards"] if c is not None)
    for f in frames:
        if f["k"] == "slot" and f["card"] is not None and f["kind"] == "mission":
            seen_m.add(f["card"])
        if f["k"] == "keep":
            seen_m.update(c for c in f["cards"] if c is not None)
    pools = {
        c: _shuffled([m for m in MISSION_IDS[c] if m not in seen_m], rng) for c in _COLOUR_NAMES
    }
    for p in players:  # face-down cards: the colour is public, the card is not
        p["slots"] = [_fill_slot(s, pools, None) for s in p["slots"]]
    board["mission_decks"] = [
        _take(pools[c], n, f"{c} Mission deck")
        for c, n in zip(_COLOUR_NAMES, board["mission_decks"], strict=True)
    ]
    loose = _shuffled([m for c in _COLOUR_NAMES for m in pools[c]], rng)

    # ---------------------------------------------------------------- Ravager cards
    seen_r: set[int] = set(board["ravager_discard"])
    for stack in board["ravagers"]:
        seen_r.update(r["card"] for r in stack)
    for p in players:
        if p["seat"] == seat:
            seen_r.update(p["ravagers"])
    for f in frames:
        if f["k"] == "slot" and f["card"] is not None and f["kind"] == "ravager":
            seen_r.add(f["card"])
    # Cards removed at setup are among the unseen ones too: what is left over is the box.
    ravagers = _shuffled([r.id for r in RAVAGER_CARDS if r.id not in seen_r], rng)
    for p in players:
        p["slots"] = [_fill_slot(s, None, ravagers) for s in p["slots"]]
    board["ravager_deck"] = _take(ravagers, board["ravager_deck"], "Ravager deck")

    # ---------------------------------------------------------------- hands
    for p in players:
        if p["seat"] != seat:
            p["missions"] = _take(loose, p["hand_missions"], "hands")
            p["ravagers"] = _take(ravagers, p["hand_ravagers"], "Ravager hands")
        del p["hand_missions"], p["hand_ravagers"]
    for f in frames:
        if f["k"] == "slot" and f["card"] is None:
            f["card"] = _take(loose if f["kind"] == "mission" else ravagers, 1, "frames")[0]
        if f["k"] == "keep" and None in f["cards"]:
            f["cards"] = _take(loose, len(f["cards"]), "frames")
    if loose:
        raise ViewError(f"{len(loose)} Mission cards unaccounted for")

    # ---------------------------------------------------------------- tiles
    seen_t: set[int] = {t for t in board["display"] if t is not None}
    seen_t.update(board["tech_discard"])
    seen_t.update(t for t in board["advanced_slots"] if t is not None)
    seen_t.update(st["top"] for st in board["tech_stacks"] if st["top"] is not None)
    for p in players:
        seen_t.update(t for t in p["grid"] if t is not None)
        seen_t.update(p["ejected"] + p["advanced_overflow"])
        seen_t.update(t for t in p["advanced_slots"] if t is not None)
    if hal is not None:
        seen_t.update(hal["tiles"])
    seen_t.update(f["tile"] for f in frames if f["k"] in ("inject", "advanced_slot"))
    stacks = []
    for c, st in zip(COLOURS, board["tech_stacks"], strict=True):
        rest = _shuffled([t for t in TECH_TILE_IDS[c] if t not in seen_t], rng)
        if len(rest) != max(st["count"] - 1, 0):
            raise ViewError(f"{c} Technology stack: {len(rest)} unseen tiles for {st['count']}")
        stacks.append(rest + ([st["top"]] if st["top"] is not None else []))
    board["tech_stacks"] = stacks
    advanced = _shuffled([t for t in ADVANCED_TILE_IDS if t not in seen_t], rng)
    if len(advanced) != board["advanced_deck"]:
        raise ViewError(
            f"{len(advanced)} unseen Advanced tiles for a deck of {board['advanced_deck']}"
        )
    board["advanced_deck"] = advanced

    # ---------------------------------------------------------------- Hal's deck
    if hal is not None:
        unseen = _shuffled([c.id for c in HAL_CARDS if c.id not in hal["discard"]], rng)
        if len(unseen) != hal["deck"]:
            raise ViewError(f"Hal: {len(unseen)} unseen cards for a deck of {hal['deck']}")
        # The top card's back (its weights) is public: put a matching card on top.
        top = next((c for c in unseen if to_json(HAL_CARDS[c].weights) == hal["weights"]), None)
        if top is not None:
            unseen.remove(top)
            unseen.append(top)
        hal["deck"] = unseen
        del hal["weights"], hal["seat"]

    data["frames"] = frames
    data["turn"] = copy_json(view["flow"]["turn"])
    data["seed"] = rng.getrandbits(62)
    data["rng_counter"] = 0
    return Game.from_json(data, keep_choice_text=False)  # the bots read option ids only


def _shuffled(items: list[int], rng: random.Random) -> list[int]:
    rng.shuffle(items)
    return items


def _take(pool: list[int], n: int, where: str) -> list[int]:
    if n > len(pool):
        raise ViewError(f"{where}: {n} hidden cards but only {len(pool)} unseen")
    taken = pool[len(pool) - n :] if n else []
    del pool[len(pool) - n :]
    return taken


def _fill_slot(
    slot: dict[str, Any] | None, pools: dict[str, list[int]] | None, ravagers: list[int] | None
) -> dict[str, Any] | None:
    """Fill a face-down card's identity: Mission cards from their colour's unseen
    pool (`pools`), Ravager cards from the unseen Ravagers (`ravagers`)."""
    if slot is None or "card" in slot:
        return slot
    if slot["kind"] == "mission" and pools is not None:
        card = _take(pools[slot["colour"]], 1, f"{slot['colour']} face-down cards")[0]
        assert MISSION_CARDS[card].colour.value == slot["colour"]
        return {"kind": "mission", "card": card}
    if slot["kind"] == "ravager" and ravagers is not None:
        return {"kind": "ravager", "card": _take(ravagers, 1, "face-down Ravagers")[0]}
    return slot
