"""The public line of a secret decision is said of the player, for everyone,
never to them: "Blue is choosing… (7 Mission cards in hand: discarding down
to 6)", not "(You have 7 Mission cards…)" (a tester's report). It shows
nothing hidden: a hand's size is public (the board shows it), its cards not."""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot.service.games import LiveGames
from bot.service.helpers import secret_public_words
from bot.service.model import TurnPrompt
from engine import Action, Game, GameOptions
from engine.components.cards import RAVAGER_CARDS, RavagerEffect
from storage import Store
from tests.bot.direct import FakeClock
from tests.engine.scenario import (
    give_missions,
    give_ravagers,
    ravagers_at,
    set_dice,
    table,
    turn_of,
)
from tests.engine.test_advanced import at_the_hand_limit_after_keeping


def _at_the_hand_limit() -> Game:
    # Advanced rules A3: draw two, keep one, then the hand limit.
    g = at_the_hand_limit_after_keeping()
    assert g.decision.kind == "hand_limit" and g.decision.secret
    return g


async def test_the_hand_limit_line_says_how_many_cards_the_player_has(tmp_path: Path) -> None:
    g = _at_the_hand_limit()
    words = secret_public_words(g, g.decision)
    assert words == "7 Mission cards in hand: discarding down to 6"
    clock = FakeClock()
    store = await Store.open(str(tmp_path / "line.sqlite3"), clock=clock)
    try:
        games = LiveGames(store, clock=clock)
        p = TurnPrompt(1, 2, 0, 5, "Blue", "hand_limit", g.decision.prompt, None, True, None, words)
        assert games.prompt_line(p) == (
            "➡️ Blue is choosing… (7 Mission cards in hand: discarding down to 6)"
        )
    finally:
        await store.close()


def test_no_secret_decision_speaks_to_the_player_in_public():
    seen = set()
    for options, seed in [
        (GameOptions(players=3, advanced=True), 1),
        (GameOptions(players=2), 2),
        (GameOptions(players=1, difficulty="easy"), 3),
    ]:
        g = Game.new(options, seed)
        rng = random.Random(seed)
        while not g.is_over:
            d = g.decision
            if d.secret:
                seen.add(d.kind)
                words = secret_public_words(g, d)
                assert not re.search(r"\byour?\b", words, re.IGNORECASE), (d.kind, words)
            g.apply(Action(d.seat, rng.choice(d.options).id))
    assert "turn" in seen


def test_a_turn_going_on_says_it_is_still_their_turn():
    """Before: "Blue is choosing… (Sequence A)" after a card was played; the
    channel reads whose turn it still is: "(their turn: Sequence A)"."""
    seen = 0
    g = Game.new(GameOptions(players=2), 2)
    rng = random.Random(2)
    while not g.is_over:
        d = g.decision
        if d.secret and d.kind == "turn" and d.prompt.startswith("Sequence A"):
            assert secret_public_words(g, d) == "their turn: Sequence A"
            seen += 1
        g.apply(Action(d.seat, rng.choice(d.options).id))
    assert seen


def test_a_ravagers_discard_says_which_card_is_chosen_and_why():
    """Before: "Blue is choosing… (A Ravager at action 6)", the prompt's head
    with its capital: nobody could tell what was being chosen."""
    for effect, give, card in (
        (RavagerEffect.DISCARD_MISSION, give_missions, "Mission card"),
        (RavagerEffect.DISCARD_RAVAGER, give_ravagers, "Ravager card"),
    ):
        g = table()
        turn_of(g, 0)
        set_dice(g, {0: "g1"})
        b = g.state.board
        top = next(
            c
            for c in b.ravager_deck
            if RAVAGER_CARDS[c].location == 5 and RAVAGER_CARDS[c].effect is effect
        )
        ravagers_at(g, 5, top)
        spare = b.mission_decks[0][0] if give is give_missions else b.ravager_deck[0]
        give(g, 0, spare)
        g.apply(Action(0, "die:g1"))
        g.apply(Action(0, "action:5"))
        d = g.decision
        assert d.kind == "ravager_effect" and d.secret
        assert secret_public_words(g, d) == f"which {card} to discard for the Ravager at action 5"
