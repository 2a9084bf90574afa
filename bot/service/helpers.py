"""Game helpers with no I/O: the bot's simplest choice, turn keys, lobby colours."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import engine
from bot.service.model import (
    COLOUR_NAMES,
    ServiceError,
)
from engine import Decision, Game, GameOptions
from engine.components import PLAYER_COLOURS
from engine.decision import public_words
from storage import (
    GameRecord,
)

#: Option ids the bot picks first when it must play for someone (timeout, removed seat).
SIMPLE_IDS = ("pass", "B", "none", "done", "skip", "decline", "storage")
#: Event kinds that reveal something new (chance or a hidden card): undo stops there.
REVEALING = frozenset(
    {
        "roll",
        "draw",
        "reshuffle",
        "ravagers_appear",
        "ravagers_blocked",  # the deck's last cards were drawn
        "tile_appears",
        "ravager",
        "neutral",
    }
)


def secret_public_words(game: Game, d: Decision) -> str:
    """A secret decision as the channel's line names it (engine.decision.public_words)."""
    return public_words(d.kind, d.prompt, len(game.state.players[d.seat].missions))


def simplest_option(d: Decision) -> engine.Option:
    """The fallback when the bot player fails: never throw away usable dice for
    a VP-losing Sequence B (use the best own die); else pass / Sequence B /
    nothing / the first."""
    ids = {o.id: o for o in d.options}
    if d.kind == "turn":
        dice = [o for o in d.options if o.id.startswith("die:") and o.id[5:6] in "123"]
        if dice:
            return max(dice, key=lambda o: o.id[5:6])
    for oid in SIMPLE_IDS:
        if oid in ids:
            return ids[oid]
    return d.options[0]


def turn_key(g: Game) -> tuple[int, int, bool]:
    s = g.state
    return (s.round, s.current, s.finished)


def kept_for_good(
    before: tuple[int, int, bool], seen: tuple[Any, ...], g: Game, events: Sequence[Any]
) -> str | None:
    """Why the decision just applied to ``g`` cannot be taken back (None: it can):
    it ended the turn, or something came to light (``before``/``seen``: its
    :func:`turn_key` and :func:`counts` before it)."""
    if turn_key(g) != before:
        return "That decision ended the turn; it cannot be taken back."
    if counts(g) != seen or any(ev.kind in REVEALING or ev.private for ev in events):
        return "A die was rolled or a card was drawn since; it cannot be taken back."
    return None


def counts(g: Game) -> tuple[Any, ...]:
    b = g.state.board
    return (
        tuple(len(d) for d in b.mission_decks),
        len(b.ravager_deck),
        len(b.advanced_deck),
        tuple(len(t) for t in b.tech_stacks),
        g.state.rng_counter,
    )


def options_json(players: int, advanced: bool, difficulty: str | None) -> dict[str, Any]:
    return engine.options_to_json(
        GameOptions(players=players, advanced=advanced, difficulty=difficulty)
    )


def replace_record(rec: GameRecord, **kw: Any) -> GameRecord:

    return dataclasses.replace(rec, **kw)


def assign_colours(users: Sequence[int], wishes: dict[int, str | None]) -> list[str]:
    """Colour by seat: each lobby wish is honoured (first come in seat order),
    the others take the first free colours."""
    names = [c.value for c in PLAYER_COLOURS]
    out: list[str | None] = []
    for u in users:
        wish = wishes.get(u)
        out.append(wish if wish in names and wish not in out else None)
    free = [c for c in names if c not in out]
    return [c if c is not None else free.pop(0) for c in out]


def parse_colour(colour: str | None) -> str | None:
    if colour is None or not colour.strip():
        return None
    c = colour.strip().lower()
    names = [n.lower() for n in COLOUR_NAMES]
    if c not in names:
        raise ServiceError(f"Colours: {', '.join(names)}.")
    return c
