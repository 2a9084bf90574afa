"""Game.copy / copy_state: the bots copy a game for every play-out and
look-ahead, so a copy must be equal, independent and play on identically."""

from __future__ import annotations

import dataclasses
import gc
import random

import pytest

from engine import Action, Game, GameOptions
from engine.decision import StaleTextError
from engine.state import copy_state, to_json

CONFIGS = [
    GameOptions(players=1, difficulty="easy"),
    GameOptions(players=2),
    GameOptions(players=3, advanced=True),
    GameOptions(players=4),
]


def _positions(options: GameOptions, seed: int, every: int = 23):
    """Positions along a random game (every `every` decisions) and its end,
    each a game of its own (rebuilt from JSON: no copy_state involved)."""
    g = Game.new(options, seed, keep_choice_text=False)
    r = random.Random(seed)
    step = 0
    while not g.is_over:
        if step % every == 0:
            yield Game.from_json(g.to_json(), keep_choice_text=False)
        d = g.decision
        g.apply(Action(d.seat, r.choice(d.options).id))
        step += 1
    yield Game.from_json(g.to_json(), keep_choice_text=False)


def _mutable_ids(obj, seen: dict[int, str], path: str = "state") -> None:
    """Every mutable object reachable from `obj` (lists, dicts, dataclasses
    that are not frozen), by id."""
    if isinstance(obj, list | dict) or (
        dataclasses.is_dataclass(obj) and not type(obj).__dataclass_params__.frozen
    ):
        seen[id(obj)] = path
    if isinstance(obj, list):
        for i, x in enumerate(obj):
            _mutable_ids(x, seen, f"{path}[{i}]")
    elif isinstance(obj, dict):
        for k, x in obj.items():
            _mutable_ids(x, seen, f"{path}[{k!r}]")
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            _mutable_ids(getattr(obj, f.name), seen, f"{path}.{f.name}")


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: f"{o.players}p")
def test_a_copy_is_equal_and_shares_nothing_mutable(options: GameOptions) -> None:
    for g in _positions(options, seed=5):
        c = copy_state(g.state)
        assert c == g.state
        assert to_json(c) == to_json(g.state)
        ours: dict[int, str] = {}
        theirs: dict[int, str] = {}
        _mutable_ids(g.state, ours)
        _mutable_ids(c, theirs)
        shared = sorted(ours[i] for i in ours.keys() & theirs.keys())
        assert not shared, shared[:5]


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: f"{o.players}p")
def test_a_copy_plays_on_alone_and_alike(options: GameOptions) -> None:
    """The copy plays on without touching the original; the original then
    plays the same moves to the very same state (the copy keeps the seed and
    the draws made so far)."""
    for g in _positions(options, seed=11, every=41):
        if g.is_over:
            continue
        before = to_json(g.state)
        h = g.copy()
        r = random.Random(3)
        moves = []
        while not h.is_over and len(moves) < 60:
            d = h.decision
            moves.append(Action(d.seat, r.choice(d.options).id))
            h.apply(moves[-1])
        assert to_json(g.state) == before
        for m in moves:
            g.apply(m)
        assert to_json(g.state) == to_json(h.state)


def test_the_copy_shares_the_pending_decision_and_its_words_stay_honest() -> None:
    g = Game.new(GameOptions(players=3), 2)
    while g.decision.kind != "turn":  # a decision whose words are built when read
        g.apply(Action(g.decision.seat, g.decision.options[-1].id))
    d = g.decision
    h = g.copy()
    assert h.decision is d  # listed once
    h.apply(Action(d.seat, d.options[-1].id))
    assert g.decision is d  # the original still waits on it
    unread = [o for o in d.options if o._describe is not None]
    assert len(unread) >= 2
    assert unread[0].label  # words of the original's position, still pending
    g.apply(Action(d.seat, unread[0].id))
    with pytest.raises(StaleTextError):
        unread[1].label  # noqa: B018 (the original moved on)


def test_a_copy_with_choice_text_lists_its_own_decision() -> None:
    g = Game.new(GameOptions(players=2), 4)
    h = g.copy(keep_choice_text=True)
    assert h.decision is not g.decision
    assert [o.id for o in h.decision.options] == [o.id for o in g.decision.options]
    assert [o.label for o in h.decision.options] == [o.label for o in g.decision.options]


def test_a_released_game_is_freed_without_the_garbage_collector() -> None:
    """A pending decision's lazy words refer back to its game (a cycle):
    released, a discarded copy is freed at once, as the bots' search needs."""
    g = Game.new(GameOptions(players=4), 6, keep_choice_text=False)

    def discard(release: bool) -> int:
        h = g.copy()
        d = h.decision
        h.apply(Action(d.seat, d.options[0].id))
        assert h.decision is not None
        if release:
            h.release()
        del h, d
        return gc.collect()

    was = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        assert discard(release=False) > 0  # the cycle: only the collector frees it
        assert discard(release=True) == 0
    finally:
        if was:
            gc.enable()


def test_a_released_game_lists_its_decision_again() -> None:
    g = Game.new(GameOptions(players=2), 8, keep_choice_text=False)
    ids = [o.id for o in g.decision.options]
    g.release()
    assert [o.id for o in g.decision.options] == ids
