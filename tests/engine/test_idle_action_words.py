"""An action with nothing to do says what still follows: in a hand-played
advanced game Red's green 2 read "Action 5 Destroy Ravagers: 2 activations;
no action it can clear of Ravagers: only the card draw follows", and then
C3's boost paid her 2 VP for performing Destroy."""

from __future__ import annotations

from engine import Game, GameOptions
from engine.components import ActionKind
from engine.components.tiles import TILES, BoostEffect
from engine.describe import action_text

SEAT = 0
DESTROY = 5  # action 5: Destroy Ravagers (green)


def _no_ravager_anywhere() -> Game:
    g = Game.new(GameOptions(players=3, advanced=True), 7)
    b = g.state.board
    for stack in b.ravagers:
        b.ravager_discard += [r.card for r in stack]
        stack.clear()
    return g


def test_an_idle_destroy_names_the_boost_that_still_pays():
    g = _no_ravager_anywhere()
    tile = next(
        t.id
        for t in TILES
        if t.boost is BoostEffect.VP_ON_ACTION and t.boost_action is ActionKind.DESTROY
    )
    p = g.state.players[SEAT]
    p.grid[8], p.grid_boost[8] = tile, True  # C3, boost side up
    assert action_text(g, SEAT, DESTROY, 2, 2) == (
        "Action 5 Destroy Ravagers: 2 activations; no action it can clear of Ravagers: only"
        " C3's 2 VP boost and the card draw follow"
    )
    p.grid_boost[8] = False  # flipped: no boost, the words as before
    assert action_text(g, SEAT, DESTROY, 2, 2) == (
        "Action 5 Destroy Ravagers: 2 activations; no action it can clear of Ravagers: only"
        " the card draw follows"
    )


def test_a_card_play_whose_tiles_would_do_nothing_says_so():
    """Found playing a 2-player game on Discord: Blue played a gray Mission
    card by row 1, read as 'Gray neutralization #38 → row 1: activates A1', and
    the log said 'Blue's A1 moves no ship: Blue has no ship in Space.' (the card
    given up for nothing). A play is warned as a die's idle action is."""
    import dataclasses

    from tests.engine.helpers import refresh
    from tests.engine.scenario import MADELINE, give_missions, put_ship, set_dice, set_grid, table

    def plays(ship: bool) -> dict[str, tuple[str, str]]:
        g = table(players=2)
        g.state.options = dataclasses.replace(g.state.options, ask_stepwise=False)
        set_grid(g, MADELINE, {"A1": 7})  # orange: move a ship up to 2 hexes
        give_missions(g, MADELINE, 0)  # an orange Mission card
        set_dice(g, {MADELINE: "o2"})
        if ship:
            put_ship(g, "3A", MADELINE)
        refresh(g)
        return {o.id: (o.label, o.detail) for o in g.decision.options if o.id.startswith("play:")}

    idle = plays(ship=False)
    assert set(idle) == {"play:m0:slot:row1", "play:m0:slot:colA"}
    label, detail = idle["play:m0:slot:row1"]
    assert label == "Orange activation #0 → row 1: activates A1 ⚠ nothing to do"
    assert detail.startswith(
        "Play Orange activation #0 by row 1: activates A1 (orange tile (move a ship up to 2"
        " hexes)); you have no ship in Space: nothing to do; its Mission is given up:"
    ), detail
    moving = plays(ship=True)  # a ship to move: the play does something
    assert all("nothing to do" not in label + detail for label, detail in moving.values())


def test_a_card_play_is_judged_as_the_engine_judges_a_tile():
    """The warning reads asking.does_something, the engine's one word on
    whether a tile's activation changes anything: 'take 1 robot' with no robot
    left in the supply is as idle as a ship move with no ship."""
    import dataclasses

    from tests.engine.helpers import refresh
    from tests.engine.scenario import MADELINE, give_missions, set_dice, set_grid, table

    g = table(players=2)
    g.state.options = dataclasses.replace(g.state.options, ask_stepwise=False)
    set_grid(g, MADELINE, {"A1": 6})  # orange: take 1 robot
    give_missions(g, MADELINE, 0)
    set_dice(g, {MADELINE: "o2"})
    p = g.state.players[MADELINE]
    p.robots_supply = 0
    refresh(g)
    play = g.decision.option("play:m0:slot:row1")
    assert play.label.endswith("⚠ nothing to do"), play.label
    assert "you have no robot left to take: nothing to do" in play.detail, play.detail
    p.robots_supply = 1
    refresh(g)
    assert "nothing to do" not in g.decision.option("play:m0:slot:row1").label


def test_a_ship_moving_tile_whose_ships_cannot_move_says_so_to_both():
    """A 'move a ship up to 2 hexes' tile with ships in Space none of which can
    move (every hex within reach holds a ship of the player's, R6): the card
    play warns 'none of your ships can move', and the log then says
    'Blue's A1 moves no ship: none of Blue's ships can move.', the one
    judgement told in the player's words and the table's."""
    import dataclasses

    from engine import Action
    from engine.space import hex_name
    from engine.space_board import all_hexes
    from tests.engine.helpers import refresh
    from tests.engine.scenario import MADELINE, give_missions, put_ship, set_dice, set_grid, table

    g = table(players=2)
    g.state.options = dataclasses.replace(g.state.options, ask_stepwise=False)
    set_grid(g, MADELINE, {"A1": 7})  # orange: move a ship up to 2 hexes
    give_missions(g, MADELINE, 0)  # an orange Mission card
    set_dice(g, {MADELINE: "o2"})
    for h in all_hexes(g):
        put_ship(g, hex_name(h), MADELINE)
    refresh(g)
    play = g.decision.option("play:m0:slot:row1")
    assert play.label.endswith("⚠ nothing to do"), play.label
    assert "none of your ships can move: nothing to do" in play.detail, play.detail
    name = g.name(MADELINE)
    texts = [e.text for e in g.apply(Action(seat=MADELINE, option=play.id))]
    assert f"{name}'s A1 moves no ship: none of {name}'s ships can move." in texts, texts
