"""Hal, the solo opponent (rulebook "Variant – Playing Solitaire", R17).

Hal never asks anything: his whole turn is one automatic frame that reports
what he did as events. Every gain turns into VP at once by the weighting on
the back of the card on top of his deck. Among equally good choices he picks
the lowest location, then the lowest display space (R17).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from engine.bundle import Bundle, bundle_text
from engine.components import (
    ACTION_NAMES,
    COLOUR_INDEX,
    COLOURS,
    DISPLAY_COST,
    DISPLAY_SPACES,
    ActionKind,
    DieColour,
)
from engine.components.cards import DAMAGING_EFFECTS, MISSION_CARDS, RAVAGER_CARDS, REWARD_BUNDLES
from engine.components.hal import HAL_CARDS, HAL_SEAT, HalCard, HalWeights, action_number
from engine.components.strips import HexKind
from engine.describe import enters_boost_side_up, tile_in_sentence
from engine.display import tiles_appear
from engine.handlers import Frame, Handler, handler
from engine.mission_cards import draw_mission, mission_short
from engine.ops import loss_text
from engine.ravager_arrival import ravagers_appear_around
from engine.ravagers import strike
from engine.repair import destroy_ravagers_at
from engine.space import hex_name
from engine.space_board import hex_spec
from engine.state import Die, PlacedMission
from engine.words import a, and_list, dice_words, die_named, plural

if TYPE_CHECKING:
    from engine.game import Game

CANNOT_ACT_VP = 3
COMET_VP = 3
EJECTED_CARD_VP = 3


def weights(g: Game) -> HalWeights:
    hal = g.state.hal
    assert hal is not None
    _refill_deck(g)
    return HAL_CARDS[hal.deck[-1]].weights


def _refill_deck(g: Game) -> None:
    hal = g.state.hal
    assert hal is not None
    if not hal.deck:
        hal.deck, hal.discard = hal.discard, []
        g.shuffle(hal.deck)
        g.log(
            "hal_reshuffle", "Hal's deck is exhausted: his discards are shuffled into a new deck."
        )


def hal_scores(g: Game, vp: int, why: str) -> None:
    hal = g.state.hal
    assert hal is not None
    hal.vp += vp
    g.log("hal_vp", f"Hal scores {vp} VP ({why}).", HAL_SEAT, amount=vp)


def hal_gains(g: Game, b: Bundle, why: str, tiles: int = 0, advanced: int = 0) -> None:
    """Everything Hal gains becomes VP by the current weighting; the log shows
    the sum ('Ravagers destroyed: 2 Ravager cards × 2 VP'), since the weights
    change with every card and the board shows only the next card's."""
    w = weights(g)
    counted = [
        (b.ships, Bundle(ships=b.ships), w.ship),
        (b.resources, Bundle(resources=b.resources), w.resource),
        (b.robots, Bundle(robots=b.robots), w.robot),
        (b.debris, Bundle(debris=b.debris), w.debris),
        (b.ravagers, Bundle(ravagers=b.ravagers), w.ravager),
    ]
    parts = [f"{b.vp} VP"] if b.vp else []
    parts += [f"{bundle_text(one)} × {vp} VP" for n, one, vp in counted if n]
    if tiles:
        parts.append(f"{plural(tiles, 'Technology tile')} × {w.tech} VP")
    if advanced:
        parts.append(f"{plural(advanced, 'Advanced tile')} × {w.advanced} VP")
    vp = b.vp + sum(n * weight for n, _, weight in counted) + tiles * w.tech
    vp += advanced * w.advanced
    hal_scores(g, vp, f"{why}: {' + '.join(parts)}" if parts else why)


def hal_loses(g: Game, n: int, why: str) -> None:
    hal = g.state.hal
    assert hal is not None
    lost = min(n, hal.vp)  # R1
    hal.vp -= lost
    g.log("vp_lost", loss_text("Hal", n, lost, why), HAL_SEAT, amount=lost, due=n)


# --------------------------------------------------------------------------- the turn


@handler
class HalTurn(Handler):
    kind = "hal_turn"

    def resolve(self, g: Game, f: Frame) -> None:
        hal_turn(g, f["player_seq"])


@handler
class HalFreeActivation(Handler):
    """Hal always takes the owner's activation of his card (costs ignored: he has no storage)."""

    kind = "hal_free"

    def resolve(self, g: Game, f: Frame) -> None:
        if g.state.turn.get("activated"):  # only after at least one activation (R11)
            hal_gains(g, MISSION_CARDS[f["card"]].effect.gain, "his Mission card was activated")


