"""Every count and constraint COMPONENTS.md states, checked on the data module."""

from collections import Counter

from engine.components import (
    ACTIONS,
    DICE_PER_COLOUR,
    DIE_FACES,
    OPPOSITE_FACE,
    PLAYER_COLOURS,
    RAVAGERS_REMOVED,
    STRIPS_USED,
    ActionKind,
    DieColour,
    next_clockwise,
)
from engine.components.cards import MISSION_CARDS, RAVAGER_CARDS, MissionKind, RavagerEffect, Reward
from engine.components.strips import STRIP_SIDES, HexKind
from engine.components.tiles import (
    ADVANCED_TILE_IDS,
    TILES,
    AdvancedKind,
    BoostEffect,
    TileEffect,
    TileKind,
    starting_tile_ids,
)

COLOURS = list(DieColour)


def test_dice():
    assert sorted(DIE_FACES) == [0, 1, 1, 2, 3, 3]
    assert DICE_PER_COLOUR == {1: 4, 2: 4, 3: 5, 4: 6}
    for face in set(DIE_FACES):
        assert abs(OPPOSITE_FACE[face] - face) == 2
        assert OPPOSITE_FACE[OPPOSITE_FACE[face]] == face


def test_six_actions_two_per_colour_numbered_clockwise():
    assert sorted(ACTIONS) == [1, 2, 3, 4, 5, 6]
    assert Counter(c for _, c in ACTIONS.values()) == {c: 2 for c in COLOURS}
    assert Counter(k for k, _ in ACTIONS.values())[ActionKind.COMMAND] == 3
    assert ACTIONS[3][1] is DieColour.GRAY  # the rulebook example: location 3 is gray
    assert next_clockwise(6) == 1 and next_clockwise(5) == 6


def test_ravager_cards():
    assert len(RAVAGER_CARDS) == 30
    assert Counter(r.location for r in RAVAGER_CARDS) == {loc: 5 for loc in range(1, 7)}
    assert Counter(r.effect for r in RAVAGER_CARDS) == {e: 6 for e in RavagerEffect}
    for loc in range(1, 7):
        assert {r.effect for r in RAVAGER_CARDS if r.location == loc} == set(RavagerEffect)
    die_damage = [r.die_colour for r in RAVAGER_CARDS if r.effect is RavagerEffect.DAMAGE_DIE]
    assert Counter(die_damage) == {c: 2 for c in COLOURS}
    assert RAVAGERS_REMOVED == {1: 12, 2: 12, 3: 6, 4: 0}


def test_technology_tiles():
    tech = [t for t in TILES if t.kind is TileKind.TECHNOLOGY]
    assert len(tech) == 48
    for colour in COLOURS:
        mine = [t for t in tech if t.colour is colour]
        assert len(mine) == 16
        effects = Counter(t.effect for t in mine)
        assert effects[TileEffect.VP] == 4
        for once in (
            TileEffect.SHIP,
            TileEffect.RESOURCE,
            TileEffect.ROBOT,
            TileEffect.MOVE_SHIP,
            TileEffect.DEBRIS,
            TileEffect.MOVE_ROBOT,
        ):
            assert effects[once] == 1
        for twice in (
            TileEffect.ACTIVATE_VERTICAL,
            TileEffect.ACTIVATE_HORIZONTAL,
            TileEffect.DRAW_MISSION,
        ):
            assert effects[twice] == 2
        boosts = Counter(t.boost for t in mine)
        assert boosts == {b: 4 for b in BoostEffect}
        assert {t.boost_action for t in mine if t.boost is BoostEffect.VP_ON_ACTION} == set(
            ActionKind
        )
    for boost in (BoostEffect.DIE_TO_THREE, BoostEffect.CHANGE_COLOUR, BoostEffect.FREE_RESERVE):
        spread = Counter(t.boost_colour for t in tech if t.boost is boost)
        assert spread == {c: 4 for c in COLOURS}


def test_starting_and_advanced_tiles():
    starting = [t for t in TILES if t.kind is TileKind.STARTING]
    assert len(starting) == 12
    for i in range(len(PLAYER_COLOURS)):
        effects = {TILES[t].effect for t in starting_tile_ids(i)}
        assert effects == {TileEffect.START_SHIP, TileEffect.START_RESOURCE, TileEffect.START_ROBOT}
    assert len(ADVANCED_TILE_IDS) == 16
    assert Counter(TILES[t].advanced for t in ADVANCED_TILE_IDS) == {k: 2 for k in AdvancedKind}
    assert len(set(t.id for t in TILES)) == len(TILES) == 76


