"""R11: the owner's free activation follows only a real activation of the card."""

from engine import Action, Game, GameOptions
from tests.engine.helpers import choose, ids, refresh
from tests.engine.scenario import MADELINE, NOELLE, ok, place_card, set_dice, table, turn_of

SPEND_SHIP_CARD = 4  # orange activation: spend 1 ship to gain 2 VP


def _noelle_on_madelines_card():
    g = table()
    turn_of(g, NOELLE)
    set_dice(g, {NOELLE: "o2"})
    place_card(g, "3D", SPEND_SHIP_CARD, MADELINE, ships=(NOELLE,))
    g.state.players[NOELLE].ships = 2
    g.state.players[MADELINE].ships = 2
    refresh(g)
    choose(g, "die:o2")
    choose(g, "mission:3D")
    return g


def test_owner_gets_a_free_activation_after_one_activation():
    g = _noelle_on_madelines_card()
    choose(g, "activate")
    assert g.state.players[NOELLE].vp == 7
    choose(g, "done")
    assert (g.decision.kind, g.decision.seat) == ("owner_free", MADELINE)
    assert ids(g) == ["activate", "decline"]
    choose(g, "activate")
    assert g.state.players[MADELINE].vp == 7 and g.state.players[MADELINE].ships == 1
    ok(g)


def test_no_free_activation_when_the_card_was_not_activated():
    g = _noelle_on_madelines_card()
    vp = g.state.players[MADELINE].vp
    choose(g, "done")
    assert g.decision.kind != "owner_free"
    assert g.state.players[MADELINE].vp == vp
    ok(g)


def test_buying_hals_die_is_narrated():
    g = Game.new(GameOptions(players=1, difficulty="easy", ask_stepwise=True), 3)
    hal_die = g.state.hal.dice[0].code
    before = g.state.hal.vp
    events = g.apply(Action(0, f"buy:h:{hal_die}"))
    assert g.state.hal.vp == before + 1
    assert any(e.kind == "hal_vp" and e.seat == 1 for e in events)
