"""In a copy (Game.copy: the bots' look-ahead), a decision that surely asks
(Handler.surely_asks) lists its options only when they are read: the
look-ahead judges many positions whose options nobody reads. The promise must
hold: two options at least, the very ones an eager listing gives."""

from __future__ import annotations

import random

import pytest

from engine import Action, Game, GameOptions
from engine.decision import StaleTextError
from engine.handlers import HANDLERS

CONFIGS = [
    GameOptions(players=1, difficulty="easy"),
    GameOptions(players=2),
    GameOptions(players=3, advanced=True),
    GameOptions(players=4),
    GameOptions(players=2, rules_version=2),
    GameOptions(players=4, ask_stepwise=True),
]


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: f"{o.players}p-v{o.rules_version}")
def test_a_frame_that_surely_asks_offers_two_options_or_more(options: GameOptions) -> None:
    sure = 0
    for seed in range(8):
        g = Game.new(options, seed, keep_choice_text=False)
        r = random.Random(seed)
        while not g.is_over:
            d = g.decision
            frame = g.state.frames[-1]
            handler = HANDLERS[frame["k"]]
            if handler.surely_asks(g, frame):
                sure += 1
                eager = handler.options(g.copy(), frame)
                assert eager is not None and len(eager) >= 2
                assert [o.id for o in d.options] == [o.id for o in eager]
            g.apply(Action(d.seat, r.choice(d.options).id))
    if options.ask_stepwise:
        assert sure == 0  # one step at a time: always listed at once
    else:
        assert sure > 20


def test_the_options_are_listed_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    turn = HANDLERS["turn"]
    listed = []
    real = turn.options
    monkeypatch.setattr(turn, "options", lambda g, f, **kw: listed.append(1) or real(g, f, **kw))
    original = Game.new(GameOptions(players=2), 3, keep_choice_text=False)
    g = original.copy()
    r = random.Random(3)
    checked = 0
    while not g.is_over and checked < 5:
        d = g.decision
        g.apply(Action(d.seat, r.choice(d.options).id))
        frame = g.state.frames[-1] if g.state.frames else None
        if frame is None or frame["k"] != "turn" or not turn.surely_asks(g, frame):
            continue
        listed.clear()
        d = g.decision
        assert not listed  # waiting, not listed
        ids = [o.id for o in d.options]
        assert len(listed) == 1 and len(ids) >= 2
        assert [o.id for o in d.options] == ids and len(listed) == 1  # listed once
        checked += 1
    assert checked == 5
    # The game itself (self-play) lists at once: it reads every decision.
    while not original.is_over:
        d = original.decision
        listed.clear()
        original.apply(Action(d.seat, d.options[0].id))
        frame = original.state.frames[-1] if original.state.frames else None
        if frame is not None and frame["k"] == "turn" and turn.surely_asks(original, frame):
            assert listed  # listed by the move itself, before anyone read it
            break
    else:
        raise AssertionError("no turn decision that surely asks")


def _at_a_lazy_turn(copy: bool) -> Game:
    """A game at a turn decision that surely asks, reached by a move (in a
    copy when `copy`, else in a front end's game)."""
    g = Game.new(GameOptions(players=3), 5, keep_choice_text=not copy)
    if copy:
        g = g.copy()
    r = random.Random(5)
    moved = False
    while True:
        d = g.decision
        frame = g.state.frames[-1]
        if moved and frame["k"] == "turn" and HANDLERS["turn"].surely_asks(g, frame):
            return g
        g.apply(Action(d.seat, r.choice(d.options).id))
        moved = True


def test_a_front_ends_game_lists_its_options_at_once() -> None:
    """A front end may read a decision's options after the game moved on (a
    bot's move, a tick): its games (keeping choice text) never wait."""
    g = _at_a_lazy_turn(copy=False)
    d = g.decision
    ids = [o.id for o in d.options]
    h = Game.from_json(g.to_json())  # the same position
    g.apply(Action(d.seat, ids[0]))
    assert [o.id for o in d.options] == ids == [o.id for o in h.decision.options]


def test_options_first_read_after_the_game_moved_on_are_refused() -> None:
    g = _at_a_lazy_turn(copy=True)
    d = g.decision
    first = Game.from_json(g.to_json()).decision.options[0].id
    g.state.decisions += 1  # as if a move had been applied behind the decision's back
    with pytest.raises(StaleTextError):
        d.options  # noqa: B018
    g.state.decisions -= 1
    assert d.options[0].id == first
