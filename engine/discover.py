"""Discover Technology: taking tiles from the display and the Advanced slots,
injecting them into the grid along an arrow, and placing an ejected Advanced
Technology tile beside a Mission colour (R7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.asking import with_stop
from engine.boosts import boost_short
from engine.components import COLOUR_BY_LETTER, COLOUR_INDEX, COLOURS, DISPLAY_COST
from engine.components.tiles import TILES, TileKind
from engine.decision import Option
from engine.describe import (
    display_tile_text,
    enters_boost_side_up,
    tile_in_sentence,
    tile_shown,
    tile_side_text,
)
from engine.handlers import Frame, Handler, handler
from engine.ops import CELL_NAMES, player
from engine.rules_version import no_question_without_choice
from engine.scoring import BASE_CAP, CAP_PER_TUCKED, slot_cap
from engine.state import Player
from engine.tile_words import ADVANCED_TEXT, ADVANCED_WORDS, EFFECT_SHORT, tile_text
from engine.words import mid_sentence, plural

if TYPE_CHECKING:
    from engine.game import Game


# --------------------------------------------------------------------------- Discover

ADVANCED_COST = 2
# An Advanced tile taken may stay in the grid: then it scores at most 4 VP
# (rulebook, "Ejection of an Advanced Technology Tile" and END OF THE GAME).
# Too long for the label (LABEL_ROOM), so the option's full text only says it.
# Ejected into an Advanced slot, the cap grows only with the Mission cards
# tucked beside that slot ("Ejection of an Advanced Technology Tile"): an
# ejection alone does not raise it.
GRID_CAP_WORDS = (
    f"at most {BASE_CAP} VP at the end, or {BASE_CAP} + {CAP_PER_TUCKED} per Mission card "
    "tucked beside the Advanced slot it is ejected into"
)


@handler
class Discover(Handler):
    kind = "discover"

    def prompt(self, g: Game, f: Frame) -> str:
        return f"Discover Technology: {plural(f['left'], 'activation')} left. Take a tile or stop."

    def options(self, g: Game, f: Frame) -> list[Option]:
        b = g.state.board
        left = f["left"]
        opts = [
            Option.lazy(
                f"display:{i + 1}",
                lambda i=i, t=t: (
                    _display_label(g, i, t),
                    f"Display space {i + 1} (cost {DISPLAY_COST[i]}): {display_tile_text(g, t)}",
                    (f"display:{i + 1}",),
                ),
            )
            for i, t in enumerate(b.display)
            if t is not None and DISPLAY_COST[i] <= left
        ]
        if left >= ADVANCED_COST:
            opts += [
                Option.lazy(
                    f"advanced:{i + 1}",
                    lambda i=i, t=t: (
                        f"Advanced slot {i + 1} (cost 2): {tile_short(t)}",
                        # What it scores outside parentheses: a bot's move, told in
                        # a line (bot/service/botplay.brief), drops asides first.
                        f"Advanced slot {i + 1} (cost 2): Advanced Technology, "
                        f"{ADVANCED_WORDS[TILES[t].advanced]} at the end; {GRID_CAP_WORDS}",
                        (f"advanced:{i + 1}",),
                    ),
                )
                for i, t in enumerate(b.advanced_slots)
                if t is not None
            ]
        return with_stop(g, Option("done", "Take no more tiles"), opts)

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        b = g.state.board
        if option == "done":
            left = f["left"]
            if left > 0 and not any(o.id != "done" for o in self.options(g, f)):
                # Not a choice (the engine stopped): say the activations went unused.
                g.log(
                    "discover_unused",
                    f"{g.name(seat)} can take no more tiles: none left costs {left} or less "
                    f"({plural(left, 'activation')} unused).",
                    seat,
                )
            return
        where, _, n = option.partition(":")
        i = int(n) - 1
        if where == "display":
            tile, cost = b.display[i], DISPLAY_COST[i]
            b.display[i] = None  # taken tiles leave a hole
        else:
            tile, cost = b.advanced_slots[i], ADVANCED_COST
            b.advanced_slots[i] = b.advanced_deck.pop() if b.advanced_deck else None
        assert tile is not None
        place = "display space" if where == "display" else "Advanced slot"  # as the options say
        shown = tile_in_sentence(tile, enters_boost_side_up(g, tile))
        g.log("discover", f"{g.name(seat)} takes {shown} from {place} {n}.", seat, tile=tile)
        if where != "display":
            # The rulebook replaces it at once from the face-down deck: a new
            # tile everybody may now take (the log said nothing of it).
            new = b.advanced_slots[i]
            g.log(
                "advanced_refill",
                f"Advanced slot {n} is refilled from the deck: {tile_in_sentence(new, False)}."
                if new is not None
                else f"The Advanced deck is empty: Advanced slot {n} stays empty.",
            )
        if f["left"] - cost > 0:
            g.push("discover", seat=seat, left=f["left"] - cost)
        g.push("inject", seat=seat, tile=tile)


def tile_short(tile: int, starting_effect: bool = True, boost: bool = False, room: int = 0) -> str:
    """A tile in a button's words (the image's, engine/tile_words.py EFFECT_SHORT);
    `starting_effect` False leaves a Starting tile's long "or" effect out,
    where the label has no room (an arrow that ejects it). `boost`: the tile
    shows its boost side (advanced rules), named as the image names it, then
    its standard side when the words fit in `room` characters."""
    t = TILES[tile]
    if t.kind is TileKind.ADVANCED:
        # What it scores, as the tile in the image says it; "Advanced tile"
        # where the label has no room left.
        named = f"Advanced ({ADVANCED_TEXT[t.advanced]})"
        return "Advanced tile" if room and len(named) > room else named
    if t.kind is TileKind.STARTING:
        return f"Starting tile: {EFFECT_SHORT[t.effect]}" if starting_effect else "Starting tile"
    if boost:
        side = f"{t.colour} {boost_short(tile)}"
        then = f"{side}, then {EFFECT_SHORT[t.effect]}"
        return then if len(then) <= room else side
    return f"{t.colour} {EFFECT_SHORT[t.effect]}"


# A label's length (engine/API.md: a button, at most 70 characters).
LABEL_ROOM = 70


def _display_label(g: Game, i: int, tile: int) -> str:
    head = f"Display {i + 1} (cost {DISPLAY_COST[i]}): "
    return head + tile_short(tile, True, enters_boost_side_up(g, tile), LABEL_ROOM - len(head))


def arrows(tile: int) -> list[tuple[str, str, list[int]]]:
    """(id, label, cells from the entry cell on) for each arrow this tile may use.
    Colour arrows: each row from the right, each column from the top; black
    arrows (Advanced Technology): the middle row and middle column (COMPONENTS.md 4)."""
    rows = [
        (f"row{r + 1}", f"Row {r + 1}, from the right", [r * 3 + 2, r * 3 + 1, r * 3])
        for r in range(3)
    ]
    cols = [
        (f"col{'ABC'[c]}", f"Column {'ABC'[c]}, from the top", [c, c + 3, c + 6]) for c in range(3)
    ]
    if TILES[tile].kind is TileKind.ADVANCED:
        return [rows[1], cols[1]]
    return rows + cols


def inject_grid(g: Game, p: Player, tile: int, cells: list[int]) -> int | None:
    """Push the tile in; the run of adjacent tiles shifts on, an empty cell
    absorbs the push, the tile pushed off the edge is returned (R7). In the
    advanced rules Technology tiles go in boost side up."""
    carry: int | None = tile
    carry_debris = False
    carry_boost = g.state.options.advanced and TILES[tile].kind is TileKind.TECHNOLOGY
    for cell in cells:
        carry, p.grid[cell] = p.grid[cell], carry
        carry_debris, p.grid_debris[cell] = p.grid_debris[cell], carry_debris
        carry_boost, p.grid_boost[cell] = p.grid_boost[cell], carry_boost
        if carry is None:
            return None
    if carry_debris:
        p.debris += 1  # debris on an ejected tile goes back to storage
    return carry


def arrow_effect(p: Player, cells: list[int]) -> tuple[list[tuple[int, int]], int | None]:
    """What injecting along these cells does: (from cell, to cell) for each
    tile pushed on, and the tile pushed off the edge (R7)."""
    moved: list[tuple[int, int]] = []
    for k, cell in enumerate(cells):
        if p.grid[cell] is None:
            return moved, None
        if k + 1 < len(cells):
            moved.append((cell, cells[k + 1]))
    return moved, p.grid[cells[-1]]


def arrow_option(p: Player, aid: str, label: str, cells: list[int]) -> Option:
    return Option.lazy(f"arrow:{aid}", lambda: _arrow_words(p, label, cells))


def _arrow_words(p: Player, label: str, cells: list[int]) -> tuple[str, str, tuple[str, ...]]:
    moved, ejected = arrow_effect(p, cells)
    entry = CELL_NAMES[cells[0]]
    parts = [f"{label}: the tile lands on {entry}"]
    for src, dst in moved:
        parts.append(f"pushes {CELL_NAMES[src]} ({tile_shown(p, src)}) to {CELL_NAMES[dst]}")
    if ejected is not None:
        parts.append(f"EJECTS {CELL_NAMES[cells[-1]]} ({tile_shown(p, cells[-1])})")
        if p.grid_debris[cells[-1]]:
            parts[-1] += "; its debris goes back to your storage"
    short = f"{label} → {entry}"
    if ejected is not None:
        short += f", ejects {CELL_NAMES[cells[-1]]} "
        short += tile_short(ejected, False, p.grid_boost[cells[-1]], LABEL_ROOM - len(short))
    elif moved:
        short += f", pushes {len(moved)}"
    return short, "; ".join(parts), (f"cell:{entry}",)


@handler
class Inject(Handler):
    kind = "inject"

    def prompt(self, g: Game, f: Frame) -> str:
        tile = f["tile"]
        return f"Inject {tile_side_text(tile, enters_boost_side_up(g, tile))} into your grid: choose an arrow."

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        opts = [arrow_option(p, aid, label, cells) for aid, label, cells in arrows(f["tile"])]
        if not no_question_without_choice(g.state.options):
            return opts
        # Two arrows onto the same empty cell leave the same grid: offer one.
        out: list[Option] = []
        seen: dict[str, int] = {}
        for o, (_, label, cells) in zip(opts, arrows(f["tile"]), strict=True):
            moved, ejected = arrow_effect(p, cells)
            if moved or ejected is not None:
                out.append(o)
                continue
            entry = CELL_NAMES[cells[0]]
            if entry not in seen:
                seen[entry] = len(out)
                out.append(o)
                continue
            first = out[seen[entry]]
            out[seen[entry]] = Option.lazy(
                first.id,
                lambda first=first, label=label: (
                    first.label.replace(" →", f" (or {mid_sentence(label)}) →", 1),
                    first.detail.replace(":", f" (same as {mid_sentence(label)}):", 1),
                    first.marks,
                ),
            )
        return out

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        p = player(g, seat)
        aid = option.partition(":")[2]
        label, cells = next((w, c) for a, w, c in arrows(f["tile"]) if a == aid)
        # The ejected tile, if any, by the side it showed in the grid.
        ejected_boost = p.grid_boost[cells[-1]]
        ejected_debris = p.grid_debris[cells[-1]]
        ejected = inject_grid(g, p, f["tile"], cells)
        shown = tile_in_sentence(f["tile"], enters_boost_side_up(g, f["tile"]))
        g.log(
            "inject",
            # The arrow as its option names it: "into row 2, from the right".
            f"{g.name(seat)} injects {shown} into {mid_sentence(label)}.",
            seat,
            tile=f["tile"],
        )
        if ejected is None:
            return
        g.log(
            "eject",
            f"{g.name(seat)} ejects {tile_in_sentence(ejected, ejected_boost)} from the grid"
            # Rulebook: "If a Technology tile with debris on it is ejected,
            # reclaim the debris": the storage grows, and the log says why.
            + ("; its debris goes back to their storage." if ejected_debris else "."),
            seat,
            tile=ejected,
        )
        if TILES[ejected].kind is TileKind.ADVANCED:
            if None in p.advanced_slots:
                g.push("advanced_slot", seat=seat, tile=ejected)
            else:
                p.advanced_overflow.append(ejected)
        else:
            p.ejected.append(ejected)


@handler
class AdvancedSlot(Handler):
    kind = "advanced_slot"
    auto_single = True

    def prompt(self, g: Game, f: Frame) -> str:
        return f"Place the ejected {tile_text(f['tile'])} beside one of your Mission colours."

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        return [
            Option.lazy(
                f"slot:{c.letter}",
                lambda i=i, c=c: (
                    f"{c.value.title()} slot (at most {slot_cap(p, i)} VP)",
                    f"{c.value.title()} slot: at the end the tile scores at most {BASE_CAP} VP + "
                    f"{CAP_PER_TUCKED} VP per "
                    f"{c} Mission card tucked beside it (now {len(p.tucked[i])} tucked: at most "
                    f"{slot_cap(p, i)} VP)",
                    (f"aslot:{c.letter}",),
                ),
            )
            for i, c in enumerate(COLOURS)
            if p.advanced_slots[i] is None
        ]

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        c = COLOUR_INDEX[COLOUR_BY_LETTER[option.partition(":")[2]]]
        player(g, seat).advanced_slots[c] = f["tile"]
        g.log(
            "advanced_slot",
            # Named as the inject and eject lines name it: which tile scores there.
            f"{g.name(seat)} places {tile_in_sentence(f['tile'])} in the {COLOURS[c]} slot.",
            seat,
        )
