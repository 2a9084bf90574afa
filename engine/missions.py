"""Activation Mission cards in Space: activations, spending, the owner's free activation (R11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.asking import alike_once
from engine.bundle import Bundle, bundle_text
from engine.components.cards import MISSION_CARDS
from engine.components.tiles import TILES, TileKind
from engine.decision import Option
from engine.describe import tile_in_sentence, tile_shown
from engine.handlers import Frame, Handler, handler
from engine.mission_cards import discard_mission, mission_label, mission_short
from engine.ops import CELL_NAMES, can_pay, gain, player, scarcest_stock
from engine.space import hex_name
from engine.tile_words import tile_text
from engine.words import plural

if TYPE_CHECKING:
    from engine.game import Game


def _card_at(g: Game, f: Frame) -> int:
    placed = g.state.board.strips[f["hex"][0]].cards[f["hex"][1]]
    assert placed is not None
    return placed.card


def pay_and_gain(g: Game, seat: int, card: int) -> None:
    """One activation: pay the plain costs now, queue the chosen ones (tiles,
    cards), gain last."""
    effect = MISSION_CARDS[card].effect
    cost = effect.cost
    p = player(g, seat)
    p.ships -= cost.ships
    p.resources -= cost.resources
    p.debris -= cost.debris
    p.break_room -= cost.robots  # R4: spent robots go from the break room to the supply
    p.robots_supply += cost.robots
    g.push("mission_gain", seat=seat, card=card)
    for kind, n in (
        ("spend_tech", cost.tech),
        ("spend_mission", cost.missions),
        ("spend_ravager", cost.ravagers),
    ):
        for _ in range(n):
            g.push(kind, seat=seat)


@handler
class MissionActivation(Handler):
    kind = "mission"

    def prompt(self, g: Game, f: Frame) -> str:
        card = _card_at(g, f)
        return f"{mission_label(card)} — {plural(f['left'], 'activation')} left."

    def options(self, g: Game, f: Frame) -> list[Option] | None:
        card = _card_at(g, f)
        if f["left"] <= 0:
            return []
        effect = MISSION_CARDS[card].effect
        if not effect.cost.counts():
            return None  # nothing to spend: take everything
        opts = []
        if can_pay(player(g, f["seat"]), effect.cost):
            opts.append(
                Option(
                    "activate",
                    f"Activate once ({f['left']} left)",
                    f"Activate once: {MISSION_CARDS[card].text}",
                    (f"hex:{hex_name(tuple(f['hex']))}",),
                )
            )
        return opts + [Option("done", "Stop activating")]

    def resolve(self, g: Game, f: Frame) -> None:
        card = _card_at(g, f)
        effect = MISSION_CARDS[card].effect
        b = effect.gain
        n = f["left"]
        g.state.turn["activated"] = True
        total = Bundle(**{k: v * n for k, v in b.counts().items()})
        gain(g, f["seat"], total, f"Mission at {hex_name(tuple(f['hex']))}")

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "done":
            seat = f["seat"]
            cost = MISSION_CARDS[_card_at(g, f)].effect.cost
            if not can_pay(player(g, seat), cost):  # not a choice: say why it stops
                # A public line: "their" break room; "any" when none was paid for.
                which = "another" if g.state.turn.get("activated") else "any"
                g.log(
                    "mission_unpaid",
                    f"{g.name(seat)} cannot pay for {which} activation "
                    f"({scarcest_stock(player(g, seat), cost, whose='their')}): "
                    f"{plural(f['left'], 'activation')} unused.",
                    seat,
                )
            return
        if f["left"] > 1:
            g.push("mission", seat=f["seat"], hex=f["hex"], left=f["left"] - 1)
        g.state.turn["activated"] = True
        pay_and_gain(g, f["seat"], _card_at(g, f))


@handler
class MissionGain(Handler):
    kind = "mission_gain"

    def resolve(self, g: Game, f: Frame) -> None:
        # The storage paid for it is said too (cards and tiles spent have
        # lines of their own): "gains 2 VP (Mission activation)" hid the debris.
        effect = MISSION_CARDS[f["card"]].effect
        c = effect.cost
        paid = Bundle(ships=c.ships, resources=c.resources, robots=c.robots, debris=c.debris)
        why = "Mission activation"
        if paid.counts():
            why += f", for {bundle_text(paid)}"
        gain(g, f["seat"], effect.gain, why)


@handler
class OwnerFreeActivation(Handler):
    """R11: the owner of an activated card may take one activation, no die needed."""

    kind = "owner_free"

    def prompt(self, g: Game, f: Frame) -> str:
        return f"Your Mission card at {hex_name(tuple(f['hex']))} was activated: take your free activation?"

    def options(self, g: Game, f: Frame) -> list[Option]:
        placed = g.state.board.strips[f["hex"][0]].cards[f["hex"][1]]
        if placed is None or placed.owner != f["seat"] or not g.state.turn.get("activated"):
            return []
        effect = MISSION_CARDS[placed.card].effect
        opts = []
        if can_pay(player(g, f["seat"]), effect.cost):
            opts.append(
                Option(
                    "activate",
                    "Take the free activation",
                    f"Activate once: {MISSION_CARDS[placed.card].text}",
                    (f"hex:{hex_name(tuple(f['hex']))}",),
                )
            )
        return opts + [Option("decline", "Decline")]

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "decline":
            g.log("owner_free", f"{g.name(f['seat'])} declines the free activation.", f["seat"])
            return
        g.log("owner_free", f"{g.name(f['seat'])} takes the owner's free activation.", f["seat"])
        pay_and_gain(g, f["seat"], _card_at(g, f))


@handler
class SpendTechnology(Handler):
    kind = "spend_tech"

    def prompt(self, g: Game, f: Frame) -> str:
        return "Spend a technology: a tile from your grid or an ejected one."

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        opts = [
            Option.lazy(
                f"cell:{CELL_NAMES[c]}",
                lambda c=c: (
                    f"Spend {CELL_NAMES[c]}",
                    f"Spend {CELL_NAMES[c]}: {tile_shown(p, c)}",
                    (f"cell:{CELL_NAMES[c]}",),
                ),
            )
            for c, t in enumerate(p.grid)
            if t is not None and TILES[t].kind is not TileKind.ADVANCED
        ]
        if p.ejected:
            opts.append(
                Option(
                    "ejected",
                    "Spend an ejected tile",
                    f"Spend an ejected tile ({tile_text(p.ejected[-1])})",
                )
            )
        return opts

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        p = player(g, seat)
        # Where it came from and the side it showed: the grid's image changes
        # there, and "a Starting tile" alone did not say which of three.
        boost = False
        if option == "ejected":
            tile = p.ejected.pop()
            where = "their ejected tiles"
        else:
            where = option.partition(":")[2]
            cell = CELL_NAMES.index(where)
            tile = p.grid[cell]
            boost = p.grid_boost[cell]
            p.grid[cell] = None
            p.grid_boost[cell] = False
            if p.grid_debris[cell]:
                p.grid_debris[cell] = False
                p.debris += 1
        assert tile is not None
        g.state.board.tech_discard.append(tile)
        g.log("spend", f"{g.name(seat)} spends {tile_in_sentence(tile, boost)} from {where}.", seat)


@handler
class SpendMission(Handler):
    kind = "spend_mission"
    secret = True

    def prompt(self, g: Game, f: Frame) -> str:
        return "Spend a Mission card from your hand (any colour)."

    def options(self, g: Game, f: Frame) -> list[Option]:
        return [
            Option(f"card:{m}", f"Spend {mission_short(m)}", f"Spend {mission_label(m)}")
            for m in player(g, f["seat"]).missions
        ]

    def choose(self, g: Game, f: Frame, option: str) -> None:
        card = int(option.partition(":")[2])
        player(g, f["seat"]).missions.remove(card)
        discard_mission(g, card)
        g.log("spend", f"{g.name(f['seat'])} spends a Mission card.", f["seat"])


@handler
class SpendRavager(Handler):
    kind = "spend_ravager"
    secret = True

    def prompt(self, g: Game, f: Frame) -> str:
        return "Spend a Ravager card from your hand."

    def options(self, g: Game, f: Frame) -> list[Option]:
        opts = [
            Option(f"card:{r}", f"Spend Ravager card #{r}") for r in player(g, f["seat"]).ravagers
        ]
        return alike_once(g, opts, "card:")

    def choose(self, g: Game, f: Frame, option: str) -> None:
        card = int(option.partition(":")[2])
        player(g, f["seat"]).ravagers.remove(card)
        g.state.board.ravager_discard.append(card)
        g.log("spend", f"{g.name(f['seat'])} spends a Ravager card.", f["seat"])
