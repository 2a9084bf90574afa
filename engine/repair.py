"""Repair and Destroy Ravagers: taking damage cubes off the actions and the supply
dice (each cube becomes debris: into storage, or onto a tile to activate it) and
Ravager cards off the actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.asking import with_stop
from engine.components import ACTION_NAMES, ACTIONS, COLOUR_BY_LETTER, COLOUR_INDEX, COLOURS
from engine.decision import Option
from engine.describe import whose
from engine.discover import tile_short
from engine.handlers import Frame, Handler, handler
from engine.ops import CELL_NAMES, player
from engine.ravagers import ravager_text
from engine.state import RavagerOnBoard
from engine.tile_words import tile_text
from engine.tiles import activatable_cell, idle_adjacent_note
from engine.words import a, and_list, plural

if TYPE_CHECKING:
    from engine.game import Game


# --------------------------------------------------------------------------- Repair


@handler
class Repair(Handler):
    kind = "repair"

    def prompt(self, g: Game, f: Frame) -> str:
        return f"Repair: {plural(f['left'], 'activation')} left. Remove a damage cube or stop."

    def options(self, g: Game, f: Frame) -> list[Option]:
        b = g.state.board
        opts = [
            Option(
                f"action:{n + 1}",
                f"Repair action {n + 1} ({d} cube{'s' if d > 1 else ''})",
                f"Remove a cube from action {n + 1}, {ACTION_NAMES[ACTIONS[n + 1][0]]} "
                f"({d} cube{'s' if d > 1 else ''}"
                + ("; damaged: −1 until repaired" if d >= 2 else "")
                + "); the cube becomes your debris",
                (f"action:{n + 1}",),
            )
            for n, d in enumerate(b.damage)
            if d > 0
        ]
        opts += [
            Option(
                f"die:{c.letter}",
                f"Repair a damaged {c} die",
                f"Remove the cube from a damaged {c} die in the supply "
                f"({b.supply_damaged[i]} damaged); the cube becomes your debris",
                (f"supply:{c.letter}",),
            )
            for i, c in enumerate(COLOURS)
            if b.supply_damaged[i] > 0
        ]
        return with_stop(g, Option("done", "Repair no more"), opts) if f["left"] > 0 else []

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "done":
            _say_unused(g, f, self, "finds no damage cube left to repair")
            return
        seat = f["seat"]
        b = g.state.board
        where, _, arg = option.partition(":")
        if where == "action":
            b.damage[int(arg) - 1] -= 1
            what = f"action {arg}"
        else:
            c = COLOUR_INDEX[COLOUR_BY_LETTER[arg]]
            b.supply_damaged[c] -= 1
            b.supply[c] += 1
            what = f"{a(COLOURS[c])} die"
        g.log("repair", f"{g.name(seat)} repairs {what}; the cube becomes debris.", seat)
        if f["left"] > 1:
            g.push("repair", seat=seat, left=f["left"] - 1)
        g.push("place_debris", seat=seat)


@handler
class PlaceDebris(Handler):
    kind = "place_debris"

    def prompt(self, g: Game, f: Frame) -> str:
        return "Place the debris: in storage, or on a tile's lightning space to activate it now."

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        opts = [
            Option(
                "storage",
                "Into your debris storage",
                f"Into your debris storage ({p.debris} there now, {p.debris + 1} after)",
            )
        ]
        for cell in range(9):
            if not p.grid_debris[cell] and activatable_cell(p, cell, None):
                t = p.grid[cell]
                idle = idle_adjacent_note(p, cell)
                opts.append(
                    Option(
                        f"tile:{CELL_NAMES[cell]}",
                        f"On {CELL_NAMES[cell]}: {tile_short(t)}",
                        f"On {CELL_NAMES[cell]}'s lightning space, activating it now: {tile_text(t)}"
                        + (f"; {idle}" if idle else ""),
                        (f"cell:{CELL_NAMES[cell]}",),
                    )
                )
        return opts

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        p = player(g, seat)
        if option == "storage":
            p.debris += 1
            # said like a debris put on a tile: spectators see where it went
            g.log(
                "debris_stored",
                f"{g.name(seat)} puts the debris into storage ({p.debris} there now).",
                seat,
            )
            return
        cell = CELL_NAMES.index(option.partition(":")[2])
        p.grid_debris[cell] = True
        g.log(
            "debris_on_tile",
            f"{g.name(seat)} puts the debris on {CELL_NAMES[cell]} and activates it.",
            seat,
        )
        g.push("tile", seat=seat, cell=cell)


def _say_unused(g: Game, f: Frame, handler: Handler, what: str) -> None:
    """When the engine stopped a Repair or Destroy (nothing left to take), say
    so and how many activations went unused, as Discover does: the log went
    from "performs action 5 … with 2 activations" straight to the card draw.
    A player's own "Repair no more" is their choice, not said."""
    left = f["left"]
    if left > 0 and not any(o.id != "done" for o in handler.options(g, f)):
        g.log(
            f"{f['k']}_unused",
            f"{g.name(f['seat'])} {what} ({plural(left, 'activation')} unused).",
            f["seat"],
        )


