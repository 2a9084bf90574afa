"""Invariants: component conservation and every limit the rules state.
Random self-play checks these after every step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import (
    COLOUR_INDEX,
    DICE_PER_COLOUR,
    HAND_LIMIT,
    MAX_DAMAGE,
    MAX_RAVAGERS_PER_LOCATION,
    RAVAGERS_REMOVED,
    ROBOTS_PER_PLAYER,
    DieColour,
)
from engine.components.cards import MISSION_CARDS, RAVAGER_CARDS
from engine.components.hal import HAL_CARDS
from engine.components.strips import HexKind
from engine.components.tiles import ADVANCED_TILE_IDS, TECH_TILE_IDS
from engine.errors import InvariantError
from engine.space_board import ba_hex, hex_spec

if TYPE_CHECKING:
    from engine.game import Game


def violations(g: Game) -> list[str]:
    s = g.state
    b = s.board
    out: list[str] = []
    n = s.options.players
    frames = s.frames

    # Robots: 16 per player, wherever they are.
    for p in s.players:
        on_ravagers = sum(r.robots.count(p.seat) for stack in b.ravagers for r in stack)
        on_cards = sum(
            1 for st in b.strips for c in st.cards if c is not None and c.owner == p.seat
        )
        pilots = sum(ships.count(p.seat) for st in b.strips for ships in st.ships)
        total = (
            p.robots_supply + p.break_room + sum(p.workstations) + on_ravagers + on_cards + pilots
        )
        if total != ROBOTS_PER_PLAYER:
            out.append(f"seat {p.seat} has {total} robots, not {ROBOTS_PER_PLAYER}")
        for name in ("vp", "resources", "debris", "ships", "robots_supply", "break_room"):
            if getattr(p, name) < 0:
                out.append(f"seat {p.seat} has negative {name}")
        if min(p.workstations) < 0:
            out.append(f"seat {p.seat} has a negative workstation count")
        turn_start = s.frames and s.frames[-1]["k"] == "turn" and not s.turn.get("seq")
        if turn_start and len(p.missions) > HAND_LIMIT:
            out.append(f"seat {p.seat} holds {len(p.missions)} Mission cards between turns")

    # Dice per colour.
    die = s.turn.get("die")
    for c in range(3):
        held = sum(1 for p in s.players for d in p.dice if COLOUR_INDEX[d.colour] == c)
        for extra in (s.neutral, s.hal):
            if extra is not None:
                held += sum(1 for d in extra.dice if COLOUR_INDEX[d.colour] == c)
        active = 0
        if die and COLOUR_INDEX[DieColour(die.get("original", die["colour"]))] == c:
            active = 1
        total = b.supply[c] + b.supply_damaged[c] + held + active
        if total != DICE_PER_COLOUR[n]:
            out.append(f"colour {c}: {total} dice, not {DICE_PER_COLOUR[n]}")
    for p in s.players:
        for d in p.dice:
            if d.value not in (0, 1, 2, 3):
                out.append(f"die with face {d.value}")

    # Damage and Ravager locations.
    for i, dmg in enumerate(b.damage):
        if not 0 <= dmg <= MAX_DAMAGE:
            out.append(f"action {i + 1} has {dmg} damage cubes")
    for i, stack in enumerate(b.ravagers):
        if len(stack) > MAX_RAVAGERS_PER_LOCATION:
            out.append(f"location {i + 1} has {len(stack)} Ravagers")
        for r in stack:
            if RAVAGER_CARDS[r.card].location != i + 1:
                out.append(f"Ravager {r.card} at the wrong location")

    # Space: ships per hex, asteroid fields, one card per hex.
    ba = ba_hex(g)
    for i, st in enumerate(b.strips):
        for pos in range(5):
            ships = st.ships[pos]
            if len(ships) > 2 or len(set(ships)) != len(ships):
                out.append(f"hex {(i, pos)} holds ships {ships}")
            if ships and hex_spec(g, (i, pos)).kind is HexKind.ASTEROID and (i, pos) != ba:
                out.append(f"ship in an asteroid field at {(i, pos)}")
            if st.cards[pos] is not None and hex_spec(g, (i, pos)).kind is not HexKind.ALIEN:
                out.append(f"Mission card on a non-alien hex {(i, pos)}")

    # Cards.
    ravagers = list(b.ravager_deck) + list(b.ravager_discard)
    ravagers += [r.card for stack in b.ravagers for r in stack]
    missions = [m for d in b.mission_decks for m in d] + [m for d in b.mission_discards for m in d]
    for p in s.players:
        ravagers += p.ravagers
        missions += p.missions + [m for pile in p.tucked for m in pile]
        for played in p.slots:
            if played is not None:
                (missions if played.kind == "mission" else ravagers).append(played.card)
    missions += [c.card for st in b.strips for c in st.cards if c is not None]
    for f in frames:
        if f["k"] == "slot":
            (missions if f["kind"] == "mission" else ravagers).append(f["card"])
        if f["k"] == "keep":
            missions += f["cards"]
    if (
        len(ravagers) != len(set(ravagers))
        or len(ravagers) != len(RAVAGER_CARDS) - RAVAGERS_REMOVED[n]
    ):
        out.append(f"{len(ravagers)} Ravager cards in play ({len(set(ravagers))} distinct)")
    if sorted(missions) != list(range(len(MISSION_CARDS))):
        out.append(f"{len(missions)} Mission cards accounted for ({len(set(missions))} distinct)")

    # Tiles.
    tiles = [t for st in b.tech_stacks for t in st] + list(b.tech_discard) + list(b.advanced_deck)
    tiles += [t for t in b.display if t is not None] + [
        t for t in b.advanced_slots if t is not None
    ]
    for p in s.players:
        tiles += [t for t in p.grid if t is not None] + p.ejected + p.advanced_overflow
        tiles += [t for t in p.advanced_slots if t is not None]
    tiles += [f["tile"] for f in frames if "tile" in f and f["k"] in ("inject", "advanced_slot")]
    if s.hal is not None:
        tiles += s.hal.tiles
        hal_cards = sorted(s.hal.deck + s.hal.discard)
        if hal_cards != list(range(len(HAL_CARDS))):
            out.append(f"Hal's cards: {hal_cards}")
    expected = sum(len(v) for v in TECH_TILE_IDS.values()) + len(ADVANCED_TILE_IDS) + 3 * n
    if len(tiles) != len(set(tiles)) or len(tiles) != expected:
        out.append(
            f"{len(tiles)} tiles accounted for ({len(set(tiles))} distinct), expected {expected}"
        )
    return out


def check(g: Game) -> None:
    found = violations(g)
    if found:
        raise InvariantError("; ".join(found))
