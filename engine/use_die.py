"""A.2: use the die taken or bought on an action or a Mission card in Space
(or first transform it: a debris flip, an advanced boost)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import asking
from engine.boosts import apply_die_boost, die_boost_options
from engine.components import (
    ACTION_NAMES,
    ACTIONS,
    COLOUR_BY_NAME,
    OPPOSITE_FACE,
    ActionKind,
    DieColour,
)
from engine.components.cards import MISSION_CARDS
from engine.components.hal import HAL_SEAT
from engine.decision import Option
from engine.describe import action_short, action_text
from engine.dice_take import flip_with_debris
from engine.dice_use import activations, mission_uses, transform_usable, usable_actions
from engine.handlers import Frame, Handler, handler
from engine.mission_cards import mission_short
from engine.ops import payable_times, player, scarcest_stock
from engine.rules_version import zero_die_commands_only
from engine.space import hex_name, parse_hex
from engine.words import die_named, face_words, plural

if TYPE_CHECKING:
    from engine.game import Game


@handler
class UseDie(Handler):
    kind = "use_die"

    def prompt(self, g: Game, f: Frame) -> str:
        d = g.state.turn["die"]
        return (
            f"Use your {die_named(d['colour'], d['value'])}: "
            "choose an action or a Mission card in Space."
        )

    def options(self, g: Game, f: Frame, flip: bool = True) -> list[Option]:
        """`flip`: offer the flip of this die (the merged turn options, which
        cannot carry it, ask without: engine/asking.py)."""
        seat = f["seat"]
        d = g.state.turn["die"]
        colour = COLOUR_BY_NAME[d["colour"]]
        value = d["value"]
        opts = []
        # R2: Command needs a ship to move, or a card to place with a die
        # worth 0; version 2 (R18): a die worth 0 performs nothing else.
        for n in usable_actions(g, seat, colour, value):
            opts.append(action_option(g, seat, n, value, f"action:{n}"))
        owed = 1 if d.get("unpaid") else 0  # the merged turn options: a die not yet bought
        for h, placed in mission_uses(g, seat, colour, value):
            opts.append(mission_option(g, seat, placed, h, value, owed))
        if flip and not d["bought"] and player(g, seat).debris:
            new = OPPOSITE_FACE[value]
            opts.append(
                Option.lazy(
                    "flip",
                    lambda: (
                        f"Flip this die to {face_words(new, short=True)} (1 debris)",
                        f"Spend a debris to flip this die from {face_words(value)} to "
                        f"{face_words(new)}",
                        (),
                    ),
                )
            )
        opts += die_boost_options(g, seat, d)
        if zero_die_commands_only(g.state.options):
            # Version 2: no flip or boost that leaves a die with no use.
            opts = [
                o
                for o in opts
                if o.id.startswith(("action:", "mission:")) or transform_usable(g, seat, d, o.id)
            ]
        return asking.use_die_options(g, d, opts)

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        t = g.state.turn
        d = t["die"]
        verb, _, arg = option.partition(":")
        if verb in ("three", "recolour"):
            apply_die_boost(g, seat, d, option)
            g.push("use_die", seat=seat)
            return
        if verb == "flip":
            d["value"] = flip_with_debris(g, seat, DieColour(d["colour"]), d["value"])
            asking.after_use_die_flip(g, d)
            g.push("use_die", seat=seat)
            return
        colour = DieColour(d["colour"])
        value = d["value"]
        g.push("a3", seat=seat)
        if verb == "mission":
            h = parse_hex(arg)
            assert h is not None
            placed = g.state.board.strips[h[0]].cards[h[1]]
            assert placed is not None
            g.log(
                "mission_activated",
                # Not "activates … 3 times": storage may pay for fewer (R4); each
                # activation paid, or why they stop, has a line of its own.
                f"{g.name(seat)} uses the Mission card at {arg} with {plural(value, 'activation')}.",
                seat,
            )
            # The owner's free activation (R11) follows only if the card was
            # activated at least once (not with a star die, not after "done" at once).
            if g.state.hal is not None and placed.owner == HAL_SEAT:
                g.push("hal_free", card=placed.card)
            elif placed.owner != seat:
                g.push("owner_free", seat=placed.owner, hex=list(h))
            g.push("mission", seat=seat, hex=list(h), left=value)
            return
        n = int(arg)
        kind = ACTIONS[n][0]
        star = value == 0
        damaged = activations(g, n, value) != value
        value = activations(g, n, value)
        t["action"] = n
        g.log(
            "action",
            f"{g.name(seat)} performs action {n}, {ACTION_NAMES[kind]}, with {plural(value, 'activation')}"
            + (" (damaged action: −1)." if damaged else "."),
            seat,
            action=n,
        )
        if kind is ActionKind.COMMAND:
            g.push("command", seat=seat, value=value, colour=colour.value, star=star)
        else:
            g.push(kind.value, seat=seat, left=value)
        if g.state.options.advanced:
            g.push("boost_vp", seat=seat, action=kind.value)
        g.push("ravager_effect", seat=seat, location=n)


def action_option(g: Game, seat: int, n: int, value: int, oid: str) -> Option:
    def words() -> tuple[str, str, tuple[str, ...]]:
        act = activations(g, n, value)
        return (
            "Action " + action_short(g, n, value, act),
            action_text(g, seat, n, value, act),
            (f"action:{n}",),
        )

    return Option.lazy(oid, words)


def mission_option(
    g: Game, seat: int, card: int, h: tuple[int, int], value: int, owed: int
) -> Option:
    """A die on a Mission card in Space. Activations the storage cannot pay
    for gain nothing (the card's cost, R4), so the words say how many it pays
    for; `owed`: resources the die still costs to buy."""

    def words() -> tuple[str, str, tuple[str, ...]]:
        where = hex_name(h)
        label = f"Mission at {where} ×{value}"
        text = (
            f"Activate {mission_short(card)} at {where} with {plural(value, 'activation')}: "
            f"{MISSION_CARDS[card].text}"
        )
        cost, p = MISSION_CARDS[card].effect.cost, player(g, seat)
        paid = payable_times(p, cost, value, owed)  # a card with no cost: `value`
        if paid < value:
            stock = scarcest_stock(p, cost, owed)
            if paid:
                label += f" ⚠ pays for {paid}"
                text += f" You can pay for only {paid} ({stock})."
            else:
                label += " ⚠ cannot pay"
                text += f" You cannot pay for any ({stock}): only the card draw follows."
        return label, text, (f"hex:{where}",)

    return Option.lazy(f"mission:{hex_name(h)}", words)
