"""A hand card's effect text is drawn whole: the neutralization cards that
say who else scores ("the owner and each player with a ship on it") were
cut to "… tucked under…" at four lines of 17 px."""

from __future__ import annotations

from engine.components.cards import MISSION_CARDS
from renderer import layout as L
from renderer.cards import card_text_lines


def _cards():
    return MISSION_CARDS.items() if isinstance(MISSION_CARDS, dict) else enumerate(MISSION_CARDS)


def test_every_mission_cards_text_fits_its_hand_card_whole():
    for card_id, card in _cards():
        size, step, lines = card_text_lines(card.text, L.HAND_CARD_W - 24)
        assert " ".join(lines).split() == card.text.split(), (card_id, lines)
        assert size >= 15 and 42 + len(lines) * step <= L.HAND_CARD_H - 56, (card_id, size)


def test_a_neutralization_card_counting_cards_names_the_ship_holders_too():
    # appendix asterisk and single-effect example: a player with a ship on
    # the card scores by their own cards as well
    counting = [c for _, c in _cards() if c.effect.per_space or c.effect.per_tucked]
    assert len(counting) == 12
    for card in counting:
        assert card.text.startswith(
            "Upon ejection, the owner and each player with a ship on it gain 3 VP per "
        ), card.text
