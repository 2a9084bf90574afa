"""Which tiles a played card activates, and the Activate step that activates them
(one TileActivation each, engine/tile_effects.py)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from engine.asking import alike_tiles, with_stop
from engine.components import DieColour
from engine.components.cards import MISSION_CARDS
from engine.components.tiles import ACTIVATE_ADJACENT, TILES, TileEffect, TileKind
from engine.decision import Option
from engine.handlers import Frame, Handler, handler
from engine.ops import CELL_NAMES, player, slot_cells
from engine.rules_version import plain_gains_without_asking
from engine.state import Player
from engine.tile_words import EFFECT_TEXT, tile_text

if TYPE_CHECKING:
    from engine.game import Game


def boost_text(tile: int) -> str:
    from engine.boosts import boost_text as text

    return text(tile)


def activatable_cell(
    p: Player, cell: int, card_colour: DieColour | None, boost_ok: bool = False
) -> bool:
    """Can this cell's tile be activated? Mission cards activate Technology
    tiles of their colour only; Ravager cards, debris and adjacent-activation
    activate any Technology or Starting tile. Advanced tiles never activate,
    nor do tiles boost side up (advanced rules) unless flipped first."""
    tile = p.grid[cell]
    if tile is None or (p.grid_boost[cell] and not boost_ok):
        return False
    t = TILES[tile]
    if t.kind is TileKind.ADVANCED:
        return False
    if card_colour is not None:
        return t.kind is TileKind.TECHNOLOGY and t.colour is card_colour
    return True


def card_reaches_a_tile(p: Player, slot: int, colour: DieColour | None) -> bool:
    """``bool(tiles_activated_by_card(...))`` for a card of this colour (None:
    a Ravager card)."""
    return colour in cards_reaching_a_tile(p, slot)


def cards_reaching_a_tile(p: Player, slot: int) -> set[DieColour | None]:
    """The cards in this slot that would activate a tile: the colours of
    Mission cards, and None for a Ravager card (any Technology or Starting
    tile); ``activatable_cell``, boost side allowed."""
    grid = p.grid
    out: set[DieColour | None] = set()
    for c in slot_cells(slot):
        tile = grid[c]
        if tile is None:
            continue
        t = TILES[tile]
        if t.kind is TileKind.ADVANCED:
            continue
        out.add(None)
        if t.kind is TileKind.TECHNOLOGY:
            out.add(t.colour)
    return out


def tiles_activated_by_card(g: Game, seat: int, slot: int, kind: str, card: int) -> list[int]:
    p = player(g, seat)
    colour = MISSION_CARDS[card].colour if kind == "mission" else None
    # A boost-side tile is offered too: choosing it flips it to its standard side first.
    return [c for c in slot_cells(slot) if activatable_cell(p, c, colour, boost_ok=True)]


def activate_words(p: Player, cell: int) -> tuple[str, str, tuple[str, ...]]:
    """An option that activates the tile on `cell`: the effect in a label's
    words, the whole tile in the detail's, and the cell it marks."""
    name, tile = CELL_NAMES[cell], p.grid[cell]
    return (
        f"Activate {name}: {EFFECT_TEXT[TILES[tile].effect]}",
        f"Activate {name}: {tile_text(tile)}",
        (f"cell:{name}",),
    )


def _activate_or_flip_words(p: Player, cell: int) -> tuple[str, str, tuple[str, ...]]:
    """`activate_words`, saying that a tile boost side up is flipped first."""
    label, detail, marks = activate_words(p, cell)
    if p.grid_boost[cell]:
        label += " (flips it)"
        detail += (
            f" (flips it from its boost side, losing its 1x effect: {boost_text(p.grid[cell])})"
        )
    return label, detail, marks


