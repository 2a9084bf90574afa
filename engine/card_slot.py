"""A.1: the slot around the board where a played card goes, and the tiles a
card there activates."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components.cards import MISSION_CARDS
from engine.decision import Option
from engine.describe import cells_text
from engine.handlers import Frame, Handler, handler
from engine.ops import CELL_NAMES, SLOT_NAMES, player
from engine.state import PlayedCard
from engine.words import a, and_list

if TYPE_CHECKING:
    from engine.game import Game


def slot_words(slot: int) -> str:
    """A card slot as a player names it: "row 2", "column C"."""
    name = SLOT_NAMES[slot]
    return f"row {name[-1]}" if slot < 3 else f"column {name[-1]}"


def slot_option(g: Game, seat: int, slot: int, kind: str, card: int, oid: str) -> Option:
    """A card slot with the tiles a card there would activate, as they are shown."""

    def words() -> tuple[str, str, tuple[str, ...]]:
        from engine.tile_effects import idle_reason
        from engine.tiles import tiles_activated_by_card

        p = player(g, seat)
        name = SLOT_NAMES[slot]
        cells = tiles_activated_by_card(g, seat, slot, kind, card)
        where = slot_words(slot)
        reach = ", ".join(CELL_NAMES[c] for c in cells) or "no tile"
        full = cells_text(p, cells) or "no tile"
        label, detail = f"{where.title()}: activates {reach}", f"By {where}: activates {full}"
        # Every tile it reaches would do nothing (a "move a ship" tile with no
        # ship in Space): said as a die's idle action is, before the card goes.
        why = [idle_reason(g, seat, c) for c in cells]
        if cells and all(why):
            told = [w for w in dict.fromkeys(why) if w and w not in full]  # full says some
            label += " ⚠ nothing to do"
            detail += f"; {and_list(told)}: nothing to do" if told else ": nothing to do"
        return (
            label,
            detail,
            (f"slot:{name}",) + tuple(f"cell:{CELL_NAMES[c]}" for c in cells),
        )

    return Option.lazy(oid, words)


@handler
class Slot(Handler):
    kind = "slot"

    def prompt(self, g: Game, f: Frame) -> str:
        return "Choose the slot around your board for this card."

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        opts = []
        for i, name in enumerate(SLOT_NAMES):
            if p.slots[i] is not None:
                continue
            opts.append(slot_option(g, f["seat"], i, f["kind"], f["card"], f"slot:{name}"))
        return opts

    def choose(self, g: Game, f: Frame, option: str) -> None:
        from engine.tiles import tiles_activated_by_card

        seat = f["seat"]
        p = player(g, seat)
        slot = SLOT_NAMES.index(option.partition(":")[2])
        p.slots[slot] = PlayedCard(f["kind"], f["card"])
        if f["kind"] == "mission":
            what = f"{a(MISSION_CARDS[f['card']].colour)} Mission card"
        else:
            what = "a Ravager card"
        g.log("card_played", f"{g.name(seat)} plays {what} by {slot_words(slot)}.", seat)
        cells = tiles_activated_by_card(g, seat, slot, f["kind"], f["card"])
        if cells:
            g.push("activate", seat=seat, cells=cells)
