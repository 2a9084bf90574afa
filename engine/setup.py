"""Setup, rulebook steps 1-15 (and R16 for the 2-player neutral player)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import (
    ADVANCED_SLOTS,
    AID_FREE_RESERVE,
    AID_RESOURCES,
    COLOURS,
    DICE_PER_COLOUR,
    DIE_FACES,
    PLAYER_COLOURS,
    RAVAGERS_REMOVED,
    ROBOTS_PER_PLAYER,
    SETUP_BREAK_ROOM,
    SETUP_SUPPLY,
    STARTING_VP,
    STRIPS_USED,
    PlayerColour,
)
from engine.components.cards import MISSION_IDS, RAVAGER_CARDS
from engine.components.hal import DIFFICULTY_VP, HAL_CARDS
from engine.components.strips import STRIP_SIDES_TEXT
from engine.components.tiles import ADVANCED_TILE_IDS, TECH_TILE_IDS, starting_tile_ids
from engine.errors import InvalidOptionsError
from engine.ravager_arrival import place_damage
from engine.rules_version import RULES_VERSIONS
from engine.state import Board, Die, Hal, Neutral, Player, RavagerOnBoard, Strip

if TYPE_CHECKING:
    from engine.game import Game


def validate(options) -> None:
    if options.players not in (1, 2, 3, 4):
        raise InvalidOptionsError(
            f"Black Angel is played by 1 (solo against Hal) to 4 players (got {options.players})."
        )
    if options.rules_version not in RULES_VERSIONS:
        raise InvalidOptionsError(
            f"Unknown rules version {options.rules_version!r}; this engine plays versions "
            f"{RULES_VERSIONS[0]} to {RULES_VERSIONS[-1]}."
        )
    if options.players == 1 and options.difficulty is None:
        options.difficulty = "standard"
    if options.players == 1 and options.difficulty not in DIFFICULTY_VP:
        raise InvalidOptionsError(
            f"Hal's difficulty must be one of {', '.join(DIFFICULTY_VP)} (got {options.difficulty!r})."
        )
    if options.players > 1 and options.difficulty is not None:
        raise InvalidOptionsError("A difficulty is only for solo games against Hal.")
    if options.colours is not None:
        names = [c.value for c in PLAYER_COLOURS]
        if len(options.colours) != options.players or len(set(options.colours)) != len(
            options.colours
        ):
            raise InvalidOptionsError(
                f"Give one different colour per player (got {options.colours})."
            )
        unknown = [c for c in options.colours if c not in names]
        if unknown:
            raise InvalidOptionsError(
                f"Unknown colour{'s' if len(unknown) > 1 else ''} {unknown}; choose from {', '.join(names)}."
            )


def seat_colours(options) -> list[PlayerColour]:
    if options.colours is not None:
        return [PlayerColour(c) for c in options.colours]
    return list(PLAYER_COLOURS[: options.players])


def roll(g: Game, colour_index: int) -> Die:
    return Die(COLOURS[colour_index], DIE_FACES[g.below(6)])


def take_die_from_supply(b: Board, c: int) -> tuple[bool, bool]:
    """Take a die of colour index c from the supply, undamaged ones first.
    Returns (taken, was_damaged); the damage cube goes back to the supply."""
    if b.supply[c]:
        b.supply[c] -= 1
        return True, False
    if b.supply_damaged[c]:
        b.supply_damaged[c] -= 1
        return True, True
    return False, False


def setup(g: Game) -> None:
    s = g.state
    validate(s.options)
    n = s.options.players
    b = s.board

    # 2. Dice per colour.
    b.supply = [DICE_PER_COLOUR[n]] * 3
    # 3. Space strips in a chevron line, random order and sides; Spes token on the farthest.
    numbers = list(STRIP_SIDES_TEXT)
    g.shuffle(numbers)
    b.strips = [Strip(number, g.below(2)) for number in numbers[: STRIPS_USED[n]]]
    b.spes_token = b.strips[-1].number
    # 5. Technology stacks (face up), one tile of each colour on spaces 1-3 in random order.
    b.tech_stacks = [list(TECH_TILE_IDS[c]) for c in COLOURS]
    for stack in b.tech_stacks:
        g.shuffle(stack)
    first = [stack.pop() for stack in b.tech_stacks]
    g.shuffle(first)
    b.display[:3] = first
    # 6. Advanced Technology: face-down deck, 4 slots.
    b.advanced_deck = list(ADVANCED_TILE_IDS)
    g.shuffle(b.advanced_deck)
    b.advanced_slots = [b.advanced_deck.pop() for _ in range(ADVANCED_SLOTS)]
    # 7. Mission decks.
    b.mission_decks = [list(MISSION_IDS[c]) for c in COLOURS]
    for deck in b.mission_decks:
        g.shuffle(deck)
    # 8. Ravager deck, cards removed by player count, the two opening Ravagers.
    b.ravager_deck = [c.id for c in RAVAGER_CARDS]
    g.shuffle(b.ravager_deck)
    del b.ravager_deck[: RAVAGERS_REMOVED[n]]
    for _ in range(2):
        card = b.ravager_deck.pop()
        loc = RAVAGER_CARDS[card].location
        b.ravagers[loc - 1].append(RavagerOnBoard(card))
        place_damage(g, loc)

    # 9-14. Each player.
    for seat in range(n):
        colour = seat_colours(s.options)[seat]
        p = Player(seat=seat, colour=colour, vp=STARTING_VP)
        p.break_room = SETUP_BREAK_ROOM
        p.workstations = [1, 1, 1]
        p.robots_supply = SETUP_SUPPLY
        assert p.break_room + sum(p.workstations) + p.robots_supply == ROBOTS_PER_PLAYER
        start = list(starting_tile_ids(PLAYER_COLOURS.index(colour)))  # the colour's own tiles
        g.shuffle(start)
        for cell, tile in zip((0, 4, 8), start, strict=True):  # the diagonal (COMPONENTS.md 4)
            p.grid[cell] = tile
        p.missions = [b.mission_decks[c].pop() for c in range(3)]
        p.ravagers = [b.ravager_deck.pop()]
        p.resources, p.debris, p.ships = 1, 1, 1
        s.players.append(p)
    if n == 2:
        s.neutral = Neutral()
    if n == 1:
        # Solo: Hal has no board, cards, storage or stock; his VP is the difficulty (R17).
        hal_colour = next(c for c in PLAYER_COLOURS if c not in seat_colours(s.options))
        s.hal = Hal(hal_colour, vp=DIFFICULTY_VP[s.options.difficulty])
        s.hal.deck = [c.id for c in HAL_CARDS]
        g.shuffle(s.hal.deck)

    # 15. First player is seat 0; each player rolls one die of each colour; aids.
    for p in s.players:
        for c in range(3):
            take_die_from_supply(b, c)
            p.standard.append(roll(g, c))
    extra = s.neutral or s.hal
    if extra is not None:
        for c in range(3):
            take_die_from_supply(b, c)
            extra.dice.append(roll(g, c))
    for p in s.players:
        p.resources += AID_RESOURCES[p.seat]
    rules = "advanced" if s.options.advanced else "basic"
    if n == 1:
        g.log(
            "setup", f"A solo game ({rules} rules) against Hal ({s.options.difficulty}) is set up."
        )
    else:
        g.log(
            "setup",
            f"A {n}-player game ({rules} rules) is set up. {g.name(0)} is the first player.",
        )
    g.push("turn", seat=0)
    # The 3rd and 4th players may reserve a die for free: asked in turn order, before the first turn.
    for seat in reversed(range(n)):
        if AID_FREE_RESERVE[seat]:
            g.push("reserve", seat=seat, free=True)
