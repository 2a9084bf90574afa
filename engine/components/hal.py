"""Solo: Hal's seat, the difficulty levels and his twelve cards."""

from __future__ import annotations

from dataclasses import dataclass

from engine.components import ACTIONS, COLOURS, ActionKind, DieColour

DIFFICULTY_VP: dict[str, int] = {"easy": 0, "standard": 5, "difficult": 10, "extreme": 15}
HAL_SEAT = 1  # Hal sits after the solo player, who always plays first


@dataclass(frozen=True, slots=True)
class HalWeights:
    """VP Hal scores per item gained (printed on the back of his cards)."""

    ship: int
    resource: int
    robot: int
    debris: int
    ravager: int
    tech: int
    advanced: int


@dataclass(frozen=True, slots=True)
class HalCard:
    id: int
    top: tuple[DieColour, ActionKind]
    bottom: tuple[DieColour, ActionKind]
    advanced_first: bool  # Discover: Advanced Technology first, or Technology tiles only
    clockwise: bool  # order for Repair and Destroy
    weights: HalWeights


# designed: Repair/Destroy order per card; each of Repair and Destroy is on top
# of one clockwise and one counter-clockwise card.
HAL_CLOCKWISE = (False, True, True, False, True, True, False, True, False, True, False, False)


def _hal_cards() -> tuple[HalCard, ...]:
    # designed (COMPONENTS.md 12): the six halves a Hal card can show (a die
    # colour and an action of that colour); tops cycle through them twice, so
    # each colour tops 4 cards and each action at least 2; the bottom is
    # always another colour.
    o, y, g = COLOURS
    halves = (
        (o, ActionKind.DISCOVER),
        (o, ActionKind.COMMAND),
        (y, ActionKind.REPAIR),
        (y, ActionKind.COMMAND),
        (g, ActionKind.DESTROY),
        (g, ActionKind.COMMAND),
    )
    cards = []
    for i in range(12):
        top = halves[i % 6]
        bottom = halves[(i + 3) % 6] if i < 6 else halves[(i + 2) % 6]
        weights = HalWeights(
            ship=1 + i % 2,
            resource=1 + (i // 2) % 2,
            robot=1 + (i + 1) % 2,
            debris=1 + (i % 3 == 0),
            ravager=1 + (i % 4 == 0),
            tech=1 + (i // 3) % 2,
            advanced=2 + (i + 1) % 2,
        )
        cards.append(HalCard(i, top, bottom, i % 2 == 0, HAL_CLOCKWISE[i], weights))
    return tuple(cards)


HAL_CARDS: tuple[HalCard, ...] = _hal_cards()


def action_number(colour: DieColour, kind: ActionKind) -> int:
    """The Black Angel action of this colour and kind (Hal's card halves)."""
    return next(n for n, (k, c) in ACTIONS.items() if k is kind and c is colour)
