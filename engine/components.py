"""All component data of Black Angel, in one place.

The rulebook fixes counts and effect texts; the printed contents of cards,
tiles and strips are not public, so several tables here are *designed*
(COMPONENTS.md, "Designed"). Each designed table says so in a one-line comment,
so that it can be swapped for the printed values without touching rules code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class DieColour(StrEnum):
    ORANGE = "orange"
    GRAY = "gray"
    GREEN = "green"

    @property
    def letter(self) -> str:
        return _LETTERS[self]


_LETTERS: dict[str, str] = {"orange": "o", "gray": "y", "green": "g"}
COLOURS: tuple[DieColour, ...] = (DieColour.ORANGE, DieColour.GRAY, DieColour.GREEN)
COLOUR_INDEX: dict[DieColour, int] = {c: i for i, c in enumerate(COLOURS)}
COLOUR_BY_LETTER: dict[str, DieColour] = {c.letter: c for c in COLOURS}
COLOUR_BY_NAME: dict[str, DieColour] = {c.value: c for c in COLOURS}  # DieColour(name), faster


class PlayerColour(StrEnum):
    # designed: the rulebook does not name the four player colours; these avoid
    # the three die colours so a robot is never mistaken for a die.
    BLUE = "blue"
    RED = "red"
    YELLOW = "yellow"
    PURPLE = "purple"


PLAYER_COLOURS: tuple[PlayerColour, ...] = tuple(PlayerColour)

# Die faces: 0 is the star. Opposite faces differ by 2 (a debris flips a die).
DIE_FACES: tuple[int, ...] = (0, 1, 1, 2, 3, 3)
OPPOSITE_FACE: dict[int, int] = {0: 2, 2: 0, 1: 3, 3: 1}
DICE_PER_COLOUR: dict[int, int] = {1: 4, 2: 4, 3: 5, 4: 6}

ROBOTS_PER_PLAYER = 16
SETUP_BREAK_ROOM = 5
SETUP_SUPPLY = 8
STARTING_VP = 5
HAND_LIMIT = 6
MAX_DAMAGE = 2
MAX_RAVAGERS_PER_LOCATION = 3
RAVAGERS_REMOVED: dict[int, int] = {1: 12, 2: 12, 3: 6, 4: 0}
STRIPS_USED: dict[int, int] = {1: 5, 2: 5, 3: 7, 4: 7}
DISPLAY_SPACES = 8
DISPLAY_COST: tuple[int, ...] = (2, 2, 1, 1, 1, 1, 1, 1)  # designed (COMPONENTS.md 3)
ADVANCED_SLOTS = 4


class ActionKind(StrEnum):
    DISCOVER = "discover"
    COMMAND = "command"
    REPAIR = "repair"
    DESTROY = "destroy"


ACTION_NAMES: dict[ActionKind, str] = {
    ActionKind.DISCOVER: "Discover Technology",
    ActionKind.COMMAND: "Command Your Ships",
    ActionKind.REPAIR: "Repair the Black Angel",
    ActionKind.DESTROY: "Destroy Ravagers",
}

# designed (COMPONENTS.md 1): the six actions, numbered clockwise.
ACTIONS: dict[int, tuple[ActionKind, DieColour]] = {
    1: (ActionKind.DISCOVER, DieColour.ORANGE),
    2: (ActionKind.COMMAND, DieColour.ORANGE),
    3: (ActionKind.REPAIR, DieColour.GRAY),
    4: (ActionKind.COMMAND, DieColour.GRAY),
    5: (ActionKind.DESTROY, DieColour.GREEN),
    6: (ActionKind.COMMAND, DieColour.GREEN),
}
LOCATIONS: tuple[int, ...] = tuple(ACTIONS)


def next_clockwise(location: int) -> int:
    return location % 6 + 1


# --------------------------------------------------------------------------- Ravagers


class RavagerEffect(StrEnum):
    DAMAGE_NEXT_ACTION = "damage_next_action"
    DAMAGE_DIE = "damage_die"
    DISCARD_MISSION = "discard_mission"
    DISCARD_RAVAGER = "discard_ravager"
    ROBOT_ON_CARD = "robot_on_card"


# The effects that add a damage cube: the only ones that touch Hal (solo
# rules, "Resolving Hal's actions"), and what a Repair may find to repair.
DAMAGING_EFFECTS = frozenset({RavagerEffect.DAMAGE_NEXT_ACTION, RavagerEffect.DAMAGE_DIE})


@dataclass(frozen=True, slots=True)
class RavagerCard:
    id: int
    location: int
    effect: RavagerEffect
    die_colour: DieColour | None = None


def _ravager_cards() -> tuple[RavagerCard, ...]:
    # designed (COMPONENTS.md 2): 5 cards per location, one of each effect type;
    # the six die-damage cards name orange, orange, gray, gray, green, green.
    cards = []
    for loc in LOCATIONS:
        for effect in RavagerEffect:
            colour = COLOURS[(loc - 1) // 2] if effect is RavagerEffect.DAMAGE_DIE else None
            cards.append(RavagerCard(len(cards), loc, effect, colour))
    return tuple(cards)


RAVAGER_CARDS: tuple[RavagerCard, ...] = _ravager_cards()

# --------------------------------------------------------------------------- Tiles


class TileEffect(StrEnum):
    VP = "vp"
    SHIP = "ship"
    RESOURCE = "resource"
    ROBOT = "robot"
    MOVE_SHIP = "move_ship"
    DEBRIS = "debris"
    MOVE_ROBOT = "move_robot"
    ACTIVATE_VERTICAL = "activate_vertical"
    ACTIVATE_HORIZONTAL = "activate_horizontal"
    DRAW_MISSION = "draw_mission"
    # Starting Technology tiles: one "OR" effect each.
    START_SHIP = "start_ship"
    START_RESOURCE = "start_resource"
    START_ROBOT = "start_robot"


ACTIVATE_ADJACENT = frozenset({TileEffect.ACTIVATE_VERTICAL, TileEffect.ACTIVATE_HORIZONTAL})


class BoostEffect(StrEnum):
    VP_ON_ACTION = "vp_on_action"
    DIE_TO_THREE = "die_to_three"
    CHANGE_COLOUR = "change_colour"
    FREE_RESERVE = "free_reserve"


class AdvancedKind(StrEnum):
    TECH_ORANGE = "tech_orange"
    TECH_GRAY = "tech_gray"
    TECH_GREEN = "tech_green"
    EJECTED_TECH = "ejected_tech"
    DEBRIS = "debris"
    RAVAGER_CARDS = "ravager_cards"
    ADVANCED_TECH = "advanced_tech"
    CARDS_IN_SPACE = "cards_in_space"


class TileKind(StrEnum):
    TECHNOLOGY = "technology"
    STARTING = "starting"
    ADVANCED = "advanced"


@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    kind: TileKind
    colour: DieColour | None = None  # None for Starting (player colour) and Advanced tiles
    effect: TileEffect | None = None
    boost: BoostEffect | None = None
    boost_colour: DieColour | None = None
    boost_action: ActionKind | None = None
    advanced: AdvancedKind | None = None


# designed (COMPONENTS.md 6): the standard effects of each colour's 16 tiles.
TECH_EFFECTS_PER_COLOUR: tuple[TileEffect, ...] = (
    (TileEffect.VP,) * 4
    + (
        TileEffect.SHIP,
        TileEffect.RESOURCE,
        TileEffect.ROBOT,
        TileEffect.MOVE_SHIP,
        TileEffect.DEBRIS,
        TileEffect.MOVE_ROBOT,
    )
    + (TileEffect.ACTIVATE_VERTICAL,) * 2
    + (TileEffect.ACTIVATE_HORIZONTAL,) * 2
    + (TileEffect.DRAW_MISSION,) * 2
)
# designed (COMPONENTS.md 6): the boost side paired with each standard side, same order.
BOOST_SIDES_PER_COLOUR: tuple[tuple[BoostEffect, ActionKind | None], ...] = (
    (BoostEffect.VP_ON_ACTION, ActionKind.DISCOVER),
    (BoostEffect.VP_ON_ACTION, ActionKind.REPAIR),
    (BoostEffect.VP_ON_ACTION, ActionKind.DESTROY),
    (BoostEffect.VP_ON_ACTION, ActionKind.COMMAND),
    *((BoostEffect.DIE_TO_THREE, None),) * 4,
    *((BoostEffect.CHANGE_COLOUR, None),) * 4,
    *((BoostEffect.FREE_RESERVE, None),) * 4,
)


def _tiles() -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    coloured_boosts: dict[BoostEffect, int] = {}
    for colour in COLOURS:
        for effect, (boost, action) in zip(
            TECH_EFFECTS_PER_COLOUR, BOOST_SIDES_PER_COLOUR, strict=True
        ):
            boost_colour = None
            if action is None:
                # designed: the indicated colour cycles so each boost kind names
                # every colour equally often.
                k = coloured_boosts.get(boost, 0)
                boost_colour = COLOURS[k % 3]
                coloured_boosts[boost] = k + 1
            tiles.append(
                Tile(len(tiles), TileKind.TECHNOLOGY, colour, effect, boost, boost_colour, action)
            )
    for _ in PLAYER_COLOURS:
        for effect in (TileEffect.START_SHIP, TileEffect.START_RESOURCE, TileEffect.START_ROBOT):
            tiles.append(Tile(len(tiles), TileKind.STARTING, None, effect))
    # designed (COMPONENTS.md 7): the 8 Advanced Technology types, 2 copies each.
    for kind in AdvancedKind:
        for _ in range(2):
            tiles.append(Tile(len(tiles), TileKind.ADVANCED, advanced=kind))
    return tuple(tiles)


TILES: tuple[Tile, ...] = _tiles()
TECH_TILE_IDS: dict[DieColour, tuple[int, ...]] = {
    c: tuple(t.id for t in TILES if t.kind is TileKind.TECHNOLOGY and t.colour is c)
    for c in COLOURS
}
ADVANCED_TILE_IDS: tuple[int, ...] = tuple(t.id for t in TILES if t.kind is TileKind.ADVANCED)


def starting_tile_ids(player_index: int) -> tuple[int, int, int]:
    """The 3 Starting Technology tiles of the player colour with this index."""
    first = 48 + 3 * player_index
    return (first, first + 1, first + 2)


ADVANCED_TECH_COLOUR: dict[AdvancedKind, DieColour] = {
    AdvancedKind.TECH_ORANGE: DieColour.ORANGE,
    AdvancedKind.TECH_GRAY: DieColour.GRAY,
    AdvancedKind.TECH_GREEN: DieColour.GREEN,
}

# --------------------------------------------------------------------------- Mission cards


class MissionKind(StrEnum):
    ACTIVATION = "activation"
    NEUTRALIZATION = "neutralization"


class Reward(StrEnum):
    VP = "vp"  # 2 VP
    ROBOT = "robot"
    RESOURCE = "resource"
    SHIP = "ship"


REWARD_VP = 2


@dataclass(frozen=True, slots=True)
class Bundle:
    """A set of things gained or spent. Technology, Mission and Ravager cards
    are chosen by the player when spent."""

    vp: int = 0
    ships: int = 0
    resources: int = 0
    robots: int = 0
    debris: int = 0
    tech: int = 0
    missions: int = 0
    ravagers: int = 0

    def counts(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in self.__slots__ if getattr(self, k)}


# What the robot on a placed Mission card's reward gives.
REWARD_BUNDLES: dict[Reward, Bundle] = {
    Reward.VP: Bundle(vp=REWARD_VP),
    Reward.ROBOT: Bundle(robots=1),
    Reward.RESOURCE: Bundle(resources=1),
    Reward.SHIP: Bundle(ships=1),
}


@dataclass(frozen=True, slots=True)
class MissionEffect:
    """Activation: per activation pay `cost`, gain `gain`.
    Neutralization (on ejection): the owner gains `gain`, each ship holder
    gains `holder_gain`; or each of them gains 3 VP per own card of
    `per_space` colour in Space / `per_tucked` colour tucked."""

    gain: Bundle = field(default_factory=Bundle)
    cost: Bundle = field(default_factory=Bundle)
    holder_gain: Bundle = field(default_factory=Bundle)
    per_space: DieColour | None = None
    per_tucked: DieColour | None = None

    def text(self, kind: MissionKind) -> str:
        if kind is MissionKind.ACTIVATION:
            gain = bundle_text(self.gain)
            if self.cost.counts():
                return f"Per activation, spend {bundle_text(self.cost)} to gain {gain}."
            return f"Per activation, {_take_gain(self.gain, 'take', 'gain')}."
        # The appendix's asterisk: the owner and each player with a ship on the
        # card, each counting their own cards (single-effect example).
        if self.per_space:
            return (
                f"Upon ejection, the owner and each player with a ship on it gain 3 VP"
                f" per {self.per_space} Mission card they own in Space."
            )
        if self.per_tucked:
            return (
                f"Upon ejection, the owner and each player with a ship on it gain 3 VP"
                f" per {self.per_tucked} Mission card tucked under their board."
            )
        owner = _take_gain(self.gain, "takes", "gains")
        if self.holder_gain == self.gain:
            return f"Upon ejection, the owner {owner}; same for each player with a ship on it."
        return (
            f"Upon ejection, the owner {owner}; each player with a ship on it "
            f"{_take_gain(self.holder_gain, 'takes', 'gains')}."
        )


def _take_gain(b: Bundle, take: str, gain: str) -> str:
    """Things are taken from the supply, VP gained (the appendix's verbs):
    'take 1 robot and gain 1 VP', 'gains 3 VP' (not 'take 1 VP and 1 robot')."""
    things = Bundle(**{k: n for k, n in b.counts().items() if k != "vp"})
    parts = [f"{take} {bundle_text(things)}"] if things.counts() else []
    if b.vp:
        parts.append(f"{gain} {b.vp} VP")
    return " and ".join(parts)


_NAMES = {
    "vp": ("VP", "VP"),
    "ships": ("ship", "ships"),
    "resources": ("resource", "resources"),
    "robots": ("robot", "robots"),
    "debris": ("debris", "debris"),
    "tech": ("technology", "technologies"),
    "missions": ("Mission card", "Mission cards"),
    "ravagers": ("Ravager card", "Ravager cards"),
}


def bundle_text(b: Bundle) -> str:
    return " and ".join(f"{n} {_NAMES[k][n != 1]}" for k, n in b.counts().items()) or "nothing"


@dataclass(frozen=True, slots=True)
class MissionCard:
    id: int
    colour: DieColour
    kind: MissionKind
    effect: MissionEffect
    reward: Reward
    tiles: tuple[DieColour, ...]  # Technology tiles that appear, in the printed order

    @property
    def text(self) -> str:
        return self.effect.text(self.kind)


def _mission_effects(
    own: str, other_a: DieColour, other_b: DieColour
) -> list[tuple[MissionKind, MissionEffect]]:
    """The appendix's 20 effects of one colour; `own` is that colour's
    commodity (ships / resources / robots)."""
    A, N = MissionKind.ACTIVATION, MissionKind.NEUTRALIZATION
    B = Bundle
    # Each colour list pairs its commodity with two others and with its
    # "spendable" item: orange -> technology, gray -> debris, green -> Ravager cards.
    partners = {
        "ships": ("resources", "robots", "tech"),
        "resources": ("ships", "robots", "debris"),
        "robots": ("resources", "ships", "ravagers"),
    }
    p1, p2, item = partners[own]

    def b(**kw: int) -> Bundle:
        return B(**kw)

    effects = [
        (A, MissionEffect(gain=b(**{own: 2}))),
        (A, MissionEffect(gain=b(**{own: 1, "vp": 1}))),
        (A, MissionEffect(gain=b(**{own: 1, p1: 1}))),
        (A, MissionEffect(gain=b(**{own: 1, p2: 1}))),
        (A, MissionEffect(gain=b(vp=2), cost=b(**{own: 1}))),
        (A, MissionEffect(gain=b(vp=3), cost=b(**{own: 2}))),
        (A, MissionEffect(gain=b(vp=2), cost=b(**{item: 1}))),
        (A, MissionEffect(gain=b(vp=3), cost=b(**{item: 2}))),
    ]
    # The three "spend X and 1 item" cards: for orange resource/robot/ship + tech;
    # for gray resource/robot/ship + debris; for green resource/robot/ship + Ravager.
    for thing in ("resources", "robots", "ships"):
        effects.append((A, MissionEffect(gain=b(vp=3), cost=b(**{thing: 1, item: 1}))))
    # Last activation card: spend 1 own commodity and 1 Mission card.
    effects.append((A, MissionEffect(gain=b(vp=3), cost=b(**{own: 1, "missions": 1}))))
    # Neutralization cards.
    other_gain = {"ships": b(resources=1, robots=1), "resources": b(ships=1, robots=1)}.get(
        own, b(resources=1, ships=1)
    )
    effects += [
        (N, MissionEffect(gain=b(**{own: 3}), holder_gain=b(**{own: 3}))),
        (N, MissionEffect(gain=other_gain, holder_gain=b(**{own: 3}))),
        (N, MissionEffect(gain=b(vp=3), holder_gain=b(vp=3))),
        (N, MissionEffect(gain=b(**{own: 3}), holder_gain=b(vp=3))),
        (N, MissionEffect(per_space=other_a)),
        (N, MissionEffect(per_space=other_b)),
        (N, MissionEffect(per_tucked=other_a)),
        (N, MissionEffect(per_tucked=other_b)),
    ]
    return effects


def _mission_cards() -> tuple[MissionCard, ...]:
    orange, gray, green = COLOURS
    lists = {
        orange: _mission_effects("ships", gray, green),
        gray: _mission_effects("resources", orange, green),
        green: _mission_effects("robots", orange, gray),
    }
    # designed (COMPONENTS.md 8): rewards cycle 2 VP / robot / resource / ship
    # (5 each per colour); tile icons cycle orange, gray, green over all cards.
    rewards = tuple(Reward)
    cards: list[MissionCard] = []
    icon = 0
    for colour in COLOURS:
        for i, (kind, effect) in enumerate(lists[colour]):
            n_tiles = 1 if kind is MissionKind.ACTIVATION else 2
            tiles = tuple(COLOURS[(icon + k) % 3] for k in range(n_tiles))
            icon += n_tiles
            cards.append(MissionCard(len(cards), colour, kind, effect, rewards[i % 4], tiles))
    return tuple(cards)


MISSION_CARDS: tuple[MissionCard, ...] = _mission_cards()
MISSION_IDS: dict[DieColour, tuple[int, ...]] = {
    c: tuple(m.id for m in MISSION_CARDS if m.colour is c) for c in COLOURS
}

# --------------------------------------------------------------------------- Space


class HexKind(StrEnum):
    ALIEN = "alien"
    ASTEROID = "asteroid"
    RAVAGER_SHIP = "ravager_ship"
    SPES = "spes"


@dataclass(frozen=True, slots=True)
class HexSpec:
    kind: HexKind
    colour: DieColour | None = None
    icons: int = 0  # Ravager Ship icons (on an alien hex: in its card space)
    comet: bool = False


HEX_LETTERS = "ABCDE"  # A, B: one wing; C: the middle (nearest the board); D, E: the other wing
MIDDLE = 2
SPES_HEX = HexSpec(HexKind.SPES)

# designed (COMPONENTS.md 9): the 14 strip sides, positions A-E.
# o/y/g = orange/gray/green alien hex, "*" comet, "^" one Ravager icon in its
# card space; a = asteroid field; r1/r2 = Ravager-ship hex with 1 or 2 icons.
STRIP_SIDES_TEXT: dict[int, tuple[str, str]] = {
    1: ("o* a y^ r1 g", "g y* o^ a r2"),
    2: ("r2 y g* a o^", "a o^ y r1 g*"),
    3: ("y^ g a o* r1", "o r2 g* y^ a"),
    4: ("a g^ o y* r2", "r1 o* y g^ a"),
    5: ("g* r1 y^ o a", "y^ a o* g r2"),
    6: ("o o* a r2 y^", "a y g^ g* r1"),
    7: ("r1 y^ g o* a", "o* a y g^ r2"),
}


def _parse_hex(token: str) -> HexSpec:
    if token == "a":
        return HexSpec(HexKind.ASTEROID)
    if token.startswith("r"):
        return HexSpec(HexKind.RAVAGER_SHIP, icons=int(token[1]))
    colour = COLOUR_BY_LETTER[token[0]]
    return HexSpec(HexKind.ALIEN, colour, icons=token.count("^"), comet="*" in token)


STRIP_SIDES: dict[tuple[int, int], tuple[HexSpec, ...]] = {
    (number, side): tuple(_parse_hex(t) for t in text.split())
    for number, sides in STRIP_SIDES_TEXT.items()
    for side, text in enumerate(sides)
}

# --------------------------------------------------------------------------- Player aids

# designed (COMPONENTS.md 11): advantage by turn-order position (0 = first player).
AID_RESOURCES: tuple[int, ...] = (0, 1, 1, 2)
AID_FREE_RESERVE: tuple[bool, ...] = (False, False, True, True)

# --------------------------------------------------------------------------- Hal (solo)

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
