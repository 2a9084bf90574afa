"""Sequence B: lose VP for the dice left, roll one die per workstation robot
(B.1, with the neutral dice rerolled, R16), reserve a die, reset the board (B.2)
and advance the Black Angel (B.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import COLOUR_INDEX, COLOURS
from engine.decision import Option
from engine.dice_take import die_codes, die_text, find_own_die
from engine.handlers import Frame, Handler, handler
from engine.ops import discard_mission, lose_vp, player
from engine.setup import roll, take_die_from_supply
from engine.words import dice_words, plural

if TYPE_CHECKING:
    from engine.game import Game


# --------------------------------------------------------------------------- Sequence B


def sequence_b_text(g: Game, seat: int) -> str:
    p = player(g, seat)
    left = p.standard + p.secure
    lost = sum(d.value for d in left)
    rolls = ", ".join(f"{n} {COLOURS[c]}" for c, n in enumerate(p.workstations) if n) or "no"
    out = "Sequence B: "
    if left:
        out += (
            f"lose {lost} VP for the {plural(len(left), 'die', 'dice')} left in your compartment, "
        )
    out += f"roll {rolls} dice (one per robot in a workstation), reset your board"
    if g.state.end_trigger is None:
        out += ", advance the Black Angel"
    return out


@handler
class SequenceB(Handler):
    kind = "seq_b"

    def resolve(self, g: Game, f: Frame) -> None:
        seat = f["seat"]
        p = player(g, seat)
        b = g.state.board
        g.log("sequence_b", f"{g.name(seat)} performs Sequence B.", seat)
        # B.1: lose VP for the dice still in the compartment (R3: both areas).
        left = p.standard + p.secure
        for d in left:
            b.supply[COLOUR_INDEX[d.colour]] += 1
        p.standard, p.secure = [], []
        lose_vp(g, seat, sum(d.value for d in left), "dice left in the compartment")
        rolled = []
        for c in range(3):
            for _ in range(p.workstations[c]):
                taken, damaged = take_die_from_supply(g, c)
                if not taken:
                    break
                if damaged:
                    lose_vp(g, seat, 1, f"rolling a damaged {COLOURS[c]} die")
                die = roll(g, c)
                p.standard.append(die)
                rolled.append(die.code)
        g.log("roll", f"{g.name(seat)} rolls {dice_words(rolled)}.", seat, dice=rolled)
        reroll_neutral(g)
        g.push("b_reset", seat=seat)
        if g.state.options.advanced:
            g.push("free_reserve", seat=seat)
        g.push("reserve", seat=seat, free=False)


def reroll_neutral(g: Game) -> None:
    """R16: neutral dice that were used or show a star are rerolled."""
    neutral = g.state.neutral
    if neutral is None:
        return
    b = g.state.board
    kept = []
    for d in neutral.dice:
        if d.value == 0:
            b.supply[COLOUR_INDEX[d.colour]] += 1
        else:
            kept.append(d)
    neutral.dice = kept
    have = {d.colour for d in kept}
    for c, colour in enumerate(COLOURS):
        if neutral.workstations[c] and colour not in have:
            taken, _ = take_die_from_supply(g, c)
            if taken:
                kept.append(roll(g, c))
    neutral.dice.sort(key=lambda d: COLOUR_INDEX[d.colour])


@handler
class Reserve(Handler):
    kind = "reserve"

    def prompt(self, g: Game, f: Frame) -> str:
        if f["free"]:
            return "Player aid: you may reserve one of your dice for free."
        return "You may reserve one die for 1 resource (no one can buy it)."

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        opts = []
        if f["free"] or p.resources >= 1:
            cost = "free" if f["free"] else "1 resource"
            opts = [
                Option(
                    f"reserve:{c}",
                    f"Reserve your {die_text(c)} ({cost})",
                    f"Reserve your {die_text(c)} ({cost}): no one can buy it",
                    (f"die:{f['seat']}:{c}",),
                )
                for c in die_codes(p.standard)
            ]
        return opts + [Option("none", "Reserve nothing")]

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "none":
            return
        seat = f["seat"]
        p = player(g, seat)
        area, i = find_own_die(g, seat, option.partition(":")[2])
        die = area.pop(i)
        p.secure.append(die)
        if not f["free"]:
            p.resources -= 1
        g.log("reserve", f"{g.name(seat)} reserves their {die.colour} {die.value}.", seat)


@handler
class ResetAndAdvance(Handler):
    """B.2 reset the player board; B.3 advance the Black Angel (skipped once
    the end is triggered, R10)."""

    kind = "b_reset"

    def resolve(self, g: Game, f: Frame) -> None:
        from engine.advance import advance_black_angel

        seat = f["seat"]
        p = player(g, seat)
        b = g.state.board
        for i, played in enumerate(p.slots):
            if played is None:
                continue
            if played.kind == "mission":
                discard_mission(g, played.card)
            else:
                b.ravager_discard.append(played.card)
            p.slots[i] = None
        p.debris += sum(p.grid_debris)
        p.grid_debris = [False] * 9
        if g.state.end_trigger is None:
            advance_black_angel(g)