def test_mission_cards():
    assert len(MISSION_CARDS) == 60
    for colour in COLOURS:
        mine = [m for m in MISSION_CARDS if m.colour is colour]
        assert len(mine) == 20
        assert Counter(m.kind for m in mine) == {
            MissionKind.ACTIVATION: 12,
            MissionKind.NEUTRALIZATION: 8,
        }
        assert Counter(m.reward for m in mine) == {r: 5 for r in Reward}
        # one card per listed effect: no two cards of a colour share an effect
        assert len({(m.kind, m.effect) for m in mine}) == 20
    for m in MISSION_CARDS:
        assert len(m.tiles) == (1 if m.kind is MissionKind.ACTIVATION else 2)
    # COMPONENTS.md 8 asks for 30 icons per colour, but 36 activation cards x 1
    # + 24 neutralization cards x 2 = 84 icons: the even split is 28 each.
    icons = Counter(c for m in MISSION_CARDS for c in m.tiles)
    assert sum(icons.values()) == 84 and icons == {c: 28 for c in COLOURS}


def test_mission_colour_lists_follow_the_appendix():
    orange = [m for m in MISSION_CARDS if m.colour is DieColour.ORANGE]
    assert orange[0].effect.gain.ships == 2  # "take 2 ships"
    assert orange[6].effect.cost.tech == 1 and orange[6].effect.gain.vp == 2
    assert orange[11].effect.cost.missions == 1 and orange[11].effect.cost.ships == 1
    gray = [m for m in MISSION_CARDS if m.colour is DieColour.GRAY]
    assert gray[6].effect.cost.debris == 1
    green = [m for m in MISSION_CARDS if m.colour is DieColour.GREEN]
    assert green[7].effect.cost.ravagers == 2 and green[7].effect.gain.vp == 3
    # the four "3 VP per card" neutralization cards of each colour name the two other colours
    for colour, cards in (
        (DieColour.ORANGE, orange),
        (DieColour.GRAY, gray),
        (DieColour.GREEN, green),
    ):
        named = {m.effect.per_space for m in cards if m.effect.per_space}
        named |= {m.effect.per_tucked for m in cards if m.effect.per_tucked}
        assert named == set(COLOURS) - {colour}


def test_space_strips():
    assert len(STRIP_SIDES) == 14
    assert STRIPS_USED == {1: 5, 2: 5, 3: 7, 4: 7}
    alien_colours: Counter = Counter()
    icon_hexes = 0
    alien_hexes = 0
    doubled = 0
    for (number, side), hexes in STRIP_SIDES.items():
        assert 1 <= number <= 7 and side in (0, 1)
        assert len(hexes) == 5
        kinds = Counter(h.kind for h in hexes)
        assert kinds == {HexKind.ALIEN: 3, HexKind.ASTEROID: 1, HexKind.RAVAGER_SHIP: 1}
        assert hexes[2].kind is not HexKind.RAVAGER_SHIP  # the middle hex
        assert sum(h.comet for h in hexes) == 1
        assert all(h.kind is HexKind.ALIEN for h in hexes if h.comet)
        for h in hexes:
            if h.kind is HexKind.RAVAGER_SHIP:
                assert h.icons in (1, 2)
            if h.kind is HexKind.ALIEN:
                alien_hexes += 1
                alien_colours[h.colour] += 1
                icon_hexes += h.icons
                assert h.icons in (0, 1)
        colours = Counter(h.colour for h in hexes if h.kind is HexKind.ALIEN)
        doubled += max(colours.values()) > 1
    assert alien_colours == {c: 14 for c in COLOURS}
    assert icon_hexes * 3 == alien_hexes  # 1 in 3 alien hexes carries an icon
    assert doubled > 0  # some sides have two hexes of one colour


def test_hal_cards():
    from engine.components import ACTIONS
    from engine.components.hal import HAL_CARDS

    assert len(HAL_CARDS) == 12
    tops = Counter(c.top[0] for c in HAL_CARDS)
    assert all(tops[colour] >= 2 for colour in COLOURS)
    actions = Counter(c.top[1] for c in HAL_CARDS)
    assert all(actions[kind] >= 2 for kind in ActionKind)
    for card in HAL_CARDS:
        for colour, kind in (card.top, card.bottom):
            assert (kind, colour) in ACTIONS.values()  # an action of that colour exists
        assert card.top[0] is not card.bottom[0]
        w = card.weights
        assert all(v in (1, 2) for v in (w.ship, w.resource, w.robot, w.debris, w.ravager, w.tech))
        assert w.advanced in (2, 3)
    for kind in (ActionKind.REPAIR, ActionKind.DESTROY):
        assert {c.clockwise for c in HAL_CARDS if c.top[1] is kind} == {True, False}
    assert {c.advanced_first for c in HAL_CARDS} == {True, False}
