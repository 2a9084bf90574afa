"""Options' words are built only when read (issue 26): never in the engine's
own loop, the self-play or the bots' search; a front end reads them while the
decision is pending, and the chosen option keeps its words after the move."""

from __future__ import annotations

import copy
import random

import pytest

from ai import Budget, choose
from engine import Action, Game, GameOptions
from engine.decision import Option, StaleTextError
from engine.simulate import play_random


@pytest.fixture
def built(monkeypatch):
    """How many options had their words built."""
    count = [0]
    words = Option._words

    def counted(self):
        if self._describe is not None:
            count[0] += 1
        words(self)

    monkeypatch.setattr(Option, "_words", counted)
    return count


@pytest.mark.parametrize(
    "options",
    [
        GameOptions(players=4),
        GameOptions(players=1, difficulty="easy", advanced=True),
        GameOptions(players=3, advanced=True),
    ],
    ids=lambda o: f"{o.players}p-adv{int(o.advanced)}",
)
def test_self_play_builds_no_words(options, built):
    for seed in range(3):
        game, actions = play_random(options, seed, invariants=False)
        assert game.is_over and actions
    assert built[0] == 0


def test_the_bots_build_no_words_beyond_the_view_they_are_given(built):
    g = Game.new(GameOptions(players=3), 4)
    r = random.Random(4)
    for _ in range(40):
        d = g.decision
        g.apply(Action(d.seat, r.choice(d.options).id))
    view = g.view(g.decision.seat)  # a front end's view: its words are built here
    built[0] = 0
    choose(view, rng=random.Random(1), level="simple")
    choose(view, rng=random.Random(1), level="strong", budget=Budget(iterations=12))
    assert built[0] == 0


def test_the_chosen_option_keeps_its_words_after_the_move():
    g = Game.new(GameOptions(players=3), 2)
    before = copy.deepcopy(g.to_json())
    d = g.decision
    chosen = d.options[-1]
    g.apply(Action(d.seat, chosen.id))
    # The same option, described on an untouched copy of the position.
    again = Game.from_json(before).decision.option(chosen.id)
    assert (chosen.label, chosen.detail, chosen.marks) == (again.label, again.detail, again.marks)
    assert chosen.label


def test_words_first_read_after_the_game_moved_on_are_refused():
    g = Game.new(GameOptions(players=3), 2, keep_choice_text=False)
    while g.decision.kind != "turn":
        g.apply(Action(g.decision.seat, g.decision.options[-1].id))
    d = g.decision
    lazy = [o for o in d.options if o._describe is not None]
    assert len(lazy) >= 2
    read, unread = lazy[0], lazy[1]
    assert read.label  # read while pending: kept
    g.apply(Action(d.seat, d.options[0].id))
    assert read.label
    with pytest.raises(StaleTextError):
        unread.label  # noqa: B018


def test_an_option_reads_like_before_it_was_lazy():
    o = Option("done", "Take no more tiles")
    assert (o.label, o.detail, o.text, o.marks) == (
        "Take no more tiles",
        "",
        "Take no more tiles",
        (),
    )
    lazy = Option.lazy("x", lambda: ("Label", "Detail", ("hex:3C",)))
    assert lazy == Option("x", "Label", "Detail", ("hex:3C",))
    assert lazy.to_json() == {"id": "x", "label": "Label", "detail": "Detail", "marks": ["hex:3C"]}


def test_described_options_keep_their_words_after_the_game_moved_on():
    """The bot's turn prompt builds its options' words at once: the front end
    reads them later, when a bot move may already have been applied."""
    g = Game.new(GameOptions(players=3), 2)
    while g.decision.kind != "turn":
        g.apply(Action(g.decision.seat, g.decision.options[-1].id))
    d = g.decision
    kept = [o.described() for o in d.options]
    words = [(o.label, o.detail, o.marks) for o in kept]
    g.apply(Action(d.seat, d.options[0].id))
    assert [(o.label, o.detail, o.marks) for o in kept] == words
    assert all(label for label, _, _ in words)