def hal_turn(g: Game, player_seq: str) -> None:
    from engine.advance import advance_black_angel
    from engine.setup import roll, take_die_from_supply

    s = g.state
    hal = s.hal
    assert hal is not None
    if not hal.dice:
        s.turn["seq"] = "B"
        # R10: once the end is triggered the Black Angel stays where it is.
        advance = (
            " and the Black Angel advances"
            if s.end_trigger is None
            else "; the Black Angel no longer advances (the end is triggered)"
        )
        g.log("hal_turn", f"Hal has no dice: he rolls{advance}.", HAL_SEAT)
        for c in range(3):  # one robot in each workstation
            taken, damaged = take_die_from_supply(s.board, c)
            if taken:
                if damaged:
                    hal_loses(g, 1, f"rolling a damaged {COLOURS[c]} die")
                hal.dice.append(roll(g, c))
        g.log("roll", f"Hal rolls {dice_words([d.code for d in hal.dice])}.", HAL_SEAT)
        if s.end_trigger is None:
            advance_black_angel(g)
        return
    s.turn["seq"] = "A"
    _refill_deck(g)
    card = HAL_CARDS[hal.deck.pop()]
    _refill_deck(g)
    halves = (card.top, card.bottom) if player_seq == "A" else (card.bottom, card.top)
    g.log(
        "hal_card",
        f"Hal reveals his card: {_half_text(card.top, card)} / {_half_text(card.bottom, card)}; "
        f"he reads the {'top' if player_seq == 'A' else 'bottom'} first "
        f"({g.name(0)} performed Sequence {player_seq}).",
        HAL_SEAT,
        card=card.id,
    )
    if not _dice_for_hal(g, halves[0][0]) and _dice_for_hal(g, halves[1][0]):
        # The log says why he reads on (rulebook: "If the color of die
        # specified is no longer available, look at the second part").
        other = "bottom" if player_seq == "A" else "top"
        g.log(
            "hal_turn",
            f"No {halves[0][0]} die is left for Hal: he reads the {other}, "
            f"{_half_text(halves[1], card)}.",
            HAL_SEAT,
        )
    for colour, kind in halves:
        die = _take_die(g, colour)
        if die is not None:
            _act(g, card, die, kind)
            break
    else:
        third = next(c for c in COLOURS if c not in {h[0] for h in halves})
        mine = next((i for i, d in enumerate(hal.dice) if d.colour is third), 0)
        back = hal.dice.pop(mine)
        s.board.supply[COLOUR_INDEX[back.colour]] += 1
        g.log(
            "hal_turn",
            f"Hal can use neither colour: he returns his {back.colour} die to the supply.",
            HAL_SEAT,
        )
        hal_scores(g, CANNOT_ACT_VP, "no die of his colours")
    hal.discard.append(card.id)


def _half_text(half: tuple[DieColour, ActionKind], card: HalCard) -> str:
    """'gray Repair the Black Angel (actions 6 to 1)': the card's printed way
    of doing the action, which decides what Hal takes (rulebook, solo: the
    Discover icon, the Repair/Destroy arrow), so the log can be checked."""
    colour, kind = half
    how = {
        ActionKind.DISCOVER: "Advanced tile first"
        if card.advanced_first
        else "Technology tiles only",
        ActionKind.REPAIR: _order_words(card.clockwise),
        ActionKind.DESTROY: _order_words(card.clockwise),
    }.get(kind)
    return f"{colour} {ACTION_NAMES[kind]}" + (f" ({how})" if how else "")


def _order_words(clockwise: bool) -> str:
    return "actions 1 to 6" if clockwise else "actions 6 to 1"


def _dice_for_hal(g: Game, colour: DieColour) -> list[tuple[int, int, int]]:
    """The dice of the colour Hal may take, as (value, 1 for his own, index):
    his compartment's and the player's unreserved ones. The largest is his
    choice: the highest value, his own on ties."""
    hal = g.state.hal
    assert hal is not None
    own = [(d.value, 1, i) for i, d in enumerate(hal.dice) if d.colour is colour]
    human = g.state.players[0]
    return own + [(d.value, 0, i) for i, d in enumerate(human.standard) if d.colour is colour]


