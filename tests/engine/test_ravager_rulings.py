"""Ravager permanent effects whose damage cube finds no place: the appendix
says to ignore the effect, so the player loses nothing (unlike an effect the
player cannot pay, which costs 1 VP)."""

from engine.ravagers import ravager_text
from tests.engine.helpers import choose
from tests.engine.scenario import (
    NOELLE,
    give_missions,
    give_ravagers,
    ok,
    ravagers_at,
    set_dice,
    table,
    turn_of,
)
from tests.engine.test_hal import hal_deck, hal_plays, set_solo_dice, solo_table


def _noelle_repairs_under(card: int):
    g = table()
    turn_of(g, NOELLE)
    set_dice(g, {NOELLE: "y1"})
    ravagers_at(g, 3, card)
    b = g.state.board
    b.damage = [1, 0, 0, 2, 0, 0]  # action 4 is full; a cube there would go to a gray die
    b.supply_damaged[1] += b.supply[1]  # every gray die in the supply already damaged
    b.supply[1] = 0
    return g


def test_damage_next_action_with_nowhere_to_go_is_ignored_without_penalty():
    g = _noelle_repairs_under(10)  # location 3: damage the next action clockwise
    vp = g.state.players[NOELLE].vp
    choose(g, "die:y1")
    events = choose(g, "action:3")
    assert g.state.players[NOELLE].vp == vp
    assert g.state.board.damage == [1, 0, 0, 2, 0, 0]
    assert any("ignored" in e.text for e in events)
    assert g.decision.kind == "repair"
    ok(g)


def test_damage_die_with_no_undamaged_die_is_ignored_without_penalty():
    g = _noelle_repairs_under(11)  # location 3: damage a gray die
    vp = g.state.players[NOELLE].vp
    damaged = list(g.state.board.supply_damaged)
    choose(g, "die:y1")
    choose(g, "action:3")
    assert g.state.players[NOELLE].vp == vp
    assert g.state.board.supply_damaged == damaged
    ok(g)


def test_robot_effect_without_a_robot_in_the_break_room_costs_one_vp():
    g = _noelle_repairs_under(14)  # location 3: a robot from the break room onto the card
    p = g.state.players[NOELLE]
    p.robots_supply += p.break_room
    p.break_room = 0
    vp = p.vp
    choose(g, "die:y1")
    choose(g, "action:3")
    assert p.vp == vp - 1
    assert g.state.board.ravagers[2][-1].robots == []
    ok(g)


def test_a_ravager_that_damages_says_so_before_the_cube_lands():
    """A spectator reads why an action or a die takes a cube: the Ravager's
    line comes first, then the cube."""
    for card, cube in (
        (10, "Action 4 takes a damage cube."),
        (11, "A gray die in the supply is damaged."),
    ):
        g = _noelle_repairs_under(card)
        b = g.state.board  # room for the cube: no damage, the gray dice undamaged
        b.damage = [0] * 6
        b.supply[1], b.supply_damaged[1] = b.supply_damaged[1], 0
        choose(g, "die:y1")
        texts = [e.text for e in choose(g, "action:3")]
        strike = f"The Ravager at action 3 strikes: {ravager_text(card)}."
        assert strike in texts and cube in texts, texts
        assert texts.index(strike) < texts.index(cube)
        ok(g)


def test_a_cube_for_a_full_action_says_why_it_lands_on_a_die():
    """Rulebook: past 2 cubes on the next action, the cube goes to a die of
    that action's colour in the supply; the log says so, not just 'a die is damaged'."""
    g = _noelle_repairs_under(10)  # location 3: damage the next action clockwise (4, gray, full)
    b = g.state.board
    b.supply[1], b.supply_damaged[1] = b.supply_damaged[1], 0  # undamaged gray dice
    choose(g, "die:y1")
    texts = [e.text for e in choose(g, "action:3")]
    assert (
        "Action 4 already has 2 damage cubes: a gray die in the supply is damaged instead." in texts
    ), texts
    assert b.damage == [1, 0, 0, 2, 0, 0]
    ok(g)


def test_a_next_action_cube_with_nowhere_to_go_is_said_ignored_once():
    """place_damage says the damage is ignored; the effect's own "finds no
    place" line repeated it (two lines for one ignored cube)."""
    g = _noelle_repairs_under(10)
    choose(g, "die:y1")
    texts = [e.text for e in choose(g, "action:3")]
    assert [t for t in texts if "ignored" in t] == [
        "Action 4 already has 2 damage cubes and no undamaged gray die is in the supply: "
        "the damage is ignored."
    ]
    ok(g)


def test_hals_ravager_strike_is_said_as_a_players_is():
    """A tester's solo game: Hal's gray die on action 4 logged only "A gray
    die in the supply is damaged." with no word of the Ravager there."""
    for card, cube in (
        (20, "Action 6 takes a damage cube."),  # location 5: damage the next action
        (21, "A green die in the supply is damaged."),  # location 5: damage a green die
    ):
        g = solo_table()
        hal_deck(g, 4, 2)  # top: green Destroy
        set_solo_dice(g, hal="g1")
        ravagers_at(g, 5, card)
        texts = [e.text for e in hal_plays(g, "A")]
        strike = f"The Ravager at action 5 strikes: {ravager_text(card)}."
        assert strike in texts and cube in texts, texts
        assert texts.index(strike) < texts.index(cube)


def test_a_card_discarded_for_a_ravager_names_the_ravager_it_pays():
    """A tester's solo game logged "Blue discards a Ravager card to the
    Ravager." (read as a gift to it); the line names the Ravager's action."""
    for card, give, discarded in ((12, give_missions, "Mission"), (13, give_ravagers, "Ravager")):
        g = _noelle_repairs_under(card)  # location 3: discard a Mission / a Ravager card
        give(g, NOELLE, 0)
        choose(g, "die:y1")
        choose(g, "action:3")
        events = choose(g, g.decision.options[0].id)
        assert [e.text for e in events if e.kind == "ravager_effect"] == [
            f"{g.name(NOELLE)} discards a {discarded} card (the Ravager at action 3 demands it)."
        ]
        ok(g)