@handler
class Activate(Handler):
    """The tiles a played card activates, in any order the player likes."""

    kind = "activate"

    def prompt(self, g: Game, f: Frame) -> str:
        return "Activate the tiles this card reaches, in any order."

    def options(self, g: Game, f: Frame) -> list[Option] | None:
        p = player(g, f["seat"])
        if _next_without_asking(g, p, f["cells"]) is not None:
            return None  # version 2: plain gains first, a lone tile at once (resolve)
        opts = [
            Option.lazy(f"tile:{CELL_NAMES[c]}", partial(_activate_or_flip_words, p, c))
            for c in f["cells"]
        ]
        # "Activate no more tiles" keeps its number from prompt to prompt.
        stop = Option("done", "Activate no more tiles")
        return with_stop(g, stop, alike_tiles(g, f["seat"], opts))

    def resolve(self, g: Game, f: Frame) -> None:
        p = player(g, f["seat"])
        cell = _next_without_asking(g, p, f["cells"])
        assert cell is not None
        self.choose(g, f, f"tile:{CELL_NAMES[cell]}")

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "done":
            return
        cell = CELL_NAMES.index(option.partition(":")[2])
        rest = [c for c in f["cells"] if c != cell]
        if rest:
            g.push("activate", seat=f["seat"], cells=rest)
        if player(g, f["seat"]).grid_boost[cell]:
            from engine.boosts import flip_to_standard

            flip_to_standard(g, f["seat"], cell, "early, to activate it")
        g.push("tile", seat=f["seat"], cell=cell)


PLAIN_GAINS = frozenset(
    {TileEffect.VP, TileEffect.SHIP, TileEffect.RESOURCE, TileEffect.ROBOT, TileEffect.DEBRIS}
)


def _plain_gain_cells(g: Game, p: Player, cells: list[int]) -> list[int]:
    """Cells whose tile is a plain gain on its standard side (version 2 takes
    them without asking; a robot gain with no robot left is nothing at all)."""
    if not plain_gains_without_asking(g.state.options):
        return []
    return [
        c
        for c in cells
        if not p.grid_boost[c]
        and TILES[p.grid[c]].effect in PLAIN_GAINS
        and (TILES[p.grid[c]].effect is not TileEffect.ROBOT or p.robots_supply > 0)
    ]


def _next_without_asking(g: Game, p: Player, cells: list[int]) -> int | None:
    """Version 2: the tile to activate without asking, if any: a plain gain,
    else the last tile left when it is standard side up (activating it is never
    worse than stopping: its own question offers to skip, or it only gains;
    a boost-side tile would lose its boost, so it stays a question)."""
    plain = _plain_gain_cells(g, p, cells)
    if plain:
        return plain[0]
    if (
        plain_gains_without_asking(g.state.options)
        and len(cells) == 1
        and not p.grid_boost[cells[0]]
    ):
        return cells[0]
    return None


def adjacent_targets(p: Player, cell: int, effect: TileEffect) -> list[int]:
    r, c = divmod(cell, 3)
    if effect is TileEffect.ACTIVATE_VERTICAL:
        near = [(r - 1, c), (r + 1, c)]
    else:
        near = [(r, c - 1), (r, c + 1)]
    out = []
    for rr, cc in near:
        if 0 <= rr < 3 and 0 <= cc < 3:
            n = rr * 3 + cc
            # These tiles cannot activate a tile that activates another tile (R8).
            if activatable_cell(p, n, None) and TILES[p.grid[n]].effect not in ACTIVATE_ADJACENT:
                out.append(n)
    return out


def idle_adjacent_note(p: Player, cell: int) -> str:
    """'no tile above or below it can be activated' for a tile of `p`'s grid
    that activates a neighbour (standard side up) but has none it could
    activate (an empty cell, an Advanced tile, another such tile: R8), so
    its activation does nothing; "" otherwise."""
    tile = p.grid[cell]
    if tile is None or p.grid_boost[cell]:
        return ""
    effect = TILES[tile].effect
    if effect not in ACTIVATE_ADJACENT or adjacent_targets(p, cell, effect):
        return ""
    where = (
        "above or below it" if effect is TileEffect.ACTIVATE_VERTICAL else "to its left or right"
    )
    return f"no tile {where} can be activated"