# --------------------------------------------------------------------------- Destroy


@handler
class Destroy(Handler):
    kind = "destroy"

    def prompt(self, g: Game, f: Frame) -> str:
        return f"Destroy Ravagers: {plural(f['left'], 'activation')} left. All the Ravagers at an action go together."

    def options(self, g: Game, f: Frame) -> list[Option]:
        left = f["left"]
        opts = [
            Option.lazy(
                f"location:{n + 1}",
                lambda n=n, stack=stack: _destroy_words(g, f["seat"], n, stack),
            )
            for n, stack in enumerate(g.state.board.ravagers)
            if 0 < len(stack) <= left
        ]
        return with_stop(g, Option("done", "Destroy no more"), opts) if left > 0 else []

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "done":
            left = f["left"]
            if any(g.state.board.ravagers):  # too many together for what is left
                what = (
                    "can destroy no more: the Ravagers at each action, which go together,"
                    f" outnumber the {plural(left, 'activation')} left"
                )
            else:
                what = "finds no Ravager left to destroy"
            _say_unused(g, f, self, what)
            return
        seat = f["seat"]
        loc = int(option.partition(":")[2])
        stack = destroy_ravagers_at(g, seat, loc)
        player(g, seat).ravagers.extend(rav.card for rav in stack)
        if f["left"] - len(stack) > 0:
            g.push("destroy", seat=seat, left=f["left"] - len(stack))


def destroy_ravagers_at(g: Game, seat: int, loc: int) -> list[RavagerOnBoard]:
    """The Ravagers at action `loc` leave the board, the robots on them back
    to the break room (R4), said: a player's Destroy or Hal's (solo). Returns
    them; the cards go to the player's hand, Hal's to the discard."""
    stack = g.state.board.ravagers[loc - 1]
    g.state.board.ravagers[loc - 1] = []
    for rav in stack:
        for owner in rav.robots:
            player(g, owner).break_room += 1  # R4: freed robots return to the break room
    freed = robots_freed(g, None, stack)
    g.log(
        "destroy",
        f"{g.name(seat)} destroys {plural(len(stack), 'Ravager')} at action {loc}"
        + (f"; {freed}" if freed else "")
        + ".",
        seat,
        location=loc,
    )
    return stack


def robots_freed(g: Game, seat: int | None, stack: list) -> str:
    """Whose robots on these Ravager cards go where (R4: back to the break
    room, the Black Angel's, shared): "Noelle's robot on it goes back to the
    break room", "your 2 robots and Yellow's robot on them go back…" ("your"
    for ``seat``); "" when there are none."""
    counts: dict[int, int] = {}
    for rav in stack:
        for owner in rav.robots:
            counts[owner] = counts.get(owner, 0) + 1
    if not counts:
        return ""
    robots = and_list(
        [
            f"{whose(g, seat, owner)} " + ("robot" if n == 1 else f"{n} robots")
            for owner, n in counts.items()
        ]
    )
    on = "it" if len(stack) == 1 else "them"
    go = "goes" if sum(counts.values()) == 1 else "go"
    return f"{robots} on {on} {go} back to the break room"


def _destroy_words(g: Game, seat: int, n: int, stack: list) -> tuple[str, str, tuple[str, ...]]:
    k = len(stack)
    goes = "the card goes to your hand" if k == 1 else "the cards go to your hand"
    freed = robots_freed(g, seat, stack)
    if freed:
        goes += f", {freed}"
    return (
        f"Destroy {plural(k, 'Ravager')} at action {n + 1}",
        f"Destroy the {plural(k, 'Ravager')} at action {n + 1} "
        f"(costs {plural(k, 'activation')}; {goes}; top effect: {ravager_text(stack[-1].card)})",
        (f"ravagers:{n + 1}",),
    )
