"""Mission cards: drawing and discarding them, and their names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import COLOUR_INDEX, DieColour
from engine.components.cards import MISSION_CARDS
from engine.words import plural

if TYPE_CHECKING:
    from engine.game import Game


def draw_mission(g: Game, colour: DieColour) -> int | None:
    b = g.state.board
    c = COLOUR_INDEX[colour]
    if not b.mission_decks[c] and b.mission_discards[c]:
        b.mission_decks[c] = b.mission_discards[c]
        b.mission_discards[c] = []
        g.shuffle(b.mission_decks[c])
        g.log("reshuffle", f"The {colour} Mission discards are shuffled into a new deck.")
    return b.mission_decks[c].pop() if b.mission_decks[c] else None


def draw_two_to_keep_one(g: Game, seat: int, colour: DieColour) -> list[int]:
    """Draw 2 Mission cards of a colour to keep one (advanced A.3, a tile's
    draw), said: the cards drawn, fewer when deck and discards run out."""
    drawn = [c for c in (draw_mission(g, colour), draw_mission(g, colour)) if c is not None]
    g.log(
        "draw",
        f"{g.name(seat)} draws {plural(len(drawn), f'{colour} Mission card')} to keep one.",
        seat,
    )
    return drawn


def discard_mission(g: Game, card: int) -> None:
    g.state.board.mission_discards[COLOUR_INDEX[MISSION_CARDS[card].colour]].append(card)


def mission_short(card: int) -> str:
    """'Orange activation #12' (a button's worth)."""
    m = MISSION_CARDS[card]
    return f"{m.colour.value.title()} {m.kind.value} #{m.id}"


_MISSION_LABELS = tuple(f"{mission_short(m.id)}: {m.text}" for m in MISSION_CARDS)


def mission_label(card: int) -> str:
    """The whole card: colour, kind, number and text."""
    return _MISSION_LABELS[card]
