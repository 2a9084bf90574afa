"""Views: a seat sees its own hand; spectators see no hidden information (R15)."""

import json

import pytest

from engine import Game
from tests.engine.helpers import fresh, play_random

HIDDEN_KEYS = {"seed", "rng_counter", "frames", "turn"}


def _hide_differently(g: Game, seat: int) -> Game:
    """The same public situation with different hidden facts: the seat's hand
    swapped with cards from the decks, every deck reordered."""
    other = Game.from_json(json.loads(json.dumps(g.to_json())))
    s = other.state
    p = s.players[seat]
    for i, card in enumerate(p.missions):
        deck = next(d for d in s.board.mission_decks if d and _colour(d[0]) == _colour(card))
        p.missions[i], deck[0] = deck[0], card
    for d in s.board.mission_decks:
        d.reverse()
    s.board.ravager_deck.reverse()
    s.board.advanced_deck.reverse()
    s.seed += 1
    other._decision = None
    return other


def _colour(card: int) -> int:
    return card // 20


@pytest.mark.parametrize("players,steps", [(2, 0), (3, 25), (4, 60)])
def test_public_view_does_not_depend_on_hidden_information(players, steps):
    g = fresh(players, 21)
    play_random(g, steps, seed=5)
    seat = (g.decision.seat + 1) % players  # someone who is not deciding now
    other = _hide_differently(g, seat)
    assert other.to_json() != g.to_json()
    assert other.view(None) == g.view(None)
    watcher = (seat + 1) % players
    assert other.view(watcher) == g.view(watcher)


def test_public_view_has_no_hands_seed_or_deck_order():
    g = fresh(3, 2)
    public = g.view(None)
    assert HIDDEN_KEYS.isdisjoint(public)
    for p in public["players"]:
        assert "missions" not in p and "ravagers" not in p
        assert p["hand_missions"] == 3 and p["hand_ravagers"] == 1
    board = public["board"]
    assert board["mission_decks"] == [len(d) for d in g.state.board.mission_decks]
    assert board["ravager_deck"] == len(g.state.board.ravager_deck)
    assert board["advanced_deck"] == len(g.state.board.advanced_deck)
    assert board["tech_stacks"][0] == {
        "count": len(g.state.board.tech_stacks[0]),
        "top": g.state.board.tech_stacks[0][-1],  # the stacks are face up
    }


def test_own_view_shows_own_hand_and_secret_options_only_to_the_decider():
    g = fresh(3, 2)
    d = g.decision
    assert d.secret  # the turn decision lists the hand's cards
    mine = g.view(d.seat)
    assert mine["players"][d.seat]["missions"] == g.state.players[d.seat].missions
    assert "missions" not in mine["players"][(d.seat + 1) % 3]
    assert [o["id"] for o in mine["decision"]["options"]] == [o.id for o in d.options]
    assert g.view(None)["decision"]["options"] is None
    assert g.view((d.seat + 1) % 3)["decision"]["options"] is None
    assert g.view(None)["decision"]["seat"] == d.seat


def test_cards_played_face_down_show_type_and_colour_only():
    g = fresh(3, 2)
    card = g.state.players[0].missions[0]
    g.apply(g.legal_actions()[0].__class__(0, f"play:m{card}"))
    g.apply(g.legal_actions()[0].__class__(0, "slot:row1"))
    slots = g.view(None)["players"][0]["slots"]
    assert slots[0] == {"kind": "mission", "colour": ["orange", "gray", "green"][_colour(card)]}
    assert str(card) not in json.dumps(slots)


def test_finished_game_view_has_the_result():
    g = fresh(2, 6)
    play_random(g, 100_000, seed=6, checked=False)
    public = g.view(None)
    assert public["decision"] is None
    assert public["result"]["scores"] == [x["total"] for x in g.state.final_scores]


def test_slot_labels_say_which_tiles_the_card_reaches():
    g = fresh(3, 2)
    card = g.state.players[0].ravagers[0]
    g.apply(g.legal_actions()[0].__class__(0, f"play:r{card}"))
    labels = {o.id: o.label for o in g.decision.options}
    # Starting tiles sit on the diagonal: a Ravager card by row 1 reaches A1 only.
    assert labels["slot:row1"] == "Row 1: activates A1"
    assert labels["slot:colB"] == "Column B: activates B2"
