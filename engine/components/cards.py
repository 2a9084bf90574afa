"""The Ravager cards and the Mission cards."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.bundle import Bundle, bundle_text
from engine.components import COLOURS, LOCATIONS, DieColour


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
