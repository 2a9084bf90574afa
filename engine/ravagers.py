"""The permanent effect of the top Ravager card on an action (A.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.asking import alike_once
from engine.components import next_clockwise
from engine.components.cards import DAMAGING_EFFECTS, RAVAGER_CARDS, RavagerEffect
from engine.decision import Option
from engine.handlers import Frame, Handler, handler
from engine.mission_cards import discard_mission, mission_label, mission_short
from engine.ops import lose_vp, player
from engine.ravager_arrival import damage_die, place_damage
from engine.words import a

if TYPE_CHECKING:
    from engine.game import Game

EFFECT_TEXT = {
    RavagerEffect.DAMAGE_NEXT_ACTION: "a damage cube on the next action clockwise",
    RavagerEffect.DAMAGE_DIE: "a damage cube on {a_colour} die in the supply",
    RavagerEffect.DISCARD_MISSION: "discard a Mission card",
    RavagerEffect.DISCARD_RAVAGER: "discard a Ravager card",
    RavagerEffect.ROBOT_ON_CARD: "put a robot from the break room on this card",
}


def ravager_text(card: int) -> str:
    r = RAVAGER_CARDS[card]
    return EFFECT_TEXT[r.effect].format(a_colour=a(r.die_colour) if r.die_colour else "")


def strike(g: Game, location: int, card: int, seat: int) -> None:
    """A damaging Ravager's effect at `location` (`DAMAGING_EFFECTS`), said as it
    strikes for whoever uses the action (Hal too): its damage cube goes on the
    next action clockwise or a supply die. A cube with no place to go is
    ignored, the appendix says, with no penalty (unlike an effect the player
    cannot pay); `place_damage` says so itself."""
    r = RAVAGER_CARDS[card]
    g.log(
        "ravager_effect", f"The Ravager at action {location} strikes: {ravager_text(card)}.", seat
    )
    if r.effect is RavagerEffect.DAMAGE_NEXT_ACTION:
        place_damage(g, next_clockwise(location))
    elif not damage_die(g, r.die_colour):
        g.log("ravager_effect", "Its damage cube finds no place and is ignored.", seat)


@handler
class RavagerPermanentEffect(Handler):
    """Resolve the top card's effect before the action; if it cannot be
    resolved, the action still happens and the player loses 1 VP."""

    kind = "ravager_effect"
    secret = True

    def prompt(self, g: Game, f: Frame) -> str:
        return f"A Ravager at action {f['location']}: {ravager_text(self._top(g, f))}. Choose the card to discard."

    @staticmethod
    def _top(g: Game, f: Frame) -> int:
        return g.state.board.ravagers[f["location"] - 1][-1].card

    def options(self, g: Game, f: Frame) -> list[Option] | None:
        stack = g.state.board.ravagers[f["location"] - 1]
        if not stack:
            return []
        p = player(g, f["seat"])
        effect = RAVAGER_CARDS[stack[-1].card].effect
        if effect is RavagerEffect.DISCARD_MISSION and p.missions:
            return [
                Option(
                    f"discard:m{m}", f"Discard {mission_short(m)}", f"Discard {mission_label(m)}"
                )
                for m in p.missions
            ]
        if effect is RavagerEffect.DISCARD_RAVAGER and p.ravagers:
            opts = [Option(f"discard:r{r}", f"Discard Ravager card #{r}") for r in p.ravagers]
            return alike_once(g, opts, "discard:r")
        return None

    def resolve(self, g: Game, f: Frame) -> None:
        seat, loc = f["seat"], f["location"]
        top = g.state.board.ravagers[loc - 1][-1]
        card = RAVAGER_CARDS[top.card]
        p = player(g, seat)
        done = False
        if card.effect in DAMAGING_EFFECTS:
            strike(g, loc, top.card, seat)
            return
        elif card.effect is RavagerEffect.ROBOT_ON_CARD and p.break_room:
            p.break_room -= 1
            top.robots.append(seat)
            g.log(
                "ravager_effect",
                f"{g.name(seat)} puts a robot on the Ravager at action {loc}.",
                seat,
            )
            done = True
        if not done:
            g.log(
                "ravager_effect",
                f"{g.name(seat)} cannot resolve the Ravager's effect ({ravager_text(top.card)}).",
                seat,
            )
            lose_vp(g, seat, 1, "unresolved Ravager effect")

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        p = player(g, seat)
        arg = option.partition(":")[2]
        card = int(arg[1:])
        # "discards a Ravager card to the Ravager" read as a gift to it; the
        # line names the Ravager whose effect is paid, as its prompt does.
        demands = f"(the Ravager at action {f['location']} demands it)"
        if arg[0] == "m":
            p.missions.remove(card)
            discard_mission(g, card)
            g.log("ravager_effect", f"{g.name(seat)} discards a Mission card {demands}.", seat)
        else:
            p.ravagers.remove(card)
            g.state.board.ravager_discard.append(card)
            g.log("ravager_effect", f"{g.name(seat)} discards a Ravager card {demands}.", seat)
