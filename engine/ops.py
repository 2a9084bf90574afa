"""A player's board and storage: the grid's cell and card-slot names, gaining,
paying and losing things. Rule modules call these; none asks a question. Cards
are engine/mission_cards.py and engine/ravager_arrival.py, the display
engine/display.py, Space engine/space_board.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.bundle import Bundle, bundle_text
from engine.components import COLOUR_INDEX, DieColour
from engine.components.tiles import TILES, TileKind
from engine.state import Player

if TYPE_CHECKING:
    from engine.game import Game

CELL_NAMES = tuple(f"{'ABC'[i % 3]}{i // 3 + 1}" for i in range(9))
SLOT_NAMES = ("row1", "row2", "row3", "colA", "colB", "colC")


def slot_cells(slot: int) -> tuple[int, int, int]:
    """The grid cells a card in this slot activates (rows left, columns below)."""
    if slot < 3:
        return (slot * 3, slot * 3 + 1, slot * 3 + 2)
    c = slot - 3
    return (c, c + 3, c + 6)


# --------------------------------------------------------------------------- players


def player(g: Game, seat: int) -> Player:
    return g.state.players[seat]


def lose_vp(g: Game, seat: int, n: int, why: str) -> None:
    p = player(g, seat)
    lost = min(n, p.vp)  # R1: a score never goes below 0
    p.vp -= lost
    if n:
        g.log("vp_lost", loss_text(g.name(seat), n, lost, why), seat, amount=lost, due=n)


def loss_text(name: str, due: int, lost: int, why: str) -> str:
    """What really happened: a loss clamped at 0 VP (R1) says what was lost."""
    if lost == due:
        return f"{name} loses {lost} VP ({why})."
    if lost == 0:
        return f"{name} would lose {due} VP ({why}) but has no VP left to lose."
    return f"{name} loses {lost} VP ({why}; {due} were due, but a score cannot go below 0)."


def gain(g: Game, seat: int, b: Bundle, why: str = "") -> None:
    """Take VP, ships, resources, robots and debris from the supply."""
    p = player(g, seat)
    p.vp += b.vp
    p.ships += b.ships
    p.resources += b.resources
    p.debris += b.debris
    robots = min(b.robots, p.robots_supply)  # R4: none left means nothing gained
    p.robots_supply -= robots
    p.break_room += robots
    got = b.counts()
    if "robots" in got:
        got["robots"] = robots
    parts = [bundle_text(Bundle(**got))] if any(got.values()) else []
    if parts:
        g.log("gain", f"{g.name(seat)} gains {', '.join(parts)}{f' ({why})' if why else ''}.", seat)


def can_pay(p: Player, cost: Bundle) -> bool:
    return payable_times(p, cost, 1) > 0


def payable_times(p: Player, cost: Bundle, most: int, owed: int = 0) -> int:
    """How many times, up to `most`, the player's storage pays `cost` (a
    Mission card's activation); `owed`: resources already promised (a die
    still to be bought). The bots count this in every judgement: kept lean."""
    n = most
    for have, need in _stock(p, cost, owed):
        if need:
            n = min(n, have // need)
    return n


def scarcest_stock(p: Player, cost: Bundle, owed: int = 0, whose: str = "your") -> str:
    """What runs out first when `cost` is paid again and again, in words:
    '1 robot in your break room', 'no Ravager card in hand' (`whose`: 'their'
    in a log line everyone reads)."""
    have, _, (one, many) = min(
        (
            (have, need, words)
            for (have, need), words in zip(_stock(p, cost, owed), _STOCK_WORDS, strict=True)
            if need
        ),
        key=lambda part: part[0] // part[1],
    )
    if owed and one == "resource":
        one, many = (w + " once the die is paid for" for w in (one, many))
    one, many = (w.replace("your ", f"{whose} ") for w in (one, many))
    if have == 0:
        return f"no {one}"
    return f"{have} {one if have == 1 else many}"


def _stock(p: Player, cost: Bundle, owed: int) -> tuple[tuple[int, int], ...]:
    """(what the player has, what one payment takes) for each part of a cost,
    in `_STOCK_WORDS`' order. Technology is counted only when the cost asks
    for it: the count walks the grid."""
    return (
        (spendable_tech_count(p) if cost.tech else 0, cost.tech),
        (p.resources - owed, cost.resources),
        (p.ships, cost.ships),
        (p.break_room, cost.robots),  # R4: robots are spent from the break room
        (p.debris, cost.debris),
        (len(p.missions), cost.missions),
        (len(p.ravagers), cost.ravagers),
    )


_STOCK_WORDS = (
    ("Technology tile to spend", "Technology tiles to spend"),
    ("resource", "resources"),
    ("ship", "ships"),
    ("robot in your break room", "robots in your break room"),
    ("debris", "debris"),
    ("Mission card in hand", "Mission cards in hand"),
    ("Ravager card in hand", "Ravager cards in hand"),
)


def spendable_tech_count(p: Player) -> int:
    in_grid = sum(1 for t in p.grid if t is not None and TILES[t].kind is not TileKind.ADVANCED)
    return in_grid + len(p.ejected)


def debris_to_storage(p: Player) -> int:
    """The debris on the player's Technology tiles goes back to their storage
    (Sequence B's reset, B.2, and the end of the game): how many moved."""
    moved = sum(p.grid_debris)
    p.debris += moved
    p.grid_debris = [False] * 9
    return moved


def robot_to_workstation(g: Game, seat: int, colour: DieColour, why: str = "") -> None:
    """`why`: what moves it, as gains say it ("tile C2")."""
    p = player(g, seat)
    c = COLOUR_INDEX[colour]
    p.break_room -= 1
    p.workstations[c] += 1
    g.log(
        "robot",
        f"{g.name(seat)} moves a robot from the break room to the {colour} workstation"
        f"{f' ({why})' if why else ''}.",
        seat,
    )
    neutral = g.state.neutral
    if neutral is not None and neutral.workstations[c]:
        # R16: a player's robot in a workstation sends the neutral robot there out of the game.
        neutral.workstations[c] = False
        g.log("neutral", f"The neutral robot leaves the {colour} workstation.")