def _take_die(g: Game, colour: DieColour) -> Die | None:
    """The highest die of the colour, his own on ties; the player's unreserved
    die is bought with a resource from the supply for the player."""
    hal = g.state.hal
    assert hal is not None
    dice = _dice_for_hal(g, colour)
    if not dice:
        return None
    value, is_own, i = max(dice)
    if is_own:
        return hal.dice.pop(i)
    human = g.state.players[0]
    die = human.standard.pop(i)
    human.resources += 1
    g.log(
        "hal_buys",
        f"Hal buys {g.name(0)}'s {die_named(colour, value)}; {g.name(0)} takes 1 resource.",
        HAL_SEAT,
    )
    return die


def _act(g: Game, card: HalCard, die: Die, kind: ActionKind) -> None:
    b = g.state.board
    n = action_number(die.colour, kind)
    value = die.value
    damaged = b.damage[n - 1] >= 2 and value > 0
    if damaged:
        value -= 1
    g.log(
        "action",
        f"Hal uses {a(die_named(die.colour, die.value))} on action {n}, {ACTION_NAMES[kind]}"
        + (" (damaged: −1)." if damaged else "."),
        HAL_SEAT,
        action=n,
    )
    stack = b.ravagers[n - 1]
    if stack:
        # Only Ravager effects that add a damage cube touch Hal; he loses nothing.
        top = RAVAGER_CARDS[stack[-1].card]
        if top.effect in DAMAGING_EFFECTS:
            strike(g, n, top.id, HAL_SEAT)  # said as for a player
    zero = _zero_reason(die.value, damaged and value == 0)
    if zero is not None and kind is not ActionKind.COMMAND:
        # A die worth 0 performs nothing (R18); Command ignores the value.
        hal_scores(g, CANNOT_ACT_VP, zero)
    elif kind is ActionKind.DISCOVER:
        _discover(g, value, card.advanced_first)
    elif kind is ActionKind.REPAIR:
        _repair(g, value, card.clockwise)
    elif kind is ActionKind.DESTROY:
        _destroy(g, value, card.clockwise)
    else:
        _command(g, die.colour)
    b.supply[COLOUR_INDEX[die.colour]] += 1


def _zero_reason(face: int, reduced: bool) -> str | None:
    """Why Hal's die is worth 0, in his log line; None when it is not."""
    if face == 0:
        return "a star die"
    if reduced:
        return "the damaged action reduces his 1 to 0"
    return None


# --------------------------------------------------------------------------- actions


def _take_display(g: Game, budget: int, cost_one_only: bool) -> list[int]:
    """Tiles from the ejection end of the display (space 8 first)."""
    display = g.state.board.display
    taken = []
    for i in reversed(range(DISPLAY_SPACES)):
        cost = DISPLAY_COST[i]
        if display[i] is None or cost > budget or (cost_one_only and cost != 1):
            continue
        taken.append(display[i])
        display[i] = None
        budget -= cost
        if cost_one_only:
            break
    return taken


def _take_advanced(g: Game) -> int | None:
    """The Advanced slot next to the display (slot 1); the others shift, the deck refills."""
    b = g.state.board
    present = [t for t in b.advanced_slots if t is not None]
    if not present:
        return None
    tile = present.pop(0)
    while len(present) < len(b.advanced_slots) and b.advanced_deck:
        present.append(b.advanced_deck.pop())
    b.advanced_slots = present + [None] * (len(b.advanced_slots) - len(present))
    return tile


def _discover(g: Game, value: int, advanced_first: bool) -> None:
    hal = g.state.hal
    assert hal is not None
    tiles: list[int] = []
    advanced: list[int] = []
    if value > 0:
        if advanced_first and value >= 2:
            a = _take_advanced(g)
            if a is not None:
                advanced.append(a)
                if value >= 3:
                    tiles = _take_display(g, 1, cost_one_only=True)
            else:
                tiles = _take_display(g, value, cost_one_only=False)
        elif advanced_first:
            tiles = _take_display(g, 1, cost_one_only=True)
        else:
            tiles = _take_display(g, value, cost_one_only=False)
    if not tiles and not advanced:
        hal_scores(g, CANNOT_ACT_VP, f"no tile he can take with a {value}")
        return
    hal.tiles += tiles + advanced
    # Which tiles: the display is public, and a player checking Hal by hand
    # (rulebook, solo Discover) wants to see he took the right ones, named by
    # the side the display showed (advanced rules: the boost side).
    names = [tile_in_sentence(t, enters_boost_side_up(g, t)) for t in tiles] + [
        tile_in_sentence(t) for t in advanced
    ]
    g.log("discover", f"Hal takes {and_list(names)}.", HAL_SEAT)
    hal_gains(g, Bundle(), "tiles discovered", tiles=len(tiles), advanced=len(advanced))


