"""A.3: draw a Mission card of the die's colour, then keep to the hand limit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import asking
from engine.components import COLOUR_INDEX, HAND_LIMIT, DieColour
from engine.decision import Option
from engine.handlers import Frame, Handler, handler
from engine.late_flip import late_flip, late_flips
from engine.mission_cards import (
    discard_mission,
    draw_mission,
    draw_two_to_keep_one,
    mission_label,
    mission_short,
)
from engine.ops import player
from engine.words import a

if TYPE_CHECKING:
    from engine.game import Game


@handler
class DrawCard(Handler):
    """A.3: draw a card of the die's colour, return the die to its supply."""

    kind = "a3"

    def resolve(self, g: Game, f: Frame) -> None:
        seat = f["seat"]
        t = g.state.turn
        d = t.pop("die")
        # The die goes back to its own supply; cards match its original colour
        # even if a boost changed it (advanced rules).
        colour = DieColour(d.get("original", d["colour"]))
        g.state.board.supply[COLOUR_INDEX[colour]] += 1
        g.push("late_flip", seat=seat)  # R20: after A.3, before the turn ends
        g.push("hand_limit", seat=seat)
        if g.state.options.advanced:
            # Advanced A3: draw two, keep one, discard the other.
            drawn = draw_two_to_keep_one(g, seat, colour)
            if len(drawn) == 2:
                g.push("keep", seat=seat, cards=drawn)
                return
            card = drawn[0] if drawn else None
        else:
            card = draw_mission(g, colour)
        if card is None:
            g.log("draw", f"No {colour} Mission card is left to draw.", seat)
        else:
            player(g, seat).missions.append(card)
            g.log(
                "draw",
                f"{g.name(seat)} draws {a(colour)} Mission card.",
                seat,
                private=f"You drew {mission_label(card)}",
            )


@handler
class HandLimit(Handler):
    kind = "hand_limit"
    secret = True

    def prompt(self, g: Game, f: Frame) -> str:
        n = len(player(g, f["seat"]).missions)
        flip = " (or first flip a die with debris)" if late_flips(g, f["seat"]) else ""
        return f"You have {n} Mission cards; discard down to {HAND_LIMIT}{flip}."

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        if len(p.missions) <= HAND_LIMIT or asking.last_turn_of_game(g):
            return []
        # R20 (version 4): the hand limit ends the turn, so it carries the
        # late flips too; one question instead of two.
        return [
            Option.lazy(
                f"discard:{m}",
                lambda m=m: (f"Discard {mission_short(m)}", f"Discard {mission_label(m)}", ()),
            )
            for m in p.missions
        ] + late_flips(g, f["seat"])

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        if option.startswith("flip:"):
            late_flip(g, seat, option)
            g.push("hand_limit", seat=seat)
            return
        below = g.state.frames[-1] if g.state.frames else {}
        if below.get("k") == "late_flip" and late_flips(g, seat):
            below["asked"] = True  # the flips were offered with this discard
        card = int(option.partition(":")[2])
        player(g, seat).missions.remove(card)
        discard_mission(g, card)
        g.log("discard", f"{g.name(seat)} discards a Mission card (hand limit).", seat)
        g.push("hand_limit", seat=seat)