def _order(clockwise: bool) -> list[int]:
    return [1, 2, 3, 4, 5, 6] if clockwise else [6, 5, 4, 3, 2, 1]


def _repair(g: Game, value: int, clockwise: bool) -> None:
    b = g.state.board
    removed = 0
    for _ in range(max(value, 0)):
        loc = next((n for n in _order(clockwise) if b.damage[n - 1] > 0), None)
        if loc is not None:
            b.damage[loc - 1] -= 1
            g.log("repair", f"Hal repairs action {loc}.", HAL_SEAT)
        else:
            # Damaged dice only when no cube is left anywhere else.
            colours = COLOURS if clockwise else tuple(reversed(COLOURS))
            c = next((COLOUR_INDEX[c] for c in colours if b.supply_damaged[COLOUR_INDEX[c]]), None)
            if c is None:
                break
            b.supply_damaged[c] -= 1
            b.supply[c] += 1
            g.log("repair", f"Hal repairs {a(COLOURS[c])} die.", HAL_SEAT)
        removed += 1
    if not removed:
        hal_scores(g, CANNOT_ACT_VP, "no Damage cube to repair")
        return
    hal_gains(g, Bundle(debris=removed), "debris from repairs")


def _destroy(g: Game, value: int, clockwise: bool) -> None:
    b = g.state.board
    order = _order(clockwise)
    stacks = {n: len(b.ravagers[n - 1]) for n in order if b.ravagers[n - 1]}
    best: tuple[int, ...] = ()
    best_key = (0, ())
    for r in range(1, len(stacks) + 1):
        for combo in combinations([n for n in order if n in stacks], r):
            total = sum(stacks[n] for n in combo)
            if total > max(value, 0):
                continue
            # As many cards as possible; then the earliest locations in his order.
            key = (total, tuple(-order.index(n) for n in combo))
            if key > best_key:
                best, best_key = combo, key
    if not best:
        why = f"no Ravager stack small enough for a {value}" if stacks else "no Ravager to destroy"
        hal_scores(g, CANNOT_ACT_VP, why)
        return
    destroyed = 0
    for n in best:
        # The player's robots on them come back, said as for a player's Destroy.
        stack = destroy_ravagers_at(g, HAL_SEAT, n)
        b.ravager_discard.extend(rav.card for rav in stack)
        destroyed += len(stack)
    hal_gains(g, Bundle(ravagers=destroyed), "Ravagers destroyed")


def _command(g: Game, colour: DieColour) -> None:
    from engine.components.cards import MissionKind

    card = draw_mission(g, colour)
    if card is None:
        hal_scores(g, CANNOT_ACT_VP, f"no {colour} Mission card to place")
        return
    m = MISSION_CARDS[card]
    strips = g.state.board.strips
    order = range(len(strips))
    if m.kind is MissionKind.ACTIVATION:
        order = reversed(range(len(strips)))
    for i in order:
        free = [
            p
            for p in range(5)
            if strips[i].cards[p] is None
            and (spec := hex_spec(g, (i, p))).kind is HexKind.ALIEN
            and spec.colour is colour
        ]
        if not free:
            continue
        comet = [p for p in free if hex_spec(g, (i, p)).comet]
        pos = comet[0] if len(free) >= 2 and comet else free[0]
        strips[i].cards[pos] = PlacedMission(card, HAL_SEAT)
        # Named with its mission, as a player's card is: the player may land a
        # ship on it (activation) or wants to know what its ejection does.
        g.log(
            "mission_placed",
            f"Hal places {mission_short(card)} on {hex_name((i, pos))}: {m.text}",
            HAL_SEAT,
            card=card,
            hex=hex_name((i, pos)),
        )
        if len(free) >= 2 and comet:
            hal_scores(g, COMET_VP, "the comet")
        reward = REWARD_BUNDLES[m.reward]
        hal_gains(g, reward, "Mission reward")
        ravagers_appear_around(g, (i, pos))
        tiles_appear(g, m.tiles)
        return
    g.state.board.mission_discards[COLOUR_INDEX[colour]].append(card)
    hal_scores(g, CANNOT_ACT_VP, f"no free {colour} hex for his Mission card")
